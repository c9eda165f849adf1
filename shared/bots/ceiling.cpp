#include "bots/ceiling.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

#include "bots/player.h"

namespace naumachia::bots {

namespace {

struct Unknown {};  // a game whose ways outgrow the limits

// Every order set `seat` may give in the position from its candidate lines:
// each group's distinct lines, or none of them, in every combination that
// validates; distinct order sets once. Throws Unknown past the limit.
std::vector<OrderSet> order_sets(const State& s, PlayerId seat, const CeilingLimits& limits) {
  std::vector<std::vector<std::string>> groups;
  long product = 1;
  for (const auto& group : s.candidate_orders(seat)) {
    std::vector<std::string> distinct;
    for (const std::string& line : group)
      if (std::find(distinct.begin(), distinct.end(), line) == distinct.end())
        distinct.push_back(line);
    if (distinct.empty()) continue;
    product *= static_cast<long>(distinct.size()) + 1;
    if (product > limits.order_sets) throw Unknown{};
    groups.push_back(std::move(distinct));
  }
  std::set<OrderSet> found;
  std::vector<std::string> lines;
  const auto walk = [&](const auto& self, std::size_t g) -> void {
    if (g == groups.size()) {
      if (auto valid = s.validate(seat, lines)) found.insert(*valid);
      return;
    }
    self(self, g + 1);  // no line of this group
    for (const std::string& line : groups[g]) {
      lines.push_back(line);
      self(self, g + 1);
      lines.pop_back();
    }
  };
  walk(walk, 0);
  return {found.begin(), found.end()};
}

// Where random play's generator stands: the sides of every roll it made.
// Its seed being the same, the same sequence of sides leaves it in the same
// place, whatever the faces rolled.
std::string place_of(const Dice& rng) {
  std::string place;
  for (const DieRoll& r : rng.log()) place += std::to_string(r.sides) + ",";
  return place;
}

class Walk {
 public:
  Walk(const std::vector<PlayerId>& mine, const std::vector<SideId>& my_sides,
       const Seed& dice_seed, const CeilingLimits& limits)
      : mine_(mine), my_sides_(my_sides), dice_seed_(dice_seed), limits_(limits) {}

  long positions() const { return positions_; }

  // Whether some way of ordering the side's seats from `s` on wins, random
  // play drawing from `opponents`.
  bool winnable(const State& s, const SeededDice& opponents, int steps) {
    const StepInfo step = s.step();
    if (step.game_over)
      return step.winners.size() == 1 &&
             std::find(my_sides_.begin(), my_sides_.end(), step.winners.front()) != my_sides_.end();
    if (steps >= limits_.steps) return false;
    const std::string key = s.serialize() + '\0' + place_of(opponents);
    if (const auto known = seen_.find(key); known != seen_.end()) return known->second;

    // Random play orders first, as in the benchmark (in the order of the
    // seats to order), from a generator of its own: what the side orders
    // does not change its draws in this step.
    SeededDice rng = opponents;
    std::map<PlayerId, OrderSet> theirs;
    std::vector<PlayerId> my_seats;
    for (PlayerId p : step.to_order) {
      if (std::find(mine_.begin(), mine_.end(), p) != mine_.end())
        my_seats.push_back(p);
      else
        theirs[p] = bots::random_orders(s, p, rng);
    }
    std::vector<std::map<PlayerId, OrderSet>> ways{theirs};
    for (PlayerId p : my_seats) {
      std::vector<std::map<PlayerId, OrderSet>> more;
      for (const OrderSet& o : order_sets(s, p, limits_))
        for (auto w : ways) {
          w[p] = o;
          more.push_back(std::move(w));
          if (static_cast<long>(more.size()) > limits_.order_sets) throw Unknown{};
        }
      ways = std::move(more);
    }
    bool won = false;
    std::set<std::string> reached;  // positions already followed from here
    for (const auto& orders : ways) {
      if (++positions_ > limits_.positions) throw Unknown{};
      SeededDice dice(dice_seed_, step.number);
      std::unique_ptr<State> next = s.resolve(orders, dice).next;
      if (!reached.insert(next->serialize()).second) continue;
      if (winnable(*next, rng, steps + 1)) {
        won = true;
        break;
      }
    }
    seen_.emplace(key, won);
    return won;
  }

 private:
  const std::vector<PlayerId>& mine_;
  const std::vector<SideId>& my_sides_;
  Seed dice_seed_;
  CeilingLimits limits_;
  long positions_ = 0;
  std::unordered_map<std::string, bool> seen_;
};

}  // namespace

CeilingGame ceiling_of_game(const State& start, const std::vector<PlayerId>& mine,
                            const std::vector<SideId>& my_sides, const SeededDice& opponents,
                            const Seed& dice_seed, const CeilingLimits& limits) {
  Walk walk(mine, my_sides, dice_seed, limits);
  CeilingGame g;
  try {
    g.outcome = walk.winnable(start, opponents, 0) ? CeilingGame::Outcome::Winnable
                                                   : CeilingGame::Outcome::NotWinnable;
  } catch (const Unknown&) {
    g.outcome = CeilingGame::Outcome::Unknown;
  }
  g.positions = walk.positions();
  return g;
}

}  // namespace naumachia::bots
