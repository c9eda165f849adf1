// The server program with the test-only games (Duel, Masks) added to the shipped games.
#include "app/program.h"
#include "games/all_games.h"
#include "test-games/registry.h"

int main(int argc, char** argv) {
  naumachia::Registry registry;
  naumachia::register_all_games(registry);
  naumachia::testing::register_test_games(registry);
  return naumachia::server::run_server(argc, argv, registry);
}
