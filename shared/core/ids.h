#pragma once
// Small named types for the numbers every game module passes around.
#include <compare>
#include <cstdint>

namespace naumachia {

// A seat at the table: 0 .. players-1. Seat i plays the scenario's side i.
struct PlayerId {
  int value = 0;
  auto operator<=>(const PlayerId&) const = default;
};

// A step is one round of simultaneous orders (an impulse, a phase, ...).
// Steps are numbered from 1 in the order they are played.
struct StepNo {
  std::int64_t value = 1;
  auto operator<=>(const StepNo&) const = default;
};

}  // namespace naumachia
