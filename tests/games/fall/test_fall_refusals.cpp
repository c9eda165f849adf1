// The Fall of Constantinople: every refusal names the rule it applies (the
// variant's section, Multiplicity Plus or a DATC case), or the notation of the
// orders (docs/rules/fall-of-constantinople.md, "Refusals"), in every season.
#include <doctest/doctest.h>

#include "core/text.h"
#include "games/fall/fall_fixture.h"
#include "support/refusal_walk.h"
#include "support/scripted_step.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::fall_fixture;
using testing::has;

namespace {

const std::string kNotation = "(notation: docs/rules/fall-of-constantinople.md)";

std::unique_ptr<State> start() {
  return game().new_game("fall-of-constantinople", 7).value();
}

// Orders of every season, given in every other: each is illegal somewhere.
const std::vector<std::string> kIllegal{"A Venice -> Verona",
                                        "2A Venice -> Verona",
                                        "A/F Venice -> Adriatic",
                                        "2A/1F Venice -> Adriatic",
                                        "A Venice city -> Venice",
                                        "A city of Venice -> city of Verona",
                                        "F Venice S A Verona",
                                        "F Adriatic C A Venice -> Apulia",
                                        "A Venice B",
                                        "A Venice P",
                                        "A Venice enters city",
                                        "A Venice leaves city",
                                        "A Venice - Venice",
                                        "build A Venice",
                                        "build F Venice",
                                        "build mercenary Venice",
                                        "build 2A Venice",
                                        "build A Rome",
                                        "buy 3 food from the bank",
                                        "buy 3 food from Genoa by 10£",
                                        "sell 3 food to Genoa by 10£",
                                        "sell 3 food to Venice by 10£",
                                        "buy 0 food from the bank",
                                        "buy 3 food from Genoa",
                                        "disband A Venice",
                                        "unfed A Venice",
                                        "disband A Venice of Genoa",
                                        "Genoa: A Genoa H",
                                        "Nobody: A Venice H",
                                        "Venice: A Venice H",
                                        "A Venice D",
                                        "A Venice -> Verona via convoy",
                                        "F Venice/ec -> Adriatic",
                                        "x",
                                        "",
                                        "3X Venice H"};

}  // namespace

TEST_CASE("FoC refusals: every refusal of random games cites the variant, DATC or notation") {
  const auto walked = testing::walk_refusals(start, 1, 10, kIllegal);
  CHECK(walked.refusals.size() > 40);
  const auto bad = testing::uncited(walked, "docs/rules/fall-of-constantinople.md");
  CHECK_MESSAGE(bad.empty(), text::join(bad, "\n"));
}

TEST_CASE("FoC DATC 6.A.6: a power of another seat is not ordered") {
  const auto s = start();
  CHECK(testing::first_error(*s, PlayerId{Venice}, {"Genoa: build A Genoa"}) ==
        "Genoa is not yours to order (DATC 6.A.6)");
  CHECK(testing::first_error(*s, PlayerId{Venice}, {"Nobody: build A Venice"}) ==
        "'Nobody' is not a power " + kNotation);
}

TEST_CASE("FoC notation: words that do not read as an order cite the notation") {
  const auto s = start();
  CHECK(has(testing::first_error(*s, PlayerId{Venice}, {"build 2A Venice"}), kNotation));
  CHECK(has(testing::first_error(*s, PlayerId{Venice}, {"sing"}), kNotation));
}
