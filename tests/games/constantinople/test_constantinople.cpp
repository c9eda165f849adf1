// Constantinople 1453, the naval game: each case from the rule text and its
// worked examples (14.23, 14.25, 15.23, 15.24), on positions written in the
// module's own position format (docs/rules/constantinople.md, "Positions").
#include <doctest/doctest.h>

#include <sstream>

#include "convert.h"
#include "core/flood.h"
#include "core/text.h"
#include "games/constantinople/constantinople.h"
#include "games/constantinople/position.h"
#include "support/drawn_step.h"
#include "support/scripted_step.h"
#include "support/svg_check.h"
#include "support/text.h"
#include "svg.h"

using namespace naumachia;
using testing::first_error;
using testing::has;
using testing::Played;

namespace {

const PlayerId kOttoman{0}, kByzantine{1};

struct Pos {
  std::string seg = "first-movement";
  std::string first = "ottoman";  // the impulse's first player
  std::string wind = "N";
  int velocity = 8;
  int turn = 2, impulse = 1;
  std::string boom = "byzantine 0 0 0 0";
  // "ID HEX DIR" then optional words: sail=N (sail, capability N), reduced,
  // damaged, battle=N, ineffective=N, moved=N, last=N, tosail, engaged=ID,
  // rammer, leader=NAME
  std::vector<std::string> ships;
  int rules = 2;  // the rules version of the game
};

std::unique_ptr<State> position(const Pos& p) {
  auto game = constantinople::make_constantinople_game();
  const std::string initial = game->new_game("naval", 2).value()->serialize();
  std::ostringstream out;
  out << "constantinople 1\nstep 20\nturn " << p.turn << " " << p.impulse << " " << p.seg << " "
      << p.first << " " << (p.turn - 1) * 5 + p.impulse << "\nwind " << p.wind << " " << p.velocity
      << "\nboom " << p.boom << "\n";
  std::map<std::string, std::string> leaders{{"Diedo", "-"}, {"Trevisano", "-"}};
  std::map<std::string, std::string> lines;
  for (const std::string& spec : p.ships) {
    const auto w = text::split(spec);
    std::string id(w[0]), prop = "oar", cap = "0", reduced = "0", damaged = "0", battle = "0",
                          ineff = "0", moved = "0", last = "0", tosail = "0", engaged = "-",
                          rammer = "0", leader = "-";
    if (id.size() > 2 || id == "MED") prop = "sail";  // Byzantine ships sail
    for (std::size_t i = 3; i < w.size(); ++i) {
      const std::string s(w[i]);
      const auto eq = s.find('=');
      const std::string k = s.substr(0, eq), v = eq == std::string::npos ? "" : s.substr(eq + 1);
      if (k == "sail") prop = "sail", cap = v;
      if (k == "oar") prop = "oar";
      if (k == "reduced") reduced = "1";
      if (k == "damaged") damaged = "1";
      if (k == "battle") battle = v;
      if (k == "ineffective") ineff = v;
      if (k == "moved") moved = v;
      if (k == "last") last = v;
      if (k == "tosail") tosail = "1";
      if (k == "engaged") engaged = v;
      if (k == "rammer") rammer = "1";
      if (k == "leader") leader = v, leaders[v] = id;
    }
    lines[id] = "ship " + id + " 1 0 " + std::string(w[1]) + " " + std::string(w[2]) + " " + prop +
                " " + reduced + " " + damaged + " " + cap + " " + battle + " " + ineff + " " +
                moved + " " + last + " " + tosail + " " + engaged + " " + rammer + " " + leader +
                " 0";
  }
  for (const auto& [l, s] : leaders) out << "leader " << l << " " << s << "\n";
  for (auto line : text::lines(initial)) {
    if (line.rfind("ship ", 0) != 0) continue;
    const std::string id(text::split(line)[1]);
    out << (lines.count(id) ? lines[id] : std::string(line)) << "\n";
  }
  auto s = game->deserialize(out.str(), RulesVersion{p.rules});
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

std::string hex_of(const State& s, const std::string& id) {
  for (const Cell& c : s.view(std::nullopt).cells)
    for (const Token& t : c.tokens)
      if (t.label == id) return c.id + " " + hex::name(static_cast<hex::Dir>(t.facing));
  return "gone";
}

// Whether the counter of `id` shows `mark` in its values, marks or details.
bool marked(const State& s, const std::string& id, const std::string& mark) {
  for (const Cell& c : s.view(std::nullopt).cells) {
    for (const Token& t : c.tokens) {
      if (t.label != id) continue;
      std::string shown = t.values;
      for (const auto& m : t.marks) shown += "\n" + m;
      for (const auto& d : t.details) shown += "\n" + d;
      if (shown.find(mark) != std::string::npos) return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("Constantinople data: the map, the tables and the counters load as printed") {
  auto sc = constantinople::load_scenario();
  REQUIRE_MESSAGE(sc.has_value(), (sc ? "" : sc.error().message));
  const auto& m = sc->map;
  // The 42 shoal hexes of "Additions to the Game-Map".
  int shoals = 0;
  for (int r = m.first_row(); r <= m.last_row(); ++r)
    for (int c = m.first_col(); c <= m.last_col(); ++c) shoals += m.at({c, r}).shoal > 0;
  CHECK(shoals == 42);
  CHECK(m.at({33, 34}).shoal == 2);
  CHECK(m.at({1, 13}).shoal == 3);
  CHECK(m.at({20, 26}).shoal == 5);
  CHECK(m.anchorage() == hex::HexId{39, 31});  // 14.19 the Double Columns
  CHECK(m.boom(hex::HexId{33, 30}, hex::HexId{34, 30}) == constantinople::BoomKind::Passage);
  CHECK(m.boom(hex::HexId{33, 31}, hex::HexId{34, 31}) == constantinople::BoomKind::Closed);
  CHECK(m.haven({18, 23}));
  CHECK(m.haven({22, 34}));
  CHECK(m.in_horn({36, 23}));
  // 3.4 counters: "4 4 C Galley 4/7-10" = melee, ram, ram defence, cruise/battle-sail.
  const auto& g = sc->classes.at("galley");
  CHECK(g.front.melee == 4);
  CHECK(g.front.ram == 4);
  CHECK(g.front.defence == 3);
  CHECK(g.front.cruise == 4);
  CHECK(g.front.battle == 7);
  CHECK(g.front.sail == 10);
  CHECK(sc->classes.at("trireme").back.sail == 10);
  CHECK(sc->classes.at("genoa8").front.melee == 8);
  CHECK(sc->classes.at("genoa8").back.melee == 2);
  CHECK(sc->ships.size() == 28);
}

TEST_CASE(
    "Constantinople 15.6, 15.61: the Golden Horn and the harbours open to the sea only across "
    "booms") {
  auto sc = constantinople::load_scenario();
  REQUIRE(sc.has_value());
  const auto& m = sc->map;
  using constantinople::Region;
  // Water reached from `start` without crossing any boom hexside.
  const auto water = [&](hex::HexId start) {
    return flood::reachable<hex::HexId>(
        {start}, std::nullopt, [](hex::HexId h) { return hex::neighbours(h); },
        [&](hex::HexId from, hex::HexId to, int) {
          return m.enterable(to) && !m.boom(from, to) ? flood::Step::Through : flood::Step::Blocked;
        });
  };
  for (const auto& [h, d] : water({33, 30})) CHECK(m.at(h).region == Region::Horn);
  CHECK(water({33, 30}).count({36, 23}) == 1);  // 17.22: the Portage lands inside the Boom
  for (const hex::HexId harbour : {hex::HexId{18, 23}, hex::HexId{21, 29}})
    for (const auto& [h, d] : water(harbour)) CHECK(m.at(h).region == Region::Harbour);
  // Everything else afloat is reached from the south edge (19.1 arrivals).
  const auto sea = water(m.south_edge().front());
  for (int r = m.first_row(); r <= m.last_row(); ++r)
    for (int c = m.first_col(); c <= m.last_col(); ++c) {
      const hex::HexId h{c, r};
      if (!m.enterable(h)) continue;
      const bool inside = m.at(h).region == Region::Horn || m.at(h).region == Region::Harbour;
      CHECK_MESSAGE(sea.count(h) == (inside ? 0u : 1u), hex::format_hex(h));
    }
  CHECK(sea.count(m.anchorage()) == 1);
  // 14.25: the example's hexes are open Marmara.
  for (const char* h : {"1438", "1439", "1538", "1539", "1540", "1638", "1639"})
    CHECK(m.at(*hex::parse_hex(h)).region == Region::Marmara);
}

TEST_CASE("Constantinople 14.23 example: rolls of 9 and 7 give a North-East wind of velocity 8") {
  auto sc = constantinople::load_scenario();
  REQUIRE(sc.has_value());
  CHECK(sc->tables.wind_direction[9] == hex::Dir::NE);
  CHECK(sc->tables.wind_velocity[7] == 8);
  CHECK(sc->tables.wind_velocity[2] == constantinople::kStorm);
  CHECK(sc->tables.wind_velocity[11] == constantinople::kCalm);
  // Through the game: the Planning step ends Game-Turn 2; Game-Turn 3's
  // Naval Phase rolls 4+5 and 3+4, then the initiative 5 against 2.
  Pos p;
  p.seg = "planning";
  p.ships = {"VENICE 3231 S"};
  auto s = position(p);
  REQUIRE(s->step().to_order == std::vector<PlayerId>{kByzantine});
  auto r = testing::play_step(*s, {{kByzantine, {"VENICE: ashore"}}}, {4, 5, 3, 4, 5, 2});
  CHECK(has(r.events, "the wind is from the North-East, velocity 8"));
  CHECK(has(r.events, "the Ottoman player moves first (4.0 B)"));
  CHECK(r.next->step().label == "Turn 3, impulse 1: Ottoman movement");
}

TEST_CASE("Constantinople 13.1, 14.23: the first Naval Phase has a North wind of velocity 8") {
  auto game = constantinople::make_constantinople_game();
  auto s = game->new_game("naval", 2).value();
  CHECK(s->step().label == "Turn 1: Byzantine deployment in the Golden Horn (19.1)");
  auto r = testing::play_step(*s, {{kByzantine, {}}}, {6, 1});
  CHECK(has(r.events,
            "the wind is from the North, velocity 8 (it blows toward the map's SW hexside) (13.1, "
            "14.23)"));
  CHECK(has(r.events, "VENICE is placed at"));
  CHECK(r.next->step().label == "Turn 1, impulse 1: Ottoman movement");
}

TEST_CASE(
    "Constantinople 14.25, 14.26: the compass: a North wind drifts a ship from 1638 to 1539") {
  Pos p;
  p.ships = {"G1 1638 N", "VENICE 3231 S"};
  auto s = position(p);
  // G1 stays (no order); the Byzantine moves nothing; drift at the end of the
  // second movement segment; no melee; the next impulse's initiative.
  auto r = testing::play_step(*s, {{kOttoman, {}}}, {});
  auto r2 = testing::play_step(*r.next, {{kByzantine, {}}}, {3, 4});
  CHECK(has(r2.events, "G1 drifts from 1638 to 1539 (14.26)"));
  CHECK(hex_of(*r2.next, "G1") == "1539 N");
}

TEST_CASE("Constantinople 14.25 example: no 120-degree turn through the wind") {
  Pos p;
  p.first = "byzantine";
  p.ships = {"VENICE 1539 SE sail=4", "G1 2044 N"};
  auto s = position(p);
  // Facing 1639 (SE) with a North wind is Sailing on the Wind; turning to
  // face 1538 (N) would pass through facing 1638 (NE), into the wind.
  CHECK(has(first_error(*s, kByzantine, {"VENICE: turn L2"}), "into the wind (14.24, 14.25)"));
  // Turning to face 1439 (SW) is allowed, for one Movement Point.
  CHECK(first_error(*s, kByzantine, {"VENICE: turn R2, move 3"}) == "");
  auto r = testing::play_step(*s, {{kByzantine, {"VENICE: turn R2, move 3"}}}, {});
  CHECK(hex_of(*r.next, "VENICE") == "1240 SW");
}

TEST_CASE(
    "Constantinople 14.24: on the wind a hex costs two / one point left forces a 120-degree turn") {
  Pos p;
  p.first = "byzantine";
  p.ships = {"VENICE 1539 SE sail=3", "G1 2044 N"};
  auto s = position(p);
  auto r = testing::play_step(*s, {{kByzantine, {"VENICE: move 1"}}}, {});
  CHECK(has(r.events,
            "VENICE turns 120 degrees away from the wind with its last Movement Point (14.24)"));
  CHECK(hex_of(*r.next, "VENICE") == "1639 SW");
  CHECK(has(first_error(*s, kByzantine, {"VENICE: move 2"}), "must turn 120 degrees (14.24)"));
  // Never directly into the wind.
  Pos q = p;
  q.ships = {"VENICE 1539 SE sail=3", "G1 2044 N"};
  CHECK(has(first_error(*position(q), kByzantine, {"VENICE: turn L"}), "into the wind"));
}

TEST_CASE(
    "Constantinople 14.21, 14.22, 15.34: momentum must be spent / up one, down two, not above the "
    "wind, nor above a Damaged ship's halved sail") {
  Pos p;
  p.first = "byzantine";
  p.velocity = 6;
  p.ships = {"VENICE 1530 SW sail=5", "G1 2044 N"};
  auto s = position(p);
  CHECK(has(first_error(*s, kByzantine, {"VENICE: speed 7"}), "from 5 to 3-6"));
  CHECK(has(first_error(*s, kByzantine, {"VENICE: speed 2"}), "from 5 to 3-6"));
  auto r = testing::play_step(*s, {{kByzantine, {"VENICE: speed 6, move 2"}}}, {});
  CHECK(has(r.events, "carries on under its momentum: 4 MP (14.21)"));
  CHECK(hex_of(*r.next, "VENICE") == "0933 SW");
  // Faster than a falling wind: it must slow, two points an impulse.
  Pos q = p;
  q.velocity = 2;
  q.ships = {"VENICE 1530 SW sail=8", "G1 2044 N"};
  CHECK(has(first_error(*position(q), kByzantine, {"VENICE: speed 7"}), "from 8 to 6-6"));
  // 15.34, not the wind, keeps a Damaged ship below what the wind allows.
  Pos d = p;
  d.velocity = 8;
  d.ships = {"VENICE 1530 SW sail=6 damaged", "G1 2044 N"};
  CHECK(first_error(*position(d), kByzantine, {"VENICE: speed 7"}) ==
        "VENICE's capability may go from 6 to 4-6 this impulse (15.34: Damaged, its sail value is "
        "halved to 6)");
  CHECK(has(first_error(*position(d), kByzantine, {"VENICE: speed 8"}), "(14.22: wind 8)"));
  // A ship not ordered shortens sail by two and holds its course.
  auto u = testing::play_step(*position(q), {{kByzantine, {}}}, {});
  CHECK(hex_of(*u.next, "VENICE") == "0933 SW");
}

TEST_CASE(
    "Constantinople 14.13, 14.16: oar ships move before turning, a hexside a hex, within the "
    "speed") {
  Pos p;
  p.ships = {"G1 1535 N", "VENICE 3231 S"};
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"G1: turn R, move 2"}),
            "must move one hex before changing direction (14.13)"));
  CHECK(has(first_error(*s, kOttoman, {"G1: move 1, turn R, turn R"}),
            "one hexside per hex entered (14.13)"));
  CHECK(has(first_error(*s, kOttoman, {"G1: move 5"}), "4 Movement Points (Cruising Speed"));
  CHECK(first_error(*s, kOttoman, {"G1: battle, move 7"}) == "");
  CHECK(first_error(*s, kOttoman, {"G1: turn R"}) == "");  // 14.26: a stationary turn
  auto r = testing::play_step(*s, {{kOttoman, {"G1: move 2, turn R, move 2, turn R"}}}, {});
  CHECK(hex_of(*r.next, "G1") == "1732 SE");
}

TEST_CASE("Constantinople 14.17: no Battle Speed two segments running / cruising at one after it") {
  Pos p;
  p.impulse = 2;
  p.ships = {"G1 1535 N battle=6", "VENICE 3231 S"};  // Battle Speed in impulse 1 of turn 2
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"G1: battle, move 2"}),
            "Battle Speed in its last Movement Segment (14.17)"));
  CHECK(has(first_error(*s, kOttoman, {"G1: move 2"}), "1 Movement Points"));
  CHECK(first_error(*s, kOttoman, {"G1: move 1"}) == "");
}

TEST_CASE("Constantinople 14.15, 14.19: through an enemy hex bow to stern only / one ship a hex") {
  Pos p;
  p.ships = {"G1 1535 N", "G2 1533 N", "VENICE 1534 N", "IMP1 1334 NE"};
  auto s = position(p);
  // G1 enters VENICE's hex across its stern and leaves across its bow, but G2 blocks.
  CHECK(has(first_error(*s, kOttoman, {"G1: move 2"}), "occupied by G2 (14.19"));
  CHECK(has(first_error(*s, kOttoman, {"G1: move 1"}), "may not stop in VENICE's hex (14.15)"));
  Pos q;
  q.ships = {"G1 1535 N", "VENICE 1534 N", "IMP1 1330 NE"};
  CHECK(first_error(*position(q), kOttoman, {"G1: move 3"}) == "");
  Pos w;
  w.ships = {"G1 1535 N", "VENICE 1534 NE", "IMP1 1330 NE"};
  // 14.19: any number of Ottoman ships at anchor at the Double Columns.
  Pos a;
  a.ships = {"G1 3932 N", "G2 3931 N", "G3 3931 NE", "VENICE 3325 S"};
  CHECK(first_error(*position(a), kOttoman, {"G1: move 1"}) == "");
  CHECK(has(first_error(*position(w), kOttoman, {"G1: move 3"}),
            "only across its bow or stern (14.15)"));
}

TEST_CASE(
    "Constantinople 15.11-15.15, 15.42: a ram pins, sinks on a second 5-6, and a 6 damages the "
    "rammer") {
  Pos p;
  p.ships = {"G1 1538 N", "VENICE 1534 SE", "IMP1 1330 NE"};
  auto s = position(p);
  CHECK(has(first_error(*position(Pos{p.seg,
                                      p.first,
                                      p.wind,
                                      p.velocity,
                                      p.turn,
                                      p.impulse,
                                      p.boom,
                                      {"G1 1536 N", "VENICE 1534 SE", "IMP1 1330 NE"}}),
                        kOttoman, {"G1: battle, move 1, ram VENICE"}),
            "to ram it (15.11)"));
  // Galley (Ram 4) against Ram Defense D: 1-2 pins, no sinking roll.
  auto r = testing::play_step(*s, {{kOttoman, {"G1: move 3, ram VENICE"}}}, {2});
  CHECK(has(
      r.events,
      "G1 (Ram Strength 4) rams VENICE (Ram Defense D) from 1535: rolled 2, needed 1-2: pinned"));
  CHECK(marked(*r.next, "G1", "engaged with VENICE"));
  auto miss = testing::play_step(*s, {{kOttoman, {"G1: move 3, ram VENICE"}}}, {6});
  // The cases are cited once, at the end of the ram's line.
  CHECK(has(miss.events, "rolled 6, needed 1-2: no pin, its movement ends here (15.14, 15.42)"));
  CHECK(has(miss.events, "G1 is Damaged"));
  // A reduced galley (Ram 2) against D pins on a 1 alone: "needed 1", not "1-1".
  Pos weak = p;
  weak.ships = {"G1 1538 N reduced", "VENICE 1534 SE", "IMP1 1330 NE"};
  auto once = testing::play_step(*position(weak), {{kOttoman, {"G1: move 3, ram VENICE"}}}, {3});
  CHECK(
      has(once.events,
          "G1 (Ram Strength 2) rams VENICE (Ram Defense D) from 1535: rolled 3, needed 1: no pin, "
          "its movement ends here (15.14, 15.42)"));
  // A game of rules version 1 keeps the wording its players were shown: its
  // replay must reproduce every stored event.
  weak.rules = 1;
  auto old = testing::play_step(*position(weak), {{kOttoman, {"G1: move 3, ram VENICE"}}}, {3});
  CHECK(has(old.events,
            "rolled 3, needed 1-1: no pin, its movement ends here (15.14) (15.14, 15.42)"));
  // Damaged, VENICE's defence is halved to B: 1-3 pins and a second roll of 5-6 sinks it.
  Pos d = p;
  d.ships = {"G1 1538 N", "VENICE 1534 SE damaged", "IMP1 1330 NE"};
  auto sunk = testing::play_step(*position(d), {{kOttoman, {"G1: move 3, ram VENICE"}}}, {3, 5});
  CHECK(has(sunk.events, "Ram Defense B, halved"));
  CHECK(has(sunk.events, "VENICE is lost (sunk by G1's ram"));
  // 15.13: the side only, bow pointed at it.
  Pos b = p;
  b.ships = {"G1 1538 N", "VENICE 1534 N", "IMP1 1330 NE"};
  CHECK(has(first_error(*position(b), kOttoman, {"G1: move 3, ram VENICE"}), "bow or stern"));
  // 14.28: sail ships do not ram.
  Pos sl = p;
  sl.ships = {"G1 1538 N sail=3", "VENICE 1534 SE", "IMP1 1330 NE"};
  CHECK(has(first_error(*position(sl), kOttoman, {"G1: move 1, ram VENICE"}), "do not ram"));
}

TEST_CASE(
    "Constantinople 15.16: breaking free: the rammed ship on a 1 (Damaged), the rammer on 1-3") {
  Pos p;
  p.ships = {"G1 1535 S engaged=VENICE rammer", "VENICE 1534 SE engaged=G1", "IMP1 1330 NE"};
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"G1: move 1"}), "may only try to break free"));
  auto r = testing::play_step(*s, {{kOttoman, {"G1: free, move 1"}}}, {3});
  CHECK(has(r.events, "G1 breaks free of VENICE (15.16: rolled 3, needed 1-3)"));
  auto stay = testing::play_step(*s, {{kOttoman, {"G1: free, move 1"}}}, {4});
  CHECK(has(stay.events, "G1 stays engaged with VENICE"));
  Pos q = p;
  q.first = "byzantine";
  auto b = testing::play_step(*position(q), {{kByzantine, {"VENICE: free"}}}, {1});
  CHECK(has(b.events, "VENICE breaks free of G1 (15.16: rolled 1, needed 1)"));
  CHECK(has(b.events, "VENICE is Damaged"));
}

TEST_CASE("Constantinople 15.23 example: 4 and 4 against 5 is +3 / 5 against 4 is +1") {
  Pos p;
  p.seg = "combat";
  // Two Ottoman Galleys (4) on either side of the Cretan galley (5).
  p.ships = {"G1 1434 N", "G2 1635 N", "CRETE 1535 N"};
  auto s = position(p);
  CHECK(has(first_error(*s, kByzantine, {"CRETE: attack G1"}),
            "attacks all of them or none (15.24)"));
  auto r = testing::play_step(
      *s, {{kOttoman, {"G1: attack CRETE", "G2: attack CRETE"}}, {kByzantine, {}}}, {1, 5, 2});
  CHECK(has(r.events, "G1 and G2 (8) attack CRETE (5): differential +3"));
  // The Cretan against one of them.
  Pos q = p;
  q.ships = {"G1 1434 N", "CRETE 1535 N"};
  auto duel = testing::play_step(
      *position(q), {{kOttoman, {"G1: attack CRETE"}}, {kByzantine, {"CRETE: attack G1"}}},
      {1, 1, 5, 2});
  CHECK(has(duel.events, "CRETE (5) attack G1 (4): differential +1"));
  CHECK(has(duel.events, "G1 (4) attack CRETE (5): differential -1"));
}

TEST_CASE(
    "Constantinople 15.34 against 15.41, 15.42: a Damaged ship's melee and ram strengths are "
    "not halved") {
  // 15.34 ("not its Ramming Capability. Melee is not affected") over the
  // tables' explanations ("Ram and Melee Strengths halved"):
  // docs/rules/constantinople.md, "Damaged".
  Pos p;
  p.seg = "combat";
  p.ships = {"G1 1434 N damaged", "CRETE 1535 N damaged"};
  auto duel = testing::play_step(
      *position(p), {{kOttoman, {"G1: attack CRETE"}}, {kByzantine, {"CRETE: attack G1"}}},
      {1, 1, 5, 2});
  CHECK(has(duel.events, "CRETE (5) attack G1 (4): differential +1"));
  CHECK(has(duel.events, "G1 (4) attack CRETE (5): differential -1"));
  // A Damaged Galley still rams at 4: against D it pins on 1-2.
  Pos r;
  r.ships = {"G1 1538 N damaged", "VENICE 1534 SE", "IMP1 1330 NE"};
  auto ram = testing::play_step(*position(r), {{kOttoman, {"G1: move 3, ram VENICE"}}}, {2});
  CHECK(has(ram.events, "G1 (Ram Strength 4) rams VENICE (Ram Defense D)"));
  CHECK(has(ram.events, "needed 1-2: pinned"));
}

TEST_CASE("Constantinople 15.24 example: the Byzantine 8 splits 2/1/5 at -3, -2 and +3") {
  // The counter mix has no Ottoman 5: the Galley G1 (4) defends across the
  // Boom at 5 (15.63); T1 is a Trireme (3), B1 a Bireme (2). GENOA (8) lies
  // inside the Boom with all three on its port and starboard.
  Pos p;
  p.seg = "combat";
  p.ships = {"GENOA 3331 NE", "G1 3431 N", "T1 3330 NE", "B1 3332 NE"};
  auto s = position(p);
  CHECK(has(first_error(*s, kByzantine, {"GENOA: attack G1 1, T1 2, B1 5"}),
            "at -4: when splitting, the lowest voluntary differential is -3 (15.24)"));
  CHECK(has(first_error(*s, kByzantine, {"GENOA: attack G1 2, T1 1"}),
            "all of them or none (15.24)"));
  CHECK(has(first_error(*s, kByzantine, {"GENOA: attack G1 2, T1 1, B1 4"}),
            "8 melee points to split"));
  auto r =
      testing::play_step(*s,
                         {{kOttoman, {"G1: attack GENOA", "T1: attack GENOA", "B1: attack GENOA"}},
                          {kByzantine, {"GENOA: attack G1 2, T1 1, B1 5"}}},
                         {1, 1, 1, 1, 5, 2});
  CHECK(has(r.events, "GENOA (2) attack G1 (5, +1 through the Boom (15.63)): differential -3"));
  CHECK(has(r.events, "GENOA (1) attack T1 (3): differential -2"));
  CHECK(has(r.events, "GENOA (5) attack B1 (2): differential +3, rolled 1: Ineffective"));
  // The Ottomans' 4+3+2 against 8, +1 as G1 strikes across the Boom.
  CHECK(has(r.events,
            "B1 and G1 and T1 (9) attack GENOA (9, +1 through the Boom (15.63)): differential 0"));
  CHECK(marked(*r.next, "B1", "ineffective"));
}

TEST_CASE(
    "Constantinople 15.24, 15.25: fewer points than enemies / results after both sides roll") {
  Pos p;
  p.seg = "combat";
  // F1 (Fustae, 1 point) between VENICE (7) and IMP1 (6): 0 on the stronger, 1 on the other.
  p.ships = {"F1 1535 N", "VENICE 1434 N", "IMP1 1634 N"};
  auto s = position(p);
  CHECK(
      has(first_error(*s, kOttoman, {"F1: attack VENICE 1, IMP1 0"}), "the strongest ships at 0"));
  CHECK(first_error(*s, kOttoman, {"F1: attack VENICE 0, IMP1 1"}) == "");
  auto r = testing::play_step(*s,
                              {{kOttoman, {"F1: attack VENICE 0, IMP1 1"}},
                               {kByzantine, {"VENICE: attack F1", "IMP1: attack F1"}}},
                              {6, 1, 6, 5, 2});
  CHECK(has(r.events, "F1 (1) attack IMP1 (6): differential -5, rolled 6: no effect"));
  CHECK(has(r.events, "F1 (0) attack VENICE (7): differential -7, rolled 1: no effect"));
  CHECK(has(r.events, "IMP1 and VENICE (13) attack F1 (1): differential +12, rolled 6: Lose One"));
  CHECK(hex_of(*r.next, "F1") == "1535 N");  // flipped, not eliminated (15.35)
  CHECK(marked(*r.next, "F1", "reduced"));
}

TEST_CASE("Constantinople 15.22: melee only side to side or engaged") {
  Pos p;
  p.seg = "combat";
  p.ships = {"G1 1535 N", "VENICE 1534 N", "IMP1 1330 NE"};
  auto s = position(p);
  // G1 is at VENICE's stern: no melee for either.
  CHECK(s->step().to_order.empty());
  Pos q = p;
  q.ships = {"G1 1535 N engaged=VENICE rammer", "VENICE 1534 N engaged=G1", "IMP1 1330 NE"};
  CHECK(position(q)->step().to_order.size() == 2);
}

TEST_CASE("Constantinople 4.0 E: fewer impulses by agreement / a proposal lapses at the deadline") {
  Pos p;
  p.ships = {"G1 1535 N", "VENICE 1231 S"};
  auto s = position(p);
  auto r = testing::play_step(*s, {{kOttoman, {"G1: move 1", "propose end"}}}, {});
  CHECK(has(r.events, "the Ottoman player proposes to end the Naval Phase after this impulse"));
  auto r2 = testing::play_step(*r.next, {{kByzantine, {}}}, {});
  CHECK(r2.next->step().label ==
        "Turn 2, impulse 1: Byzantine answer: end the Naval Phase early? (4.0 E)");
  auto yes = testing::play_step(*r2.next, {{kByzantine, {"accept"}}}, {4, 4, 3, 4, 2, 1});
  CHECK(has(yes.events, "the Naval Phase ends by mutual agreement after impulse 1 (4.0 E)"));
  CHECK(has(yes.events, "Game-Turn 3: direction roll 8"));
  auto lapse = testing::play_step(*r2.next, {{kByzantine, {}}}, {2, 5});
  CHECK(has(lapse.events, "lets the proposal lapse (4.0 E)"));
  CHECK(lapse.next->step().label == "Turn 2, impulse 2: Byzantine movement");
}

TEST_CASE("Constantinople 19.1: the Genoese galley arrives from Game-Turn 4 on a favourable wind") {
  Pos p;
  p.turn = 3;
  p.first = "byzantine";
  p.ships = {"VENICE 3331 S", "G1 2044 N"};
  CHECK(has(first_error(*position(p), kByzantine, {"GENOA: enter 1546 facing N"}),
            "from Game-Turn 4 (19.1)"));
  p.turn = 4;
  CHECK(has(first_error(*position(p), kByzantine, {"GENOA: enter 1546 facing N"}),
            "favourable wind"));
  p.wind = "S";
  p.velocity = 6;
  auto s = position(p);
  CHECK(has(first_error(*s, kByzantine, {"GENOA: enter 1545 facing N"}), "south edge"));
  auto r = testing::play_step(*s, {{kByzantine, {"GENOA: enter 1546 facing N"}}}, {});
  CHECK(has(r.events, "GENOA arrives at 1546 facing N (19.1)"));
  CHECK(hex_of(*r.next, "GENOA") == "1541 N");  // six points: the entry hex and five more
}

TEST_CASE(
    "Constantinople 15.53: shoals: a roll higher than the number / Byzantines in the 14.29 havens "
    "do not roll") {
  Pos p;
  p.ships = {"G1 2538 N", "VENICE 2545 S"};
  auto s = position(p);
  auto safe = testing::play_step(*s, {{kOttoman, {"G1: move 2"}}}, {6});
  CHECK(has(safe.events, "G1 passes the shoals at 2536 safely (15.53: rolled 6, more than 5)"));
  auto lost = testing::play_step(*s, {{kOttoman, {"G1: move 2"}}}, {5});
  CHECK(has(lost.events, "G1 strikes the shoals at 2536 (15.53: rolled 5, needed more than 5)"));
  CHECK(hex_of(*lost.next, "G1") == "gone");
  // 2234 is a shoal (3) and a Byzantine storm haven: no roll for VENICE.
  Pos q;
  q.first = "byzantine";
  q.wind = "S";
  q.ships = {"VENICE 2235 N sail=1", "G1 2044 N"};
  auto b = testing::play_step(*position(q), {{kByzantine, {"VENICE: move 1"}}}, {});
  CHECK(hex_of(*b.next, "VENICE") == "2234 N");
}

TEST_CASE("Constantinople 15.13, 15.16, 19.1: typical refusals cite their case") {
  Pos p;
  p.ships = {"G1 1538 N", "G2 1534 SE", "VENICE 2545 S"};
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"G1: move 3, ram G2"}), "friendly ship (15.13)"));
  CHECK(has(first_error(*s, kOttoman, {"G1: free"}), "(15.16)"));
  CHECK(has(first_error(*s, kOttoman, {"G1: enter 1546 facing N"}), "(19.1)"));
  // A seat that does not order now is told who does.
  const std::string idle = first_error(*s, kByzantine, {"VENICE: move 1"});
  CHECK(has(idle, "the Byzantine player has no orders in '"));
  CHECK(has(idle, "'; the Ottoman player orders"));
}

TEST_CASE("Constantinople 15.53: a ship wrecked on the shoals has its movement line first") {
  Pos p;
  p.ships = {"G1 2538 N", "VENICE 2545 S"};
  auto lost = testing::play_step(*position(p), {{kOttoman, {"G1: move 2"}}}, {5});
  const auto rows = lost.events.find("G1 rows from 2538 to 2536, facing N (2 of ");
  const auto wreck = lost.events.find("G1 strikes the shoals at 2536");
  REQUIRE(rows != std::string::npos);
  REQUIRE(wreck != std::string::npos);
  CHECK(rows < wreck);
}

TEST_CASE(
    "Constantinople 14.27: momentum runs a sail ship aground, or against the Boom (Damaged)") {
  Pos p;
  p.first = "byzantine";
  p.wind = "S";
  p.velocity = 6;
  p.ships = {"VENICE 1525 N sail=6", "G1 2044 N"};
  auto r = testing::play_step(*position(p), {{kByzantine, {"VENICE: speed 6"}}}, {6, 6});
  CHECK(has(r.events, "VENICE is lost (run aground at 1521, 14.27)"));
  Pos q;
  q.wind = "SE";
  q.velocity = 6;
  q.ships = {"T1 3532 NW sail=3", "VENICE 3325 S"};
  auto b = testing::play_step(*position(q), {{kOttoman, {"T1: speed 3"}}}, {});
  CHECK(has(b.events, "T1 is carried against the Boom at 3431 and stops (14.27)"));
  CHECK(has(b.events, "T1 is Damaged"));
  CHECK(marked(*b.next, "T1", "sail 0"));
}

TEST_CASE(
    "Constantinople 15.61: passage through 3429 and 3430 only, for the player controlling the "
    "Boom") {
  Pos p;
  p.ships = {"G1 3431 N", "G2 3432 NW", "VENICE 3325 S"};
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"G1: move 1, turn L, move 1"}),
            "only the player controlling the Boom (Byzantine) passes it (15.61)"));
  CHECK(has(first_error(*s, kOttoman, {"G2: move 1"}),
            "passage is through 3429 and 3430 only (15.61)"));
  Pos b;
  b.first = "byzantine";
  b.wind = "NW";
  b.ships = {"VENICE 3330 SE sail=1", "G1 2044 N"};
  auto out = testing::play_step(*position(b), {{kByzantine, {"VENICE: move 1"}}}, {});
  CHECK(hex_of(*out.next, "VENICE") == "3430 SE");
  // Control passes to the player last in all three control hexes.
  Pos c;
  c.ships = {"G1 3331 N", "G2 3431 N", "G3 3530 NW", "VENICE 3325 S"};
  auto took = testing::play_step(*position(c),
                                 {{kOttoman, {"G1: move 1", "G2: move 1", "G3: move 1"}}}, {});
  CHECK(
      has(took.events,
          "the Ottoman player now controls the Boom: he was last in 3430, 3429 and 3330 (15.61)"));
}

TEST_CASE(
    "Constantinople 15.62, 15.64, 15.65: no ram through the Boom / breaking it / no drift beside "
    "it") {
  Pos p;
  p.ships = {"G1 3733 NW", "VENICE 3331 N"};
  CHECK(has(first_error(*position(p), kOttoman, {"G1: battle, move 3, ram VENICE"}),
            "may not ram through a Boom hexside (15.62)"));
  Pos q;
  q.ships = {"G1 3432 N", "VENICE 3332 N", "IMP1 3333 N"};
  CHECK(
      has(first_error(*position(q), kOttoman, {"G1: break boom"}), "free of enemy ships (15.64)"));
  q.ships = {"G1 3432 N", "VENICE 3332 N"};
  auto r = testing::play_step(*position(q), {{kOttoman, {"G1: break boom"}}}, {});
  CHECK(has(r.events, "the Boom is broken and no longer exists (15.64)"));
  // 15.65: beside the intact Boom nothing drifts; out at sea it does.
  Pos d;
  d.ships = {"G1 3431 N", "G2 2040 N", "VENICE 3325 S"};
  auto m1 = testing::play_step(*position(d), {{kOttoman, {}}}, {});
  auto m2 = testing::play_step(*m1.next, {{kByzantine, {}}}, {5, 2});
  CHECK(hex_of(*m2.next, "G1") == "3431 N");
  CHECK(has(m2.events, "G2 drifts from 2040 to 1941 (14.26)"));
}

TEST_CASE(
    "Constantinople 14.18: from oar to sail after a hex or less / back to oar after three or "
    "fewer") {
  Pos p;
  p.ships = {"G1 2040 N", "T1 2240 N sail=4 last=5", "VENICE 2545 S"};
  auto s = position(p);
  CHECK(
      has(first_error(*s, kOttoman, {"G1: move 2, sail"}), "at most one hex that segment (14.18)"));
  CHECK(has(first_error(*s, kOttoman, {"T1: oar, move 1"}),
            "a ship changes to oar after three or fewer (14.18)"));
  auto r = testing::play_step(*s, {{kOttoman, {"G1: move 1, sail"}}}, {});
  CHECK(has(r.events, "G1 makes sail: it moves under sail at one from its next segment (14.18)"));
}

TEST_CASE(
    "Constantinople 14.29: a Storm: sixes founder, survivors to the Double Columns or a haven / "
    "pinned ships sink") {
  Pos p;
  p.seg = "planning";
  p.ships = {"VENICE 3231 S",
             "CRETE 2545 N",
             "G1 2040 N",
             "G2 3931 N",
             "G3 2142 N rammer engaged=IMP1",
             "IMP1 2042 S engaged=G3"};
  auto s = position(p);
  auto r = testing::play_step(*s, {{kByzantine, {}}}, {3, 4, 1, 1, 3, 6, 2});
  CHECK(has(r.events, "the wind is Storm"));
  CHECK(has(r.events, "IMP1 is lost (pinned by a ram in a Storm, 14.29)"));
  CHECK(has(r.events, "G1 founders in the Storm (14.29: rolled 6)"));
  CHECK(
      has(r.events, "G3 rides out the Storm and returns to the Double Columns (14.29: rolled 2)"));
  CHECK(r.next->step().label == "Turn 3: Storm, Byzantine havens (14.29)");
  CHECK(has(first_error(*r.next, kByzantine, {"CRETE: 2545"}), "a Byzantine haven"));
  auto h = testing::play_step(*r.next, {{kByzantine, {"CRETE: 2130"}}}, {});
  CHECK(hex_of(*h.next, "CRETE") == "2130 N");
  CHECK(hex_of(*h.next, "G3") == "3931 N");
  CHECK(h.next->step().label == "Turn 3: Planning and Bombardment (16.0, 17.2, 15.7)");
}

TEST_CASE(
    "Constantinople 14.29 with 14.21 (rules 2): a sail ship at capability 0 in a coastal hex is "
    "at anchor in a Storm: it does not roll and cannot founder") {
  Pos p;
  p.seg = "planning";
  // CRETE under sail at capability 0 in the coastal hex 1925, outside the
  // Golden Horn and the Double Columns; G1 under oars in the coastal hex
  // 0214; G2 under sail at capability 2 in the coastal hex 0416; VENICE at
  // sea, which makes for a haven.
  p.ships = {"CRETE 1925 N", "G1 0214 N", "G2 0416 N sail=2", "VENICE 2545 N sail=3"};
  auto r = testing::play_step(*position(p), {{kByzantine, {}}}, {3, 4, 1, 1, 6, 2, 3});
  CHECK(has(r.events, "the wind is Storm"));
  CHECK(has(r.events,
            "CRETE is at anchor in the coastal hex 1925 (capability 0) and rides out the Storm "
            "where it is (14.29, 14.21)"));
  CHECK(has(r.events, "VENICE rides out the Storm and makes for a Byzantine haven"));
  CHECK_FALSE(has(r.events, "CRETE founders"));
  CHECK(hex_of(*r.next, "CRETE") == "1925 N");
  // A galley under oars has its oar allowance, not a rate of 0: it rolls.
  CHECK(has(r.events, "G1 founders in the Storm (14.29: rolled 6)"));
  // A sail ship still carrying way is not at anchor either.
  CHECK(
      has(r.events, "G2 rides out the Storm and returns to the Double Columns (14.29: rolled 2)"));
  // Rules 1 (stored games): only the Double Columns were an anchorage, and
  // CRETE rolled as a ship at sea.
  p.rules = 1;
  auto old = testing::play_step(*position(p), {{kByzantine, {}}}, {3, 4, 1, 1, 6, 6, 2, 3});
  CHECK(has(old.events, "CRETE founders in the Storm (14.29: rolled 6)"));
  CHECK(has(old.events, "G1 founders in the Storm (14.29: rolled 6)"));
  CHECK_FALSE(has(old.events, "at anchor"));
}

TEST_CASE("Constantinople rules versions: new games are created under version 2, 1 still plays") {
  const auto game = constantinople::make_constantinople_game();
  CHECK(game->rules_version() == RulesVersion{2});
  CHECK(game->oldest_rules_version() == RulesVersion{1});
  for (const int version : {1, 2}) {
    auto g = game->new_game("naval", 2, RulesVersion{version});
    REQUIRE(g.has_value());
    CHECK(game->deserialize((*g)->serialize(), RulesVersion{version}).has_value());
  }
  CHECK_FALSE(game->new_game("naval", 2, RulesVersion{3}).has_value());
}

TEST_CASE("Constantinople 15.72, 17.2, 17.22: Ottoman planning refusals cite their cases") {
  Pos p;
  p.seg = "planning";
  p.turn = 20;
  p.ships = {"T1 3831 N", "G1 4031 N", "VENICE 3325 S"};
  auto s = position(p);
  CHECK(first_error(*s, kOttoman, {"T1: sail away"}) ==
        "an Ottoman planning order is 'SHIP: portage HEX facing DIR' or 'bombard SHIP' (15.72, "
        "17.2)");
  CHECK(first_error(*s, kOttoman, {"T1: portage 36x4 facing N"}) ==
        "'portage HEX facing DIR', e.g. 'portage 3624 facing N' (17.22)");
  CHECK(first_error(*s, kOttoman, {"T1: portage 3624 facing N", "T1: portage 3624 facing N"}) ==
        "a second order for T1 (notation: docs/rules/constantinople.md)");
}

TEST_CASE(
    "Constantinople 17.1, 17.21, 17.22: the Great Portage: when, which ships, die + Assault "
    "Capability >= 5") {
  Pos p;
  p.seg = "planning";
  p.turn = 20;
  p.ships = {"T1 3831 N", "G1 4031 N", "VENICE 3325 S"};
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"G1: portage 3623 facing N"}),
            "galleys may not be portaged (17.21)"));
  CHECK(has(first_error(*s, kOttoman, {"T1: portage 3617 facing N"}),
            "within 5 hexes of 3623 (17.22)"));
  auto fail =
      testing::play_step(*s, {{kOttoman, {"T1: portage 3624 facing N"}}}, {1, 3, 4, 3, 4, 5, 2});
  CHECK(has(fail.events, "rolled 1 + Assault Capability 3 = 4: short of 5"));
  CHECK(hex_of(*fail.next, "T1") == "3831 N");
  auto ok =
      testing::play_step(*s, {{kOttoman, {"T1: portage 3624 facing N"}}}, {2, 3, 4, 3, 4, 5, 2});
  CHECK(has(ok.events, "T1 is portaged to 3624"));
  CHECK(hex_of(*ok.next, "T1") == "3624 N");
  Pos early = p;
  early.turn = 5;
  early.boom = "byzantine 0 2 1 0";  // two assaults on the Boom, but before Game-Turn 6
  early.ships = {"T1 3831 N", "VENICE 3231 S"};
  // Before Game-Turn 6 the Portage is closed: the Ottoman has no Planning orders.
  CHECK(has(first_error(*position(early), kOttoman, {"T1: portage 3624 facing N"}),
            "the Ottoman player has no orders"));
  early.turn = 6;
  CHECK(first_error(*position(early), kOttoman, {"T1: portage 3624 facing N"}) == "");
  early.boom = "byzantine 0 0 0 0";  // no assaults on the Boom: not before Game-Turn 20
  CHECK(position(early)->step().to_order == std::vector<PlayerId>{kByzantine});
}

TEST_CASE(
    "Constantinople 15.71-15.73, 16.0: the Pera guns bombard ships in the Golden Horn / sailors "
    "ashore") {
  Pos p;
  p.seg = "planning";
  p.turn = 10;
  p.ships = {"VENICE 3231 S leader=Diedo", "IMP1 3325 S", "G1 2040 N"};
  auto s = position(p);
  CHECK(has(first_error(*s, kOttoman, {"bombard G1"}), "(15.71)"));
  CHECK(has(first_error(*s, kOttoman, {"bombard VENICE", "bombard IMP1", "bombard VENICE"}),
            "(15.72)"));
  auto r = testing::play_step(
      *s, {{kOttoman, {"bombard VENICE", "bombard IMP1"}}, {kByzantine, {"VENICE: ashore"}}},
      {6, 6, 5, 6, 3, 4, 3, 4, 5, 2});
  CHECK(has(r.events, "the Pera guns bombard VENICE: rolled 12: sunk (15.73)"));
  CHECK(has(r.events, "Diedo is lost with it"));
  CHECK(has(r.events, "the Pera guns bombard IMP1: rolled 11: Damaged (15.73)"));
  CHECK(has(r.events, "VENICE: ashore (16.0)"));
  CHECK(marked(*r.next, "IMP1", "damaged"));
  // 16.0: sailors ashore, the galley fights at its crew strength.
  Pos q = p;
  q.turn = 2;
  auto a = testing::play_step(*position(q), {{kByzantine, {"VENICE: ashore", "Diedo: ashore"}}},
                              {3, 4, 3, 4, 5, 2});
  CHECK(has(a.events, "Diedo stays with the fleet"));
  CHECK(marked(*a.next, "VENICE", "2 0 D 0/0-12"));
  CHECK(marked(*a.next, "VENICE", "crew ashore"));
}

TEST_CASE(
    "Constantinople 14.17: the segment after Battle Speed is the next impulse played, across an "
    "early end") {
  Pos p;
  p.ships = {"G1 1540 N", "VENICE 2545 S"};
  auto s = position(p);
  auto r = testing::play_step(*s, {{kOttoman, {"G1: battle, move 5", "propose end"}}}, {});
  auto r2 = testing::play_step(*r.next, {{kByzantine, {}}}, {});
  auto r3 = testing::play_step(*r2.next, {{kByzantine, {"accept"}}}, {4, 4, 3, 4, 5, 2});
  REQUIRE(r3.next->step().label == "Turn 3, impulse 1: Ottoman movement");
  CHECK(has(first_error(*r3.next, kOttoman, {"G1: battle, move 2"}), "(14.17)"));
  CHECK(has(first_error(*r3.next, kOttoman, {"G1: move 2"}), "1 Movement Points"));
}

TEST_CASE(
    "Constantinople 14.19, 15.15, 16.0: the anchorage is Ottoman / no ram on an engaged ship / "
    "leaders change on the Horn shore") {
  Pos p;
  p.first = "byzantine";
  p.wind = "S";
  p.ships = {"VENICE 3932 N sail=1", "G1 2044 N"};
  CHECK(has(first_error(*position(p), kByzantine, {"VENICE: move 1"}),
            "the Ottoman anchorage (14.19)"));
  Pos q;
  q.ships = {"G1 1538 N", "VENICE 1534 SE engaged=G2", "G2 1434 SE rammer engaged=VENICE"};
  CHECK(has(first_error(*position(q), kOttoman, {"G1: move 3, ram VENICE"}),
            "may not be rammed (15.15)"));
  Pos l;
  l.seg = "planning";
  l.ships = {"VENICE 2040 N leader=Diedo", "IMP1 3231 S"};
  CHECK(has(first_error(*position(l), kByzantine, {"Diedo: ashore"}),
            "not on the city's Golden Horn shore (16.0)"));
  CHECK(has(first_error(*position(l), kByzantine, {"Diedo: IMP1"}),
            "not on the city's Golden Horn shore (16.0)"));
}

// ------------------------------------------------------------ orders choice by choice

namespace {

std::vector<std::string> texts(const Expected<std::vector<Choice>>& choices) {
  std::vector<std::string> out;
  REQUIRE_MESSAGE(choices.has_value(), (choices ? "" : choices.error().message));
  for (const Choice& c : *choices) out.push_back(c.text);
  return out;
}

bool offers(const Expected<std::vector<Choice>>& choices, const std::string& text) {
  const auto all = texts(choices);
  return std::find(all.begin(), all.end(), text) != all.end();
}

Decision decision(const State& s, PlayerId seat, const std::string& id) {
  for (const Decision& d : s.decisions(seat))
    if (d.id == id) return d;
  FAIL("no decision " << id);
  return {};
}

}  // namespace

TEST_CASE(
    "Constantinople choices 19.1, 15.26: a galley deploys to a Golden Horn hex and a facing") {
  auto s = constantinople::make_constantinople_game()->new_game("naval", 2).value();
  CHECK(s->decisions(kOttoman).empty());
  std::vector<std::string> ids;
  for (const Decision& d : s->decisions(kByzantine)) ids.push_back(d.id);
  // GENOA arrives later from the south edge (19.1).
  CHECK(ids == std::vector<std::string>{"CRETE", "GENOA2", "IMP1", "IMP2", "MED", "VENICE", "Diedo",
                                        "Trevisano"});
  const Decision venice = decision(*s, kByzantine, "VENICE");
  CHECK(venice.text == "VENICE:");
  CHECK(venice.otherwise == "placed at 3331 facing S (the default deployment)");
  const auto hexes = s->choices(kByzantine, "VENICE", {});
  CHECK(offers(hexes, " 3331"));
  CHECK_FALSE(offers(hexes, " 2044"));  // at sea, outside the Golden Horn
  for (const Choice& c : *hexes) CHECK_FALSE(c.complete);
  const auto facings = s->choices(kByzantine, "VENICE", {" 3331"});
  CHECK(texts(facings) == std::vector<std::string>{" facing N", " facing NE", " facing SE",
                                                   " facing S", " facing SW", " facing NW"});
  for (const Choice& c : *facings) CHECK((c.complete && c.last));
  CHECK(s->validate(kByzantine, {line_of(venice, {" 3331", " facing S"})}).has_value());
  CHECK_FALSE(s->choices(kByzantine, "VENICE", {" 2044"}).has_value());
  const auto aboard = s->choices(kByzantine, "Diedo", {});
  CHECK(offers(aboard, " VENICE"));
  CHECK_FALSE(offers(aboard, " GENOA"));
  CHECK(decision(*s, kByzantine, "Diedo").otherwise ==
        "goes aboard VENICE (the default deployment)");
}

TEST_CASE(
    "Constantinople choices 14.13, 14.15, 14.16, 15.11: an oar galley's course action by action, "
    "its ram at Battle Speed") {
  Pos p;
  p.ships = {"G1 1538 N", "VENICE 1534 SE", "IMP1 1330 NE"};
  auto s = position(p);
  const Decision g1 = decision(*s, kOttoman, "G1");
  CHECK(g1.text == "G1:");
  CHECK(g1.cells == std::vector<std::string>{"1538"});
  CHECK(has(g1.label,
            "G1 (Galley 4 4 C 4/7-10) at 1538 facing N, oar: 4 MP cruising, 7 at Battle "
            "Speed (14.16)"));
  CHECK(g1.otherwise == "stays where it is, and drifts with the wind if it enters no hex (14.26)");
  // 14.15: VENICE's broadside bars a fourth hex; 14.18: sail after a hex or none.
  CHECK(texts(s->choices(kOttoman, "G1", {})) ==
        std::vector<std::string>{" battle", " move 1", " move 2", " move 3", " turn L", " turn R",
                                 " sail"});
  // 15.11: no ram without Battle Speed; no second leg straight on.
  CHECK(texts(s->choices(kOttoman, "G1", {" move 3"})) ==
        std::vector<std::string>{", turn L", ", turn R"});
  const auto ram = s->choices(kOttoman, "G1", {" battle", ", move 3"});
  CHECK(texts(ram) == std::vector<std::string>{", turn L", ", turn R", ", ram VENICE"});
  CHECK(ram->back().complete);
  CHECK(ram->back().last);
  CHECK(ram->back().cells == std::vector<std::string>{"1534"});
  const std::string line = line_of(g1, {" battle", ", move 3", ", ram VENICE"});
  CHECK(line == "G1: battle, move 3, ram VENICE");
  const auto typed = s->validate(kOttoman, {"G1: move 3, ram VENICE"});
  REQUIRE(typed.has_value());
  CHECK(typed->lines[0] == line);
  // 14.13: one hexside per hex entered, the points left after a turn.
  const auto on = s->choices(kOttoman, "G1", {" move 1", ", turn R"});
  CHECK_FALSE(offers(on, ", turn L"));
  CHECK_FALSE(offers(on, ", move 4"));
  for (const std::string& t : texts(on))
    CHECK(s->validate(kOttoman, {line_of(g1, {" move 1", ", turn R", t})}).has_value());
  CHECK_FALSE(s->choices(kOttoman, "G1", {" move 4"}).has_value());
}

TEST_CASE(
    "Constantinople choices 14.22, 14.24, 14.25: a sail ship sets its capability, never "
    "turns into the wind") {
  Pos p;
  p.first = "byzantine";
  p.ships = {"VENICE 1539 SE sail=3", "G1 2044 N"};
  auto s = position(p);
  const Decision venice = decision(*s, kByzantine, "VENICE");
  CHECK(has(venice.label, "sail: capability 3, may set 1-4 (14.21, 14.22)"));
  CHECK(venice.otherwise == "holds its course, shortening sail to capability 1 (14.21, 14.22)");
  CHECK(texts(s->choices(kByzantine, "VENICE", {})) ==
        std::vector<std::string>{" speed 1", " speed 2", " speed 3", " speed 4"});
  // On the wind a hex costs two; turning to port faces into the North wind.
  CHECK(texts(s->choices(kByzantine, "VENICE", {" speed 3"})) ==
        std::vector<std::string>{", move 1", ", turn R", ", turn R2"});
  const auto after = s->choices(kByzantine, "VENICE", {" speed 3", ", turn R2"});
  for (const std::string& t : texts(after))
    CHECK(s->validate(kByzantine, {line_of(venice, {" speed 3", ", turn R2", t})}).has_value());
}

TEST_CASE("Constantinople choices 15.24: a melee split target by target, the last takes the rest") {
  Pos p;
  p.seg = "combat";
  p.ships = {"GENOA 3331 NE", "G1 3431 N", "T1 3330 NE", "B1 3332 NE"};
  auto s = position(p);
  const Decision genoa = decision(*s, kByzantine, "GENOA");
  CHECK(genoa.otherwise == "does not attack (15.2)");
  CHECK(decision(*s, kByzantine, "propose").otherwise ==
        "no proposal: the Naval Phase goes on (4.0 E)");
  const auto first = s->choices(kByzantine, "GENOA", {});
  CHECK(texts(first).size() == 9);  // 0 to 8 points on B1
  CHECK(texts(first).front() == " attack B1 0");
  CHECK(texts(s->choices(kByzantine, "GENOA", {" attack B1 5"})) ==
        std::vector<std::string>{", G1 0", ", G1 1", ", G1 2", ", G1 3"});
  const auto last = s->choices(kByzantine, "GENOA", {" attack B1 5", ", G1 2"});
  CHECK(texts(last) == std::vector<std::string>{", T1 1"});
  CHECK((last->front().complete && last->front().last));
  CHECK(
      s->validate(kByzantine, {line_of(genoa, {" attack B1 5", ", G1 2", ", T1 1"})}).has_value());
  // A sole enemy takes the whole strength.
  CHECK(texts(s->choices(kOttoman, "G1", {})) == std::vector<std::string>{" attack GENOA"});
}

TEST_CASE(
    "Constantinople choices 4.0 E, 14.29, 17.22, 15.72: an answer, a haven, a portage, the "
    "ships the guns fire at") {
  Pos p;
  p.ships = {"G1 1535 N", "VENICE 1231 S"};
  auto r =
      testing::play_step(*position(p), {{kOttoman, {"G1: battle, move 5", "propose end"}}}, {});
  auto r2 = testing::play_step(*r.next, {{kByzantine, {}}}, {});
  const Decision answer = decision(*r2.next, kByzantine, "answer");
  CHECK(answer.otherwise == "the proposal lapses: the Naval Phase goes on (4.0 E)");
  CHECK(texts(r2.next->choices(kByzantine, "answer", {})) ==
        std::vector<std::string>{"accept", "decline"});

  Pos storm;
  storm.seg = "planning";
  storm.ships = {"VENICE 3231 S", "CRETE 2545 N", "G1 2040 N"};
  auto h = testing::play_step(*position(storm), {{kByzantine, {}}}, {3, 4, 1, 1, 3, 2});
  REQUIRE(h.next->step().label == "Turn 3: Storm, Byzantine havens (14.29)");
  CHECK(decision(*h.next, kByzantine, "CRETE").otherwise ==
        "takes the first free haven in the map's order (14.29)");
  CHECK(offers(h.next->choices(kByzantine, "CRETE", {}), " 2130"));

  Pos late;
  late.seg = "planning";
  late.turn = 20;
  late.ships = {"T1 3831 N", "G1 4031 N", "VENICE 3325 S"};
  auto s = position(late);
  std::vector<std::string> ids;
  for (const Decision& d : s->decisions(kOttoman)) ids.push_back(d.id);
  CHECK(ids == std::vector<std::string>{"T1", "VENICE"});  // galleys are not portaged (17.21)
  const auto landing = s->choices(kOttoman, "T1", {});
  CHECK(offers(landing, " portage 3624"));
  CHECK_FALSE(offers(landing, " portage 3617"));  // beyond 5 hexes of 3623 (17.22)
  CHECK(
      s->validate(kOttoman, {line_of(decision(*s, kOttoman, "T1"), {" portage 3624", " facing N"})})
          .has_value());
  CHECK(texts(s->choices(kOttoman, "VENICE", {})) == std::vector<std::string>{" VENICE"});
  CHECK(decision(*s, kOttoman, "VENICE").otherwise == "is not bombarded (15.72)");
}

namespace {

std::string route(const Arrow& a) {
  std::string r = a.from;
  for (const auto& c : a.path) r += "-" + c;
  return r + "-" + a.to;
}

// The orders of a step as the platform reveals them (canonical lines), and
// the picture of the position after it with them drawn.
RevealedLines revealed(const State& s, const std::map<PlayerId, std::vector<std::string>>& orders) {
  RevealedLines out;
  for (const auto& [seat, lines] : orders) out[seat] = s.validate(seat, lines).value().lines;
  return out;
}

// The picture of the position after a step with its orders drawn.
testing::SvgReading picture(const State& next, const RevealedLines& lines) {
  return testing::picture_after(next, lines, {"Ottoman", "Byzantine"});
}

}  // namespace

TEST_CASE("Constantinople 14.1, 15.11: the step drawn: the galley's approach, then its ram") {
  Pos p;
  p.ships = {"G1 1538 N", "VENICE 1534 SE", "IMP1 1330 NE"};
  auto s = position(p);
  const std::map<PlayerId, std::vector<std::string>> orders{{kOttoman, {"G1: move 3, ram VENICE"}}};
  auto r = testing::play_step(*s, orders, {2});
  const RevealedLines shown = revealed(*s, orders);
  const auto arrows = r.next->order_arrows(shown);
  REQUIRE(arrows.size() == 2);
  CHECK(arrows[0].kind == ArrowKind::Move);
  CHECK(route(arrows[0]) == "1538-1537-1536-1535");
  // 15.11: the canonical order says it rams at Battle Speed.
  CHECK(arrows[0].order == "G1: battle, move 3, ram VENICE");
  CHECK(arrows[1].kind == ArrowKind::Ram);
  CHECK(route(arrows[1]) == "1535-1534");
  for (const Arrow& a : arrows) CHECK(a.owner == kOttoman.value);
  const auto svg = picture(*r.next, shown);
  REQUIRE_MESSAGE(svg.error.empty(), svg.error);
  CHECK(svg.with_class("order order-move") == 1);
  CHECK(svg.with_class("order order-ram") == 1);
  CHECK(svg.has_text("G1: battle, move 3, ram VENICE (1538-1537-1536-1535)"));
}

TEST_CASE("Constantinople 15.23 example: both sides' melee drawn, each from its attacker") {
  Pos p;
  p.seg = "combat";
  p.ships = {"G1 1434 N", "CRETE 1535 N"};
  auto s = position(p);
  const std::map<PlayerId, std::vector<std::string>> orders{{kOttoman, {"G1: attack CRETE"}},
                                                            {kByzantine, {"CRETE: attack G1"}}};
  auto r = testing::play_step(*s, orders, {1, 1, 5, 2});
  const RevealedLines shown = revealed(*s, orders);
  const auto arrows = r.next->order_arrows(shown);
  REQUIRE(arrows.size() == 2);
  CHECK(arrows[0].kind == ArrowKind::Melee);
  CHECK(route(arrows[0]) == "1434-1535");
  CHECK(arrows[0].owner == kOttoman.value);
  CHECK(arrows[1].kind == ArrowKind::Melee);
  CHECK(route(arrows[1]) == "1535-1434");
  CHECK(arrows[1].owner == kByzantine.value);
  const auto svg = picture(*r.next, shown);
  REQUIRE_MESSAGE(svg.error.empty(), svg.error);
  CHECK(svg.with_class("order order-melee") == 2);
  CHECK(svg.with_class("legend-orders") == 1);
}
