// Classis for the computer player: how a side stands (State::standing) by
// the rules' measure of the battle (docs/computer.md, "Classis").
#include <doctest/doctest.h>

#include <algorithm>

#include "bots/player.h"
#include "games/classis/classis_fixture.h"

using namespace naumachia;
using namespace naumachia::testing::classis_positions;

namespace {

double standing_of(const Pos& p, PlayerId seat) {
  return position(p)->standing(seat);
}

}  // namespace

TEST_CASE("Classis 4.0: a ship sunk stands worse for its side and better for the enemy") {
  const Pos whole = duel();
  Pos sunk = duel("", "P1 hemiolia 1 P 0606 SW sunk");
  sunk.losses = "0 2 6 6 20 20";  // the second side's first loss, turn 2
  CHECK(standing_of(sunk, kFirst) > standing_of(whole, kFirst));
  CHECK(standing_of(sunk, kSecond) < standing_of(whole, kSecond));
}

TEST_CASE("Classis 3.1.6: a crippled ship stands worse for its side") {
  const Pos whole = duel();
  const Pos crippled = duel("crippled");
  CHECK(standing_of(crippled, kFirst) < standing_of(whole, kFirst));
  CHECK(standing_of(crippled, kSecond) > standing_of(whole, kSecond));
}

TEST_CASE("Classis 3.1.7: a ship captured stands worse for its owner than one crippled") {
  const Pos crippled = duel("", "P1 hemiolia 1 P 0606 SW crippled");
  const Pos taken = duel("", "P1 hemiolia 1 A 0606 SW prize holder=0");
  CHECK(standing_of(taken, kSecond) < standing_of(crippled, kSecond));
}

TEST_CASE(
    "Classis 3.1.5, 3.3.1: a bow in contact on the enemy's stern stands better than one on its "
    "bow") {
  // R1 in 0605 facing S, its bow on P1 in 0606: P1 facing S shows R1 its
  // stern (+3), facing N its bow (no bonus).
  const Pos stern = duel("contact=P1", "P1 hemiolia 1 P 0606 S");
  const Pos bow = duel("contact=P1", "P1 hemiolia 1 P 0606 N");
  CHECK(standing_of(stern, kFirst) > standing_of(bow, kFirst));
  CHECK(standing_of(stern, kSecond) < standing_of(bow, kSecond));
  // And a bow on the enemy at all stands better than none.
  const Pos apart = duel("", "P1 hemiolia 1 P 0606 S");
  CHECK(standing_of(stern, kFirst) > standing_of(apart, kFirst));
}

TEST_CASE("Classis 4.0: a battle won stands above any still fought, a battle lost below") {
  Pos ahead = duel("", "P1 hemiolia 1 P 0606 SW sunk");
  ahead.losses = "0 2 6 6 20 20";
  const auto fought = position(ahead);
  auto won = classis::make_classis_game()->deserialize(
      fought->serialize() + "over 0 Rhodes wins: the Pirates have lost a third of their ships\n",
      RulesVersion{2});
  REQUIRE_MESSAGE(won.has_value(), (won ? "" : won.error().message));
  REQUIRE((*won)->step().game_over);
  CHECK((*won)->standing(kFirst) > fought->standing(kFirst));
  CHECK((*won)->standing(kSecond) < fought->standing(kSecond));
}

TEST_CASE("Classis 3.2.10: a side that has lost more ships stands worse when its admiral is lost") {
  // The first side has lost R2 and the second nothing: at its Morale Check
  // its admiral must roll more than one, and a lost admiral fails at once.
  Pos held = duel();
  held.ships[1] = "R2 trireme 0 A 1003 S sunk";
  held.losses = "2 0 6 6 20 20";
  Pos lost = held;
  lost.commanders[0] = "CA 0 3 1 A 1 Navarch";
  CHECK(standing_of(lost, kFirst) < standing_of(held, kFirst));
  CHECK(standing_of(lost, kSecond) > standing_of(held, kSecond));
  // A poorer admiral fails more often (3.2.10: -1 below average).
  Pos poor = held;
  poor.commanders[0] = "CA 0 2 1 A 0 Navarch";
  CHECK(standing_of(poor, kFirst) < standing_of(held, kFirst));
}

namespace {

// The computer's orders for `seat` on the position, with the budget the
// server gives by default.
std::vector<std::string> computer_orders(const Pos& p, PlayerId seat, std::uint8_t salt = 1) {
  const auto state = position(p);
  const auto player = bots::player_for("classis");
  bots::Budget budget;
  bots::StatePort port(*state, seat);
  Seed seed{};
  seed[0] = salt;
  SeededDice rng(seed, StepNo{1});
  const OrderSet orders = player->decide(port, rng, budget);
  CHECK(state->validate(seat, orders.lines).has_value());
  return orders.lines;
}

bool orders_line(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

}  // namespace

TEST_CASE("Classis 3.3.1, 3.1.5: the computer rams the enemy whose stern its bow is on") {
  // R1 (trireme, ram 6) in 0605 facing S, its bow on P1 (hemiolia, ram 3)
  // in 0606 facing S: P1 shows R1 its stern (+3).
  const Pos p = duel("contact=P1", "P1 hemiolia 1 P 0606 S");
  for (std::uint8_t salt = 1; salt <= 3; ++salt) {
    CAPTURE(salt);
    CHECK(orders_line(computer_orders(p, kFirst, salt), "R1: ram P1"));
  }
}

TEST_CASE(
    "Classis 3.1.4, 3.3.1: the computer moves into contact on the enemy's stern and rams in "
    "the same activation") {
  // R1 in 0604 facing S: two hexes ahead bring its bow into P1's hex, on
  // P1's stern; then it rams.
  Pos p = duel("", "P1 hemiolia 1 P 0606 S");
  p.ships[0] = "R1 trireme 0 A 0604 S";
  for (std::uint8_t salt = 1; salt <= 3; ++salt) {
    CAPTURE(salt);
    const auto lines = computer_orders(p, kFirst, salt);
    CHECK(orders_line(lines, "R1: move F F"));
    CHECK(orders_line(lines, "R1: ram P1"));
  }
}

TEST_CASE("Classis 3.3.1, 3.1.5: the computer's weaker ship does not ram a stronger one bow on") {
  // P1 (hemiolia, ram 3) in 0606 facing N, its bow on R1's (trireme, ram 6)
  // in 0605 facing S: bow to bow, P1 totals three less before the dice.
  Pos p = duel("contact=P1", "P1 hemiolia 1 P 0606 N contact=R1");
  p.active = "P";
  for (std::uint8_t salt = 1; salt <= 3; ++salt) {
    CAPTURE(salt);
    CHECK_FALSE(orders_line(computer_orders(p, kSecond, salt), "P1: ram R1"));
  }
}
