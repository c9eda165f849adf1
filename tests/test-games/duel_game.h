#pragma once
// "Duel": a tiny simultaneous-orders game that exists only to drive the
// platform in tests. It is never registered in the shipped server.
//
// Rules. Two to four players each start with a purse of 10. In each round
// every player secretly orders `bid N` (0 <= N <= purse; duel 2). The bids are
// revealed, each player rolls a d6 and adds it to the bid; the single highest
// total scores a point (a tie scores nothing) and every bid is paid from its
// purse. The game ends when a player has 2 points (the winner) or after round
// 5 (the most points win; equal points share). A player with no orders at a
// deadline bids 0 (duel 3).
#include <memory>

#include "core/game.h"

namespace naumachia::testing {

std::unique_ptr<Game> make_duel_game();

}  // namespace naumachia::testing
