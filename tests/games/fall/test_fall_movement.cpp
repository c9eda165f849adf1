// The Fall of Constantinople on the Diplomacy adjudicator: multiple units,
// land bridges, the Long Wall, cities as spaces and rebels, adjudicated as
// forces (games/diplomacy/forces.h) on the reconstructed map.
#include <doctest/doctest.h>

#include "games/diplomacy/forces.h"

namespace naumachia::data {
std::string_view fall_of_constantinople_map();
}

using namespace naumachia;
using namespace naumachia::diplomacy;

namespace {

const Map& foc_map() {
  static const Map map = [] {
    auto m = Map::load(data::fall_of_constantinople_map());
    REQUIRE_MESSAGE(m.has_value(), (m ? "" : m.error().message));
    return std::move(*m);
  }();
  return map;
}

Rulings foc_rulings() {
  Rulings r;
  r.multiplicity = true;
  return r;
}

// Some units of one power: "2A", "1F", "2A/1F", by the counts given.
Force force(const std::string& power, const std::string& where, int armies, int fleets) {
  Force f;
  f.unit = Unit{fleets > 0 ? UnitType::Fleet : UnitType::Army, power, where};
  f.armies = armies;
  f.fleets = fleets;
  f.order = Order{power, OrderKind::Hold, f.unit.type, where, {}, {}, {}, {}, false};
  return f;
}

Force moving(Force f, const std::string& to) {
  f.order.kind = OrderKind::Move;
  f.order.dest = to;
  return f;
}

Force supporting(Force f, const Force& target, const std::string& to = "") {
  f.order.kind = OrderKind::Support;
  f.order.target_type = target.unit.type;
  f.order.target = target.unit.location;
  f.order.target_dest = to;
  return f;
}

ForcesResult run(const std::vector<Force>& forces) {
  auto result = adjudicate_forces(foc_map(), forces, foc_rulings());
  REQUIRE_MESSAGE(result.has_value(), (result ? "" : result.error().message));
  return std::move(*result);
}

// The space inside a province's city, as the adjudicator reads it.
std::string city_space(const std::string& province) {
  return Space{province, true}.text();
}

}  // namespace

TEST_CASE("FoC Mapboard: the reconstructed map loads with its cities, bridges and the Long Wall") {
  const Map& map = foc_map();
  CHECK(map.cities().size() == 53);
  CHECK(map.city("con")->size == 3);
  // FoC Mapboard c, d, e: every land bridge the text gives, both ways.
  const std::vector<std::pair<std::string, std::string>> bridges{
      {"cof", "epi"}, {"cof", "art"}, {"ioi", "art"}, {"ioi", "and"},
      {"myt", "pho"}, {"neg", "the"}, {"hel", "gal"}, {"con", "nmd"}};
  for (const auto& bridge : bridges) {
    CHECK_MESSAGE(map.land_bridge(bridge.first, bridge.second),
                  bridge.first << "-" << bridge.second);
    CHECK(map.land_bridge(bridge.second, bridge.first));
  }
  CHECK_FALSE(map.land_bridge("cnd", "can"));  // Crete's provinces border by land
  REQUIRE(map.walls().size() == 1);            // FoC Mapboard h
  CHECK(map.walls()[0].against == std::set<std::string>{"eth", "wth"});
  // FoC Mapboard d: the straits are no seas of their own.
  CHECK(map.fleet_reach("aeg", "som").empty());
  CHECK(map.fleet_reach("som", "bla").empty());
  CHECK_FALSE(map.fleet_reach("aeg", "gal").empty());
  CHECK_FALSE(map.fleet_reach("gal", "som").empty());
  CHECK_FALSE(map.fleet_reach("som", "con").empty());
  CHECK_FALSE(map.fleet_reach("con", "bla").empty());
  // FoC Mapboard g: the Corinth channel.
  CHECK(map.fleet_reach("goc", "mir").empty());
  CHECK_FALSE(map.fleet_reach("goc", "cor").empty());
  CHECK_FALSE(map.fleet_reach("cor", "mir").empty());
  // FoC Mapboard f: three double-coast provinces, east and west.
  for (const char* p : {"mes", "ist", "wth"})
    CHECK(map.province(p)->coasts == std::vector<std::string>{"ec", "wc"});
}

TEST_CASE(
    "FoC Movement b: the Phocaea example: an Ottoman 2A/1F crosses the land bridge and "
    "dislodges the single Genoese fleet in Mytilene") {
  const Force ott = moving(force("Ottomans", "pho", 2, 1), "myt");
  const auto r = run({ott, force("Genoa", "myt", 0, 1)});
  CHECK(r.forces[0].moved);
  CHECK(r.forces[1].dislodged);
}

TEST_CASE(
    "FoC Movement b: the Phocaea example: a second Genoese fleet in Chios supporting "
    "Mytilene stops the crossing despite the Ottomans' numbers") {
  const Force ott = moving(force("Ottomans", "pho", 2, 1), "myt");
  const Force myt = force("Genoa", "myt", 0, 1);
  const auto r = run({ott, myt, supporting(force("Genoa", "chi", 0, 1), myt)});
  CHECK_FALSE(r.forces[0].moved);
  CHECK_FALSE(r.forces[1].dislodged);
}

TEST_CASE("FoC Movement b: a fleet moving in to reinforce the defence stops the crossing too") {
  const Force ott = moving(force("Ottomans", "pho", 2, 1), "myt");
  const auto r =
      run({ott, force("Genoa", "myt", 0, 1), moving(force("Genoa", "chi", 0, 1), "myt")});
  CHECK_FALSE(r.forces[0].moved);
  CHECK_FALSE(r.forces[1].dislodged);
  CHECK(r.forces[2].moved);  // Multiplicity (4): it joins the fleet there
}

TEST_CASE("FoC Movement b: armies alone cross a land bridge into a province held without fleets") {
  const auto r = run({moving(force("Ottomans", "pho", 2, 0), "myt"), force("Genoa", "myt", 1, 0)});
  CHECK(r.forces[0].moved);
  CHECK(r.forces[1].dislodged);
}

TEST_CASE(
    "FoC Mapboard h: the Long Wall holds an army in Constantinople against two armies from "
    "West Thrace, not against three") {
  auto two = run({moving(force("Ottomans", "wth", 2, 0), "con"), force("Byzantium", "con", 1, 0)});
  CHECK_FALSE(two.forces[0].moved);
  auto three =
      run({moving(force("Ottomans", "wth", 3, 0), "con"), force("Byzantium", "con", 1, 0)});
  CHECK(three.forces[0].moved);
  CHECK(three.forces[1].dislodged);
}

TEST_CASE(
    "FoC Mapboard h: the Long Wall gives nothing against Nicomedia, nor without an army in "
    "Constantinople") {
  auto bosphorus =
      run({moving(force("Ottomans", "nmd", 2, 0), "con"), force("Byzantium", "con", 1, 0)});
  CHECK(bosphorus.forces[0].moved);
  auto fleet_only =
      run({moving(force("Ottomans", "eth", 2, 0), "con"), force("Byzantium", "con", 0, 1)});
  CHECK(fleet_only.forces[0].moved);
  CHECK(fleet_only.forces[1].dislodged);
}

TEST_CASE(
    "FoC Mapboard h, Movement b: with only a fleet in Constantinople the land bridge, not the "
    "Long Wall's 'any single attack will succeed', decides an attack from Nicomedia") {
  // Mapboard h's sentence is about attacks over the wall, from the Thraces;
  // across the Bosphorus the land-bridge rule holds: armies alone, however
  // many, do not dislodge a fleet (docs/rules/fall-of-constantinople.md).
  auto armies =
      run({moving(force("Ottomans", "nmd", 3, 0), "con"), force("Byzantium", "con", 0, 1)});
  CHECK_FALSE(armies.forces[0].moved);
  CHECK_FALSE(armies.forces[1].dislodged);
  // With a fleet of their own the Ottomans cross, and strength decides.
  auto with_fleet =
      run({moving(force("Ottomans", "nmd", 2, 1), "con"), force("Byzantium", "con", 0, 1)});
  CHECK(with_fleet.forces[0].moved);
  CHECK(with_fleet.forces[1].dislodged);
}

TEST_CASE(
    "FoC Mapboard h: without an army in Constantinople the wall's support is void and an "
    "attack from Thrace is adjudicated as usual") {
  // 'Any single attack will succeed' is read with 'the support will be
  // adjudicated void': no wall, the usual strengths (Movement b: 'the
  // movements are adjudicated normally'); one army bounces off one fleet.
  auto one = run({moving(force("Ottomans", "wth", 1, 0), "con"), force("Byzantium", "con", 0, 1)});
  CHECK_FALSE(one.forces[0].moved);
  CHECK_FALSE(one.forces[1].dislodged);
  auto two = run({moving(force("Ottomans", "wth", 2, 0), "con"), force("Byzantium", "con", 0, 1)});
  CHECK(two.forces[0].moved);
  CHECK(two.forces[1].dislodged);
}

TEST_CASE(
    "Multiplicity (3), (4): two armies of one power moving into one province do not bounce, "
    "together they dislodge a single foreign army") {
  const auto r =
      run({moving(force("Byzantium", "the", 1, 0), "ath"),
           moving(force("Byzantium", "ist", 1, 0), "ath"), force("Aragon", "ath", 1, 0)});
  CHECK(r.forces[0].moved);
  CHECK(r.forces[1].moved);
  CHECK(r.forces[2].dislodged);
  const auto empty = run({moving(force("Byzantium", "the", 1, 0), "ath"),
                          moving(force("Byzantium", "ist", 1, 0), "ath")});
  CHECK(empty.forces[0].moved);
  CHECK(empty.forces[1].moved);
  CHECK(empty.standoffs.empty());
}

TEST_CASE("FoC Movement a (2): a multiple unit supports with its full strength") {
  const Force attack = moving(force("Byzantium", "ist", 1, 0), "ath");
  const auto helped = run({attack, supporting(force("Byzantium", "the", 3, 0), attack, "ath"),
                           force("Aragon", "ath", 3, 0)});
  CHECK(helped.forces[0].moved);  // 1 + 3 against 3
  const auto alone = run({attack, force("Aragon", "ath", 3, 0)});
  CHECK_FALSE(alone.forces[0].moved);
}

TEST_CASE("FoC Movement a (6): a single army cuts a 3A's support entirely") {
  const Force attack = moving(force("Byzantium", "ist", 1, 0), "ath");
  const auto r = run({attack, supporting(force("Byzantium", "the", 3, 0), attack, "ath"),
                      force("Aragon", "ath", 3, 0), moving(force("Aragon", "neg", 1, 0), "the")});
  CHECK(r.forces[1].outcome == Outcome::Fails);
  CHECK(r.forces[1].note == "cut");
  CHECK_FALSE(r.forces[0].moved);
}

TEST_CASE("FoC Building b: rebels take no support") {
  const Force rebels = [] {
    Force f = force("Rebels", "ath", 1, 0);
    f.rebel = true;
    return f;
  }();
  const auto r = run({moving(force("Byzantium", "ist", 2, 0), "ath"), rebels,
                      supporting(force("Aragon", "the", 1, 0), rebels)});
  CHECK(r.forces[2].note == "void: rebels take no support");
  CHECK(r.forces[0].moved);
  CHECK(r.forces[1].dislodged);
}

TEST_CASE(
    "FoC Mapboard b: a city is a space of its own: an attack on the province does not reach "
    "the garrison, and the garrison leaves by a move into the province") {
  const auto r = run(
      {moving(force("Byzantium", "the", 2, 0), "ath"), force("Aragon", city_space("ath"), 1, 0)});
  CHECK(r.forces[0].moved);
  CHECK_FALSE(r.forces[1].dislodged);
  // A sally of the garrison is an attack on the besiegers like any other.
  const auto sally = run(
      {force("Byzantium", "ath", 2, 0), moving(force("Aragon", city_space("ath"), 1, 0), "ath")});
  CHECK_FALSE(sally.forces[1].moved);
  CHECK_FALSE(sally.forces[0].dislodged);
  // Entering one's own city merges with its garrison.
  const auto enter = run({moving(force("Aragon", "ath", 1, 0), city_space("ath")),
                          force("Aragon", city_space("ath"), 1, 0)});
  CHECK(enter.forces[0].moved);
}

TEST_CASE("Multiplicity: an A/F at sea counts its fleets only") {
  const Force attack = moving(force("Genoa", "gos", 0, 1), "aeg");
  const auto r = run({attack, supporting(force("Genoa", "chi", 0, 1), attack, "aeg"),
                      force("Venice", "aeg", 2, 1)});
  CHECK(r.forces[0].moved);  // 2 against the one fleet of 2A/1F
  CHECK(r.forces[2].dislodged);
}

TEST_CASE(
    "A space is a province or its city, read once from its text, and other texts are refused") {
  CHECK(Space::read("ath").value() == Space{"ath", false});
  CHECK(Space::read("@ath").value() == Space{"ath", true});
  CHECK(Space{"ath", true}.text() == "@ath");
  for (const char* bad : {"", "@", "@@ath", "ath@", "@ath/ec"})
    CHECK_MESSAGE(!Space::read(bad).has_value(), bad);
  const auto refused =
      adjudicate_forces(foc_map(), {force("Aragon", "@@ath", 1, 0)}, foc_rulings());
  REQUIRE_FALSE(refused.has_value());
  CHECK(refused.error().message == "Aragon's force: '@@ath' is no space");
}
