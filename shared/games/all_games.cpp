#include "games/all_games.h"

#include "games/diplomacy/diplomacy.h"

namespace naumachia {

void register_all_games(Registry& registry) {
  registry.add(diplomacy::make_diplomacy_game());
}

}  // namespace naumachia
