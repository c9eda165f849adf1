// Tyre through the real server: a Game-Turn of the naval war, and a whole
// siege to a victory; the admin replay verifies every step.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>

#include "support/scripted_game.h"
#include "support/text.h"

using naumachia::testing::game_detail;
using naumachia::testing::has;
using naumachia::testing::Script;
using naumachia::testing::TwoPlayerGame;
namespace proto = naumachia::proto;

namespace {}  // namespace

TEST_CASE("two players fight a Game-Turn of Tyre's naval war through the server") {
  TwoPlayerGame g("tyre/naval", {"azemilk", "alexander"});
  // The Tyrian flagship T1 (Hanno) sails out through the north boom and back
  // in; every other order is empty. Movement needs no dice, so this script
  // works whatever the Macedonian reinforcement rolls are.
  const Script tyrian{
      {"Turn 1: Tyrian deployment (17.1)", {"T1: at 3104 facing SW"}},
      {"Turn 1, impulse 1: Tyrian movement", {"T1: move 1, turn R, move 1"}},
      {"Turn 1, impulse 2: Tyrian movement", {"T1: back 1"}},
  };
  const auto labels =
      g.play(tyrian, {}, [](const std::string& label) { return label.rfind("Turn 2", 0) == 0; });
  CHECK(labels.front() == "Turn 1: Tyrian deployment (17.1)");
  CHECK(labels.back() == "Turn 1: naval regrouping (5.3)");
  // An illegal order is refused with the case it breaks.
  const auto d = game_detail(*g.p[0], g.game);
  CHECK(d.summary().step_label() == "Turn 2, impulse 1: Tyrian movement");
  proto::Envelope bad;
  auto& s = *bad.mutable_submit_orders();
  s.set_game_id(g.game);
  s.set_step(d.summary().step());
  s.add_lines("T1: turn L, turn L");
  const auto refused = g.p[0]->call(bad);
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == proto::ILLEGAL_ORDERS);
  CHECK(has(refused.error().order_errors(0).message(), "(5.12)"));

  const std::string replay = g.replay();
  CHECK(has(replay, "T1 moves from 3104 to 2904, facing NW"));
  CHECK(has(replay, "T1 backs water 1 hex(es) to 3004"));
  CHECK(has(replay, "ships return to their home ports (5.31)"));
  CHECK(has(replay, "replay verified"));
}

// The whole siege through the server: the Macedonian plans the assault in the
// first Game-Turn, lands nobody, and the Tyrian wins after the tenth impulse
// (18.2). Every other order is empty, so the script holds whatever the dice.
TEST_CASE("a game of Tyre's siege runs from set-up to a victory through the server") {
  TwoPlayerGame g("tyre/siege", {"azemilk", "alexander"});
  const Script macedonian{
      {"Turn 1: Macedonian deployment (17.1)", {"Gd3: at 3729"}},
      {"Turn 1: planning, secret allocation (4.0 1A)", {"assault", "build catapult"}},
  };
  const Script tyrian{
      {"Turn 1: planning, secret allocation (4.0 1A)", {"boulders 3620"}},
      {"Turn 1: Tyrian strategic movement (9.16, 9.17)", {"Mil1: to 4111"}},
  };
  const auto labels = g.play(tyrian, macedonian, [](const std::string&) { return false; });
  const auto d = game_detail(*g.p[0], g.game);
  REQUIRE(d.summary().status() == proto::OVER);
  CHECK(has(d.summary().result(), "Tyrian victory"));
  CHECK(has(d.summary().result(), "tenth impulse"));
  CHECK(!d.summary().seed().empty());
  CHECK(std::find(labels.begin(), labels.end(), "Turn 1: Macedonian strategic movement (9.16)") !=
        labels.end());
  CHECK(std::any_of(labels.begin(), labels.end(), [](const std::string& l) {
    return l.rfind("Turn 1, assault impulse 10:", 0) == 0;
  }));

  const std::string replay = g.replay();
  CHECK(has(replay, "the Macedonian plans to assault this Game-Turn (4.0)"));
  CHECK(has(replay, "Mil1 moves"));
  CHECK(has(replay, "boulders are dropped into the beach at 3620"));
  CHECK(has(replay, "replay verified"));
}
