#include "replay.h"

#include <stdexcept>

namespace naumachia::server {

namespace {

std::vector<SeatOrders> stored_orders(Store& store, std::int64_t game_id, std::int64_t step) {
  std::vector<SeatOrders> out;
  for (const OrdersRow& o : store.orders(game_id, step)) {
    out.push_back(SeatOrders{o.seat, o.lines, o.nonce, o.defaulted});
  }
  return out;
}

// The stored rolls and events are what players were shown: they must be exactly
// what the replay produces, and the record must chain to the previous one.
std::optional<std::string> record_problem(const ReplayedStep& r, const Bytes& prev) {
  if (r.stored.prev_hash != prev) return "the record does not chain to the previous step's";
  if (r.stored.rolls != rolls_text(r.played.rolls)) return "the stored die rolls were altered";
  if (r.stored.events != events_text(r.played.resolution.events)) {
    return "the stored events were altered";
  }
  if (r.played.record_hash != r.stored.record_hash) {
    return "record hash " + hex(r.played.record_hash) + " differs from the stored " +
           hex(r.stored.record_hash) + " (orders, nonces or flags were altered)";
  }
  return std::nullopt;
}

}  // namespace

StateHasher hasher_of(const GameRow& g) {
  return StateHasher::for_game(g.hash_scheme, g.seed);
}

Bytes genesis_of(const GameRow& g, const Bytes& initial_state_hash) {
  return genesis_hash(Genesis{g.id, g.full_scenario(), g.players, RulesVersion{g.rules_version},
                              g.hash_scheme, g.seed_hash, initial_state_hash});
}

ReplaySummary replay_game(Store& store, const Registry& registry, std::int64_t game_id,
                          const InitialCallback& on_initial, const StepCallback& on_step) {
  const std::optional<GameRow> g = store.game(game_id);
  if (!g) throw std::runtime_error("no game " + std::to_string(game_id));
  if (g->status == "open")
    throw std::runtime_error("game " + std::to_string(game_id) + " has not started");
  const Game* module = registry.find(g->game);
  if (!module) throw std::runtime_error("this build has no game module '" + g->game + "'");
  if (auto why = module->rules_problem(RulesVersion{g->rules_version}))
    throw std::runtime_error("game " + std::to_string(game_id) + ": " + *why);
  auto initial = module->new_game(g->scenario, g->players, RulesVersion{g->rules_version});
  if (!initial) throw std::runtime_error("cannot set up the scenario: " + initial.error().message);
  const Expected<Seed> seed = to_seed(g->seed);
  if (!seed) throw std::runtime_error("table games, field seed: " + seed.error().message);
  const StateHasher hasher = hasher_of(*g);

  ReplaySummary summary;
  std::unique_ptr<State> state = std::move(*initial);
  const Bytes initial_hash = hasher(*state);
  summary.initial_ok = initial_hash == g->initial_hash;
  if (!summary.initial_ok) {
    summary.divergence = "the initial position differs from the stored one (hash " +
                         hex(initial_hash) + ", stored " + hex(g->initial_hash) + ")";
    return summary;
  }
  if (sha256(g->seed) != g->seed_hash) {
    summary.divergence = "the stored seed does not match the seed hash shown to the players";
    return summary;
  }
  if (on_initial) on_initial(*state);

  Bytes prev = genesis_of(*g, initial_hash);
  for (const StepRow& row : store.steps(game_id)) {
    ReplayedStep r;
    r.stored = row;
    r.orders = stored_orders(store, game_id, row.step);
    if (state->step().number.value != row.step) {
      summary.divergence = "step " + std::to_string(row.step) + ": the replayed game is at step " +
                           std::to_string(state->step().number.value);
      return summary;
    }
    r.played = play_step(*state, r.orders, *seed, hasher, prev);
    r.state_ok = r.played.state_hash == row.state_hash;
    const std::optional<std::string> problem = record_problem(r, prev);
    r.record_ok = !problem;
    ++summary.steps;
    state = std::move(r.played.resolution.next);
    r.played.resolution.next = nullptr;
    if (on_step) on_step(r, *state);
    if (!r.state_ok) {
      summary.divergence = "step " + std::to_string(row.step) + ": state hash " +
                           hex(r.played.state_hash) + " differs from the stored " +
                           hex(row.state_hash);
      return summary;
    }
    if (problem) {
      summary.divergence = "step " + std::to_string(row.step) + ": " + *problem;
      return summary;
    }
    prev = row.record_hash;
  }
  if (prev != g->chain_hash) {
    summary.divergence = "the game's chain hash does not match its last step record";
  }
  return summary;
}

}  // namespace naumachia::server
