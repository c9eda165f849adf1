#pragma once
// Dice for adjudication. Every roll goes through Dice::roll, which records the
// roll and what it was for, so that a step's events can show each roll and a
// replay can compare them.
//
// SeededDice is a counter-based generator: the ChaCha20 block function (RFC 8439)
// keyed by the game's 32-byte secret seed, with the step number as nonce and the
// roll index as counter. The same seed and step give the same rolls on every
// machine and compiler; no standard-library distribution is involved (their
// output differs between implementations), and the mapping to 1..N is done
// here by rejection sampling, so that it is exact and unbiased.
#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ids.h"

namespace naumachia {

struct DieRoll {
  int sides = 6;
  int value = 1;
  std::string purpose;
  auto operator<=>(const DieRoll&) const = default;
};

using Seed = std::array<std::uint8_t, 32>;

class Dice {
 public:
  virtual ~Dice() = default;
  // A roll of one die with `sides` faces (2..1000): 1..sides.
  int roll(int sides, std::string purpose);
  const std::vector<DieRoll>& log() const { return log_; }

 protected:
  virtual int draw(int sides, const std::string& purpose) = 0;

 private:
  std::vector<DieRoll> log_;
};

// The ChaCha20 block function: 16 words of output for (key, counter, nonce).
std::array<std::uint32_t, 16> chacha20_block(const Seed& key, std::uint32_t counter,
                                             const std::array<std::uint32_t, 3>& nonce);

class SeededDice final : public Dice {
 public:
  SeededDice(const Seed& seed, StepNo step);

 protected:
  int draw(int sides, const std::string& purpose) override;

 private:
  std::uint32_t next_word();

  Seed seed_;
  std::array<std::uint32_t, 3> nonce_;
  std::uint32_t counter_ = 0;
  std::array<std::uint32_t, 16> block_{};
  std::size_t used_ = 16;
};

// Given rolls, in order, for rule tests and the adjudication tool.
class DiceExhausted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ScriptedDice final : public Dice {
 public:
  explicit ScriptedDice(std::vector<int> values) : values_(std::move(values)) {}
  std::size_t remaining() const { return values_.size() - next_; }

 protected:
  int draw(int sides, const std::string& purpose) override;

 private:
  std::vector<int> values_;
  std::size_t next_ = 0;
};

}  // namespace naumachia
