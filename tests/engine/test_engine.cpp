// The engine interface, exercised through the test-only Duel game: order
// validation, resolution with given dice, views, canonical serialisation
// (random play over every module is tests/engine/test_conformance.cpp).
#include <doctest/doctest.h>

#include "core/game.h"
#include "core/text.h"
#include "test-games/duel_game.h"

using namespace naumachia;

namespace {

std::unique_ptr<State> new_duel(int players = 2) {
  auto game = testing::make_duel_game();
  auto s = game->new_game("standard", players);
  REQUIRE(s.has_value());
  return std::move(*s);
}

std::map<PlayerId, OrderSet> bids(std::vector<int> values) {
  std::map<PlayerId, OrderSet> out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    out[PlayerId{static_cast<int>(i)}] = OrderSet{{"bid " + std::to_string(values[i])}};
  }
  return out;
}

}  // namespace

TEST_CASE("validation returns the canonical form and never changes the state") {
  const auto s = new_duel();
  const std::string before = s->serialize();
  auto ok = s->validate(PlayerId{0}, {"  BID   7 "});
  REQUIRE(ok.has_value());
  CHECK(ok->lines == std::vector<std::string>{"bid 7"});
  CHECK(s->serialize() == before);
}

TEST_CASE("illegal orders get every error, with the line and the rule") {
  const auto s = new_duel();
  auto too_much = s->validate(PlayerId{1}, {"bid 11"});
  REQUIRE_FALSE(too_much.has_value());
  CHECK(too_much.error()[0].line == 1);
  CHECK(too_much.error()[0].message.find("(duel 2)") != std::string::npos);

  auto two = s->validate(PlayerId{0}, {"fire", "bid 2"});
  REQUIRE_FALSE(two.has_value());
  CHECK(two.error().size() == 2);

  auto none = s->validate(PlayerId{0}, {});
  REQUIRE_FALSE(none.has_value());
  CHECK(none.error()[0].line == 0);
}

TEST_CASE("resolution follows the rules with the given dice") {
  const auto s = new_duel();
  ScriptedDice dice({1, 1});
  const Resolution r = s->resolve(bids({4, 3}), dice);
  CHECK(r.next->step().number.value == 2);
  CHECK(r.events.back().text == "Red scores a point");
  CHECK(r.events[0].rolls.size() == 1);
  CHECK(r.events[0].rolls[0].purpose == "Red's strength roll");
  CHECK(dice.remaining() == 0);

  ScriptedDice tie_dice({2, 3});
  const Resolution tie = s->resolve(bids({4, 3}), tie_dice);
  CHECK(tie.events.back().text == "a tie: nobody scores");
}

TEST_CASE("a player sees their own purse only, the full view shows all") {
  const auto s = new_duel();
  const View red = s->view(PlayerId{0});
  CHECK(red.cells[0].label.find("purse") != std::string::npos);
  CHECK(red.cells[1].label.find("purse") == std::string::npos);
  const View all = s->view(std::nullopt);
  CHECK(all.cells[1].label.find("purse") != std::string::npos);
}

TEST_CASE("corrupt serialised states are refused, not crashed on") {
  auto game = testing::make_duel_game();
  for (const char* bad : {"", "duel 1\n", "duel 1\nplayers 9\nround 1\npoints 0\npurse 0\n",
                          "duel 1\nplayers 2\nround x\npoints 0 0\npurse 1 1\n",
                          "duel 1\nplayers 2\nround 1\npoints 0\npurse 1 1\n"}) {
    CHECK_FALSE(game->deserialize(bad).has_value());
  }
}

TEST_CASE("the registry finds scenarios by game/scenario and explains misses") {
  Registry r;
  r.add(testing::make_duel_game());
  CHECK(r.find_scenario("duel/standard").has_value());
  CHECK(r.find_scenario("duel").error().message.find("game/scenario") != std::string::npos);
  CHECK(r.find_scenario("chess/standard").error().message.find("no game") != std::string::npos);
  CHECK(r.find_scenario("duel/other").error().message.find("no scenario") != std::string::npos);
}

TEST_CASE("text helpers") {
  CHECK(text::trim("  a b \t") == "a b");
  CHECK(text::split(" a  b\tc ") == std::vector<std::string_view>{"a", "b", "c"});
  CHECK(text::lines("a\r\n\nb").size() == 3);
  long long v = 0;
  CHECK(text::parse_int(" +12 ", v));
  CHECK(v == 12);
  CHECK_FALSE(text::parse_int("12x", v));
  CHECK_FALSE(text::parse_int("", v));
}
