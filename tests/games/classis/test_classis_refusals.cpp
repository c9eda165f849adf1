// Classis: every refusal names the case it applies, or the notation of the
// lines (docs/rules/classis.md, "Refusals"), in every step.
#include <doctest/doctest.h>

#include "core/text.h"
#include "games/classis/classis_fixture.h"
#include "support/refusal_walk.h"
#include "support/scripted_step.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing::classis_positions;
using testing::has;

namespace {

const std::string kNotation = "(notation: docs/rules/classis.md)";

// Lines of every step, given in every other: each is illegal somewhere.
const std::vector<std::string> kIllegal{"R1: at 0702 facing S",
                                        "R1: at 0702 facing Q",
                                        "R1: at 9999",
                                        "R1: squadron Q",
                                        "R1: squadron P",
                                        "A: commander RHODES-2",
                                        "A: commander NOBODY",
                                        "A: flagship P1",
                                        "P: flagship R1",
                                        "A: admiral",
                                        "R1: move F F R F",
                                        "R1: move F F L R F",
                                        "A: move R1 F; R2 L F",
                                        "A: move R1",
                                        "R1: ram P1",
                                        "R1: board P1",
                                        "R1: rake P1",
                                        "R1: grapple P1",
                                        "R1: degrapple P1",
                                        "R1: repair",
                                        "A: backwater R1 R2",
                                        "R1: backwater",
                                        "R1: follow-up P1",
                                        "P1: ram R1",
                                        "R1: ram Q9",
                                        "Q9: move F",
                                        "end",
                                        "x",
                                        ":",
                                        "R1:",
                                        "R1: fly"};

}  // namespace

TEST_CASE("Classis refusals: every refusal of random games cites a case or notation") {
  const auto game = classis::make_classis_game();
  for (const char* scenario : {"patrol", "oneoff"}) {
    const auto walked = testing::walk_refusals([&] { return game->new_game(scenario, 2).value(); },
                                               2, 40, kIllegal);
    CHECK(walked.refusals.size() > 30);
    const auto bad = testing::uncited(walked, "docs/rules/classis.md");
    CHECK_MESSAGE(bad.empty(), scenario << ": " << text::join(bad, "\n"));
  }
}

TEST_CASE("Classis 1.1, 3.2.2: a backwater move onto the board's edge, land or a ship is refused") {
  Pos p = duel();
  p.ships[0] = "R1 trireme 0 A 0601 S";  // its stern to the north edge
  auto s = position(p);
  CHECK(testing::first_error(*s, kFirst, {"R1: backwater"}) ==
        "R1 has the board's edge astern (1.1, 3.2.2)");
  p = duel("", "P1 hemiolia 1 P 0604 SW");  // P1 astern of R1
  s = position(p);
  CHECK(testing::first_error(*s, kFirst, {"R1: backwater"}) ==
        "R1 has P1 astern in 0604: one ship to a hex (3.1.4, 3.2.2)");
}

TEST_CASE(
    "Classis 3.1.6, 3.3.1: a sunk ship is refused by its case / a ship not named is notation") {
  Pos p = duel("sunk");
  auto s = position(p);
  CHECK(testing::first_error(*s, kFirst, {"R1: move F"}) == "R1 has sunk (3.1.6, 3.3.1)");
  CHECK(has(testing::first_error(*s, kFirst, {"Q9: move F"}), "there is no ship Q9"));
  CHECK(has(testing::first_error(*s, kFirst, {"Q9: move F"}), kNotation));
  CHECK(has(testing::first_error(*s, kFirst, {"P1: move F"}), "P1 is not yours " + kNotation));
  p.rules = 1;  // version 1 games keep the words their reports were written with
  CHECK(testing::first_error(*position(p), kFirst, {"R1: move F"}) == "R1 has sunk");
}
