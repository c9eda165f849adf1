#pragma once
// Random legal play through the engine interface, for property tests and the
// determinism signature. Choices come from seeded dice, so a game is the same
// on every machine.
#include <functional>
#include <map>
#include <memory>

#include "core/game.h"

namespace naumachia::testing {

// Orders for one seat: the module proposes nothing, so each generator tries
// candidate lines and keeps those the module accepts.
using OrderPicker = std::function<OrderSet(const State&, PlayerId, Dice&)>;

// Diplomacy: each unit of the seat tries a random neighbouring province (or
// holds); retreats and removals likewise; builds are waived.
OrderSet random_diplomacy_orders(const State& s, PlayerId p, Dice& chooser);
// Tyre: each ship tries a random short move (or holds); in melee every legal
// attack is made; placements keep the defaults.
OrderSet random_tyre_orders(const State& s, PlayerId p, Dice& chooser);
// The siege: a random plan, land moves, shots and attacks; ships as above.
OrderSet random_siege_orders(const State& s, PlayerId p, Dice& chooser);
// Duel: a random legal bid.
OrderSet random_duel_orders(const State& s, PlayerId p, Dice& chooser);

// Plays up to `max_steps` steps; calls `each` with every state reached
// (the initial one included). Resolution dice are the game seed's.
void random_play(std::unique_ptr<State> state, const Seed& seed, int max_steps,
                 const OrderPicker& pick, const std::function<void(const State&)>& each);

}  // namespace naumachia::testing
