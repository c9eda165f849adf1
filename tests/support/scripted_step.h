#pragma once
// One step of a game played with given orders and given dice, for the rule
// tests: every player of the step must have valid orders, and every die given
// must be used.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace naumachia::testing {

struct Played {
  std::unique_ptr<State> next;
  std::string events;  // one per line
};

Played play_step(const State& s, std::map<PlayerId, std::vector<std::string>> orders,
                 std::vector<int> dice);

// The first error message for these orders, or "" if they are valid.
std::string first_error(const State& s, PlayerId p, const std::vector<std::string>& lines);

}  // namespace naumachia::testing
