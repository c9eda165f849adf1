#pragma once
// Small named types for the numbers every game module passes around.
#include <compare>
#include <cstdint>

namespace naumachia {

// A seat at the table: 0 .. players-1, one per player. A seat plays one or
// more sides (Seating says which).
struct PlayerId {
  int value = 0;
  auto operator<=>(const PlayerId&) const = default;
};

// A side of a scenario: 0 .. sides-1. A side may be played by several seats
// (Trafalgar: France and Spain), and a seat may play several sides (Diplomacy
// with fewer than seven players). Victory is by side.
struct SideId {
  int value = 0;
  auto operator<=>(const SideId&) const = default;
};

// A step is one round of simultaneous orders (an impulse, a phase, ...).
// Steps are numbered from 1 in the order they are played.
struct StepNo {
  std::int64_t value = 1;
  auto operator<=>(const StepNo&) const = default;
};

// The version of a module's rules a game is played under. Every change of
// rules bumps its module's version; a game keeps the version it was created
// under for its whole life (docs/storage-and-replay.md).
struct RulesVersion {
  int value = 1;
  auto operator<=>(const RulesVersion&) const = default;
};

}  // namespace naumachia
