// Tyre: the reconstructed map keeps every hex the rules quote, and the naval
// tables give what the rule text says.
#include <doctest/doctest.h>

#include <deque>
#include <set>

#include "games/tyre/data.h"
#include "games/tyre/position.h"

using namespace naumachia;
using namespace naumachia::tyre;
using hex::HexId;

namespace {

Map tyre_map() {
  auto m = load_map();
  REQUIRE_MESSAGE(m.has_value(), (m ? "" : m.error().message));
  return std::move(*m);
}

NavalTables tables() {
  auto t = load_tables();
  REQUIRE_MESSAGE(t.has_value(), (t ? "" : t.error().message));
  return std::move(*t);
}

HexId h(const char* s) {
  return *hex::parse_hex(s);
}

}  // namespace

TEST_CASE(
    "Tyre 14.11: the mole runs from 3731-3831 to 3724-3824 and may grow into 3823, 3723, 3822") {
  const Map m = tyre_map();
  for (int row = 24; row <= 31; ++row) {
    CHECK(m.terrain({37, row}) == Terrain::Mole);
    CHECK(m.terrain({38, row}) == Terrain::Mole);
  }
  for (const char* growth : {"3823", "3723", "3822", "3722"})
    CHECK(m.terrain(h(growth)) == Terrain::Sea);
}

TEST_CASE(
    "Tyre 9.31 and addenda: beaches 2801, 2901, 3001 (circumnavigation) and 4909 (grounding 1)") {
  const Map m = tyre_map();
  for (const char* b : {"2801", "2901", "3001"}) {
    CHECK(m.terrain(h(b)) == Terrain::Beach);
    CHECK(m.circumnavigation(h(b)));
    CHECK(m.navigable(h(b)));
  }
  CHECK(m.grounding(h("4909")) == 1);
  CHECK_FALSE(m.circumnavigation(h("4909")));
}

TEST_CASE(
    "Tyre 9.32, 5.31: two Tyrian harbours behind booms, reachable from the open sea only through "
    "them") {
  const Map m = tyre_map();
  REQUIRE(m.harbours().size() == 2);
  for (const Harbour& hb : m.harbours()) {
    CHECK_FALSE(hb.booms.empty());
    // Breadth-first from the harbour without crossing a boom: no open sea.
    std::deque<HexId> frontier(hb.inside.begin(), hb.inside.end());
    std::set<HexId> seen(hb.inside.begin(), hb.inside.end());
    bool boom_touched = false;
    while (!frontier.empty()) {
      const HexId x = frontier.front();
      frontier.pop_front();
      CHECK(m.terrain(x) != Terrain::Sea);
      for (int d = 0; d < 6; ++d) {
        const HexId n = hex::neighbour(x, static_cast<hex::Dir>(d));
        if (m.terrain(n) == Terrain::Boom) boom_touched = true;
        if (m.navigable(n) && m.terrain(n) != Terrain::Boom && seen.insert(n).second)
          frontier.push_back(n);
      }
    }
    CHECK(boom_touched);
    for (const HexId port : hb.inside) {
      if (m.terrain(port) == Terrain::TyrianPort) CHECK(m.grounding(port) == 0);  // addenda 8.3
    }
  }
}

TEST_CASE(
    "Tyre 17.22, 18.1: a sea north edge, one Temple of Hercules and one Agenorium on the island") {
  const Map m = tyre_map();
  CHECK(m.north_edge().size() > 20);
  int temple = 0, agenorium = 0, mainland_port = 0;
  for (const HexId x : m.all_hexes()) {
    temple += m.terrain(x) == Terrain::Temple;
    agenorium += m.terrain(x) == Terrain::Agenorium;
    mainland_port += m.terrain(x) == Terrain::MainlandPort;
  }
  CHECK(temple == 1);
  CHECK(agenorium == 1);
  CHECK(mainland_port > 0);
}

TEST_CASE("corrupt map files are refused with the line") {
  CHECK_FALSE(Map::load("columns 1 2\nrows 1 1\ngrid\n01 .X\n").has_value());
  CHECK(Map::load("columns 1 2\nrows 1 1\ngrid\n01 .X\n").error().message.find("line 4") !=
        std::string::npos);
  CHECK_FALSE(Map::load("columns 1 2\nrows 1 2\ngrid\n01 ..\n").has_value());
  CHECK_FALSE(Map::load("columns 1 2\nrows 1 1\nbeach 0101 1\ngrid\n01 ..\n").has_value());
}

TEST_CASE("ship classes from the counter sheets (3.32 addenda bands)") {
  const NavalTables t = tables();
  CHECK(t.ship_class(ShipType::Trireme).full.melee == 5);
  CHECK(t.ship_class(ShipType::Trireme).full.speed == 7);
  CHECK(t.ship_class(ShipType::Trireme).full.ramming_speed == 10);
  CHECK(t.ship_class(ShipType::Trireme).damaged.melee == 3);
  CHECK(t.ship_class(ShipType::Quinquereme).full.speed == 6);
  CHECK(t.ship_class(ShipType::Bireme).full.ramming_speed == 11);
}

TEST_CASE("Tyre 6.4: a trireme rams a bireme on 2-6, then rolls for damage") {
  const NavalTables t = tables();
  ScriptedDice miss({1});
  CHECK(t.ram(ShipType::Trireme, ShipType::Bireme, {}, miss, "T1 on C1") == RamEffect::None);
  ScriptedDice pin({2, 3});
  CHECK(t.ram(ShipType::Trireme, ShipType::Bireme, {}, pin, "T1 on C1") == RamEffect::Pinned);
  ScriptedDice damage({6, 4});
  CHECK(t.ram(ShipType::Trireme, ShipType::Bireme, {}, damage, "T1 on C1") == RamEffect::Damaged);
  ScriptedDice sink({6, 6});
  CHECK(t.ram(ShipType::Trireme, ShipType::Bireme, {}, sink, "T1 on C1") == RamEffect::Sunk);
  CHECK(sink.log()[0].purpose == "ramming: T1 on C1");
  CHECK(sink.log()[1].purpose == "ramming damage: T1 on C1");
}

TEST_CASE("Tyre 6.4: a bireme ramming a trireme only pins, with no second roll") {
  const NavalTables t = tables();
  ScriptedDice dice({5});
  CHECK(t.ram(ShipType::Bireme, ShipType::Trireme, {}, dice, "x") == RamEffect::Pinned);
  CHECK(dice.log().size() == 1);
  ScriptedDice low({4});
  CHECK(t.ram(ShipType::Bireme, ShipType::Trireme, {}, low, "x") == RamEffect::None);
}

TEST_CASE("Tyre 16.22: leader ramming ratings add to and subtract from the first roll") {
  const NavalTables t = tables();
  ScriptedDice helped({2, 1});  // 2 + 3 = 5 reaches trireme-on-trireme's 4
  CHECK(t.ram(ShipType::Trireme, ShipType::Trireme, {3, 0, false, false}, helped, "x") ==
        RamEffect::Pinned);
  ScriptedDice hindered({5});  // 5 - 2 = 3 misses 4
  CHECK(t.ram(ShipType::Trireme, ShipType::Trireme, {0, 2, false, false}, hindered, "x") ==
        RamEffect::None);
  ScriptedDice cancelled({4, 1});  // +3 -3: the bare 4 hits
  CHECK(t.ram(ShipType::Trireme, ShipType::Trireme, {3, 3, false, false}, cancelled, "x") ==
        RamEffect::Pinned);
}

TEST_CASE(
    "Tyre 6.4, 8.0: the damage roll gains 1 against a damaged or transporting ship, 2 against "
    "both") {
  const NavalTables t = tables();
  ScriptedDice a({4, 3});
  CHECK(t.ram(ShipType::Trireme, ShipType::Trireme, {0, 0, true, false}, a, "x") ==
        RamEffect::Damaged);
  ScriptedDice b({4, 4});
  CHECK(t.ram(ShipType::Trireme, ShipType::Trireme, {0, 0, true, true}, b, "x") == RamEffect::Sunk);
  ScriptedDice c({4, 6});  // 6 + 2 reads as 6
  CHECK(t.ram(ShipType::Trireme, ShipType::Trireme, {0, 0, true, true}, c, "x") == RamEffect::Sunk);
}

TEST_CASE("Tyre 6.5: the naval melee table by differential and die") {
  const NavalTables t = tables();
  CHECK(t.melee(-2, 6) == MeleeEffect::Disrupted);
  CHECK(t.melee(-2, 5) == MeleeEffect::None);
  CHECK(t.melee(-7, 6) == MeleeEffect::Disrupted);  // below the table: the -2 line
  CHECK(t.melee(0, 4) == MeleeEffect::Disrupted);
  CHECK(t.melee(0, 6) == MeleeEffect::Damaged);
  CHECK(t.melee(2, 6) == MeleeEffect::Sunk);
  CHECK(t.melee(2, 1) == MeleeEffect::None);
  CHECK(t.melee(3, 1) == MeleeEffect::Disrupted);
  CHECK(t.melee(4, 5) == MeleeEffect::Sunk);
  CHECK(t.melee(5, 4) == MeleeEffect::Sunk);
  CHECK(t.melee(9, 3) == MeleeEffect::Damaged);  // above the table: the +5 line
}

TEST_CASE("data files refuse unknown sides, ship types and out-of-range numbers") {
  const auto army = naumachia::tyre::Army::load("contingent Mac Persian Macedonians\n");
  REQUIRE_FALSE(army.has_value());
  CHECK(army.error().message == "land line 1: unknown side 'Persian' (one of Tyrian, Macedonian)");
  const auto tables = NavalTables::load("class galleon 3-4-6 2-3-4\n");
  REQUIRE_FALSE(tables.has_value());
  CHECK(tables.error().message.find("naval tables line 1: unknown ship type 'galleon'") == 0);
  CHECK(Map::load("columns 1 2\nrows 1 1\nbeach 0101 4294967297\ngrid\n01 B.\n")
            .error()
            .message.find("map line 3") == 0);
}

TEST_CASE("the scenario data refuses unknown sides, fleets and ship types") {
  auto bad_side = load_scenario("fleet T Persian Tyre\n");
  REQUIRE_FALSE(bad_side.has_value());
  CHECK(bad_side.error().message ==
        "scenario line 1: unknown side 'Persian' (one of Tyrian, Macedonian)");
  auto bad_type = load_scenario("fleet T Tyrian Tyre\nship T1 T galleon\n");
  REQUIRE_FALSE(bad_type.has_value());
  CHECK(bad_type.error().message.find("scenario line 2: unknown ship type 'galleon'") == 0);
  auto bad_fleet = load_scenario("fleet T Tyrian Tyre\nship T1 X trireme\n");
  REQUIRE_FALSE(bad_fleet.has_value());
  CHECK(bad_fleet.error().message == "scenario line 2: unknown fleet 'X'");
  CHECK(load_scenario().has_value());
}
