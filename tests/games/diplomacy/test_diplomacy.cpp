// Diplomacy: every DATC case, the order notation, and the module's phases
// through the engine interface.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "games/diplomacy/datc.h"
#include "games/diplomacy/diplomacy.h"
#include "games/diplomacy/rules.h"

using namespace naumachia;
using namespace naumachia::diplomacy;

namespace {

std::unique_ptr<State> new_game(int players = 7) {
  auto game = make_diplomacy_game();
  auto s = game->new_game("standard", players);
  REQUIRE(s.has_value());
  return std::move(*s);
}

std::string parsed(std::string_view text) {
  auto o = parse_order(*standard_map(), text);
  return o ? format_order(*o) : "error: " + o.error().message;
}

// Resolves a step with the given orders per seat (missing seats: no orders).
std::unique_ptr<State> play(const State& s, std::map<int, std::vector<std::string>> lines,
                            std::vector<Event>* events = nullptr) {
  std::map<PlayerId, OrderSet> orders;
  for (PlayerId p : s.step().to_order) {
    auto v = s.validate(p, lines[p.value]);
    REQUIRE_MESSAGE(v.has_value(),
                    "orders of seat " << p.value << ": " << (v ? "" : v.error()[0].message));
    orders[p] = *v;
  }
  ScriptedDice no_dice({});
  auto r = s.resolve(orders, no_dice);
  if (events) *events = r.events;
  return std::move(r.next);
}

bool has_unit(const State& s, const std::string& line) {
  return s.serialize().find("unit " + line + "\n") != std::string::npos;
}

}  // namespace

TEST_CASE("every DATC case in tests/data/datc/cases.txt passes") {
  std::ifstream in(NAUMACHIA_DATC_CASES);
  REQUIRE_MESSAGE(in.good(), "cannot read " NAUMACHIA_DATC_CASES);
  std::stringstream text;
  text << in.rdbuf();
  const auto map = standard_map();
  const auto cases = parse_datc(*map, text.str());
  CHECK(cases.size() == 137);
  for (const DatcCase& c : cases) {
    const DatcOutcome o = run_datc_case(*map, c);
    CHECK_MESSAGE(o.passed, c.id << " " << c.title << ": " << o.difference);
  }
}

TEST_CASE("orders are read as players write them and echoed in canonical form") {
  CHECK(parsed("A Par - Bur") == "A par - bur");
  CHECK(parsed("a paris -> burgundy") == "A par - bur");
  CHECK(parsed("Army Paris to Burgundy") == "A par - bur");
  CHECK(parsed("F Bul/ec - Con") == "F bul/ec - con");
  CHECK(parsed("F bul(ec) - con") == "F bul/ec - con");
  CHECK(parsed("F London S F North Sea - English Channel") == "F lon S F nth - eng");
  CHECK(parsed("F lon s nth - eng") == "F lon S F nth - eng");
  CHECK(parsed("A Lon - Bel via convoy") == "A lon - bel via convoy");
  CHECK(parsed("F nth C A lon - bel") == "F nth C A lon - bel");
  CHECK(parsed("A mun S A ber") == "A mun S A ber");
  CHECK(parsed("A Mun B") == "Build A mun");
  CHECK(parsed("build f stp/nc") == "Build F stp/nc");
  CHECK(parsed("A pic D") == "Remove A pic");
  CHECK(parsed("A par holds") == "A par H");
  CHECK(parsed("A xyz - bur").find("'xyz' is not a province") != std::string::npos);
  CHECK(parsed("Q par - bur").find("starts with the unit") != std::string::npos);
  CHECK(parsed("F spa/xc - mao").find("no coast 'xc'") != std::string::npos);
  CHECK(parsed("A par jumps bur").find("is not an order") != std::string::npos);
}

TEST_CASE("order text: names of up to the map's longest are read, hyphens and all") {
  // A province name is looked up only as a run of words no longer than the
  // map's longest name and without a "-" in it: the same orders read as before.
  CHECK(standard_map()->longest_name_words() == 3);
  CHECK(parsed("F North Atlantic Ocean - Mid-Atlantic Ocean") == "F nao - mao");
  CHECK(parsed("F mid atlantic ocean S F north atlantic ocean - irish sea") ==
        "F mao S F nao - iri");
  CHECK(parsed("A St. Petersburg - Moscow") == "A stp - mos");
  CHECK(parsed("F gulf of lyon - western mediterranean") == "F lyo - wes");
  CHECK(parsed("A par - - bur").find("'-' is not a province") != std::string::npos);
  CHECK(parsed("A par -").find("a province is missing") != std::string::npos);
}

TEST_CASE("DATC 6.A.1, 6.A.2, 6.A.3, 6.A.4, 6.A.8: typical refusals cite their case") {
  const auto s = new_game();
  const auto refusal = [&](const std::string& line) {
    auto v = s->validate(PlayerId{2}, {line});  // France
    return v ? std::string() : v.error()[0].message;
  };
  const auto cites = [&](const std::string& line, const std::string& rule) {
    const std::string why = refusal(line);
    CAPTURE(why);
    return why.find(rule) != std::string::npos;
  };
  CHECK(cites("A par - eng", "(eng, DATC 6.A.2)"));
  CHECK(cites("F bre - par", "(DATC 6.A.1, 6.A.3)"));
  CHECK(cites("A mar - mar", "(DATC 6.A.4)"));
  CHECK(cites("A mar - mos", "(DATC 6.A.1)"));
  CHECK(cites("A par S A par", "(DATC 6.A.8)"));
}

TEST_CASE("seven players: every power orders, impossible orders are refused with the reason") {
  const auto s = new_game();
  const StepInfo info = s->step();
  CHECK(info.label == "Spring 1901 movement");
  CHECK(info.to_order.size() == 7);
  // Seat 2 is France (powers in alphabetical order).
  auto bad = s->validate(PlayerId{2},
                         {"A par - bur", "F lon - eng", "A mar - mos", "F bre - par", "A par H"});
  REQUIRE_FALSE(bad.has_value());
  REQUIRE(bad.error().size() == 4);
  CHECK(bad.error()[0].line == 2);
  CHECK(bad.error()[0].message.find("England's, not yours") != std::string::npos);
  CHECK(bad.error()[1].message.find("not next to mar") != std::string::npos);
  CHECK(bad.error()[2].message.find("cannot reach par") != std::string::npos);
  CHECK(bad.error()[3].message.find("second order") != std::string::npos);
  auto good = s->validate(PlayerId{2}, {"a paris - burgundy", "F Brest - Mid-Atlantic Ocean"});
  if (!good) MESSAGE(good.error()[0].message);
  REQUIRE(good.has_value());
  CHECK(good->lines == std::vector<std::string>{"A par - bur", "F bre - mao"});
}

TEST_CASE("two players: the powers are dealt to the seats in turn") {
  auto game = make_diplomacy_game();
  const auto names = game->seating(game->scenarios()[0], 2).seat_names;
  CHECK(names == std::vector<std::string>{"Austria+France+Italy+Turkey", "England+Germany+Russia"});
  const auto s = game->new_game("standard", 2).value()->clone();
  CHECK(s->step().to_order.size() == 2);
  CHECK(s->validate(PlayerId{1}, {"A ber - kie", "F lon - nth", "A mos - ukr"}).has_value());
  CHECK_FALSE(s->validate(PlayerId{1}, {"A par - bur"}).has_value());
}

TEST_CASE("a year of phases: movement, retreat, winter builds, supply centres") {
  auto s = new_game();
  // Spring 1901: Germany and Russia to the same province; France moves twice.
  s = play(*s, {{2, {"A par - bur", "A mar - spa"}}, {3, {"A mun - sil"}}, {5, {"A war - sil"}}});
  CHECK(s->step().label == "Fall 1901 movement");
  CHECK(has_unit(*s, "France A bur"));
  CHECK(has_unit(*s, "Germany A mun"));  // bounced in Silesia
  // Fall 1901: France takes Spain's and Belgium's centres... and dislodges nothing.
  std::vector<Event> events;
  s = play(*s, {{2, {"A bur - bel"}}, {3, {"A mun - bur"}}}, &events);
  CHECK(s->step().label == "Winter 1901 adjustments");
  bool bel_reported = false;
  for (const Event& e : events)
    bel_reported = bel_reported || e.text == "France: A bur - bel: succeeds";
  CHECK(bel_reported);
  // France owns bel and spa: two builds, in vacant home centres only.
  const auto to_order = s->step().to_order;
  CHECK(std::count(to_order.begin(), to_order.end(), PlayerId{2}) == 1);
  auto builds = s->validate(PlayerId{2}, {"Build A par", "Build F mar", "Build A bur"});
  REQUIRE_FALSE(builds.has_value());
  CHECK(builds.error()[0].line == 3);
  s = play(*s, {{2, {"Build A par", "A mar B"}}});
  CHECK(s->step().label == "Spring 1902 movement");
  CHECK(has_unit(*s, "France A par"));
  CHECK(has_unit(*s, "France A mar"));
  CHECK(s->serialize().find("owner bel France") != std::string::npos);
}

TEST_CASE("a dislodged unit retreats, or is disbanded when it has no retreat order") {
  auto s = new_game();
  s = play(*s, {{3, {"A mun - tyr"}}});  // Spring 1901: Germany to Tyrolia
  // Fall 1901: Germany attacks Venice with Austrian support; Italy holds.
  s = play(*s, {{3, {"A tyr - ven"}}, {0, {"F tri S A tyr - ven"}}});
  CHECK(s->step().label == "Fall 1901 retreats");
  REQUIRE(s->step().to_order == std::vector<PlayerId>{PlayerId{4}});
  const View v = s->view(PlayerId{4});
  bool options_shown = false;
  for (const auto& n : v.notes)
    options_shown =
        options_shown || n.find("A ven may retreat to apu pie tus or disband") != std::string::npos;
  CHECK(options_shown);
  auto into_attacker = s->validate(PlayerId{4}, {"A ven - tyr"});
  REQUIRE_FALSE(into_attacker.has_value());
  CHECK(into_attacker.error()[0].message.find("cannot retreat to tyr") != std::string::npos);

  SUBCASE("retreat") {
    auto r = play(*s, {{4, {"A ven - pie"}}});
    CHECK(has_unit(*r, "Italy A pie"));
    CHECK(has_unit(*r, "Germany A ven"));
    CHECK(r->serialize().find("owner ven Germany") != std::string::npos);
  }
  SUBCASE("no orders: disbanded") {
    std::vector<Event> events;
    auto r = play(*s, {}, &events);
    CHECK(r->serialize().find("Italy A ven") == std::string::npos);
    CHECK(events.back().text == "Italy's A ven is disbanded");
  }
}
