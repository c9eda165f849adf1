#pragma once
// What the Fall of Constantinople tests share: the seven seats, the module,
// and a position from its stored lines.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "core/game.h"
#include "games/all_games.h"

namespace naumachia::fall_fixture {

// Seats of a seven-player game, one power each, in the scenario's order.
enum Seat { Aragon, Byzantium, Genoa, Hospitallers, Naples, Ottomans, Venice };

inline const Game& game() {
  static const Registry registry = [] {
    Registry r;
    register_all_games(r);
    return r;
  }();
  return *registry.find("diplomacy");
}

// A position of a seven-player game from its position lines.
inline std::unique_ptr<State> position(const std::string& lines) {
  auto s = game().deserialize("fall 1\nplayers 7\nstep 1\nover 0\nwinner -\nresult -\n" + lines);
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

}  // namespace naumachia::fall_fixture
