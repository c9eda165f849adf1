#pragma once
// Computer players (docs/computer.md). A player orders for one seat from
// what the seat may know (bots/port.h), with its own generator (never the
// game's dice) and a budget its caller sets: a number of positions played
// forward and a predicate the caller may use to stop it early (the engine
// reads no clock). Given the same port, generator and budget it orders the
// same, so a game it played replays from its recorded orders like any other.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/port.h"
#include "core/dice.h"

namespace naumachia::bots {

struct Budget {
  // Positions played forward at most, over all the player's trials.
  int playouts = 400;
  // Asked between trials: true stops the search with the best orders found.
  std::function<bool()> stop;
  bool spent(int used) const { return used >= playouts || (stop && stop()); }
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // The seat's orders for the port's step; always valid for the seat.
  virtual OrderSet decide(const SeatPort& port, Dice& rng, const Budget& budget) const = 0;
};

// For each of the seat's candidate groups, one line at random, kept when it
// validates with the lines kept before it: random legal play, the benchmark's
// opponent and the search's model of other seats.
OrderSet random_orders(const SeatPort& port, Dice& rng);
OrderSet random_orders(const State& state, PlayerId seat, Dice& rng);

// The random player, by the rule above.
std::unique_ptr<Player> random_player();

// The computer player for a game (its id, e.g. "tyre"): the searching
// player judging by the module's State::standing, unless the game has a
// player of its own.
std::unique_ptr<Player> player_for(std::string_view game_id);

}  // namespace naumachia::bots
