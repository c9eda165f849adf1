// Tyre, the naval war: each case from the rule text, on positions written in
// the module's own position format (docs/position-files.md).
#include <doctest/doctest.h>

#include <sstream>

#include "convert.h"
#include "core/hex.h"
#include "core/text.h"
#include "games/tyre/tyre.h"
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

const PlayerId kTyre{0}, kMacedon{1};

struct ShipSpec {
  std::string where;  // "HEX DIR", e.g. "2810 N"
  std::string extra;  // e.g. "damaged" or "pinned=T2 rammer=1"
};

// A position in `segment` of impulse `impulse` of Game-Turn 1 with only the
// given ships on the map (all fleets arrived); leaders ride their usual ships.
// `turn` and `rules` (the game's rules version) as given, else Game-Turn 1
// under the newest rules.
struct When {
  int turn = 1;
  int rules = 0;
};

std::unique_ptr<State> position(const std::string& segment, int impulse,
                                const std::map<std::string, ShipSpec>& ships,
                                const std::string& more = "", When when = {}) {
  auto game = tyre::make_tyre_game();
  const std::string initial = game->new_game("naval", 2).value()->serialize();
  std::ostringstream out;
  out << "tyre 1\nstep 10\nturn " << when.turn << "\nimpulse " << impulse << "\nsegment " << segment
      << "\nrolled 1\nover 0\narrived ABS\narrived RSL\narrived Cyprus\nboom north intact\nboom "
         "south intact\n";
  for (auto line : text::lines(initial)) {
    if (line.rfind("ship ", 0) != 0) continue;
    const std::string id(text::split(line)[1]);
    const auto it = ships.find(id);
    std::string damaged = "full", exhausted = "0", disrupted = "0", pinned = "-", rammer = "0",
                watch = "-";
    const std::string where = it == ships.end() ? "off N" : it->second.where;
    if (it != ships.end()) {
      for (auto w : text::split(it->second.extra)) {
        const std::string s(w);
        if (s == "damaged") damaged = s;
        if (s.rfind("exhausted=", 0) == 0) exhausted = s.substr(10);
        if (s.rfind("disrupted=", 0) == 0) disrupted = s.substr(10);
        if (s.rfind("pinned=", 0) == 0) pinned = s.substr(7);
        if (s.rfind("rammer=", 0) == 0) rammer = s.substr(7);
        if (s.rfind("watch=", 0) == 0) watch = s.substr(6);
      }
    }
    out << "ship " << id << " " << where << " " << damaged << " exhausted=" << exhausted
        << " disrupted=" << disrupted << " pinned=" << pinned << " rammer=" << rammer
        << " watch=" << watch << "\n";
  }
  for (auto line : text::lines(initial)) {
    if (line.rfind("leader ", 0) == 0) out << line << "\n";
  }
  out << more;
  auto s = when.rules ? game->deserialize(out.str(), RulesVersion{when.rules})
                      : game->deserialize(out.str());
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

Played play(const State& s, std::map<PlayerId, std::vector<std::string>> orders,
            std::vector<int> dice) {
  return testing::play_step(s, std::move(orders), std::move(dice));
}

}  // namespace

TEST_CASE(
    "Tyre 5.12, 5.13, 5.2: turns cost a Movement Point, one before moving and one per hex "
    "entered") {
  // Hanno rides T1; T1 and T2 in open water west of the island.
  const auto s = position("first-movement", 1, {{"T1", {"2210 N", ""}}, {"T2", {"2212 N", ""}}});
  CHECK(s->validate(kTyre, {"T1: turn R, move 2, turn L, move 3"}).has_value());  // 1+2+1+3 = 7 MP
  CHECK(has(first_error(*s, kTyre, {"T1: turn R, move 2, turn L, move 5"}),
            "only 7 Movement Points"));
  CHECK(has(first_error(*s, kTyre, {"T1: turn R, turn R, move 1"}),
            "one hexside per hex entered (5.12)"));
  CHECK(has(first_error(*s, kTyre, {"T2: move 2"}), "occupied by T1 (5.22)"));
  CHECK(has(first_error(*s, kTyre, {"T1: move 1", "T1: move 1"}), "second order"));
  CHECK(has(first_error(*s, kMacedon, {"T1: move 1"}), "not yours"));
}

TEST_CASE("Tyre 5.0: ships sail only on water / 5.24 backwards at most three hexes, alone") {
  const auto s = position("first-movement", 1, {{"T1", {"2810 SE", ""}}});
  CHECK(has(first_error(*s, kTyre, {"T1: move 1"}), "not water (5.0)"));
  CHECK(s->validate(kTyre, {"T1: back 3"}).has_value());
  CHECK(has(first_error(*s, kTyre, {"T1: back 4"}), "at most three hexes (5.24)"));
  CHECK(has(first_error(*s, kTyre, {"T1: back 1, turn L"}), "only action in the segment (5.24)"));
}

TEST_CASE("Tyre 16.12: a ship outside its leaders' command radius may not move") {
  // Hanno (radius 4) rides T1, six hexes north of T2.
  const auto s = position("first-movement", 1, {{"T1", {"2210 S", ""}}, {"T2", {"2220 N", ""}}});
  CHECK(has(first_error(*s, kTyre, {"T2: move 1"}), "beyond the command radius"));
  // A leader may move first to bring ships into command (16.12).
  CHECK(s->validate(kTyre, {"T1: move 6", "T2: move 1"}).has_value());
  CHECK(has(first_error(*s, kTyre, {"T2: move 1", "T1: move 6"}), "beyond the command radius"));
}

TEST_CASE(
    "Tyre 6.11-6.13: ramming needs three hexes, at most one turn two hexes out, and the "
    "broadside") {
  // C1 (Marcus 3-3-5, a trireme) and a Tyrian trireme T2 lying north-south.
  const auto s = position("first-movement", 2,
                          {{"C1", {"2216 N", ""}}, {"T2", {"2212 N", ""}}, {"T1", {"2010 N", ""}}});
  CHECK(has(first_error(*s, kMacedon, {"C1: move 3, ram T2"}), "bow or stern"));
  const auto side =
      position("first-movement", 2,
               {{"C1", {"2416 N", ""}}, {"T2", {"2412 NE", ""}}, {"T1", {"2010 N", ""}}});
  CHECK(side->validate(kMacedon, {"C1: move 3, ram T2"}).has_value());
  CHECK(has(first_error(*side, kMacedon, {"C1: move 2, ram T2"}), "next to"));
  const auto close =
      position("first-movement", 2,
               {{"C1", {"2414 N", ""}}, {"T2", {"2412 NE", ""}}, {"T1", {"2010 N", ""}}});
  CHECK(has(first_error(*close, kMacedon, {"C1: move 1, ram T2"}), "to ram it (6.11)"));
  CHECK(has(first_error(*side, kMacedon, {"C1: turn L, move 1, turn R, move 2, ram T2"}),
            "one hexside in its whole attempt (6.12)"));
}

TEST_CASE("Tyre 6.14, 6.4, 5.21: a ram that pins / the rammer is exhausted in the next impulse") {
  const auto s =
      position("first-movement", 2,
               {{"C1", {"2416 N", ""}}, {"T2", {"2412 NE", ""}}, {"T1", {"2010 N", ""}}});
  // Trireme on trireme needs 4; Marcus adds 3 to the first roll: 1 + 3 = 4 hits;
  // the damage roll of 2 pins (6.4).
  auto p = play(*s, {{kMacedon, {"C1: move 3, ram T2"}}}, {1, 2});
  CHECK(has(
      p.events,
      "C1 (trireme) rams T2 (trireme) [leaders: +3 -0 on the first roll, 16.22]: pinned (6.4)"));
  const std::string pos = p.next->serialize();
  CHECK(has(pos, "ship C1 2413 N full exhausted=3"));
  CHECK(has(pos, "pinned=C1 rammer=0"));
  CHECK(has(pos, "pinned=T2 rammer=1"));
}

TEST_CASE(
    "Tyre 6.16, 6.17: breaking a pin: 1-2 for the rammed ship, 1-4 for the rammer, never when "
    "disrupted") {
  const std::map<std::string, ShipSpec> pinned{{"C1", {"2413 N", "pinned=T2 rammer=1"}},
                                               {"T2", {"2412 NE", "pinned=C1 rammer=0"}},
                                               {"T1", {"2010 N", ""}}};
  const auto tyre_moves = position("first-movement", 3, pinned);
  CHECK(has(first_error(*tyre_moves, kTyre, {"T2: move 1"}), "must 'unpin' first"));
  auto stays = play(*tyre_moves, {{kTyre, {"T2: unpin, move 1"}}}, {3});
  CHECK(has(stays.events, "T2 stays pinned to C1 (6.16: needed 1-2)"));
  auto frees = play(*tyre_moves, {{kTyre, {"T2: unpin, move 1"}}}, {2});
  CHECK(has(frees.events, "T2 breaks free of C1"));
  const auto mac_moves = position("first-movement", 2, pinned);
  auto rammer = play(*mac_moves, {{kMacedon, {"C1: unpin, turn L"}}}, {4});
  CHECK(has(rammer.events, "C1 breaks free of T2 (6.16: needed 1-4)"));
  const auto disrupted = position("first-movement", 3,
                                  {{"C1", {"2413 N", "pinned=T2 rammer=1"}},
                                   {"T2", {"2412 NE", "pinned=C1 disrupted=3"}},
                                   {"T1", {"2010 N", ""}}});
  CHECK(has(first_error(*disrupted, kTyre, {"T2: unpin"}),
            "disrupted and may not try to unpin (6.17)"));
}

TEST_CASE(
    "Tyre 5.21, 5.23: an exhausted ship moves at half speed, may not ram, and is not halved "
    "twice") {
  const auto s = position("first-movement", 2,
                          {{"C1", {"2416 N", "exhausted=2 disrupted=2"}},
                           {"C2", {"2420 N", ""}},
                           {"T2", {"2410 NE", ""}}});
  CHECK(s->validate(kMacedon, {"C1: move 3"}).has_value());
  CHECK(has(first_error(*s, kMacedon, {"C1: move 4"}), "only 3 Movement Points"));
  CHECK(has(first_error(*s, kMacedon, {"C1: move 3, ram T2"}),
            "exhausted and may not use ramming speed (5.21)"));
}

TEST_CASE(
    "Tyre 6.21-6.27: melee between adjacent parallel or pinned ships, at most two attackers") {
  const auto s = position("melee", 1,
                          {{"T1", {"2210 N", ""}},
                           {"T2", {"2410 S", ""}},
                           {"T3", {"2012 N", ""}},
                           {"C1", {"2310 N", ""}},
                           {"C2", {"2311 NE", ""}}});
  CHECK(s->validate(kTyre, {"T1 T2: attack C1"}).has_value());
  CHECK(has(first_error(*s, kTyre, {"T1: attack C2"}), "neither parallel nor pinned"));
  CHECK(has(first_error(*s, kTyre, {"T3: attack C1"}), "not next to"));
  CHECK(has(first_error(*s, kTyre, {"T1: attack C1", "T1: attack C1"}),
            "only once per impulse (6.23)"));
  const auto pinned = position(
      "melee", 1,
      {{"T1", {"2210 N", "pinned=C2"}}, {"C1", {"2310 N", ""}}, {"C2", {"2311 NE", "pinned=T1"}}});
  CHECK(has(first_error(*pinned, kTyre, {"T1: attack C1"}),
            "pinned to C2 and may melee only with it (6.27)"));
  CHECK(pinned->validate(kTyre, {"T1: attack C2"}).has_value());
}

TEST_CASE("Tyre 6.24: melee is simultaneous, so two ships may sink each other") {
  // T1 (5 + Hanno's 2) against C3 (5); C3 (5 + Pnytagoras' 2) against T1 (5 + 2).
  const auto s =
      position("melee", 1, {{"T1", {"2210 N", "damaged"}}, {"C3", {"2310 N", "damaged"}}});
  // Then each sunk ship's leader undergoes leader loss (16.41): Pnytagoras
  // finds no Macedonian ship left; Hanno none either.
  auto p = play(*s, {{kTyre, {"T1: attack C3"}}, {kMacedon, {"C3: attack T1"}}}, {6, 6, 1, 1});
  CHECK(has(p.events, "T1 (5) attack C3 (5), differential 0: damaged (6.5)"));
  CHECK(has(p.events, "C3 (5) attack T1 (5), differential 0: damaged (6.5)"));
  CHECK(has(p.events, "T1 is sunk"));
  CHECK(has(p.events, "C3 is sunk"));
}

TEST_CASE("Tyre 6.26: no melee from a beach or home port hex") {
  const auto s = position("melee", 1, {{"T1", {"4909 N", ""}}, {"C1", {"5009 N", ""}}});
  CHECK(has(first_error(*s, kTyre, {"T1: attack C1"}), "beach or home port hex (6.26)"));
}

TEST_CASE("Tyre 9.31: grounding on a beach / the circumnavigation hexes for two Movement Points") {
  const auto s = position("first-movement", 1, {{"T2", {"5009 NW", ""}}, {"T1", {"5011 N", ""}}});
  auto lost = play(*s, {{kTyre, {"T2: move 1"}}}, {1});
  CHECK(has(lost.events, "T2 runs aground at 4909 and is destroyed (9.31: 1 <= grounding 1)"));
  // The movement line comes first, then the wreck.
  const auto moved = lost.events.find("T2 moves from 5009 to 4909");
  const auto wrecked = lost.events.find("T2 runs aground at 4909");
  REQUIRE(moved != std::string::npos);
  CHECK(moved < wrecked);
  auto safe = play(*s, {{kTyre, {"T2: move 1"}}}, {2});
  CHECK(has(safe.events, "T2 enters the beach at 4909 safely"));
  const auto north = position("first-movement", 1, {{"T1", {"2702 NE", ""}}});
  auto around = play(*north, {{kTyre, {"T1: move 1"}}}, {});
  CHECK(has(around.events, "(2 of 7 MP)"));
}

TEST_CASE("Tyre orders: numbers out of range are refused, never truncated") {
  const auto s = position("first-movement", 1, {{"T2", {"5009 NW", ""}}, {"T1", {"5011 N", ""}}});
  CHECK(has(first_error(*s, kTyre, {"T2: move 4294967296"}), "the number of hexes is 1 to 99"));
  CHECK(has(first_error(*s, kTyre, {"T2: back 0"}), "the number of hexes is 1 to 99"));
  CHECK(has(first_error(*s, kTyre, {"T2: move -1"}), "the number of hexes is 1 to 99"));
}

TEST_CASE("Tyre 5.0, 5.12, 5.2: typical refusals of a movement order cite their case") {
  const auto s = position("first-movement", 1, {{"T2", {"5009 NW", ""}}, {"T1", {"5011 N", ""}}});
  CHECK(has(first_error(*s, kTyre, {"T2: turn X"}), "(5.12)"));
  CHECK(has(first_error(*s, kTyre, {"T2: back 0"}), "(5.2)"));
  CHECK(has(first_error(*s, kTyre, {"T2: fly"}), "(5.0, 6.1)"));
}

TEST_CASE("Tyre 9.32: the boom stops Macedonian ships until one has held it for a whole impulse") {
  const auto s = position("first-movement", 2, {{"C1", {"2904 SE", ""}}, {"T1", {"2210 N", ""}}});
  CHECK(has(first_error(*s, kMacedon, {"C1: move 1"}), "may not cross the boom"));
  const auto melee = position("melee", 1, {{"C1", {"2904 SE", ""}}, {"T1", {"2210 N", ""}}});
  auto first = play(*melee, {}, {});  // no melee possible: the impulse ends at once
  CHECK(has(first.next->serialize(), "watch=north"));
  const auto held =
      position("melee", 2, {{"C1", {"2904 SE", "watch=north"}}, {"T1", {"2210 N", ""}}});
  auto second = play(*held, {}, {});
  CHECK(has(second.events,
            "C1 has held the north boom for a whole impulse: the boom is destroyed (9.32)"));
  CHECK(has(second.next->serialize(), "boom north broken"));
  const auto open = position("first-movement", 4, {{"C1", {"2904 SE", ""}}, {"T1", {"2210 N", ""}}},
                             "boom north broken\n");
  CHECK(open->validate(kMacedon, {"C1: move 1"}).has_value());
  // A Tyrian ship next to it prevents the watch (9.32).
  const auto guarded =
      position("melee", 1, {{"C1", {"2904 SE", "watch=north"}}, {"T1", {"2803 N", ""}}});
  CHECK(has(play(*guarded, {}, {}).next->serialize(),
            "ship C1 2904 SE full exhausted=0 disrupted=0 pinned=- rammer=0 watch=-"));
}

TEST_CASE(
    "Tyre 16.41: a leader on a sunk ship drowns on a 6, else reaches the nearest friend, shaken") {
  const auto s = position("melee", 1,
                          {{"T1", {"2210 N", "damaged"}},
                           {"T2", {"2010 N", ""}},
                           {"C1", {"2310 N", ""}},
                           {"C2", {"2311 N", ""}}});
  auto p = play(*s, {{kMacedon, {"C1 C2: attack T1"}}}, {6, 4});
  CHECK(has(p.events, "T1 is sunk"));
  CHECK(has(p.events, "Hanno reaches T2 but may not use his ratings for 4 impulse(s) (16.41)"));
  auto drowned = play(*s, {{kMacedon, {"C1 C2: attack T1"}}}, {6, 6});
  CHECK(has(drowned.events, "Hanno drowns (16.41)"));
}

TEST_CASE("Tyre 17.21: Macedonian fleets arrive by the reinforcement table") {
  auto game = tyre::make_tyre_game();
  auto s = game->new_game("naval", 2).value();
  CHECK(s->step().label == "Turn 1: Tyrian deployment (17.1)");
  CHECK(s->step().to_order == std::vector<PlayerId>{kTyre});
  auto no = play(*s, {}, {4});
  CHECK(
      has(no.events, "the Aradus/Byblus/Sidon fleet does not arrive this Game-Turn (needed 1-3)"));
  auto yes = play(*s, {}, {3});
  CHECK(has(yes.events, "the Aradus/Byblus/Sidon fleet arrives"));
  CHECK(yes.next->step().label == "Turn 1, impulse 1: Tyrian movement");
}

TEST_CASE("Tyre 17.1: the deployment keeps every ship in the harbours and within command radius") {
  auto s = tyre::make_tyre_game()->new_game("naval", 2).value();
  CHECK(has(first_error(*s, kTyre, {"T1: at 2210 facing N"}), "not in the Tyrian harbours"));
  CHECK(s->validate(kTyre, {"T1: at 3305 facing S", "T5: at 3104 facing SW"}).has_value());
}

TEST_CASE("Tyre positions round-trip and corrupt ones are refused") {
  auto game = tyre::make_tyre_game();
  const auto s =
      position("melee", 4,
               {{"T1", {"2210 N", "damaged pinned=C1"}}, {"C1", {"2310 N", "pinned=T1 rammer=1"}}});
  auto back = game->deserialize(s->serialize());
  REQUIRE(back.has_value());
  CHECK((*back)->serialize() == s->serialize());
  CHECK_FALSE(game->deserialize("tyre 1\nship T1 9999 N full\n").has_value());
  CHECK_FALSE(game->deserialize("chess\n").has_value());
}

namespace {

// The canonical lines of `orders`, as the platform reveals them after the step.
RevealedLines revealed(const State& s, const std::map<PlayerId, std::vector<std::string>>& orders) {
  RevealedLines out;
  for (const auto& [seat, lines] : orders) out[seat] = s.validate(seat, lines).value().lines;
  return out;
}

std::string route(const Arrow& a) {
  std::string r = a.from;
  for (const auto& c : a.path) r += "-" + c;
  return r + "-" + a.to;
}

// The picture of the position after a step with its orders drawn.
testing::SvgReading picture(const State& next, const RevealedLines& lines) {
  return testing::picture_after(next, lines, {"Tyrian", "Macedonian"});
}

}  // namespace

TEST_CASE(
    "Tyre 5.1, 6.1: the step's orders drawn: a ram's approach along the hexes passed, then the "
    "ram") {
  const auto s =
      position("first-movement", 2,
               {{"C1", {"2416 N", ""}}, {"T2", {"2412 NE", ""}}, {"T1", {"2010 N", ""}}});
  const std::map<PlayerId, std::vector<std::string>> orders{{kMacedon, {"C1: move 3, ram T2"}}};
  auto p = play(*s, orders, {1, 2});
  const auto lines = revealed(*s, orders);
  const auto arrows = p.next->order_arrows(lines);
  REQUIRE(arrows.size() == 2);
  CHECK(arrows[0].kind == ArrowKind::Move);
  CHECK(route(arrows[0]) == "2416-2415-2414-2413");
  CHECK(arrows[0].owner == kMacedon.value);
  CHECK(arrows[0].order == "C1: move 3, ram T2");
  CHECK(arrows[1].kind == ArrowKind::Ram);
  CHECK(route(arrows[1]) == "2413-2412");
  CHECK(arrows[1].owner == kMacedon.value);
  const auto r = picture(*p.next, lines);
  REQUIRE_MESSAGE(r.error.empty(), r.error);
  CHECK(r.with_class("order order-move") == 1);
  CHECK(r.with_class("order order-ram") == 1);
  CHECK(r.has_text("C1: move 3, ram T2 (2416-2415-2414-2413)"));
  CHECK(r.has_text("C1: move 3, ram T2 (2413-2412)"));
  CHECK(r.with_class("legend-orders") == 1);
  // A position read back from its bytes no longer knows the hexes passed:
  // the ram is still drawn, the move is not.
  const auto again = tyre::make_tyre_game()->deserialize(p.next->serialize()).value();
  const auto read_back = again->order_arrows(lines);
  REQUIRE(read_back.size() == 1);
  CHECK(read_back[0].kind == ArrowKind::Ram);
}

TEST_CASE("Tyre 5.12, 5.13: a move with turns is drawn through every hex entered") {
  const auto s = position("first-movement", 1, {{"T1", {"2210 N", ""}}, {"T2", {"2212 N", ""}}});
  const std::map<PlayerId, std::vector<std::string>> orders{
      {kTyre, {"T1: turn R, move 2, turn L, move 3"}}};
  auto p = play(*s, orders, {});
  // From 2210 facing N: turned to NE, two hexes NE, turned back to N, three hexes N.
  std::vector<hex::HexId> hexes{*hex::parse_hex("2210")};
  for (int k = 0; k < 2; ++k) hexes.push_back(hex::neighbour(hexes.back(), hex::Dir::NE));
  for (int k = 0; k < 3; ++k) hexes.push_back(hex::neighbour(hexes.back(), hex::Dir::N));
  std::string expected;
  for (const auto h : hexes) expected += (expected.empty() ? "" : "-") + hex::format_hex(h);
  const auto arrows = p.next->order_arrows(revealed(*s, orders));
  REQUIRE(arrows.size() == 1);
  CHECK(route(arrows[0]) == expected);
  CHECK(arrows[0].kind == ArrowKind::Move);
  CHECK(arrows[0].owner == kTyre.value);
  CHECK_FALSE(arrows[0].failed);
  CHECK(has(p.next->serialize(), "ship T1 " + hex::format_hex(hexes.back()) + " N"));
}

TEST_CASE("Tyre 6.23, 6.24: two ships' melee against one drawn from each attacker") {
  const auto s = position("melee", 1,
                          {{"T1", {"2210 N", ""}}, {"T2", {"2410 S", ""}}, {"C1", {"2310 N", ""}}});
  const std::map<PlayerId, std::vector<std::string>> orders{{kTyre, {"T1 T2: attack C1"}}};
  auto p = play(*s, orders, {6, 6});
  const auto lines = revealed(*s, orders);
  const auto arrows = p.next->order_arrows(lines);
  REQUIRE(arrows.size() == 2);
  CHECK(route(arrows[0]) == "2210-2310");
  CHECK(route(arrows[1]) == "2410-2310");
  for (const Arrow& a : arrows) {
    CHECK(a.kind == ArrowKind::Melee);
    CHECK(a.owner == kTyre.value);
  }
  const auto r = picture(*p.next, lines);
  REQUIRE_MESSAGE(r.error.empty(), r.error);
  CHECK(r.with_class("order order-melee") == 2);
}

// ------------------------------------------------- the naval scenario's end
// docs/rules/tyre.md, "The naval scenario's victory": from rules version 4
// the losses in melee strength decide at the end of Game-Turn 12 (18.0,
// 6.34); under versions 1 to 3 the Tyrian wins then whatever happened (18.2).

namespace {

// The end of Game-Turn 12: the last regrouping of the game, with no orders.
StepInfo last_regrouping(const std::map<std::string, ShipSpec>& ships, int rules) {
  const auto s = position("regroup", 6, ships, "", {12, rules});
  const auto p = play(*s, {}, {});
  return p.next->step();
}

}  // namespace

TEST_CASE("Tyre 18.0, 6.34 (naval, rules 4): a sunk trireme outweighs a damaged one") {
  // T1 sunk: the Tyrian lost a trireme's full 5; C1 damaged: the Macedonian
  // lost 5 - 3 = 2 (6.34, the backprinted face).
  const auto info = last_regrouping(
      {{"T1", {"sunk N", ""}}, {"T2", {"2210 N", ""}}, {"C1", {"2310 N", "damaged"}}}, 4);
  REQUIRE(info.game_over);
  REQUIRE(info.winners.size() == 1);
  CHECK(info.winners[0].value == 1);
  CHECK(has(info.result, "Macedonian victory"));
  CHECK(has(info.result, "Tyrian 5, Macedonian 2"));
}

TEST_CASE("Tyre 18.0, 18.2 (naval, rules 4): equal losses leave the time, and the game, to Tyre") {
  const auto info =
      last_regrouping({{"T1", {"2210 N", "damaged"}}, {"C1", {"2310 N", "damaged"}}}, 4);
  REQUIRE(info.game_over);
  CHECK(info.winners.at(0).value == 0);
  CHECK(has(info.result, "Tyrian victory"));
  CHECK(has(info.result, "Tyrian 2, Macedonian 2"));
}

TEST_CASE("Tyre 18.0, 6.34 (naval, rules 4): the Macedonian who loses more loses the game") {
  const auto info = last_regrouping(
      {{"T1", {"2210 N", "damaged"}}, {"C1", {"sunk N", ""}}, {"C2", {"2310 N", ""}}}, 4);
  REQUIRE(info.game_over);
  CHECK(info.winners.at(0).value == 0);
  CHECK(has(info.result, "Tyrian 2, Macedonian 5"));
}

TEST_CASE("Tyre 18.0 (naval, rules 4): the game goes on before the end of Game-Turn 12") {
  const auto s =
      position("regroup", 6, {{"T1", {"sunk N", ""}}, {"C1", {"2310 N", ""}}}, "", {11, 4});
  const auto p = play(*s, {}, {});
  CHECK_FALSE(p.next->step().game_over);
}

TEST_CASE(
    "Tyre 18.2 (naval, rules 3): the Tyrian wins at the end of Game-Turn 12 whatever the losses") {
  for (const int version : {1, 2, 3}) {
    CAPTURE(version);
    const auto info = last_regrouping(
        {{"T1", {"sunk N", ""}}, {"T2", {"2210 N", ""}}, {"C1", {"2310 N", ""}}}, version);
    REQUIRE(info.game_over);
    CHECK(info.winners.at(0).value == 0);
    CHECK(has(info.result, "no amphibious assault by the end of Game-Turn 12 (18.2)"));
  }
}
