// Empires in Harm: every refusal names the case it applies, or the notation
// of the lines (docs/rules/eih-naval-play.md, "The steps"), in every step.
#include <doctest/doctest.h>

#include "core/text.h"
#include "eih_naval_fixture.h"
#include "support/refusal_walk.h"

using namespace naumachia;
using namespace naumachia::testing::eih;
using testing::first_error;
using testing::has;

namespace {

const std::string kNotation = "(notation: docs/rules/eih-naval-play.md)";

// Lines of every step, given in every other: each is illegal somewhere.
const std::vector<std::string> kIllegal{"fleet france \"Brest squadron\" heavy 12 light 4",
                                        "fleet france \"Brest heavy 12",
                                        "fleet atlantis X heavy 2",
                                        "fleet britain X heavy 2 nelson nelson",
                                        "fleet britain X heavy 99",
                                        "fleet britain X sails 3",
                                        "defender 2",
                                        "defender none",
                                        "defender 99",
                                        "war yes",
                                        "war maybe",
                                        "evade no",
                                        "chit melee",
                                        "chit nothing",
                                        "nelson 2",
                                        "surrender yes",
                                        "surrender spain no",
                                        "surrender",
                                        "odd britain",
                                        "chase yes",
                                        "retreat cadiz",
                                        "retreat atlantis",
                                        "pursue all",
                                        "pursue",
                                        "enter yes",
                                        "withdraw box",
                                        "withdraw home",
                                        "damaged gibraltar 2 heavy",
                                        "damaged gibraltar 2 sloops",
                                        "damaged",
                                        "guns no",
                                        "x"};

}  // namespace

TEST_CASE("EiH refusals: every refusal of random battles cites a case or notation") {
  for (const char* id : {"trafalgar", "custom", "copenhagen"}) {
    const auto walked = testing::walk_refusals([&] { return battle(id, 2); }, 2, 30, kIllegal);
    CHECK(walked.refusals.size() > 20);
    const auto bad = testing::uncited(walked, "docs/rules/eih-naval-play.md");
    CHECK_MESSAGE(bad.empty(), id << ": " << text::join(bad, "\n"));
  }
}

TEST_CASE("EiH 1.1.2.4.1, 1.1.2.2: a custom battle's fleet lines refused by case or notation") {
  const auto s = battle("custom", 2);
  CHECK(first_error(*s, PlayerId{0},
                    {"fleet britain X heavy 2 nelson", "fleet britain Y heavy 2 nelson"}) ==
        "there is one Nelson (1.1.2.2)");
  CHECK(first_error(*s, PlayerId{0}, {"fleet britain X heavy 2", "fleet britain X heavy 3"}) ==
        "a second fleet named 'X' " + kNotation);
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet britain \"X heavy 2"}), kNotation));
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet atlantis X heavy 2"}), "(1.1.2.4.1)"));
}
