// Tyre's computer player: the searching player judged by Tyre's standing,
// on a port whose candidate orders add to each ship's the longer courses
// random play leaves out (its candidates go a hex or two; a fleet crossing
// to the walls needs its whole allowance, 5.1). The validator refuses the
// courses a ship cannot sail; the player reads nothing but its port.
#include "bots/tyre.h"

#include <string>

#include "bots/search.h"

namespace naumachia::bots {

namespace {

class WithCourses final : public SeatPort {
 public:
  explicit WithCourses(const SeatPort& inner) : inner_(inner) {}
  PlayerId seat() const override { return inner_.seat(); }
  StepInfo step() const override { return inner_.step(); }
  View view() const override { return inner_.view(); }
  std::vector<Decision> decisions() const override { return inner_.decisions(); }
  Expected<std::vector<Choice>> choices(std::string_view decision,
                                        const std::vector<std::string>& path) const override {
    return inner_.choices(decision, path);
  }
  Expected<OrderSet, OrderErrors> validate(const std::vector<std::string>& lines) const override {
    return inner_.validate(lines);
  }
  std::unique_ptr<State> sample(Dice& rng) const override { return inner_.sample(rng); }

  std::vector<std::vector<std::string>> candidate_orders() const override {
    auto groups = inner_.candidate_orders();
    static constexpr std::string_view kShort = ": move 1";
    for (auto& group : groups) {
      // A ship's movement group holds "ID: move 1".
      std::string id;
      for (const std::string& line : group)
        if (line.size() > kShort.size() && line.ends_with(kShort))
          id = line.substr(0, line.size() - kShort.size());
      if (id.empty()) continue;
      for (int n = 3; n <= 9; ++n) group.push_back(id + ": move " + std::to_string(n));
      for (int n = 2; n <= 8; ++n)
        for (const char* side : {"L", "R"})
          group.push_back(id + ": turn " + side + ", move " + std::to_string(n));
    }
    return groups;
  }

 private:
  const SeatPort& inner_;
};

class Tyre final : public Player {
 public:
  std::string name() const override { return "tyre"; }
  OrderSet decide(const SeatPort& port, Dice& rng, const Budget& budget) const override {
    const WithCourses with_courses(port);
    return search_->decide(with_courses, rng, budget);
  }

 private:
  // A movement step orders up to forty ships and a strategic movement fifty
  // pieces: two draws (the dice of rams and landings) and a few candidates
  // a piece leave every piece its share of the budget.
  std::unique_ptr<Player> search_ = searching_player({.samples = 2, .per_group = 10});
};

}  // namespace

std::unique_ptr<Player> tyre_player() {
  return std::make_unique<Tyre>();
}

}  // namespace naumachia::bots
