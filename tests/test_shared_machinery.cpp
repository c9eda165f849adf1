// The machinery the game modules share: hex neighbours and the flood fill,
// the data-file record reader, the galley movement toolkit, and the table of
// segments for a board seated by PlayerId whose position says its segment.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/flood.h"
#include "core/galley.h"
#include "core/hex.h"
#include "core/records.h"
#include "core/sequence.h"

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
