#pragma once
// The orders of a phase drawn on the map: moves, supports and convoys as
// arrows between provinces (View.arrows). Drawing only: the orders are read
// as written, not judged.
#include <vector>

#include "core/game.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy {

// Moves (and retreats), supports and convoys among `orders`; holds, builds,
// removals and lines that do not read are left out. A line may begin with
// its power ("France: A par - bur").
std::vector<Arrow> order_arrows(const Map& map, const RevealedLines& orders);

}  // namespace naumachia::diplomacy
