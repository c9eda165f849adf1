// Classis for the computer player: how a side stands (State::standing) by
// the rules' measure of the battle (docs/computer.md, "Classis").
#include <doctest/doctest.h>

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
  REQUIRE_MESSAGE(won.has_value(), won.error().message);
  REQUIRE((*won)->step().game_over);
  CHECK((*won)->standing(kFirst) > fought->standing(kFirst));
  CHECK((*won)->standing(kSecond) < fought->standing(kSecond));
}
