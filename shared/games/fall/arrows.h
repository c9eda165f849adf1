#pragma once
// The Fall of Constantinople's orders drawn on its map: moves, supports and
// convoys as arrows between provinces and cities (a city is the cell
// "<province> city"). Drawing only: the orders are read as written.
#include <vector>

#include "core/game.h"
#include "games/diplomacy/map.h"
#include "games/fall/position.h"

namespace naumachia::fall {

// The view's cell of a place: its province, or "<province> city" (view.cpp).
std::string cell_of(const Place& p);

// Holds, garrisoning and leaving a city in place, sieges, pillage and the
// economy's orders draw nothing. A line may begin with its power.
std::vector<Arrow> order_arrows(const diplomacy::Map& map, const RevealedLines& orders);

}  // namespace naumachia::fall
