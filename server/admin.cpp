#include "admin.h"

#include <charconv>
#include <iostream>
#include <optional>
#include <string>

#include "audit.h"
#include "db.h"
#include "replay.h"
#include "store.h"

namespace naumachia::server {

namespace {

constexpr const char* kUsage = R"(usage: naumachia-admin [--db PATH] COMMAND

Administration of a naumachia server's database (default: data/naumachia.db).
It may run while the server runs.

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
  verify                check every game in the database as replay does, one
                        line per game (use it on a backup). Exit status 0 only
                        when every game verifies.
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

int list_games(Store& store) {
  for (const GameRow& g : store.games(false, false, 0)) {
    std::cout << g.id << "  " << g.full_scenario() << " (rules v" << g.rules_version << ")  "
              << g.status << "  step " << g.step << " " << g.step_label << "  players:";
    for (const SeatRow& s : store.seats(g.id)) std::cout << " " << s.seat << "=" << s.name;
    std::cout << "\n";
  }
  return 0;
}

std::optional<std::int64_t> game_number(const std::string& text) {
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

std::string describe(const GameRow& g) {
  return "game " + std::to_string(g.id) + " (" + g.full_scenario() + ", rules version " +
         std::to_string(g.rules_version) + ", " + g.status + ")";
}

void print_problems(const AuditReport& report) {
  for (const std::string& p : report.problems) std::cout << "MISMATCH: " << p << "\n";
}

int replay(Store& store, const Registry& registry, std::int64_t id, bool quiet) {
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

// Every game, oldest first, a page of rows at a time.
int verify_all(Store& store, const Registry& registry) {
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
  std::cout << all.size() - failed << " of " << all.size() << " game(s) verified\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace

int run_admin(int argc, char** argv, const Registry& registry) {
  std::string db_path = "data/naumachia.db";
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
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
      std::cerr << kUsage;
      return 2;
    }
    Db db(db_path, builtin_migrations());
    Store store(db);
    if (args[0] == "games" && args.size() == 1) return list_games(store);
    if (args[0] == "verify" && args.size() == 1) return verify_all(store, registry);
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
