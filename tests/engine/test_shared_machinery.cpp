// The machinery the game modules share: hex neighbours and the flood fill,
// the data-file record reader, the galley movement toolkit with the words
// of a movement order the galley games share, and the table of segments for
// a board seated by PlayerId whose position says its segment.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/flood.h"
#include "core/galley.h"
#include "core/hex.h"
#include "core/records.h"
#include "core/sequence.h"
#include "core/text.h"

using namespace naumachia;
using hex::Dir;
using hex::HexId;

TEST_CASE("neighbours are the six neighbour() hexes, each at distance one, in direction order") {
  for (HexId h : {HexId{10, 10}, HexId{11, 10}, HexId{1, 1}}) {
    const auto n = hex::neighbours(h);
    for (int d = 0; d < 6; ++d) {
      CHECK(n[static_cast<std::size_t>(d)] == hex::neighbour(h, static_cast<Dir>(d)));
      CHECK(hex::distance(h, n[static_cast<std::size_t>(d)]) == 1);
    }
  }
}

TEST_CASE("an open flood fill over hexes gives the hex distance, within the limit") {
  const HexId centre{20, 20};
  const auto reached =
      flood::reachable(std::vector<HexId>{centre}, 3, hex::neighbours, flood::kOpen);
  CHECK(reached.size() == 1 + 6 + 12 + 18);
  for (const auto& [h, d] : reached) CHECK(d == hex::distance(centre, h));
}

TEST_CASE("a flood fill goes around what blocks it and stops where told") {
  // A wall of blocked hexes on column 11 except row 15; column 12 beyond it stops the fill.
  const auto step = [](const HexId&, const HexId& to, int) {
    if (to.col == 11 && to.row != 15) return flood::Step::Blocked;
    if (to.col == 12) return flood::Step::Stop;
    return flood::Step::Through;
  };
  const auto reached = flood::reachable(std::vector<HexId>{{10, 10}}, 20, hex::neighbours, step);
  CHECK_FALSE(reached.count({11, 10}));
  CHECK(reached.count({11, 15}));
  CHECK(reached.count({12, 15}));
  CHECK_FALSE(reached.count({13, 15}));  // nothing goes on from a Stop hex
  CHECK_FALSE(reached.count({12, 10}));  // column 12 is reached only through the gap
}

TEST_CASE("nearest finds the closest goal, and nothing when the goal is out of reach") {
  const std::map<std::string, std::vector<std::string>> graph{
      {"a", {"b", "c"}}, {"b", {"d"}}, {"c", {"d"}}, {"d", {"e"}}, {"e", {}}};
  const auto next = [&](const std::string& n) -> const std::vector<std::string>& {
    return graph.at(n);
  };
  const auto found = flood::nearest(std::vector<std::string>{"a"}, std::nullopt, next, flood::kOpen,
                                    [](const std::string& n) { return n == "e"; });
  REQUIRE(found);
  CHECK(found->distance == 3);
  CHECK_FALSE(flood::nearest(std::vector<std::string>{"a"}, 2, next, flood::kOpen,
                             [](const std::string& n) { return n == "e"; }));
  CHECK(flood::nearest(std::vector<std::string>{"e"}, std::nullopt, next, flood::kOpen,
                       [](const std::string& n) { return n == "e"; })
            ->distance == 0);
}

TEST_CASE("records: comments, blank lines, headings and line numbers") {
  const auto rs =
      records::read("# Title\n\n# 6.A.1 heading\nCASE 6.A.1  # trailing\n  x 1 2\n", "test data");
  REQUIRE(rs.size() == 2);
  CHECK(rs[0].keyword() == "CASE");
  CHECK(rs[0].line() == 4);
  CHECK(rs[0].heading() == "6.A.1 heading");
  CHECK(rs[0].text() == "CASE 6.A.1");
  CHECK(rs[1].heading().empty());
  CHECK(rs[1].is("x", 2));
  CHECK_FALSE(rs[1].is("x", 1));
  CHECK(rs[1].is("x", 1, 3));
  CHECK(rs[1].where() == "test data line 5");
}

TEST_CASE("records: typed fields refuse what is out of range or unknown, naming the line") {
  const auto rs = records::read("v 4294967296 7 3-2-x 3-2-4 3731 SE nW zz bireme galleon\n", "f");
  const records::Record& r = rs.at(0);
  CHECK_FALSE(r.integer(1, 0, 99));  // would truncate to 0 in an int
  CHECK(r.integer(1, 0, 99).error().message.find("f line 1") == 0);
  CHECK(*r.integer(2, 0, 9) == 7);
  CHECK_FALSE(r.integer(2, 0, 6));
  CHECK_FALSE(r.integers(3, "-", 3, 0, 9));
  CHECK(*r.integers(4, "-", 3, 0, 9) == std::vector<int>{3, 2, 4});
  CHECK_FALSE(r.integers(4, "-", 2, 0, 9));
  CHECK(*r.hex(5) == HexId{37, 31});
  CHECK(*r.dir(6) == Dir::SE);
  CHECK(*r.dir(7) == Dir::NW);
  CHECK_FALSE(r.dir(8));
  CHECK_FALSE(r.hex(99));
  enum class T { Bireme, Trireme };
  const auto ok = r.choice<T>(9, "ship type", {{"bireme", T::Bireme}, {"trireme", T::Trireme}});
  CHECK(*ok == T::Bireme);
  const auto bad = r.choice<T>(10, "ship type", {{"bireme", T::Bireme}, {"trireme", T::Trireme}});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "f line 1: unknown ship type 'galleon' (one of bireme, trireme)");
  const auto steps = records::read("step 0\nstep 4294967296\n", "position");
  CHECK(steps.at(0).step(1).error().message == "position line 1: bad step");
  CHECK(*steps.at(1).step(1) == 4294967296);  // a step number is not bounded by an int
  CHECK_FALSE(steps.at(1).step(2));
}

TEST_CASE("records: a field may be '-' for none / the rest of a line holds its blanks") {
  const auto rs = records::read("over - Drawn:  no  commander is left\nwind NE\nwind up\n", "f");
  REQUIRE(rs.size() == 3);
  const auto none = rs[0].optional(1, &records::Record::dir);
  REQUIRE(none);
  CHECK_FALSE(*none);
  CHECK(rs[1].optional(1, &records::Record::dir).value() == Dir::NE);
  const auto bad = rs[2].optional(1, &records::Record::dir);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "f line 3: 'up' is not a direction (N, NE, SE, S, SW, NW)");
  CHECK(rs[0].rest(2) == "Drawn:  no  commander is left");
  CHECK(rs[0].rest(4) == "commander is left");
  CHECK(rs[1].rest(2).empty());
}

TEST_CASE(
    "records: quoted names are one word, a keyword field is expected, Fields keep the first "
    "error") {
  const auto rs = records::read_quoted(
      "# names\nstack 1 0 \"  the British fleet \" carries britain\nchart melee attacker 1-1\n",
      "q");
  REQUIRE(rs.has_value());
  const records::Record& stack = rs->at(0);
  CHECK(stack.size() == 6);
  CHECK(stack[3] == "the British fleet");
  CHECK(stack.word(3) == std::string("the British fleet"));
  CHECK(stack.heading() == "names");
  const records::Record& chart = rs->at(1);
  CHECK(*chart.expect(2, "attacker") == "attacker");
  CHECK(chart.expect(1, "attacker").error().message ==
        "q line 3: expected 'attacker' as field 1, not 'melee'");
  CHECK(chart.expect(4, "defender").error().message == "q line 3: expected 'defender' as field 4");
  records::Fields fields;
  int n = 0;
  fields.need(chart.expect(2, "attacker"));
  fields.take(stack.integer(1, 0, 9), n);
  CHECK_FALSE(fields.error());
  fields.need(chart.expect(1, "defender"));
  fields.take(stack.integer(2, 1, 9), n);
  REQUIRE(fields.error());
  CHECK(fields.error()->message == "q line 3: expected 'defender' as field 1, not 'melee'");
  CHECK(n == 1);
  // A quote left open, an empty name, a quote in a word: the line is named.
  CHECK(records::read_quoted("a\nb \"open\n", "q").error().message ==
        "q line 2: a quoted name is not closed");
  CHECK(records::read_quoted("b \"  \"\n", "q").error().message ==
        "q line 1: an empty quoted name");
  CHECK(records::read_quoted("b x\"y\n", "q").error().message == "q line 1: a quote inside a word");
  CHECK(records::read_quoted("b \"x\"y\n", "q").error().message ==
        "q line 1: a blank must follow a quoted name");
}

TEST_CASE("galley: Tyre 5.12 one hexside per hex entered, Tyre 5.13 a turn costs a point") {
  const galley::Rules rules;
  galley::Course c(rules, {{10, 10}, Dir::N}, 4);
  CHECK_FALSE(c.turn(1));
  CHECK(c.pose().facing == Dir::NE);
  CHECK(c.turn(1) == galley::Refusal::TurnsPerHex);
  galley::Course d(rules, {{10, 10}, Dir::N}, 4);
  CHECK_FALSE(d.turn(-1));
  CHECK_FALSE(d.advance(1));
  CHECK(d.pose().hex == hex::neighbour({10, 10}, Dir::NW));
  CHECK_FALSE(d.turn(-1));
  CHECK(d.pose().facing == Dir::SW);
  CHECK(d.spent() == 3);
  CHECK_FALSE(d.advance(1));
  CHECK(d.advance(1) == galley::Refusal::OutOfPoints);  // Tyre 5.2
  CHECK(d.moved());
}

TEST_CASE("galley: per-game rules change the costs") {
  galley::Rules two_per_hex;
  two_per_hex.turns_per_hex = 2;
  two_per_hex.turn_cost = 0;
  galley::Course c(two_per_hex, {{10, 10}, Dir::N}, 1);
  CHECK_FALSE(c.turn(1));
  CHECK_FALSE(c.turn(1));
  CHECK(c.turn(1) == galley::Refusal::TurnsPerHex);
  CHECK(c.spent() == 0);
  CHECK(galley::backing_problem(galley::Rules{}, 3) == std::nullopt);  // Tyre 5.24
  CHECK(galley::backing_problem(galley::Rules{}, 4) == galley::Refusal::TooFarBackward);
}

TEST_CASE(
    "galley: Tyre 6.11 and 6.12 a rammer starts three hexes off and turns once, two or more away") {
  const galley::Rules rules;
  const galley::Pose target{{10, 5}, Dir::NE};
  CHECK(galley::ram_start_problem(rules, {10, 7}, target.hex) == galley::Refusal::RamStartTooClose);
  CHECK_FALSE(galley::ram_start_problem(rules, {10, 8}, target.hex));
  galley::Course c(rules, {{10, 9}, Dir::N}, 6, 0, target);
  CHECK_FALSE(c.turn(1));
  CHECK_FALSE(c.advance(1));
  CHECK(c.turn(-1) == galley::Refusal::RamTurns);
  galley::Course near(rules, {{10, 6}, Dir::N}, 6, 0, target);
  CHECK(near.turn(1) == galley::Refusal::RamTurnTooClose);
}

TEST_CASE("galley: Tyre 6.13 ram geometry - beside, facing, on the broadside") {
  const galley::Pose target{{10, 10}, Dir::N};
  const auto sides = galley::broadside_hexes(target);
  for (HexId h : sides) {
    CHECK(galley::aspect(target, h) == galley::Aspect::Broadside);
    const galley::Pose rammer{h, *hex::direction_to(h, target.hex)};
    CHECK(galley::ram_geometry(rammer, target) == galley::RamGeometry::Ok);
    CHECK(galley::ram_geometry({h, hex::turn(rammer.facing, 1)}, target) ==
          galley::RamGeometry::NotFacing);
  }
  const HexId bow = hex::neighbour(target.hex, Dir::N), stern = hex::neighbour(target.hex, Dir::S);
  CHECK(galley::aspect(target, bow) == galley::Aspect::Bow);
  CHECK(galley::aspect(target, stern) == galley::Aspect::Stern);
  CHECK(galley::ram_geometry({bow, Dir::S}, target) == galley::RamGeometry::BowOrStern);
  CHECK(galley::ram_geometry({{10, 13}, Dir::N}, target) == galley::RamGeometry::NotAdjacent);
  CHECK(galley::approach_angle({bow, Dir::S}, target) == 3);
  CHECK(galley::approach_angle({stern, Dir::N}, target) == 0);
  CHECK(galley::approach_angle({sides[0], Dir::SW}, target) == 2);
}

namespace {

// A one-word action for the order-word tests: "move N".
Expected<int> read_move(std::string_view piece) {
  const auto w = text::split(piece);
  long long n = 0;
  if (w.size() != 2 || w[0] != "move" || !text::parse_int(w[1], n)) return fail("not a move");
  return static_cast<int>(n);
}
std::string write_move(const int& n) {
  return "move " + std::to_string(n);
}
// The citation a game's refusals of notation carry, here of a document of the tests'.
const std::string kNotation = text::notation_cite("docs/x.md");

}  // namespace

TEST_CASE(
    "galley order words: entry, turn and ram read back as written / a bad entry shows its "
    "example") {
  const auto entry =
      galley::parse_entry(text::split("Enter 3401 FACING s"), "enter 3401 facing S", kNotation);
  REQUIRE(entry);
  REQUIRE(*entry);
  CHECK(**entry == galley::Pose{{34, 1}, Dir::S});
  CHECK(galley::format_entry(**entry) == "enter 3401 facing S");
  CHECK_FALSE(galley::parse_entry(text::split("enter 3401 S"), "enter 3401 facing S", kNotation));
  const auto bad =
      galley::parse_entry(text::split("enter 3401 facing Q"), "enter 2046 facing N", kNotation);
  REQUIRE(bad);
  REQUIRE_FALSE(*bad);
  CHECK(bad->error().message ==
        "'enter HEX facing DIR', e.g. 'enter 2046 facing N' (notation: docs/x.md)");

  CHECK(galley::parse_hand("Left") == -1);
  CHECK(galley::parse_hand("r") == 1);
  CHECK_FALSE(galley::parse_hand("r2"));
  CHECK(galley::format_turn(-1) == "turn L");
  CHECK(galley::format_turn(1) == "turn R");
  CHECK(galley::format_turn(2) == "turn R2");

  CHECK(galley::parse_ram(text::split("ram c4")) == "C4");
  CHECK_FALSE(galley::parse_ram(text::split("ram")));
  CHECK(galley::format_ram("C4") == "ram C4");
}

TEST_CASE("galley order words: a ship's actions one by one, at least one, written back in order") {
  const auto actions = galley::parse_actions<int>("T7", " move 2 ,move 3", read_move, kNotation);
  REQUIRE(actions);
  CHECK(*actions == std::vector<int>{2, 3});
  CHECK(galley::format_order<int>("T7", *actions, write_move) == "T7: move 2, move 3");
  CHECK(galley::parse_actions<int>("T7", "", read_move, kNotation).error().message ==
        "no action for T7 (notation: docs/x.md)");
  CHECK(galley::parse_actions<int>("T7", "move 2, sail", read_move, kNotation).error().message ==
        "not a move");
}

namespace {

// A board of two seats named by PlayerId, whose position (`phase`) says its
// segment: seat 0 plans, nobody orders while the plans are counted, both rest.
enum class Toy { Plan, Count, Rest };

struct ToyClaims {
  std::vector<std::string> words;
};

struct ToyBoard : Adjudication {
  int phase = 0;
  std::int64_t step_ = 1;
  bool over_ = false;
  std::vector<std::string> log;
  Toy segment() const { return static_cast<Toy>(phase); }
  std::vector<PlayerId> seats() const { return {PlayerId{0}, PlayerId{1}}; }
  std::string seat_name(PlayerId p) const { return "seat " + std::to_string(p.value); }
};

using ToyRule = SegmentRule<ToyBoard, Toy, PlayerId, ToyClaims>;

std::string toy_label(const ToyBoard& b) {
  return "phase " + std::to_string(b.phase);
}
bool planner(const ToyBoard&, PlayerId p) {
  return p.value == 0;
}
bool nobody(const ToyBoard&, PlayerId) {
  return false;
}
bool everyone(const ToyBoard&, PlayerId) {
  return true;
}
Expected<std::string> word(ToyBoard&, PlayerId, const std::string& line, ToyClaims& c) {
  if (line.find('!') != std::string::npos) return fail("no shouting");
  c.words.push_back(line);
  return line;
}
std::vector<std::vector<std::string>> no_candidates(const ToyBoard&, PlayerId) {
  return {};
}
// Words in alphabetical order, each once.
LineFaults sorted_once(const ToyBoard&, PlayerId, const ToyClaims& c,
                       std::vector<std::string>& lines) {
  LineFaults faults;
  for (std::size_t k = 1; k < c.words.size(); ++k) {
    for (std::size_t j = 0; j < k; ++j) {
      if (c.words[j] == c.words[k]) faults.emplace_back(k, "'" + c.words[k] + "' again");
    }
  }
  std::sort(lines.begin(), lines.end());
  return faults;
}
// Playing the plans already moves the position on: the plan's own next
// must still follow.
void play_plan(ToyBoard& b, const Orders& orders) {
  b.log.push_back("plan " + std::to_string(orders_of(orders, PlayerId{0}).lines.size()));
  b.phase = 1;
}
void play_count(ToyBoard& b, const Orders&) {
  b.log.push_back("count");
}
void play_rest(ToyBoard& b, const Orders&) {
  b.log.push_back("rest");
}
void after_plan(ToyBoard& b) {
  b.log.push_back("after plan");
}
void after_count(ToyBoard& b) {
  b.phase = 2;
}
void after_rest(ToyBoard& b) {
  b.phase = 0;
}

constexpr std::array<ToyRule, 3> kToyRows{{
    {Toy::Plan, "plan", toy_label, planner, word, nullptr, no_candidates, play_plan, after_plan,
     sorted_once},
    {Toy::Count, "count", toy_label, nobody, word, nullptr, no_candidates, play_count, after_count},
    {Toy::Rest, "rest", toy_label, everyone, word, nullptr, no_candidates, play_rest, after_rest},
}};
constexpr Sequence kSkipping{kToyRows, IdleSeats::Checked};
constexpr Sequence kPlaying{kToyRows, IdleSeats::Checked, IdleSegments::Played};

std::vector<std::string> toy_resolve(const Sequence<ToyRule, 3>& sequence) {
  ToyBoard b;
  ScriptedDice dice({});
  std::vector<Event> events;
  sequence.resolve(b, {{PlayerId{0}, OrderSet{{"a"}}}}, dice, events);
  CHECK(b.phase == 2);
  CHECK(b.step_ == 2);
  return b.log;
}

}  // namespace

TEST_CASE("sequence: seats named by PlayerId, a segment the position says") {
  ToyBoard b;
  CHECK(kSkipping.to_order(b) == std::vector<PlayerId>{PlayerId{0}});
  CHECK(kSkipping.label(b) == "phase 0");
  b.phase = 2;
  CHECK(kSkipping.to_order(b) == std::vector<PlayerId>{PlayerId{0}, PlayerId{1}});
}

TEST_CASE(
    "sequence: the segment played gives its next, and one nobody orders in is skipped or played") {
  CHECK(toy_resolve(kSkipping) == std::vector<std::string>{"plan 1", "after plan"});
  CHECK(toy_resolve(kPlaying) == std::vector<std::string>{"plan 1", "after plan", "count"});
}

TEST_CASE("sequence: lines checked together, faults in line order, canonical order kept") {
  ToyBoard b;
  auto good = kSkipping.validate(b, PlayerId{0}, {"b", "", "a"});
  REQUIRE(good.has_value());
  CHECK(good->lines == std::vector<std::string>{"a", "b"});
  auto bad = kSkipping.validate(b, PlayerId{0}, {"b", "a", "b!", "", "b"});
  REQUIRE_FALSE(bad.has_value());
  REQUIRE(bad.error().size() == 2);
  CHECK(bad.error()[0].line == 3);
  CHECK(bad.error()[0].message == "no shouting");
  CHECK(bad.error()[1].line == 5);
  CHECK(bad.error()[1].message == "'b' again");
}
