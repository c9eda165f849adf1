#include "storage/tables.h"

#include <algorithm>

#include "core/text.h"

namespace naumachia::server {

namespace {

// The columns read_game reads, selected from "games g"; a summary leaves
// the state out (a NULL in its place). The number the game's next event gets
// is one past its last stored event: it is read from the events, not kept in
// the games row, so that an order (an event, and its orders row) does not
// rewrite the game's row, state and all.
const std::string& game_columns(bool with_state) {
  static const auto columns = [](const char* state) {
    return std::string(
               "id, game, scenario, players, created_by, deadline_seconds, seed, seed_hash,"
               " status, step, step_label, step_deadline, ") +
           state +
           ", state_hash, initial_hash, chain_hash, result, winners, rules_version, hash_scheme,"
           " winning_sides,"
           " (SELECT COALESCE(MAX(e.seq), 0) + 1 FROM events e WHERE e.game_id = g.id),"
           " to_order, press, private_press, paused, paused_remaining, deadline_set_at,"
           " disorder_after, name, computer_takes_over,"
           " COALESCE((SELECT v.version FROM game_versions v WHERE v.game_id = g.id), 0)";
  };
  static const std::string full = columns("state"), summary = columns("NULL");
  return with_state ? full : summary;
}

GameRow read_game(const Stmt& s) {
  GameRow g;
  g.id = s.integer(0);
  g.game = s.text(1);
  g.scenario = s.text(2);
  g.players = static_cast<int>(s.integer(3));
  g.created_by = s.integer(4);
  g.deadline_seconds = s.integer(5);
  g.seed = s.blob(6);
  g.seed_hash = s.blob(7);
  g.status = game_status(s.text(8));
  g.step = s.integer(9);
  g.step_label = s.text(10);
  if (!s.is_null(11)) g.step_deadline = s.integer(11);
  g.state = s.text(12);
  g.state_hash = s.blob(13);
  g.initial_hash = s.blob(14);
  g.chain_hash = s.blob(15);
  g.result = s.text(16);
  g.winners = ids_of<PlayerId>(s.text(17), "winners");
  g.rules_version = static_cast<int>(s.integer(18));
  g.hash_scheme = static_cast<int>(s.integer(19));
  g.winning_sides = ids_of<SideId>(s.text(20), "winning sides");
  g.next_event = s.integer(21);
  if (!s.is_null(22)) g.to_order = ids_of<PlayerId>(s.text(22), "seats to order");
  g.press = press_mode(s.text(23));
  g.private_press = s.integer(24) != 0;
  g.paused = pause_of(s.text(25));
  if (!s.is_null(26)) g.paused_remaining = s.integer(26);
  if (!s.is_null(27)) g.deadline_set_at = s.integer(27);
  g.disorder_after = static_cast<int>(s.integer(28));
  g.name = s.text(29);
  g.computer_takes_over = s.integer(30) != 0;
  g.version = s.integer(31);
  return g;
}

constexpr const char* kUserColumns = "u.id, u.name, u.pw_salt, u.pw_hash, u.pw_scheme";

UserRow read_user_columns(const Stmt& s) {
  return UserRow{s.integer(0), s.text(1), s.blob(2), s.blob(3), s.text(4)};
}

std::optional<UserRow> read_user(Stmt& s) {
  if (!s.step()) return std::nullopt;
  return read_user_columns(s);
}

Audience read_channel(const std::string& text) {
  auto channel = Audience::parse(text);
  if (!channel) throw DbError("a stored message channel is unreadable: " + channel.error().message);
  return *channel;
}

MessageRow read_message(const Stmt& s) {
  MessageRow m;
  m.id = s.integer(0);
  m.game_id = s.integer(1);
  m.channel = read_channel(s.text(2));
  m.number = s.integer(3);
  m.from_seat = static_cast<int>(s.integer(4));
  m.from_user = s.integer(5);
  m.from_name = s.text(6);
  m.step = s.integer(7);
  m.sent_at = s.integer(8);
  m.body = s.text(9);
  return m;
}

constexpr const char* kProposalColumns =
    "id, kind, proposer, sides, step, voters, accepted, state, made_at, closed_at, seconds";

ProposalRow read_proposal(const Stmt& s) {
  ProposalRow p;
  p.id = s.integer(0);
  p.kind = proposal_kind(s.text(1));
  p.proposer = static_cast<int>(s.integer(2));
  p.sides = ids_of<SideId>(s.text(3), "proposal sides");
  p.step = s.integer(4);
  p.voters = ids_of<PlayerId>(s.text(5), "proposal voters");
  p.accepted = ids_of<PlayerId>(s.text(6), "proposal acceptances");
  p.state = proposal_state(s.text(7));
  p.made_at = s.integer(8);
  if (!s.is_null(9)) p.closed_at = s.integer(9);
  p.seconds = s.integer(10);
  return p;
}

constexpr const char* kAdminRequestColumns =
    "id, game_id, action, seconds, requested_at, done_at, outcome, seat, user_id";

AdminRequestRow read_admin_request(const Stmt& s) {
  AdminRequestRow r;
  r.id = s.integer(0);
  r.game_id = s.integer(1);
  r.action = admin_action(s.text(2));
  r.seconds = s.integer(3);
  r.requested_at = s.integer(4);
  if (!s.is_null(5)) r.done_at = s.integer(5);
  r.outcome = s.text(6);
  r.seat = static_cast<int>(s.integer(7));
  r.user_id = s.integer(8);
  return r;
}

// The rows of a query of (seq, payload) from the events table.
std::vector<std::pair<std::int64_t, std::string>> numbered_events(Stmt& s) {
  std::vector<std::pair<std::int64_t, std::string>> out;
  while (s.step()) {
    const Bytes b = s.blob(1);
    out.emplace_back(s.integer(0), std::string(b.begin(), b.end()));
  }
  return out;
}

// The lines of an orders row, stored one a line.
std::vector<std::string> split_lines(const std::string& joined) {
  std::vector<std::string> out;
  if (joined.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t nl = joined.find('\n', start);
    out.push_back(joined.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

}  // namespace

std::optional<UserRow> Tables::user_by_name(const std::string& name) {
  Stmt s = db_.prepare(std::string("SELECT ") + kUserColumns + " FROM users u WHERE u.name = ?");
  s.bind(1, name);
  return read_user(s);
}

std::optional<UserRow> Tables::user_by_id(std::int64_t id) {
  Stmt s = db_.prepare(std::string("SELECT ") + kUserColumns + " FROM users u WHERE u.id = ?");
  s.bind(1, id);
  return read_user(s);
}

std::int64_t Tables::create_user(const std::string& name, const Bytes& salt, const Bytes& hash,
                                 const std::string& scheme, std::int64_t now) {
  Stmt s = db_.prepare(
      "INSERT INTO users(name, pw_salt, pw_hash, pw_scheme, created_at) VALUES(?, ?, ?, ?, ?)"
      " RETURNING id");
  s.bind(1, name).bind_blob(2, salt).bind_blob(3, hash).bind(4, scheme).bind(5, now);
  return inserted_id(s);
}

void Tables::set_password(std::int64_t user_id, const Bytes& salt, const Bytes& hash,
                          const std::string& scheme) {
  db_.prepare("UPDATE users SET pw_salt = ?, pw_hash = ?, pw_scheme = ? WHERE id = ?")
      .bind_blob(1, salt)
      .bind_blob(2, hash)
      .bind(3, scheme)
      .bind(4, user_id)
      .run();
}

void Tables::create_session(const Bytes& token_hash, std::int64_t user_id, std::int64_t now) {
  db_.prepare("INSERT INTO sessions(token_hash, user_id, created_at, last_used) VALUES(?,?,?,?)")
      .bind_blob(1, token_hash)
      .bind(2, user_id)
      .bind(3, now)
      .bind(4, now)
      .run();
}

std::optional<SessionRow> Tables::session(const Bytes& token_hash) {
  Stmt s = db_.prepare(std::string("SELECT ") + kUserColumns +
                       ", t.created_at, t.last_used FROM sessions t JOIN users u ON u.id = "
                       "t.user_id WHERE t.token_hash = ?");
  s.bind_blob(1, token_hash);
  if (!s.step()) return std::nullopt;
  return SessionRow{read_user_columns(s), s.integer(5), s.integer(6)};
}

int Tables::delete_session(const Bytes& token_hash) {
  db_.prepare("DELETE FROM sessions WHERE token_hash = ?").bind_blob(1, token_hash).run();
  return db_.changes();
}

int Tables::delete_sessions_of(std::int64_t user_id) {
  db_.prepare("DELETE FROM sessions WHERE user_id = ?").bind(1, user_id).run();
  return db_.changes();
}

int Tables::delete_other_sessions(std::int64_t user_id, const Bytes& kept) {
  db_.prepare("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?")
      .bind(1, user_id)
      .bind_blob(2, kept)
      .run();
  return db_.changes();
}

std::vector<Bytes> Tables::expired_sessions(std::int64_t idle_before, std::int64_t created_before) {
  Stmt s = db_.prepare("SELECT token_hash FROM sessions WHERE last_used < ? OR created_at < ?");
  s.bind(1, idle_before).bind(2, created_before);
  std::vector<Bytes> out;
  while (s.step()) out.push_back(s.blob(0));
  return out;
}

int Tables::delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before) {
  db_.prepare("DELETE FROM sessions WHERE last_used < ? OR created_at < ?")
      .bind(1, idle_before)
      .bind(2, created_before)
      .run();
  return db_.changes();
}

void Tables::touch_session(const Bytes& token_hash, std::int64_t now) {
  db_.prepare("UPDATE sessions SET last_used = ? WHERE token_hash = ?")
      .bind(1, now)
      .bind_blob(2, token_hash)
      .run();
}

std::int64_t Tables::open_games_created_by(std::int64_t user_id) {
  Stmt s = db_.prepare("SELECT COUNT(*) FROM games WHERE status = 'open' AND created_by = ?");
  s.bind(1, user_id);
  return s.step() ? s.integer(0) : 0;
}

std::int64_t Tables::create_game(const GameRow& g, std::int64_t now) {
  Stmt s = db_.prepare(
      "INSERT INTO games(game, scenario, players, created_by, created_at, deadline_seconds,"
      " seed, seed_hash, status, rules_version, hash_scheme, press, private_press,"
      " disorder_after, name, computer_takes_over)"
      " VALUES(?,?,?,?,?,?,?,?, 'open', ?, ?, ?, ?, ?, ?, ?) RETURNING id");
  s.bind(1, g.game)
      .bind(2, g.scenario)
      .bind(3, g.players)
      .bind(4, g.created_by)
      .bind(5, now)
      .bind(6, g.deadline_seconds)
      .bind_blob(7, g.seed)
      .bind_blob(8, g.seed_hash)
      .bind(9, g.rules_version)
      .bind(10, g.hash_scheme)
      .bind(11, press_text(g.press))
      .bind(12, g.private_press ? 1 : 0)
      .bind(13, g.disorder_after)
      .bind(14, g.name)
      .bind(15, g.computer_takes_over ? 1 : 0);
  return inserted_id(s);
}

std::optional<GameRow> Tables::game(std::int64_t id) {
  Stmt s = db_.prepare("SELECT " + game_columns(true) + " FROM games g WHERE g.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_game(s);
}

std::vector<GameRow> Tables::games(bool mine_only, bool open_only, std::int64_t user_id) {
  Stmt s = db_.prepare("SELECT " + game_columns(true) +
                       " FROM games g WHERE (? = 0 OR EXISTS (SELECT 1 FROM seats s WHERE"
                       " s.game_id = g.id AND s.user_id = ?)) AND (? = 0 OR status = 'open')"
                       " ORDER BY id DESC LIMIT 200");
  s.bind(1, mine_only ? 1 : 0).bind(2, user_id).bind(3, open_only ? 1 : 0);
  std::vector<GameRow> out;
  while (s.step()) out.push_back(read_game(s));
  return out;
}

std::vector<GameRow> Tables::game_summaries(bool mine_only, bool open_only, std::int64_t user_id,
                                            std::int64_t before_id, int limit, bool maybe_offered) {
  Stmt s = db_.prepare(
      "SELECT " + game_columns(false) +
      " FROM games g WHERE (? = 0 OR id < ?) AND (? = 0 OR EXISTS (SELECT 1"
      " FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)) AND"
      " (? = 0 OR status = 'open') AND (? = 0 OR (status = 'running' AND EXISTS (SELECT 1"
      " FROM seats s WHERE s.game_id = g.id AND (s.resigned = 1 OR (g.disorder_after > 0 AND"
      " s.missed_deadlines >= g.disorder_after))))) ORDER BY id DESC LIMIT ?");
  s.bind(1, before_id).bind(2, before_id).bind(3, mine_only ? 1 : 0).bind(4, user_id);
  s.bind(5, open_only ? 1 : 0).bind(6, maybe_offered ? 1 : 0).bind(7, limit);
  std::vector<GameRow> out;
  while (s.step()) out.push_back(read_game(s));
  return out;
}

std::vector<std::int64_t> Tables::games_past_deadline(std::int64_t now) {
  Stmt s = db_.prepare(
      "SELECT id FROM games WHERE status = 'running' AND step_deadline IS NOT NULL"
      " AND step_deadline <= ? ORDER BY step_deadline");
  s.bind(1, now);
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.integer(0));
  return out;
}

std::vector<std::int64_t> Tables::games_maybe_ready() {
  Stmt s = db_.prepare(
      "SELECT g.id FROM games g WHERE g.status = 'running' AND (g.to_order IS NULL OR"
      " (SELECT COUNT(*) FROM orders o WHERE o.game_id = g.id AND o.step = g.step AND o.ready = 1)"
      " + (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id AND s.resigned = 1) >="
      " CASE WHEN g.to_order = '' THEN 0"
      " ELSE LENGTH(g.to_order) - LENGTH(REPLACE(g.to_order, ' ', '')) + 1 END)"
      " ORDER BY g.id");
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.integer(0));
  return out;
}

std::optional<std::int64_t> Tables::game_version(std::int64_t id) {
  Stmt s = db_.prepare(
      "SELECT COALESCE((SELECT v.version FROM game_versions v WHERE v.game_id = g.id), 0)"
      " FROM games g WHERE g.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return s.integer(0);
}

void Tables::fence_game(std::int64_t id, std::int64_t version) {
  // A game at version 0 has no row yet: the first change makes it.
  Stmt s = db_.prepare(
      "INSERT INTO game_versions AS v (game_id, version) VALUES (?1, CAST(?2 AS BIGINT) + 1)"
      " ON CONFLICT (game_id) DO UPDATE SET version = v.version + 1 WHERE v.version = ?2"
      " RETURNING version");
  s.bind(1, id).bind(2, version);
  if (!s.step() || s.integer(0) != version + 1) {
    throw WriteConflict("game " + std::to_string(id) + " changed since version " +
                        std::to_string(version) + " was read");
  }
  s.run();
}

void Tables::update_game(const GameRow& g) {
  Stmt s = db_.prepare(
      "UPDATE games SET status=?, step=?, step_label=?, step_deadline=?, state=?, state_hash=?,"
      " initial_hash=?, chain_hash=?, result=?, winners=?, winning_sides=?, to_order=?,"
      " paused=?, paused_remaining=?, deadline_set_at=? WHERE id=?");
  s.bind(1, status_text(g.status)).bind(2, g.step).bind(3, g.step_label).bind(4, g.step_deadline);
  s.bind(5, g.state)
      .bind_blob(6, g.state_hash)
      .bind_blob(7, g.initial_hash)
      .bind_blob(8, g.chain_hash)
      .bind(9, g.result)
      .bind(10, id_list(g.winners))
      .bind(11, id_list(g.winning_sides));
  if (g.to_order) {
    s.bind(12, id_list(*g.to_order));
  } else {
    s.bind_null(12);
  }
  s.bind(13, pause_text(g.paused)).bind(14, g.paused_remaining).bind(15, g.deadline_set_at);
  s.bind(16, g.id).run();
}

std::vector<SeatRow> Tables::seats(std::int64_t game_id) {
  Stmt s = db_.prepare(
      "SELECT s.seat, s.user_id, u.name, s.resigned, s.missed_deadlines FROM seats s"
      " JOIN users u ON u.id = s.user_id WHERE s.game_id = ? ORDER BY s.seat");
  s.bind(1, game_id);
  std::vector<SeatRow> out;
  while (s.step()) {
    out.push_back(SeatRow{static_cast<int>(s.integer(0)), s.integer(1), s.text(2),
                          s.integer(3) != 0, static_cast<int>(s.integer(4))});
  }
  return out;
}

void Tables::set_missed(std::int64_t game_id, int seat, int missed) {
  db_.prepare("UPDATE seats SET missed_deadlines = ? WHERE game_id = ? AND seat = ?")
      .bind(1, missed)
      .bind(2, game_id)
      .bind(3, seat)
      .run();
}

void Tables::replace_seat(std::int64_t game_id, const ReplacementRow& r) {
  db_.prepare(
         "UPDATE seats SET user_id = ?, joined_at = ?, resigned = 0, missed_deadlines = 0"
         " WHERE game_id = ? AND seat = ?")
      .bind(1, r.new_user)
      .bind(2, r.at)
      .bind(3, game_id)
      .bind(4, r.seat)
      .run();
  db_.prepare(
         "INSERT INTO replacements(game_id, seq, seat, old_user, new_user, at, by_admin)"
         " VALUES(?,?,?,?,?,?,?)")
      .bind(1, game_id)
      .bind(2, r.seq)
      .bind(3, r.seat)
      .bind(4, r.old_user)
      .bind(5, r.new_user)
      .bind(6, r.at)
      .bind(7, r.by_admin ? 1 : 0)
      .run();
}

std::vector<ComputerSeatRow> Tables::computer_seats(std::int64_t game_id) {
  Stmt s = db_.prepare(
      "SELECT seq, seat, from_step, until_step FROM computer_seats WHERE game_id = ? ORDER BY seq");
  s.bind(1, game_id);
  std::vector<ComputerSeatRow> out;
  while (s.step()) {
    ComputerSeatRow r{s.integer(0), static_cast<int>(s.integer(1)), s.integer(2), std::nullopt};
    if (!s.is_null(3)) r.until_step = s.integer(3);
    out.push_back(r);
  }
  return out;
}

void Tables::add_computer_seat(std::int64_t game_id, const ComputerSeatRow& r) {
  db_.prepare(
         "INSERT INTO computer_seats(game_id, seq, seat, from_step, until_step) VALUES(?,?,?,?,?)")
      .bind(1, game_id)
      .bind(2, r.seq)
      .bind(3, r.seat)
      .bind(4, r.from_step)
      .bind(5, r.until_step)
      .run();
}

void Tables::end_computer_seat(std::int64_t game_id, std::int64_t seq, std::int64_t until_step) {
  db_.prepare("UPDATE computer_seats SET until_step = ? WHERE game_id = ? AND seq = ?")
      .bind(1, until_step)
      .bind(2, game_id)
      .bind(3, seq)
      .run();
}

std::vector<std::int64_t> Tables::games_with_computer() {
  Stmt s = db_.prepare(
      "SELECT DISTINCT g.id FROM games g JOIN computer_seats c ON c.game_id = g.id"
      " WHERE g.status = 'running' AND c.until_step IS NULL ORDER BY g.id");
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.integer(0));
  return out;
}

std::vector<ReplacementRow> Tables::replacements(std::int64_t game_id) {
  Stmt s = db_.prepare(
      "SELECT seq, seat, old_user, new_user, at, by_admin FROM replacements WHERE game_id = ?"
      " ORDER BY seq");
  s.bind(1, game_id);
  std::vector<ReplacementRow> out;
  while (s.step()) {
    out.push_back(ReplacementRow{s.integer(0), static_cast<int>(s.integer(1)), s.integer(2),
                                 s.integer(3), s.integer(4), s.integer(5) != 0});
  }
  return out;
}

void Tables::add_seat(std::int64_t game_id, int seat, std::int64_t user_id, std::int64_t now) {
  db_.prepare("INSERT INTO seats(game_id, seat, user_id, joined_at) VALUES(?,?,?,?)")
      .bind(1, game_id)
      .bind(2, seat)
      .bind(3, user_id)
      .bind(4, now)
      .run();
}

void Tables::set_resigned(std::int64_t game_id, int seat) {
  db_.prepare("UPDATE seats SET resigned = 1 WHERE game_id = ? AND seat = ?")
      .bind(1, game_id)
      .bind(2, seat)
      .run();
}

std::vector<OrdersRow> Tables::orders(std::int64_t game_id, std::int64_t step) {
  Stmt s = db_.prepare(
      "SELECT seat, lines, nonce, commitment, ready, defaulted FROM orders"
      " WHERE game_id = ? AND step = ? ORDER BY seat");
  s.bind(1, game_id).bind(2, step);
  std::vector<OrdersRow> out;
  while (s.step()) {
    out.push_back(OrdersRow{static_cast<int>(s.integer(0)), split_lines(s.text(1)), s.blob(2),
                            s.blob(3), s.integer(4) != 0, s.integer(5) != 0});
  }
  return out;
}

void Tables::put_orders(std::int64_t game_id, std::int64_t step, const OrdersRow& o,
                        std::int64_t now) {
  db_.prepare(
         "INSERT INTO orders(game_id, step, seat, lines, nonce, commitment, ready, defaulted,"
         " updated_at) VALUES(?,?,?,?,?,?,?,?,?) ON CONFLICT(game_id, step, seat) DO UPDATE SET"
         " lines=excluded.lines, nonce=excluded.nonce, commitment=excluded.commitment,"
         " ready=excluded.ready, defaulted=excluded.defaulted, updated_at=excluded.updated_at")
      .bind(1, game_id)
      .bind(2, step)
      .bind(3, o.seat)
      .bind(4, text::join(o.lines, "\n"))  // one a line: split_lines reads them
      .bind_blob(5, o.nonce)
      .bind_blob(6, o.commitment)
      .bind(7, o.ready ? 1 : 0)
      .bind(8, o.defaulted ? 1 : 0)
      .bind(9, now)
      .run();
}

void Tables::insert_step(std::int64_t game_id, const StepRow& s) {
  db_.prepare(
         "INSERT INTO steps(game_id, step, label, rolls, events, state_hash, prev_hash,"
         " record_hash, by_deadline, resolved_at) VALUES(?,?,?,?,?,?,?,?,?,?)")
      .bind(1, game_id)
      .bind(2, s.step)
      .bind(3, s.label)
      .bind(4, s.rolls)
      .bind(5, s.events)
      .bind_blob(6, s.state_hash)
      .bind_blob(7, s.prev_hash)
      .bind_blob(8, s.record_hash)
      .bind(9, s.by_deadline ? 1 : 0)
      .bind(10, s.resolved_at)
      .run();
}

std::vector<StepRow> Tables::steps(std::int64_t game_id) {
  Stmt s = db_.prepare(
      "SELECT step, label, rolls, events, state_hash, prev_hash, record_hash, by_deadline,"
      " resolved_at FROM steps WHERE game_id = ? ORDER BY step");
  s.bind(1, game_id);
  std::vector<StepRow> out;
  while (s.step()) {
    out.push_back(StepRow{s.integer(0), s.text(1), s.text(2), s.text(3), s.blob(4), s.blob(5),
                          s.blob(6), s.integer(7) != 0, s.integer(8)});
  }
  return out;
}

void Tables::insert_event(std::int64_t game_id, std::int64_t seq, const std::string& payload) {
  db_.prepare("INSERT INTO events(game_id, seq, payload) VALUES(?,?,?)")
      .bind(1, game_id)
      .bind(2, seq)
      .bind_blob(3, Bytes(payload.begin(), payload.end()))
      .run();
}

std::vector<std::string> Tables::events_after(std::int64_t game_id, std::int64_t after_seq) {
  std::vector<std::string> out;
  for (auto& [seq, payload] : numbered_events_after(game_id, after_seq))
    out.push_back(std::move(payload));
  return out;
}

std::vector<std::pair<std::int64_t, std::string>> Tables::numbered_events_after(
    std::int64_t game_id, std::int64_t after_seq) {
  Stmt s = db_.prepare(
      "SELECT seq, payload FROM events WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT 200");
  s.bind(1, game_id).bind(2, after_seq);
  return numbered_events(s);
}

std::vector<std::pair<std::int64_t, std::string>> Tables::events_before(std::int64_t game_id,
                                                                        std::int64_t before_seq,
                                                                        int limit) {
  Stmt s = db_.prepare(
      "SELECT seq, payload FROM events WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?");
  s.bind(1, game_id).bind(2, before_seq).bind(3, static_cast<std::int64_t>(limit));
  return numbered_events(s);
}

std::int64_t Tables::last_event_seq(std::int64_t game_id) {
  Stmt s = db_.prepare("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?");
  s.bind(1, game_id);
  s.step();
  return s.integer(0);
}

MessageRow Tables::insert_message(MessageRow m) {
  const std::string channel = m.channel.text();
  if (db_.engine() == Engine::postgresql) {
    // Servers sharing a PostgreSQL database may each store a message of one
    // game at once: the second waits for the first's transaction to end, and
    // its next statement then reads the first's number (each statement of a
    // READ COMMITTED transaction sees what committed before it). Without the
    // wait both would take the same number, and the second would fail. The
    // lock is the game's (its id modulo 2^31) within a class of its own
    // (727003); SQLite has a single writer.
    Stmt wait = db_.prepare(
        "SELECT pg_advisory_xact_lock(727003, CAST(CAST(? AS BIGINT) % 2147483648 AS INTEGER))");
    wait.bind(1, m.game_id);
    wait.step();
  }
  Stmt next = db_.prepare(
      "SELECT COALESCE(MAX(number), 0) + 1 FROM messages WHERE game_id = ? AND channel = ?");
  next.bind(1, m.game_id).bind(2, channel);
  next.step();
  m.number = next.integer(0);
  Stmt insert = db_.prepare(
      "INSERT INTO messages(game_id, channel, number, from_seat, from_user, step, sent_at, body)"
      " VALUES(?,?,?,?,?,?,?,?) RETURNING id");
  insert.bind(1, m.game_id)
      .bind(2, channel)
      .bind(3, m.number)
      .bind(4, m.from_seat)
      .bind(5, m.from_user)
      .bind(6, m.step)
      .bind(7, m.sent_at)
      .bind(8, m.body);
  m.id = inserted_id(insert);
  return m;
}

std::vector<Audience> Tables::message_channels(std::int64_t game_id) {
  // One index seek a channel (the least channel after the last found), where
  // a DISTINCT read every message of the game: 37,503 in the load benchmark,
  // most of a page of press's time on the service's strand.
  Stmt s = db_.prepare(
      "WITH RECURSIVE channels(channel) AS ("
      " SELECT min(channel) FROM messages WHERE game_id = ?1"
      " UNION ALL"
      " SELECT (SELECT min(m.channel) FROM messages m"
      "         WHERE m.game_id = ?1 AND m.channel > channels.channel)"
      " FROM channels WHERE channels.channel IS NOT NULL)"
      " SELECT channel FROM channels WHERE channel IS NOT NULL");
  s.bind(1, game_id);
  std::vector<Audience> out;
  while (s.step()) out.push_back(read_channel(s.text(0)));
  return out;
}

std::optional<MessageRow> Tables::message(std::int64_t id) {
  Stmt s = db_.prepare(
      "SELECT m.id, m.game_id, m.channel, m.number, m.from_seat, m.from_user, u.name, m.step,"
      " m.sent_at, m.body FROM messages m JOIN users u ON u.id = m.from_user WHERE m.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_message(s);
}

std::vector<MessageRow> Tables::channel_messages(std::int64_t game_id, const Audience& channel,
                                                 std::int64_t after, int limit) {
  Stmt s = db_.prepare(
      "SELECT m.id, m.game_id, m.channel, m.number, m.from_seat, m.from_user, u.name, m.step,"
      " m.sent_at, m.body FROM messages m JOIN users u ON u.id = m.from_user"
      " WHERE m.game_id = ? AND m.channel = ? AND m.number > ? ORDER BY m.number LIMIT ?");
  s.bind(1, game_id).bind(2, channel.text()).bind(3, after).bind(4, limit);
  std::vector<MessageRow> out;
  while (s.step()) out.push_back(read_message(s));
  return out;
}

void Tables::insert_proposal(std::int64_t game_id, const ProposalRow& p) {
  Stmt s = db_.prepare(
      "INSERT INTO proposals(game_id, id, kind, proposer, sides, step, voters, accepted, state,"
      " made_at, closed_at, seconds) VALUES(?,?,?,?,?,?,?,?,?,?,?,?)");
  s.bind(1, game_id).bind(2, p.id).bind(3, kind_text(p.kind)).bind(4, p.proposer);
  s.bind(5, id_list(p.sides)).bind(6, p.step).bind(7, id_list(p.voters));
  s.bind(8, id_list(p.accepted)).bind(9, state_text(p.state)).bind(10, p.made_at);
  s.bind(11, p.closed_at).bind(12, p.seconds).run();
}

void Tables::update_proposal(std::int64_t game_id, const ProposalRow& p) {
  Stmt s = db_.prepare(
      "UPDATE proposals SET accepted = ?, state = ?, closed_at = ? WHERE game_id = ? AND id = ?");
  s.bind(1, id_list(p.accepted)).bind(2, state_text(p.state)).bind(3, p.closed_at);
  s.bind(4, game_id).bind(5, p.id).run();
}

std::vector<ProposalRow> Tables::proposals(std::int64_t game_id, bool open_only) {
  Stmt s = db_.prepare(std::string("SELECT ") + kProposalColumns +
                       " FROM proposals WHERE game_id = ? AND (? = 0 OR state = 'open')"
                       " ORDER BY id");
  s.bind(1, game_id).bind(2, open_only ? 1 : 0);
  std::vector<ProposalRow> out;
  while (s.step()) out.push_back(read_proposal(s));
  return out;
}

std::int64_t Tables::last_proposal_id(std::int64_t game_id) {
  Stmt s = db_.prepare("SELECT COALESCE(MAX(id), 0) FROM proposals WHERE game_id = ?");
  s.bind(1, game_id);
  s.step();
  return s.integer(0);
}

std::int64_t Tables::insert_admin_request(const AdminRequestRow& r) {
  Stmt s = db_.prepare(
      "INSERT INTO admin_requests(game_id, action, seconds, seat, user_id, requested_at)"
      " VALUES(?,?,?,?,?,?) RETURNING id");
  s.bind(1, r.game_id)
      .bind(2, action_text(r.action))
      .bind(3, r.seconds)
      .bind(4, r.seat)
      .bind(5, r.user_id)
      .bind(6, r.requested_at);
  return inserted_id(s);
}

std::optional<AdminRequestRow> Tables::admin_request(std::int64_t id) {
  Stmt s = db_.prepare(std::string("SELECT ") + kAdminRequestColumns +
                       " FROM admin_requests WHERE id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_admin_request(s);
}

std::vector<AdminRequestRow> Tables::waiting_admin_requests() {
  Stmt s = db_.prepare(std::string("SELECT ") + kAdminRequestColumns +
                       " FROM admin_requests WHERE done_at IS NULL ORDER BY id");
  std::vector<AdminRequestRow> out;
  while (s.step()) out.push_back(read_admin_request(s));
  return out;
}

std::vector<AdminRequestRow> Tables::applied_admin_requests(std::int64_t game_id) {
  Stmt s = db_.prepare(std::string("SELECT ") + kAdminRequestColumns +
                       " FROM admin_requests WHERE game_id = ? AND outcome = 'applied'"
                       " ORDER BY id");
  s.bind(1, game_id);
  std::vector<AdminRequestRow> out;
  while (s.step()) out.push_back(read_admin_request(s));
  return out;
}

void Tables::finish_admin_request(std::int64_t id, std::int64_t at, const std::string& outcome) {
  Stmt s = db_.prepare(
      "UPDATE admin_requests SET done_at = ?, outcome = ? WHERE id = ? AND done_at IS NULL"
      " RETURNING id");
  s.bind(1, at).bind(2, outcome).bind(3, id);
  if (!s.step()) {
    throw WriteConflict("admin request " + std::to_string(id) +
                        " was applied already (by another server)");
  }
}

}  // namespace naumachia::server
