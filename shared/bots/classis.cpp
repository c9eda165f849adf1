// Classis's computer player (docs/computer.md, "Classis"). An activation
// spends its initiative points a line at a time (3.1.2, 3.2.11), and a line
// may make the next one possible: a ship moves into contact (3.1.4), then
// rams at the angle it came in at (3.1.5, 3.3.1). So the player plans the
// activation line by line on the position itself (a position of Classis
// holds no secret: the drawn position is the true one): each line the rules
// allow is played forward and the position reached judged by Classis's
// standing, a move also with the best attack it makes ready; moves (which
// roll no die) are chained in one step, and the first attack, whose dice
// decide what comes next, closes it. The moves tried are the ship's whole
// reach, not only the few that close on the nearest enemy which random play
// draws from, so that a ship may come round to an enemy's beam or stern, or
// stand off. The setup is left to the searching player.
#include "bots/classis.h"

#include <algorithm>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::bots {

SearchOptions classis_setup_options() {
  SearchOptions o;
  o.samples = 6;
  o.per_group = 12;
  o.rounds = 2;
  return o;
}

// Named apart from the other players' helpers, which a unity build reads
// into the same translation unit.
namespace {
namespace classis_plan {

constexpr std::string_view kMove = ": move ";
// Draws of the dice judging a line that rolls them (an attack, the chits
// drawn when the activation ends).
constexpr int kDraws = 10;
// The best moves judged again with the attack each makes ready.
constexpr std::size_t kFollowed = 4;
// Positions played forward kept back from the moves for judging those.
constexpr int kFollowing = 40;
// Positions played forward below which no further line is planned in the
// step (the next step plans it, with a budget of its own).
constexpr int kLeastForALine = 40;

Seed drawn_seed(Dice& rng) {
  Seed seed{};
  for (auto& b : seed) b = static_cast<std::uint8_t>(rng.roll(256, "classis seed") - 1);
  return seed;
}

// Classis 2.2, 3.1.2: the initiative points left in an activation, read
// from its step's label ("Turn 3: Rhodes squadron A (...), 4 of 6
// initiative points left"); 0 when the step is not an activation.
int points_left(const std::string& label) {
  if (label.find("initiative points left") == std::string::npos) return 0;
  const auto of = label.rfind(" of ");
  if (of == std::string::npos) return 0;
  const auto comma = label.rfind(", ", of);
  if (comma == std::string::npos) return 0;
  int n = 0;
  for (std::size_t i = comma + 2; i < of; ++i) {
    if (label[i] < '0' || label[i] > '9') return 0;
    n = n * 10 + (label[i] - '0');
  }
  return n;
}

std::string ship_of(const std::string& line) {
  return line.substr(0, line.find(':'));
}

bool is_move(const std::string& line) {
  return line.find(kMove) != std::string::npos;
}

// Classis 3.2.1: the paths a ship may be ordered along, up to six hexes
// with a turn of up to three hexsides before, within or after them; the
// validator refuses those beyond its speed and turning (1.3).
const std::vector<std::string>& paths() {
  static const std::vector<std::string> all = [] {
    const auto ahead = [](int n) {
      std::string s;
      for (int i = 0; i < n; ++i) s += i ? " F" : "F";
      return s;
    };
    const std::vector<std::string> turns = {"L", "R", "L L", "R R", "L L L", "R R R"};
    std::vector<std::string> out;
    for (const std::string& t : turns) out.push_back(t);
    for (int n = 1; n <= 6; ++n) {
      out.push_back(ahead(n));
      for (const std::string& t : turns) out.push_back(t + " " + ahead(n));
    }
    for (int n = 1; n <= 5; ++n)
      for (const char* t : {"L", "R", "L L", "R R"}) {
        out.push_back(ahead(n) + " " + t);
        for (int m = 1; n + m <= 6; ++m) out.push_back(ahead(n) + " " + t + " " + ahead(m));
      }
    return out;
  }();
  return all;
}

class Planner {
 public:
  Planner(PlayerId me, Dice& rng, const Budget& budget) : me_(me), rng_(rng), budget_(budget) {
    for (int i = 0; i < kDraws; ++i) seeds_.push_back(drawn_seed(rng));
  }

  int used() const { return used_; }
  int left() const { return budget_.playouts - used_; }

  struct Pick {
    std::string line;
    double value = -std::numeric_limits<double>::infinity();
    std::unique_ptr<State> after;  // the position a move leads to
  };

  // The best line to order next on `st`, judging lines until `limit`
  // positions in all have been played forward.
  Pick pick(const State& st, int limit) {
    const int points = points_left(st.step().label);
    std::vector<std::string> attacks;  // and repairs, backwaters
    std::vector<std::string> moves;
    std::set<std::string> seen;
    std::set<std::string> movers;
    for (const auto& group : st.candidate_orders(me_))
      for (const std::string& line : group) {
        if (!seen.insert(line).second) continue;
        if (is_move(line)) {
          moves.push_back(line);
          movers.insert(ship_of(line));
        } else {
          attacks.push_back(line);
        }
      }
    // The ships' whole reach, in an order drawn at random, after the moves
    // random play draws from (those closing on the enemy best).
    std::vector<std::string> more;
    for (const std::string& id : movers)
      for (const std::string& p : paths()) {
        std::string line = id + std::string(kMove) + p;
        if (seen.insert(line).second && st.validate(me_, {line})) more.push_back(std::move(line));
      }
    for (std::size_t i = 0; i + 1 < more.size(); ++i)
      std::swap(more[i], more[i +
                              static_cast<std::size_t>(
                                  rng_.roll(static_cast<int>(more.size() - i), "classis pick")) -
                              1]);
    moves.insert(moves.end(), more.begin(), more.end());

    Pick best;
    const auto spent = [&] { return used_ >= limit || budget_.spent(used_); };
    const auto consider = [&](const std::string& line, double v, std::unique_ptr<State> after) {
      if (v > best.value) {
        best.line = line;
        best.value = v;
        best.after = std::move(after);
      }
    };
    // Classis 3.1.2: declining the points left, so that no ship moves into
    // harm's way for want of a better order.
    consider("end", judge(st, {"end"}, kDraws), nullptr);
    for (const std::string& line : attacks) {
      if (spent()) return best;
      consider(line, judge(st, {line}, kDraws), nullptr);
    }
    // A move rolls no die (but on a reef, 3.2.1): one draw judges it, unless
    // it spends the last point and the chits drawn next decide the weights.
    const int move_draws = points <= 1 ? kDraws : 1;
    struct Judged {
      std::string line;
      double value;
      std::unique_ptr<State> after;
    };
    std::vector<Judged> judged;
    for (const std::string& line : moves) {
      if (used_ + kFollowing >= limit || budget_.spent(used_ + kFollowing)) break;
      std::unique_ptr<State> after;
      const double v = judge(st, {line}, move_draws, &after);
      judged.push_back({line, v, std::move(after)});
    }
    // Classis 3.1.4, 3.3.1: the best moves with the attack each makes
    // ready for the next point: into contact, then the ram.
    std::sort(judged.begin(), judged.end(),
              [](const Judged& a, const Judged& b) { return a.value > b.value; });
    for (std::size_t k = 0; k < judged.size(); ++k) {
      Judged& j = judged[k];
      double v = j.value;
      if (k < kFollowed && j.after && points >= 2 && !j.after->step().game_over &&
          points_left(j.after->step().label) > 0) {
        const std::string id = ship_of(j.line);
        for (const auto& group : j.after->candidate_orders(me_))
          for (const std::string& line : group) {
            if (spent() || is_move(line) || ship_of(line) != id) continue;
            v = std::max(v, judge(*j.after, {line}, kDraws));
          }
      }
      consider(j.line, v, std::move(j.after));
    }
    return best;
  }

 private:
  // The mean standing of the positions `lines` lead to from `st`, over
  // `draws` draws of the dice (the same draws for every line judged);
  // `after` keeps the first.
  double judge(const State& st, const std::vector<std::string>& lines, int draws,
               std::unique_ptr<State>* after = nullptr) {
    auto orders = st.validate(me_, lines);
    if (!orders) return -std::numeric_limits<double>::infinity();
    double total = 0;
    for (int k = 0; k < draws; ++k) {
      SeededDice dice(seeds_[static_cast<std::size_t>(k)], st.step().number);
      std::unique_ptr<State> next = st.resolve({{me_, *orders}}, dice).next;
      total += next->standing(me_);
      ++used_;
      if (after && k == 0) *after = std::move(next);
    }
    return total / draws;
  }

  PlayerId me_;
  Dice& rng_;
  const Budget& budget_;
  std::vector<Seed> seeds_;
  int used_ = 0;
};

class Classis final : public Player {
 public:
  std::string name() const override { return "classis"; }

  OrderSet decide(const SeatPort& port, Dice& rng, const Budget& budget) const override {
    if (points_left(port.step().label) <= 0) return setup_->decide(port, rng, budget);
    std::unique_ptr<State> at = port.sample(rng);
    if (!at) return random_orders(port, rng);
    const PlayerId me = port.seat();
    Planner planner(me, rng, budget);
    std::vector<std::string> lines;
    while (true) {
      // Most of what is left of the budget for this line; the rest for the
      // lines after it, which are planned on in this step while moves alone
      // are ordered.
      const int limit = planner.used() + std::max(1, planner.left() * 3 / 5);
      Planner::Pick p = planner.pick(*at, limit);
      if (p.line.empty()) break;
      lines.push_back(p.line);
      if (!is_move(p.line) || !p.after) break;
      at = std::move(p.after);
      const StepInfo next = at->step();
      if (next.game_over || points_left(next.label) <= 0 ||
          std::find(next.to_order.begin(), next.to_order.end(), me) == next.to_order.end() ||
          planner.left() < kLeastForALine || budget.spent(planner.used()))
        break;
    }
    if (auto orders = port.validate(lines)) return *orders;
    return random_orders(port, rng);
  }

 private:
  std::unique_ptr<Player> setup_ = searching_player(classis_setup_options());
};

}  // namespace classis_plan
}  // namespace

std::unique_ptr<Player> classis_player() {
  return std::make_unique<classis_plan::Classis>();
}

}  // namespace naumachia::bots
