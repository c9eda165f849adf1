#pragma once
// The orders of a phase drawn on the map: moves, supports and convoys as
// arrows between provinces (View.arrows). Drawing only: the orders are read
// as written, not judged.
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy {

// Moves (and retreats), supports and convoys among `orders`; holds, builds,
// removals and lines that do not read are left out. A line may begin with
// its power ("France: A par - bur").
std::vector<Arrow> order_arrows(const Map& map, const RevealedLines& orders);

// What both province games share: the order of a revealed line (after its
// "Power:" when it has one), and the arrow of a support or convoy from
// `from` for the unit in `helped` going to `dest` (empty: a support to hold).
std::string_view order_of_line(std::string_view line);
Arrow help_arrow(std::string from, std::string helped, const std::string& dest, bool convoy,
                 PlayerId seat);

}  // namespace naumachia::diplomacy
