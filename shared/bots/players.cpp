#include "bots/classis.h"
#include "bots/diplomacy.h"
#include "bots/player.h"
#include "bots/search.h"
#include "bots/tyre.h"

namespace naumachia::bots {

namespace {

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
