#pragma once
// The Fall of Constantinople as a variant of Diplomacy: the scenario
// "diplomacy/fall-of-constantinople", handed to the Diplomacy game by the
// registry (games/all_games.cpp) and played on Diplomacy's adjudicator
// (games/diplomacy/forces.h) under that game's rules versions. FallState
// adapts a Board (the game in play and the rules over it, board.h) to the
// engine's State. Rule choices: docs/rules/fall-of-constantinople.md.
#include <memory>
#include <string_view>

#include "core/game.h"

namespace naumachia::fall {

inline constexpr std::string_view kScenarioId = "fall-of-constantinople";

// The variant, with the compiled-in scenario (data/fall-of-constantinople-map.json).
std::unique_ptr<const Variant> make_fall_variant();

}  // namespace naumachia::fall
