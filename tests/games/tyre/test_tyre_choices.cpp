// Tyre: orders choice by choice (shared/games/tyre/naval_choices.cpp,
// siege_choices.cpp): the decisions of the first steps, a galley's course
// built run by run and turn by turn, and what the rules forbid not offered.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/choices.h"
#include "core/dice.h"
#include "core/game.h"
#include "core/text.h"
#include "support/text.h"
#include "test-games/registry.h"

using namespace naumachia;
using testing::has;

namespace {

const PlayerId kTyrian{0};
const PlayerId kMacedonian{1};

std::unique_ptr<State> tyre_game(const char* scenario) {
  const Registry registry = testing::every_module();
  auto s = registry.find("tyre")->new_game(scenario, 2);
  REQUIRE(s.has_value());
  return std::move(*s);
}

// The next step, every seat to order giving no orders.
std::unique_ptr<State> without_orders(const State& s) {
  std::map<PlayerId, OrderSet> orders;
  for (const PlayerId p : s.step().to_order) orders[p] = OrderSet{};
  Seed seed{};
  SeededDice dice(seed, StepNo{1});
  return std::move(s.resolve(orders, dice).next);
}

const Choice* find_text(const std::vector<Choice>& cs, const std::string& text) {
  const auto it =
      std::find_if(cs.begin(), cs.end(), [&](const Choice& c) { return c.text == text; });
  return it == cs.end() ? nullptr : &*it;
}

bool any_starts(const std::vector<Choice>& cs, const std::string& prefix) {
  return std::any_of(cs.begin(), cs.end(),
                     [&](const Choice& c) { return c.text.rfind(prefix, 0) == 0; });
}

}  // namespace

TEST_CASE("Tyre choices 17.1 5.31: the Tyrian deploys each ship in a harbour hex, then a facing") {
  auto s = tyre_game("naval");
  const auto ds = s->decisions(kTyrian);
  REQUIRE(ds.size() == 16);  // T1-T16; the fireship is not deployed
  CHECK(ds[0].id == "T1");
  CHECK(ds[0].text == "T1:");
  CHECK(ds[0].cells == std::vector<std::string>{"3104"});
  CHECK(has(ds[0].label, "trireme 5-7-10 at 3104 facing SW"));
  CHECK(ds[0].otherwise == "keeps its deployment (17.1)");
  CHECK(s->decisions(kMacedonian).empty());
  const auto hexes = s->choices(kTyrian, "T1", {});
  REQUIRE(hexes.has_value());
  CHECK(find_text(*hexes, " at 3305") != nullptr);
  CHECK(find_text(*hexes, " at 3415") != nullptr);
  CHECK(find_text(*hexes, " at 3001") == nullptr);  // a beach, outside the harbours (5.31)
  for (const Choice& c : *hexes) CHECK_FALSE(c.complete);
  const auto facings = s->choices(kTyrian, "T1", {" at 3305"});
  REQUIRE(facings.has_value());
  REQUIRE(facings->size() == 6);
  CHECK((*facings)[0].complete);
  CHECK((*facings)[0].last);
  CHECK(s->validate(kTyrian, {line_of(ds[0], {" at 3305", " facing S"})}).has_value());
  CHECK_FALSE(s->choices(kTyrian, "T1", {" at 3001"}).has_value());
}

TEST_CASE("Tyre choices 5.1 5.12 6.16: a course run by run and turn by turn, one turn per hex") {
  auto s = without_orders(*tyre_game("naval"));  // the default deployment
  REQUIRE(has(s->step().label, "Tyrian movement"));
  const auto ds = s->decisions(kTyrian);
  REQUIRE_FALSE(ds.empty());
  const auto found =
      std::find_if(ds.begin(), ds.end(), [](const Decision& d) { return d.id == "T1"; });
  REQUIRE(found != ds.end());
  const Decision& t1 = *found;
  CHECK(ds[0].otherwise == "is not launched (14.41)");  // F, the fireship
  CHECK(t1.otherwise == "stays where it is, as it faces (5.0)");
  const auto first = s->choices(kTyrian, t1.id, {});
  REQUIRE(first.has_value());
  REQUIRE(find_text(*first, " turn L") != nullptr);
  CHECK(find_text(*first, " turn L")->complete);  // a turn alone is an order
  CHECK_FALSE(any_starts(*first, " unpin"));      // only a pinned ship breaks free
  // After a turn, no second hexside before a hex is entered (5.12). The
  // course below is of the first ship that can turn and then move.
  std::string turn;
  const Decision* ship = nullptr;
  for (const Decision& d : ds) {
    for (const char* hand : {" turn L", " turn R"}) {
      const auto after_turn = s->choices(kTyrian, d.id, {hand});
      if (!after_turn) continue;
      CHECK_FALSE(any_starts(*after_turn, ", turn"));
      if (!ship && any_starts(*after_turn, ", move ")) turn = hand, ship = &d;
    }
  }
  REQUIRE(ship != nullptr);
  // Build a course: turn, a run, a turn, a run; each whole line validates.
  std::vector<std::string> path{turn};
  for (const char* next : {", move ", ", turn ", ", move "}) {
    const auto ways = s->choices(kTyrian, ship->id, path);
    REQUIRE(ways.has_value());
    const auto it = std::find_if(ways->begin(), ways->end(),
                                 [&](const Choice& c) { return c.text.rfind(next, 0) == 0; });
    if (it == ways->end()) break;
    CHECK(it->cells.size() == 1);
    path.push_back(it->text);
    if (it->complete) {
      const auto v = s->validate(kTyrian, {line_of(*ship, path)});
      CHECK_MESSAGE(v.has_value(), line_of(*ship, path));
    }
  }
  CHECK(path.size() >= 2);
  // A run into the harbour wall is never offered; a text not offered is refused.
  CHECK_FALSE(s->choices(kTyrian, ship->id, {" move 40"}).has_value());
}

TEST_CASE("Tyre choices 4.0 14.21: the Macedonian plan and build / otherwise bombardment") {
  // Set-up of both armies with no orders, then the first allocation.
  auto s = without_orders(*without_orders(*tyre_game("siege")));
  REQUIRE(has(s->step().label, "allocation"));
  const auto ds = s->decisions(kMacedonian);
  REQUIRE(ds.size() == 2);
  CHECK(ds[0].id == "plan");
  CHECK(has(ds[0].otherwise, "bombards"));
  const auto plans = s->choices(kMacedonian, "plan", {});
  REQUIRE(plans.has_value());
  REQUIRE(plans->size() == 2);
  CHECK(line_of(ds[0], {(*plans)[1].text}) == "assault");
  CHECK(s->validate(kMacedonian, {"assault", "build ram"}).has_value());
  const auto builds = s->choices(kMacedonian, "build", {});
  REQUIRE(builds.has_value());
  CHECK(line_of(ds[1], {(*builds)[0].text}) == "build catapult");
}

TEST_CASE(
    "Tyre choices 17.22: a reinforcement enters at a north-edge hex, then a facing, a course") {
  // The naval war's Game-Turn 1 with every fleet arrived and no ship on
  // the map: the Macedonian moves second in impulse 1.
  const Registry registry = testing::every_module();
  const Game* game = registry.find("tyre");
  std::string text = tyre_game("naval")->serialize();
  std::string position;
  for (auto line : text::lines(text)) {
    std::string l(line);
    if (l.rfind("segment ", 0) == 0) l = "segment second-movement";
    if (l.rfind("ship ", 0) == 0) {
      const auto w = text::split(l);
      l = "ship " + std::string(w[1]) + " off N";
      for (std::size_t i = 4; i < w.size(); ++i) l += " " + std::string(w[i]);
    }
    position += l + "\n";
    if (l.rfind("over ", 0) == 0) position += "arrived ABS\narrived RSL\narrived Cyprus\n";
  }
  auto s = game->deserialize(position);
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  const State& state = **s;
  REQUIRE(has(state.step().label, "Macedonian movement"));
  const auto ds = state.decisions(kMacedonian);
  REQUIRE_FALSE(ds.empty());
  const Decision& d = ds[0];
  CHECK(d.otherwise == "stays off the map until it enters (17.22)");
  CHECK(d.cells.empty());
  const auto entries = state.choices(kMacedonian, d.id, {});
  REQUIRE(entries.has_value());
  REQUIRE_FALSE(entries->empty());
  for (const Choice& c : *entries) {
    CHECK(c.text.rfind(" enter ", 0) == 0);
    CHECK_FALSE(c.complete);  // a facing must follow
    REQUIRE(c.cells.size() == 1);
    CHECK(c.cells[0].substr(2) == "01");  // row 01, the north edge
  }
  const std::string at = (*entries)[0].text;
  const auto facings = state.choices(kMacedonian, d.id, {at});
  REQUIRE(facings.has_value());
  const Choice* south = find_text(*facings, " facing S");
  REQUIRE(south != nullptr);
  CHECK(south->complete);
  const auto course = state.choices(kMacedonian, d.id, {at, " facing S"});
  REQUIRE(course.has_value());
  CHECK(find_text(*course, ", move 1") != nullptr);
  CHECK_FALSE(any_starts(*course, ", back"));  // entering, it may only turn, move or ram
  CHECK(state.validate(kMacedonian, {line_of(d, {at, " facing S", ", move 1"})}).has_value());
  // A hex off the north edge is no entry.
  CHECK_FALSE(state.choices(kMacedonian, d.id, {" enter 3010"}).has_value());
}
