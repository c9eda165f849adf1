// Classis v3.0: orders choice by choice (core/choices.h): the setup's
// squadrons and ships (1.5, 1.6, 1.10) and an activation's ships, command
// moves and 'end' (3.2), each offered only as the rules allow.
#include <doctest/doctest.h>

#include "games/classis/classis_fixture.h"
#include "support/scripted_step.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing::classis_positions;
using naumachia::testing::has;

namespace {

std::vector<std::string> texts(const std::vector<Choice>& choices) {
  std::vector<std::string> out;
  for (const Choice& c : choices) out.push_back(c.text);
  return out;
}

std::vector<std::string> ids(const std::vector<Decision>& decisions) {
  std::vector<std::string> out;
  for (const Decision& d : decisions) out.push_back(d.id);
  return out;
}

std::vector<Choice> offered(const State& s, PlayerId seat, const std::string& id,
                            const std::vector<std::string>& path) {
  const auto c = s.choices(seat, id, path);
  REQUIRE_MESSAGE(c.has_value(), (c ? "" : c.error().message));
  return *c;
}

const Choice& named(const std::vector<Choice>& choices, const std::string& text) {
  const auto it =
      std::find_if(choices.begin(), choices.end(), [&](const Choice& c) { return c.text == text; });
  REQUIRE_MESSAGE(it != choices.end(), "'" << text << "' is not offered");
  return *it;
}

// The patrol after its muster (the dice of the muster test in
// test_classis.cpp): the Rhodians' default deployment in row 2, facing S.
std::unique_ptr<State> patrol_setup() {
  auto s = classis::make_classis_game()->new_game("patrol", 2);
  REQUIRE(s.has_value());
  auto p = testing::play_step(**s, {}, {12, 1, 9, 4, 1, 3, 4, 9, 10, 12, 2, 5, 6, 7, 2});
  REQUIRE(has(p.next->step().label, "Setup"));
  return std::move(p.next);
}

}  // namespace

TEST_CASE(
    "Classis 1.5, 1.6, 1.10: the setup's decisions are the side's squadrons, then its ships") {
  const auto s = patrol_setup();
  const auto ds = s->decisions(kFirst);
  CHECK(ids(ds) == std::vector<std::string>{"A", "B", "R1", "R2", "R3", "R4", "R5"});
  CHECK(ids(s->decisions(kSecond)) ==
        std::vector<std::string>{"P", "Q", "P1", "P2", "P3", "P4", "P5", "P6", "P7"});
  const Decision& r1 = ds[2];
  CHECK(r1.text == "R1:");
  // A ship's label: its type and factors (ram-board-speed-turn, 1.3), crew, squadron, place.
  CHECK(r1.label ==
        "R1, Triemiolia 6-4-4-3 (ram-board-speed-turn), Expert crew, squadron A, at 0502 facing S");
  CHECK(r1.cells == std::vector<std::string>{"0502"});
  // BattleState: with no setup lines the deployment shown stands (1.10).
  CHECK(r1.otherwise == "stays at 0502 facing S in squadron A (1.10)");
  CHECK(ds[0].otherwise == "keeps Rhodian navarch (rating 4) and flagship R1 (1.5)");
}

TEST_CASE("Classis 1.10: a ship deploys in open sea in its side's rows, then faces a way") {
  const auto s = patrol_setup();
  CHECK(texts(offered(*s, kFirst, "R1", {})) == std::vector<std::string>{" at", " squadron"});
  const auto hexes = offered(*s, kFirst, "R1", {" at"});
  CHECK(hexes.size() == 28);  // rows 1 and 2, fourteen columns, all sea
  for (const Choice& c : hexes) {
    CHECK(c.complete);  // the facing may stay as it is
    CHECK_FALSE(c.last);
  }
  CHECK(named(hexes, " 0601").label == "to 0601");
  CHECK(named(hexes, " 0602").label == "to 0602 (R2 there takes its place at 0502)");
  CHECK(
      std::none_of(hexes.begin(), hexes.end(), [](const Choice& c) { return c.text == " 0603"; }));
  const auto facings = offered(*s, kFirst, "R1", {" at", " 0601"});
  CHECK(texts(facings) == std::vector<std::string>{" facing N", " facing NE", " facing SE",
                                                   " facing S", " facing SW", " facing NW"});
  CHECK(s->validate(kFirst, {"R1: at 0601 facing SE"}).has_value());
  // The enemy's rows are no choice (1.10).
  CHECK_FALSE(s->choices(kFirst, "R1", {" at", " 0611"}).has_value());
}

TEST_CASE("Classis 1.5: a commander put at a squadron's head swaps with the one displaced") {
  const auto s = patrol_setup();
  CHECK(texts(offered(*s, kFirst, "A", {})) == std::vector<std::string>{" commander", " flagship"});
  const auto commanders = offered(*s, kFirst, "A", {" commander"});
  CHECK(texts(commanders) == std::vector<std::string>{" RHODES-1", " RHODES-2"});
  CHECK(commanders[1].label ==
        "Rhodian trierarch (rating 2), now of squadron B: the two commanders swap");
  CHECK(commanders[1].last);
  // The other side's commanders are not Rhodes's to give.
  CHECK_FALSE(s->choices(kFirst, "A", {" commander", " PIRATE-1"}).has_value());
  CHECK_FALSE(s->choices(kFirst, "P", {}).has_value());
}

TEST_CASE("Classis 3.2.1, 3.1.4: a move built hex by hex and turn by turn, within the speed") {
  const auto s = position(duel());  // R1, a trireme (speed 3, turning 3), in 0605 facing S
  const auto ds = s->decisions(kFirst);
  // The active squadron's ships, its command move, and 'end' (3.1.2).
  CHECK(ids(ds) == std::vector<std::string>{"R1", "R2", "A", "end"});
  CHECK(ds[0].label ==
        "R1, Trireme 6-4-3-3 (ram-board-speed-turn), Average crew, squadron A, at 0605 facing S");
  CHECK(ds[1].label.find("out of command") != std::string::npos);  // 1.5: 4 hexes from R1
  CHECK(ds[0].otherwise == "takes no action in this activation (2.4, 3.1.2)");
  CHECK(texts(offered(*s, kFirst, "R1", {})) == std::vector<std::string>{" move", " backwater"});
  const auto first = offered(*s, kFirst, "R1", {" move"});
  CHECK(texts(first) == std::vector<std::string>{" F", " L", " R"});
  // Ahead is P1's hex: engaging ends the move (3.1.4).
  CHECK(first[0].label ==
        "ahead into P1's hex 0606: engage it on its quarter beam (3.1.4) (1 of 3 speed points)");
  CHECK(first[0].last);
  CHECK(first[1].label == "turn to port, to face SE (1 of 3 speed points)");
  // Turning back the other way in the same hex is refused: give the net turn.
  CHECK(texts(offered(*s, kFirst, "R1", {" move", " L"})) == std::vector<std::string>{" F", " L"});
  CHECK_FALSE(s->choices(kFirst, "R1", {" move", " L", " R"}).has_value());
  // Two speed points spent: one more hex, or turns; then only more turns
  // to port (a run of three hexsides is one point for a trireme).
  const auto two = offered(*s, kFirst, "R1", {" move", " L", " F"});
  CHECK(texts(two) == std::vector<std::string>{" F", " L", " R"});
  CHECK(two[0].label == "ahead to 0806 (3 of 3 speed points)");
  CHECK(two[0].last);
  CHECK(two[1].label == "turn to port, to face NE (3 of 3 speed points)");
  CHECK(texts(offered(*s, kFirst, "R1", {" move", " L", " F", " L"})) ==
        std::vector<std::string>{" L"});
  const std::string line = line_of(ds[0], {" move", " L", " F", " L", " L"});
  CHECK(line == "R1: move L F L L");
  CHECK(s->validate(kFirst, {line}).has_value());
  CHECK_FALSE(s->choices(kFirst, "R1", {" move", " L", " F", " L", " F"}).has_value());
  CHECK_FALSE(s->validate(kFirst, {"R1: move L F L F"}).has_value());  // four points
}

TEST_CASE(
    "Classis 3.2.3, 3.2.4, 3.2.5: once in contact, a ram, a rake or a grapple and its target") {
  const auto s = position(duel("contact=P1"));
  // No follow-up: there is no ram from a previous turn (3.2.4).
  CHECK(texts(offered(*s, kFirst, "R1", {})) ==
        std::vector<std::string>{" move", " backwater", " ram", " rake", " grapple"});
  const auto ram = offered(*s, kFirst, "R1", {" ram"});
  REQUIRE(ram.size() == 1);
  CHECK(ram[0].text == " P1");
  CHECK(ram[0].label == "P1, Pirates Hemiolia 3-2-5-3, Average crew, at 0606, on its quarter beam");
  CHECK(ram[0].cells == std::vector<std::string>{"0606"});
  CHECK(ram[0].last);
  CHECK_FALSE(s->choices(kFirst, "R1", {" follow-up"}).has_value());
  CHECK_FALSE(s->choices(kFirst, "R1", {" board"}).has_value());  // 3.2.8: not grappled
}

TEST_CASE("Classis 3.2.1, 3.2.2: a command names each ship in command, after those before it") {
  Pos p = duel();
  p.ships[1] = "R2 trireme 0 A 0604 S";  // right astern of R1, in command
  const auto s = position(p);
  CHECK(texts(offered(*s, kFirst, "A", {})) == std::vector<std::string>{" move", " backwater"});
  // R1 has R2 astern: it backs water only once R2 has.
  CHECK(texts(offered(*s, kFirst, "A", {" backwater"})) == std::vector<std::string>{" R2"});
  CHECK(texts(offered(*s, kFirst, "A", {" backwater", " R2"})) == std::vector<std::string>{" R1"});
  CHECK(s->validate(kFirst, {"A: backwater R2 R1"}).has_value());
  // A command move: R2 cannot go ahead into R1's hex (one ship to a hex)
  // until R1 has left it.
  CHECK(texts(offered(*s, kFirst, "A", {" move", " R2"})) == std::vector<std::string>{" L", " R"});
  const std::vector<std::string> path{" move", " R1", " L", " F", "; R2"};
  const auto after = offered(*s, kFirst, "A", path);
  CHECK(texts(after) == std::vector<std::string>{" F", " L", " R"});
  CHECK(after[0].label == "ahead to 0605 (1 of 3 speed points)");
  CHECK(line_of(s->decisions(kFirst)[2], {" move", " R1", " L", " F", "; R2", " F"}) ==
        "A: move R1 L F; R2 F");
  CHECK(s->validate(kFirst, {"A: move R1 L F; R2 F"}).has_value());
}

TEST_CASE("Classis 3.1.2: 'end' declines the points left") {
  const auto s = position(duel());
  const auto ds = s->decisions(kFirst);
  const Decision& end = ds.back();
  CHECK(end.id == "end");
  CHECK(end.label == "end the activation, declining the 6 initiative point(s) left (3.1.2)");
  const auto c = offered(*s, kFirst, "end", {});
  REQUIRE(c.size() == 1);
  CHECK(line_of(end, {c[0].text}) == "end");
  CHECK(c[0].complete);
  // The side without the initiative has nothing to decide.
  CHECK(s->decisions(kSecond).empty());
}
