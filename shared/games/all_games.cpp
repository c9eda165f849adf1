#include "games/all_games.h"

namespace naumachia {

void register_all_games(Registry& registry) {
  // Game modules are added here as they are built (one per folder of games/).
  (void)registry;
}

}  // namespace naumachia
