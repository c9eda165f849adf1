#pragma once
// The computer as a seat's player (docs/computer.md): which player plays
// each game, and how the server runs it. When a step opens, every seat the
// computer plays that must order gets a job on a queue of its own: the
// player decides on a copy of the durable position through the seat's port
// (bots/port.h), with a generator of its own seeded from the server's secure
// randomness (never the game's dice) and a time budget, off the service's
// strand; its orders come back to the strand and go the way a seat's
// SubmitOrders goes (Coordinator). The changes that start and end the
// computer's play of a seat are in play/replacement.h.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/work_queue.h"
#include "bots/player.h"
#include "core/game.h"

namespace naumachia::server {

// The computer's player for each game: bots::player_for, unless the server
// sets one of its own for a game (a test server's player for a test game).
class ComputerPlayers {
 public:
  using Make = std::function<std::unique_ptr<bots::Player>()>;
  void set(std::string game_id, Make make) { made_[std::move(game_id)] = std::move(make); }
  std::unique_ptr<bots::Player> for_game(std::string_view game_id) const;

 private:
  std::map<std::string, Make, std::less<>> made_;
};

struct ComputerOptions {
  double seconds = 2;  // thinking time per decision (--computer-seconds)
  int playouts = 400;  // positions played forward at most (--computer-playouts)
  std::int64_t delay_seconds =
      0;  // the wait from a step's opening to the orders (--computer-delay)
};

// What the coordinator needs to run the computer: its queue (none: the
// computer plays nothing), its players, its options, and a way back to the
// service's strand for the answers.
struct ComputerRunner {
  WorkQueue* queue = nullptr;
  const ComputerPlayers* players = nullptr;
  ComputerOptions options;
  std::function<void(std::function<void()>)> to_strand;
};

// What a job hands back: the orders' lines, or nothing when the player failed.
struct ComputerAnswer {
  std::int64_t game_id = 0;
  std::int64_t step = 0;
  int seat = 0;
  std::vector<std::string> lines;
  bool failed = false;
  std::int64_t due = 0;  // when the orders may be sent (Unix seconds)
};

// The orders the computer's player gives `seat` on the position `state`
// (serialised, of `module` under `rules_version`), within `options`; runs on
// a worker. A player that throws gives `failed`. `cancelled` (when given)
// ends the thinking early: the server is stopping.
ComputerAnswer computer_decides(const Game& module, int rules_version, const std::string& state,
                                int seat, const ComputerPlayers& players,
                                const ComputerOptions& options,
                                std::function<bool()> cancelled = nullptr);

}  // namespace naumachia::server
