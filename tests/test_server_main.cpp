// The server program with the test-only games (Duel, Masks) added to the shipped games.
#include "app.h"
#include "duel_game.h"
#include "games/all_games.h"
#include "masks_game.h"

int main(int argc, char** argv) {
  naumachia::Registry registry;
  naumachia::register_all_games(registry);
  registry.add(naumachia::testing::make_duel_game());
  registry.add(naumachia::testing::make_masks_game());
  return naumachia::server::run_server(argc, argv, registry);
}
