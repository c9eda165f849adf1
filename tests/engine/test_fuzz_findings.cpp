// What the fuzzers (fuzz/, docs/fuzzing.md) found, each as the smallest input
// that showed it, run through the call the harness made. The inputs that
// first showed them are kept in the fuzzers' corpus (fuzz/corpus/) too.
#include <doctest/doctest.h>

#include <map>

#include "core/text.h"
#include "games/classis/classis.h"
#include "games/constantinople/position.h"
#include "games/diplomacy/datc.h"
#include "games/diplomacy/diplomacy.h"
#include "games/fall/fall.h"
#include "games/tyre/tyre.h"

using namespace naumachia;

namespace {

// `bytes` with its first line starting with `prefix` passed through `edit`.
template <class Edit>
std::string with_line(const std::string& bytes, std::string_view prefix, Edit edit) {
  std::string out;
  bool done = false;
  for (auto line : text::lines(bytes)) {
    std::string l(line);
    if (!done && l.starts_with(prefix)) {
      l = edit(l);
      done = true;
    }
    if (!l.empty()) out += l + "\n";
  }
  REQUIRE(done);
  return out;
}

std::string refusal(const Game& game, const std::string& bytes) {
  auto s = game.deserialize(bytes);
  return s ? std::string("accepted") : s.error().message;
}

}  // namespace

TEST_CASE("a DATC case placing a unit where none can stand is refused, not adjudicated") {
  // fuzz_data: "F arrivalmao" was taken for a fleet's location, and the
  // adjudicator then looked up a province that does not exist (a null
  // pointer in the convoy route search).
  const auto map = diplomacy::standard_map();
  const auto cases = diplomacy::parse_datc(*map,
                                           "CASE fuzz\n"
                                           "PRESTATE_SETPHASE Spring 1901, Movement\n"
                                           "PRESTATE\n"
                                           "Italy: F arrivalmao\n"
                                           "France: A bre\n"
                                           "France: F eng\n"
                                           "ORDERS\n"
                                           "France: A bre - lon\n"
                                           "France: F eng C A bre - lon\n"
                                           "END\n");
  REQUIRE(cases.size() == 1);
  CHECK(cases[0].parse_error == "line 4: no fleet can stand in 'arrivalmao'");
  const auto outcome = diplomacy::run_datc_case(*map, cases[0]);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.difference.starts_with("cannot parse"));
  // An army at sea and a fleet inland are no better.
  for (const char* unit :
       {"England: A nth", "France: F par", "Russia: F stp", "Russia: A stp/nc"}) {
    CAPTURE(unit);
    const auto c = diplomacy::parse_datc(
        *map, std::string("CASE x\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n") + unit +
                  "\nORDERS\nEND\n");
    REQUIRE(c.size() == 1);
    CHECK(c[0].parse_error.find("can stand in") != std::string::npos);
  }
}

TEST_CASE("a Constantinople map reads its size before its grid and its shoals after it") {
  // fuzz_data: a shoal line before the grid indexed a grid not made yet.
  const auto error = [](std::string_view text) {
    auto m = constantinople::Map::parse(text);
    return m ? std::string("accepted") : m.error().message;
  };
  CHECK(error("columns 1 3\nrows 1 2\nshoal 1 0101\ngrid\n01 ...\n02 ...\n") ==
        "constantinople map line 3: shoals come after the grid");
  CHECK(error("columns 1 3\nrows 1 2\ngrid\n01 ...\n02 ...\ncolumns 1 9\n") ==
        "constantinople map line 6: columns and rows come before the grid");
  CHECK(error("columns 3 1\nrows 1 2\ngrid\n") ==
        "constantinople map line 1: the last columns before the first");
  CHECK(error("rows 1 2\ngrid\n") ==
        "constantinople map line 2: the grid needs its columns and rows");
}

TEST_CASE("a Classis position whose chits name no squadron is refused") {
  // fuzz_positions: the reader took a cup chit and a commander's squadron
  // unchecked; drawn, the chit activated a squadron that does not exist, and
  // the position after it did not read back.
  auto game = classis::make_classis_game();
  auto muster = game->new_game("oneoff", 2).value();
  const Seed seed{};
  SeededDice d1(seed, muster->step().number);
  auto setup = muster->resolve({}, d1).next;
  SeededDice d2(seed, setup->step().number);
  auto battle = setup->resolve({{PlayerId{0}, OrderSet{}}, {PlayerId{1}, OrderSet{}}}, d2).next;
  const std::string bytes = battle->serialize();
  REQUIRE(refusal(*game, bytes) == "accepted");
  CHECK(refusal(*game, with_line(bytes, "cup ", [](const std::string&) {
          return "cup 2 END-OF-TURN QQ";
        })) == "classis position: an unknown chit 'QQ' in the cup");
  CHECK(refusal(*game, with_line(bytes, "commander C1 ", [](const std::string& l) {
          auto words = text::split(l);
          std::string out;
          for (std::size_t i = 0; i < words.size(); ++i)
            out += (i ? " " : "") + std::string(i == 5 ? "QQ" : words[i]);
          return out;
        })) == "classis position: commander C1 of an unknown squadron");
}

TEST_CASE("a Tyre land piece is never set up off the map") {
  // fuzz_orders: "GkP1: at 233" was accepted, hexes off the map reading as
  // mainland; the position then held a hex its own reader refuses.
  auto game = tyre::make_tyre_game();
  for (int rules : {1, 2}) {
    CAPTURE(rules);
    auto s = game->new_game("siege", 2, RulesVersion{rules}).value();
    bool deployment = false;
    for (int step = 0; step < 6; ++step) {
      std::map<PlayerId, OrderSet> orders;
      for (PlayerId p : s->step().to_order) {
        const auto v = s->validate(p, {"GkP1: at 233"});
        CHECK_FALSE(v.has_value());
        if (!v)
          deployment = deployment || v.error().front().message ==
                                         "the Macedonian army begins on the mainland or the mole "
                                         "(17.1)";
        orders[p] = s->default_orders(p);
      }
      SeededDice dice(Seed{}, s->step().number);
      s = s->resolve(orders, dice).next;
    }
    CHECK(deployment);
  }
}

TEST_CASE("a finished Tyre position without its result is refused, not read") {
  // fuzz_positions: a position reading "over 1" with its "result" line
  // taken out was accepted, and written back with an empty result that
  // its own reader refused.
  auto game = tyre::make_tyre_game();
  const std::string base = game->new_game("siege", 2).value()->serialize();
  const std::string over = with_line(base, "over ", [](const std::string&) { return "over 1"; });
  CHECK(refusal(*game, over) == "a finished game's position has no 'result' line");
  const std::string ended = with_line(
      over, "over ", [](const std::string& l) { return l + "\nresult Tyrian victory (18.2)"; });
  const auto read = game->deserialize(ended);
  REQUIRE(read.has_value());
  CHECK(game->deserialize((*read)->serialize()).has_value());
}

TEST_CASE("FoC Building b: an amount of food too large for a number is refused, not read") {
  // fuzz_orders: "buy 1222...2 food from the bank" (ninety digits) was read
  // with std::stoi, which threw out of the validator.
  auto game = diplomacy::make_diplomacy_game();
  game->add_variant(fall::make_fall_variant());
  std::unique_ptr<State> s;
  for (const ScenarioInfo& sc : game->scenarios())
    if (sc.id == "fall-of-constantinople")
      s = std::move(game->new_game(sc.id, sc.max_players).value());
  REQUIRE(s != nullptr);
  const std::string huge = "1" + std::string(89, '2');
  REQUIRE_FALSE(s->step().to_order.empty());
  const auto v = s->validate(s->step().to_order.front(), {"buy " + huge + " food from the bank"});
  REQUIRE_FALSE(v.has_value());
  CHECK(v.error().front().message.find(huge + " is too large an amount of food") !=
        std::string::npos);
}
