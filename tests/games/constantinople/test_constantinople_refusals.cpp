// Constantinople: every refusal names the case it applies, or the notation
// of the orders (docs/rules/constantinople.md, "Refusals"), in every step.
#include <doctest/doctest.h>

#include "core/text.h"
#include "games/constantinople/constantinople.h"
#include "support/refusal_walk.h"
#include "support/sanitizers.h"
#include "support/scripted_step.h"
#include "support/text.h"

using namespace naumachia;
using testing::has;

namespace {

const PlayerId kByzantine{1};
const std::string kNotation = "(notation: docs/rules/constantinople.md)";

const Game& game() {
  static const auto g = constantinople::make_constantinople_game();
  return *g;
}

// Lines of every step, given in every other: each is illegal somewhere.
const std::vector<std::string> kIllegal{"VENICE: 3331 facing N",
                                        "VENICE: 0101 facing N",
                                        "VENICE: 3331 N",
                                        "Diedo: VENICE",
                                        "Diedo: ashore",
                                        "Trevisano: G1",
                                        "G1: enter 1546 facing N, move 3",
                                        "G1: enter 1546 facing Q",
                                        "G1: battle, move 4, turn L, move 2, ram VENICE",
                                        "VENICE: speed 3, move 1, turn R2",
                                        "VENICE: move 13",
                                        "VENICE: turn X",
                                        "VENICE: attack G1 2, T1 1, F3 5",
                                        "VENICE: attack",
                                        "G1: free, move 2",
                                        "T1: portage 3624 facing N",
                                        "T1: portage 3624 N",
                                        "bombard VENICE",
                                        "bombard G1",
                                        "VENICE: ashore",
                                        "VENICE: aboard",
                                        "VENICE: 1823",
                                        "propose end",
                                        "accept",
                                        "decline",
                                        "maybe",
                                        "G1: break boom",
                                        "T1: oar, move 3",
                                        "G1: move 1, sail",
                                        "G1: sail, move 1",
                                        "G1: ram",
                                        "x",
                                        ":",
                                        "G1:"};

}  // namespace

TEST_CASE("Constantinople refusals: every refusal of random games cites a case or notation") {
  // Under the sanitizers one game: what they look for shows on a code path's
  // first runs, and the normal build walks the other two.
  const int games = testing::kUnderSanitizers ? 1 : 3;
  const auto walked = testing::walk_refusals([] { return game().new_game("naval", 2).value(); },
                                             games, 40, kIllegal);
  MESSAGE("refusals: " << walked.refusals.size());
  CHECK(walked.refusals.size() > 40);
  const auto bad = testing::uncited(walked, "docs/rules/constantinople.md");
  CHECK_MESSAGE(bad.empty(), text::join(bad, "\n"));
}

TEST_CASE("Constantinople 19.1 notation: a second deployment order for one ship") {
  const auto s = game().new_game("naval", 2).value();
  CHECK(testing::first_error(*s, kByzantine, {"VENICE: 3331 facing S", "VENICE: 3331 facing S"}) ==
        "a second order for VENICE " + kNotation);
  CHECK(has(testing::first_error(*s, kByzantine, {"VENICE 3331 facing S"}), kNotation));
}

TEST_CASE("Constantinople 4.0 E: one proposal to end the Naval Phase an impulse") {
  auto s = testing::play_until(game().new_game("naval", 2).value(), "movement", 5);
  REQUIRE(s);
  const PlayerId mover = s->step().to_order.front();
  CHECK(testing::first_error(*s, mover, {"propose end", "propose end"}) ==
        "one proposal an impulse (4.0 E)");
}

TEST_CASE("Constantinople 16.0 notation: a Byzantine planning line without its colon") {
  auto s = testing::play_until(game().new_game("naval", 2).value(), "Planning", 80);
  REQUIRE(s);
  CHECK(testing::first_error(*s, kByzantine, {"Diedo ashore"}) ==
        "an order is 'PIECE: ...' (for example 'G1: move 3, turn R, move 1') " + kNotation);
}
