#pragma once
// Standard Diplomacy as a game module (rules in games/diplomacy/rules.h; rule
// choices in docs/rules/diplomacy.md).
#include <memory>

#include "core/game.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy {

// The standard map, from the compiled-in data/standard-map.json.
std::shared_ptr<const Map> standard_map();
std::unique_ptr<Game> make_diplomacy_game();

}  // namespace naumachia::diplomacy
