// The computer player (shared/bots, docs/computer.md): what it is handed is
// what its seat may know, its orders are valid, and it orders alike given
// the same generator.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

#include "bots/ceiling.h"
#include "bots/player.h"
#include "bots/search.h"
#include "support/random_play.h"
#include "support/sanitizers.h"
#include "support/secrecy_check.h"
#include "test-games/registry.h"

using namespace naumachia;

namespace {

// A seat's port that keeps the text of every answer it gives, for the
// secrecy check, and counts the positions it draws.
class WatchedPort final : public bots::SeatPort {
 public:
  explicit WatchedPort(const bots::SeatPort& inner) : inner_(inner) {}
  PlayerId seat() const override { return inner_.seat(); }
  StepInfo step() const override {
    StepInfo s = inner_.step();
    heard_ << s.label << '\n' << s.result << '\n';
    return s;
  }
  View view() const override {
    View v = inner_.view();
    heard_ << testing::view_text(v) << '\n';
    return v;
  }
  std::vector<Decision> decisions() const override {
    auto ds = inner_.decisions();
    for (const Decision& d : ds) heard_ << d.id << ' ' << d.label << ' ' << d.otherwise << '\n';
    return ds;
  }
  Expected<std::vector<Choice>> choices(std::string_view decision,
                                        const std::vector<std::string>& path) const override {
    auto cs = inner_.choices(decision, path);
    if (cs)
      for (const Choice& c : *cs) heard_ << c.text << ' ' << c.label << '\n';
    else
      heard_ << cs.error().message << '\n';
    return cs;
  }
  Expected<OrderSet, OrderErrors> validate(const std::vector<std::string>& lines) const override {
    auto v = inner_.validate(lines);
    if (!v)
      for (const OrderError& e : v.error()) heard_ << e.message << '\n';
    return v;
  }
  std::vector<std::vector<std::string>> candidate_orders() const override {
    auto groups = inner_.candidate_orders();
    for (const auto& g : groups)
      for (const std::string& line : g) heard_ << line << '\n';
    return groups;
  }
  std::unique_ptr<State> sample(Dice& rng) const override {
    ++samples_;
    return inner_.sample(rng);
  }
  std::string heard() const { return heard_.str(); }
  int samples() const { return samples_; }

 private:
  const bots::SeatPort& inner_;
  mutable std::ostringstream heard_;
  mutable int samples_ = 0;
};

Seed seed_of(std::uint8_t a, std::uint8_t b) {
  Seed s{};
  s[0] = a;
  s[1] = b;
  return s;
}

}  // namespace

TEST_CASE(
    "computer: every answer its port gives carries no secret its seat may not know, "
    "and its orders are valid, in every scenario") {
  const Registry registry = testing::every_module();
  const int steps = testing::kUnderSanitizers ? 6 : 24;
  for (const Game* game : registry.games()) {
    for (const ScenarioInfo& sc : game->scenarios()) {
      CAPTURE(game->id());
      CAPTURE(sc.id);
      const auto player = bots::player_for(game->id());
      bots::Budget budget;
      budget.playouts = 24;
      SeededDice rng(seed_of(7, 1), StepNo{1});
      testing::random_play(
          game->new_game(sc.id, sc.min_players).value(), seed_of(7, 2), steps, [&](const State& s) {
            const auto secrets = s.secrets();
            for (PlayerId p : s.step().to_order) {
              bots::StatePort inner(s, p);
              WatchedPort port(inner);
              const OrderSet orders = player->decide(port, rng, budget);
              CHECK(s.validate(p, orders.lines).has_value());
              for (const std::string& leak : testing::leaks_in(port.heard(), secrets, p, "port"))
                FAIL_CHECK(leak);
              // A position holding secrets is drawn only by a module that
              // draws them (State::sampled_for; by default none is given),
              // and a drawn one shows the seat what the true one does.
              if (!secrets.empty() && port.samples() > 0)
                if (const auto drawn = inner.sample(rng))
                  CHECK(testing::view_text(drawn->view(p)) == testing::view_text(s.view(p)));
            }
          });
    }
  }
}

TEST_CASE("computer: the same generator and budget give the same orders") {
  const Registry registry = testing::every_module();
  const Game* game = registry.find("diplomacy");
  REQUIRE(game != nullptr);
  auto state = game->new_game("standard", 7).value();
  const auto player = bots::player_for("diplomacy");
  bots::Budget budget;
  budget.playouts = 60;
  for (PlayerId p : state->step().to_order) {
    bots::StatePort port(*state, p);
    SeededDice a(seed_of(3, 3), StepNo{1}), b(seed_of(3, 3), StepNo{1});
    CHECK(player->decide(port, a, budget) == player->decide(port, b, budget));
  }
}

TEST_CASE("computer: a budget's stop ends the search at once with valid orders") {
  const Registry registry = testing::every_module();
  const Game* game = registry.find("diplomacy");
  REQUIRE(game != nullptr);
  auto state = game->new_game("standard", 7).value();
  const auto player = bots::searching_player();
  int asked = 0;
  bots::Budget budget;
  budget.playouts = 1000000;
  budget.stop = [&] { return ++asked > 3; };
  bots::StatePort port(*state, PlayerId{0});
  SeededDice rng(seed_of(4, 4), StepNo{1});
  const OrderSet orders = player->decide(port, rng, budget);
  CHECK(state->validate(PlayerId{0}, orders.lines).has_value());
  CHECK(asked <= 5);
}

namespace {

// A seat's port whose one group lists one of its lines four times, and
// which keeps the last line of every order set it is asked to validate.
class WeightedPort final : public bots::ForwardingPort {
 public:
  WeightedPort(const bots::SeatPort& inner, std::vector<std::string> group)
      : ForwardingPort(inner), group_(std::move(group)) {}
  Expected<OrderSet, OrderErrors> validate(const std::vector<std::string>& lines) const override {
    if (!lines.empty()) asked_.push_back(lines.back());
    return inner().validate(lines);
  }
  std::vector<std::vector<std::string>> candidate_orders() const override { return {group_}; }
  const std::vector<std::string>& asked() const { return asked_; }

 private:
  std::vector<std::string> group_;
  mutable std::vector<std::string> asked_;
};

}  // namespace

TEST_CASE(
    "computer: a search that tries the weighted lines first tries the line a module lists most "
    "before the others") {
  const Registry registry = testing::every_module();
  const Game* game = registry.find("diplomacy");
  REQUIRE(game != nullptr);
  auto state = game->new_game("standard", 7).value();
  // The first unit's candidate moves, each once, then its last listed three
  // more times.
  bots::StatePort inner(*state, PlayerId{0});
  std::vector<std::string> group;
  const auto groups = inner.candidate_orders();
  REQUIRE_FALSE(groups.empty());
  for (const std::string& line : groups.front())
    if (std::find(group.begin(), group.end(), line) == group.end()) group.push_back(line);
  REQUIRE(group.size() >= 4);
  const std::string weighted = group.back();
  group.insert(group.end(), 3, weighted);
  int first = 0;
  for (std::uint8_t seed = 1; seed <= 8; ++seed) {
    WeightedPort port(inner, group);
    bots::Budget budget;
    budget.playouts = 40;
    SeededDice rng(seed_of(seed, 9), StepNo{1});
    bots::searching_player({.samples = 1, .weighted_first = true})->decide(port, rng, budget);
    REQUIRE_FALSE(port.asked().empty());
    first += port.asked().front() == weighted ? 1 : 0;
  }
  CHECK(first == 8);
}

namespace {

// One game of `scenario` with `in_the_seats` ordering the side's seats and
// random play drawing from `opponents` for the others, each step's dice from
// `dice_seed`, as the computer benchmark plays it: whether the side won.
bool side_wins(const State& start, const Seating& seating, SideId side,
               const std::function<OrderSet(const State&, PlayerId)>& in_the_seats,
               SeededDice opponents, const Seed& dice_seed) {
  const std::vector<PlayerId> mine = seating.seats_of(side);
  std::unique_ptr<State> s = start.clone();
  for (int i = 0; i < 200 && !s->step().game_over; ++i) {
    std::map<PlayerId, OrderSet> orders;
    for (PlayerId p : s->step().to_order)
      orders[p] = std::find(mine.begin(), mine.end(), p) != mine.end()
                      ? in_the_seats(*s, p)
                      : bots::random_orders(*s, p, opponents);
    SeededDice dice(dice_seed, s->step().number);
    s = s->resolve(orders, dice).next;
  }
  const StepInfo end = s->step();
  return end.game_over && end.winners.size() == 1 && end.winners.front() == side;
}

}  // namespace

TEST_CASE(
    "computer: no player of a side wins a game its ceiling says cannot be won, and the ceiling "
    "finds the games the computer and random play won") {
  const Registry registry = testing::every_module();
  const Game* game = registry.find("eih-naval");
  REQUIRE(game != nullptr);
  int winnable = 0, not_winnable = 0;
  for (const char* scenario : {"trafalgar", "brest"}) {
    const auto found = registry.find_scenario(std::string("eih-naval/") + scenario);
    REQUIRE(found.has_value());
    const ScenarioInfo sc = found.value().second;
    const Seating seating = game->seating(sc, sc.min_players);
    for (int side = 0; side < 2; ++side) {
      const SideId me{side};
      const std::vector<PlayerId> seats = seating.seats_of(me);
      for (std::uint8_t g = 1; g <= 6; ++g) {
        CAPTURE(scenario);
        CAPTURE(side);
        CAPTURE(static_cast<int>(g));
        const auto start = game->new_game(scenario, sc.min_players).value();
        const SeededDice opponents(seed_of(g, 1), StepNo{1});
        const Seed dice = seed_of(g, 2);
        const auto ceiling = bots::ceiling_of_game(*start, seats, seating.sides_of(seats.front()),
                                                   opponents, dice, bots::CeilingLimits{});
        REQUIRE(ceiling.outcome != bots::CeilingGame::Outcome::Unknown);
        const bool can_win = ceiling.outcome == bots::CeilingGame::Outcome::Winnable;
        (can_win ? winnable : not_winnable) += 1;
        // The computer, and random play on eight generators of its own.
        const auto computer = bots::player_for("eih-naval");
        bots::Budget budget;
        budget.playouts = 48;
        SeededDice computer_rng(seed_of(g, 3), StepNo{1});
        const bool computer_won = side_wins(
            *start, seating, me,
            [&](const State& s, PlayerId p) {
              return computer->decide(bots::StatePort(s, p), computer_rng, budget);
            },
            opponents, dice);
        CHECK((can_win || !computer_won));
        for (std::uint8_t r = 0; r < 8; ++r) {
          SeededDice mine(seed_of(g, static_cast<std::uint8_t>(10 + r)), StepNo{1});
          const bool won = side_wins(
              *start, seating, me,
              [&](const State& s, PlayerId p) { return bots::random_orders(s, p, mine); },
              opponents, dice);
          CHECK((can_win || !won));
        }
      }
    }
  }
  // Both answers are given, so that neither check above holds by default.
  CHECK(winnable > 0);
  CHECK(not_winnable > 0);
}
