// The computer player against random legal play (docs/computer.md,
// docs/performance.md): for every scenario of every shipped game, games with
// different seeds with the computer on each side in turn and random legal
// play on the others; its win rate, and the time it takes per decision (p50,
// p99) on this machine. In games of many powers (Diplomacy, The Fall of
// Constantinople) the computer plays one power among random ones and counts
// as winning when, after ten game years, it holds more supply centres than
// each of the others, or has won before. Beside the games won (a single
// victor, the computer's side), the games it came out ahead in: won, or with
// no victor ahead by the rules' other measures where the module has them
// (State::came_out_ahead: an Empires in Harm battle's political points and
// ships lost, docs/computer.md); elsewhere the same as won.
//
// The baseline, from the same run: random legal play in the computer's
// seats, against the same random play, over the same seeds and dice; its
// games won, and the computer's wins as a multiple of them (how much the
// computer adds to what the scenario and the dice give any player of that
// side).
//
//   naumachia-bench-computer [--games N] [--only GAME[/SCENARIO]] [--side SIDE]
//                            [--playouts N] [--max-steps N] [--seed N] [--trace]
//                            [--baseline-only] [--plan LINE]...
//                            [--ceiling [--ceiling-positions N]]
//
// --side plays only the rows where the computer plays SIDE (a side's name as
// the table prints it); each game is the one the full run plays.
//
// --trace writes each step of every game to stderr: its label, the
// computer's orders and what happened, for looking into how it plays.
//
// --baseline-only plays the baseline's games alone (quick: random play
// takes no time to decide).
//
// --plan LINE (repeatable) plays a fixed plan in the computer's place: in
// each of its seats' candidate groups the first of the plan's lines the group
// offers, else a line at random (Empires in Harm: "--plan 'defender 3' --plan
// 'chit line-of-bearing' --plan 'surrender no'"), to set a simple plan beside
// the computer over the same games.
//
// --ceiling prints, for each row of two sides, its ceiling instead
// (bots/ceiling.h): the games of the row any player of the side could
// have won, choosing among the module's candidate lines and knowing the dice
// and random play's draws in advance; no player wins more of them. A game
// whose ways of ordering outgrow --ceiling-positions (positions resolved,
// 200000 by default) is counted as one that might be won.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bots/ceiling.h"
#include "bots/player.h"
#include "bots/port.h"
#include "core/game.h"
#include "games/all_games.h"

using namespace naumachia;

namespace {

struct Options {
  int games = 50;
  std::string only;
  std::string side;
  int playouts = 400;
  int max_steps = 3000;
  unsigned seed = 1;
  bool trace = false;
  bool baseline_only = false;
  std::vector<std::string> plan;
  bool ceiling = false;
  long ceiling_positions = 200000;
};

Seed seed_of(unsigned base, int game, int salt) {
  Seed s{};
  const unsigned v[3] = {base, static_cast<unsigned>(game), static_cast<unsigned>(salt)};
  std::memcpy(s.data(), v, sizeof v);
  return s;
}

// The first number of four digits in a step's label: its game year.
int year_of(const std::string& label) {
  for (std::size_t i = 0; i + 4 <= label.size(); ++i)
    if (std::all_of(label.begin() + static_cast<long>(i), label.begin() + static_cast<long>(i) + 4,
                    [](char c) { return c >= '0' && c <= '9'; }) &&
        (i + 4 == label.size() || label[i + 4] < '0' || label[i + 4] > '9'))
      return std::stoi(label.substr(i, 4));
  return 0;
}

// Supply centres (The Fall of Constantinople: cities, cells of their own)
// each seat holds, from the whole board's view.
std::map<int, int> centres(const State& s) {
  std::map<int, int> held;
  for (const Cell& c : s.view(std::nullopt).cells)
    if ((c.supply_centre || c.terrain == "city") && c.owner >= 0) ++held[c.owner];
  return held;
}

// The first year of play: a game beginning in a winter (The Fall of
// Constantinople's Winter 1354 adjustments) plays its first year after it.
int first_year_of(const std::string& label) {
  const int year = year_of(label);
  return label.find("Winter") != std::string::npos ? year + 1 : year;
}

struct Tally {
  int games = 0;
  int won = 0;
  int ahead = 0;  // won, or ahead by the rules' other measures
  int unfinished = 0;
  std::vector<double> decision_ms;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// --plan: a seat's port whose candidate groups offering one of the plan's
// lines offer only the first of them, so that random legal play on it
// follows the plan where it can.
class PlanPort final : public bots::ForwardingPort {
 public:
  PlanPort(const bots::SeatPort& inner, const std::vector<std::string>& plan)
      : ForwardingPort(inner), plan_(plan) {}
  std::vector<std::vector<std::string>> candidate_orders() const override {
    auto groups = inner().candidate_orders();
    for (auto& group : groups) {
      const auto pick = std::find_first_of(plan_.begin(), plan_.end(), group.begin(), group.end());
      if (pick != plan_.end()) group = {*pick};
    }
    return groups;
  }

 private:
  const std::vector<std::string>& plan_;
};

// Who plays the computer's seats in a game: the computer (or the --plan), or
// random legal play for the baseline.
enum class InTheSeat { Computer, Random };

// One game: the computer (or, for the baseline, random play) plays
// `computer_seats`, random play the others. Returns whether the computer's
// seats won; `ahead` whether they came out ahead.
bool play_one(const Game& game, const ScenarioInfo& sc, int players,
              const std::vector<PlayerId>& computer_seats, InTheSeat who, const Options& o,
              int index, int salt, Tally& t, bool by_centres, bool& ahead) {
  ahead = false;
  // The computer's games alone are traced.
  const bool trace = o.trace && who == InTheSeat::Computer;
  auto state = game.new_game(sc.id, players).value();
  const Seating seating = game.seating(sc, players);
  SeededDice random_rng(seed_of(o.seed, index, salt), StepNo{1});
  SeededDice computer_rng(seed_of(o.seed, index, salt + 1000), StepNo{2});
  const auto computer = bots::player_for(game.id());
  bots::Budget budget;
  budget.playouts = o.playouts;
  const int first_year = first_year_of(state->step().label);
  const PlayerId me = computer_seats.front();
  for (int i = 0; i < o.max_steps && !state->step().game_over; ++i) {
    if (by_centres && year_of(state->step().label) >= first_year + 10) break;
    std::map<PlayerId, OrderSet> orders;
    for (PlayerId p : state->step().to_order) {
      if (std::find(computer_seats.begin(), computer_seats.end(), p) != computer_seats.end()) {
        if (who == InTheSeat::Random) {
          // Its own generator, so that the other seats draw as they would
          // against the computer for as long as the positions agree.
          orders[p] = bots::random_orders(*state, p, computer_rng);
          continue;
        }
        bots::StatePort port(*state, p);
        const auto started = std::chrono::steady_clock::now();
        orders[p] = o.plan.empty() ? computer->decide(port, computer_rng, budget)
                                   : bots::random_orders(PlanPort(port, o.plan), computer_rng);
        t.decision_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count());
      } else {
        orders[p] = bots::random_orders(*state, p, random_rng);
      }
    }
    SeededDice dice(seed_of(o.seed, index, salt + 2000), state->step().number);
    if (trace) {
      std::fprintf(stderr, "== %s\n", state->step().label.c_str());
      for (PlayerId p : computer_seats)
        if (orders.count(p))
          for (const std::string& line : orders.at(p).lines)
            std::fprintf(stderr, "   computer: %s\n", line.c_str());
    }
    Resolution r = state->resolve(orders, dice);
    if (trace)
      for (const Event& e : r.events) std::fprintf(stderr, "   %s\n", e.text.c_str());
    state = std::move(r.next);
  }
  const StepInfo end = state->step();
  if (trace) {
    const auto ahead_now = state->came_out_ahead(me);
    std::fprintf(
        stderr, "== end: %s, the computer %s\n",
        end.game_over ? (end.winners.size() == 1 ? "a victor" : "no single victor") : "unfinished",
        !ahead_now   ? "has no other measure"
        : *ahead_now ? "came out ahead"
                     : "not ahead");
  }
  if (end.game_over) {
    for (SideId w : end.winners)
      for (SideId mine : seating.sides_of(me))
        if (w == mine && end.winners.size() == 1) {
          ahead = true;
          return true;
        }
    ahead = state->came_out_ahead(me).value_or(false);
    if (!by_centres) return false;
  }
  if (!by_centres) {
    ++t.unfinished;
    return false;
  }
  const auto held = centres(*state);
  const int mine = held.count(me.value) ? held.at(me.value) : 0;
  for (const auto& [seat, n] : held)
    if (seat != me.value && n >= mine) return false;
  ahead = true;
  return true;
}

// --ceiling: each row's ceiling over the games the benchmark plays (the
// same seeds, random play's generator and dice).
void print_ceilings(const Registry& registry, const Options& o) {
  std::printf("%-34s %-18s %6s %8s %8s %8s %10s %9s\n", "scenario", "side", "games", "winnable",
              "unknown", "ceiling", "positions", "seconds");
  for (const Game* game : registry.games()) {
    for (const ScenarioInfo& sc : game->scenarios()) {
      const std::string full = game->id() + "/" + sc.id;
      if (!o.only.empty() && full != o.only && game->id() != o.only) continue;
      // Games of many powers are judged after ten years of play: beyond
      // any search of every way.
      if (sc.sides.size() > 2) continue;
      const int players = sc.min_players;
      const Seating seating = game->seating(sc, players);
      for (std::size_t r = 0; r < seating.side_names.size(); ++r) {
        if (!o.side.empty() && seating.side_names[r] != o.side) continue;
        const std::vector<PlayerId> seats = seating.seats_of(SideId{static_cast<int>(r)});
        const std::vector<SideId> sides = seating.sides_of(seats.front());
        bots::CeilingLimits limits;
        limits.positions = o.ceiling_positions;
        limits.steps = o.max_steps;
        int winnable = 0, unknown = 0;
        long positions = 0;
        const auto started = std::chrono::steady_clock::now();
        for (int g = 0; g < o.games; ++g) {
          const auto start = game->new_game(sc.id, players).value();
          const SeededDice opponents(seed_of(o.seed, g, static_cast<int>(r)), StepNo{1});
          const auto c =
              bots::ceiling_of_game(*start, seats, sides, opponents,
                                    seed_of(o.seed, g, static_cast<int>(r) + 2000), limits);
          positions += c.positions;
          if (c.outcome == bots::CeilingGame::Outcome::Winnable) ++winnable;
          if (c.outcome == bots::CeilingGame::Outcome::Unknown) ++unknown;
        }
        const double ceiling =
            o.games ? 100.0 * static_cast<double>(winnable + unknown) / o.games : 0;
        std::printf(
            "%-34s %-18s %6d %8d %8d %7.0f%% %10ld %9.0f%s\n", full.c_str(),
            seating.side_names[r].c_str(), o.games, winnable, unknown, ceiling,
            o.games ? positions / o.games : 0,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
            winnable + unknown < 0.9 * o.games ? "  the target cannot be met" : "");
        std::fflush(stdout);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--games")
      o.games = std::stoi(value());
    else if (a == "--only")
      o.only = value();
    else if (a == "--side")
      o.side = value();
    else if (a == "--playouts")
      o.playouts = std::stoi(value());
    else if (a == "--max-steps")
      o.max_steps = std::stoi(value());
    else if (a == "--seed")
      o.seed = static_cast<unsigned>(std::stoul(value()));
    else if (a == "--trace")
      o.trace = true;
    else if (a == "--baseline-only")
      o.baseline_only = true;
    else if (a == "--plan")
      o.plan.push_back(value());
    else if (a == "--ceiling")
      o.ceiling = true;
    else if (a == "--ceiling-positions")
      o.ceiling_positions = std::stol(value());
    else {
      std::fprintf(stderr,
                   "usage: naumachia-bench-computer [--games N] [--only GAME[/SCENARIO]] "
                   "[--side SIDE] [--playouts N] [--max-steps N] [--seed N] [--trace] "
                   "[--baseline-only] [--plan LINE]... [--ceiling [--ceiling-positions N]]\n");
      return a == "--help" ? 0 : 2;
    }
  }
  Registry registry;
  register_all_games(registry);
  if (o.ceiling) {
    print_ceilings(registry, o);
    return 0;
  }
  std::printf("%-34s %-12s %6s %6s %8s %6s %8s %9s %9s %7s %6s\n", "scenario", "computer", "games",
              "won", "win rate", "ahead", "ahead %", "p50 ms", "p99 ms", "random", "ratio");
  bool all_met = true, all_ahead = true;
  for (const Game* game : registry.games()) {
    for (const ScenarioInfo& sc : game->scenarios()) {
      const std::string full = game->id() + "/" + sc.id;
      if (!o.only.empty() && full != o.only && game->id() != o.only) continue;
      const bool by_centres = sc.sides.size() > 2;
      const int players = by_centres ? sc.max_players : sc.min_players;
      const Seating seating = game->seating(sc, players);
      // Two sides: the computer plays each side's seats in turn. Many
      // powers: one power, a different one each game.
      std::vector<std::pair<std::string, std::vector<PlayerId>>> roles;
      if (by_centres) {
        roles.push_back({"one power", {}});
      } else {
        for (std::size_t s = 0; s < seating.side_names.size(); ++s)
          roles.push_back({seating.side_names[s], seating.seats_of(SideId{static_cast<int>(s)})});
      }
      for (std::size_t r = 0; r < roles.size(); ++r) {
        if (!o.side.empty() && roles[r].first != o.side) continue;
        Tally t, baseline;
        const auto started = std::chrono::steady_clock::now();
        for (int g = 0; g < o.games; ++g) {
          std::vector<PlayerId> seats = roles[r].second;
          if (by_centres) seats = {PlayerId{g % players}};
          for (const InTheSeat who : {InTheSeat::Computer, InTheSeat::Random}) {
            if (who == InTheSeat::Computer && o.baseline_only) continue;
            Tally& tally = who == InTheSeat::Computer ? t : baseline;
            ++tally.games;
            bool ahead = false;
            if (play_one(*game, sc, players, seats, who, o, g, static_cast<int>(r), tally,
                         by_centres, ahead))
              ++tally.won;
            if (ahead) ++tally.ahead;
          }
        }
        if (o.baseline_only) {
          std::printf("%-34s %-12s %6d %6s %8s %6s %8s %9s %9s %7d\n", full.c_str(),
                      roles[r].first.c_str(), baseline.games, "-", "-", "-", "-", "-", "-",
                      baseline.won);
          std::fflush(stdout);
          continue;
        }
        const double rate = t.games ? static_cast<double>(t.won) / t.games : 0;
        const double ahead_rate = t.games ? static_cast<double>(t.ahead) / t.games : 0;
        const bool fast = percentile(t.decision_ms, 0.99) < 1000;
        const bool met = rate >= 0.9 && fast;
        const bool met_ahead = ahead_rate >= 0.9 && fast;
        const std::string unfinished =
            t.unfinished ? " " + std::to_string(t.unfinished) + " unfinished" : "";
        all_met = all_met && met;
        all_ahead = all_ahead && met_ahead;
        // The computer's wins as a multiple of the baseline's ("-" when
        // random play won none).
        char ratio[16] = "-";
        if (baseline.won > 0)
          std::snprintf(ratio, sizeof ratio, "%.1fx",
                        static_cast<double>(t.won) / static_cast<double>(baseline.won));
        std::printf(
            "%-34s %-12s %6d %6d %7.0f%% %6d %7.0f%% %9.1f %9.1f %7d %6s%s%s  (%.0f s)\n",
            full.c_str(), roles[r].first.c_str(), t.games, t.won, 100 * rate, t.ahead,
            100 * ahead_rate, percentile(t.decision_ms, 0.5), percentile(t.decision_ms, 0.99),
            baseline.won, ratio,
            met         ? ""
            : met_ahead ? "  below target (ahead: met)"
                        : "  below target",
            unfinished.c_str(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        std::fflush(stdout);
      }
    }
  }
  if (o.baseline_only) return 0;
  std::printf("target: a win rate of at least 90%% and p99 under 1000 ms per decision: %s\n",
              all_met ? "met" : "NOT met");
  std::printf("the same, counting the games it came out ahead in: %s\n",
              all_ahead ? "met" : "NOT met");
  return 0;
}
