#pragma once
// Re-runs a stored game from its seed and orders, step by step, through the
// same play_step() the server used, and checks every recomputed hash against
// the stored chain.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"
#include "records/step.h"
#include "storage/tables.h"

namespace naumachia::server {

struct ReplayedStep {
  StepRow stored;
  std::vector<OrdersRow> stored_orders;  // the step's rows of the orders table
  std::vector<SeatOrders> orders;        // as played
  PlayedStep played;
  bool state_ok = false;
  bool record_ok = false;
};

struct ReplaySummary {
  std::size_t steps = 0;
  bool initial_ok = false;
  std::optional<std::string> divergence;  // the first mismatch
  // The position after the last step replayed (the initial one when none was).
  std::unique_ptr<State> last_state;
  Bytes last_record_hash;  // the chain's head as replayed (the genesis when no step was)
  // The replay stopped before the last stored step because `stop` asked it
  // to: the chain's head was not compared.
  bool stopped = false;
  bool ok() const { return initial_ok && !divergence; }
};

using InitialCallback = std::function<void(const State& initial)>;
using StepCallback = std::function<void(const ReplayedStep& step, const State& after)>;
// Asked after each step but the last: true ends the replay there.
using StopCallback = std::function<bool()>;

// Throws std::runtime_error when the game cannot be replayed at all (unknown
// game, unknown module, a rules version this build does not play, corrupt
// rows). Stops at the first divergence, which names the step, the table and
// the field. `stop` ends it early (a page of a replay; summary.stopped).
ReplaySummary replay_game(Tables& store, const Registry& registry, std::int64_t game_id,
                          const InitialCallback& on_initial, const StepCallback& on_step,
                          const StopCallback& stop = {});

}  // namespace naumachia::server
