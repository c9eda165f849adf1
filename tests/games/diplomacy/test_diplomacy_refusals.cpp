// Diplomacy: every refusal names the DATC case of the rule it applies, or the
// notation of the orders (docs/rules/diplomacy.md, "Refusals"), in every phase.
#include <doctest/doctest.h>

#include "core/text.h"
#include "games/diplomacy/diplomacy.h"
#include "support/refusal_walk.h"
#include "support/sanitizers.h"
#include "support/scripted_step.h"
#include "support/text.h"

using namespace naumachia;
using testing::has;

namespace {

const PlayerId kFrance{2};
const std::string kNotation = "(notation: docs/rules/diplomacy.md)";

const Game& game() {
  static const auto g = diplomacy::make_diplomacy_game();
  return *g;
}

// Orders of every phase, given in every other: each is illegal somewhere.
const std::vector<std::string> kIllegal{"A par - bur",
                                        "A par - par",
                                        "A par - mos",
                                        "F bre - par",
                                        "F bre - mid",
                                        "A par - nth",
                                        "F stp - bot",
                                        "F stp/nc - bar",
                                        "F mar - spa",
                                        "F mar - spa/nc",
                                        "A vie - bud",
                                        "A bur - par",
                                        "F lon S F lon",
                                        "F nth C A lon - bel",
                                        "F bre C A par - mar",
                                        "F nth C F lon - bel",
                                        "A par S A par",
                                        "A par S A mun - kie",
                                        "A par C A bre - pic",
                                        "Build A par",
                                        "Build F par",
                                        "Build A bur",
                                        "Build F stp",
                                        "Build A mar",
                                        "Remove A par",
                                        "A par B",
                                        "A par D",
                                        "A par - bur via convoy",
                                        "A pic - lon via convoy",
                                        "X par H",
                                        "A par jumps",
                                        "A pariss - bur",
                                        "F bul/xx - con",
                                        "",
                                        "A",
                                        "Build"};

}  // namespace

TEST_CASE("Diplomacy refusals: every refusal of random games cites a DATC case or notation") {
  // Under the sanitizers one game: what they look for shows on a code path's
  // first runs, and the normal build walks the second.
  const int games = testing::kUnderSanitizers ? 1 : 2;
  const auto walked = testing::walk_refusals([] { return game().new_game("standard", 7).value(); },
                                             games, 12, kIllegal);
  MESSAGE("refusals: " << walked.refusals.size());
  CHECK(walked.refusals.size() > 40);
  const auto bad = testing::uncited(walked, "docs/rules/diplomacy.md");
  CHECK_MESSAGE(bad.empty(), text::join(bad, "\n"));
}

TEST_CASE("Diplomacy DATC 6.A.6: ordering a unit of another country") {
  const auto s = game().new_game("standard", 7).value();
  CHECK(testing::first_error(*s, kFrance, {"A vie - bud"}) ==
        "the unit in vie is Austria's, not yours (DATC 6.A.6)");
}

TEST_CASE("Diplomacy notation: words that do not read as an order cite the notation") {
  const auto s = game().new_game("standard", 7).value();
  CHECK(has(testing::first_error(*s, kFrance, {"A par jumps"}), "is not an order"));
  CHECK(has(testing::first_error(*s, kFrance, {"A par jumps"}), kNotation));
  CHECK(has(testing::first_error(*s, kFrance, {"A pariss - bur"}), kNotation));
  CHECK(testing::first_error(*s, kFrance, {"A par H", "A par - bur"}) ==
        "a second order for the unit in par " + kNotation);
}

TEST_CASE("Diplomacy DATC 6.I.6: a build in another power's home centre") {
  auto s = testing::play_until(game().new_game("standard", 7).value(), "adjustments", 12);
  REQUIRE(s);
  REQUIRE_FALSE(s->step().to_order.empty());
  const PlayerId kRussia{5};
  for (PlayerId p : s->step().to_order) {
    const std::string centre = p == kRussia ? "par" : "mos";
    CHECK(testing::first_error(*s, p, {"Build A " + centre}) ==
          centre + " is not a home centre of yours (DATC 6.I.6)");
  }
}
