// Tyre: every refusal names the case it applies, or the notation of the
// orders (docs/rules/tyre.md, "Orders"), in every step of both scenarios.
#include <doctest/doctest.h>

#include "core/text.h"
#include "games/tyre/tyre.h"
#include "support/refusal_walk.h"
#include "support/sanitizers.h"

using namespace naumachia;

namespace {

// Lines of every step, given in every other: each is illegal somewhere.
const std::vector<std::string> kIllegal{"T1: at 3104 facing SW",
                                        "combine T1 T2",
                                        "T1: move 1, turn R, move 3",
                                        "C4: turn L, move 5, ram T9",
                                        "T7 T8: attack C4",
                                        "A1: enter 2701 facing S, move 2",
                                        "T2: unpin, back 2",
                                        "T2: back 4",
                                        "T2: turn L, turn L",
                                        "bombard",
                                        "assault",
                                        "build catapult",
                                        "build tower",
                                        "repair wall 3721",
                                        "repair wall 0101",
                                        "repair ship T1",
                                        "repair ship C4",
                                        "boulders 2801",
                                        "boulders 3721",
                                        "Hyp1: to 3620",
                                        "Hyp1: 3620 3721",
                                        "Gd1: fire 3721",
                                        "Hyp1 Hyp2: attack 3721, advance Hyp2",
                                        "load Hyp1 on A1",
                                        "load Cat1 on A1",
                                        "unload Hyp1 at 3620",
                                        "unload Cat1",
                                        "TCat1: fire A1",
                                        "A1: bombard 3721",
                                        "A1: batter 3721",
                                        "Alexander: at 3620",
                                        "Azemilk: to 3720",
                                        "Tower1: at 3532",
                                        "Hyp1: at 3808",
                                        "Mil1: at 3532",
                                        "T1: attack T2",
                                        "C1: ram C2",
                                        "x",
                                        ":",
                                        "T1:",
                                        "Hyp1: to"};

}  // namespace

TEST_CASE("Tyre refusals: every refusal of random siege and naval games cites a case or notation") {
  const auto game = tyre::make_tyre_game();
  // Under the sanitizers (many times slower; a Tyre step gives each seat
  // hundreds of lines to refuse) one shorter game of each: what they look for
  // shows there, and the normal build walks the whole.
  const int games = testing::kUnderSanitizers ? 1 : 2;
  const int steps = testing::kUnderSanitizers ? 12 : 30;
  const std::size_t least = testing::kUnderSanitizers ? 15 : 40;
  for (const char* scenario : {"siege", "naval"}) {
    const auto walked = testing::walk_refusals([&] { return game->new_game(scenario, 2).value(); },
                                               games, steps, kIllegal);
    CHECK(walked.refusals.size() > least);
    const auto bad = testing::uncited(walked, "docs/rules/tyre.md");
    CHECK_MESSAGE(bad.empty(), scenario << ": " << text::join(bad, "\n"));
  }
}

TEST_CASE("Tyre refusals: a refusal without a case or the notation is found") {
  CHECK(testing::cites_rule("T1 may turn only one hexside per hex entered (5.12)",
                            "docs/rules/tyre.md"));
  CHECK(
      testing::cites_rule("'x' is not a hex (notation: docs/rules/tyre.md)", "docs/rules/tyre.md"));
  CHECK_FALSE(testing::cites_rule("'x' is not a hex", "docs/rules/tyre.md"));
  CHECK_FALSE(testing::cites_rule("T1 needs 1.5 MP", "docs/rules/tyre.md"));
  CHECK_FALSE(testing::cites_rule("'x' is not a hex (notation: docs/rules/classis.md)",
                                  "docs/rules/tyre.md"));
}
