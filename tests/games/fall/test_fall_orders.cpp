// The Fall of Constantinople: orders in the text's own notations, read
// leniently and echoed in canonical form (games/fall/orders.h).
#include <doctest/doctest.h>

#include "games/fall/orders.h"

namespace naumachia::data {
std::string_view fall_of_constantinople_map();
}

using namespace naumachia;
using namespace naumachia::fall;

namespace {

std::string read(std::string_view text) {
  static const diplomacy::Map map = *diplomacy::Map::load(data::fall_of_constantinople_map());
  auto o = parse_order(map, text);
  return o ? format_order(*o) : "error: " + o.error().message;
}

}  // namespace

TEST_CASE("FoC Movement c.ii: the text's garrison examples enter the city") {
  CHECK(read("F Rhodes enters city") == "F rho - rho city");
  CHECK(read("3A Niš garrisons city") == "3A nis - nis city");
  CHECK(read("2A/1F Otranto -> city") == "2A/1F otr - otr city");
}

TEST_CASE("FoC Movement c.ii: the text's examples leave the city") {
  CHECK(read("F Rhodes leaves city") == "F rho city - rho");
  CHECK(read("3A Niš ungarrisons city") == "3A nis city - nis");
  CHECK(read("2F city of Kos -> island of Kos") == "2F kos city - kos");
  CHECK(read("2A/1F city -> Otranto") == "2A/1F otr city - otr");
}

TEST_CASE("FoC Movement c.ii: '2A Athens -> Athens' goes in or out as the units stand") {
  CHECK(read("2A Athens -> Athens") == "2A ath - ath");
  const auto map = *diplomacy::Map::load(data::fall_of_constantinople_map());
  auto o = parse_order(map, "2A Athens -> Athens");
  REQUIRE(o.has_value());
  CHECK(o->city_toggle);
  CHECK_FALSE(parse_order(map, "2A Athens -> Thebes")->city_toggle);
}

TEST_CASE("FoC Movement c.i, c.iii: besiege and pillage") {
  CHECK(read("3A Niš B") == "3A nis B");
  CHECK(read("2a the besieges city") == "2A the B");
  CHECK(read("A Athens pillages") == "A ath P");
  CHECK(read("A city of Athens P") == "A ath city P");
}

TEST_CASE("FoC Building b: buying food from the bank and trading it between powers") {
  CHECK(read("buy 3 food from the bank") == "buy 3 food from the bank");
  CHECK(read("Buy 2 food from Venice by 6£") == "buy 2 food from Venice by 6£");
  CHECK(read("sell 2 food to genoa for 6") == "sell 2 food to Genoa by 6£");
  CHECK(read("buy food from the bank").rfind("error: say how much food", 0) == 0);
  CHECK(read("buy 2 food from Atlantis by 3£") ==
        "error: 'atlantis' is not a power (notation: docs/rules/fall-of-constantinople.md)");
  CHECK(read("sell 2 food to Venice") ==
        "error: say the price: 'by Y£' (notation: docs/rules/fall-of-constantinople.md)");
}

TEST_CASE("FoC Building b: an amount too large for any number is refused, not read") {
  // Found by fuzz_orders: the amount was read with std::stoi, which threw.
  const std::string huge(90, '2');
  CHECK(read("buy " + huge + " food from the bank")
            .rfind("error: " + huge + " is too large an amount of food", 0) == 0);
  CHECK(read("buy 2 food from Venice by " + huge + "£").rfind("error: ", 0) == 0);
  CHECK(read("buy 1000 food from the bank").rfind("error: an amount of food is 1 to 999", 0) == 0);
}

TEST_CASE("FoC Building b, c: builds, mercenaries, disbands and unfed units") {
  CHECK(read("build A Athens") == "build A ath");
  CHECK(read("Build F con") == "build F con");
  CHECK(read("hire mercenary ath") == "build mercenary A ath");
  CHECK(read("build 2A ath") ==
        "error: build one unit an order (notation: docs/rules/fall-of-constantinople.md)");
  CHECK(read("disband 2A gal") == "disband 2A gal");
  CHECK(read("unfed A city of Athens") == "unfed A ath city");
}

TEST_CASE("FoC orders: supports and convoys of multiple units, and precise errors") {
  CHECK(read("3A the S A ist - ath") == "3A the S A ist - ath");
  CHECK(read("2F aeg S myt") == "2F aeg S myt");
  CHECK(read("F aeg C 2A the - myt") == "F aeg C 2A the - myt");
  CHECK(read("") == "error: empty order (notation: docs/rules/fall-of-constantinople.md)");
  CHECK(read("2X ath H").rfind("error: an order starts with its units", 0) == 0);
  CHECK(read("A atlantis H") ==
        "error: 'atlantis' is not a province (notation: docs/rules/fall-of-constantinople.md)");
  CHECK(read("A ath dance").rfind("error: 'dance' is not an order", 0) == 0);
  CHECK(read("A city H") ==
        "error: say which city: 'city of X' (notation: docs/rules/fall-of-constantinople.md)");
}
