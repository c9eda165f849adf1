#include "test-games/registry.h"

#include "games/all_games.h"
#include "test-games/duel_game.h"
#include "test-games/masks_game.h"

namespace naumachia::testing {

void register_test_games(Registry& registry) {
  registry.add(make_duel_game());
  registry.add(make_masks_game());
}

Registry every_module() {
  Registry r;
  register_all_games(r);
  register_test_games(r);
  return r;
}

}  // namespace naumachia::testing
