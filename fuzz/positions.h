#pragma once
// Positions of every shipped scenario, reached by random legal play with a
// fixed seed (the conformance suite's player): the order fuzzer validates its
// input against them, and the corpus holds their orders and bytes.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace naumachia::fuzz {

struct Position {
  const Game* game = nullptr;
  std::string scenario;  // "tyre/naval"
  int players = 2;
  RulesVersion rules;
  int steps = 0;  // steps played from the scenario's start
  std::unique_ptr<State> state;
  std::string bytes;  // state->serialize()

  // The header naming this position in an order input: "tyre/naval 2 2 12".
  std::string header() const;
};

// Every scenario at its smallest and largest number of players, under every
// rules version its module plays, after 0, 1, 2, ... steps (built once).
const std::vector<Position>& positions();

// The position an order input's header "SCENARIO PLAYERS RULES STEPS SEAT"
// names, or the nearest one: the same scenario, the closest number of
// players, the rules version if there is such a one, the most steps not
// above STEPS. The seat is SEAT's place among the seats that must order.
// nullptr for an unknown scenario or a position where nobody orders.
struct Pick {
  const Position* position = nullptr;
  PlayerId seat;
};
Pick pick_position(std::string_view header);

}  // namespace naumachia::fuzz
