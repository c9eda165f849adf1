// Tyre, the siege (scenario tyre/siege): each case built from the rule text,
// the worked examples (11.3 A and B, 15.23) included.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/choices.h"
#include "core/game.h"
#include "core/text.h"
#include "games/tyre/data.h"
#include "games/tyre/land.h"
#include "games/tyre/tyre.h"
#include "support/scripted_step.h"
#include "support/text.h"

using namespace naumachia;
using hex::Dir;
using hex::HexId;
using testing::has;
using testing::Played;
using tyre::Side;

namespace {

constexpr RulesVersion kV2{2};

HexId at(const char* s) {
  return *hex::parse_hex(s);
}

// A board of open ground hexes and unbreached Secondary Wall hexes
// (everything else sea) for the land rules alone.
class TestBoard final : public tyre::LandBoard {
 public:
  std::set<HexId> land, walls;
  std::map<HexId, Side> units;
  tyre::Terrain terrain(HexId h) const override {
    if (walls.count(h)) return tyre::Terrain::SecondaryWall;
    return land.count(h) ? tyre::Terrain::OpenGround : tyre::Terrain::Sea;
  }
  bool breached(HexId) const override { return false; }
  std::optional<Side> combat_unit(HexId h) const override {
    const auto it = units.find(h);
    if (it == units.end()) return std::nullopt;
    return it->second;
  }
  bool has_siege_unit(HexId) const override { return false; }
};

// A siege position: every land piece not named is out of play; named ones
// stand in a hex ("hex 3720") or aboard a ship ("ship A1").
struct Setup {
  std::string segment = "mac-land";
  int turn = 1, impulse = 1;
  std::string plan = "assault";
  std::map<std::string, std::string> pieces;
  std::map<std::string, std::string> ships;  // id -> "HEX DIR full|damaged"
  std::vector<std::string> more;
  int rules = 2;  // the rules version of the game
};

const Game& tyre_game() {
  static const auto game = tyre::make_tyre_game();
  return *game;
}

std::unique_ptr<State> siege(const Setup& s) {
  const std::string base = tyre_game().new_game("siege", 2).value()->serialize();
  std::ostringstream out;
  for (auto line : text::lines(base)) {
    const auto w = text::split(line);
    const std::string id = w.size() > 1 ? std::string(w[1]) : "";
    const auto piece = s.pieces.find(id);
    const std::string where = piece == s.pieces.end() ? "off -" : piece->second;
    if (w[0] == "segment") {
      out << "segment " << s.segment << "\n";
    } else if (w[0] == "turn") {
      out << "turn " << s.turn << "\n";
    } else if (w[0] == "impulse") {
      out << "impulse " << s.impulse << "\n";
    } else if (w[0] == "plan") {
      out << "plan " << s.plan << "\n";
    } else if (w[0] == "unit") {
      out << "unit " << id << " " << where << " 0 -\n";
    } else if (w[0] == "lleader") {
      out << "lleader " << id << " " << where << " 0\n";
    } else if (w[0] == "engine") {
      out << "engine " << id << " " << w[2] << " " << where << " 0 0 - 0\n";
    } else if (w[0] == "leader" && piece != s.pieces.end()) {
      const auto v = text::split(piece->second);
      out << "leader " << id << " " << (v[0] == "ship" ? std::string(v[1]) : "-") << " idle=0\n";
    } else if (w[0] == "ship" && s.ships.count(id)) {
      out << "ship " << id << " " << s.ships.at(id)
          << " exhausted=0 disrupted=0 pinned=- rammer=0 watch=- beached=0 repairing=0\n";
    } else if (w[0] == "ship" && w[1] != "F" && line.find(" off ") == std::string_view::npos) {
      out << "ship " << id << " off N full exhausted=0 disrupted=0 pinned=- rammer=0 watch=- "
          << "beached=0 repairing=0\n";
    } else {
      out << line << "\n";
    }
  }
  for (const auto& l : s.more) out << l << "\n";
  auto st = tyre_game().deserialize(out.str(), RulesVersion{s.rules});
  REQUIRE_MESSAGE(st.has_value(), (st ? "" : st.error().message));
  return std::move(*st);
}

const Decision* decision(const std::vector<Decision>& ds, const std::string& id) {
  for (const Decision& d : ds) {
    if (d.id == id) return &d;
  }
  return nullptr;
}

std::vector<std::string> texts(const Expected<std::vector<Choice>>& cs) {
  std::vector<std::string> out;
  if (cs) {
    for (const Choice& c : *cs) out.push_back(c.text);
  }
  return out;
}

std::string first_error(const State& s, Side side, const std::vector<std::string>& lines) {
  return testing::first_error(s, PlayerId{static_cast<int>(side)}, lines);
}

Played play(const State& s, std::map<Side, std::vector<std::string>> orders,
            std::vector<int> dice) {
  std::map<PlayerId, std::vector<std::string>> by_player;
  for (auto& [side, lines] : orders) by_player[PlayerId{static_cast<int>(side)}] = lines;
  return testing::play_step(s, std::move(by_player), std::move(dice));
}

bool tyre_ground(tyre::Terrain t) {
  return tyre::is_island(t) && t != tyre::Terrain::Beach;
}

bool mainland_ground(tyre::Terrain t) {
  return t == tyre::Terrain::Mainland || t == tyre::Terrain::MainlandPort ||
         t == tyre::Terrain::Mole;
}

bool open_ground(HexId h) {
  static const auto map = tyre::load_map().value();
  return map.terrain(h) == tyre::Terrain::OpenGround;
}

std::string where_is(const State& s, const std::string& id) {
  const std::string bytes = s.serialize();
  for (auto line : text::lines(bytes)) {
    const auto w = text::split(line);
    if (w.size() > 3 && (w[0] == "unit" || w[0] == "lleader") && w[1] == id)
      return std::string(w[2]) + " " + std::string(w[3]);
    if (w.size() > 4 && w[0] == "engine" && w[1] == id)
      return std::string(w[3]) + " " + std::string(w[4]);
  }
  return "";
}

std::string line_of(const State& s, const std::string& prefix) {
  const std::string bytes = s.serialize();
  for (auto line : text::lines(bytes)) {
    if (line.rfind(prefix, 0) == 0) return std::string(line);
  }
  return "";
}

}  // namespace

// ------------------------------------------------------------ tables

TEST_CASE(
    "Tyre 12.0, 12.6: odds are rounded for the defender, below 1-2 nothing, above 7-1 as 7-1") {
  using T = tyre::SiegeTables;
  CHECK(T::melee_column(14, 8) == 1);  // 7 to 4 is 1-1
  CHECK(T::melee_column(6, 8) == 0);   // 3 to 4 is 1-2
  CHECK(T::melee_column(2, 6) == std::nullopt);
  CHECK(T::melee_column(60, 4) == 7);
  const auto t = tyre::load_siege_tables().value();
  CHECK(t.melee(0, 6) == tyre::Result::Disrupted);
  CHECK(t.melee(0, 5) == tyre::Result::None);
  CHECK(t.melee(7, 1) == tyre::Result::Disrupted);
  CHECK(t.melee(7, 4) == tyre::Result::Eliminated);
  CHECK(t.melee(3, 6) == tyre::Result::Retreat);
}

TEST_CASE("Tyre 11.4, 11.5: range attenuation and the fire table as printed") {
  const auto t = tyre::load_siege_tables().value();
  CHECK(t.attenuation("catapult", 3) == 4);
  CHECK(t.attenuation("catapult", 1) == 2);
  CHECK(t.attenuation("cretan", 3) == 3);
  CHECK(t.attenuation("peltast", 3) == 0);  // may not fire at three hexes
  CHECK(t.attenuation("sling", 4) == 0);
  CHECK(t.fire(1, 5) == tyre::Result::Disrupted);
  CHECK(t.fire(4, 6) == tyre::Result::Eliminated);
  CHECK(t.fire(2, 6) == tyre::Result::Retreat);
  CHECK(t.fire(4, 2) == tyre::Result::None);
  CHECK(t.fire(3, 9) == tyre::Result::Retreat);  // above 6 read as 6
  CHECK(t.counter(5).first == tyre::WallEffect::Damaged);
  CHECK(t.counter(6).second == tyre::WallEffect::Eliminated);
  CHECK(t.counter(4).first == tyre::WallEffect::None);
}

TEST_CASE("Tyre 17.1: the armies as the rules count them") {
  const auto army = tyre::load_army().value();
  std::map<std::string, int> count;
  for (const auto& u : army.units) ++count[u.contingent];
  CHECK(count["Macedon"] == 14);
  CHECK(count["Allies"] == 19);
  CHECK(count["Mercenaries"] == 10);
  CHECK(count["Royals"] == 5);
  CHECK(count["Marines"] == 6);
  CHECK(count["Militia"] == 10);
  int catapults = 0, rams = 0, towers = 0, tyrian = 0;
  for (const auto& e : army.engines) {
    catapults += e.kind == tyre::EngineKind::Catapult;
    rams += e.kind == tyre::EngineKind::Ram;
    towers += e.kind == tyre::EngineKind::Tower;
    tyrian += e.kind == tyre::EngineKind::TyrianCatapult;
  }
  CHECK(catapults == 4);  // 14.21
  CHECK(rams == 4);
  CHECK(towers == 2);  // 17.1
  CHECK(tyrian == 4);  // 14.22
  // The default deployment is legal: every piece on its side of the water.
  const auto map = tyre::load_map().value();
  for (const auto& u : army.units) {
    const auto t = map.terrain(army.deploy.at(u.id));
    if (u.side == Side::Tyrian)
      CHECK_MESSAGE(tyre_ground(t), u.id);
    else
      CHECK_MESSAGE(mainland_ground(t), u.id);
  }
}

// ------------------------------------------------------------ 11.3 worked examples

TEST_CASE(
    "Tyre 11.3 worked example A: both units must enter the same hex first, so both are "
    "eliminated") {
  for (const int version : {1, 2, 3}) {
    CAPTURE(version);
    const RulesVersion rules{version};
    // The Tyrian Marine at a and the Macedonian Guard Archer at b (two hexes
    // apart) have retreat results; every other hex next to each is sea or
    // controlled by an enemy unit that is not retreating; the one way out of
    // both is the hex c between them (11.32).
    TestBoard b;
    const HexId a = at("1010"), c = hex::neighbour(a, Dir::SE), bb = hex::neighbour(c, Dir::SE);
    const HexId a2 = hex::neighbour(a, Dir::N), b2 = hex::neighbour(bb, Dir::S);
    const HexId mac_blocker = hex::neighbour(a2, Dir::N), tyr_blocker = hex::neighbour(b2, Dir::S);
    for (HexId h : {a, c, bb, a2, b2, mac_blocker, tyr_blocker}) b.land.insert(h);
    REQUIRE(hex::distance(mac_blocker, c) > 1);
    REQUIRE(hex::distance(tyr_blocker, c) > 1);
    b.units = {{a, Side::Tyrian},
               {bb, Side::Macedonian},
               {mac_blocker, Side::Macedonian},
               {tyr_blocker, Side::Tyrian}};
    const std::vector<tyre::Retreat> both{{"Marines", Side::Tyrian, a, 1, false},
                                          {"Guard Archers", Side::Macedonian, bb, 1, false}};
    const auto out = tyre::retreat_simultaneously(b, both, {}, rules);
    CHECK(out.paths.empty());
    REQUIRE(out.eliminated.size() == 2);
    CHECK(has(out.eliminated.at("Marines"), "11.32"));
  }
}

TEST_CASE("Tyre 11.3 worked example B, 11.31: a retreating unit controls only the hex it leaves") {
  for (const int version : {1, 2, 3}) {
    CAPTURE(version);
    const RulesVersion rules{version};
    // The Marine at a and the Archer at b are adjacent; the Marine's way out p
    // is next to b, the Archer's way out q next to a. Each is in the other's
    // zone of control at the start of the segment, yet both may retreat.
    TestBoard b;
    const HexId a = at("1010"), bb = hex::neighbour(a, Dir::SE);
    const HexId p = hex::neighbour(a, Dir::NE), q = hex::neighbour(a, Dir::S);
    REQUIRE(hex::distance(p, bb) == 1);
    REQUIRE(hex::distance(q, bb) == 1);
    const HexId tyr_friend = hex::neighbour(p, Dir::NE);  // controls p against the Archer
    const HexId mac_friend = hex::neighbour(q, Dir::SW);  // controls q against the Marine
    REQUIRE(hex::distance(tyr_friend, q) > 1);
    REQUIRE(hex::distance(mac_friend, p) > 1);
    for (HexId h : {a, bb, p, q, tyr_friend, mac_friend}) b.land.insert(h);
    b.units = {{a, Side::Tyrian},
               {bb, Side::Macedonian},
               {tyr_friend, Side::Tyrian},
               {mac_friend, Side::Macedonian}};
    const std::vector<tyre::Retreat> both{{"Marines", Side::Tyrian, a, 1, false},
                                          {"Guard Archers", Side::Macedonian, bb, 1, false}};
    const auto out = tyre::retreat_simultaneously(b, both, {}, rules);
    CHECK(out.eliminated.empty());
    CHECK(out.paths.at("Marines") == std::vector<HexId>{p});
    CHECK(out.paths.at("Guard Archers") == std::vector<HexId>{q});
    // Had the Archer stood fast, p would be in its zone: the Marine is lost.
    const auto alone = tyre::retreat_simultaneously(b, {both[0]}, {}, rules);
    CHECK(alone.eliminated.count("Marines") == 1);
  }
}

TEST_CASE(
    "Tyre 11.31 worked example B (rules 3): each retreating unit controls only the hex it has "
    "just left, also where a wall's entry asks for a zone of control (9.24)") {
  // The Tyrian Marine on the wall at a and the Macedonian Guard Archer below
  // it at bb fire at each other and both must retreat two hexes. The Archer's
  // only way out is onto the wall at w, beside (not into) the hex a the Marine
  // leaves; a Macedonian on the wall at m2 keeps the Marine off w, so that no
  // hex is wanted by both (11.32). The Marine leaves the wall northwards.
  TestBoard b;
  const HexId a = at("1010"), bb = hex::neighbour(a, Dir::SE), w = hex::neighbour(a, Dir::S);
  const HexId m2 = hex::neighbour(w, Dir::S), w_out = hex::neighbour(w, Dir::SW);
  const HexId n1 = hex::neighbour(a, Dir::N), n2 = hex::neighbour(n1, Dir::N);
  REQUIRE(hex::distance(w, bb) == 1);
  REQUIRE(hex::distance(w_out, bb) == 2);
  REQUIRE(hex::distance(w_out, a) == 2);
  REQUIRE(hex::distance(m2, a) == 2);
  b.walls = {a, w, m2};
  b.land = {bb, w_out, n1, n2};
  b.units = {{a, Side::Tyrian}, {bb, Side::Macedonian}, {m2, Side::Macedonian}};
  const std::vector<tyre::Retreat> both{{"Marines", Side::Tyrian, a, 2, false},
                                        {"Guard Archers", Side::Macedonian, bb, 2, true}};
  const auto out = tyre::retreat_simultaneously(b, both, {}, RulesVersion{3});
  CHECK(out.eliminated.empty());
  CHECK(out.paths.at("Marines") == std::vector<HexId>{n1, n2});
  CHECK(out.paths.at("Guard Archers") == std::vector<HexId>{w, w_out});
  // Had the Marine stood fast on the wall, w would be in its zone: no
  // Macedonian may enter it from off the wall (9.24), and the Archer is lost.
  const auto alone = tyre::retreat_simultaneously(b, {both[1]}, {}, RulesVersion{3});
  REQUIRE(alone.eliminated.count("Guard Archers") == 1);
  CHECK(has(alone.eliminated.at("Guard Archers"), "11.24"));
  // Rules 1 and 2 (stored games) counted the retreating Marine's zone there.
  for (const int version : {1, 2}) {
    CAPTURE(version);
    const auto old = tyre::retreat_simultaneously(b, both, {}, RulesVersion{version});
    REQUIRE(old.eliminated.count("Guard Archers") == 1);
    CHECK(has(old.eliminated.at("Guard Archers"), "no hex to retreat into (11.24)"));
    CHECK(old.paths.at("Marines") == std::vector<HexId>{n1, n2});
  }
}

TEST_CASE("Tyre rules versions: new games are created under version 4, 1 to 3 still play") {
  CHECK(tyre_game().rules_version() == RulesVersion{4});
  CHECK(tyre_game().oldest_rules_version() == RulesVersion{1});
  for (const int version : {1, 2, 3, 4}) {
    for (const char* scenario : {"siege", "naval"}) {
      auto g = tyre_game().new_game(scenario, 2, RulesVersion{version});
      REQUIRE(g.has_value());
      CHECK(tyre_game().deserialize((*g)->serialize(), RulesVersion{version}).has_value());
    }
  }
  CHECK_FALSE(tyre_game().new_game("siege", 2, RulesVersion{5}).has_value());
}

TEST_CASE(
    "Tyre 11.3 (rules 2): friends retreating at once share out the free hexes, whatever their "
    "names") {
  // Two Tyrian units retreat one hex. The first may go to h or k, the second
  // only to h. Under rules 1 the unit named first took its best hex, h, and
  // the other was lost; under rules 2 the unit with fewer choices chooses first.
  TestBoard b;
  const HexId a = at("1010"), h = hex::neighbour(a, Dir::S), c = hex::neighbour(h, Dir::S);
  const HexId k = hex::neighbour(a, Dir::SE);
  REQUIRE(h < k);
  REQUIRE(hex::distance(k, c) > 1);
  for (HexId x : {a, h, c, k}) b.land.insert(x);
  b.units = {{a, Side::Tyrian}, {c, Side::Tyrian}};
  for (const auto& [first, second] :
       {std::pair<std::string, std::string>{"Alpha", "Beta"}, {"Beta", "Alpha"}}) {
    const std::vector<tyre::Retreat> both{{first, Side::Tyrian, a, 1, false},
                                          {second, Side::Tyrian, c, 1, false}};
    const auto out = tyre::retreat_simultaneously(b, both, {}, kV2);
    CHECK(out.eliminated.empty());
    CHECK(out.paths.at(first) == std::vector<HexId>{k});
    CHECK(out.paths.at(second) == std::vector<HexId>{h});
  }
  const std::vector<tyre::Retreat> v1{{"Alpha", Side::Tyrian, a, 1, false},
                                      {"Beta", Side::Tyrian, c, 1, false}};
  CHECK(tyre::retreat_simultaneously(b, v1, {}, RulesVersion{1}).eliminated.count("Beta") == 1);
}

TEST_CASE("Tyre 11.24: a retreat runs its full length, one hex farther each step, or eliminates") {
  TestBoard b;
  HexId h = at("1010");
  std::vector<HexId> row;
  for (int i = 0; i < 4; ++i, h = hex::neighbour(h, Dir::S)) {
    b.land.insert(h);
    row.push_back(h);
  }
  b.units = {{row[0], Side::Tyrian}};
  auto out =
      tyre::retreat_simultaneously(b, {{"Militia", Side::Tyrian, row[0], 3, false}}, {}, kV2);
  CHECK(out.paths.at("Militia") == std::vector<HexId>{row[1], row[2], row[3]});
  out = tyre::retreat_simultaneously(b, {{"Militia", Side::Tyrian, row[0], 4, false}}, {}, kV2);
  CHECK(out.eliminated.count("Militia") == 1);  // the fourth hex is sea
}

TEST_CASE(
    "Tyre 11.11, 11.12, 8.24: walls block the line of sight / fire units aboard fire and are fired "
    "at") {
  CHECK(tyre_game().new_game("siege", 2).value()->step().label ==
        "Turn 1: Macedonian deployment (17.1)");
  auto s = siege(
      Setup{"fire",
            1,
            1,
            "assault",
            {{"Mar5", "hex 3720"}, {"Mar1", "hex 3721"}, {"Gd1", "ship A1"}, {"Hyp1", "ship A1"}},
            {{"A1", "3722 N full"}},
            {}});
  CHECK(has(first_error(*s, Side::Tyrian, {"Mar5: fire 3722"}), "line of sight"));  // across 3721
  CHECK(first_error(*s, Side::Tyrian, {"Mar1: fire 3722"}) == "");
  CHECK(first_error(*s, Side::Macedonian, {"Gd1: fire 3721"}) == "");
  // 3722 holds Gd1 (fire unit, exposed) and Hyp1 (melee unit, below deck).
  auto r = play(*s, {{Side::Tyrian, {"Mar1: fire 3722"}}, {Side::Macedonian, {"Gd1: fire 3721"}}},
                {6, 6});
  CHECK(has(r.events, "Mar1 fires at 3722: rating 3, roll 6: retreat"));
  CHECK(has(r.events, "Gd1 fires at 3721: rating 4, roll 6 -1: retreat"));  // -1: target in a wall
  CHECK(has(r.events, "Gd1 is aboard A1 and stays there (8.34)"));
  CHECK(!has(r.events, "Hyp1"));
  CHECK(has(r.events, "Mar1 retreats 3721 -> "));
}

// ------------------------------------------------------------ planning (4.0 1)

TEST_CASE("Tyre 4.0 1A, 14.3, addenda 14.31: secret plans and six Engineer Points") {
  auto s = siege(Setup{"allocation", 1, 1, "-", {}, {}, {"wall 3721 3"}});
  const auto info = s->step();
  CHECK(info.to_order.size() == 2);  // both plan at once; the server keeps them secret
  CHECK(has(first_error(*s, Side::Macedonian, {"bombard", "assault"}), "one plan"));
  CHECK(has(first_error(*s, Side::Macedonian, {"build catapult", "build ram"}), "14.21"));
  CHECK(has(first_error(*s, Side::Tyrian, {"boulders 3620", "boulders 4020", "boulders 2909"}),
            "four"));
  CHECK(has(
      first_error(*s, Side::Tyrian,
                  {"repair wall 3721", "repair wall 3721", "repair wall 3721", "repair wall 3721",
                   "repair wall 3721", "repair wall 3721", "repair wall 3721"}),
      "six Engineer Points"));
  CHECK(has(first_error(*s, Side::Tyrian, {"repair wall 3821"}), "not damaged"));
  // Mole roll 5 (14.12: 4-6), then two wall repairs rolled 6 and 4 (7.7).
  auto r = play(*s,
                {{Side::Macedonian, {"ASSAULT", "build ram"}},
                 {Side::Tyrian, {"repair wall 3721", "repair wall 3721", "boulders 3620"}}},
                {5, 6, 4});
  CHECK(has(r.events, "the Macedonian plans to assault"));
  CHECK(has(r.events, "the mole is extended to 3823 (14.12"));
  CHECK(has(r.events, "builds a battering ram, Ram5"));
  CHECK(has(r.events, "breach damage 3 -> 1 (7.7)"));
  CHECK(has(r.events, "breach damage 1 -> 0 (7.7)"));
  CHECK(has(r.events, "boulders are dropped into the beach at 3620"));
  CHECK(r.next->step().label == "Turn 1: Macedonian strategic movement (9.16)");
  CHECK(line_of(*r.next, "mole ") == "mole 3823");
  CHECK(line_of(*r.next, "wall ") == "");
}

TEST_CASE("Tyre 8.11, 8.12, 9.16: loading in the mainland harbour, by the plan of the turn") {
  Setup st{"mac-strategic",
           2,
           1,
           "bombard",
           {{"Hyp1", "hex 3532"}},
           {{"A3", "3531 N full"}, {"A4", "3031 N damaged"}},
           {}};
  st.pieces["Cat1"] = "off -";
  auto s = siege(st);
  CHECK(first_error(*s, Side::Macedonian, {"load Cat1 on A3"}) == "");
  CHECK(has(first_error(*s, Side::Macedonian, {"load Cat1 on A4"}), "8.11"));
  CHECK(has(first_error(*s, Side::Macedonian, {"load Hyp1 on A3"}), "8.12"));
  st.plan = "assault";
  s = siege(st);
  CHECK(first_error(*s, Side::Macedonian, {"load Hyp1 on A3"}) == "");
  CHECK(has(first_error(*s, Side::Macedonian, {"load Cat1 on A3"}), "8.22"));
}

// ------------------------------------------------------------ bombardment (7.0)

TEST_CASE(
    "Tyre 7.1, 7.4, 7.5, 7.15: catapults bombard at four hexes, rams batter facing the wall") {
  const HexId sea = at("3621");
  const Dir to_wall = *hex::direction_to(sea, at("3721"));
  Setup st{"mac-bombard",
           2,
           1,
           "bombard",
           {{"Cat1", "ship A1"}, {"Ram1", "ship A2"}},
           {{"A1", "3722 N full"}, {"A2", std::string("3621 ") + hex::name(to_wall) + " full"}},
           {}};
  auto s = siege(st);
  CHECK(has(first_error(*s, Side::Macedonian, {"A1: bombard 3808"}), "7.1"));  // not a wall
  CHECK(has(first_error(*s, Side::Macedonian, {"A2: batter 3821"}), "facing"));
  CHECK(has(first_error(*s, Side::Macedonian, {"A1: batter 3721"}), "no battering ram"));
  auto r = play(*s, {{Side::Macedonian, {"A1: bombard 3721", "A2: batter 3721"}}}, {6, 6});
  CHECK(has(r.events, "Cat1 on A1 bombards 3721: 2 breach point(s), damage 0 -> 2 (7.4)"));
  CHECK(has(r.events, "Ram1 on A2 batters 3721: 3 breach point(s), damage 2 -> 5 (7.5)"));
  CHECK(line_of(*r.next, "wall 3721") == "wall 3721 5");
}

TEST_CASE(
    "Tyre 7.15, 7.12: six breach points breach a wall / a catapult keeps its wall for the turn") {
  Setup st{"mac-bombard",  2, 1, "bombard", {{"Cat1", "ship A1"}}, {{"A1", "3722 N full"}},
           {"wall 3721 5"}};
  auto s = siege(st);
  auto r = play(*s, {{Side::Macedonian, {"A1: bombard 3721"}}}, {3});
  CHECK(has(r.events, "damage 5 -> 6 (7.4); the wall is BREACHED (7.15)"));
  CHECK(line_of(*r.next, "wall 3721") == "wall 3721 6");
  // Next impulse, Cat1 may fire again, but only at 3721 (7.12).
  const std::string next = r.next->step().label;
  CHECK(next.find("Turn 2, impulse 2") == 0);
}

TEST_CASE("Tyre 7.2, 7.6, 8.13: counter-bombardment damages the ship and destroys its catapult") {
  Setup st{"tyr-bombard",
           2,
           1,
           "bombard",
           {{"Cat1", "ship A1"}, {"TCat1", "hex 3721"}, {"TCat2", "hex 3808"}},
           {{"A1", "3722 N full"}},
           {}};
  auto s = siege(st);
  CHECK(has(first_error(*s, Side::Tyrian, {"TCat2: fire A1"}), "7.22"));
  auto r = play(*s, {{Side::Tyrian, {"TCat1: fire A1"}}}, {5});
  CHECK(has(r.events, "TCat1 fires at A1: ship damaged, cargo eliminated (7.6)"));
  CHECK(has(r.events, "A1 is damaged"));
  CHECK(where_is(*r.next, "Cat1") == "dead -");
}

// ------------------------------------------------------------ the assault (8.3, 9.0, 10.0)

TEST_CASE("Tyre 8.31, 9.31, 14.31: the first landing rolls for grounding / boulders add two") {
  Setup st{"mac-land",
           1,
           1,
           "assault",
           {{"Hyp1", "ship A3"}, {"Hyp2", "ship A3"}},
           {{"A3", "3621 N full"}},
           {"wall 3721 6"}};
  auto s = siege(st);
  auto r = play(*s, {{Side::Macedonian, {"Hyp1: to 3620"}}}, {3});
  CHECK(has(r.events, "A3 is beached safely at 3620 (8.31: 3 > grounding 2)"));
  CHECK(where_is(*r.next, "Hyp1") == "hex 3620");
  CHECK(has(first_error(*s, Side::Macedonian, {"Hyp1: to 3620", "Hyp2: to 3620"}), "9.51"));
  st.more.push_back("boulders 3620");
  r = play(*siege(st), {{Side::Macedonian, {"Hyp1: to 3620"}}}, {3});
  CHECK(has(r.events, "A3 runs aground landing troops at 3620 (3 <= grounding 4)"));
  CHECK(where_is(*r.next, "Hyp1") == "dead -");
  CHECK(where_is(*r.next, "Hyp2") == "dead -");  // 8.23
}

TEST_CASE(
    "Tyre 14.31 (rules 2): boulders add two to the grounding number for every ship entering") {
  // A Tyrian ship sails into the beach 3620 (grounding 2) mined with boulders.
  const auto map = tyre::load_map().value();
  const HexId beach = at("3620");
  std::string from;
  for (int d = 0; d < 6 && from.empty(); ++d) {
    const HexId n = hex::neighbour(beach, static_cast<Dir>(d));
    if (map.navigable(n) && map.terrain(n) != tyre::Terrain::Beach)
      from = hex::format_hex(n) + " " + hex::name(hex::opposite(static_cast<Dir>(d)));
  }
  REQUIRE_FALSE(from.empty());
  Setup st{"first-movement", 1, 1, "bombard", {{"Hanno", "ship T2"}}, {{"T2", from + " full"}},
           {"boulders 3620"}};
  auto r = play(*siege(st), {{Side::Tyrian, {"T2: move 1"}}}, {3, 1});
  CHECK(has(r.events,
            "T2 runs aground at 3620 and is destroyed (9.31, 14.31 boulders: 3 <= "
            "grounding 4)"));
  st.rules = 1;  // rules 1 counted boulders only for a landing (8.31)
  r = play(*siege(st), {{Side::Tyrian, {"T2: move 1"}}}, {3});
  CHECK(has(r.events, "T2 enters the beach at 3620 safely (9.31)"));
}

TEST_CASE(
    "Tyre 9.31 (rules 2): only ships not carrying land units go round by 2801 without a roll") {
  Setup st{"first-movement",         1, 2, "bombard", {{"Enylus", "ship A1"}, {"Hyp1", "ship A1"}},
           {{"A1", "2702 NE full"}}, {}};
  auto r = play(*siege(st), {{Side::Macedonian, {"A1: move 1"}}}, {6});
  CHECK(has(r.events, "A1 enters the beach at 2801 safely (9.31)"));
  CHECK(has(r.events, "(1 of "));
  st.pieces.erase("Hyp1");  // no troops aboard: two Movement Points and no roll
  r = play(*siege(st), {{Side::Macedonian, {"A1: move 1"}}}, {});
  CHECK(has(r.events, "(2 of "));
  st.pieces["Hyp1"] = "ship A1";
  st.rules = 1;  // rules 1 let a transport go round too
  r = play(*siege(st), {{Side::Macedonian, {"A1: move 1"}}}, {});
  CHECK(has(r.events, "(2 of "));
}

TEST_CASE("Tyre 8.33, 9.25, 9.22: from a beach only into a breach / no climbing primary walls") {
  Setup st{"mac-land", 1, 1, "assault", {{"Hyp1", "hex 3620"}}, {}, {}};
  auto s = siege(st);
  CHECK(has(first_error(*s, Side::Macedonian, {"Hyp1: 3721"}), "may not move"));
  CHECK(has(first_error(*s, Side::Macedonian, {"Hyp1: 3720"}), "may not move"));  // 8.33
  st.more = {"wall 3721 6"};
  s = siege(st);
  CHECK(first_error(*s, Side::Macedonian, {"Hyp1: 3721"}) == "");
  auto r = play(*s, {{Side::Macedonian, {"Hyp1: 3721"}}}, {});
  CHECK(where_is(*r.next, "Hyp1") == "hex 3721");
}

TEST_CASE("Tyre 8.32: units wade ashore into a breach, or go back to their ship") {
  Setup st{"mac-land",
           1,
           1,
           "assault",
           {{"Hyp1", "ship A1"}, {"Diades", "ship A1"}, {"Mar1", "hex 3721"}},
           {{"A1", "3622 N full"}},
           {"wall 3721 6"}};
  auto s = siege(st);
  // The breach is held: Hyp1 wades into 3722 and must take 3721 or go back.
  auto r = play(*s, {{Side::Macedonian, {"Hyp1: 3722"}}}, {});
  CHECK(where_is(*r.next, "Hyp1") == "hex 3722");
  st.pieces.erase("Mar1");
  s = siege(st);
  CHECK(first_error(*s, Side::Macedonian, {"Hyp1: 3722 3721"}) == "");
}

TEST_CASE(
    "Tyre 8.32: from a ship in the all-sea hex next to the breach, 'to' the breach and beyond "
    "wades in the ship's own hex first, as the path given hex by hex does") {
  Setup st{"mac-land",
           1,
           1,
           "assault",
           {{"Hyp1", "ship A1"}, {"Diades", "ship A1"}},
           {{"A1", "3722 N full"}},
           {"wall 3721 6"}};
  auto s = siege(st);
  REQUIRE(first_error(*s, Side::Macedonian, {"Hyp1: 3722 3721"}) == "");
  CHECK(first_error(*s, Side::Macedonian, {"Hyp1: to 3721"}) == "");
  auto r = play(*s, {{Side::Macedonian, {"Hyp1: to 3721"}}}, {});
  CHECK(where_is(*r.next, "Hyp1") == "hex 3721");
  CHECK(has(r.events, "Hyp1 moves 3722 (from A1) -> 3721"));
  // A leader marches his whole allowance (15.12) through the breach.
  std::optional<HexId> beyond;
  for (int d = 0; d < 6 && !beyond; ++d)
    if (open_ground(hex::neighbour(at("3721"), static_cast<Dir>(d))))
      beyond = hex::neighbour(at("3721"), static_cast<Dir>(d));
  REQUIRE(beyond);
  r = play(*s, {{Side::Macedonian, {"Diades: to " + hex::format_hex(*beyond)}}}, {});
  CHECK(where_is(*r.next, "Diades") == "hex " + hex::format_hex(*beyond));
}

TEST_CASE("Tyre 10.21, 10.22: zones of control stop movement") {
  const HexId a = at("4310"), b = hex::neighbour(a, Dir::SE), foe = hex::neighbour(b, Dir::SE);
  const HexId beyond = hex::neighbour(b, Dir::S);
  for (HexId h : {a, b, foe, beyond}) REQUIRE(open_ground(h));
  Setup st{"tyr-land",
           1,
           1,
           "assault",
           {{"Mil1", "hex " + hex::format_hex(a)}, {"Hyp1", "hex " + hex::format_hex(foe)}},
           {},
           {}};
  auto s = siege(st);
  const std::string step_in = "Mil1: " + hex::format_hex(b);
  CHECK(has(first_error(*s, Side::Tyrian, {step_in + " " + hex::format_hex(beyond)}), "10.21"));
  CHECK(first_error(*s, Side::Tyrian, {step_in}) == "");
  // 10.22: starting in the zone, the first hex may not be in it too.
  st.pieces["Mil1"] = "hex " + hex::format_hex(b);
  s = siege(st);
  CHECK(
      has(first_error(*s, Side::Tyrian, {"Mil1: " + hex::format_hex(hex::neighbour(foe, Dir::N))}),
          "10.2"));
}

// ------------------------------------------------------------ land melee (12.0, 15.0)

TEST_CASE(
    "Tyre 15.23 worked example: a 3 for the attacker and a 2 for the defender turn a 4 into a 5") {
  // Charious (morale 3) commands the mercenary Agr1; Coyle (morale 2) the
  // militia Mil1; 2 against 2 is 1-1, where a 4 does nothing and a 5 disrupts.
  const HexId target = at("4213");
  const HexId attacker = hex::neighbour(target, Dir::NE);
  const HexId charious = hex::neighbour(attacker, Dir::N);
  const HexId coyle = hex::neighbour(target, Dir::SW);
  for (HexId h : {target, attacker, charious, coyle}) REQUIRE(open_ground(h));
  Setup st{"mac-melee",
           1,
           1,
           "assault",
           {{"Mil1", "hex " + hex::format_hex(target)},
            {"Agr1", "hex " + hex::format_hex(attacker)},
            {"Charious", "hex " + hex::format_hex(charious)},
            {"Coyle", "hex " + hex::format_hex(coyle)}},
           {},
           {}};
  auto s = siege(st);
  auto r = play(*s, {{Side::Macedonian, {"Agr1: attack " + hex::format_hex(target)}}}, {4});
  CHECK(has(r.events, "1-1, roll 4 +3 -2 army 0 = 5: disrupted (12.6)"));
  CHECK(has(r.events, "Mil1 is disrupted"));
}

TEST_CASE("Tyre 12.16, 9.28, 12.5: walls double defenders / attackers advance into vacated hexes") {
  const HexId wall = at("3721");
  Setup st{"mac-melee", 1, 1, "assault", {{"Mar1", "hex 3721"}, {"Hyp1", "hex 3620"}}, {}, {}};
  auto s = siege(st);
  CHECK(has(first_error(*s, Side::Macedonian, {"Hyp1: attack 3721"}), "12.16"));
  st.more = {"wall 3721 6"};
  s = siege(st);
  // Hyp1 (5, halved in the beach: 2.5) against Mar1 (4, doubled in the breach: 8): below 1-2.
  auto r = play(*s, {{Side::Macedonian, {"Hyp1: attack 3721"}}}, {6});
  CHECK(has(r.events, "(2.5) attack Mar1 at 3721 (8, doubled by terrain): below 1-2"));
  // Two units against a lone militia in the open: 10 to 2 is 5-1; a 6 eliminates.
  Setup open{"mac-melee",
             1,
             1,
             "assault",
             {{"Mil1", "hex 4213"},
              {"Hyp1", "hex " + hex::format_hex(hex::neighbour(at("4213"), Dir::N))},
              {"Hyp2", "hex " + hex::format_hex(hex::neighbour(at("4213"), Dir::S))}},
             {},
             {}};
  r = play(*siege(open), {{Side::Macedonian, {"Hyp1 Hyp2: attack 4213, advance Hyp2"}}}, {6});
  CHECK(has(r.events, "(10) attack Mil1 at 4213 (2): 5-1"));
  CHECK(has(r.events, "Mil1 is eliminated"));
  CHECK(has(r.events, "Hyp2 advances into 4213 (12.5)"));
  (void)wall;
}

// ------------------------------------------------------------ victory (18.0)

TEST_CASE("Tyre 18.1, 12.31, 12.34: holding the Temple and the Agenorium wins at once") {
  const HexId temple = at("3808"), agenorium = at("4011");
  Setup st{"mac-land",
           3,
           4,
           "assault",
           {{"Hyp1", "hex " + hex::format_hex(hex::neighbour(temple, Dir::S))},
            {"Hyp2", "hex " + hex::format_hex(hex::neighbour(agenorium, Dir::N))},
            {"Mil1", "hex 3210"}},
           {},
           {}};
  auto s = siege(st);
  auto r = play(*s, {{Side::Macedonian, {"Hyp1: 3808", "Hyp2: 4011"}}}, {});
  CHECK(has(r.events, "Macedonian army morale +1 (12.31)"));
  CHECK(has(r.events, "Tyrian army morale -1 (12.34)"));
  const auto info = r.next->step();
  CHECK(info.game_over);
  REQUIRE(info.winners.size() == 1);
  CHECK(info.winners[0].value == 1);
  CHECK(has(info.result, "Macedonian victory"));
  // The result survives a round trip through the serialised state.
  auto again = tyre_game().deserialize(r.next->serialize()).value();
  CHECK(again->step().result == info.result);
}

TEST_CASE("Tyre 18.2: neither objective held after the tenth impulse is a Tyrian victory") {
  Setup st{"tyr-land", 3, 10, "assault", {{"Mil1", "hex 3210"}, {"Hyp1", "hex 3533"}}, {}, {}};
  auto s = siege(st);
  auto r = play(*s, {{Side::Tyrian, {}}}, {});
  const auto info = r.next->step();
  CHECK(info.game_over);
  CHECK(info.winners.at(0).value == 0);
  CHECK(has(info.result, "tenth impulse"));
}

TEST_CASE("Tyre 14.42, 14.43: the fireship burns the siege towers it ends next to, and is spent") {
  Setup st{
      "first-movement",        2, 1, "bombard", {{"Tower1", "hex 3724"}, {"Tower2", "hex 3824"}},
      {{"F", "3622 SE full"}}, {}};
  auto s = siege(st);
  CHECK(has(first_error(*s, Side::Tyrian, {"F: enter 3316 facing S"}), "already on the map"));
  auto r = play(*s, {{Side::Tyrian, {"F: move 1"}}}, {});
  CHECK(has(r.events, "the fireship burns the siege tower Tower1 (14.42)"));
  CHECK(has(r.events, "the fireship is spent (14.43)"));
  CHECK(where_is(*r.next, "Tower1") == "dead -");
  CHECK(where_is(*r.next, "Tower2") == "hex 3824");  // 3723 is not next to 3824
}

TEST_CASE("Tyre 4.0 3D, addenda 8.21 and 13.41: catapults against transports") {
  Setup st{"assault-bombard",
           1,
           1,
           "assault",
           {{"TCat1", "hex 3721"}, {"Hyp1", "ship A3"}, {"Gd1", "ship A3"}},
           {{"A3", "3722 N full"}},
           {}};
  auto s = siege(st);
  auto r = play(*s, {{Side::Tyrian, {"TCat1: fire A3"}}}, {5});
  CHECK(has(r.events, "A3 is damaged"));
  CHECK(has(r.events, "a damaged ship carries one land unit (8.21, addenda)"));
  // TCat1 has fired at a ship this impulse: not again in the fire segment.
  CHECK(!has(r.next->step().label, "fire combat"));
}

TEST_CASE(
    "Tyre Leader Loss Procedure, addenda 15.41: 1-5 escapes, 6 then 6 kills, 6 then N wounds") {
  const HexId target = at("4213");
  const HexId a1 = hex::neighbour(target, Dir::N), a2 = hex::neighbour(target, Dir::S);
  const HexId refuge = at("4410");
  REQUIRE(open_ground(refuge));
  Setup st{"mac-melee",
           1,
           1,
           "assault",
           {{"Mil1", "hex 4213"},
            {"Coyle", "hex 4213"},
            {"Mil2", "hex 4410"},
            {"Hyp1", "hex " + hex::format_hex(a1)},
            {"Hyp2", "hex " + hex::format_hex(a2)}},
           {},
           {"unit Mil1 hex 4213 1 -"}};  // already disrupted
  // 10 against 2 + 2 (Coyle's bonus) is 2-1; a 6, less Coyle's morale 2, is a 4:
  // disrupted again, so eliminated (12.6), and Coyle undergoes the procedure.
  const std::string attack = "Hyp1 Hyp2: attack 4213";
  auto r = play(*siege(st), {{Side::Macedonian, {attack}}}, {6, 3});
  CHECK(has(r.events, "Coyle escapes unharmed to the unit at 4410 (15.41: 1-5)"));
  r = play(*siege(st), {{Side::Macedonian, {attack}}}, {6, 6, 6});
  CHECK(has(r.events, "Coyle is killed: two 6s in succession"));
  r = play(*siege(st), {{Side::Macedonian, {attack}}}, {6, 6, 2});
  CHECK(has(r.events, "Coyle is wounded and out of play until Game-Turn 3"));
}

// ------------------------------------------------------------ orders choice by choice

TEST_CASE("Tyre choices 7.31, 7.32: more than one Engineer Point on the same wall hex") {
  auto s = siege(Setup{"allocation", 1, 1, "-", {}, {}, {"wall 3721 3"}});
  const PlayerId tyrian{static_cast<int>(Side::Tyrian)};
  const auto ds = s->decisions(tyrian);
  // A decision for each point the wall may take, up to the six of a turn (14.3).
  for (const char* id : {"3721", "3721#2", "3721#6"}) CHECK(decision(ds, id) != nullptr);
  CHECK(decision(ds, "3721#7") == nullptr);
  const Decision* second = decision(ds, "3721#2");
  REQUIRE(second != nullptr);
  CHECK(second->cells == std::vector<std::string>{"3721"});
  CHECK(has(second->otherwise, "7.31"));
  const auto ways = s->choices(tyrian, "3721#2", {});
  REQUIRE(ways.has_value());
  REQUIRE(ways->size() == 1);
  CHECK((*ways)[0].complete);
  CHECK((*ways)[0].last);
  const std::string line = line_of(*second, {(*ways)[0].text});
  CHECK(line == "repair wall 3721");
  // The first point and the second are each the same line, as typed (7.32:
  // one roll for each); the two validate together and roll twice.
  const std::string first = line_of(*decision(ds, "3721"), texts(s->choices(tyrian, "3721", {})));
  CHECK(first == line);
  CHECK(s->validate(tyrian, {first, line}).has_value());
  auto r = play(*s, {{Side::Tyrian, {first, line}}}, {1, 6, 4});
  CHECK(has(r.events, "breach damage 3 -> 1 (7.7)"));
  CHECK(has(r.events, "breach damage 1 -> 0 (7.7)"));
}

TEST_CASE("Tyre choices 14.32, 14.31: a ship is taken out for repair once, a beach mined once") {
  auto s = siege(Setup{"allocation", 1, 1, "-", {}, {{"T4", "3305 N damaged"}}, {}});
  const PlayerId tyrian{static_cast<int>(Side::Tyrian)};
  const auto ds = s->decisions(tyrian);
  REQUIRE(decision(ds, "T4") != nullptr);
  REQUIRE(decision(ds, "3620") != nullptr);
  // One decision each: a second pair of points is not offered ...
  for (const Decision& d : ds) CHECK(d.id.rfind("T4#", 0) != 0);
  for (const Decision& d : ds) CHECK(d.id.rfind("3620#", 0) != 0);
  CHECK(line_of(*decision(ds, "T4"), texts(s->choices(tyrian, "T4", {}))) == "repair ship T4");
  // ... and refused when typed.
  CHECK(first_error(*s, Side::Tyrian, {"repair ship T4"}) == "");
  CHECK(has(first_error(*s, Side::Tyrian, {"repair ship T4", "repair ship T4"}),
            "already taken out for repair (14.32)"));
  CHECK(has(first_error(*s, Side::Tyrian, {"boulders 3620", "boulders 3620"}),
            "already given boulders this Game-Turn (14.31)"));
}

TEST_CASE(
    "Tyre choices 8.0, 8.11, 8.21, 16.42: a Macedonian naval leader goes aboard another ship") {
  Setup st{"mac-strategic",
           2,
           1,
           "bombard",
           {{"Enylus", "ship A1"}, {"Gerostratus", "ship A8"}, {"Cat1", "ship A4"}},
           {{"A1", "3531 N full"},
            {"A3", "3031 N full"},
            {"A4", "2531 N full"},
            {"A8", "2031 N full"},
            {"A9", "2010 N full"}},
           {}};
  auto s = siege(st);
  const PlayerId mac{static_cast<int>(Side::Macedonian)};
  const auto ds = s->decisions(mac);
  const Decision* enylus = decision(ds, "Enylus");
  REQUIRE(enylus != nullptr);
  CHECK(enylus->cells == std::vector<std::string>{"3531"});
  CHECK(has(enylus->label, "naval leader 2-2-4"));
  CHECK(has(enylus->label, "aboard A1 at 3531"));
  CHECK(enylus->otherwise == "stays aboard A1 (16.42)");
  // 17.21: Marcus's Cyprus fleet has not arrived; he boards nothing.
  CHECK(decision(ds, "Marcus") == nullptr);
  CHECK(has(first_error(*s, Side::Macedonian, {"load Marcus on A3"}), "not in a home port"));
  CHECK(texts(s->choices(mac, "Enylus", {})) == std::vector<std::string>{"load Enylus"});
  const auto ships = s->choices(mac, "Enylus", {"load Enylus"});
  REQUIRE(ships.has_value());
  // A3 is free; A1 is his own; A4 carries a catapult and A8 a leader (8.11:
  // one load a ship to bombard); A9 is out at sea, no home port (8.0).
  CHECK(texts(ships) == std::vector<std::string>{" on A3"});
  CHECK((*ships)[0].complete);
  CHECK((*ships)[0].cells == std::vector<std::string>{"3031"});
  const std::string line = line_of(*enylus, {"load Enylus", " on A3"});
  CHECK(line == "load Enylus on A3");
  CHECK(s->validate(mac, {line}).has_value());
  CHECK_FALSE(s->choices(mac, "Enylus", {"load Enylus", " on A4"}).has_value());
  auto r = play(*s, {{Side::Macedonian, {line}}}, {});
  CHECK(line_of(*r.next, "leader Enylus ") == "leader Enylus A3 idle=0");
  // 8.21: in an assault one leader a ship; the catapult is no bar then (8.22).
  st.plan = "assault";
  s = siege(st);
  CHECK(texts(s->choices(mac, "Enylus", {"load Enylus"})) ==
        std::vector<std::string>{" on A3", " on A4"});
}

TEST_CASE("Tyre choices 9.16, 9.17: every strategic move offered hex by hex is accepted") {
  auto s = siege(Setup{"tyr-strategic",
                       2,
                       1,
                       "bombard",
                       {{"Mil1", "hex 4213"}, {"Coyle", "hex 4210"}, {"TCat1", "hex 3721"}},
                       {},
                       {}});
  const PlayerId tyrian{static_cast<int>(Side::Tyrian)};
  for (const char* id : {"Mil1", "Coyle", "TCat1"}) {
    CAPTURE(id);
    const auto decisions = s->decisions(tyrian);  // kept: `d` points into it
    const Decision* d = decision(decisions, id);
    REQUIRE(d != nullptr);
    const std::string named = std::string(id) + ":";
    const auto moves = s->choices(tyrian, id, {named});
    REQUIRE(moves.has_value());
    CHECK(moves->size() > 5);
    for (const Choice& c : *moves) {
      CHECK(c.complete);
      CHECK_MESSAGE(s->validate(tyrian, {line_of(*d, {named, c.text})}).has_value(), c.text);
    }
  }
  // A hex the search does not reach is not offered: the sea.
  CHECK_FALSE(s->choices(tyrian, "Mil1", {"Mil1:", " to 3621"}).has_value());
}

// ------------------------------------------------------------ refusals name their case

TEST_CASE("Tyre 15.41, 15.42, 11.0: land movement, leader and fire refusals cite their case") {
  Setup st{"tyr-land", 1, 1, "assault", {{"Mil1", "hex 4310"}, {"Hyp1", "hex 3532"}}, {}, {}};
  st.rules = 3;
  auto s = siege(st);
  const std::string notation = "(notation: docs/rules/tyre.md)";
  CHECK(first_error(*s, Side::Tyrian, {"Gonzus: to 4311"}) ==
        "Gonzus is out of play (15.41, 15.42)");
  CHECK(first_error(*s, Side::Tyrian, {"Hyp1: to 3533"}) ==
        "you have no land unit or leader 'HYP1' " + notation);
  CHECK(has(first_error(*s, Side::Tyrian, {"Mil1: to 43x1"}), notation));
  CHECK(has(first_error(*s, Side::Tyrian, {"Mil1: 4311", "Mil1: 4311"}),
            "a second order for Mil1 " + notation));
  st.segment = "fire";
  st.pieces["Gd1"] = "hex 3532";
  s = siege(st);
  CHECK(first_error(*s, Side::Macedonian, {"Mil1: fire 4311"}) ==
        "you have no unit 'MIL1' " + notation);
}

TEST_CASE("Tyre 9.16, 16.42: King Azemilk aboard goes ashore only in strategic movement") {
  Setup st{"tyr-land",
           1,
           1,
           "assault",
           {{"Azemilk", "ship T1"}, {"Mil1", "hex 4310"}},
           {{"T1", "3305 N full"}},
           {}};
  st.rules = 3;
  auto s = siege(st);
  CHECK(first_error(*s, Side::Tyrian, {"Azemilk: to 3808"}) ==
        "Azemilk is aboard a ship; he goes ashore in strategic movement (9.16, 16.42)");
}

TEST_CASE("Tyre rules versions: games of versions 1 and 2 keep their refusals' earlier words") {
  Setup st{"tyr-land", 1, 1, "assault", {{"Mil1", "hex 4310"}}, {}, {}};
  CHECK(first_error(*siege(st), Side::Tyrian, {"Gonzus: to 4311"}) == "Gonzus is out of play");
  st.rules = 3;
  CHECK(first_error(*siege(st), Side::Tyrian, {"Gonzus: to 4311"}) ==
        "Gonzus is out of play (15.41, 15.42)");
}
