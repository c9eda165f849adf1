#pragma once
// The Fall of Constantinople as a variant of Diplomacy: the scenario
// "diplomacy/fall-of-constantinople", handed to the Diplomacy game by the
// registry (games/all_games.cpp) and played on Diplomacy's adjudicator
// (games/diplomacy/rules.h, forces). A thin state over the rule functions of
// games/fall (season.h, economy.h). Rule choices:
// docs/rules/fall-of-constantinople.md.
#include <memory>
#include <string_view>

#include "core/game.h"
#include "games/fall/scenario.h"

namespace naumachia::fall {

inline constexpr std::string_view kScenarioId = "fall-of-constantinople";

// The variant, with the compiled-in scenario (data/fall-of-constantinople-map.json).
std::unique_ptr<const Variant> make_fall_variant();

// Position lines in canonical order (serialise.cpp): the state's own lines
// (players, step, winner) come before them.
std::string write_position(const Position& pos);
// Reads one position line into `pos`; false when the line is not one.
bool read_position_line(const Scenario& scenario, const std::vector<std::string_view>& words,
                        Position& pos);

}  // namespace naumachia::fall
