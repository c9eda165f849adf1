#pragma once
// The searching player: orders chosen group by group (a piece, a plan) by
// playing each candidate forward on positions drawn to agree with the
// seat's knowledge, the other seats ordering at random, and judging the
// positions reached by the module's State::standing.
#include "bots/player.h"

namespace naumachia::bots {

struct SearchOptions {
  // Positions drawn per judgement; the same draws (position, other seats'
  // orders, dice) judge every candidate, so that candidates differ only by
  // what they change.
  int samples = 4;
  // Candidates tried per group at most, drawn at random; each group gets
  // its share of what is left of the budget, so that every group is tried.
  int per_group = 12;
  // Rounds over all groups: a later round may change an earlier choice in
  // the light of the later ones.
  int rounds = 2;
  // Steps played on at random after the step ordered, before judging: for
  // games whose steps take effect only in a later one.
  int depth = 0;
  // Steps played on with the rules' defaults (the orders of none) while
  // the seat alone is to order and this says the step is one to settle,
  // before judging: a choice whose consequence waits on another of the
  // seat's own (Empires in Harm: a commander's surrender, then the other
  // powers of his stack, 1.1.6) is then judged where the choice not to make
  // it is, after the dice it leads to.
  bool (*settle)(const StepInfo& next) = nullptr;
  // With each candidate, also try it together with each line of another
  // group that holds only with it (Empires in Harm: Nelson's closing
  // modifier goes with the melee chit), so that a choice is not judged
  // without the choice it opens.
  bool together = false;
  // Also try leaving a group without a line (a player picks at most one a
  // group): a search that had to start from random orders can then drop
  // what random play added (Empires in Harm: a custom battle's third
  // nation, and with it the -1 of several Major Powers).
  bool omit = false;
  // Try first the lines a module lists more than once (it weights them for
  // random play: Tyre's rams, a ship's course toward the enemy, its longest
  // courses), the most weighted first, the rest in an order drawn at random:
  // a group of thirty lines tried five at a time then tries the likeliest.
  bool weighted_first = false;
};

std::unique_ptr<Player> searching_player(SearchOptions options = {});

}  // namespace naumachia::bots
