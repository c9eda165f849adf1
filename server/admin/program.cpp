#include "admin/program.h"

#include <charconv>
#include <chrono>
#include <ctime>
#include <iostream>
#include <optional>
#include <string>
#include <thread>

#include "admin/audit.h"
#include "admin/copy_db.h"
#include "base/time.h"
#include "durations.h"
#include "records/replay.h"
#include "storage/database.h"
#include "storage/tables.h"

namespace naumachia::server {

namespace {

constexpr const char* kAdminUsage = R"(usage: naumachia-admin [--db PATH|URI] COMMAND

Administration of a naumachia server's database (default: data/naumachia.db;
a PostgreSQL database by its URI, postgresql://USER@HOST:PORT/NAME). It may
run while the server runs.

commands:
  games                 list every game: id, scenario and rules version, status,
                        step, players
  replay GAME [--quiet] re-run the game from its stored dice seed and orders,
                        step by step, print what happened at each step, and
                        verify each recomputed state and record hash against
                        the stored chain (it stops at the first divergence);
                        then check the rest of what is stored against the
                        replay: the games row, every event pushed to the
                        players, and the commitment of every stored order.
                        Each mismatch names the game, step, table and field.
                        Exit status 0 when everything verifies, 1 otherwise.
  verify                check the database whole (a SQLite file: PRAGMA
                        integrity_check, every page and index; PostgreSQL:
                        every table read whole), then every game in it as
                        replay does, one line per game (use it on a backup).
                        Exit status 0 only when the database is sound and every
                        game verifies.
  copy-db FROM TO       copy every row of the database FROM (a SQLite file or a
                        PostgreSQL URI) into TO (the same), which must hold no
                        users or games yet; both are migrated to the current
                        schema first. One transaction: on any failure TO keeps
                        nothing. Then every game in TO is verified as verify
                        does. Stop the server first: what it writes meanwhile
                        is not copied. Exit status 0 only when every game
                        verifies.
  pause GAME            stop the current step's deadline clock of a running
                        game (the time left is kept) and resolve nothing until
                        it is resumed; only the administrator resumes it (a
                        pause the players agreed on becomes the administrator's)
  resume GAME           restart the clock of a paused game: its deadline is the
                        time left from now; a step every player is ready in
                        resolves at once
  extend GAME DURATION  move the current step's deadline DURATION later (90s,
                        30m, 12h, 2d; at most 30 days), or while paused add it
                        to the time left
  replace GAME SEAT USER  seat the user USER (a registered name, sitting in no
                        seat of the game) in SEAT (its number) of a running
                        game in place of its player, whether or not the seat is
                        offered to a new player; the new player reads the
                        seat's history, the previous one what observers read
                        These four work while the server runs: the request is
                        queued in the database, the server applies it within a
                        second as the game's one writer, tells the players, and
                        records the outcome, which is printed. Exit status 0
                        when applied, 1 when refused, 3 when the server has
                        not applied it within --wait SECONDS (default 10; it
                        stays queued and is applied when the server runs).
  --help                this text
)";

void print_step(const ReplayedStep& s, const std::vector<std::string>& sides) {
  std::cout << "step " << s.stored.step << ": " << s.stored.label << "\n";
  for (const SeatOrders& o : s.orders) {
    const std::string side = sides[static_cast<std::size_t>(o.seat)];
    std::cout << "  orders of " << side << (o.defaulted ? " (defaults, deadline passed)" : "")
              << ":\n";
    for (const std::string& l : o.lines) std::cout << "    " << l << "\n";
  }
  for (const Event& e : s.played.resolution.events) {
    std::cout << "  - " << e.text << "\n";
    for (const DieRoll& r : e.rolls) {
      std::cout << "      d" << r.sides << " = " << r.value << " (" << r.purpose << ")\n";
    }
  }
  std::cout << "  state " << hex(s.played.state_hash) << "  "
            << (s.state_ok && s.record_ok ? "verified" : "MISMATCH") << "\n";
}

std::string clock_text(const GameRow& g) {
  if (g.paused != Pause::None) {
    return std::string("paused by ") +
           (g.paused == Pause::Admin ? "the administrator" : "agreement") +
           (g.paused_remaining
                ? ", " + std::to_string(*g.paused_remaining) + " s left on the deadline"
                : "");
  }
  return g.step_deadline ? "deadline " + utc_format(*g.step_deadline, "%Y-%m-%d %H:%M:%S UTC")
                         : "no deadline";
}

int list_games(Tables& store) {
  for (const GameRow& g : store.games(false, false, 0)) {
    std::cout << g.id << "  " << g.full_scenario() << " (rules v" << g.rules_version << ")  "
              << status_text(g.status) << "  step " << g.step << " " << g.step_label;
    if (g.status == GameStatus::Running) std::cout << "  " << clock_text(g);
    std::cout << "  players:";
    for (const SeatRow& s : store.seats(g.id)) std::cout << " " << s.seat << "=" << s.name;
    std::cout << "\n";
  }
  return 0;
}

// A whole number of at least `min` that is all of `text`.
template <class Number>
std::optional<Number> whole_number(const std::string& text, Number min) {
  Number n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < min) return std::nullopt;
  return n;
}

std::optional<std::int64_t> game_number(const std::string& text) {
  return whole_number<std::int64_t>(text, 1);
}

std::optional<int> seat_number(const std::string& text) {
  return whole_number<int>(text, 0);
}

std::string describe(const GameRow& g) {
  return "game " + std::to_string(g.id) + " (" + g.full_scenario() + ", rules version " +
         std::to_string(g.rules_version) + ", " + status_text(g.status) + ")";
}

void print_problems(const AuditReport& report) {
  for (const std::string& p : report.problems) std::cout << "MISMATCH: " << p << "\n";
}

int replay(Tables& store, const Registry& registry, std::int64_t id, bool quiet) {
  const auto g = store.game(id);
  if (!g) {
    std::cerr << "naumachia-admin: there is no game " << id << "\n";
    return 1;
  }
  const auto scenario = registry.find_scenario(g->full_scenario());
  if (!scenario) {
    std::cerr << "naumachia-admin: " << scenario.error().message << "\n";
    return 1;
  }
  const auto sides = scenario->first->seating(scenario->second, g->players).seat_names;
  std::cout << describe(*g) << "\n";
  const AuditReport report =
      audit_game(store, registry, id, [&](const ReplayedStep& s, const State&) {
        if (!quiet || !(s.state_ok && s.record_ok)) print_step(s, sides);
      });
  if (!report.ok()) {
    print_problems(report);
    return 1;
  }
  std::cout << "replay verified: " << report.steps << " step(s), every state and record hash"
            << " matches the stored chain; the games row, " << report.events
            << " event(s) and every commitment match the replay\n";
  return 0;
}

// The file first (SQLite's full integrity check: every page, b-tree and
// index entry), then every game, oldest first, a page of rows at a time.
int verify_all(Tables& store, const Registry& registry) {
  const std::vector<std::string> damage = store.database().check(true);
  for (const std::string& problem : damage)
    std::cout << "database: FAILED integrity check: " << problem << "\n";
  if (damage.empty()) std::cout << "database: integrity check ok\n";
  std::vector<GameRow> all;
  for (std::int64_t before = 0;;) {
    const std::vector<GameRow> page = store.game_summaries(false, false, 0, before, 500);
    all.insert(all.end(), page.begin(), page.end());
    if (page.size() < 500) break;
    before = page.back().id;
  }
  std::size_t failed = 0;
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    const AuditReport report = audit_game(store, registry, it->id);
    std::cout << describe(*it) << ": ";
    if (report.ok()) {
      std::cout << "verified, " << report.steps << " step(s), " << report.events << " event(s)\n";
    } else {
      ++failed;
      std::cout << "FAILED: " << report.problems.front();
      if (report.problems.size() > 1)
        std::cout << " (and " << report.problems.size() - 1 << " more: see replay)";
      std::cout << "\n";
    }
  }
  if (!damage.empty()) {
    std::cout << "the database is damaged (" << damage.size()
              << " problem(s) above): restore a backup that verifies (deploy/README.md)\n";
  }
  std::cout << all.size() - failed << " of " << all.size() << " game(s) verified\n";
  return failed == 0 && damage.empty() ? 0 : 1;
}

// What an applied request made of the game, for the administrator.
std::string applied_text(Tables& store, const AdminRequestRow& r) {
  const auto g = store.game(r.game_id);
  if (!g) return "";
  if (r.action != AdminAction::Replace) return "now " + clock_text(*g);
  for (const SeatRow& s : store.seats(r.game_id)) {
    if (s.seat == r.seat) return "seat " + std::to_string(s.seat) + " is now played by " + s.name;
  }
  return "";
}

// Queues a request for the server, which is the game's one writer while it
// runs, and waits for its outcome.
int queue_request(Tables& store, AdminRequestRow r, int wait_seconds) {
  const std::int64_t id = r.game_id;
  const AdminAction action = r.action;
  const auto g = store.game(id);
  if (!g) {
    std::cerr << "naumachia-admin: there is no game " << id << "\n";
    return 1;
  }
  if (g->status != GameStatus::Running) {
    std::cerr << "naumachia-admin: game " << id << " is " << status_text(g->status)
              << (action == AdminAction::Replace
                      ? ": only a running game's players are replaced\n"
                      : ": only a running game is paused, resumed or extended\n");
    return 1;
  }
  r.requested_at = unix_now();
  const std::int64_t request = store.insert_admin_request(r);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(wait_seconds);
  for (;;) {
    const auto done = store.admin_request(request);
    if (done && done->done_at) {
      if (done->outcome != "applied") {
        std::cout << "request " << request << " (" << action_text(action) << " game " << id << ") "
                  << done->outcome << "\n";
        return 1;
      }
      std::cout << "game " << id << ": " << action_text(action) << " applied; "
                << applied_text(store, r) << "\n";
      return 0;
    }
    if (std::chrono::steady_clock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::cout << "request " << request << " (" << action_text(action) << " game " << id
            << ") is queued: the server has not applied it yet (is it running?); it applies it "
               "as soon as it runs\n";
  return 3;
}

}  // namespace

int run_admin(int argc, char** argv, const Registry& registry) {
  std::string db_path = "data/naumachia.db";
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::cout << kAdminUsage;
      return 0;
    }
    if (a == "--db" && i + 1 < argc) {
      db_path = argv[++i];
    } else {
      args.push_back(a);
    }
  }
  try {
    if (args.empty()) {
      std::cerr << kAdminUsage;
      return 2;
    }
    if (args[0] == "copy-db") {
      if (args.size() != 3) {
        std::cerr << "naumachia-admin: copy-db FROM TO (see --help)\n";
        return 2;
      }
      if (args[1] == args[2]) {
        std::cerr << "naumachia-admin: copy-db needs two different databases\n";
        return 2;
      }
      Database from(args[1], builtin_migrations());
      Database to(args[2], builtin_migrations());
      std::cout << "copying " << redact_target(args[1]) << " into " << redact_target(args[2])
                << "\n";
      copy_database(from, to, std::cout);
      std::cout << "copied; verifying every game in " << redact_target(args[2]) << "\n";
      Tables copied(to);
      return verify_all(copied, registry);
    }
    Database db(db_path, builtin_migrations());
    Tables store(db);
    if (args[0] == "games" && args.size() == 1) return list_games(store);
    if (args[0] == "verify" && args.size() == 1) return verify_all(store, registry);
    if (args[0] == "pause" || args[0] == "resume" || args[0] == "extend" || args[0] == "replace") {
      int wait_seconds = 10;
      if (args.size() >= 2 && args[args.size() - 2] == "--wait") {
        const std::string& w = args.back();
        if (w.empty() || w.size() > 5 || w.find_first_not_of("0123456789") != std::string::npos) {
          std::cerr << "naumachia-admin: --wait takes a number of seconds, not '" << w << "'\n";
          return 2;
        }
        wait_seconds = std::stoi(w);
        args.resize(args.size() - 2);
      }
      const bool extend = args[0] == "extend", replace = args[0] == "replace";
      if (args.size() != (replace ? 4u : extend ? 3u : 2u)) {
        std::cerr << "naumachia-admin: " << args[0]
                  << (replace  ? " GAME SEAT USER"
                      : extend ? " GAME DURATION"
                               : " GAME")
                  << " (see --help)\n";
        return 2;
      }
      const auto id = game_number(args[1]);
      if (!id) {
        std::cerr << "naumachia-admin: GAME is a game number, not '" << args[1] << "'\n";
        return 2;
      }
      const auto seconds =
          extend ? render::parse_duration(args[2]) : std::optional<std::int64_t>(0);
      if (!seconds) {
        std::cerr << "naumachia-admin: DURATION is like 90s, 30m, 12h or 2d, not '" << args[2]
                  << "'\n";
        return 2;
      }
      AdminRequestRow r;
      r.game_id = *id;
      r.action = args[0] == "pause"    ? AdminAction::Pause
                 : args[0] == "resume" ? AdminAction::Resume
                 : replace             ? AdminAction::Replace
                                       : AdminAction::Extend;
      r.seconds = *seconds;
      if (replace) {
        const auto seat = seat_number(args[2]);
        if (!seat) {
          std::cerr << "naumachia-admin: SEAT is a seat number (0, 1, ...), not '" << args[2]
                    << "'\n";
          return 2;
        }
        r.seat = *seat;
        const auto user = store.user_by_name(args[3]);
        if (!user) {
          std::cerr << "naumachia-admin: there is no user '" << args[3] << "'\n";
          return 1;
        }
        r.user_id = user->id;
      }
      return queue_request(store, r, wait_seconds);
    }
    if (args[0] == "replay" && (args.size() == 2 || (args.size() == 3 && args[2] == "--quiet"))) {
      const auto id = game_number(args[1]);
      if (!id) {
        std::cerr << "naumachia-admin: GAME is a game number, not '" << args[1] << "'\n";
        return 2;
      }
      return replay(store, registry, *id, args.size() == 3);
    }
    std::cerr << "naumachia-admin: unknown command or arguments (see --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-admin: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace naumachia::server
