// The server program with the test-only games (Duel, Masks) added to the
// shipped games. `--computer-throws GAME` (taken out before the server's own
// options) gives the computer a player for GAME that always throws, so that
// tests see a failing player leave its seat to the game's defaults.
#include <cstring>
#include <stdexcept>
#include <vector>

#include "app/program.h"
#include "games/all_games.h"
#include "test-games/registry.h"

namespace {

class ThrowingPlayer final : public naumachia::bots::Player {
 public:
  std::string name() const override { return "throwing"; }
  naumachia::OrderSet decide(const naumachia::bots::SeatPort&, naumachia::Dice&,
                             const naumachia::bots::Budget&) const override {
    throw std::runtime_error("this player always fails");
  }
};

}  // namespace

int main(int argc, char** argv) {
  naumachia::Registry registry;
  naumachia::register_all_games(registry);
  naumachia::testing::register_test_games(registry);
  naumachia::server::ComputerPlayers players;
  std::vector<char*> args{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--computer-throws") == 0 && i + 1 < argc) {
      players.set(argv[++i], [] { return std::make_unique<ThrowingPlayer>(); });
    } else {
      args.push_back(argv[i]);
    }
  }
  return naumachia::server::run_server(static_cast<int>(args.size()), args.data(), registry,
                                       std::move(players));
}
