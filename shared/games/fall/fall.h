#pragma once
// The Fall of Constantinople as the scenario "fall-of-constantinople" of the
// Diplomacy module (games/diplomacy/diplomacy.cpp offers it): a thin state
// over the rule functions of games/fall (season.h, economy.h). Rule choices:
// docs/rules/fall-of-constantinople.md.
#include <memory>
#include <string_view>

#include "core/game.h"
#include "games/fall/scenario.h"

namespace naumachia::fall {

inline constexpr std::string_view kScenarioId = "fall-of-constantinople";

ScenarioInfo scenario_info(const Scenario& scenario);
// Whether stored bytes are a position of this scenario.
bool is_fall_state(std::string_view bytes);
Expected<std::unique_ptr<State>> new_game(std::shared_ptr<const Scenario> scenario, int players,
                                          RulesVersion rules);
Expected<std::unique_ptr<State>> read_game(std::shared_ptr<const Scenario> scenario,
                                           std::string_view bytes, RulesVersion rules);

// Position lines in canonical order (serialise.cpp): the state's own lines
// (players, step, winner) come before them.
std::string write_position(const Position& pos);
// Reads one position line into `pos`; false when the line is not one.
bool read_position_line(const Scenario& scenario, const std::vector<std::string_view>& words,
                        Position& pos);

}  // namespace naumachia::fall
