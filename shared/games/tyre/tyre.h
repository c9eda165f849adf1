#pragma once
// Tyre (SPI 1978), the naval war: Game-Turns of six impulses of alternate
// movement with ramming and simultaneous naval melee, regrouping, Macedonian
// fleets arriving by the reinforcement table. Rule decisions and the order
// syntax: docs/rules/tyre.md.
#include <memory>

#include "core/game.h"

namespace naumachia::tyre {

std::unique_ptr<Game> make_tyre_game();

}  // namespace naumachia::tyre
