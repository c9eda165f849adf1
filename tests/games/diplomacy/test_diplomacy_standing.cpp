// Diplomacy: how a seat stands (State::standing, games/diplomacy/
// standing.cpp), read from positions that differ in one thing the rules
// count; and the computer player's orders (bots/diplomacy.cpp) are valid
// and go for the centres.
#include <doctest/doctest.h>

#include "bots/player.h"
#include "games/diplomacy/diplomacy.h"
#include "support/text.h"

using namespace naumachia;

namespace {

constexpr PlayerId kFrance{2};  // the standard map's powers in order: Austria, England, France...

std::unique_ptr<State> opening() {
  auto s = diplomacy::make_diplomacy_game()->new_game("standard", 7);
  REQUIRE(s.has_value());
  return std::move(*s);
}

// The opening position with `from` replaced by `to` in its stored lines.
std::unique_ptr<State> changed(const std::string& from, const std::string& to) {
  std::string bytes = opening()->serialize();
  const auto at = bytes.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  bytes.replace(at, from.size(), to);
  auto s = diplomacy::make_diplomacy_game()->deserialize(bytes);
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

}  // namespace

TEST_CASE("Diplomacy, supply centres (How to win): a centre gained stands better") {
  const auto base = opening();
  const auto more = changed("owner par France\n", "owner par France\nowner bel France\n");
  CHECK(more->standing(kFrance) > base->standing(kFrance));
  CHECK(more->standing(PlayerId{0}) == doctest::Approx(base->standing(PlayerId{0})));
}

TEST_CASE("Diplomacy, adjustments: a unit lost stands worse") {
  const auto base = opening();
  const auto fewer = changed("unit France A par\n", "");
  CHECK(fewer->standing(kFrance) < base->standing(kFrance));
}

TEST_CASE(
    "Diplomacy, ownership of centres: a unit on a centre it gains this autumn, or a "
    "step nearer one, stands better, and another's unit on an own centre worse") {
  const auto base = opening();
  // Paris to Picardy: a step nearer Belgium.
  CHECK(changed("unit France A par\n", "unit France A pic\n")->standing(kFrance) >
        base->standing(kFrance));
  CHECK(changed("unit France A par\n", "unit France A bel\n")->standing(kFrance) >
        changed("unit France A par\n", "unit France A pic\n")->standing(kFrance));
  CHECK(changed("unit France A par\n", "unit Germany A par\n")->standing(kFrance) <
        changed("unit France A par\n", "")->standing(kFrance));
}

TEST_CASE("Diplomacy, How to win: a game won stands above all, lost below all") {
  std::string bytes = opening()->serialize();
  const auto at = bytes.find("winner -");
  REQUIRE(at != std::string::npos);
  bytes.replace(at, 8, "winner France");
  auto won = diplomacy::make_diplomacy_game()->deserialize(bytes);
  REQUIRE(won.has_value());
  CHECK((*won)->standing(kFrance) > 100);
  CHECK((*won)->standing(PlayerId{0}) < -100);
}

TEST_CASE("Diplomacy, the computer player: valid orders that go for neutral centres") {
  const auto s = opening();
  const auto player = bots::player_for("diplomacy");
  bots::StatePort port(*s, kFrance);
  SeededDice rng(Seed{}, StepNo{1});
  const OrderSet orders = player->decide(port, rng, bots::Budget{});
  CHECK(s->validate(kFrance, orders.lines).has_value());
  CAPTURE(orders.lines);
  // France's opening: its armies head for Belgium, Burgundy or Spain, not home.
  int towards = 0;
  for (const std::string& line : orders.lines)
    for (const char* to : {"- bel", "- pic", "- bur", "- spa", "- gas", "- mao", "- eng"})
      towards += testing::has(line, to);
  CHECK(towards >= 2);
}
