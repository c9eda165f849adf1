#include "records/replay.h"

#include <stdexcept>

#include "records/hasher.h"

namespace naumachia::server {

namespace {

std::vector<SeatOrders> played_orders(const std::vector<OrdersRow>& rows) {
  std::vector<SeatOrders> out;
  for (const OrdersRow& o : rows) out.push_back(SeatOrders{o.seat, o.lines, o.nonce, o.defaulted});
  return out;
}

std::string step_field(std::int64_t step, const std::string& field) {
  return "step " + std::to_string(step) + ", table steps, field " + field + ": ";
}

// What the steps row says that the replay derives must be exactly what the
// replay produces: players were shown it. The stored inputs of the step (its
// orders, nonces, defaulted flags and, for keyed records, its time and
// by_deadline) are covered by the recomputed record hash.
std::optional<std::string> record_problem(const ReplayedStep& r, const Bytes& prev,
                                          const GameHasher& hasher) {
  const std::int64_t step = r.stored.step;
  if (r.stored.prev_hash != prev)
    return step_field(step, "prev_hash") + "the record does not chain to the previous one";
  if (r.stored.label != r.played.before.label) {
    return step_field(step, "label") + "stored '" + r.stored.label + "', replayed '" +
           r.played.before.label + "'";
  }
  if (r.stored.rolls != rolls_text(r.played.rolls))
    return step_field(step, "rolls") + "the stored die rolls differ from the replayed ones";
  if (r.stored.events != events_text(r.played.resolution.events))
    return step_field(step, "events") + "the stored events differ from the replayed ones";
  if (r.played.record_hash != r.stored.record_hash) {
    const std::string inputs = hasher.keyed_records()
                                   ? "an order, nonce, commitment, defaulted flag, by_deadline or"
                                     " resolved_at was altered"
                                   : "an order, nonce or defaulted flag was altered";
    return step_field(step, "record_hash") + "stored " + hex(r.stored.record_hash) + ", replayed " +
           hex(r.played.record_hash) + " (" + inputs + ")";
  }
  return std::nullopt;
}

}  // namespace

ReplaySummary replay_game(Tables& store, const Registry& registry, std::int64_t game_id,
                          const InitialCallback& on_initial, const StepCallback& on_step,
                          const StopCallback& stop) {
  const std::optional<GameRow> g = store.game(game_id);
  if (!g) throw std::runtime_error("no game " + std::to_string(game_id));
  if (g->status == GameStatus::Open)
    throw std::runtime_error("game " + std::to_string(game_id) + " has not started");
  const Game* module = registry.find(g->game);
  if (!module) throw std::runtime_error("this build has no game module '" + g->game + "'");
  if (auto why = module->rules_problem(RulesVersion{g->rules_version}))
    throw std::runtime_error("game " + std::to_string(game_id) + ": " + *why);
  auto initial = module->new_game(g->scenario, g->players, RulesVersion{g->rules_version});
  if (!initial) throw std::runtime_error("cannot set up the scenario: " + initial.error().message);
  const Expected<Seed> seed = to_seed(g->seed);
  if (!seed) throw std::runtime_error("table games, field seed: " + seed.error().message);
  const GameHasher hasher = hasher_of(*g);

  ReplaySummary summary;
  std::unique_ptr<State> state = std::move(*initial);
  const Bytes initial_hash = hasher.state_hash(*state);
  summary.initial_ok = initial_hash == g->initial_hash;
  if (!summary.initial_ok) {
    summary.divergence = "table games, field initial_hash: the initial position hashes to " +
                         hex(initial_hash) + ", stored " + hex(g->initial_hash);
    return summary;
  }
  if (sha256(g->seed) != g->seed_hash) {
    summary.divergence =
        "table games, field seed: the stored seed does not match the seed hash shown to the"
        " players";
    return summary;
  }
  if (on_initial) on_initial(*state);

  Bytes prev = genesis_of(*g, initial_hash);
  const auto finish = [&] {
    summary.last_state = std::move(state);
    summary.last_record_hash = prev;
    return std::move(summary);
  };
  const std::vector<StepRow> rows = store.steps(game_id);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StepRow& row = rows[i];
    ReplayedStep r;
    r.stored = row;
    r.stored_orders = store.orders(game_id, row.step);
    r.orders = played_orders(r.stored_orders);
    if (state->step().number.value != row.step) {
      summary.divergence = "step " + std::to_string(row.step) +
                           ", table steps, field step: the replayed game is at step " +
                           std::to_string(state->step().number.value);
      return finish();
    }
    r.played = play_step(*state, r.orders, *seed, hasher, prev,
                         StepTiming{row.resolved_at, row.by_deadline});
    r.state_ok = r.played.state_hash == row.state_hash;
    const std::optional<std::string> problem = record_problem(r, prev, hasher);
    r.record_ok = !problem;
    ++summary.steps;
    state = std::move(r.played.resolution.next);
    r.played.resolution.next = nullptr;
    if (on_step) on_step(r, *state);
    if (!r.state_ok) {
      summary.divergence = step_field(row.step, "state_hash") + "stored " + hex(row.state_hash) +
                           ", replayed " + hex(r.played.state_hash);
      return finish();
    }
    if (problem) {
      summary.divergence = *problem;
      return finish();
    }
    prev = row.record_hash;
    if (stop && i + 1 < rows.size() && stop()) {
      summary.stopped = true;
      return finish();
    }
  }
  if (prev != g->chain_hash) {
    summary.divergence = "table games, field chain_hash: stored " + hex(g->chain_hash) +
                         ", the last record hash is " + hex(prev);
  }
  return finish();
}

}  // namespace naumachia::server
