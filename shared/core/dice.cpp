#include "core/dice.h"

#include <cassert>

namespace naumachia {

int Dice::roll(int sides, std::string purpose) {
  assert(sides >= 2 && sides <= 1000);
  const int value = draw(sides, purpose);
  log_.push_back(DieRoll{sides, value, std::move(purpose)});
  return value;
}

namespace {

constexpr std::uint32_t rotl(std::uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

void quarter_round(std::array<std::uint32_t, 16>& s, int a, int b, int c, int d) {
  s[a] += s[b];
  s[d] ^= s[a];
  s[d] = rotl(s[d], 16);
  s[c] += s[d];
  s[b] ^= s[c];
  s[b] = rotl(s[b], 12);
  s[a] += s[b];
  s[d] ^= s[a];
  s[d] = rotl(s[d], 8);
  s[c] += s[d];
  s[b] ^= s[c];
  s[b] = rotl(s[b], 7);
}

std::uint32_t load_le32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

}  // namespace

std::array<std::uint32_t, 16> chacha20_block(const Seed& key, std::uint32_t counter,
                                             const std::array<std::uint32_t, 3>& nonce) {
  std::array<std::uint32_t, 16> state{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 0; i < 8; ++i) state[4 + i] = load_le32(key.data() + 4 * i);
  state[12] = counter;
  state[13] = nonce[0];
  state[14] = nonce[1];
  state[15] = nonce[2];
  std::array<std::uint32_t, 16> x = state;
  for (int round = 0; round < 10; ++round) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) x[i] += state[i];
  return x;
}

SeededDice::SeededDice(const Seed& seed, StepNo step)
    : seed_(seed),
      nonce_{static_cast<std::uint32_t>(static_cast<std::uint64_t>(step.value) & 0xffffffffu),
             static_cast<std::uint32_t>(static_cast<std::uint64_t>(step.value) >> 32),
             0x6e61756du /* "naum": separates dice from any other use of the seed */} {}

std::uint32_t SeededDice::next_word() {
  if (used_ == block_.size()) {
    block_ = chacha20_block(seed_, counter_++, nonce_);
    used_ = 0;
  }
  return block_[used_++];
}

int SeededDice::draw(int sides, const std::string&) {
  // Rejection sampling: accept only words below the largest multiple of `sides`.
  const std::uint64_t n = static_cast<std::uint64_t>(sides);
  const std::uint64_t limit = (std::uint64_t{1} << 32) - ((std::uint64_t{1} << 32) % n);
  for (;;) {
    const std::uint64_t w = next_word();
    if (w < limit) return static_cast<int>(w % n) + 1;
  }
}

int ScriptedDice::draw(int sides, const std::string& purpose) {
  if (next_ >= values_.size()) {
    throw DiceExhausted("the given die rolls ran out at roll " + std::to_string(next_ + 1) + " (d" +
                        std::to_string(sides) + " for " + purpose + ")");
  }
  const int v = values_[next_++];
  if (v < 1 || v > sides) {
    throw DiceExhausted("given die roll " + std::to_string(next_) + " is " + std::to_string(v) +
                        ", outside 1.." + std::to_string(sides) + " (for " + purpose + ")");
  }
  return v;
}

}  // namespace naumachia
