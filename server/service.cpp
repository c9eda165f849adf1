#include "service.h"

#include <algorithm>
#include <cctype>

#include "history.h"
#include "log.h"
#include "replay.h"
#include "visibility.h"

namespace naumachia::server {

namespace {

using proto::ErrorCode;

// The one place requests fail: thrown inside a handler, turned into an Error
// response by Service::handle. The transaction in scope rolls back.
struct ApiError {
  ErrorCode code;
  std::string message;
  std::vector<OrderError> order_errors;
};

[[noreturn]] void refuse(ErrorCode code, std::string message) {
  throw ApiError{code, std::move(message), {}};
}

std::string game_label(std::int64_t id) {
  return "game " + std::to_string(id);
}

proto::GameStatus status_of(const std::string& s) {
  if (s == "open") return proto::OPEN;
  if (s == "running") return proto::RUNNING;
  return proto::OVER;
}

void to_proto(const View& v, proto::View& out) {
  out.set_board_kind(v.board_kind);
  for (const Cell& c : v.cells) {
    proto::Cell& pc = *out.add_cells();
    pc.set_id(c.id);
    pc.set_col(c.col);
    pc.set_row(c.row);
    pc.set_terrain(c.terrain);
    pc.set_label(c.label);
    for (const Token& t : c.tokens) {
      proto::Token& pt = *pc.add_tokens();
      pt.set_owner(t.owner);
      pt.set_kind(t.kind);
      pt.set_label(t.label);
      pt.set_facing(t.facing);
      for (const std::string& m : t.marks) pt.add_marks(m);
    }
  }
  for (const std::string& n : v.notes) out.add_notes(n);
}

bool valid_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

}  // namespace

// The request handlers. One struct so that each handler stays a short function
// with the service's parts at hand.
struct Handlers {
  Service& svc;
  ConnectionState& conn;
  const std::shared_ptr<Outbox>& outbox;

  Store& store() { return svc.store_; }
  std::int64_t now() { return svc.clock_(); }

  std::int64_t require_user() {
    if (!conn.user_id) refuse(proto::UNAUTHENTICATED, "log in (or resume a session) first");
    return *conn.user_id;
  }

  GameRow require_game(std::uint64_t id) {
    auto g = store().game(static_cast<std::int64_t>(id));
    if (!g) refuse(proto::NOT_FOUND, "there is no game " + std::to_string(id));
    return *g;
  }

  const Game& module_of(const GameRow& g) {
    const Game* m = svc.registry_.find(g.game);
    if (!m) refuse(proto::INTERNAL, "this server has no module for game '" + g.game + "'");
    return *m;
  }

  // The game's position under the rules version it was created under.
  std::unique_ptr<State> load_state(const GameRow& g) {
    const Game& module = module_of(g);
    if (auto why = module.rules_problem(RulesVersion{g.rules_version}))
      refuse(proto::UNSUPPORTED_RULES, game_label(g.id) + ": " + *why);
    auto s = module.deserialize(g.state, RulesVersion{g.rules_version});
    if (!s)
      refuse(proto::INTERNAL,
             game_label(g.id) + ": stored state is unreadable: " + s.error().message);
    return std::move(*s);
  }

  ScenarioInfo scenario_of(const GameRow& g) {
    auto found = svc.registry_.find_scenario(g.full_scenario());
    if (!found) refuse(proto::INTERNAL, found.error().message);
    return found->second;
  }

  std::optional<SeatRow> my_seat(const std::vector<SeatRow>& seats) {
    for (const SeatRow& s : seats) {
      if (conn.user_id && s.user_id == *conn.user_id) return s;
    }
    return std::nullopt;
  }

  // ------------------------------------------------------------ accounts

  void start_session(const UserRow& user, proto::Envelope& out) {
    const Bytes token = random_bytes(32);
    store().create_session(sha256(token), user.id, now());
    conn.user_id = user.id;
    conn.user_name = user.name;
    svc.outboxes_.emplace(user.id, outbox);
    auto& s = *out.mutable_session();
    s.set_token(hex(token));
    s.set_name(user.name);
    s.set_user_id(static_cast<std::uint64_t>(user.id));
    log_line("user '" + user.name + "' signed in");
  }

  void do_register(const proto::RegisterRequest& r, proto::Envelope& out) {
    if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
    if (!valid_name(r.name())) {
      refuse(proto::INVALID_ARGUMENT, "a name is 3 to 32 letters, digits, '_' or '-'");
    }
    if (r.password().size() < 8 || r.password().size() > 256) {
      refuse(proto::INVALID_ARGUMENT, "a password is 8 to 256 bytes long");
    }
    Transaction tx(store().db());
    if (store().user_by_name(r.name()))
      refuse(proto::NAME_TAKEN, "the name '" + r.name() + "' is taken");
    const Bytes salt = random_bytes(16);
    const std::int64_t id =
        store().create_user(r.name(), salt, password_hash(r.password(), salt), now());
    start_session(UserRow{id, r.name(), salt, {}}, out);
    tx.commit();
  }

  void do_login(const proto::LoginRequest& r, proto::Envelope& out) {
    if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
    auto user = store().user_by_name(r.name());
    if (!user || !constant_time_equal(password_hash(r.password(), user->pw_salt), user->pw_hash)) {
      refuse(proto::BAD_CREDENTIALS, "unknown user or wrong password");
    }
    Transaction tx(store().db());
    start_session(*user, out);
    tx.commit();
  }

  void do_resume(const proto::ResumeRequest& r, proto::Envelope& out) {
    if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
    const Bytes token = unhex(r.token());
    if (token.size() != 32) refuse(proto::BAD_CREDENTIALS, "that is not a session token");
    Transaction tx(store().db());
    auto user = store().user_by_token(sha256(token), now());
    if (!user) refuse(proto::BAD_CREDENTIALS, "unknown or expired session token; log in again");
    conn.user_id = user->id;
    conn.user_name = user->name;
    svc.outboxes_.emplace(user->id, outbox);
    auto& s = *out.mutable_session();
    s.set_token(r.token());
    s.set_name(user->name);
    s.set_user_id(static_cast<std::uint64_t>(user->id));
    tx.commit();
  }

  // ------------------------------------------------------------ scenarios, games

  void do_list_scenarios(proto::Envelope& out) {
    auto& list = *out.mutable_scenarios();
    for (const Game* game : svc.registry_.games()) {
      for (const ScenarioInfo& s : game->scenarios()) {
        proto::Scenario& p = *list.add_scenarios();
        p.set_id(game->id() + "/" + s.id);
        p.set_title(s.title);
        p.set_description(s.description);
        for (const std::string& side : s.sides) p.add_sides(side);
        p.set_min_players(static_cast<std::uint32_t>(s.min_players));
        p.set_max_players(static_cast<std::uint32_t>(s.max_players));
        p.set_rules_version(static_cast<std::uint32_t>(game->rules_version().value));
      }
    }
  }

  Seating seating(const GameRow& g) { return module_of(g).seating(scenario_of(g), g.players); }

  std::vector<std::string> seat_names(const GameRow& g) { return seating(g).seat_names; }

  static std::vector<bool> resigned_seats(const GameRow& g, const std::vector<SeatRow>& seats) {
    std::vector<bool> out(static_cast<std::size_t>(g.players), false);
    for (const SeatRow& s : seats) {
      if (s.resigned && s.seat >= 0 && s.seat < g.players)
        out[static_cast<std::size_t>(s.seat)] = true;
    }
    return out;
  }

  // The seats `user` orders for: their own while they have not resigned, and
  // (when the game hands a resigned seat's forces to its partners) every
  // resigned seat sharing a side with it.
  std::vector<PlayerId> controlled_seats(const GameRow& g, const std::vector<SeatRow>& seats,
                                         std::optional<std::int64_t> user) {
    std::vector<PlayerId> out;
    const auto mine = std::find_if(seats.begin(), seats.end(),
                                   [&](const SeatRow& r) { return user && r.user_id == *user; });
    if (mine == seats.end() || mine->resigned) return out;
    out.push_back(PlayerId{mine->seat});
    if (module_of(g).resigned_forces() != ResignedForces::ToPartner) return out;
    const Seating who = seating(g);
    for (const SeatRow& r : seats) {
      if (r.resigned && who.partners(PlayerId{mine->seat}, PlayerId{r.seat}))
        out.push_back(PlayerId{r.seat});
    }
    return out;
  }

  // What the user may read of the game: everything once it is over; else what
  // the seats they hold (their own, resigned partners' they control) may
  // read; an observer (or a resigned player) only what is public.
  Viewer viewer_of(const GameRow& g, std::optional<std::int64_t> user) {
    if (g.status == "over") return Viewer::all();
    const auto seats = store().seats(g.id);
    Viewer v;
    v.seats = controlled_seats(g, seats, user);
    const auto mine = std::find_if(seats.begin(), seats.end(),
                                   [&](const SeatRow& r) { return user && r.user_id == *user; });
    // A resigned player keeps what their own seat saw.
    if (mine != seats.end() && v.seats.empty()) v.seats.push_back(PlayerId{mine->seat});
    return v;
  }

  static std::string side_numbers(const std::vector<SideId>& sides) {
    std::string out;
    for (SideId s : sides) out += (out.empty() ? "" : " ") + std::to_string(s.value);
    return out;
  }

  static std::string seat_numbers(const std::vector<PlayerId>& seats) {
    std::string out;
    for (PlayerId p : seats) out += (out.empty() ? "" : " ") + std::to_string(p.value);
    return out;
  }

  // A game this server cannot play (its module, scenario or rules version
  // missing) is still listed: with numbered seats and no current orders.
  bool playable(const GameRow& g) {
    const Game* m = svc.registry_.find(g.game);
    return m && !m->rules_problem(RulesVersion{g.rules_version}) &&
           svc.registry_.find_scenario(g.full_scenario());
  }

  void fill_summary(const GameRow& g, proto::GameSummary& s) {
    const bool can_play = playable(g);
    const Seating who = can_play ? seating(g) : Seating::one_side_each({}, g.players);
    const auto& names = who.seat_names;
    const auto seats = store().seats(g.id);
    s.set_id(static_cast<std::uint64_t>(g.id));
    s.set_scenario(g.full_scenario());
    s.set_status(status_of(g.status));
    s.set_step(static_cast<std::uint64_t>(g.step));
    s.set_step_label(g.step_label);
    s.set_deadline_unix(g.step_deadline.value_or(0));
    s.set_deadline_seconds(static_cast<std::uint64_t>(g.deadline_seconds));
    s.set_seed_hash(hex(g.seed_hash));
    s.set_rules_version(static_cast<std::uint32_t>(g.rules_version));
    if (g.status == "over") {
      s.set_seed(hex(g.seed));
      s.set_state_salt(hex(hasher_of(g).salt));
      for (const std::string& n : text_split(g.winning_sides)) {
        const std::size_t i = std::stoul(n);
        s.add_winning_sides(i < who.side_names.size() ? who.side_names[i] : "side " + n);
      }
    }
    s.set_result(g.result);
    s.set_my_seat(-1);
    if (can_play) {
      for (PlayerId p : controlled_seats(g, seats, conn.user_id))
        s.add_controlled_seats(static_cast<std::uint32_t>(p.value));
    }
    std::vector<PlayerId> to_order;
    std::vector<OrdersRow> orders;
    if (g.status == "running" && can_play) {
      to_order = load_state(g)->step().to_order;
      orders = store().orders(g.id, g.step);
    }
    for (int i = 0; i < g.players; ++i) {
      proto::Seat& seat = *s.add_seats();
      seat.set_seat(static_cast<std::uint32_t>(i));
      seat.set_side(names[static_cast<std::size_t>(i)]);
      for (SideId side : who.sides_of(PlayerId{i})) {
        if (static_cast<std::size_t>(side.value) < who.side_names.size())
          seat.add_sides(who.side_names[static_cast<std::size_t>(side.value)]);
      }
      for (const SeatRow& r : seats) {
        if (r.seat != i) continue;
        seat.set_player(r.name + (r.resigned ? " (resigned)" : ""));
        seat.set_resigned(r.resigned);
        if (conn.user_id && r.user_id == *conn.user_id) s.set_my_seat(i);
      }
      seat.set_must_order(std::count(to_order.begin(), to_order.end(), PlayerId{i}) > 0);
      for (const OrdersRow& o : orders) {
        if (o.seat == i) seat.set_ready(o.ready);
      }
    }
    s.set_last_event(static_cast<std::uint64_t>(store().last_event_seq(g.id)));
  }

  int choose_seat(int requested, int players, const std::vector<SeatRow>& taken) {
    std::vector<int> free;
    for (int i = 0; i < players; ++i) {
      if (std::none_of(taken.begin(), taken.end(), [i](const SeatRow& s) { return s.seat == i; })) {
        free.push_back(i);
      }
    }
    if (free.empty()) refuse(proto::GAME_FULL, "every seat of this game is taken");
    if (requested < 0) return free[random_bytes(1)[0] % free.size()];
    if (requested >= players) {
      refuse(proto::INVALID_ARGUMENT, "seat " + std::to_string(requested) +
                                          " does not exist; seats are 0.." +
                                          std::to_string(players - 1));
    }
    if (std::find(free.begin(), free.end(), requested) == free.end()) {
      refuse(proto::GAME_FULL, "seat " + std::to_string(requested) + " is taken");
    }
    return requested;
  }

  void do_create_game(const proto::CreateGameRequest& r, proto::Envelope& out) {
    const std::int64_t user = require_user();
    auto found = svc.registry_.find_scenario(r.scenario());
    if (!found) refuse(proto::NOT_FOUND, found.error().message);
    const ScenarioInfo& scenario = found->second;
    const int players = r.players() ? static_cast<int>(std::min<std::uint32_t>(r.players(), 1000))
                                    : static_cast<int>(scenario.sides.size());
    if (players < scenario.min_players || players > scenario.max_players) {
      refuse(proto::INVALID_ARGUMENT, "this scenario takes " +
                                          std::to_string(scenario.min_players) + " to " +
                                          std::to_string(scenario.max_players) + " players");
    }
    if (const std::string why = found->first->seating(scenario, players).problem(); !why.empty())
      refuse(proto::INTERNAL, "the module's seating for " + std::to_string(players) +
                                  " players is inconsistent: " + why);
    if (static_cast<std::int64_t>(r.deadline_seconds()) > svc.limits_.max_deadline_seconds) {
      refuse(proto::INVALID_ARGUMENT, "a step deadline is at most 30 days");
    }
    GameRow g;
    g.game = found->first->id();
    g.scenario = scenario.id;
    g.players = players;
    g.created_by = user;
    g.deadline_seconds = static_cast<std::int64_t>(r.deadline_seconds());
    g.seed = random_bytes(32);
    g.seed_hash = sha256(g.seed);
    g.rules_version = found->first->rules_version().value;
    g.hash_scheme = StateHasher::kSalted;
    Transaction tx(store().db());
    const int seat = choose_seat(r.seat(), players, {});
    g.id = store().create_game(g, now());
    store().add_seat(g.id, seat, user, now());
    const std::vector<proto::GameEvent> events{joined_event(g.id, seat, false)};
    tx.commit();
    log_line(game_label(g.id) + " created (" + g.full_scenario() + ") by '" + conn.user_name + "'");
    push(g.id, events);
    fill_summary(*store().game(g.id), *out.mutable_game());
  }

  proto::GameEvent joined_event(std::int64_t game_id, int seat, bool started) {
    proto::GameEvent e;
    auto& j = *e.mutable_joined();
    j.set_seat(static_cast<std::uint32_t>(seat));
    j.set_player(conn.user_name);
    j.set_game_started(started);
    return record_event(game_id, std::move(e));
  }

  proto::GameEvent record_event(std::int64_t game_id, proto::GameEvent e) {
    e.set_game_id(static_cast<std::uint64_t>(game_id));
    e.set_seq(static_cast<std::uint64_t>(store().next_event_seq(game_id)));
    e.set_at_unix(now());
    store().insert_event(game_id, static_cast<std::int64_t>(e.seq()), e.SerializeAsString());
    return e;
  }

  void do_list_games(const proto::ListGamesRequest& r, proto::Envelope& out) {
    const std::int64_t user = require_user();
    auto& list = *out.mutable_games();
    for (const GameRow& g : store().games(r.mine_only(), r.open_only(), user)) {
      fill_summary(g, *list.add_games());
    }
  }

  void do_join_game(const proto::JoinGameRequest& r, proto::Envelope& out) {
    const std::int64_t user = require_user();
    Transaction tx(store().db());
    GameRow g = require_game(r.game_id());
    if (g.status != "open") refuse(proto::GAME_FULL, game_label(g.id) + " has already started");
    const auto seats = store().seats(g.id);
    if (my_seat(seats)) refuse(proto::ALREADY_JOINED, "you already sit in " + game_label(g.id));
    const int seat = choose_seat(r.seat(), g.players, seats);
    store().add_seat(g.id, seat, user, now());
    const bool full = static_cast<int>(seats.size()) + 1 == g.players;
    std::vector<proto::GameEvent> events{joined_event(g.id, seat, full)};
    if (full) start_game(g);
    tx.commit();
    log_line(game_label(g.id) + ": '" + conn.user_name + "' joined" +
             (full ? "; the game starts" : ""));
    push(g.id, events);
    resolve_ready_steps(g.id);
    fill_summary(*store().game(g.id), *out.mutable_game());
  }

  void start_game(GameRow& g) {
    const Game& module = module_of(g);
    if (auto why = module.rules_problem(RulesVersion{g.rules_version}))
      refuse(proto::UNSUPPORTED_RULES, game_label(g.id) + ": " + *why);
    auto state = module.new_game(g.scenario, g.players, RulesVersion{g.rules_version});
    if (!state) refuse(proto::INTERNAL, "cannot set up the scenario: " + state.error().message);
    g.status = "running";
    g.initial_hash = hasher_of(g)(**state);
    g.chain_hash = genesis_of(g, g.initial_hash);
    set_position(g, **state);
    store().update_game(g);
  }

  // Records `state` as the game's current position, with its step and deadline.
  void set_position(GameRow& g, const State& state) {
    const StepInfo info = state.step();
    g.state = state.serialize();
    g.state_hash = hasher_of(g)(state);
    g.step = info.number.value;
    g.step_label = info.label;
    g.step_deadline.reset();
    if (info.game_over) {
      g.status = "over";
      g.result = info.result;
      g.winning_sides = side_numbers(info.winners);
      g.winners = seat_numbers(
          winning_seats(seating(g), info.winners, resigned_seats(g, store().seats(g.id))));
    } else if (g.deadline_seconds > 0) {
      g.step_deadline = now() + g.deadline_seconds;
    }
  }

  // The seat a request acts for: `for_seat` when given (it must be one the
  // user controls), else the user's own seat.
  PlayerId acting_seat(const GameRow& g, const std::vector<SeatRow>& seats,
                       const std::optional<std::uint32_t>& for_seat) {
    const auto mine = my_seat(seats);
    if (!mine) refuse(proto::FORBIDDEN, "you do not sit in " + game_label(g.id));
    if (!for_seat) {
      if (mine->resigned) refuse(proto::FORBIDDEN, "you resigned from " + game_label(g.id));
      return PlayerId{mine->seat};
    }
    const auto controlled = controlled_seats(g, seats, conn.user_id);
    const PlayerId wanted{static_cast<int>(std::min<std::uint32_t>(*for_seat, 100000))};
    if (std::find(controlled.begin(), controlled.end(), wanted) == controlled.end()) {
      refuse(proto::FORBIDDEN,
             "you do not control seat " + std::to_string(*for_seat) + " of " + game_label(g.id) +
                 ": you order for your own seat, and for a resigned partner's on your side when "
                 "the game hands its forces over");
    }
    return wanted;
  }

  void do_get_game(const proto::GetGameRequest& r, proto::Envelope& out) {
    require_user();
    const GameRow g = require_game(r.game_id());
    auto& d = *out.mutable_detail();
    fill_summary(g, *d.mutable_summary());
    const auto seats = store().seats(g.id);
    if (g.status == "open") return;
    const auto state = load_state(g);
    d.set_order_help(state->order_help());
    if (g.status == "over") {
      to_proto(state->view(std::nullopt), *d.mutable_view());
      return;
    }
    const auto mine = my_seat(seats);
    if (!mine) return;  // observers see a running game's summary, never a side's view
    std::optional<std::uint32_t> for_seat;
    if (r.has_for_seat()) for_seat = r.for_seat();
    // A resigned player still sees their own seat's view.
    const PlayerId seat =
        (mine->resigned && !for_seat) ? PlayerId{mine->seat} : acting_seat(g, seats, for_seat);
    to_proto(state->view(seat), *d.mutable_view());
    for (const OrdersRow& o : store().orders(g.id, g.step)) {
      if (o.seat != seat.value) continue;
      for (const std::string& l : o.lines) d.add_my_orders(l);
      d.set_my_ready(o.ready);
    }
  }

  // ------------------------------------------------------------ orders

  void do_submit_orders(const proto::SubmitOrdersRequest& r, proto::Envelope& out) {
    require_user();
    std::int64_t game_id = 0;
    {
      Transaction tx(store().db());
      const GameRow g = require_game(r.game_id());
      game_id = g.id;
      const auto seats = store().seats(g.id);
      std::optional<std::uint32_t> for_seat;
      if (r.has_for_seat()) for_seat = r.for_seat();
      const PlayerId me = acting_seat(g, seats, for_seat);
      if (g.status != "running")
        refuse(proto::GAME_NOT_RUNNING,
               game_label(g.id) + (g.status == "open" ? " has not started" : " is over"));
      if (static_cast<std::int64_t>(r.step()) != g.step) {
        refuse(proto::STALE_STEP, "the orders are for step " + std::to_string(r.step()) + " but " +
                                      game_label(g.id) + " is at step " + std::to_string(g.step) +
                                      " (" + g.step_label + ")");
      }
      const auto state = load_state(g);
      const auto must = state->step().to_order;
      if (std::find(must.begin(), must.end(), me) == must.end()) {
        refuse(proto::NOT_YOUR_STEP,
               (for_seat ? "seat " + std::to_string(me.value) : std::string("your side")) +
                   " does not order in " + g.step_label);
      }
      std::vector<std::string> lines(r.lines().begin(), r.lines().end());
      auto valid = state->validate(me, lines);
      if (!valid)
        throw ApiError{proto::ILLEGAL_ORDERS,
                       std::to_string(valid.error().size()) + " illegal order(s)", valid.error()};
      OrdersRow o{me.value, valid->lines, random_bytes(16), {}, r.ready(), false};
      o.commitment = commitment(o.nonce, o.lines);
      store().put_orders(g.id, g.step, o, now());
      proto::GameEvent e;
      auto& c = *e.mutable_committed();
      c.set_seat(static_cast<std::uint32_t>(o.seat));
      c.set_step(static_cast<std::uint64_t>(g.step));
      c.set_commitment(hex(o.commitment));
      c.set_ready(o.ready);
      e = record_event(g.id, std::move(e));
      tx.commit();  // durable from here: the acknowledgement below may be sent
      auto& a = *out.mutable_orders_accepted();
      for (const std::string& l : o.lines) a.add_canonical(l);
      a.set_commitment(hex(o.commitment));
      a.set_ready(o.ready);
      push(g.id, {e});
    }
    out.mutable_orders_accepted()->set_resolved(resolve_ready_steps(game_id));
  }

  void do_resign(const proto::ResignRequest& r, proto::Envelope& out) {
    require_user();
    std::vector<proto::GameEvent> events;
    GameRow g;
    {
      Transaction tx(store().db());
      g = require_game(r.game_id());
      const auto seats = store().seats(g.id);
      const auto seat = my_seat(seats);
      if (!seat) refuse(proto::FORBIDDEN, "you do not sit in " + game_label(g.id));
      if (seat->resigned) refuse(proto::INVALID_ARGUMENT, "you have already resigned");
      if (g.status != "running")
        refuse(proto::GAME_NOT_RUNNING, game_label(g.id) + " is not running");
      store().set_resigned(g.id, seat->seat);
      proto::GameEvent e;
      e.mutable_resigned()->set_seat(static_cast<std::uint32_t>(seat->seat));
      e.mutable_resigned()->set_player(conn.user_name);
      events.push_back(record_event(g.id, std::move(e)));
      end_if_decided(g, store().seats(g.id), events);
      tx.commit();
    }
    log_line(game_label(g.id) + ": '" + conn.user_name + "' resigned");
    push(g.id, events);
    resolve_ready_steps(g.id);
    fill_summary(*store().game(g.id), *out.mutable_game());
  }

  // When nobody is left to play against (every seat still in the game plays
  // every remaining side), the remaining sides win.
  void end_if_decided(GameRow& g, const std::vector<SeatRow>& seats,
                      std::vector<proto::GameEvent>& events) {
    const Seating who = seating(g);
    const auto resigned = resigned_seats(g, seats);
    const Standing st = standing(who, resigned);
    if (!st.decided) return;
    g.status = "over";
    g.step_deadline.reset();
    g.winning_sides = side_numbers(st.remaining);
    g.winners = seat_numbers(winning_seats(who, st.remaining, resigned));
    std::vector<std::string> names;
    for (SideId s : st.remaining)
      names.push_back(who.side_names.at(static_cast<std::size_t>(s.value)));
    std::string joined;
    for (std::size_t i = 0; i < names.size(); ++i)
      joined += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    g.result = names.empty() ? "every player resigned: nobody wins"
                             : joined + (names.size() == 1 ? " wins" : " win") +
                                   ": every other side resigned";
    store().update_game(g);
    events.push_back(over_event(g));
  }

  proto::GameEvent over_event(const GameRow& g) {
    proto::GameEvent e;
    auto& o = *e.mutable_over();
    o.set_result(g.result);
    for (const std::string& piece : text_split(g.winners))
      o.add_winners(static_cast<std::uint32_t>(std::stoul(piece)));
    o.set_seed(hex(g.seed));
    o.set_state_salt(hex(hasher_of(g).salt));
    const Seating who = seating(g);
    for (const std::string& n : text_split(g.winning_sides))
      o.add_winning_sides(who.side_names.at(std::stoul(n)));
    return record_event(g.id, std::move(e));
  }

  static std::vector<std::string> text_split(const std::string& s) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
      const std::size_t j = std::min(s.find(' ', i), s.size());
      if (j > i) out.push_back(s.substr(i, j - i));
      i = j + 1;
    }
    return out;
  }

  // ------------------------------------------------------------ resolution

  // Resolves steps while every seat that must order is ready (or resigned).
  // Returns whether any step resolved.
  // Failures are logged, not returned: the request that triggered the
  // resolution (an order, a join) has already been committed.
  bool resolve_ready_steps(std::int64_t game_id) {
    bool any = false;
    try {
      while (resolve_if(game_id, false)) any = true;
    } catch (const ApiError& e) {
      log_line(game_label(game_id) + ": resolution failed: " + e.message);
    } catch (const std::exception& e) {
      log_line(game_label(game_id) + ": resolution failed: " + e.what());
    }
    return any;
  }

  bool resolve_if(std::int64_t game_id, bool by_deadline) {
    std::vector<proto::GameEvent> events;
    GameRow g;
    {
      Transaction tx(store().db());
      g = require_game(static_cast<std::uint64_t>(game_id));
      if (g.status != "running") return false;
      if (by_deadline && (!g.step_deadline || *g.step_deadline > now())) return false;
      const auto state = load_state(g);
      const auto orders = orders_for_resolution(g, *state, by_deadline);
      if (!orders) return false;
      const PlayedStep played =
          play_step(*state, *orders, to_seed(g.seed), hasher_of(g), g.chain_hash);
      record_step(g, played, *orders, by_deadline, events);
      tx.commit();
    }
    log_line(game_label(g.id) + ": " + events.front().resolved().step_label() + " resolved" +
             (by_deadline ? " at its deadline" : ""));
    push(g.id, events);
    return true;
  }

  // The orders each seat plays, or nullopt while someone must still order.
  std::optional<std::vector<SeatOrders>> orders_for_resolution(const GameRow& g, const State& state,
                                                               bool by_deadline) {
    const auto saved = store().orders(g.id, g.step);
    const auto seats = store().seats(g.id);
    const auto resigned = resigned_seats(g, seats);
    const Seating who = seating(g);
    const bool to_partner = module_of(g).resigned_forces() == ResignedForces::ToPartner;
    // A resigned seat waits for a partner's orders when its forces pass to
    // its partners and one of them plays on; otherwise it gets defaults.
    const auto partner_plays_on = [&](PlayerId p) {
      if (!to_partner) return false;
      for (int i = 0; i < g.players; ++i) {
        if (!resigned[static_cast<std::size_t>(i)] && who.partners(p, PlayerId{i})) return true;
      }
      return false;
    };
    std::vector<SeatOrders> out;
    for (PlayerId p : state.step().to_order) {
      const auto o = std::find_if(saved.begin(), saved.end(),
                                  [p](const OrdersRow& r) { return r.seat == p.value; });
      const bool left = resigned.at(static_cast<std::size_t>(p.value)) && !partner_plays_on(p);
      if (o != saved.end() && (o->ready || by_deadline)) {
        out.push_back(SeatOrders{p.value, o->lines, o->nonce, false});
      } else if (left || by_deadline) {
        out.push_back(SeatOrders{p.value, state.default_orders(p).lines, random_bytes(16), true});
      } else {
        return std::nullopt;
      }
    }
    return out;
  }

  void record_step(GameRow& g, const PlayedStep& played, const std::vector<SeatOrders>& orders,
                   bool by_deadline, std::vector<proto::GameEvent>& events) {
    for (const SeatOrders& o : orders) {
      store().put_orders(
          g.id, g.step,
          OrdersRow{o.seat, o.lines, o.nonce, commitment(o.nonce, o.lines), true, o.defaulted},
          now());
    }
    const StepRow row{g.step,
                      played.before.label,
                      rolls_text(played.rolls),
                      events_text(played.resolution.events),
                      played.state_hash,
                      g.chain_hash,
                      played.record_hash,
                      by_deadline};
    store().insert_step(g.id, row, now());
    g.chain_hash = played.record_hash;
    set_position(g, *played.resolution.next);
    store().update_game(g);

    proto::GameEvent e;
    auto& r = *e.mutable_resolved();
    r.set_step(static_cast<std::uint64_t>(row.step));
    r.set_step_label(row.label);
    to_proto(orders, played.orders_audience, *r.mutable_orders());
    to_proto(played.resolution.events, *r.mutable_happenings());
    r.set_state_hash(hex(played.state_hash));
    r.set_next_step(static_cast<std::uint64_t>(g.step));
    r.set_next_label(g.step_label);
    r.set_next_deadline_unix(g.step_deadline.value_or(0));
    r.set_by_deadline(by_deadline);
    events.push_back(record_event(g.id, std::move(e)));
    if (g.status == "over") events.push_back(over_event(g));
  }

  // Sends events to every connected player of the game, each cut to what
  // that player may see (visibility.h).
  void push(std::int64_t game_id, const std::vector<proto::GameEvent>& events) {
    const auto seats = store().seats(game_id);
    const GameRow g = require_game(static_cast<std::uint64_t>(game_id));
    for (const SeatRow& s : seats) {
      auto [lo, hi] = svc.outboxes_.equal_range(s.user_id);
      if (lo == hi) continue;
      const Viewer viewer = viewer_of(g, s.user_id);
      for (const proto::GameEvent& e : events) {
        proto::Envelope env;
        env.set_version(proto::PROTOCOL_VERSION);
        *env.mutable_event() = visible_part(e, viewer);
        const std::string frame = env.SerializeAsString();
        for (auto it = lo; it != hi; ++it) {
          if (auto o = it->second.lock()) o->send(frame);
        }
      }
    }
  }

  // ------------------------------------------------------------ history

  // Anyone signed in may read a game's history: a seated player what their
  // seats may see, an observer what is public, everyone everything once the
  // game is over.
  void do_events(const proto::EventsRequest& r, proto::Envelope& out) {
    require_user();
    const GameRow g = require_game(r.game_id());
    const Viewer viewer = viewer_of(g, conn.user_id);
    auto& list = *out.mutable_events_result();
    for (const std::string& payload :
         store().events_after(g.id, static_cast<std::int64_t>(r.after_seq()))) {
      proto::GameEvent stored;
      if (!stored.ParseFromString(payload)) refuse(proto::INTERNAL, "a stored event is corrupt");
      *list.add_events() = visible_part(stored, viewer);
    }
  }

  void do_replay(const proto::ReplayRequest& r, proto::Envelope& out) {
    require_user();
    const GameRow g = require_game(r.game_id());
    if (g.status == "open") refuse(proto::GAME_NOT_RUNNING, game_label(g.id) + " has not started");
    const Viewer viewer = viewer_of(g, conn.user_id);
    // The board as a seat saw it; an observer of a running game gets no board.
    const auto mine = my_seat(store().seats(g.id));
    const bool boards = viewer.everything || mine.has_value();
    std::optional<PlayerId> eyes;
    if (!viewer.everything && mine) eyes = PlayerId{mine->seat};
    auto& rr = *out.mutable_replay_result();
    // Views are large: only the step asked for (by default the last) carries one.
    const std::int64_t view_step =
        r.view_step() ? static_cast<std::int64_t>(r.view_step()) : g.step - 1;
    try {
      const auto summary = replay_game(
          store(), svc.registry_, g.id,
          [&](const State& initial) {
            if (boards) to_proto(initial.view(eyes), *rr.mutable_initial());
          },
          [&](const ReplayedStep& s, const State& after) {
            proto::ReplayStep& p = *rr.add_steps();
            p.set_step(static_cast<std::uint64_t>(s.stored.step));
            p.set_label(s.stored.label);
            to_proto(s.orders, s.played.orders_audience, *p.mutable_orders());
            cut_for(viewer, *p.mutable_orders());
            to_proto(s.played.resolution.events, *p.mutable_happenings());
            cut_for(viewer, *p.mutable_happenings());
            if (boards && s.stored.step == view_step) to_proto(after.view(eyes), *p.mutable_view());
            p.set_state_hash(hex(s.played.state_hash));
            p.set_verified(s.state_ok && s.record_ok);
          });
      rr.set_all_verified(summary.ok());
      if (summary.divergence) rr.set_divergence(*summary.divergence);
    } catch (const std::runtime_error& e) {
      const Game* m = svc.registry_.find(g.game);
      if (m && m->rules_problem(RulesVersion{g.rules_version}))
        refuse(proto::UNSUPPORTED_RULES, e.what());
      throw;
    }
  }

  // ------------------------------------------------------------ dispatch

  void dispatch(const proto::Envelope& in, proto::Envelope& out) {
    using B = proto::Envelope;
    switch (in.body_case()) {
      case B::kRegister:
        return do_register(in.register_(), out);
      case B::kLogin:
        return do_login(in.login(), out);
      case B::kResume:
        return do_resume(in.resume(), out);
      case B::kListScenarios:
        return do_list_scenarios(out);
      case B::kCreateGame:
        return do_create_game(in.create_game(), out);
      case B::kListGames:
        return do_list_games(in.list_games(), out);
      case B::kJoinGame:
        return do_join_game(in.join_game(), out);
      case B::kGetGame:
        return do_get_game(in.get_game(), out);
      case B::kSubmitOrders:
        return do_submit_orders(in.submit_orders(), out);
      case B::kResign:
        return do_resign(in.resign(), out);
      case B::kReplay:
        return do_replay(in.replay(), out);
      case B::kEvents:
        return do_events(in.events(), out);
      case B::BODY_NOT_SET:
        refuse(proto::BAD_FRAME, "the envelope has no body");
      default:
        refuse(proto::BAD_FRAME, "that message is not a request");
    }
  }
};

Service::Service(Store& store, const Registry& registry, Clock clock, ServiceLimits limits)
    : store_(store), registry_(registry), clock_(std::move(clock)), limits_(limits) {}

std::string Service::error_frame(std::uint64_t request_id, proto::ErrorCode code,
                                 const std::string& message) {
  proto::Envelope env;
  env.set_version(proto::PROTOCOL_VERSION);
  env.set_request_id(request_id);
  env.mutable_error()->set_code(code);
  env.mutable_error()->set_message(message);
  return env.SerializeAsString();
}

std::string Service::handle(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                            std::string_view frame) {
  if (frame.size() > limits_.max_frame) {
    return error_frame(0, proto::TOO_LARGE,
                       "the frame has " + std::to_string(frame.size()) + " bytes; the limit is " +
                           std::to_string(limits_.max_frame));
  }
  proto::Envelope in;
  if (!in.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    return error_frame(0, proto::BAD_FRAME, "the frame is not a protocol Envelope");
  }
  if (in.version() != proto::PROTOCOL_VERSION) {
    return error_frame(in.request_id(), proto::UNSUPPORTED_VERSION,
                       "this server speaks protocol version " +
                           std::to_string(proto::PROTOCOL_VERSION) + ", the request is version " +
                           std::to_string(in.version()));
  }
  proto::Envelope out;
  out.set_version(proto::PROTOCOL_VERSION);
  out.set_request_id(in.request_id());
  Handlers h{*this, conn, outbox};
  try {
    h.dispatch(in, out);
  } catch (const ApiError& e) {
    out.clear_body();
    auto& err = *out.mutable_error();
    err.set_code(e.code);
    err.set_message(e.message);
    for (const OrderError& oe : e.order_errors) {
      auto& p = *err.add_order_errors();
      p.set_line(static_cast<std::uint32_t>(oe.line));
      p.set_message(oe.message);
    }
  } catch (const std::exception& e) {
    log_line(std::string("request failed: ") + e.what());
    return error_frame(in.request_id(), proto::INTERNAL,
                       "the server failed on this request; nothing was changed");
  }
  return out.SerializeAsString();
}

void Service::disconnect(const std::shared_ptr<Outbox>& outbox) {
  for (auto it = outboxes_.begin(); it != outboxes_.end();) {
    auto locked = it->second.lock();
    if (!locked || locked == outbox) {
      it = outboxes_.erase(it);
    } else {
      ++it;
    }
  }
}

void Service::check_deadlines() {
  ConnectionState nobody;
  const std::shared_ptr<Outbox> none;
  Handlers h{*this, nobody, none};
  for (std::int64_t id : store_.games_past_deadline(clock_())) {
    try {
      if (h.resolve_if(id, true)) h.resolve_ready_steps(id);
    } catch (const std::exception& e) {
      log_line(game_label(id) + ": deadline resolution failed: " + e.what());
    } catch (const ApiError& e) {
      log_line(game_label(id) + ": deadline resolution failed: " + e.message);
    }
  }
}

}  // namespace naumachia::server
