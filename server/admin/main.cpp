#include "admin/program.h"
#include "games/all_games.h"

int main(int argc, char** argv) {
  naumachia::Registry registry;
  naumachia::register_all_games(registry);
  return naumachia::server::run_admin(argc, argv, registry);
}
