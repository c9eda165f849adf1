// The Fall of Constantinople: how a seat stands (State::standing,
// games/fall/standing.cpp), read from positions that differ in one thing
// the rules count; and the computer player buys the food its units need.
#include <doctest/doctest.h>

#include <algorithm>

#include "bots/player.h"
#include "games/fall/fall_fixture.h"

using namespace naumachia;
using namespace naumachia::fall_fixture;

namespace {

const std::string kSpring = "season Spring 1355\nfirst_winter 0\nretreats 0\n";
// Ottomans outside Thebes, Aragon's city with one army inside; both fed,
// the Ottomans' armies maintained by Bursa's manpower.
const std::string kThebes =
    "group Ottomans A 2 the out\ngroup Aragon A 1 the in\ncity the Aragon\ncity bur Ottomans\n"
    "stock Ottomans 10 0 10\nstock Aragon 10 0 10\n";

double standing(const std::string& lines, Seat seat) {
  return position(kSpring + lines)->standing(PlayerId{seat});
}

}  // namespace

TEST_CASE("FoC Mapboard b: a city taken stands better for the taker, worse for the loser") {
  std::string taken = kThebes;
  taken.replace(taken.find("city the Aragon"), 15, "city the Ottomans");
  taken.replace(taken.find("group Aragon A 1 the in\n"), 24, "");
  CHECK(standing(taken, Ottomans) > standing(kThebes, Ottomans) + 0.5);
  CHECK(standing(taken, Aragon) < standing(kThebes, Aragon) - 0.5);
}

TEST_CASE("FoC Movement c.i, c.ii: a siege nearer its end stands better for the besieger") {
  const double none = standing(kThebes, Ottomans);
  const double one = standing(kThebes + "siege the Ottomans 1\n", Ottomans);
  CHECK(one > none);
  CHECK(standing(kThebes + "siege the Ottomans 1\n", Aragon) < standing(kThebes, Aragon));
  // A larger garrison makes the same siege longer (c.ii): less done.
  std::string larger = kThebes + "siege the Ottomans 1\n";
  larger.replace(larger.find("group Aragon A 1"), 16, "group Aragon A 2");
  CHECK(standing(larger, Ottomans) < one);
}

TEST_CASE(
    "FoC Building b: units the stock cannot feed (nor its spare money buy food for) "
    "stand worse, and a unit lost stands worse") {
  // 2£: the armies' upkeep, nothing left to buy food with.
  std::string fed = kThebes;
  fed.replace(fed.find("stock Ottomans 10 0 10"), 22, "stock Ottomans 2 0 10");
  std::string hungry = kThebes;
  hungry.replace(hungry.find("stock Ottomans 10 0 10"), 22, "stock Ottomans 2 0 0");
  CHECK(standing(hungry, Ottomans) < standing(fed, Ottomans));
  // 10£: 8£ spare buys the two armies' meal from the bank.
  std::string buys = kThebes;
  buys.replace(buys.find("stock Ottomans 10 0 10"), 22, "stock Ottomans 10 0 0");
  CHECK(standing(buys, Ottomans) > standing(hungry, Ottomans) + 0.5);
  std::string fewer = kThebes;
  fewer.replace(fewer.find("group Ottomans A 2"), 18, "group Ottomans A 1");
  CHECK(standing(fewer, Ottomans) < standing(kThebes, Ottomans));
}

TEST_CASE(
    "FoC Mapboard b, c.i: a unit in the province of a city to take stands better than "
    "one a step away") {
  // The Isthmus has no city; Thebes has one, Aragon's.
  const std::string fed = "stock Ottomans 10 0 10\ncity the Aragon\n";
  CHECK(standing("group Ottomans A 1 the out\n" + fed, Ottomans) >
        standing("group Ottomans A 1 ist out\n" + fed, Ottomans));
}

TEST_CASE("FoC Building b: the computer buys from the bank the food its units need next meal") {
  // Three units, no food, 30£: a year's upkeep (at most 6£) leaves enough.
  const auto s = position(kSpring +
                          "group Genoa F 1 chi in\ngroup Genoa A 2 pho out\ncity chi Genoa\n"
                          "city pho Genoa\nstock Genoa 30 0 0\n");
  const auto player = bots::player_for("diplomacy");
  bots::StatePort port(*s, PlayerId{Genoa});
  SeededDice rng(Seed{}, StepNo{1});
  bots::Budget budget;
  budget.playouts = 40;
  const OrderSet orders = player->decide(port, rng, budget);
  CAPTURE(orders.lines);
  CHECK(s->validate(PlayerId{Genoa}, orders.lines).has_value());
  CHECK(std::find(orders.lines.begin(), orders.lines.end(), "Genoa: buy 3 food from the bank") !=
        orders.lines.end());
}
