#pragma once
// The outcomes of the movement phase that led to a position, found again
// from the position and the phase's orders, for drawing them (outcomes.cpp).
#include <optional>
#include <set>
#include <string>

#include "core/game.h"
#include "games/diplomacy/rules.h"
#include "games/diplomacy/seats.h"

namespace naumachia::diplomacy {

// The provinces whose units' orders failed in the movement phase whose
// orders (by seat) led to `after`; nullopt when the orders are not of a
// movement phase that led there (a retreat or adjustment phase, orders the
// reader may not all see).
std::optional<std::set<std::string>> failed_orders(const Map& map, const Position& after,
                                                   const PowerSeats& seats, const Rulings& rulings,
                                                   const RevealedLines& orders);

}  // namespace naumachia::diplomacy
