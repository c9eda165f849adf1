#pragma once
// "Masks": a small game with hidden information that exists only to drive the
// platform's secrecy machinery in tests (like Duel, it is never registered in
// the shipped server).
//
// Rules. Two sides, Red and Blue, of one or two seats each (2-4 players; seats
// alternate Red, Blue, Red, Blue). A cup holds twelve chits, "chit-<wood>-<n>",
// worth n (1-4) (masks 1). Each round has two steps.
//  - Draw: every seat orders `draw` or `keep` (masks 2). Each `draw` takes a
//    chit from the cup into the seat's hand, up to three in hand. Only the
//    seat's side learns which chit it drew; everyone learns that it drew.
//  - Play: every seat orders `play CHIT` (a chit of its hand) or `pass`
//    (masks 3). Orders are revealed to the seat's side only. Each side's total
//    is announced, not the chits; the higher total scores a point (a tie
//    scores nothing) and the played chits are spent, face down (masks 4).
// The game ends when a side has two points, or after round 4: the side with
// more points wins; equal points is a draw (masks 5). Missing orders: `keep`
// and `pass` (masks 6). A resigned seat's partner orders for it.
#include <memory>

#include "core/game.h"

namespace naumachia::testing {

std::unique_ptr<Game> make_masks_game();

}  // namespace naumachia::testing
