#include "games/all_games.h"

#include "games/classis/classis.h"
#include "games/constantinople/constantinople.h"
#include "games/diplomacy/diplomacy.h"
#include "games/eih_naval/eih_naval.h"
#include "games/fall/fall.h"
#include "games/tyre/tyre.h"

namespace naumachia {

void register_all_games(Registry& registry) {
  auto diplomacy = diplomacy::make_diplomacy_game();
  // The Fall of Constantinople, a variant played on Diplomacy's adjudicator.
  diplomacy->add_variant(fall::make_fall_variant());
  registry.add(std::move(diplomacy));
  registry.add(tyre::make_tyre_game());
  registry.add(constantinople::make_constantinople_game());
  registry.add(classis::make_classis_game());
  registry.add(eih_naval::make_eih_naval_game());
}

}  // namespace naumachia
