#pragma once
// Random legal play through the engine interface, for the conformance suite
// and the determinism signature. The orders come from each module's
// candidate_orders() hook; the choices from seeded dice, so a game is the same
// on every machine.
#include <functional>
#include <map>
#include <memory>

#include "core/game.h"

namespace naumachia::testing {

// For each of the seat's candidate groups, picks one line at random and keeps
// it when it validates together with the lines kept before it.
OrderSet random_legal_orders(const State& s, PlayerId p, Dice& chooser);

// Plays up to `max_steps` steps with random legal orders; calls `each` with
// every state reached (the initial one included) and the resolution that led
// to it (none for the initial state). Resolution dice are the game seed's.
using StepWatcher = std::function<void(const State& before, const std::map<PlayerId, OrderSet>&,
                                       const Resolution&)>;
void random_play(std::unique_ptr<State> state, const Seed& seed, int max_steps,
                 const std::function<void(const State&)>& each, const StepWatcher& watch = {});

}  // namespace naumachia::testing
