#include "play/live_game.h"

#include "records/hasher.h"

namespace naumachia::server {

const State& LiveGame::require_state() const {
  if (state_problem) throw *state_problem;
  if (!state) refuse(proto::GAME_NOT_RUNNING, game_label(row.id) + " has not started");
  return *state;
}

proto::GameEvent record(LiveGame& g, Writes& w, proto::GameEvent e, std::int64_t at) {
  e.set_game_id(static_cast<std::uint64_t>(g.row.id));
  e.set_seq(static_cast<std::uint64_t>(g.row.next_event++));
  e.set_at_unix(at);
  w.events.push_back(e);
  return e;
}

void write_row(LiveGame& g, Writes& w) {
  w.ops.push_back([row = g.row](Tables& s) { s.update_game(row); });
}

void set_position(LiveGame& g, std::unique_ptr<State> state, std::int64_t at) {
  const StepInfo info = state->step();
  g.row.state = state->serialize();
  g.row.state_hash = hasher_of(g.row).state_hash(*state);
  g.row.step = info.number.value;
  g.row.step_label = info.label;
  g.row.to_order = info.to_order;
  g.row.step_deadline = next_deadline(g.row, info, at);
  g.row.deadline_set_at = at;
  if (info.game_over) end_game(g, info.result, info.winners);
  g.state = std::move(state);
  g.state_problem.reset();
  g.orders.clear();
}

void start_game(LiveGame& g, std::unique_ptr<State> initial, std::int64_t at) {
  g.row.status = GameStatus::Running;
  g.row.initial_hash = hasher_of(g.row).state_hash(*initial);
  g.row.chain_hash = genesis_of(g.row, g.row.initial_hash);
  set_position(g, std::move(initial), at);
}

void end_game(LiveGame& g, const std::string& result, const std::vector<SideId>& winners) {
  g.row.status = GameStatus::Over;
  g.row.step_deadline.reset();
  g.row.paused = Pause::None;
  g.row.paused_remaining.reset();
  g.row.result = result;
  g.row.winning_sides = winners;
  g.row.winners = winning_seats(g.who, winners, g.resigned());
}

proto::GameEvent over_event(LiveGame& g, Writes& w, std::int64_t at) {
  proto::GameEvent e;
  *e.mutable_over() = g.game_over();
  return record(g, w, std::move(e), at);
}

}  // namespace naumachia::server
