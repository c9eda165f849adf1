// Classis v3.0: each case of the text and its examples (1.3, 1.7, 3.2.11), on
// positions written in the module's own position format; the readings the
// text leaves open are tested as docs/rules/classis.md decides them.
#include <doctest/doctest.h>

#include "convert.h"
#include "core/cup.h"
#include "core/text.h"
#include "games/classis/classis.h"
#include "games/classis/classis_fixture.h"
#include "games/classis/rules.h"
#include "support/drawn_step.h"
#include "support/scripted_step.h"
#include "support/svg_check.h"
#include "support/text.h"
#include "svg.h"

using namespace naumachia;
using namespace naumachia::testing::classis_positions;
using testing::first_error;
using testing::has;
using testing::Played;

namespace {

std::string view_text(const State& s) {
  std::string t;
  const View v = s.view(kFirst);
  for (const Cell& c : v.cells)
    for (const Token& k : c.tokens)
      t += c.id + " " + k.label + " " + k.values + " [" + text::join(k.marks, ", ") + "] " +
           text::join(k.details, "; ") + "\n";
  for (const std::string& n : v.notes) t += n + "\n";
  return t;
}

std::unique_ptr<Game> game() {
  return classis::make_classis_game();
}

}  // namespace

TEST_CASE("Classis 1.3: every type of the Ship Factors Chart is in the data") {
  auto d = classis::load_data();
  REQUIRE_MESSAGE(d.has_value(), (d ? "" : d.error().message));
  CHECK(d->types.size() == 18);
  const auto& t = d->types;
  CHECK(t.at("lembos").ram == 1);
  CHECK(t.at("lembos").speed == 5);
  CHECK(t.at("trireme").board == 4);
  CHECK(t.at("quinquereme").turn == 2);
  CHECK(t.at("ct-quinquereme").board == 8);
  CHECK(t.at("ten").board == 40);
  CHECK(t.at("polyreme").ram == 12);
  CHECK(t.at("polyreme").board == 50);
  CHECK(t.at("six").armour == classis::Armour::Polyreme);
  CHECK(t.at("trireme").armour == classis::Armour::None);
}

TEST_CASE("Classis 1.3 Towers example: a ship of boarding 7 adds one tower, 11 in all") {
  auto d = classis::load_data().value();
  CHECK(classis::max_towers(d.types.at("ct-quadrireme")) == 1);
  CHECK(d.types.at("ct-quadrireme").board + classis::kTowerPoints == 11);
  CHECK(classis::max_towers(d.types.at("ct-trireme")) == 1);
  CHECK(classis::max_towers(d.types.at("ct-quinquereme")) == 2);
  CHECK(classis::max_towers(d.types.at("quinquereme")) == 0);  // not a cataphract
}

TEST_CASE("Classis 1.3 Artillery: engine points by size, only on cataphracts") {
  auto d = classis::load_data().value();
  CHECK(d.types.at("ct-trireme").engine_points == 1);
  CHECK(d.types.at("ct-quinquereme").engine_points == 1);
  CHECK(d.types.at("six").engine_points == 2);
  CHECK(d.types.at("ten").engine_points == 2);
  CHECK(d.types.at("polyreme").engine_points == 3);
  CHECK(d.types.at("trireme").engine_points == 0);
}

TEST_CASE("Classis 1.10: every scenario's deployment zones are more than one move apart") {
  auto d = classis::load_data().value();
  REQUIRE(d.scenarios.size() >= 3);
  for (const auto& s : d.scenarios) {
    CAPTURE(s.id);
    CHECK(std::max(s.zone[0].first, s.zone[1].first) -
              std::min(s.zone[0].second, s.zone[1].second) >
          5);
  }
  const auto* actium = d.scenario("actium");
  REQUIRE(actium);
  CHECK(actium->cols == 29);
  CHECK(actium->rows == 10);
  int land = 0, reef = 0;
  for (const auto& [h, t] : actium->terrain) (t == classis::Terrain::Land ? land : reef)++;
  CHECK(land > 0);
  CHECK(reef > 0);
  CHECK(d.scenario("patrol")->cols == 14);
  CHECK(d.scenario("patrol")->rows == 12);
}

TEST_CASE(
    "Classis 1.2, 1.4, 1.5: the muster rolls commanders and crews / a one-off draws two nations' "
    "fleets") {
  auto g = game();
  for (std::uint8_t k = 0; k < 6; ++k) {
    auto s = g->new_game("oneoff", 2).value();
    CHECK(s->step().to_order.empty());  // the muster: nobody orders
    Seed seed{};
    seed[0] = k;
    SeededDice dice(seed, s->step().number);
    auto r = s->resolve({}, dice);
    REQUIRE(!r.events.empty());
    const std::string& e = r.events.front().text;
    CAPTURE(e);
    CHECK(has(e, "rating"));
    CHECK(has(e, "The wind blows from"));
    CHECK(r.next->step().to_order.size() == 2);  // the setup: both sides
    const std::string bytes = r.next->serialize();
    // Two different nations, 6-10 ships each, 2-3 squadrons of two or more.
    const auto nations =
        bytes.substr(bytes.find("nations ") + 8,
                     bytes.find('\n', bytes.find("nations ")) - bytes.find("nations ") - 8);
    const auto sp = text::split(nations);
    REQUIRE(sp.size() == 2);
    CHECK(sp[0] != sp[1]);
    int ships[2] = {0, 0};
    for (std::string_view line : text::lines(bytes)) {
      if (line.starts_with("ship ")) ships[text::split(line)[3] == "0" ? 0 : 1]++;
    }
    CHECK(ships[0] >= 6);
    CHECK(ships[0] <= 10);
    CHECK(ships[1] >= 6);
    CHECK(ships[1] <= 10);
    // Crew quality 1d12 (1.4) and commander 1d12 (1.5) are shown as rolls.
    bool crew_roll = false, commander_roll = false;
    for (const DieRoll& d : r.events.front().rolls) {
      if (d.sides == 12 && has(d.purpose, "crew (1.4)")) crew_roll = true;
      if (d.sides == 12 && has(d.purpose, "quality (1.5)")) commander_roll = true;
    }
    CHECK(crew_roll);
    CHECK(commander_roll);
  }
}

TEST_CASE("Classis 1.5, 1.4: the Commander and Crew Quality Charts read 1-3, 4-9, 10-12") {
  auto g = game();
  auto s = g->new_game("patrol", 2).value();
  // patrol: the four commanders are rolled (12, 1, 9, 4), then the crews of
  // R3, R4, R5 and P1-P7 (1, 3, 4, 9, 10, 12, 2, 5, 6, 7), then the wind (2).
  Played p = testing::play_step(*s, {}, {12, 1, 9, 4, 1, 3, 4, 9, 10, 12, 2, 5, 6, 7, 2});
  const std::string bytes = p.next->serialize();
  CHECK(has(bytes, "commander RHODES-1 0 4 1 A 0 Rhodian navarch"));    // 12: above average (4)
  CHECK(has(bytes, "commander RHODES-2 0 2 0 B 0 Rhodian trierarch"));  // 1: below average (2)
  CHECK(has(bytes, "commander PIRATE-1 1 3 1 P 0 Pirate chief"));       // 9: average
  CHECK(has(bytes, "commander PIRATE-2 1 3 0 Q 0 Pirate captain"));     // 4: average
  CHECK(has(bytes, "ship R3 trireme 0 0 A A green"));                   // 1
  CHECK(has(bytes, "ship R4 trireme 0 0 B B green"));                   // 3
  CHECK(has(bytes, "ship R5 hemiolia 0 0 B B average"));                // 4
  CHECK(has(bytes, "ship P1 hemiolia 1 1 P P average"));                // 9
  CHECK(has(bytes, "ship P2 hemiolia 1 1 P P expert"));                 // 10
  CHECK(has(bytes, "ship P3 lembos 1 1 P P expert"));                   // 12
  CHECK(has(bytes, "ship R1 triemiolia 0 0 A A expert"));               // set by the scenario
  CHECK(has(bytes, "wind NE"));                                         // 2
}

TEST_CASE("Classis 1.7 example: ratings 2, 3 and 3 put 8 chits in the cup, with End of Turn") {
  Pos p = duel();
  p.commanders = {"CA 0 3 1 A 0 Navarch", "CB 0 2 0 B 0 Trierarch", "CC 0 3 0 C 0 Kybernetes",
                  "CP 1 3 1 P 0 Chief"};
  p.squadrons = {"A 0 CA R1", "B 0 CB R3", "C 0 CC R5", "P 1 CP P1"};
  p.ships.push_back("R5 bireme 0 C 0203 S");
  p.ships.push_back("R6 bireme 0 C 0303 S");
  p.cup = {};  // the cup is empty: once P declines, the turn ends
  p.points = 1;
  p.active = "P";
  auto s = position(p);
  // P declines; the cup is empty: turn 3 begins with 2 + 3 + 3 yellow chits,
  // 3 red and End of Turn; then a draw (die of 12) and the initiative.
  Played r = testing::play_step(*s, {{kSecond, {"end"}}}, {12, 4});
  CAPTURE(r.events);
  CHECK(has(r.events, "Turn 3 begins: the cup holds 12 chits: A A A B B C C C END-OF-TURN P P P"));
}

TEST_CASE(
    "Classis 2.1, 3.2.10: a side's Morale Check chit joins the cup the turn after its first loss") {
  Pos p = duel();
  p.cup = {};
  p.points = 1;
  p.ships[4] = "P1 hemiolia 1 P 0606 SW sunk";
  p.ships.push_back("P3 lembos 1 P 0810 N");
  p.losses = "0 2 4 3 17 5";  // the second side's first loss was in turn 2
  auto s = position(p);
  Played r = testing::play_step(*s, {{kFirst, {"end"}}}, {1, 4});
  CHECK(has(r.events, "MORALE-1"));
  CHECK_FALSE(has(r.events, "MORALE-0"));
}

TEST_CASE(
    "Classis 2.2, 2.4, 2.5: the drawn squadron rolls 1d6 initiative / End of Turn begins a new "
    "turn") {
  Pos p = duel();
  p.cup = {"A", "END-OF-TURN"};
  p.points = 1;
  p.active = "P";
  auto s = position(p);
  // Declined: the draw (die of 2) gives END-OF-TURN (the second chit sorted:
  // "A" < "END-OF-TURN"); turn 3 fills the cup again (9 chits); P is drawn
  // (the ninth) with 5 points.
  Played r = testing::play_step(*s, {{kSecond, {}}}, {2, 9, 5});
  CAPTURE(r.events);
  CHECK(has(r.events, "End of Turn is drawn (2.5, 3.1.8)"));
  CHECK(has(r.events, "Turn 3 begins"));
  CHECK(has(r.events, "squadron P of Pirates (Chief) is activated with 5 initiative points"));
  CHECK(r.next->step().label ==
        "Turn 3: Pirates squadron P (Chief), 5 of 5 initiative points left");
  CHECK(r.next->step().to_order == std::vector<PlayerId>{kSecond});
}

TEST_CASE("Classis 3.1.5: the angles of attack on every facing") {
  // Around a ship in 0606: dead ahead its bow, then bow beams, quarter
  // beams and the stern, whichever way it faces.
  for (int f = 0; f < 6; ++f) {
    classis::Ship t;
    t.hex = {6, 6};
    t.facing = static_cast<hex::Dir>(f);
    const auto around = hex::neighbours(t.hex);
    const auto at = [&](int rel) { return around[static_cast<std::size_t>((f + rel) % 6)]; };
    CAPTURE(f);
    CHECK(classis::angle_of(t, at(0)) == classis::Angle::Bow);
    CHECK(classis::angle_of(t, at(1)) == classis::Angle::BowBeam);
    CHECK(classis::angle_of(t, at(5)) == classis::Angle::BowBeam);
    CHECK(classis::angle_of(t, at(2)) == classis::Angle::QuarterBeam);
    CHECK(classis::angle_of(t, at(4)) == classis::Angle::QuarterBeam);
    CHECK(classis::angle_of(t, at(3)) == classis::Angle::Stern);
  }
}

TEST_CASE("Classis 3.1.4: moving the bow into an enemy's hex engages it and ends the move") {
  auto s = position(duel());
  // R1 in 0605 faces S: P1 is in 0606.
  CHECK(first_error(*s, kFirst, {"R1: move F F"}) ==
        "R1 engages P1 in 0606: engaging ends the move (3.1.4)");
  Played r = testing::play_step(*s, {{kFirst, {"R1: move F"}}}, {});
  CHECK(has(r.events, "engages P1 (Pirates Hemiolia), on its quarter beam (3.1.4)"));
  CHECK(has(r.next->serialize(), "ship R1 trireme 0 0 A A average 0 0 0 0605 S 0 0 0 0 P1 0"));
}

TEST_CASE(
    "Classis 3.2.11 example: contact, grapple and board cost three points / no action twice") {
  Pos p = duel();
  p.ships[0] = "R1 trireme 0 A 0604 S";
  auto s = position(p);
  // R1 moves into contact, grapples (5 against 2) and boards (4 + 6 = 10
  // against 2 + 1 = 3): three points of six.
  Played r = testing::play_step(*s, {{kFirst, {"R1: move F F", "R1: grapple P1", "R1: board P1"}}},
                                {5, 2, 6, 1});
  CAPTURE(r.events);
  CHECK(has(r.events, "grappled (3.3.3)"));
  CHECK(has(r.events, "P1 is captured (3.3.5)"));
  CHECK(r.next->step().label ==
        "Turn 2: Rhodes squadron A (Navarch), 3 of 6 initiative points left");
  // The same ship may not grapple (or move) again in this activation.
  CHECK(first_error(*r.next, kFirst, {"R1: move F"}) ==
        "R1 has already made a move in this activation: no action twice (3.2.11)");
  CHECK(first_error(*s, kFirst, {"R1: move F", "R1: move F"}) ==
        "R1 has already made a move in this activation: no action twice (3.2.11)");
}

TEST_CASE("Classis 3.2.1: a move or action costs a point / the points run out (2.2)") {
  Pos p = duel();
  p.points = 1;
  auto s = position(p);
  CHECK(first_error(*s, kFirst, {"R2: move F", "R3: move F"}) ==
        "no initiative points are left in this activation (2.2, 3.1.2)");
  CHECK(first_error(*s, kFirst, {"R3: move F"}) ==
        "R3 is not in squadron A, which has the initiative (2.1, 3.1.1)");
  CHECK(first_error(*s, kSecond, {"P1: move F"}) ==
        "this seat has no orders in 'Turn 2: Rhodes squadron A (Navarch), 1 of 6 initiative points "
        "left'; Rhodes orders, its squadron A having the initiative (2.1)");
}

TEST_CASE("Classis 3.2.1, 1.5: a command move takes one point for ships in command only") {
  Pos p = duel();
  p.ships[1] = "R2 trireme 0 A 0704 S";
  p.ships.push_back("R7 trireme 0 A 1403 S");  // 8 hexes from the flagship R1 (radius 3)
  auto s = position(p);
  Played r = testing::play_step(*s, {{kFirst, {"A: move R2 F; R1 L F"}}}, {});
  CHECK(r.next->step().label ==
        "Turn 2: Rhodes squadron A (Navarch), 5 of 6 initiative points left");
  CHECK(has(r.events, "R2 moves from 0704 to 0705"));
  CHECK(first_error(*s, kFirst, {"A: move R7 F"}) ==
        "R7 is out of command: it acts only on its own (1.5)");
  CHECK(first_error(*s, kFirst, {"R7: move F"}) == "");  // individually it may
}

TEST_CASE("Classis 1.5: an engaged flagship puts its whole squadron out of command") {
  Pos p = duel("contact=P1");
  auto s = position(p);
  CHECK(first_error(*s, kFirst, {"A: move R2 F"}) ==
        "R2 is out of command: it acts only on its own (1.5)");
  CAPTURE(view_text(*s));
  CHECK(has(view_text(*s),
            "1003 R2 6-4-3-3 [out of command, may act] Trireme: ram 6, boarding 4, "
            "speed 3, turning 3; squadron A"));
}

// The fleet admiral's flagship R1, in ram contact with P1 since turn 1, about
// to be sunk by P1's follow-up ram.
Pos flagship_sunk(int rules) {
  Pos p = duel("contact=P1 ram=1");
  p.rules = rules;
  p.active = "P";
  p.squadrons = {"A 0 CA R1", "B 0 CB R3", "P 1 CP P2"};
  p.ships[4] = "P1 hemiolia 1 P 0606 N crew=expert";
  p.ships[5] = "P2 lembos 1 P 0607 N";
  p.ships[0] = "R1 trireme 0 A 0605 S contact=P1 ram=1 crippled";
  return p;
}

TEST_CASE(
    "Classis 1.5, 1.7, 2.1: a lost commander's chits stay in the cup and his ships act "
    "individually (rules version 2)") {
  auto s = position(flagship_sunk(2));
  // As under version 1 below: P1 11, R1 4: R1 sinks.
  Played r = testing::play_step(*s, {{kSecond, {"P1: follow-up R1"}}}, {6, 1});
  CAPTURE(r.events);
  CHECK(has(r.events,
            "Navarch is lost with his flagship R1 (the fleet admiral): squadron A is "
            "out of command for good; its chits stay in the cup and its ships act "
            "individually (1.5, 1.7)"));
  CHECK(has(r.next->serialize(), "cup 9 A A A B B END-OF-TURN P P P"));
  // Squadron A is activated by its chit; R2 acts, but only on its own.
  Pos a = flagship_sunk(2);
  a.ships[0] = "R1 trireme 0 A 0605 S sunk";
  a.ships[4] = "P1 hemiolia 1 P 0606 N";
  a.commanders[0] = "CA 0 3 1 A 1 Navarch";
  a.active = "A";
  auto own = position(a);
  CHECK(has(first_error(*own, kFirst, {"A: move R2 F"}), "out of command"));
  CHECK(first_error(*own, kFirst, {"R2: move F"}) == "");
}

TEST_CASE("Classis 2.1, 2.4: a squadron with no ship left has its chit put aside when drawn") {
  Pos p = duel();
  p.cup = {"B", "P"};
  p.commanders[1] = "CB 0 2 0 B 1 Trierarch";
  p.ships[2] = "R3 bireme 0 B 1203 S sunk";
  p.ships[3] = "R4 bireme 0 B 1303 S sunk";
  // A ends its activation; the d2 draws B (sorted first), put aside; the
  // last chit, P, is drawn without a roll and rolls 3 initiative points.
  Played r = testing::play_step(*position(p), {{kFirst, {"end"}}}, {1, 3});
  CAPTURE(r.events);
  CHECK(has(r.events, "squadron B is drawn but has no ship left: its chit is put aside (2.4)"));
  CHECK(has(r.events, "squadron P of"));
  CHECK(has(r.events, "is activated with 3 initiative points"));
}

TEST_CASE(
    "Classis 1.5: under rules version 1 a lost commander's chits leave the cup and his squadron "
    "is never in command again") {
  Pos p = duel("contact=P1 ram=1");
  p.rules = 1;
  p.active = "P";
  p.squadrons = {"A 0 CA R1", "B 0 CB R3", "P 1 CP P2"};
  p.ships[4] = "P1 hemiolia 1 P 0606 N";
  p.ships[5] = "P2 lembos 1 P 0607 N";
  // R1 flagship of A in ram contact with P1 since turn 1; P1 follows up and
  // sinks R1: 3 + 6 = 9 against 6 + 1 = 7 ... make it decisive: P1 crew expert.
  p.ships[4] = "P1 hemiolia 1 P 0606 N crew=expert";
  p.ships[0] = "R1 trireme 0 A 0605 S contact=P1 ram=1 crippled";
  auto s = position(p);
  // R1 (crippled, green now: average - 1) rams at 6 - 3 = 3; P1 3 + 2 crew.
  // Dice: P1 6, R1 1: P1 11, R1 4: R1 -7 sinks; P1 +7 no effect.
  Played r = testing::play_step(*s, {{kSecond, {"P1: follow-up R1"}}}, {6, 1});
  CAPTURE(r.events);
  CHECK(has(r.events, "R1 (Rhodes Trireme) sinks"));
  CHECK(has(r.events, "Navarch is lost with his flagship R1 (the fleet admiral)"));
  CHECK(has(r.events, "its 3 chit(s) leave the cup (1.5)"));
  CHECK_FALSE(has(r.next->serialize(), "cup 9"));
  CHECK(has(r.next->serialize(), "cup 6 B B END-OF-TURN P P P"));
}

TEST_CASE("Classis 3.2.2: only a backwater move breaks ram contact") {
  Pos p = duel("contact=P1 ram=1");
  auto s = position(p);
  CHECK(first_error(*s, kFirst, {"R1: move L F"}) ==
        "R1 is in ram contact with P1: only a backwater move breaks it (3.2.2)");
  Played r = testing::play_step(*s, {{kFirst, {"R1: backwater"}}}, {});
  CHECK(has(r.events, "R1 backs water from 0605 to 0604, breaking contact (3.2.2)"));
  CHECK(has(r.next->serialize(), "0604 S 0 0 0 0 - 0"));
}

TEST_CASE(
    "Classis 3.3.1: a ram totals ram factor, crew, angle and 1d6 / each ship reads its margin") {
  // R1 (trireme 6, expert) rams P1 (hemiolia 3, average) on its quarter
  // beam (+2): 6 + 1 + 2 + 3 = 12 against 3 + 2 = 5: P1 -7 sinks, R1 +7.
  Pos p = duel("crew=expert contact=P1");
  auto s = position(p);
  Played r = testing::play_step(*s, {{kFirst, {"R1: ram P1"}}}, {3, 2});
  CAPTURE(r.events);
  CHECK(has(r.events,
            "rams P1 (Pirates Hemiolia) on its quarter beam: 6 ram +1 crew +2 angle +3 = 12 "
            "against 3 ram +2 = 5 (3.3.1)"));
  CHECK(has(r.events, "P1 (Pirates Hemiolia) sinks: holed in the ram (3.3.1: -4 or more)"));

  // Margins -3/-2 cripple; -1..+1 a 1d6 each, 1-3 cripples; +2 no effect.
  Pos q = duel("contact=P1", "P1 trireme 1 P 0606 N");
  auto s2 = position(q);
  // Bow (P1 faces N toward R1): 6 + 0 + 2 = 8 against 6 + 4 = 10: R1 -2
  // crippled, P1 +2 no effect.
  Played r2 = testing::play_step(*s2, {{kFirst, {"R1: ram P1"}}}, {2, 4});
  CHECK(has(r2.events, "on its bow: 6 ram +2 = 8 against 6 ram +4 = 10"));
  CHECK(has(r2.events, "R1 (Rhodes Trireme) is crippled: damaged in the ram (3.3.1)"));
  CHECK_FALSE(has(r2.events, "P1 (Pirates Trireme) is crippled"));
  // 8 against 8: both roll; R1 3 crippled, P1 4 not.
  Played r3 = testing::play_step(*s2, {{kFirst, {"R1: ram P1"}}}, {2, 2, 3, 4});
  CHECK(has(r3.events, "R1 (Rhodes Trireme) is crippled"));
  CHECK_FALSE(has(r3.events, "P1 (Pirates Trireme) is crippled"));
}

TEST_CASE(
    "Classis 3.3.1: a crippled ship subtracts half its ram factor, rounded down (7 rams at 4)") {
  Pos p = duel("", "P1 quinquereme 1 P 0606 N crippled");
  p.ships[0] = "R1 quinquereme 0 A 0605 S contact=P1";
  auto s = position(p);
  // 7 + 1 crew (P1 crippled: green) + 1 = 9 against 7 - 3 = 4 + 1 = 5.
  Played r = testing::play_step(*s, {{kFirst, {"R1: ram P1"}}}, {1, 1});
  CAPTURE(r.events);
  CHECK(has(r.events, "against 4 ram +1 = 5"));
}

TEST_CASE("Classis 3.2.4: a follow-up ram is for a ram of a previous turn, by either ship") {
  Pos p = duel("contact=P1 ram=2");
  auto s = position(p);
  CHECK(first_error(*s, kFirst, {"R1: follow-up P1"}) ==
        "the ram of R1 and P1 was made this turn: a follow-up ram is for a ram from a previous "
        "turn (3.2.4)");
  CHECK(first_error(*s, kFirst, {"R1: ram P1"}) ==
        "R1 has already rammed P1: a further ram is a follow-up (3.2.4)");
  Pos q = duel("contact=P1 ram=1");
  CHECK(first_error(*position(q), kFirst, {"R1: follow-up P1"}) == "");
}

TEST_CASE(
    "Classis 3.2.5, 3.3.2: an oar rake only on a bow or quarter beam / a tie is the defender's") {
  Pos bow = duel("contact=P1", "P1 hemiolia 1 P 0606 N");
  CHECK(first_error(*position(bow), kFirst, {"R1: rake P1"}) ==
        "R1 is on P1's bow: an oar rake must be on a bow beam or a quarter beam (3.2.5, 3.3.2)");
  Pos stern = duel("contact=P1", "P1 hemiolia 1 P 0606 S");
  CHECK(has(first_error(*position(stern), kFirst, {"R1: rake P1"}), "on P1's stern"));
  auto s = position(duel("contact=P1"));
  // 6 + 1 = 7 against 3 + 4 = 7: a tie, no effect (and the lines after it stop).
  Played r = testing::play_step(*s, {{kFirst, {"R1: rake P1", "R2: move F"}}}, {1, 4});
  CHECK(has(r.events, "7 against 7: no effect (3.3.2)"));
  CHECK(has(r.events, "'R1: rake P1' failed: the orders after it are not carried out"));
  CHECK_FALSE(has(r.events, "R2 moves"));
  Played w = testing::play_step(*s, {{kFirst, {"R1: rake P1"}}}, {2, 4});
  CHECK(has(w.events, "P1 (Pirates Hemiolia) is crippled: oars raked by R1"));
}

TEST_CASE("Classis 3.3.3: a grapple holds on a higher roll / iron hands add 2") {
  auto s = position(duel("contact=P1"));
  Played tie = testing::play_step(*s, {{kFirst, {"R1: grapple P1"}}}, {3, 3});
  CHECK(has(tie.events, "3 against 3: it fails (3.3.3)"));
  auto iron = position(duel("contact=P1 iron"));
  Played r = testing::play_step(*iron, {{kFirst, {"R1: grapple P1"}}}, {3, 4});
  CHECK(has(r.events, "5 (iron hands +2) against 4: grappled (3.3.3)"));
  CHECK(has(r.next->serialize(), "0605 S 0 0 0 0 P1 0 0 P1 grapple"));  // R1 grappled with P1
}

TEST_CASE("Classis 3.3.5: engines subtract, towers add, and the defender may capture the boarder") {
  // R1: a cataphract quinquereme, 8 + 4 tower, 1 engine; P1 hemiolia 2.
  Pos p = duel("", "P1 hemiolia 1 P 0606 SW grappled=R1");
  p.ships[0] = "R1 ct-quinquereme 0 A 0605 S towers=1 engines=1 contact=P1 grappled=P1";
  auto s = position(p);
  Played r = testing::play_step(*s, {{kFirst, {"R1: board P1"}}}, {1, 6});
  CAPTURE(r.events);
  CHECK(has(r.events,
            "12 boarding +1 = 13 against 2 boarding -1 engines +6 = 7: P1 is captured (3.3.5)"));
  // The defender carries the boarder: a lembos boarding a quinquereme.
  Pos q = duel("", "P1 quinquereme 1 P 0606 SW grappled=R1");
  q.ships[0] = "R1 lembos 0 A 0605 S contact=P1 grappled=P1";
  Played c = testing::play_step(*position(q), {{kFirst, {"R1: board P1"}}}, {6, 1});
  CAPTURE(c.events);
  CHECK(has(c.events, "1 boarding +6 = 7 against 6 boarding +1 = 7: no result"));
  Played d = testing::play_step(*position(q), {{kFirst, {"R1: board P1"}}}, {1, 2});
  CHECK(has(d.events, "the defenders carry R1 instead"));
  CHECK(has(d.next->serialize(), "ship R1 lembos 0 1 P A green"));
}

TEST_CASE(
    "Classis 3.1.7, 3.3.4: a prize has no marines, speed 1, a Green crew / degrappling from it is "
    "automatic / grappling retakes it") {
  Pos p = duel("grappled=P1 done=board", "P1 hemiolia 0 A 0606 SW prize holder=0 grappled=R1");
  p.ships[4] = "P1 hemiolia 1 A 0606 SW prize holder=0 grappled=R1 crew=green";
  auto s = position(p);
  Played r = testing::play_step(*s, {{kFirst, {"R1: degrapple P1"}}}, {});
  CHECK(has(r.events, "R1 casts off from its prize P1 (3.3.4)"));
  CAPTURE(view_text(*s));
  CHECK(has(view_text(*s),
            "Hemiolia: ram 3, boarding 0, speed 1, turning 1; squadron A, crew "
            "Green"));
  CHECK(has(view_text(*s), "0606 P1 3-0-1-1 [fleet flagship, prize, grappled"));
  // The pirates grapple their lost ship back: recaptured without a fight.
  Pos q = p;
  q.active = "P";
  q.ships[0] = "R1 trireme 0 A 0604 S";
  q.ships[4] = "P1 hemiolia 1 A 0606 SW prize holder=0 home=P crew=green";
  q.ships[5] = "P2 lembos 1 P 0607 N contact=P1";
  Played back = testing::play_step(*position(q), {{kSecond, {"P2: grapple P1"}}}, {4, 2});
  CAPTURE(back.events);
  CHECK(has(back.events, "is recaptured by P2 without a fight (3.1.7)"));
  CHECK(has(back.next->serialize(), "ship P1 hemiolia 1 1 P P green"));
}

TEST_CASE(
    "Classis 3.1.6: a cripple sets speed and turning to 1, halves boarding, lowers the crew / a "
    "second sinks") {
  Pos p = duel("crew=expert crippled");
  auto s = position(p);
  CAPTURE(view_text(*s));
  CHECK(has(view_text(*s),
            "0605 R1 3-2-1-1 [fleet flagship, crippled, may act] Trireme: ram 3, boarding 2, speed "
            "1, turning 1; squadron A, crew Average"));
  Pos q = duel("contact=P1 crippled", "P1 trireme 1 P 0606 N");
  // 3 + 1 = 4 against 6 + 1 crew (R1 green now) + 6 = 13: R1 sinks anyway.
  Played r = testing::play_step(*position(q), {{kFirst, {"R1: ram P1"}}}, {1, 6});
  CHECK(has(r.events, "R1 (Rhodes Trireme) sinks"));
  // A second cripple sinks a crippled ship: -2 on a crippled R1.
  Played r2 = testing::play_step(*position(q), {{kFirst, {"R1: ram P1"}}}, {4, 2});
  CAPTURE(r2.events);
  CHECK(has(r2.events, "already crippled, she breaks up and sinks (3.1.6)"));
}

TEST_CASE("Classis 3.3.6: repairs: 1 sinks, 2 permanent, 3-4 nothing, 5-6 recovered") {
  auto s = position(duel("crippled"));
  CHECK(has(testing::play_step(*s, {{kFirst, {"R1: repair"}}}, {1}).events, "she sinks (3.3.6)"));
  Played two = testing::play_step(*s, {{kFirst, {"R1: repair"}}}, {2});
  CHECK(has(two.events, "permanently crippled (3.3.6)"));
  CHECK(has(testing::play_step(*s, {{kFirst, {"R1: repair"}}}, {4}).events, "no effect (3.3.6)"));
  Played six = testing::play_step(*s, {{kFirst, {"R1: repair"}}}, {6});
  CHECK(has(six.events, "she recovers (3.3.6)"));
  CHECK(has(six.next->serialize(), "0605 S 0 0 0 0"));
  CHECK(first_error(*position(duel("permanent")), kFirst, {"R1: repair"}) ==
        "R1 is permanently crippled: no further repairs (3.3.6)");
  CHECK(first_error(*position(duel()), kFirst, {"R1: repair"}) ==
        "R1 is not crippled: nothing to repair (3.2.9)");
}

TEST_CASE("Classis movement: a speed point moves one hex or turns up to the turning capability") {
  auto s = position(duel());
  // R2, a trireme (speed 3, turning 3), in 1003 facing S.
  CHECK(first_error(*s, kFirst, {"R2: move R R R F F"}) == "");  // 1 + 2
  CHECK(first_error(*s, kFirst, {"R2: move F R F R F"}) ==
        "R2's move needs 5 speed points; it has 3 (speed 3, turning 3 hexsides per point; 1.3, "
        "3.1.6)");
  CHECK(first_error(*s, kFirst, {"R2: move L R F"}) ==
        "R2 turns back and forth in one hex: give the net turn (1.3)");
  // Land (0205 is land in patrol), the board's edge, one ship to a hex.
  Pos p = duel();
  p.ships[1] = "R2 trireme 0 A 0204 S";
  CHECK(first_error(*position(p), kFirst, {"R2: move F"}) ==
        "R2 would run onto land at 0205 (1.1)");
  p.ships[1] = "R2 trireme 0 A 1001 N";
  CHECK(first_error(*position(p), kFirst, {"R2: move F"}) ==
        "R2 would leave the board at 1001: the board's edge is closed (1.1)");
  p.ships[1] = "R2 trireme 0 A 0604 S";
  CHECK(first_error(*position(p), kFirst, {"R2: move F"}) ==
        "R2 would enter 0605, where R1 is: one ship to a hex (3.1.4)");
}

TEST_CASE(
    "Classis 1.3, 1.8: a turn uses a speed point: a quinquereme may not move forward, turn twice "
    "and move forward again") {
  // docs/rules/classis.md, "Does a turn use a speed point?": speed 2,
  // turning 2 hexsides per point.
  Pos p = duel();
  p.ships[1] = "R2 quinquereme 0 A 1003 S";
  auto s = position(p);
  CHECK(first_error(*s, kFirst, {"R2: move F R R F"}) ==
        "R2's move needs 3 speed points; it has 2 (speed 2, turning 2 hexsides per point; 1.3, "
        "3.1.6)");
  CHECK(first_error(*s, kFirst, {"R2: move F R R"}) == "");  // a hex and a point of turning
  CHECK(first_error(*s, kFirst, {"R2: move R R F"}) == "");
  CHECK(first_error(*s, kFirst, {"R2: move R R R F"}) != "");  // three hexsides: two points
  CHECK(first_error(*s, kFirst, {"R2: move F F"}) == "");
}

TEST_CASE("Classis 1.1, 1.3, 3.1.2, 3.1.4, 3.2.1: typical refusals cite their case") {
  auto s = position(duel());
  // R2, a trireme, in 1003 facing S; squadron A has the initiative.
  CHECK(has(first_error(*s, kFirst, {"R2: move L R F"}), "(1.3)"));
  CHECK(has(first_error(*s, kFirst, {"R2: move R R R R"}), "(1.3)"));
  CHECK(has(first_error(*s, kFirst, {"A: move R1 F; R1 F"}), "(3.2.1, 3.2.11)"));
  CHECK(has(first_error(*s, kFirst, {"B: move R3 F"}), "(3.2.1, 3.2.2)"));
  CHECK(has(first_error(*s, kFirst, {"R3: move F"}), "(2.1, 3.1.1)"));
  CHECK(has(first_error(*s, kFirst, {"end", "R2: move F"}), "(3.1.2)"));
}

TEST_CASE("Classis movement: a ship entering a reef stops there and runs aground on 1-2") {
  Pos p = duel();
  p.ships[1] = "R2 trireme 0 A 0305 S";  // 0306 is a reef in patrol
  auto s = position(p);
  CHECK(first_error(*s, kFirst, {"R2: move F F"}) ==
        "R2 enters the reef at 0306: a ship entering a reef stops there (1.1)");
  Played r = testing::play_step(*s, {{kFirst, {"R2: move F"}}}, {2});
  CHECK(has(r.events, "R2 enters the reef at 0306: she runs aground"));
  CHECK(has(r.events, "R2 (Rhodes Trireme) is crippled: run aground on the reef"));
  Played ok = testing::play_step(*s, {{kFirst, {"R2: move F"}}}, {3});
  CHECK(has(ok.events, "she passes"));
}

TEST_CASE("Classis 4.0: a third of the ships or of the ramming factors lost loses the battle") {
  // Pirates: P1 (3) and P2 (1) of 4 ramming... start 3 ships, 5 ramming
  // factors: P1 sunk is one ship of three: a third exactly.
  Pos p = duel("crew=expert contact=P1");
  p.losses = "0 0 4 3 17 5";
  p.ships.push_back("P3 lembos 1 P 0810 N");
  auto s = position(p);
  Played r = testing::play_step(*s, {{kFirst, {"R1: ram P1"}}}, {6, 1});
  CAPTURE(r.events);
  CHECK(r.next->step().game_over);
  CHECK(r.next->step().winners == std::vector<SideId>{SideId{0}});
  CHECK(has(r.events,
            "Pirates has lost 1 of 3 ships and 3 of 5 ramming factors: a third, and Pirates loses "
            "the battle (4.0)"));
}

TEST_CASE(
    "Classis 4.0: both sides reaching a third at once: the larger share loses, equal shares draw") {
  // A ram that sinks both: R1 crippled (-2 then sinks), P1 holed.
  Pos p = duel("contact=P1 crippled", "P1 trireme 1 P 0606 N crippled");
  p.losses = "0 0 3 3 15 15";
  p.ships = {"R1 trireme 0 A 0605 S contact=P1 crippled",
             "R2 trireme 0 A 1003 S",
             "R3 bireme 0 B 1203 S",
             "P1 trireme 1 P 0606 N crippled",
             "P2 trireme 1 P 0410 N",
             "P3 bireme 1 P 0810 N"};
  p.squadrons = {"A 0 CA R2", "B 0 CB R3", "P 1 CP P2"};
  auto s = position(p);
  // 3 + 3 = 6 against 3 + 3 = 6: both roll 1 and 2: both crippled again: both sink.
  Played r = testing::play_step(*s, {{kFirst, {"R1: ram P1"}}}, {3, 3, 1, 2});
  CAPTURE(r.events);
  CHECK(r.next->step().game_over);
  CHECK(r.next->step().winners.empty());
  CHECK(has(r.events, "both reach a third at once, in equal shares: a draw (4.0)"));
}

TEST_CASE(
    "Classis 3.2.10: the morale check: ignored unless more ships lost / 1d6 with the admiral's "
    "modifier must beat them") {
  Pos p = duel();
  p.cup = {"MORALE-1"};
  p.points = 1;
  p.ships[4] = "P1 hemiolia 1 P 0606 SW sunk";
  p.ships.push_back("P3 lembos 1 P 0810 N");
  p.ships.push_back("P4 lembos 1 P 0910 N");
  p.ships.push_back("P5 lembos 1 P 1010 N");
  p.losses = "0 1 4 5 17 8";
  // The first side declines; the morale chit is drawn (die of 1): the
  // pirates lost 1 to 0, the chief (3) rolls 1: not more than 1: concedes.
  Played r = testing::play_step(*position(p), {{kFirst, {"end"}}}, {1});
  CAPTURE(r.events);
  CHECK(has(r.events, "Chief rolls 1 = 1, not more than the ships lost: the fleet fails (3.2.10)"));
  CHECK(r.next->step().game_over);
  // A 2 passes; the turn then goes on (the cup is empty: turn 3).
  Played ok = testing::play_step(*position(p), {{kFirst, {"end"}}}, {2, 1, 3});
  CHECK(has(ok.events, "the fleet fights on (3.2.10)"));
  CHECK_FALSE(ok.next->step().game_over);
  // Equal losses: ignored.
  Pos q = p;
  q.ships[0] = "R1 trireme 0 A 0605 S sunk";
  q.squadrons = {"A 0 CA R2", "B 0 CB R3", "P 1 CP P2"};
  Played ig = testing::play_step(*position(q), {{kFirst, {"end"}}}, {1, 3});
  CHECK(has(ig.events, "the morale check is ignored (3.2.10)"));
}

TEST_CASE(
    "Classis setup (1.5, 1.6, 1.10): secret assignments and deployment, checked, with defaults") {
  auto g = game();
  auto s = g->new_game("patrol", 2).value();
  Seed seed{};
  SeededDice dice(seed, s->step().number);
  auto setup = s->resolve({}, dice).next;
  REQUIRE(setup->step().to_order.size() == 2);
  CHECK(first_error(*setup, kFirst, {}) == "");  // the defaults stand
  CHECK(first_error(*setup, kFirst, {"R1: at 0709 facing S"}) ==
        "0709 is outside your deployment rows 1-2 (1.10)");
  CHECK(first_error(*setup, kFirst, {"R5: squadron A"}) ==
        "squadron B has 1 ship(s): each squadron must contain at least 2 (1.6)");
  CHECK(first_error(*setup, kFirst, {"A: commander RHODES-2"}) == "");  // a swap
  CHECK(first_error(*setup, kFirst, {"A: flagship R4"}) ==
        "squadron A's flagship R4 is not in the squadron (1.5)");
  CHECK(first_error(*setup, kFirst, {"P1: at 0701"}) ==
        "P1 is not your ship (notation: docs/rules/classis.md)");
  CHECK(first_error(*setup, kFirst, {"R1: at 0102"}) == "");
  CHECK(first_error(*setup, kSecond, {"P1: at 0712 facing N", "Q: commander PIRATE-1"}) == "");
  // Both sides' orders resolve together; the first chit is drawn.
  SeededDice d2(seed, setup->step().number);
  auto r =
      setup->resolve({{kFirst, OrderSet{{"R1: at 0102 facing S"}}}, {kSecond, OrderSet{}}}, d2);
  std::string all;
  for (const Event& e : r.events) all += e.text + "\n";
  CHECK(has(all, "Rhodes deploys (1.5, 1.6, 1.10)"));
  CHECK(has(all, "R1 0102 S"));
  CHECK(has(all, "Turn 1 begins"));
  CHECK(has(all, "is activated with"));
}

TEST_CASE("Classis: bad order lines get a precise error and change nothing") {
  auto s = position(duel());
  const std::string before = s->serialize();
  CHECK(has(first_error(*s, kFirst, {"R1: fly"}), "is not an action"));
  CHECK(first_error(*s, kFirst, {"R1: ram"}) ==
        "'ram' names one target ship, e.g. 'R1: ram P3' (3.2.3-3.2.8)");
  CHECK(first_error(*s, kFirst, {"R1: ram ZZ"}) ==
        "there is no ship ZZ (notation: docs/rules/classis.md)");
  CHECK(first_error(*s, kFirst, {"ZZ: move F"}) ==
        "there is no ship ZZ (notation: docs/rules/classis.md)");
  CHECK(first_error(*s, kFirst, {"R1: ram P1"}) ==
        "R1 must first move into contact with P1 (its bow in P1's hex) to ram it (3.1.4, 3.2.3)");
  CHECK(first_error(*s, kFirst, {"end", "R1: move F"}) ==
        "nothing may follow 'end', which declines the points left (3.1.2)");
  CHECK(first_error(*s, kFirst, {"R1: move Q"}) != "");
  CHECK(s->serialize() == before);
  auto g = game();
  CHECK_FALSE(g->deserialize("classis 1\nscenario nowhere\n").has_value());
  CHECK_FALSE(
      g->deserialize(before + "ship X1 galleon 0 0 A A average 0 0 0 0 0101 N 0 0 0 0 - 0 0 - -\n")
          .has_value());
}

TEST_CASE(
    "Classis 1.10: the default deployment: squadrons in order along the front row, a reserve "
    "behind") {
  auto g = game();
  auto s = g->new_game("actium", 2).value();
  Seed seed{};
  SeededDice dice(seed, s->step().number);
  const std::string bytes = s->resolve({}, dice).next->serialize();
  // Antony's line in row 2 facing S, Antony's own squadron X at the western
  // end facing Agrippa's A; Cleopatra's W in row 1 behind the centre.
  CHECK(has(bytes, "ship N1 ten 1 1 X X average 0 2 2 0802 S"));
  CHECK(has(bytes, "ship N17 ct-quinquereme 1 1 W W average 0 2 2 1401 S"));
  CHECK(has(bytes, "ship O1 ct-quinquereme 0 0 A A expert 1 2 2 0509 N"));
}

namespace {

std::string route(const Arrow& a) {
  std::string r = a.from;
  for (const auto& c : a.path) r += "-" + c;
  return r + "-" + a.to;
}

// The orders of a step as the platform reveals them (canonical lines), and
// the picture of the position after it with them drawn.
RevealedLines revealed(const State& s, PlayerId seat, const std::vector<std::string>& lines) {
  return {{seat, s.validate(seat, lines).value().lines}};
}

// The picture of the position after a step with its orders drawn.
testing::SvgReading picture(const State& next, const RevealedLines& lines) {
  return testing::picture_after(next, lines, {"Rhodes", "Pirates"});
}

}  // namespace

TEST_CASE(
    "Classis 3.2.11 example, 3.1.4: the activation drawn: the move into contact, the grapple and "
    "the boarding") {
  Pos p = duel();
  p.ships[0] = "R1 trireme 0 A 0604 S";
  auto s = position(p);
  const std::vector<std::string> lines{"R1: move F F", "R1: grapple P1", "R1: board P1"};
  Played r = testing::play_step(*s, {{kFirst, lines}}, {5, 2, 6, 1});
  const RevealedLines shown = revealed(*s, kFirst, lines);
  const auto arrows = r.next->order_arrows(shown);
  REQUIRE(arrows.size() == 3);
  // The second F brings the bow into P1's hex: the ship stays in 0605 (3.1.4).
  CHECK(arrows[0].kind == ArrowKind::Move);
  CHECK(route(arrows[0]) == "0604-0605");
  CHECK(arrows[1].kind == ArrowKind::Melee);
  CHECK(arrows[1].order == "R1: grapple P1");
  CHECK(route(arrows[1]) == "0605-0606");
  CHECK(arrows[2].kind == ArrowKind::Melee);
  CHECK(arrows[2].order == "R1: board P1");
  for (const Arrow& a : arrows) {
    CHECK(a.owner == kFirst.value);
    CHECK_FALSE(a.failed);
  }
  const auto svg = picture(*r.next, shown);
  REQUIRE_MESSAGE(svg.error.empty(), svg.error);
  CHECK(svg.with_class("order order-move") == 1);
  CHECK(svg.with_class("order order-melee") == 2);
  CHECK(svg.has_text("R1: board P1 (0605-0606)"));
}

TEST_CASE(
    "Classis 3.2.5, 3.3.2: a rake that fails is drawn failed, and the line dropped after it moves "
    "nothing") {
  auto s = position(duel("contact=P1"));
  const std::vector<std::string> lines{"R1: rake P1", "R2: move F"};
  Played r = testing::play_step(*s, {{kFirst, lines}}, {1, 4});
  const RevealedLines shown = revealed(*s, kFirst, lines);
  const auto arrows = r.next->order_arrows(shown);
  REQUIRE(arrows.size() == 1);
  CHECK(arrows[0].kind == ArrowKind::Ram);
  CHECK(route(arrows[0]) == "0605-0606");
  CHECK(arrows[0].owner == kFirst.value);
  CHECK(arrows[0].failed);
  const auto svg = picture(*r.next, shown);
  REQUIRE_MESSAGE(svg.error.empty(), svg.error);
  CHECK(svg.with_class("order order-ram") == 1);
  CHECK(svg.with_class("failed") == 1);
  CHECK(svg.has_text("R1: rake P1 (0605-0606) (failed)"));
  // A rake that cripples is drawn as given.
  Played w = testing::play_step(*s, {{kFirst, {"R1: rake P1"}}}, {2, 4});
  const auto won = w.next->order_arrows(revealed(*s, kFirst, {"R1: rake P1"}));
  REQUIRE(won.size() == 1);
  CHECK_FALSE(won[0].failed);
}
