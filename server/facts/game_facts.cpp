#include "facts/game_facts.h"

#include <algorithm>

#include "convert.h"
#include "facts/proposals.h"
#include "protocol/codec.h"
#include "records/hasher.h"
#include "records/step.h"

namespace naumachia::server {

namespace {

proto::GameStatus status_proto(GameStatus status) {
  switch (status) {
    case GameStatus::Open:
      return proto::OPEN;
    case GameStatus::Running:
      return proto::RUNNING;
    case GameStatus::Over:
      break;
  }
  return proto::OVER;
}

proto::PressMode press_proto(PressMode mode) {
  switch (mode) {
    case PressMode::Full:
      return proto::FULL_PRESS;
    case PressMode::PublicOnly:
      return proto::PUBLIC_PRESS;
    case PressMode::None:
      return proto::NO_PRESS;
  }
  return proto::FULL_PRESS;
}

}  // namespace

std::string game_label(std::int64_t id) {
  return "game " + std::to_string(id);
}

std::string seat_label(const GameFacts& g, int seat) {
  const auto i = static_cast<std::size_t>(seat);
  return "seat " + std::to_string(seat) +
         (i < g.who.seat_names.size() ? " (" + g.who.seat_names[i] + ")" : "");
}

int existing_seat(const GameFacts& g, std::int64_t seat) {
  if (seat < 0 || seat >= g.row.players) {
    refuse(proto::INVALID_ARGUMENT, "seat " + std::to_string(seat) + " does not exist; " +
                                        game_label(g.row.id) + " has seats 0.." +
                                        std::to_string(g.row.players - 1));
  }
  return static_cast<int>(seat);
}

void require_running(const GameFacts& g) {
  if (g.row.status != GameStatus::Running) {
    refuse(proto::GAME_NOT_RUNNING,
           game_label(g.row.id) +
               (g.row.status == GameStatus::Open ? " has not started" : " is over"));
  }
}

void GameFacts::attach(const Registry& registry) {
  const Game* m = registry.find(row.game);
  const auto found = registry.find_scenario(row.full_scenario());
  if (m && found && !m->rules_problem(RulesVersion{row.rules_version})) {
    module = m;
    scenario = found->second;
    who = m->seating(scenario, row.players);
  } else {
    module = nullptr;
    who = Seating::one_side_each({}, row.players);
  }
}

std::optional<SeatRow> GameFacts::seat_of(std::optional<std::int64_t> user) const {
  if (!user) return std::nullopt;
  for (const SeatRow& s : seats) {
    if (s.user_id == *user) return s;
  }
  return std::nullopt;
}

std::vector<bool> GameFacts::resigned() const {
  std::vector<bool> out(static_cast<std::size_t>(row.players), false);
  for (const SeatRow& s : seats) {
    if (s.resigned && s.seat >= 0 && s.seat < row.players)
      out[static_cast<std::size_t>(s.seat)] = true;
  }
  return out;
}

std::optional<ComputerSeatRow> GameFacts::computer_play(int seat) const {
  for (const ComputerSeatRow& c : computer) {
    if (c.seat == seat && c.playing()) return c;
  }
  return std::nullopt;
}

std::vector<int> GameFacts::taken_seats() const {
  std::vector<int> out;
  for (const SeatRow& s : seats) out.push_back(s.seat);
  for (const ComputerSeatRow& c : computer) {
    if (c.playing() && std::find(out.begin(), out.end(), c.seat) == out.end())
      out.push_back(c.seat);
  }
  return out;
}

std::vector<Offer> GameFacts::offers() const {
  if (row.status != GameStatus::Running) return {};
  return offered_seats(who, seats, row.disorder_after);
}

std::vector<PlayerId> GameFacts::controlled_seats(std::optional<std::int64_t> user) const {
  std::vector<PlayerId> out;
  const auto mine = seat_of(user);
  if (!mine || mine->resigned) return out;
  out.push_back(PlayerId{mine->seat});
  if (!module || module->resigned_forces() != ResignedForces::ToPartner) return out;
  for (const SeatRow& r : seats) {
    // A resigned seat the computer took over is the computer's to order for.
    if (r.resigned && who.partners(PlayerId{mine->seat}, PlayerId{r.seat}) &&
        !computer_play(r.seat))
      out.push_back(PlayerId{r.seat});
  }
  return out;
}

namespace {

// What the seats a user holds may read while the game runs: those they
// control, or (resigned) their own; nothing but what is public for an observer.
Viewer seats_viewer(const GameFacts& f, std::optional<std::int64_t> user) {
  Viewer v;
  v.seats = f.controlled_seats(user);
  const auto mine = f.seat_of(user);
  if (mine && v.seats.empty()) v.seats.push_back(PlayerId{mine->seat});
  return v;
}

}  // namespace

Viewer GameFacts::viewer_of(std::optional<std::int64_t> user) const {
  if (row.status == GameStatus::Over) return Viewer::all();
  return seats_viewer(*this, user);
}

Viewer GameFacts::press_viewer_of(std::optional<std::int64_t> user) const {
  if (row.status == GameStatus::Over && !row.private_press) return Viewer::all();
  return seats_viewer(*this, user);
}

std::vector<Reader> GameFacts::readers() const {
  std::vector<Reader> out;
  for (const SeatRow& s : seats) out.push_back(Reader{s.user_id, viewer_of(s.user_id)});
  return out;
}

std::vector<Reader> GameFacts::press_readers() const {
  std::vector<Reader> out;
  for (const SeatRow& s : seats) out.push_back(Reader{s.user_id, press_viewer_of(s.user_id)});
  return out;
}

std::vector<PlayerId> GameFacts::to_order() const {
  if (row.status != GameStatus::Running || !row.to_order) return {};
  return *row.to_order;
}

void GameFacts::fill_summary(std::optional<std::int64_t> user, proto::GameSummary& s) const {
  const GameRow& g = row;
  s.set_id(static_cast<std::uint64_t>(g.id));
  s.set_scenario(g.full_scenario());
  s.set_status(status_proto(g.status));
  s.set_step(static_cast<std::uint64_t>(g.step));
  s.set_step_label(g.step_label);
  s.set_deadline_unix(g.step_deadline.value_or(0));
  s.set_deadline_seconds(static_cast<std::uint64_t>(g.deadline_seconds));
  s.set_seed_hash(hex(g.seed_hash));
  s.set_rules_version(static_cast<std::uint32_t>(g.rules_version));
  if (g.status == GameStatus::Over) {
    s.set_seed(hex(g.seed));
    s.set_state_salt(hex(hasher_of(g).salt));
    for (SideId side : g.winning_sides) s.add_winning_sides(side_name(who, side));
  }
  s.set_result(g.result);
  s.set_computer_takes_over(g.computer_takes_over);
  s.set_my_seat(-1);
  if (playable()) {
    for (PlayerId p : controlled_seats(user))
      s.add_controlled_seats(static_cast<std::uint32_t>(p.value));
  }
  const std::vector<PlayerId> must = playable() ? to_order() : std::vector<PlayerId>{};
  const std::vector<Offer> offered = offers();
  for (int i = 0; i < g.players; ++i) {
    proto::Seat& seat = *s.add_seats();
    seat.set_seat(static_cast<std::uint32_t>(i));
    seat.set_side(who.seat_names[static_cast<std::size_t>(i)]);
    for (SideId side : who.sides_of(PlayerId{i})) {
      if (static_cast<std::size_t>(side.value) < who.side_names.size())
        seat.add_sides(who.side_names[static_cast<std::size_t>(side.value)]);
    }
    for (const SeatRow& r : seats) {
      if (r.seat != i) continue;
      seat.set_player(r.name + (r.resigned ? " (resigned)" : ""));
      seat.set_resigned(r.resigned);
      seat.set_missed_deadlines(static_cast<std::uint32_t>(std::max(0, r.missed)));
      if (user && r.user_id == *user) s.set_my_seat(i);
    }
    if (const auto o = offer_for(offered, i)) {
      seat.set_offered(true);
      seat.set_offer_reason(reason_proto(o->reason));
    }
    if (const auto c = computer_play(i)) {
      seat.set_computer(true);
      seat.set_computer_from_step(static_cast<std::uint64_t>(c->from_step));
    }
    seat.set_must_order(std::count(must.begin(), must.end(), PlayerId{i}) > 0);
    for (const OrdersRow& o : orders) {
      if (o.seat != i) continue;
      seat.set_saved(true);
      seat.set_ready(o.ready);
    }
  }
  for (const ProposalRow& p : proposals) to_proto(p, who, *s.add_proposals());
  s.set_paused(g.paused == Pause::Agreed  ? proto::PAUSED_BY_AGREEMENT
               : g.paused == Pause::Admin ? proto::PAUSED_BY_ADMIN
                                          : proto::NOT_PAUSED);
  if (g.paused != Pause::None && g.paused_remaining)
    s.set_paused_remaining_seconds(*g.paused_remaining);
  s.set_press(press_proto(g.press));
  s.set_private_press(g.private_press);
  s.set_name(g.name);
  s.set_disorder_after(static_cast<std::uint32_t>(std::max(0, g.disorder_after)));
  s.set_last_event(static_cast<std::uint64_t>(g.next_event - 1));
  if (chain_shown(g)) s.set_chain_hash(hex(g.chain_hash));
}

proto::GameOver GameFacts::game_over() const {
  proto::GameOver o;
  o.set_result(row.result);
  for (PlayerId p : row.winners) o.add_winners(static_cast<std::uint32_t>(p.value));
  o.set_seed(hex(row.seed));
  o.set_state_salt(hex(hasher_of(row).salt));
  for (SideId side : row.winning_sides)
    o.add_winning_sides(who.side_names.at(static_cast<std::size_t>(side.value)));
  return o;
}

std::optional<std::int64_t> next_deadline(const GameRow& g, const StepInfo& next,
                                          std::int64_t resolved_at) {
  if (next.game_over || g.deadline_seconds <= 0) return std::nullopt;
  return resolved_at + g.deadline_seconds;
}

proto::GameEvent step_resolved_event(const GameRow& g, const PlayedStep& p,
                                     const std::vector<SeatOrders>& orders, const StepInfo& next) {
  proto::GameEvent e;
  e.set_game_id(static_cast<std::uint64_t>(g.id));
  e.set_at_unix(p.timing.resolved_at);
  auto& r = *e.mutable_resolved();
  r.set_step(static_cast<std::uint64_t>(p.before.number.value));
  r.set_step_label(p.before.label);
  to_proto(orders, p.orders_audience, *r.mutable_orders());
  convert::to_proto(p.resolution.events, *r.mutable_happenings());
  r.set_state_hash(hex(p.state_hash));
  r.set_next_step(static_cast<std::uint64_t>(next.number.value));
  r.set_next_label(next.label);
  r.set_next_deadline_unix(next_deadline(g, next, p.timing.resolved_at).value_or(0));
  r.set_by_deadline(p.timing.by_deadline);
  if (g.hash_scheme >= GameHasher::kKeyedRecords) r.set_record_hash(hex(p.record_hash));
  return e;
}

bool chain_shown(const GameRow& g) {
  return g.hash_scheme >= GameHasher::kKeyedRecords || g.status == GameStatus::Over;
}

}  // namespace naumachia::server
