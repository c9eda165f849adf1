#include "bots/classis.h"
#include "bots/diplomacy.h"
#include "bots/player.h"
#include "bots/search.h"
#include "bots/tyre.h"

namespace naumachia::bots {

namespace {

// EiH 1.1.6: the step in which the other powers of a stack whose commander
// surrendered decide, by the title the module gives it: a surrender is then
// judged after the round it leads to, as fighting on is (the other powers
// left to the rules' default, fighting on).
bool following_a_surrender(const StepInfo& next) {
  return next.label.ends_with(": the other powers' surrender (1.1.6)");
}

// Empires in Harm naval combat: a few decisions a battle (evasion, the
// chit, surrender, chase, retreat), each of a handful of lines; many draws
// of the enemy's hidden ships and of his choices judge each.
SearchOptions eih_naval_options() {
  SearchOptions o;
  o.samples = 24;
  o.per_group = 12;
  o.rounds = 1;
  o.together = true;  // the melee chit with Nelson's closing modifier (1.1.2.5.1)
  o.omit = true;      // a custom battle's fleets: fewer nations may fight better (1.1.2.6)
  o.settle = following_a_surrender;
  return o;
}

}  // namespace

std::unique_ptr<Player> player_for(std::string_view game_id) {
  // The Fall of Constantinople is offered under the Diplomacy game and
  // under an id of its own.
  if (game_id == "diplomacy" || game_id == "fall-of-constantinople") return diplomacy_player();
  if (game_id == "tyre") return tyre_player();
  if (game_id == "classis") return classis_player();
  if (game_id == "eih-naval") return searching_player(eih_naval_options());
  return searching_player();
}

}  // namespace naumachia::bots
