#include "play/coordinator.h"

#include <algorithm>
#include <limits>
#include <set>

#include "base/log.h"
#include "base/text.h"
#include "convert.h"
#include "core/text.h"
#include "facts/proposals.h"
#include "notices/game_notices.h"
#include "notices/notice_tables.h"
#include "play/agreements.h"
#include "play/replacement.h"
#include "play/resolution.h"
#include "records/hasher.h"
#include "records/step.h"
#include "svg.h"

namespace naumachia::server {

int choose_seat(int requested, int players, const std::vector<int>& taken) {
  std::vector<int> free;
  for (int i = 0; i < players; ++i) {
    if (std::find(taken.begin(), taken.end(), i) == taken.end()) free.push_back(i);
  }
  if (free.empty()) refuse(proto::GAME_FULL, "every seat of this game is taken");
  if (requested < 0) return free[random_bytes(1)[0] % free.size()];
  if (requested >= players) {
    refuse(proto::INVALID_ARGUMENT, "seat " + std::to_string(requested) +
                                        " does not exist; seats are 0.." +
                                        std::to_string(players - 1));
  }
  if (std::find(free.begin(), free.end(), requested) == free.end())
    refuse(proto::GAME_FULL, "seat " + std::to_string(requested) + " is taken");
  return requested;
}

Coordinator::Coordinator(Tables& reader, StorageWriter& writer, const Registry& registry,
                         Fanout& fanout, KeyedBuckets& send_budget, Clock clock,
                         CoordinatorLimits limits, NotifyOptions notify,
                         std::function<void()> notices_queued, ComputerRunner computer)
    : reader_(reader),
      writer_(writer),
      registry_(registry),
      fanout_(fanout),
      send_budget_(send_budget),
      clock_(std::move(clock)),
      limits_(limits),
      notify_(std::move(notify)),
      notices_queued_(std::move(notices_queued)),
      computer_(std::move(computer)) {}

// ------------------------------------------------------------ the live games

Coordinator::GamePtr Coordinator::live(std::int64_t id) {
  if (auto it = games_.find(id); it != games_.end()) {
    // Another server may have changed the game a moment ago, its news not
    // here yet: nothing is answered or refused from a copy older than the
    // database (a copy with a change in flight is settled first).
    if (cluster_ && !it->second->in_flight &&
        reader_.game_version(id).value_or(it->second->row.version) != it->second->row.version) {
      games_.erase(it);
    } else {
      it->second->last_used = ++use_counter_;
      return it->second;
    }
  }
  const auto row = reader_.game(id);
  if (!row) refuse(proto::NOT_FOUND, "there is no game " + std::to_string(id));
  return load(*row);
}

Coordinator::GamePtr Coordinator::settled(std::int64_t id, const ReplyPtr& reply,
                                          std::function<void()> retry) {
  const GamePtr g = live(id);
  if (!g->in_flight) return g;
  g->waiting.push_back([reply, retry = std::move(retry)] { guarded(reply, retry); });
  return nullptr;
}

// Reads a game from the database into memory; the database is up to date for
// it, since a game with writes in flight never leaves memory.
Coordinator::GamePtr Coordinator::load(const GameRow& row, bool resolve) {
  auto g = std::make_shared<LiveGame>();
  static_cast<GameFacts&>(*g) = stored_facts(row, true);
  g->next_proposal = reader_.last_proposal_id(row.id) + 1;
  if (row.status != GameStatus::Open) {
    const Game* m = registry_.find(row.game);
    if (!m) {
      g->state_problem =
          ApiError{proto::INTERNAL, "this server has no module for game '" + row.game + "'", {}};
    } else if (auto why = m->rules_problem(RulesVersion{row.rules_version})) {
      g->state_problem = ApiError{proto::UNSUPPORTED_RULES, game_label(row.id) + ": " + *why, {}};
    } else {
      auto s = m->deserialize(row.state, RulesVersion{row.rules_version});
      if (s) {
        g->state = std::move(*s);
        if (!g->row.to_order) g->row.to_order = g->state->step().to_order;
      } else {
        g->state_problem =
            ApiError{proto::INTERNAL,
                     game_label(row.id) + ": stored state is unreadable: " + s.error().message,
                     {}};
      }
    }
  }
  g->last_used = ++use_counter_;
  games_[row.id] = g;
  // Every seat that must order may have been ready when the server stopped
  // (or when a resolution failed): the step resolves now, not at the next
  // submission.
  if (resolve && g->state && g->row.status == GameStatus::Running) {
    Writes w;
    if (resolve_ready(*g, w, false, now())) commit(g, std::move(w), nullptr, nullptr);
  }
  if (!g->in_flight) think(g);
  evict_idle();
  return g;
}

void Coordinator::resolve_ready_games() {
  for (std::int64_t id : reader_.games_maybe_ready()) {
    if (games_.count(id)) continue;  // loaded already, and resolved then
    logging_failure(game_label(id) + ": cannot be loaded to resolve a ready step",
                    [&] { live(id); });
  }
}

void Coordinator::evict_idle() {
  while (games_.size() > limits_.max_cached_games) {
    auto oldest = games_.end();
    for (auto it = games_.begin(); it != games_.end(); ++it) {
      if (it->second->in_flight) continue;
      if (oldest == games_.end() || it->second->last_used < oldest->second->last_used) oldest = it;
    }
    if (oldest == games_.end()) return;  // every game has writes in flight
    games_.erase(oldest);
  }
}

GameFacts Coordinator::facts(std::int64_t id) {
  // A game with a change in flight is read as stored: nothing is told
  // before it is durable.
  if (auto it = games_.find(id); it != games_.end() && !it->second->in_flight)
    return static_cast<const GameFacts&>(*it->second);
  auto row = reader_.game(id);
  if (!row) refuse(proto::NOT_FOUND, "there is no game " + std::to_string(id));
  row->state.clear();
  return stored_facts(std::move(*row), false);
}

GameFacts Coordinator::stored_facts(GameRow row, bool with_orders) const {
  GameFacts f;
  f.row = std::move(row);
  f.seats = reader_.seats(f.row.id);
  f.computer = reader_.computer_seats(f.row.id);
  if (f.row.status == GameStatus::Running) {
    if (with_orders) f.orders = reader_.orders(f.row.id, f.row.step);
    f.proposals = reader_.proposals(f.row.id, true);
  }
  f.attach(registry_);
  return f;
}

// ------------------------------------------------------------ writing

void Coordinator::commit(const GamePtr& g, Writes w, const ReplyPtr& reply,
                         std::function<void()> then, std::function<void()> finally) {
  // One change of a game in flight at a time (settled): a failed one is
  // undone by reading the game again, with nothing built on it.
  if (g->in_flight)
    throw std::logic_error(game_label(g->row.id) + " changed while a change was in flight");
  g->in_flight = true;
  // What the change tells players who are away goes in the outbox with it.
  bool notices = false;
  if (!w.events.empty()) {
    if (auto write = outbox_write(game_notices(*g, w.events), fanout_, now())) {
      w.ops.push_back(std::move(write));
      notices = true;
    }
  }
  const std::int64_t id = g->row.id;
  const std::uint64_t answered = w.answered;
  auto readers = g->readers();
  readers.insert(readers.end(), w.also_told.begin(), w.also_told.end());
  // The change was made against the copy read at this version: it is stored
  // only if nobody else (another server on the database) changed the game
  // since, and the copy is then at the next version.
  const std::int64_t version = g->row.version++;
  // The servers that share the database hear of the change once it commits.
  std::string told;
  if (cluster_) {
    const auto seq = [&](std::size_t i) { return static_cast<std::int64_t>(w.events[i].seq()); };
    told = cluster_->game_changed(id, version + 1, w.events.empty() ? 0 : seq(0),
                                  w.events.empty() ? 0 : seq(w.events.size() - 1));
  }
  // Each event is encoded once, here: the writer stores these bytes, and
  // its push to readers who may see it whole is made of them (Fanout::push).
  auto encoded = std::make_shared<std::vector<std::string>>();
  std::vector<std::int64_t> seqs;
  encoded->reserve(w.events.size());
  seqs.reserve(w.events.size());
  for (const proto::GameEvent& e : w.events) {
    encoded->push_back(e.SerializeAsString());
    seqs.push_back(static_cast<std::int64_t>(e.seq()));
  }
  StorageWriter::Work job = [ops = std::move(w.ops), encoded, seqs = std::move(seqs), id, version,
                             told = std::move(told)](Tables& s) {
    s.fence_game(id, version);
    for (const auto& op : ops) op(s);
    for (std::size_t i = 0; i < seqs.size(); ++i) s.insert_event(id, seqs[i], (*encoded)[i]);
    if (!told.empty()) s.database().notify(kClusterChannel, told);
  };
  writer_.submit(std::move(job), [this, g, reply, answered, notices, events = std::move(w.events),
                                  encoded = std::move(encoded),
                                  readers = std::move(readers), kept = std::move(w.kept),
                                  then = std::move(then),
                                  finally = std::move(finally)](std::exception_ptr failure) {
    g->in_flight = false;
    // Another server changed the game first: nothing of this change was
    // stored, and the request is handled again against the game as stored.
    bool again = false;
    if (failure) {
      // Nothing of the change was told to anyone: the requester hears that
      // nothing changed, and memory, now ahead of the database, is dropped.
      try {
        std::rethrow_exception(failure);
      } catch (const WriteConflict& e) {
        log_line(game_label(g->row.id) + ": changed elsewhere first; read again (" + e.what() +
                 ")");
        again = true;
      } catch (const std::exception& e) {
        log_line(game_label(g->row.id) + ": a write failed: " + e.what());
        if (reply) reply->fail_unexpected(e);
      } catch (...) {
        log_line(game_label(g->row.id) + ": a write failed");
        if (reply) reply->fail_internal("storing " + game_label(g->row.id));
      }
      if (auto it = games_.find(g->row.id); it != games_.end() && it->second == g) games_.erase(it);
    } else {
      // Durable now: nothing below may say that nothing changed.
      push(g->row.id, events, readers, reply ? reply->outbox() : nullptr, answered,
           encoded.get());
      if (notices && notices_queued_) notices_queued_();
      if (then) guarded_after_commit(reply, kept, then);
    }
    if (finally) finally();
    std::vector<std::function<void()>> waiting;
    waiting.swap(g->waiting);
    if (again) {
      // The request first, as it came first; the computer may think again
      // about the game as stored.
      if (reply) {
        waiting.insert(waiting.begin(), [reply] {
          if (!reply->handle_again(reply))
            reply->fail_internal("the game kept changing elsewhere; nothing was changed");
        });
      }
      std::erase_if(thought_, [game = g->row.id](const auto& t) { return std::get<0>(t) == game; });
    }
    if (failure && (again || !waiting.empty())) {
      // Read again as stored, without resolving a step the failed change
      // may have made ready (so that a full disk fails no loop of writes):
      // the waiting requests see the game as every client last saw it.
      logging_failure(game_label(g->row.id) + ": cannot be read again", [&] {
        if (const auto row = reader_.game(g->row.id)) load(*row, false);
      });
    }
    for (const auto& request : waiting) request();
    // The position is durable now (unless a waiting request changed it
    // again, and then once that change is): the computer may think.
    if (!failure && !g->in_flight) {
      logging_failure(game_label(g->row.id) + ": the computer's jobs", [&] { think(g); });
    }
  });
}

// ------------------------------------------------------------ other servers

void Coordinator::changed_elsewhere(const ClusterNews& news) {
  if (auto it = games_.find(news.id); it != games_.end()) {
    if (!it->second->in_flight && it->second->row.version < news.version) games_.erase(it);
  }
  if (news.first_seq == 0) return;
  // The readers as the game now stands.
  const GameFacts f = facts(news.id);
  std::vector<Reader> readers = f.readers();
  std::vector<proto::GameEvent> events;
  bool replaced = false;
  for (const auto& [seq, payload] : reader_.numbered_events_after(news.id, news.first_seq - 1)) {
    if (seq > news.last_seq) break;
    proto::GameEvent& e = events.emplace_back();
    if (!e.ParseFromString(payload)) {
      log_line(game_label(news.id) + ": stored event " + std::to_string(seq) + " is corrupt");
      return;
    }
    replaced = replaced || e.has_replaced();
  }
  // A player replaced by the change is told of it as the observer they now
  // are, as on the server that made it (play/replacement.cpp).
  if (replaced) {
    for (const ReplacementRow& r : reader_.replacements(news.id)) {
      if (r.seq < news.first_seq || r.seq > news.last_seq) continue;
      const bool reads = std::any_of(readers.begin(), readers.end(),
                                     [&](const Reader& x) { return x.user_id == r.old_user; });
      if (!reads) readers.push_back(Reader{r.old_user, f.viewer_of(r.old_user)});
    }
  }
  push(news.id, events, readers);
}

void Coordinator::created_elsewhere(std::int64_t id) {
  const GameFacts f = facts(id);
  fanout_.push_new_game(
      [&](std::int64_t viewer, proto::GameSummary& s) { f.fill_summary(viewer, s); }, nullptr);
}

void Coordinator::forget_copies() {
  std::erase_if(games_, [](const auto& entry) { return !entry.second->in_flight; });
}

void Coordinator::push(std::int64_t game_id, const std::vector<proto::GameEvent>& events,
                       const std::vector<Reader>& readers, const Outbox* requester,
                       std::uint64_t answered, const std::vector<std::string>* encoded) {
  try {
    fanout_.push(events, readers, requester, answered, encoded);
  } catch (const std::exception& e) {
    log_line(game_label(game_id) + ": pushing its events failed (" + e.what() +
             "); its readers catch up by asking for the events");
  }
}

std::unique_ptr<State> Coordinator::initial_state(const LiveGame& g) const {
  if (!g.module) {
    if (const Game* m = registry_.find(g.row.game)) {
      if (auto why = m->rules_problem(RulesVersion{g.row.rules_version}))
        refuse(proto::UNSUPPORTED_RULES, game_label(g.row.id) + ": " + *why);
    }
    refuse(proto::INTERNAL, "this server cannot play game '" + g.row.full_scenario() + "'");
  }
  auto state = g.module->new_game(g.row.scenario, g.row.players, RulesVersion{g.row.rules_version});
  if (!state) refuse(proto::INTERNAL, "cannot set up the scenario: " + state.error().message);
  return std::move(*state);
}

// ------------------------------------------------------------ games

namespace {

// The press a new game allows; unspecified is full press.
PressMode press_setting(const proto::CreateGameRequest& r) {
  PressMode mode = PressMode::Full;
  switch (r.press()) {
    case proto::PRESS_MODE_UNSPECIFIED:
    case proto::FULL_PRESS:
      break;
    case proto::PUBLIC_PRESS:
      mode = PressMode::PublicOnly;
      break;
    case proto::NO_PRESS:
      mode = PressMode::None;
      break;
    default:
      refuse(proto::INVALID_ARGUMENT,
             "press " + std::to_string(r.press()) + " is no press setting: full, public or none");
  }
  if (r.private_press() && mode != PressMode::Full) {
    refuse(proto::INVALID_ARGUMENT,
           "private press keeps private messages private after the game; a game with " +
               press_text(mode) + " press has none");
  }
  return mode;
}

// A new game's name: trimmed of blanks, at most kMaxGameName bytes, no
// control characters (every player's list shows it).
std::string game_name(const std::string& asked) {
  constexpr std::size_t kMaxGameName = 60;
  const std::string name(text::trim(asked));
  if (name.size() > kMaxGameName) {
    refuse(proto::INVALID_ARGUMENT, "a game's name has at most " + std::to_string(kMaxGameName) +
                                        " bytes, not " + std::to_string(name.size()));
  }
  if (const auto where = control_character(name, false))
    refuse(proto::INVALID_ARGUMENT, "the game's name holds a control character (" + *where + ")");
  return name;
}

// The seats the computer plays from the start: each exists, once, and one
// is left for the creator at least.
std::vector<int> computer_seats_asked(const proto::CreateGameRequest& r, int players) {
  std::vector<int> out;
  for (const std::uint32_t asked : r.computer_seats()) {
    if (asked >= static_cast<std::uint32_t>(players)) {
      refuse(proto::INVALID_ARGUMENT, "computer seat " + std::to_string(asked) +
                                          " does not exist; seats are 0.." +
                                          std::to_string(players - 1));
    }
    const int seat = static_cast<int>(asked);
    if (std::find(out.begin(), out.end(), seat) != out.end())
      refuse(proto::INVALID_ARGUMENT, "seat " + std::to_string(seat) + " is the computer's twice");
    out.push_back(seat);
  }
  if (static_cast<int>(out.size()) >= players) {
    refuse(proto::INVALID_ARGUMENT,
           "the computer would play every seat; one is yours at least, and the computer plays "
           "the others");
  }
  if (r.seat() >= 0 && std::find(out.begin(), out.end(), r.seat()) != out.end()) {
    refuse(proto::INVALID_ARGUMENT, "you asked for seat " + std::to_string(r.seat()) +
                                        ", which the computer is asked to play");
  }
  return out;
}

}  // namespace

void Coordinator::create_game(const ConnectionState& conn, const proto::CreateGameRequest& r,
                              const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  auto found = registry_.find_scenario(r.scenario());
  if (!found) refuse(proto::NOT_FOUND, found.error().message);
  const ScenarioInfo& scenario = found->second;
  const int players = r.players() ? static_cast<int>(std::min<std::uint32_t>(r.players(), 1000))
                                  : static_cast<int>(scenario.sides.size());
  if (players < scenario.min_players || players > scenario.max_players) {
    refuse(proto::INVALID_ARGUMENT, "this scenario takes " + std::to_string(scenario.min_players) +
                                        " to " + std::to_string(scenario.max_players) + " players");
  }
  if (const std::string why = found->first->seating(scenario, players).problem(); !why.empty())
    refuse(proto::INTERNAL, "the module's seating for " + std::to_string(players) +
                                " players is inconsistent: " + why);
  const auto deadline = static_cast<std::int64_t>(r.deadline_seconds());
  if (deadline > limits_.max_deadline_seconds) {
    refuse(proto::INVALID_ARGUMENT, "a step deadline is at most " +
                                        std::to_string(limits_.max_deadline_seconds) +
                                        " seconds (0 for none)");
  }
  // A deadline shorter than a player can read the board and answer in would
  // play the game by defaults.
  if (deadline > 0 && deadline < limits_.min_deadline_seconds) {
    refuse(proto::INVALID_ARGUMENT, "a step deadline is at least " +
                                        std::to_string(limits_.min_deadline_seconds) +
                                        " seconds (0 for none)");
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
  g.hash_scheme = GameHasher::kCurrent;
  g.press = press_setting(r);
  g.private_press = r.private_press();
  g.name = game_name(r.name());
  g.disorder_after =
      r.has_disorder_after()
          ? static_cast<int>(std::min<std::uint32_t>(r.disorder_after(), kMaxDisorderAfter + 1))
          : kDefaultDisorderAfter;
  if (g.disorder_after > kMaxDisorderAfter) {
    refuse(proto::INVALID_ARGUMENT,
           "disorder_after is 0 (never) to " + std::to_string(kMaxDisorderAfter) +
               " missed deadlines in a row, not " + std::to_string(r.disorder_after()));
  }
  g.computer_takes_over = r.computer_takes_over();
  g.status = GameStatus::Open;
  const std::vector<int> computer = computer_seats_asked(r, players);
  const int seat = choose_seat(r.seat(), players, computer);
  const std::int64_t at = now();
  const std::string name = conn.user_name;
  auto live = std::make_shared<LiveGame>();
  live->row = g;
  live->seats.push_back(SeatRow{seat, user, name, false});
  live->attach(registry_);
  // A game whose every other seat the computer plays starts at once; its
  // position is set up (everything that can fail) before anything is stored.
  const bool full = static_cast<int>(computer.size()) + 1 == players;
  if (full) start_game(*live, initial_state(*live), at);

  // The game's id comes from the database, so the rows are written first and
  // the game enters memory once they are durable. The computer's seats are
  // told first, then the creator's.
  struct Created {
    std::int64_t id = 0;
    std::vector<proto::GameEvent> events;
    std::vector<ComputerSeatRow> computer;
    Bytes chain_hash;
  };
  auto created = std::make_shared<Created>();
  const std::int64_t most_open = limits_.max_open_games_per_user;
  writer_.submit(
      // Counted inside the transaction, so that requests sent at once are
      // counted one after the other.
      [row = live->row, seat, user, at, name, created, most_open, computer, full,
       cluster = cluster_](Tables& s) {
        if (s.open_games_created_by(user) >= most_open) {
          refuse(proto::TOO_MANY_GAMES,
                 "you have " + std::to_string(most_open) +
                     " games waiting for players, as many as this server allows; a new one "
                     "when one of them starts");
        }
        created->id = s.create_game(row, at);
        s.add_seat(created->id, seat, user, at);
        const auto event = [&](proto::GameEvent e) {
          e.set_game_id(static_cast<std::uint64_t>(created->id));
          e.set_seq(created->events.size() + 1);
          e.set_at_unix(at);
          s.insert_event(created->id, static_cast<std::int64_t>(e.seq()), e.SerializeAsString());
          created->events.push_back(e);
          return static_cast<std::int64_t>(e.seq());
        };
        for (const int c : computer) {
          proto::GameEvent e;
          e.mutable_computer()->set_seat(static_cast<std::uint32_t>(c));
          e.mutable_computer()->set_plays(true);
          e.mutable_computer()->set_step(1);
          const ComputerSeatRow played{event(std::move(e)), c, 1, std::nullopt};
          s.add_computer_seat(created->id, played);
          created->computer.push_back(played);
        }
        proto::GameEvent joined;
        joined.mutable_joined()->set_seat(static_cast<std::uint32_t>(seat));
        joined.mutable_joined()->set_player(name);
        joined.mutable_joined()->set_game_started(full);
        event(std::move(joined));
        if (full) {
          // The genesis hash names the game by its id.
          GameRow started = row;
          started.id = created->id;
          started.chain_hash = genesis_of(started, started.initial_hash);
          s.update_game(started);
          created->chain_hash = started.chain_hash;
        }
        if (cluster) s.database().notify(kClusterChannel, cluster->game_created(created->id));
      },
      [this, live, seat, user, name, created, reply, full](std::exception_ptr failure) {
        if (failure) return guarded(reply, [&] { std::rethrow_exception(failure); });
        const std::string kept = game_label(created->id) + " was created, with you in seat " +
                                 std::to_string(seat) + (full ? "; it started" : "");
        guarded_after_commit(reply, kept, [&] {
          live->row.id = created->id;
          live->row.next_event = static_cast<std::int64_t>(created->events.size()) + 1;
          live->computer = created->computer;
          if (full) live->row.chain_hash = created->chain_hash;
          live->last_used = ++use_counter_;
          games_[created->id] = live;
          evict_idle();
          log_line(game_label(created->id) + " created (" + live->row.full_scenario() + ") by '" +
                   name + "'" +
                   (live->computer.empty()
                        ? std::string()
                        : ", the computer playing " + std::to_string(live->computer.size()) +
                              " seat(s)") +
                   (full ? "; the game starts" : ""));
          push(created->id, created->events, live->readers());
          fanout_.push_new_game(
              [&](std::int64_t viewer, proto::GameSummary& s) { live->fill_summary(viewer, s); },
              reply->outbox());
          live->fill_summary(user, *reply->out().mutable_game());
          reply->send();
        });
        logging_failure(game_label(created->id) + ": the computer's jobs", [&] { think(live); });
      });
}

void Coordinator::list_games(const ConnectionState& conn, const proto::ListGamesRequest& r,
                             const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  if (r.watch()) fanout_.watch_new_games(reply->outbox());
  const int limit = r.limit() ? static_cast<int>(std::min<std::uint32_t>(
                                    r.limit(), static_cast<std::uint32_t>(limits_.list_page_max)))
                              : limits_.list_page;
  auto rows =
      reader_.game_summaries(r.mine_only(), r.open_only(), user,
                             static_cast<std::int64_t>(r.before_id()), limit + 1, r.offered_only());
  auto& list = *reply->out().mutable_games();
  if (static_cast<int>(rows.size()) > limit) {
    rows.resize(static_cast<std::size_t>(limit));
    list.set_next_before_id(static_cast<std::uint64_t>(rows.back().id));
  }
  // Only games with a seat offered to a new player: the rows are a superset.
  const auto keep_offered = [&] {
    const proto::GameSummary& s = list.games(list.games_size() - 1);
    if (r.offered_only() && std::none_of(s.seats().begin(), s.seats().end(),
                                         [](const proto::Seat& seat) { return seat.offered(); }))
      list.mutable_games()->RemoveLast();
  };
  for (const GameRow& row : rows) {
    proto::GameSummary& s = *list.add_games();
    if (auto it = games_.find(row.id); it != games_.end() && !it->second->in_flight) {
      it->second->fill_summary(user, s);
      keep_offered();
      continue;
    }
    // A running game stored before the seats to order were kept in its row
    // is read once into memory; every other game is listed from its row.
    if (row.status == GameStatus::Running && !row.to_order) {
      try {
        if (const GamePtr g = load(row); !g->in_flight) {
          g->fill_summary(user, s);
          keep_offered();
          continue;
        }
      } catch (const ApiError&) {
      }
    }
    stored_facts(row, true).fill_summary(user, s);
    keep_offered();
  }
  reply->send();
}

void Coordinator::join_game(const ConnectionState& conn, const proto::JoinGameRequest& r,
                            const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { join_game(c, r, reply); });
  if (!g) return;
  if (g->row.status != GameStatus::Open)
    refuse(proto::GAME_FULL, game_label(g->row.id) + " has already started");
  if (g->seat_of(user))
    refuse(proto::ALREADY_JOINED, "you already sit in " + game_label(g->row.id));
  const std::vector<int> taken = g->taken_seats();
  const int seat = choose_seat(r.seat(), g->row.players, taken);
  const bool full = static_cast<int>(taken.size()) + 1 == g->row.players;
  // Everything that can fail is done before the game changes.
  std::unique_ptr<State> initial = full ? initial_state(*g) : nullptr;

  Writes w;
  const std::int64_t at = now();
  const std::int64_t id = g->row.id;
  g->seats.push_back(SeatRow{seat, user, conn.user_name, false});
  std::sort(g->seats.begin(), g->seats.end(),
            [](const SeatRow& a, const SeatRow& b) { return a.seat < b.seat; });
  w.ops.push_back([id, seat, user, at](Tables& s) { s.add_seat(id, seat, user, at); });
  proto::GameEvent joined;
  joined.mutable_joined()->set_seat(static_cast<std::uint32_t>(seat));
  joined.mutable_joined()->set_player(conn.user_name);
  joined.mutable_joined()->set_game_started(full);
  record(*g, w, std::move(joined), at);
  if (full) {
    start_game(*g, std::move(initial), at);
    write_row(*g, w);
  }
  w.kept = "you joined " + game_label(id) + (full ? " and it started" : "");
  log_line(game_label(id) + ": '" + conn.user_name + "' joined" +
           (full ? "; the game starts" : ""));
  resolve_ready(*g, w, false, at);
  commit(g, std::move(w), reply, [g, user, reply] {
    g->fill_summary(user, *reply->out().mutable_game());
    reply->send();
  });
}

PlayerId Coordinator::acting_seat(const LiveGame& g, const ConnectionState& conn,
                                  const std::optional<std::uint32_t>& for_seat) const {
  const auto mine = g.seat_of(conn.user_id);
  if (!mine) refuse(proto::FORBIDDEN, "you do not sit in " + game_label(g.row.id));
  if (!for_seat) {
    if (mine->resigned) refuse(proto::FORBIDDEN, "you resigned from " + game_label(g.row.id));
    return PlayerId{mine->seat};
  }
  const auto controlled = g.controlled_seats(conn.user_id);
  const PlayerId wanted{static_cast<int>(std::min<std::uint32_t>(*for_seat, 100000))};
  if (std::find(controlled.begin(), controlled.end(), wanted) == controlled.end()) {
    refuse(proto::FORBIDDEN,
           "you do not control seat " + std::to_string(*for_seat) + " of " + game_label(g.row.id) +
               ": you order for your own seat, and for a resigned partner's on your side when "
               "the game hands its forces over");
  }
  return wanted;
}

// The orders of the step that led to the position, as the user may read
// them, drawn on the view (only province maps draw them).
View Coordinator::with_arrows(LiveGame& g, View view, const ConnectionState& conn) {
  if (!g.last_resolved_known) {
    // Newest first: the step's event is among the last few (commitments,
    // joins and proposals follow it).
    std::int64_t before = std::numeric_limits<std::int64_t>::max();
    for (bool more = true; more && !g.last_resolved;) {
      const auto page = reader_.events_before(g.row.id, before, 64);
      more = !page.empty();
      for (const auto& [seq, payload] : page) {
        before = seq;
        proto::GameEvent e;
        if (e.ParseFromString(payload) && e.has_resolved()) {
          g.last_resolved = e.resolved();
          break;
        }
      }
    }
    g.last_resolved_known = true;
  }
  if (!g.last_resolved) return view;
  proto::GameEvent whole;
  *whole.mutable_resolved() = *g.last_resolved;
  const proto::GameEvent mine = visible_part(whole, g.viewer_of(conn.user_id));
  view.arrows = g.require_state().order_arrows(readable_lines(mine.resolved().orders()));
  return view;
}

void Coordinator::get_game(const ConnectionState& conn, const proto::GetGameRequest& r,
                           const ReplyPtr& reply) {
  require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { get_game(c, r, reply); });
  if (!g) return;
  auto& d = *reply->out().mutable_detail();
  g->fill_summary(conn.user_id, *d.mutable_summary());
  if (g->row.status != GameStatus::Open) {
    const State& state = g->require_state();
    d.set_order_help(state.order_help());
    if (g->row.status == GameStatus::Over) {
      convert::to_proto(with_arrows(*g, state.view(std::nullopt), conn), *d.mutable_view());
    } else if (const auto mine = g->seat_of(conn.user_id)) {
      // Observers see a running game's summary, never a side's view.
      std::optional<std::uint32_t> for_seat;
      if (r.has_for_seat()) for_seat = r.for_seat();
      // A resigned player still sees their own seat's view.
      const PlayerId seat =
          (mine->resigned && !for_seat) ? PlayerId{mine->seat} : acting_seat(*g, conn, for_seat);
      convert::to_proto(with_arrows(*g, state.view(seat), conn), *d.mutable_view());
      for (const OrdersRow& o : g->orders) {
        if (o.seat != seat.value) continue;
        for (const std::string& l : o.lines) d.add_my_orders(l);
        d.set_my_ready(o.ready);
      }
    }
    if (r.picture() && d.has_view()) {
      d.set_picture(render::render_svg(d.view(), g->who.seat_names,
                                       game_label(g->row.id) + ": " + d.summary().step_label()));
    }
  }
  reply->send();
}

// ------------------------------------------------------------ orders

PlayerId Coordinator::ordering_seat(const LiveGame& g, const ConnectionState& conn,
                                    std::optional<std::uint32_t> for_seat, std::uint64_t step,
                                    const char* what) const {
  const PlayerId me = acting_seat(g, conn, for_seat);
  require_running(g);
  g.require_state();  // a game under rules this build does not play is refused by name
  if (static_cast<std::int64_t>(step) != g.row.step) {
    refuse(proto::STALE_STEP, std::string("the ") + what + " are for step " + std::to_string(step) +
                                  " but " + game_label(g.row.id) + " is at step " +
                                  std::to_string(g.row.step) + " (" + g.row.step_label + ")");
  }
  const auto must = g.to_order();
  if (std::find(must.begin(), must.end(), me) == must.end()) {
    // Say who orders now, so that the player knows whom the game waits for.
    std::vector<std::string> who;
    for (PlayerId p : must) who.push_back(seat_label(g, p.value));
    refuse(proto::NOT_YOUR_STEP,
           (for_seat ? "seat " + std::to_string(me.value) : std::string("your side")) +
               " does not order in this step (" + g.row.step_label + "); " +
               (who.empty() ? std::string("nobody orders")
                            : text::join(who, ", ") + (who.size() == 1 ? " orders" : " order")));
  }
  return me;
}

void Coordinator::choices(const ConnectionState& conn, const proto::ChoicesRequest& r,
                          const ReplyPtr& reply) {
  require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { choices(c, r, reply); });
  if (!g) return;
  std::optional<std::uint32_t> for_seat;
  if (r.has_for_seat()) for_seat = r.for_seat();
  const PlayerId me = ordering_seat(*g, conn, for_seat, r.step(), "choices");
  // A path is part of one order line: the line's limit bounds it.
  std::size_t length = r.decision().size();
  for (const std::string& piece : r.path()) length += piece.size();
  if (length > limits_.max_order_line ||
      static_cast<std::size_t>(r.path_size()) > limits_.max_order_line) {
    refuse(proto::INVALID_ARGUMENT, "the decision and its path have " + std::to_string(length) +
                                        " bytes; an order line has at most " +
                                        std::to_string(limits_.max_order_line));
  }
  const State& state = g->require_state();
  auto& out = *reply->out().mutable_choices_result();
  out.set_game_id(r.game_id());
  out.set_step(r.step());
  out.set_seat(static_cast<std::uint32_t>(me.value));
  if (r.decision().empty()) {
    if (r.path_size() > 0)
      refuse(proto::INVALID_ARGUMENT, "a path needs the decision it belongs to");
    for (const Decision& d : state.decisions(me)) convert::to_proto(d, *out.add_decisions());
    return reply->send();
  }
  const std::vector<std::string> path(r.path().begin(), r.path().end());
  const auto ways = state.choices(me, r.decision(), path);
  if (!ways) refuse(proto::INVALID_ARGUMENT, ways.error().message);
  for (const Decision& d : state.decisions(me)) {
    if (d.id == r.decision()) out.set_line(line_of(d, path));
  }
  for (const Choice& c : *ways) convert::to_proto(c, *out.add_choices());
  reply->send();
}

void Coordinator::submit_orders(const ConnectionState& conn, const proto::SubmitOrdersRequest& r,
                                const ReplyPtr& reply) {
  require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { submit_orders(c, r, reply); });
  if (!g) return;
  std::optional<std::uint32_t> for_seat;
  if (r.has_for_seat()) for_seat = r.for_seat();
  const PlayerId me = ordering_seat(*g, conn, for_seat, r.step(), "orders");
  if (r.lines_size() > limits_.max_order_lines) {
    refuse(proto::INVALID_ARGUMENT, std::to_string(r.lines_size()) +
                                        " order lines; a submission has at most " +
                                        std::to_string(limits_.max_order_lines));
  }
  for (int i = 0; i < r.lines_size(); ++i) {
    if (r.lines(i).size() > limits_.max_order_line) {
      refuse(proto::INVALID_ARGUMENT,
             "order line " + std::to_string(i + 1) + " has " + std::to_string(r.lines(i).size()) +
                 " bytes; a line has at most " + std::to_string(limits_.max_order_line));
    }
  }
  place_orders(g, me, std::vector<std::string>(r.lines().begin(), r.lines().end()), r.ready(),
               false, reply);
}

void Coordinator::place_orders(const GamePtr& g, PlayerId me, const std::vector<std::string>& lines,
                               bool ready, bool by_computer, const ReplyPtr& reply) {
  const State& state = g->require_state();
  auto valid = state.validate(me, lines);
  if (!valid) {
    throw ApiError{proto::ILLEGAL_ORDERS,
                   std::to_string(valid.error().size()) + " illegal order(s)", valid.error()};
  }
  OrdersRow o{me.value, valid->lines, random_bytes(16), {}, ready, false};
  o.commitment = commitment(o.nonce, o.lines);

  Writes w;
  const std::int64_t id = g->row.id, step = g->row.step, at = now();
  w.ops.push_back([id, step, o, at](Tables& s) { s.put_orders(id, step, o, at); });
  const auto same_seat = [&](const OrdersRow& x) { return x.seat == o.seat; };
  if (auto it = std::find_if(g->orders.begin(), g->orders.end(), same_seat);
      it != g->orders.end()) {
    *it = o;
  } else {
    g->orders.push_back(o);
  }
  proto::GameEvent e;
  auto& c = *e.mutable_committed();
  c.set_seat(static_cast<std::uint32_t>(o.seat));
  c.set_step(static_cast<std::uint64_t>(step));
  c.set_commitment(hex(o.commitment));
  c.set_ready(o.ready);
  c.set_computer(by_computer);
  // The answer carries the commitment: the submitting connection gets no
  // push of it (the user's other connections do).
  const std::uint64_t seq = record(*g, w, std::move(e), at).seq();
  if (reply) w.answered = seq;
  // A person who orders for a seat is back in it (the computer's orders
  // leave a seat in disorder offered, and the computer's play ends when a
  // person orders for it).
  if (!by_computer) seat_ordered(*g, w, me, at);
  const bool resolved = resolve_ready(*g, w, false, at);
  if (!reply) return commit(g, std::move(w), nullptr, nullptr);
  w.kept = "your orders for " + game_label(id) + ", step " + std::to_string(step) + " were saved" +
           (resolved ? " and the step resolved" : "");

  // Acknowledged only once durable: a crash after the ack loses nothing.
  commit(g, std::move(w), reply, [reply, o, resolved] {
    auto& a = *reply->out().mutable_orders_accepted();
    for (const std::string& l : o.lines) a.add_canonical(l);
    a.set_commitment(hex(o.commitment));
    a.set_ready(o.ready);
    a.set_resolved(resolved);
    reply->send();
  });
}

void Coordinator::resign(const ConnectionState& conn, const proto::ResignRequest& r,
                         const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { resign(c, r, reply); });
  if (!g) return;
  const auto seat = g->seat_of(user);
  if (!seat) refuse(proto::FORBIDDEN, "you do not sit in " + game_label(g->row.id));
  if (seat->resigned) refuse(proto::INVALID_ARGUMENT, "you have already resigned");
  if (g->row.status != GameStatus::Running)
    refuse(proto::GAME_NOT_RUNNING, game_label(g->row.id) + " is not running");
  Writes w;
  const std::int64_t id = g->row.id, at = now();
  const int number = seat->seat;
  const std::vector<Offer> offered_before = g->offers();
  for (SeatRow& s : g->seats) {
    if (s.seat == number) s.resigned = true;
  }
  w.ops.push_back([id, number](Tables& s) { s.set_resigned(id, number); });
  w.kept = "your resignation from " + game_label(id) + " was recorded";
  proto::GameEvent e;
  e.mutable_resigned()->set_seat(static_cast<std::uint32_t>(number));
  e.mutable_resigned()->set_player(conn.user_name);
  record(*g, w, std::move(e), at);
  // The standing changed: what was proposed before no longer holds.
  lapse_proposals(*g, w, seat_label(*g, number) + " resigned", at);
  end_if_decided(*g, w, at);
  // A resigned seat of a side that plays on is offered to a new player.
  announce_offers(*g, w, offered_before, at);
  log_line(game_label(id) + ": '" + conn.user_name + "' resigned");
  resolve_ready(*g, w, false, at);
  commit(g, std::move(w), reply, [g, user, reply] {
    g->fill_summary(user, *reply->out().mutable_game());
    reply->send();
  });
}

// ------------------------------------------------------------ agreements and seats

void Coordinator::propose(const ConnectionState& conn, const proto::ProposeRequest& r,
                          const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { propose(c, r, reply); });
  if (!g) return;
  const PlayerId me = acting_seat(*g, conn, std::nullopt);
  require_running(*g);
  ProposalRow asked =
      proposal_asked(*g, r, me, limits_.min_deadline_seconds, limits_.max_extension_seconds);
  take_send_budget(send_budget_, user, "messages and proposals");
  Writes w;
  const ProposalRow p = make_proposal(*g, w, std::move(asked), me, now());
  w.kept = "your proposal in " + game_label(g->row.id) + " was recorded";
  commit(g, std::move(w), reply, [g, p, reply] {
    to_proto(p, g->who, *reply->out().mutable_proposal());
    reply->send();
  });
}

void Coordinator::answer_proposal(const ConnectionState& conn,
                                  const proto::AnswerProposalRequest& r, const ReplyPtr& reply) {
  require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { answer_proposal(c, r, reply); });
  if (!g) return;
  const PlayerId me = acting_seat(*g, conn, std::nullopt);
  require_running(*g);
  Writes w;
  const ProposalRow p = apply_answer(*g, w, r, me, now());
  w.kept = "your answer to proposal " + std::to_string(p.id) + " (" + describe(p, g->who) +
           ") was recorded";
  commit(g, std::move(w), reply, [g, p, reply] {
    to_proto(p, g->who, *reply->out().mutable_proposal());
    reply->send();
  });
}

void Coordinator::take_seat(const ConnectionState& conn, const proto::TakeSeatRequest& r,
                            const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GamePtr g = settled(static_cast<std::int64_t>(r.game_id()), reply,
                            [this, c = conn, r, reply] { take_seat(c, r, reply); });
  if (!g) return;
  const Offer offer = offer_to_take(*g, user, r.seat());
  Writes w;
  hand_over(*g, w, offer.seat, user, conn.user_name, false, offer.reason, now());
  w.kept = "you took over " + seat_label(*g, offer.seat) + " of " + game_label(g->row.id);
  commit(g, std::move(w), reply, [g, user, reply] {
    g->fill_summary(user, *reply->out().mutable_game());
    reply->send();
  });
}

// ------------------------------------------------------------ the administrator

void Coordinator::apply_admin_request(LiveGame& g, Writes& w, const AdminRequestRow& r) {
  const std::int64_t at = now();
  if (r.action == AdminAction::Replace) {
    const auto user = reader_.user_by_id(r.user_id);
    const auto offer = admin_replacement(g, r.seat, r.user_id, user);
    return hand_over(g, w, r.seat, user->id, user->name, true,
                     offer ? std::optional<OfferReason>(offer->reason) : std::nullopt, at);
  }
  require_running(g);
  const ClockChange change = r.action == AdminAction::Pause    ? ClockChange::Pause
                             : r.action == AdminAction::Resume ? ClockChange::Resume
                                                               : ClockChange::Extend;
  if (change == ClockChange::Extend)
    check_extension(r.seconds, limits_.min_deadline_seconds, limits_.max_deadline_seconds);
  if (const auto why = clock_problem(StepClock::of(g.row), change, true))
    refuse(proto::INVALID_ARGUMENT, game_label(g.row.id) + " " + *why);
  change_clock(g, w, change, r.seconds, 0, at);
}

void Coordinator::apply_admin_requests() {
  for (const AdminRequestRow& r : reader_.waiting_admin_requests()) {
    if (!admin_in_flight_.insert(r.id).second) continue;  // being stored already
    const std::int64_t id = r.id;
    const auto done = [this, id] { admin_in_flight_.erase(id); };
    try {
      const GamePtr g = live(r.game_id);
      if (g->in_flight) {  // applied at the next look
        done();
        continue;
      }
      Writes w;
      apply_admin_request(*g, w, r);
      // Marked done in the same transaction as the change: applied once.
      const std::int64_t at = now();
      w.ops.push_back([id, at](Tables& s) { s.finish_admin_request(id, at, "applied"); });
      commit(g, std::move(w), nullptr, nullptr, done);
    } catch (const std::exception& e) {
      // Not refused: it is asked again at the next look.
      log_line("admin request " + std::to_string(id) + " could not be applied now: " + e.what());
      done();
    } catch (const ApiError& e) {
      if (e.code == proto::INTERNAL) {
        // The server's trouble (a game being reloaded), not the request's.
        log_line("admin request " + std::to_string(id) + " could not be applied now: " + e.message);
        done();
        continue;
      }
      const std::int64_t at = now();
      const std::string outcome = "refused: " + e.message;
      log_line("admin request " + std::to_string(id) + " " + outcome);
      writer_.submit([id, at, outcome](Tables& s) { s.finish_admin_request(id, at, outcome); },
                     [done](std::exception_ptr) { done(); });
    }
  }
}

// ------------------------------------------------------------ deadlines

void Coordinator::check_deadlines() {
  if (!resolved_left_ready_) {
    resolved_left_ready_ = true;
    resolve_ready_games();
    load_computer_games();
  }
  const std::int64_t t = now();
  send_due_computer_orders(t);
  std::set<std::int64_t> due;
  for (std::int64_t id : reader_.games_past_deadline(t)) due.insert(id);
  for (const auto& [id, g] : games_) {
    if (g->row.status == GameStatus::Running && g->row.step_deadline && *g->row.step_deadline <= t)
      due.insert(id);
  }
  for (std::int64_t id : due) resolve_at_deadline(id, t);
  remind(t);
}

void Coordinator::resolve_at_deadline(std::int64_t id, std::int64_t t) {
  logging_failure(game_label(id) + ": deadline resolution failed", [&] {
    const GamePtr g = live(id);
    // The change in flight (orders, say) is played at the deadline too:
    // resolved once it is durable.
    if (g->in_flight) {
      g->waiting.push_back([this, id, t] { resolve_at_deadline(id, t); });
      return;
    }
    Writes w;
    if (resolve_ready(*g, w, true, t)) commit(g, std::move(w), nullptr, nullptr);
  });
}

void Coordinator::remind(std::int64_t t) {
  std::vector<std::int64_t> leads = notify_.reminders;
  std::sort(leads.begin(), leads.end());
  for (const std::int64_t lead : leads) {
    std::vector<std::int64_t> due;
    try {
      due = NoticeTables(reader_.database()).games_due_reminder(t, lead);
    } catch (const std::exception& e) {
      log_line(std::string("reading the deadlines to remind of failed: ") + e.what());
      return;
    }
    for (const std::int64_t id : due) {
      logging_failure(game_label(id) + ": a reminder failed",
                      [&] { remind_of(id, t, lead, leads); });
    }
  }
}

void Coordinator::remind_of(std::int64_t id, std::int64_t t, std::int64_t lead,
                            const std::vector<std::int64_t>& leads) {
  const GamePtr g = live(id);
  if (g->in_flight) return;  // looked at again in a second
  const GameRow& r = g->row;
  if (r.status != GameStatus::Running || r.paused != Pause::None || !r.step_deadline) return;
  const std::int64_t deadline = *r.step_deadline;
  const auto set_ahead = [&](std::int64_t l) {
    return !r.deadline_set_at || deadline - *r.deadline_set_at > l;
  };
  if (deadline <= t || deadline > t + lead || !set_ahead(lead)) return;
  const auto key = std::make_tuple(id, r.step, lead);
  if (reminding_.count(key)) return;
  Writes w;
  const std::int64_t step = r.step;
  w.ops.push_back(notice_job([id, step, deadline, lead](NoticeTables& s) {
    s.record_reminder(id, step, deadline, lead);
  }));
  // A shorter reminder due as well (the server was down, or the deadline
  // moved) says it all: this one is recorded, not sent.
  const bool shorter_due = std::any_of(leads.begin(), leads.end(), [&](std::int64_t l) {
    return l < lead && deadline <= t + l && set_ahead(l);
  });
  if (!shorter_due) {
    if (auto write = outbox_write(reminder_notices(*g, t), fanout_, t)) {
      w.ops.push_back(std::move(write));
    }
  }
  reminding_.insert(key);
  const bool notices = !shorter_due;
  commit(
      g, std::move(w), nullptr,
      [this, notices] {
        if (notices && notices_queued_) notices_queued_();
      },
      [this, key] { reminding_.erase(key); });
}

// ------------------------------------------------------------ history

// Anyone signed in may read a game's history: a seated player what their seats
// may see, an observer what is public, everyone everything once it is over.
void Coordinator::events(const ConnectionState& conn, const proto::EventsRequest& r,
                         const ReplyPtr& reply) {
  require_user(conn);
  const GameFacts f = facts(static_cast<std::int64_t>(r.game_id()));
  const Viewer viewer = f.viewer_of(conn.user_id);
  auto& list = *reply->out().mutable_events_result();
  for (const std::string& payload :
       reader_.events_after(f.row.id, static_cast<std::int64_t>(r.after_seq()))) {
    proto::GameEvent stored;
    if (!stored.ParseFromString(payload)) refuse(proto::INTERNAL, "a stored event is corrupt");
    *list.add_events() = visible_part(stored, viewer);
  }
  reply->send();
}

ReplayPlan Coordinator::plan_replay(const ConnectionState& conn, const proto::ReplayRequest& r) {
  require_user(conn);
  const GameFacts f = facts(static_cast<std::int64_t>(r.game_id()));
  if (f.row.status == GameStatus::Open)
    refuse(proto::GAME_NOT_RUNNING, game_label(f.row.id) + " has not started");
  ReplayPlan p;
  p.game_id = f.row.id;
  p.viewer = f.viewer_of(conn.user_id);
  // The board as a seat saw it; an observer of a running game gets no board.
  const auto mine = f.seat_of(conn.user_id);
  p.boards = p.viewer.everything || mine.has_value();
  if (!p.viewer.everything && mine) p.eyes = PlayerId{mine->seat};
  // Views are large: only the step asked for (by default the last) has one.
  p.view_step = r.view_step() ? static_cast<std::int64_t>(r.view_step()) : f.row.step - 1;
  p.after_step = static_cast<std::int64_t>(r.after_step());
  p.page_steps = r.limit() ? static_cast<int>(std::min<std::uint32_t>(
                                 r.limit(), static_cast<std::uint32_t>(limits_.replay_page_max)))
                           : limits_.replay_page;
  p.page_bytes = limits_.replay_page_bytes;
  p.pictures = r.pictures();
  p.seat_names = f.who.seat_names;
  p.title = game_label(f.row.id);
  if (const Game* m = registry_.find(f.row.game)) {
    if (auto why = m->rules_problem(RulesVersion{f.row.rules_version}))
      p.unplayable = ApiError{proto::UNSUPPORTED_RULES, game_label(f.row.id) + ": " + *why, {}};
  }
  return p;
}

}  // namespace naumachia::server
