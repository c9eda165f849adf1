#pragma once
// The ceiling of a row of the computer benchmark (docs/computer.md): in how
// many of its games any player of the side could have won, choosing among the
// module's candidate lines (the lines the computer's searching player chooses
// from, a group left without a line included) and knowing in advance the dice
// of every step and every draw of the random play it meets. Every player's
// game over the row's seeds is one of the games this search plays, so no
// player of the side wins more of them: a row whose ceiling is under 90%
// cannot meet the target by play. The search goes through every way of
// ordering, step by step, until one is won; a game whose ways outgrow the
// limits is counted as one that might be won.
#include <cstdint>
#include <vector>

#include "core/dice.h"
#include "core/game.h"

namespace naumachia::bots {

struct CeilingLimits {
  // Positions resolved at most in one game before it is given up as unknown.
  long positions = 200000;
  // Order sets of one step (the product of its groups' lines) at most.
  long order_sets = 4096;
  // Steps a game is played to at most (the benchmark's --max-steps).
  int steps = 3000;
};

struct CeilingGame {
  enum class Outcome { Winnable, NotWinnable, Unknown };
  Outcome outcome = Outcome::Unknown;
  long positions = 0;  // resolved
};

// One game of the row: `start` the scenario's first position, `mine` the
// side's seats, `opponents` the random play's generator as the benchmark
// seeds it, `dice_seed` the seed of every step's dice (each step's dice are
// SeededDice(dice_seed, step number), as in the benchmark).
CeilingGame ceiling_of_game(const State& start, const std::vector<PlayerId>& mine,
                            const std::vector<SideId>& my_sides, const SeededDice& opponents,
                            const Seed& dice_seed, const CeilingLimits& limits);

}  // namespace naumachia::bots
