// Dice throughput: the ChaCha20 dice against a plain xorshift generator
// measured in the same run, so the ratio means something on a noisy machine.
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "core/dice.h"

namespace {

class XorShiftDice final : public naumachia::Dice {
 protected:
  int draw(int sides, const std::string&) override {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return static_cast<int>(state_ % static_cast<std::uint64_t>(sides)) + 1;
  }

 private:
  std::uint64_t state_ = 88172645463325252ull;
};

template <class D>
double rolls_per_second(D& dice, int n, long& sum) {
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) sum += dice.roll(6, "bench");
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return n / s;
}

}  // namespace

int main() {
  constexpr int kRolls = 1'000'000;
  long sum = 0;
  naumachia::Seed seed{};
  naumachia::SeededDice chacha(seed, naumachia::StepNo{1});
  XorShiftDice baseline;
  const double base = rolls_per_second(baseline, kRolls, sum);
  const double ours = rolls_per_second(chacha, kRolls, sum);
  std::printf("baseline xorshift: %.0f rolls/s\n", base);
  std::printf("ChaCha20 dice:     %.0f rolls/s (%.2fx baseline)\n", ours, ours / base);
  std::printf("checksum %ld\n", sum);
  return 0;
}
