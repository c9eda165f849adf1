#include "admin.h"

#include <iostream>
#include <string>

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
                        the stored chain; stops at the first divergence.
                        Exit status 0 when every step verifies, 1 otherwise.
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
  std::cout << "game " << id << " (" << g->full_scenario() << ", rules version " << g->rules_version
            << ", " << g->status << ")\n";
  const ReplaySummary summary =
      replay_game(store, registry, id, nullptr, [&](const ReplayedStep& s, const State&) {
        if (!quiet || !(s.state_ok && s.record_ok)) print_step(s, sides);
      });
  if (!summary.ok()) {
    std::cout << "DIVERGENCE: " << *summary.divergence << "\n";
    return 1;
  }
  std::cout << "replay verified: " << summary.steps << " step(s), every state and record hash"
            << " matches the stored chain\n";
  return 0;
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
    if (args[0] == "replay" && (args.size() == 2 || (args.size() == 3 && args[2] == "--quiet"))) {
      return replay(store, registry, std::stoll(args[1]), args.size() == 3);
    }
    std::cerr << "naumachia-admin: unknown command or arguments (see --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-admin: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace naumachia::server
