// What the fuzzers (fuzz/, docs/fuzzing.md) found, each as the smallest input
// that showed it, run through the call the harness made. The inputs that
// first showed them are kept in the fuzzers' corpus (fuzz/corpus/) too.
#include <doctest/doctest.h>

#include "games/constantinople/position.h"
#include "games/diplomacy/datc.h"
#include "games/diplomacy/diplomacy.h"

using namespace naumachia;

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
