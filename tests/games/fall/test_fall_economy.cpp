// The Fall of Constantinople: the economy (FoC Building & Maintenance, the
// Sequence of Play), each case built from the rule text and the shipped
// scenario's numbers.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "games/fall/economy.h"
#include "games/fall/scenario.h"

namespace naumachia::data {
std::string_view fall_of_constantinople_map();
}

using namespace naumachia;
using namespace naumachia::fall;

namespace {

const Scenario& foc() {
  static const Expected<Scenario> s = load_scenario();
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return *s;
}

// The starting holdings in a later winter, with no units and empty stocks:
// each case adds what it needs.
Position quiet() {
  Position p = foc().initial_position();
  p.groups.clear();
  for (auto& [power, stock] : p.stocks) stock = {};
  p.first_winter = false;
  p.year = 1360;
  return p;
}

Group army(const std::string& power, const std::string& at, bool in_city = false, int n = 1) {
  return Group{power, UnitType::Army, n, {at, in_city}};
}
Group fleet(const std::string& power, const std::string& at, bool in_city = false, int n = 1) {
  return Group{power, UnitType::Fleet, n, {at, in_city}};
}
UnitRef ref(UnitType type, const std::string& at, bool in_city = false, int n = 1) {
  return UnitRef{type, {at, in_city}, n};
}

// Components of `power`'s units of `type` at `at` (inside the city or not).
int units_at(const Position& p, const std::string& power, UnitType type, const std::string& at,
             bool in_city = false) {
  int n = 0;
  for (const Group& g : p.groups) {
    if (g.power == power && g.type == type && g.place == Place{at, in_city}) n += g.count;
  }
  return n;
}

int all_units(const Position& p, const std::string& power) {
  int n = 0;
  for (const Group& g : p.groups) {
    if (g.power == power) n += g.count;
  }
  return n;
}

bool noted(const EconomyResult& r, std::string_view part) {
  for (const std::string& n : r.notes) {
    if (n.find(part) != std::string::npos) return true;
  }
  return false;
}

bool refused(const EconomyResult& r, const std::string& power, std::string_view order) {
  for (const Refusal& x : r.refused) {
    if (x.power == power && x.order == order) return true;
  }
  return false;
}

std::string error_of(const std::string& from, const std::string& to) {
  std::string text(data::fall_of_constantinople_map());
  const auto at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  text.replace(at, from.size(), to);
  const auto s = Scenario::load(text);
  return s ? "" : s.error().message;
}

EconomyResult winter(const Position& p, const std::string& power, WinterOrders o) {
  return winter_adjustments(foc(), p, {{power, std::move(o)}});
}

BuildOrder build(BuildKind kind, const std::string& city, const std::string& coast = "") {
  return BuildOrder{kind, city, coast};
}

}  // namespace

// --- The scenario ------------------------------------------------------------

TEST_CASE("FoC scenario: the map data load: 7 powers, 53 cities, Winter 1354, the first winter") {
  const Scenario& s = foc();
  REQUIRE(s.powers().size() == 7);
  const char* names[] = {"Aragon", "Byzantium", "Genoa", "Hospitallers",
                         "Naples", "Ottomans",  "Venice"};
  for (std::size_t i = 0; i < 7; ++i) CHECK(s.powers()[i].name == names[i]);
  CHECK(s.map().cities().size() == 53);
  const Position p = s.initial_position();
  CHECK(p.season == Season::Winter);
  CHECK(p.year == 1354);
  CHECK(p.first_winter);
  CHECK(p.city_owner.size() == 38);
  CHECK(p.city_owner.at("con") == "Byzantium");
  CHECK(p.province_owner.at("eth") == "Byzantium");
  CHECK(p.province_owner.count("zet") == 0);
  // The treasury, no manpower (it is never stocked, FoC Building a).
  CHECK(p.stocks.at("Venice") == Stock{15, 0, 4});
  CHECK(p.stocks.at("Genoa") == Stock{20, 0, 3});
  CHECK(units_at(p, "Byzantium", UnitType::Army, "con", true) == 2);
  CHECK(units_at(p, "Byzantium", UnitType::Fleet, "con", true) == 1);
  CHECK(units_at(p, "Ottomans", UnitType::Army, "gal", false) == 2);
  CHECK(units_at(p, "Venice", UnitType::Fleet, "mes/wc", true) == 1);
  CHECK(units_at(p, "Genoa", UnitType::Fleet, "myt", false) == 1);
  CHECK(p.pending.empty());
  CHECK(p.sieges.empty());
}

TEST_CASE("FoC scenario: malformed data are errors, not positions") {
  CHECK(error_of(R"("sal", "ist"])", R"("sal", "xyz"])").find("unknown province 'xyz'") !=
        std::string::npos);
  CHECK(error_of(R"("location": "myt", "in_city": false)", R"("location": "adn", "in_city": false)")
            .find("cannot stand at adn") != std::string::npos);
  CHECK(error_of(R"("cities": ["ath", "the", "nep", "sal"])",
                 R"("cities": ["ath", "the", "nep", "ist"])")
            .find("no city in 'ist'") != std::string::npos);
  CHECK(error_of(R"("cities": ["chi", "pho")", R"("cities": ["chi", "ath")")
            .find("already Aragon's") != std::string::npos);
  CHECK(error_of(R"("count": 2, "location": "con")", R"("count": 3, "location": "con")")
            .find("more than its size") != std::string::npos);
  CHECK(error_of(R"("location": "pho", "in_city": true)", R"("location": "ath", "in_city": true)")
            .find("not its own") != std::string::npos);
  CHECK(error_of(R"({"type": "A", "count": 1, "location": "bur")",
                 R"({"type": "X", "count": 1, "location": "bur")")
            .find("neither A nor F") != std::string::npos);
  CHECK(error_of(R"("count": 1, "location": "nic")", R"("count": 0, "location": "nic")")
            .find("at least 1") != std::string::npos);
  CHECK(error_of(R"("season": "Winter")", R"("season": "Spring")").find("begins in a winter") !=
        std::string::npos);
  CHECK(
      error_of(R"("treasury": {"money": 6, "food": 3})", R"("treasury": {"money": -6, "food": 3})")
          .find("at least 0") != std::string::npos);
}

// --- Income (FoC Building a, Mapboard b and h) ---------------------------------

TEST_CASE("FoC Building a: each power's income for 1355, computed from the data") {
  const Scenario& s = foc();
  const Position p = s.initial_position();
  // Cities' money and sizes, provinces' food, and the sovereign's grant.
  CHECK(income(s, p, "Aragon") == Stock{19, 7, 8});
  CHECK(income(s, p, "Byzantium") == Stock{24, 12, 18});
  CHECK(income(s, p, "Genoa") == Stock{39, 4, 6});
  CHECK(income(s, p, "Hospitallers") == Stock{17, 11, 15});
  CHECK(income(s, p, "Naples") == Stock{23, 10, 13});
  CHECK(income(s, p, "Ottomans") == Stock{15, 8, 11});
  CHECK(income(s, p, "Venice") == Stock{45, 7, 12});
  CHECK(income(s, p, kRebels) == Stock{});
}

TEST_CASE(
    "FoC Building a: the sovereigns send Aragon 10£ 1M 1F, Genoa 28£, the Hospitallers 9£ 6M "
    "10F, Naples 5£ 1M 1F, Venice 27£, and nothing to the Ottomans and Byzantium") {
  const Scenario& s = foc();
  CHECK(s.power("Aragon")->sovereign.extra == Stock{10, 1, 1});
  CHECK(s.power("Genoa")->sovereign.extra == Stock{28, 0, 0});
  CHECK(s.power("Hospitallers")->sovereign.extra == Stock{9, 6, 10});
  CHECK(s.power("Naples")->sovereign.extra == Stock{5, 1, 1});
  CHECK(s.power("Venice")->sovereign.extra == Stock{27, 0, 0});
  CHECK(s.power("Ottomans")->sovereign.extra == Stock{});
  CHECK(s.power("Byzantium")->sovereign.extra == Stock{});
  // With one unit and nothing else, a power's income is its grant alone.
  Position p = quiet();
  p.city_owner.clear();
  p.province_owner.clear();
  for (const PowerInfo& power : s.powers()) {
    p.groups = {army(power.name, "adn")};
    CHECK(income(s, p, power.name) == power.sovereign.extra);
  }
}

TEST_CASE("FoC Building a: a power with no city and no unit is out and receives no grant") {
  Position p = quiet();
  p.city_owner.clear();
  p.province_owner.clear();
  CHECK(income(foc(), p, "Genoa") == Stock{});
  const EconomyResult r = collect_income(foc(), p);
  CHECK(r.next.stocks.at("Genoa") == Stock{});
  CHECK(noted(r, "Genoa collects nothing (out of the game: nothing from its sovereign)"));
}

TEST_CASE(
    "FoC Mapboard b and h: a city yields its money and its size in manpower, Constantinople 3") {
  Position p = quiet();
  p.city_owner = {{"con", "Ottomans"}, {"bur", "Ottomans"}, {"hel", "Ottomans"}};
  p.province_owner.clear();
  // Constantinople 8£ size 3, Bursa 5£ size 2, Lampsacus 1£ size 1.
  CHECK(income(foc(), p, "Ottomans") == Stock{14, 6, 0});
  p.city_owner = {{"con", "Ottomans"}};
  CHECK(income(foc(), p, "Ottomans").manpower == 3);
}

TEST_CASE("FoC Building a: the winter collection adds money and food to the stocks") {
  const EconomyResult r = collect_income(foc(), foc().initial_position());
  CHECK(r.next.stocks.at("Aragon") == Stock{25, 7, 11});
  CHECK(r.next.stocks.at("Byzantium") == Stock{32, 12, 24});
  CHECK(r.next.stocks.at("Genoa") == Stock{59, 4, 9});
  CHECK(r.next.stocks.at("Hospitallers") == Stock{27, 11, 23});
  CHECK(r.next.stocks.at("Naples") == Stock{31, 10, 18});
  CHECK(r.next.stocks.at("Ottomans") == Stock{21, 8, 15});
  CHECK(r.next.stocks.at("Venice") == Stock{60, 7, 16});
  CHECK(noted(r, "Venice collects 45£ 7M 12F (27£ from its sovereign) and holds 60£ 7M 16F"));
  CHECK(noted(r, "Ottomans collects 15£ 8M 11F and holds 21£ 8M 15F"));
}

TEST_CASE("FoC Building a: unused manpower is lost at the next winter, money and food are kept") {
  Position p = foc().initial_position();
  p.stocks["Venice"] = Stock{4, 5, 2};  // 5M left unspent last winter
  const EconomyResult r = collect_income(foc(), p);
  CHECK(r.next.stocks.at("Venice") == Stock{4 + 45, 7, 2 + 12});
  CHECK(noted(r, "Venice's 5M unused last winter are lost"));
}

TEST_CASE(
    "FoC Movement c iii: a pillaged city yields no money and a pillaged province no food the next "
    "winter, and then the marks are cleared") {
  Position p = foc().initial_position();
  p.pillaged_cities = {"chi"};     // Chios, 4£, size 1
  p.pillaged_provinces = {"myt"};  // Mytilene, 2F
  CHECK(income(foc(), p, "Genoa") == Stock{39 - 4, 4, 6 - 2});
  const EconomyResult r = collect_income(foc(), p);
  CHECK(r.next.stocks.at("Genoa") == Stock{20 + 35, 4, 3 + 4});
  CHECK(noted(r, "the city of Chios was pillaged: no money from it this winter"));
  CHECK(noted(r, "the province of Mytilene was pillaged: no food from it this winter"));
  CHECK(r.next.pillaged_cities.empty());
  CHECK(r.next.pillaged_provinces.empty());
  CHECK(income(foc(), r.next, "Genoa") == Stock{39, 4, 6});
}

// --- Maintenance (FoC Building b) -------------------------------------------------

TEST_CASE("FoC Building b: an army costs 1£ 1M to maintain, a fleet 2£, each component") {
  Position p = quiet();
  p.groups = {army("Byzantium", "con", true, 2), fleet("Byzantium", "con", true)};
  p.stocks["Byzantium"] = Stock{10, 5, 10};
  const EconomyResult r = winter(p, "Byzantium", {});
  CHECK(r.next.stocks.at("Byzantium") == Stock{10 - 4, 5 - 2, 10 - 3});
  CHECK(noted(r, "Byzantium pays 2£ 2M to maintain 2A con (city)"));
  CHECK(noted(r, "Byzantium pays 2£ to maintain F con (city)"));
  CHECK(all_units(r.next, "Byzantium") == 3);
}

TEST_CASE("FoC Building b: maintenance is paid BEFORE builds") {
  Position p = quiet();
  p.groups = {fleet("Venice", "cnd", true)};
  p.stocks["Venice"] = Stock{6, 1, 5};  // 2£ upkeep leaves 4£: no fleet (5£)
  const EconomyResult r = winter(p, "Venice", {{}, {build(BuildKind::Fleet, "can")}, {}});
  CHECK(r.next.pending.empty());
  CHECK(refused(r, "Venice", "build F can"));
  CHECK(noted(r, "Venice pays 2£ to maintain F cnd (city)"));
  CHECK(r.next.stocks.at("Venice").money == 4);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "cnd", true) == 1);
}

TEST_CASE("FoC Building b: units the power names are disbanded first and cost nothing") {
  Position p = quiet();
  p.groups = {army("Byzantium", "con", true, 2), fleet("Byzantium", "con", true)};
  p.stocks["Byzantium"] = Stock{2, 0, 5};
  // Without the order the fleet would be paid and both armies lost for want
  // of manpower; the power chooses to let the fleet go instead.
  const EconomyResult r = winter(p, "Byzantium", {{ref(UnitType::Fleet, "con", true)}, {}, {}});
  CHECK(noted(r, "Byzantium disbands F con (city)"));
  CHECK(units_at(r.next, "Byzantium", UnitType::Fleet, "con", true) == 0);
  CHECK(units_at(r.next, "Byzantium", UnitType::Army, "con", true) == 0);
  CHECK(r.next.stocks.at("Byzantium").money == 2);
  // A province names a fleet on either of its coasts.
  Position v = quiet();
  v.groups = {fleet("Venice", "mes/wc", true)};
  const EconomyResult coast = winter(v, "Venice", {{ref(UnitType::Fleet, "mes", true)}, {}, {}});
  CHECK(noted(coast, "Venice disbands F mes/wc (city)"));
  CHECK(all_units(coast.next, "Venice") == 0);
  // A disband of a unit the power has not is refused.
  const EconomyResult bad = winter(p, "Byzantium", {{ref(UnitType::Fleet, "bla")}, {}, {}});
  CHECK(refused(bad, "Byzantium", "disband F bla"));
}

TEST_CASE(
    "FoC Building b: units the stock cannot maintain are disbanded, the farthest from the power's "
    "cities first") {
  Position p = quiet();
  // Candia is Venice's city (distance 0), the Ionian Sea borders Messinia (1),
  // the Black Sea is far from every Venetian city.
  p.groups = {fleet("Venice", "bla"), army("Venice", "cnd", true), fleet("Venice", "ion")};
  p.stocks["Venice"] = Stock{4, 1, 10};
  const EconomyResult r = winter(p, "Venice", {});
  CHECK(units_at(r.next, "Venice", UnitType::Army, "cnd", true) == 1);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "ion") == 1);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "bla") == 0);
  CHECK(noted(r, "Venice cannot maintain F bla"));
  CHECK(r.next.stocks.at("Venice").money == 1);
}

TEST_CASE(
    "FoC Building b: by default, at equal distance a fleet is disbanded before an army, and a "
    "unit too dear does not stop a cheaper one being paid") {
  Position p = quiet();
  // Zeta and the Adriatic both border Ragusa: distance 1.
  p.groups = {fleet("Venice", "adr"), army("Venice", "zet")};
  p.stocks["Venice"] = Stock{2, 1, 10};
  EconomyResult r = winter(p, "Venice", {});
  CHECK(units_at(r.next, "Venice", UnitType::Army, "zet") == 1);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "adr") == 0);
  // No manpower: the army in Candia cannot be maintained, the fleet far away can.
  p.groups = {army("Venice", "cnd", true), fleet("Venice", "bla")};
  p.stocks["Venice"] = Stock{10, 0, 10};
  r = winter(p, "Venice", {});
  CHECK(units_at(r.next, "Venice", UnitType::Army, "cnd", true) == 0);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "bla") == 1);
  CHECK(r.next.stocks.at("Venice").money == 8);
}

TEST_CASE("FoC Building b: a multiple unit is maintained component by component") {
  Position p = quiet();
  p.groups = {army("Ottomans", "gal", false, 3)};
  p.stocks["Ottomans"] = Stock{5, 2, 10};
  const EconomyResult r = winter(p, "Ottomans", {});
  CHECK(units_at(r.next, "Ottomans", UnitType::Army, "gal") == 2);
  CHECK(noted(r, "Ottomans pays 2£ 2M to maintain 2A gal"));
  CHECK(noted(r, "Ottomans cannot maintain A gal"));
  CHECK(r.next.stocks.at("Ottomans") == Stock{3, 0, 8});
}

// --- Builds (FoC Building c) --------------------------------------------------

TEST_CASE(
    "FoC Building c: an army costs 3£ 2M, a fleet 5£ 1M, a mercenary army 9£ and no manpower") {
  Position p = quiet();
  p.stocks["Venice"] = Stock{20, 3, 0};
  const EconomyResult r =
      winter(p, "Venice",
             {{},
              {build(BuildKind::Fleet, "cnd"), build(BuildKind::Army, "can"),
               build(BuildKind::Army, "neg"), build(BuildKind::Mercenary, "neg")},
              {}});
  // 20£ 3M - F (5£ 1M) - A (3£ 2M) = 12£ 0M; the next army lacks manpower;
  // the mercenary needs none.
  CHECK(refused(r, "Venice", "build A neg"));
  CHECK(r.next.stocks.at("Venice") == Stock{3, 0, 0});
  REQUIRE(r.next.pending.size() == 3);
  CHECK(r.next.pending[0] == PendingBuild{"Venice", UnitType::Fleet, "cnd", "", false, false});
  CHECK(r.next.pending[1] == PendingBuild{"Venice", UnitType::Army, "can", "", false, false});
  CHECK(r.next.pending[2] == PendingBuild{"Venice", UnitType::Army, "neg", "", true, false});
  CHECK(noted(r, "Venice pays 9£ to build mercenary A neg: it appears in the city in Spring 1361"));
  CHECK(noted(r, "Venice pays 5£ 1M to build F cnd: it appears in the city in Autumn 1361"));
  CHECK(build_cost(BuildKind::Army) == Stock{3, 2, 0});
  CHECK(build_cost(BuildKind::Fleet) == Stock{5, 1, 0});
  CHECK(build_cost(BuildKind::Mercenary) == Stock{9, 0, 0});
}

TEST_CASE(
    "FoC Building c: a build the power cannot pay is refused and its money not spent, and the "
    "builds are paid in the order written") {
  Position p = quiet();
  p.stocks["Genoa"] = Stock{8, 4, 0};
  const EconomyResult r = winter(
      p, "Genoa", {{}, {build(BuildKind::Mercenary, "chi"), build(BuildKind::Fleet, "pho")}, {}});
  REQUIRE(r.refused.size() == 1);
  CHECK(r.refused[0].order == "build mercenary A chi");
  CHECK(r.refused[0].reason == "it costs 9£ and Genoa has 8£ 4M");
  CHECK(r.next.stocks.at("Genoa") == Stock{3, 3, 0});
  REQUIRE(r.next.pending.size() == 1);
  CHECK(r.next.pending[0].type == UnitType::Fleet);
}

TEST_CASE("FoC Building c: fleets are built only in ports, and mercenaries are armies") {
  Position p = quiet();
  p.stocks["Ottomans"] = Stock{30, 5, 0};
  const EconomyResult r = winter(p, "Ottomans",
                                 {{},
                                  {build(BuildKind::Fleet, "nic"), build(BuildKind::Fleet, "bur"),
                                   build(BuildKind::Mercenary, "nic")},
                                  {}});
  CHECK(refused(r, "Ottomans", "build F nic"));
  CHECK(noted(r, "Nicaea is no port"));
  REQUIRE(r.next.pending.size() == 2);
  CHECK(r.next.pending[0].city == "bur");
  CHECK(r.next.pending[1].type == UnitType::Army);
  CHECK(r.next.pending[1].mercenary);
  CHECK(r.next.stocks.at("Ottomans") == Stock{30 - 5 - 9, 4, 0});
}

TEST_CASE("FoC Building c: no build in a besieged city, and its money is not spent") {
  Position p = quiet();
  p.stocks["Venice"] = Stock{20, 5, 0};
  p.sieges["cnd"] = Siege{"Genoa", 1};
  const EconomyResult r = winter(p, "Venice", {{}, {build(BuildKind::Army, "cnd")}, {}});
  CHECK(refused(r, "Venice", "build A cnd"));
  CHECK(noted(r, "Candia is besieged"));
  CHECK(r.next.pending.empty());
  CHECK(r.next.stocks.at("Venice") == Stock{20, 5, 0});
}

TEST_CASE("FoC Building c: a build only in a city of the power's own") {
  Position p = quiet();
  p.stocks["Venice"] = Stock{20, 5, 0};
  const EconomyResult r =
      winter(p, "Venice", {{}, {build(BuildKind::Army, "chi"), build(BuildKind::Army, "eth")}, {}});
  CHECK(refused(r, "Venice", "build A chi"));
  CHECK(noted(r, "Venice does not own Chios"));
  CHECK(refused(r, "Venice", "build A eth"));
  CHECK(noted(r, "there is no city in eth"));
  CHECK(r.next.stocks.at("Venice") == Stock{20, 5, 0});
}

TEST_CASE("FoC Building c: units are created garrisoned, so a city raises no more than it holds") {
  Position p = quiet();
  p.stocks["Venice"] = Stock{50, 10, 10};
  p.groups = {army("Venice", "cnd", true)};  // Candia, size 2: room for one more
  const EconomyResult r =
      winter(p, "Venice", {{}, {build(BuildKind::Army, "cnd"), build(BuildKind::Army, "cnd")}, {}});
  CHECK(r.next.pending.size() == 1);
  CHECK(refused(r, "Venice", "build A cnd"));
  CHECK(noted(r, "Candia has no room for another unit (size 2)"));
}

TEST_CASE("FoC Building c: a fleet built in a double-coast city names its coast") {
  Position p = quiet();
  p.stocks["Venice"] = Stock{20, 5, 0};
  EconomyResult r =
      winter(p, "Venice",
             {{}, {build(BuildKind::Fleet, "mes"), build(BuildKind::Fleet, "mes", "ec")}, {}});
  CHECK(refused(r, "Venice", "build F mes"));
  REQUIRE(r.next.pending.size() == 1);
  CHECK(r.next.pending[0].coast == "ec");
  r.next.season = Season::Autumn;
  r = raise_pending_builds(foc(), r.next);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "mes/ec", true) == 1);
}

TEST_CASE(
    "FoC Sequence 1 and 3: armies built in winter appear in the spring inside their city, fleets "
    "in the autumn") {
  Position p = quiet();
  p.stocks["Venice"] = Stock{20, 5, 0};
  EconomyResult r = winter(
      p, "Venice", {{}, {build(BuildKind::Army, "cnd"), build(BuildKind::Fleet, "cnd")}, {}});
  REQUIRE(r.next.pending.size() == 2);
  CHECK_FALSE(r.next.first_winter);
  Position spring = r.next;
  spring.season = Season::Spring;
  spring.year = 1361;
  r = raise_pending_builds(foc(), spring);
  CHECK(units_at(r.next, "Venice", UnitType::Army, "cnd", true) == 1);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "cnd", true) == 0);
  CHECK(r.next.pending.size() == 1);
  CHECK(noted(r, "Venice's A built in Candia appears in the city: A cnd (city)"));
  Position summer = r.next;
  summer.season = Season::Summer;
  CHECK(raise_pending_builds(foc(), summer).next.pending.size() == 1);
  Position autumn = r.next;
  autumn.season = Season::Autumn;
  r = raise_pending_builds(foc(), autumn);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "cnd", true) == 1);
  CHECK(r.next.pending.empty());
}

TEST_CASE(
    "FoC Building c: in the first winter all units built, fleets and armies alike, appear in the "
    "next spring outside their cities") {
  const Position start = collect_income(foc(), foc().initial_position()).next;
  // Constantinople is full (2A and F), yet builds appear outside: its size 3
  // alone limits them.
  EconomyResult r = winter(start, "Byzantium",
                           {{},
                            {build(BuildKind::Army, "con"), build(BuildKind::Fleet, "con"),
                             build(BuildKind::Army, "con"), build(BuildKind::Army, "con")},
                            {}});
  CHECK(refused(r, "Byzantium", "build A con"));
  REQUIRE(r.next.pending.size() == 3);
  for (const PendingBuild& b : r.next.pending) CHECK(b.outside);
  CHECK(
      noted(r, "Byzantium pays 5£ 1M to build F con: it appears outside the city in Spring 1355"));
  CHECK_FALSE(r.next.first_winter);
  // 32£ 12M - upkeep of 4A and F (6£ 4M) - 2A (6£ 4M) - F (5£ 1M).
  CHECK(r.next.stocks.at("Byzantium").money == 32 - 6 - 6 - 5);
  CHECK(r.next.stocks.at("Byzantium").manpower == 12 - 4 - 4 - 1);
  Position spring = r.next;
  spring.season = Season::Spring;
  spring.year = 1355;
  r = raise_pending_builds(foc(), spring);
  CHECK(r.next.pending.empty());
  CHECK(units_at(r.next, "Byzantium", UnitType::Army, "con", false) == 2);
  CHECK(units_at(r.next, "Byzantium", UnitType::Fleet, "con", false) == 1);
  CHECK(units_at(r.next, "Byzantium", UnitType::Army, "con", true) == 2);
}

TEST_CASE(
    "FoC Building c: a fleet whose city fell before the autumn appears CAPTURED by the city's new "
    "owner") {
  Position p = quiet();
  p.season = Season::Autumn;
  p.pending = {PendingBuild{"Venice", UnitType::Fleet, "cnd", "", false, false}};
  p.city_owner["cnd"] = "Genoa";  // besieged in the spring, fallen since
  const EconomyResult r = raise_pending_builds(foc(), p);
  CHECK(units_at(r.next, "Genoa", UnitType::Fleet, "cnd", true) == 1);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "cnd", true) == 0);
  CHECK(noted(r, "Venice's F built in Candia appears CAPTURED by Genoa"));
}

TEST_CASE("FoC Building c: a besieged city's builds still appear, outside when it has no room") {
  Position p = quiet();
  p.season = Season::Autumn;
  p.sieges["can"] = Siege{"Genoa", 1};
  p.groups = {army("Venice", "can", true)};  // Canea, size 1, is full
  p.pending = {PendingBuild{"Venice", UnitType::Fleet, "can", "", false, false}};
  const EconomyResult r = raise_pending_builds(foc(), p);
  CHECK(units_at(r.next, "Venice", UnitType::Fleet, "can", false) == 1);
  CHECK(noted(r, "outside the city, the city having no room"));
}

// --- Food (FoC Building b) -----------------------------------------------------

TEST_CASE("FoC Building b: every summer each component of each unit eats 1 food") {
  Position p = quiet();
  p.season = Season::Summer;
  p.groups = {army("Ottomans", "gal", false, 2), army("Ottomans", "bur", true)};
  p.stocks["Ottomans"] = Stock{0, 0, 5};
  const EconomyResult r = feed_units(foc(), p, {});
  CHECK(r.next.stocks.at("Ottomans").food == 2);
  CHECK(noted(r, "Ottomans feeds its 3 units: 3F eaten, 2F left"));
  CHECK(all_units(r.next, kRebels) == 0);
}

TEST_CASE(
    "FoC Building b: when food is short the units the owner names go unfed and rebel, the "
    "others are fed") {
  Position p = quiet();
  p.season = Season::Summer;
  p.groups = {fleet("Genoa", "chi", true), fleet("Genoa", "myt"), army("Genoa", "pho", true)};
  p.stocks["Genoa"] = Stock{0, 0, 2};
  const EconomyResult r = feed_units(
      foc(), p,
      {{"Genoa", {{}, {ref(UnitType::Army, "pho", true), ref(UnitType::Fleet, "chi", true)}}}});
  CHECK(noted(r, "Genoa has 2F for 3 units: 1 go unfed"));
  CHECK(noted(r, "Genoa's A pho (city) rebels for want of food"));
  CHECK(units_at(r.next, kRebels, UnitType::Army, "pho", true) == 1);
  CHECK(units_at(r.next, "Genoa", UnitType::Army, "pho", true) == 0);
  CHECK(units_at(r.next, "Genoa", UnitType::Fleet, "chi", true) == 1);
  CHECK(units_at(r.next, "Genoa", UnitType::Fleet, "myt") == 1);
  CHECK(r.next.stocks.at("Genoa").food == 0);
  // Naming more than go unfed: only as many as are short rebel.
  CHECK(refused(r, "Genoa", "leave F chi (city) unfed"));
}

TEST_CASE("FoC Building b: by default the units farthest from the power's cities go unfed") {
  Position p = quiet();
  p.season = Season::Summer;
  // Phocaea is Genoa's city, the Aegean borders Mytilene and Chios, the
  // Libyan Sea is far from every Genoese city.
  p.groups = {fleet("Genoa", "aeg"), army("Genoa", "pho", true), fleet("Genoa", "lib")};
  p.stocks["Genoa"] = Stock{0, 0, 1};
  EconomyResult r = feed_units(foc(), p, {});
  CHECK(units_at(r.next, "Genoa", UnitType::Army, "pho", true) == 1);
  CHECK(units_at(r.next, kRebels, UnitType::Fleet, "aeg") == 1);
  CHECK(units_at(r.next, kRebels, UnitType::Fleet, "lib") == 1);
  CHECK(noted(r, "Genoa's F lib rebels for want of food"));
  // With food for two, only the farthest goes.
  p.stocks["Genoa"] = Stock{0, 0, 2};
  r = feed_units(foc(), p, {});
  CHECK(all_units(r.next, kRebels) == 1);
  CHECK(units_at(r.next, kRebels, UnitType::Fleet, "lib") == 1);
  // A multiple unit loses only as many components as are short; rebels eat nothing.
  p.groups = {army("Ottomans", "gal", false, 3)};
  p.stocks["Ottomans"] = Stock{0, 0, 1};
  r = feed_units(foc(), p, {});
  CHECK(units_at(r.next, "Ottomans", UnitType::Army, "gal") == 1);
  CHECK(units_at(r.next, kRebels, UnitType::Army, "gal") == 2);
  CHECK(noted(r, "Ottomans' 2A gal rebel for want of food"));
  Position later = r.next;
  later.stocks["Ottomans"] = Stock{0, 0, 1};
  r = feed_units(foc(), later, {});
  CHECK(units_at(r.next, kRebels, UnitType::Army, "gal") == 2);
  CHECK(units_at(r.next, "Ottomans", UnitType::Army, "gal") == 1);
  CHECK(r.next.stocks.at("Ottomans").food == 0);
}

TEST_CASE("FoC Building b: naming units to go unfed when there is food for all does nothing") {
  Position p = quiet();
  p.groups = {army("Genoa", "pho", true)};
  p.stocks["Genoa"] = Stock{0, 0, 3};
  const EconomyResult r =
      feed_units(foc(), p, {{"Genoa", {{}, {ref(UnitType::Army, "pho", true)}}}});
  CHECK(units_at(r.next, "Genoa", UnitType::Army, "pho", true) == 1);
  CHECK(r.next.stocks.at("Genoa").food == 2);
  REQUIRE(r.refused.size() == 1);
  CHECK(r.refused[0].reason == "there is food for every unit");
}

TEST_CASE("FoC Sequence 2: in the summer a power may disband units, which then eat nothing") {
  Position p = quiet();
  p.season = Season::Summer;
  p.groups = {fleet("Genoa", "chi", true), fleet("Genoa", "myt"), army("Genoa", "pho", true)};
  p.stocks["Genoa"] = Stock{0, 0, 2};
  const EconomyResult r = feed_units(foc(), p, {{"Genoa", {{ref(UnitType::Fleet, "myt")}, {}}}});
  CHECK(all_units(r.next, "Genoa") == 2);
  CHECK(all_units(r.next, kRebels) == 0);
  CHECK(r.next.stocks.at("Genoa").food == 0);
}

TEST_CASE(
    "FoC Building b: winter food is eaten after the winter's income and after the winter's "
    "disbands, by the units on the board") {
  Position p = foc().initial_position();
  p.stocks["Ottomans"] = Stock{6, 0, 0};  // no food left after the autumn
  // The year's 11F feed the four armies.
  const Position collected = collect_income(foc(), p).next;
  EconomyResult r = winter(collected, "Ottomans", {{}, {build(BuildKind::Army, "bur")}, {}});
  CHECK(all_units(r.next, kRebels) == 0);
  CHECK(r.next.stocks.at("Ottomans").food == 11 - 4);  // the new army eats from the summer
  // 1F for two units, one of them disbanded: nobody rebels.
  Position q = quiet();
  q.groups = {fleet("Venice", "cnd", true), fleet("Venice", "neg", true)};
  q.stocks["Venice"] = Stock{10, 0, 1};
  r = winter(q, "Venice", {{ref(UnitType::Fleet, "neg", true)}, {}, {}});
  CHECK(all_units(r.next, kRebels) == 0);
  CHECK(r.next.stocks.at("Venice") == Stock{8, 0, 0});
  // Short in winter: the named unit rebels.
  q.groups.push_back(army("Venice", "can", true));
  q.stocks["Venice"] = Stock{10, 5, 2};
  r = winter(q, "Venice", {{}, {}, {ref(UnitType::Fleet, "cnd", true)}});
  CHECK(units_at(r.next, kRebels, UnitType::Fleet, "cnd", true) == 1);
  CHECK(all_units(r.next, "Venice") == 2);
}

TEST_CASE(
    "FoC Sequence 4: the first winter without orders maintains and feeds every starting unit") {
  const Position collected = collect_income(foc(), foc().initial_position()).next;
  const EconomyResult r = winter_adjustments(foc(), collected, {});
  CHECK(r.refused.empty());
  CHECK(r.next.groups == collected.groups);
  CHECK(r.next.stocks.at("Aragon") == Stock{22, 4, 8});
  CHECK(r.next.stocks.at("Byzantium") == Stock{26, 8, 19});
  CHECK(r.next.stocks.at("Genoa") == Stock{54, 3, 6});
  CHECK(r.next.stocks.at("Hospitallers") == Stock{21, 9, 19});
  CHECK(r.next.stocks.at("Naples") == Stock{25, 8, 14});
  CHECK(r.next.stocks.at("Ottomans") == Stock{17, 4, 11});
  CHECK(r.next.stocks.at("Venice") == Stock{53, 6, 12});
  CHECK(noted(r, "Venice pays 2£ to maintain F mes/wc (city)"));
}

// --- Buying food (FoC Building b) ---------------------------------------------

TEST_CASE("FoC Building b: food from the bank costs 3£ a unit, refused when the money is short") {
  Position p = quiet();
  p.season = Season::Spring;
  p.stocks["Genoa"] = Stock{10, 0, 1};
  const EconomyResult r = settle_food_orders(
      foc(), p, {{"Genoa", FoodDeal::FromBank, 3, "", 0}, {"Genoa", FoodDeal::FromBank, 1, "", 0}});
  CHECK(r.next.stocks.at("Genoa") == Stock{1, 0, 4});
  CHECK(noted(r, "Genoa buys 3F for 9£ from the bank"));
  CHECK(refused(r, "Genoa", "buy 1 food from the bank"));
  REQUIRE(r.refused.size() == 1);
  CHECK(r.refused[0].reason == "it costs 3£ and Genoa has 1£");
  // Only with the spring and autumn orders.
  p.season = Season::Summer;
  const EconomyResult summer =
      settle_food_orders(foc(), p, {{"Genoa", FoodDeal::FromBank, 1, "", 0}});
  CHECK(summer.next.stocks == p.stocks);
  CHECK(refused(summer, "Genoa", "buy 1 food from the bank"));
}

TEST_CASE("FoC Building b: a trade between powers happens when buyer and seller write it alike") {
  Position p = quiet();
  p.season = Season::Autumn;
  p.stocks["Genoa"] = Stock{20, 0, 0};
  p.stocks["Venice"] = Stock{0, 0, 5};
  const std::vector<FoodOrder> orders = {{"Venice", FoodDeal::Sell, 3, "Genoa", 7},
                                         {"Genoa", FoodDeal::Buy, 3, "Venice", 7}};
  const EconomyResult r = settle_food_orders(foc(), p, orders);
  CHECK(r.refused.empty());
  CHECK(r.next.stocks.at("Genoa") == Stock{13, 0, 3});
  CHECK(r.next.stocks.at("Venice") == Stock{7, 0, 2});
  CHECK(noted(r, "Venice sells 3F for 7£ to Genoa"));
  // The order in which the orders come does not matter.
  const EconomyResult again = settle_food_orders(foc(), p, {orders[1], orders[0]});
  CHECK(again.next.stocks == r.next.stocks);
}

TEST_CASE(
    "FoC Building b: when the amounts or prices written differ, or one side wrote nothing, "
    "nothing changes hands") {
  Position p = quiet();
  p.season = Season::Spring;
  p.stocks["Genoa"] = Stock{20, 0, 0};
  p.stocks["Venice"] = Stock{0, 0, 5};
  EconomyResult r = settle_food_orders(
      foc(), p,
      {{"Genoa", FoodDeal::Buy, 3, "Venice", 7}, {"Venice", FoodDeal::Sell, 2, "Genoa", 7}});
  CHECK(r.next.stocks == p.stocks);
  CHECK(refused(r, "Genoa", "buy 3 food from Venice by 7£"));
  CHECK(refused(r, "Venice", "sell 2 food to Genoa by 7£"));
  CHECK(noted(r, "Venice wrote 'sell 2 food to Genoa by 7£': the amounts must be equal"));
  r = settle_food_orders(
      foc(), p,
      {{"Genoa", FoodDeal::Buy, 3, "Venice", 6}, {"Venice", FoodDeal::Sell, 3, "Genoa", 7}});
  CHECK(r.next.stocks == p.stocks);
  CHECK(r.refused.size() == 2);
  r = settle_food_orders(foc(), p, {{"Genoa", FoodDeal::Buy, 3, "Venice", 7}});
  CHECK(r.next.stocks == p.stocks);
  CHECK(noted(r, "Venice wrote no sale of food to Genoa"));
  r = settle_food_orders(foc(), p, {{"Venice", FoodDeal::Sell, 3, "Naples", 7}});
  CHECK(noted(r, "Naples wrote no purchase of food from Venice"));
  // A second purchase finds the matching sale the first one did not take.
  r = settle_food_orders(foc(), p,
                         {{"Genoa", FoodDeal::Buy, 3, "Venice", 9},
                          {"Genoa", FoodDeal::Buy, 2, "Venice", 6},
                          {"Venice", FoodDeal::Sell, 2, "Genoa", 6}});
  CHECK(r.next.stocks.at("Genoa") == Stock{14, 0, 2});
  CHECK(r.refused.size() == 1);
}

TEST_CASE(
    "FoC Building b: a matching trade fails when the seller has not the food or the buyer not "
    "the money") {
  Position p = quiet();
  p.season = Season::Autumn;
  p.stocks["Genoa"] = Stock{20, 0, 0};
  p.stocks["Venice"] = Stock{0, 0, 2};
  EconomyResult r = settle_food_orders(
      foc(), p,
      {{"Genoa", FoodDeal::Buy, 3, "Venice", 7}, {"Venice", FoodDeal::Sell, 3, "Genoa", 7}});
  CHECK(r.next.stocks == p.stocks);
  CHECK(noted(r, "Venice has only 2F: no sale"));
  p.stocks["Venice"] = Stock{0, 0, 5};
  p.stocks["Genoa"] = Stock{6, 0, 0};
  r = settle_food_orders(
      foc(), p,
      {{"Genoa", FoodDeal::Buy, 3, "Venice", 7}, {"Venice", FoodDeal::Sell, 3, "Genoa", 7}});
  CHECK(r.next.stocks == p.stocks);
  CHECK(noted(r, "Genoa has only 6£: no sale"));
  // Malformed orders are refused outright.
  r = settle_food_orders(foc(), p,
                         {{"Genoa", FoodDeal::Buy, 0, "Venice", 7},
                          {"Genoa", FoodDeal::Buy, 1, "Genoa", 7},
                          {"Carthage", FoodDeal::FromBank, 1, "", 0}});
  CHECK(r.refused.size() == 3);
  CHECK(r.next.stocks == p.stocks);
}
