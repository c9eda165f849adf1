#include "bots/search.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

namespace naumachia::bots {

namespace {

// The seat's own steps settled by their defaults at most (SearchOptions::settle).
constexpr int kMostSettled = 4;

Seed drawn_seed(Dice& rng) {
  Seed seed{};
  for (auto& b : seed) b = static_cast<std::uint8_t>(rng.roll(256, "search seed") - 1);
  return seed;
}

// One draw against which candidates are judged: a position agreeing with
// the seat's knowledge, the other seats' orders on it and the dice.
struct Draw {
  std::unique_ptr<State> position;
  std::map<PlayerId, OrderSet> others;
  Seed dice;
};

class Search final : public Player {
 public:
  explicit Search(SearchOptions options) : options_(options) {}
  std::string name() const override { return "search"; }

  OrderSet decide(const SeatPort& port, Dice& rng, const Budget& budget) const override {
    const PlayerId me = port.seat();
    std::vector<Draw> draws;
    for (int i = 0; i < options_.samples; ++i) {
      Draw d;
      d.position = port.sample(rng);
      if (!d.position) break;
      for (PlayerId p : d.position->step().to_order)
        if (p != me) d.others[p] = random_orders(*d.position, p, rng);
      d.dice = drawn_seed(rng);
      draws.push_back(std::move(d));
    }
    // Without a position to play on, or nothing to choose, random legal play.
    const auto groups = port.candidate_orders();
    if (draws.empty() || groups.empty()) return random_orders(port, rng);

    int used = 0;
    const auto judge = [&](const std::vector<std::string>& lines) {
      double total = 0;
      for (const Draw& d : draws) {
        auto mine = d.position->validate(me, lines);
        if (!mine) return -std::numeric_limits<double>::infinity();
        std::map<PlayerId, OrderSet> orders = d.others;
        orders[me] = *mine;
        SeededDice dice(d.dice, d.position->step().number);
        std::unique_ptr<State> next = d.position->resolve(orders, dice).next;
        for (int k = 0; k < options_.depth && !next->step().game_over; ++k) {
          std::map<PlayerId, OrderSet> later;
          for (PlayerId p : next->step().to_order) later[p] = random_orders(*next, p, rng);
          SeededDice more(d.dice, next->step().number);
          next = next->resolve(later, more).next;
        }
        for (int k = 0; options_.settle && k < kMostSettled && !next->step().game_over; ++k) {
          const StepInfo step = next->step();
          if (step.to_order.size() != 1 || step.to_order.front() != me || !options_.settle(step))
            break;
          auto defaults = next->validate(me, {});
          if (!defaults) break;
          SeededDice more(d.dice, next->step().number);
          next = next->resolve({{me, *defaults}}, more).next;
        }
        total += next->standing(me);
        ++used;
      }
      return total / static_cast<double>(draws.size());
    };

    // Start from no orders where that is valid (the rules' defaults), else
    // from random legal ones.
    std::vector<std::string> best;
    if (!port.validate(best)) best = random_orders(port, rng).lines;
    double best_value = judge(best);
    std::vector<std::size_t> order(groups.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    // Which line of `best` each group chose, if any.
    std::vector<std::optional<std::string>> chosen(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (const std::string& line : best)
        if (std::find(groups[g].begin(), groups[g].end(), line) != groups[g].end())
          chosen[g] = line;
    // Each group's candidates once (a module may list a line several times
    // to weight random play).
    std::vector<std::vector<std::string>> distinct(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (const std::string& line : groups[g])
        if (std::find(distinct[g].begin(), distinct[g].end(), line) == distinct[g].end())
          distinct[g].push_back(line);
    for (int round = 0; round < options_.rounds; ++round) {
      bool changed = false;
      for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t g = order[k];
        if (budget.spent(used)) return *port.validate(best);
        // The group's share of what is left of the budget, so that every
        // group is tried: at most per_group candidates, at least one.
        const int groups_left = static_cast<int>(order.size() - k);
        const int share =
            std::clamp((budget.playouts - used) / (static_cast<int>(draws.size()) * groups_left), 1,
                       options_.per_group);
        // The candidates in an order drawn at random; those that do not
        // validate with the rest are passed over and not counted.
        std::vector<std::string> tries = distinct[g];
        for (std::size_t i = 0; i + 1 < tries.size(); ++i)
          std::swap(tries[i], tries[i +
                                    static_cast<std::size_t>(rng.roll(
                                        static_cast<int>(tries.size() - i), "search pick")) -
                                    1]);
        if (options_.weighted_first) {
          std::map<std::string, int> weight;  // how often the group lists each line
          for (const std::string& line : groups[g]) ++weight[line];
          std::stable_sort(tries.begin(), tries.end(),
                           [&](const auto& a, const auto& b) { return weight[a] > weight[b]; });
        }
        // The lines without this group's choice.
        std::vector<std::string> base = best;
        if (chosen[g]) std::erase(base, *chosen[g]);
        int tried = 0;
        // No line for this group at all, where the rest holds without one.
        if (options_.omit && chosen[g] && port.validate(base) && !budget.spent(used)) {
          ++tried;
          const double v = judge(base);
          if (v > best_value) {
            best_value = v;
            best = base;
            chosen[g].reset();
            changed = true;
          }
        }
        for (const std::string& line : tries) {
          if (chosen[g] && line == *chosen[g]) continue;
          if (tried >= share || budget.spent(used)) break;
          std::vector<std::string> trial = base;
          trial.push_back(line);
          if (!port.validate(trial)) continue;
          ++tried;
          const double v = judge(trial);
          if (v > best_value) {
            best_value = v;
            best = trial;
            chosen[g] = line;
            changed = true;
            // A line another group chose together with an earlier one may
            // have gone with it.
            for (std::size_t h = 0; h < groups.size(); ++h)
              if (chosen[h] && std::find(best.begin(), best.end(), *chosen[h]) == best.end())
                chosen[h].reset();
          }
          if (!options_.together) continue;
          // The lines of another group that hold only with this one.
          for (std::size_t h = 0; h < groups.size(); ++h) {
            if (h == g || chosen[h]) continue;
            for (const std::string& more : distinct[h]) {
              if (budget.spent(used)) break;
              std::vector<std::string> alone = base, pair = trial;
              alone.push_back(more);
              pair.push_back(more);
              if (port.validate(alone) || !port.validate(pair)) continue;
              const double w = judge(pair);
              if (w > best_value) {
                best_value = w;
                best = std::move(pair);
                chosen[g] = line;
                chosen[h] = more;
                changed = true;
              }
            }
          }
        }
      }
      if (!changed) break;
    }
    return *port.validate(best);
  }

 private:
  SearchOptions options_;
};

class Random final : public Player {
 public:
  std::string name() const override { return "random"; }
  OrderSet decide(const SeatPort& port, Dice& rng, const Budget&) const override {
    return random_orders(port, rng);
  }
};

template <class Valid>
OrderSet random_lines(const std::vector<std::vector<std::string>>& groups, Dice& rng,
                      const Valid& validate) {
  std::vector<std::string> lines;
  for (const auto& group : groups) {
    if (group.empty()) continue;
    // A die has two faces at least: a single candidate is taken as it is.
    const std::size_t pick =
        group.size() == 1
            ? 0
            : static_cast<std::size_t>(rng.roll(static_cast<int>(group.size()), "pick") - 1);
    std::vector<std::string> trial = lines;
    trial.push_back(group[pick]);
    if (validate(trial)) lines = std::move(trial);
  }
  return validate(lines).value();
}

}  // namespace

OrderSet random_orders(const SeatPort& port, Dice& rng) {
  return random_lines(port.candidate_orders(), rng,
                      [&](const std::vector<std::string>& l) { return port.validate(l); });
}

OrderSet random_orders(const State& state, PlayerId seat, Dice& rng) {
  return random_lines(state.candidate_orders(seat), rng,
                      [&](const std::vector<std::string>& l) { return state.validate(seat, l); });
}

std::unique_ptr<Player> random_player() {
  return std::make_unique<Random>();
}

std::unique_ptr<Player> searching_player(SearchOptions options) {
  return std::make_unique<Search>(options);
}

}  // namespace naumachia::bots
