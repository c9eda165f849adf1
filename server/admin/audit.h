#pragma once
// The audit of a stored game, for the administrator: its steps replayed from
// the seed and the orders (records/replay.h), and every other table checked
// against that replay: the games row (position, hashes, step, status,
// result), the events the players were pushed (each StepResolved,
// OrdersCommitted and GameOver as the replay makes it), and the commitment
// of every stored order.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "records/replay.h"
#include "storage/tables.h"

namespace naumachia::server {

struct AuditReport {
  std::int64_t game_id = 0;
  std::optional<GameStatus> status;  // of the games row; none when it cannot be read
  std::size_t steps = 0;             // steps replayed
  std::size_t events = 0;            // events read
  // Every mismatch found, each naming the game, the step (when it has one),
  // the table and the field. The replay stops at its first divergence; the
  // other tables are checked as far as the replay went.
  std::vector<std::string> problems;
  bool ok() const { return problems.empty(); }
};

// Never throws for a corrupt or unplayable game: that is a problem in the
// report. `on_step` sees each replayed step, as replay_game's callback does.
AuditReport audit_game(Tables& store, const Registry& registry, std::int64_t game_id,
                       const StepCallback& on_step = nullptr);

}  // namespace naumachia::server
