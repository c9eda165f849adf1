#pragma once
// Tyre's computer player (docs/computer.md, "Tyre").
#include <memory>
#include <string>
#include <vector>

#include "bots/player.h"

namespace naumachia::bots {

std::unique_ptr<Player> tyre_player();

// The candidate orders the Tyre player searches: its port's, with the
// longer courses of each ship (5.1; a transport's longest straight on and
// after a turn to either side listed four times, for a search that tries the
// weighted lines first), a second land unit and a leader loaded on
// each ship (8.21, 15.12) and the combined attacks of the units next to one enemy hex
// (12.14), those first.
std::vector<std::vector<std::string>> tyre_candidates(const SeatPort& port);

// `orders` with an attack for each of the seat's ships that may make a naval
// melee attack and has none (6.22, 6.24, 6.5: the result falls on the
// defender alone): beside a ship attacking the same target alone (6.23),
// else alone. Orders without such a ship come back as they were.
OrderSet with_every_naval_attack(const SeatPort& port, OrderSet orders);

}  // namespace naumachia::bots
