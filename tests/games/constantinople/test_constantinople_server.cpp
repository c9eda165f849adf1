// Constantinople's naval game through the real server: the deployment, a
// Naval Phase ended early by agreement, and further Naval Phases on rolled
// winds; an illegal order is refused with its case; the admin replay verifies
// every step. And the secret, simultaneous combat segment, frame by frame.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>

#include "support/scripted_game.h"
#include "support/text.h"

using naumachia::testing::all_frames;
using naumachia::testing::game_detail;
using naumachia::testing::has;
using naumachia::testing::Script;
using naumachia::testing::submit;
using naumachia::testing::TwoPlayerGame;
namespace proto = naumachia::proto;

namespace {

bool starts(const std::string& label, const std::string& prefix) {
  return label.rfind(prefix, 0) == 0;
}

// The Game-Turn of a step's label ("Turn 4, impulse 1: ..."): a turn whose
// Storm leaves nobody to order has no steps (14.29), so the play stops at
// the first step of Turn 4 or later.
int turn_of(const std::string& label) {
  return starts(label, "Turn ") ? std::atoi(label.c_str() + 5) : 0;
}

}  // namespace

TEST_CASE("two players fight Naval Phases of Constantinople through the server") {
  TwoPlayerGame g("constantinople/naval", {"mehmed", "giustiniani"});
  // The Ottoman galley G1 rows in from the south edge and on up the
  // Marmara; after the second impulse the Ottoman proposes to end the Naval
  // Phase and the Byzantine accepts. Every other order is empty, so the
  // script holds whatever the initiative and wind rolls.
  const Script ottoman{
      {"Turn 1, impulse 1: Ottoman movement", {"G1: enter 1546 facing N, move 3"}},
      {"Turn 1, impulse 2: Ottoman movement", {"G1: move 2, turn R", "propose end"}},
  };
  const Script byzantine{
      {"Turn 1: Byzantine deployment in the Golden Horn (19.1)", {"VENICE: 3331 facing N"}},
      {"Turn 1, impulse 2: Byzantine answer: end the Naval Phase early? (4.0 E)", {"accept"}},
  };
  auto labels = g.play(ottoman, byzantine, [](const std::string& label) {
    return label == "Turn 1, impulse 2: Ottoman movement";
  });
  // An illegal order is refused with the case it breaks, and changes nothing.
  const auto d = game_detail(*g.p[0], g.game);
  REQUIRE(d.summary().step_label() == "Turn 1, impulse 2: Ottoman movement");
  const auto refused = submit(*g.p[0], g.game, d.summary().step(), {"G1: turn R, move 2"});
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == proto::ILLEGAL_ORDERS);
  CHECK(has(refused.error().order_errors(0).message(), "(14.13)"));
  // Orders from a seat that does not order now are refused with who does.
  const auto early = submit(*g.p[1], g.game, d.summary().step(), {});
  REQUIRE(early.has_error());
  CHECK(early.error().code() == proto::NOT_YOUR_STEP);
  CHECK(early.error().message() ==
        "your side does not order in this step (Turn 1, impulse 2: Ottoman movement); seat 0 "
        "(Ottoman) orders");
  const auto rest =
      g.play(ottoman, byzantine, [](const std::string& label) { return turn_of(label) >= 4; });
  labels.insert(labels.end(), rest.begin(), rest.end());

  CHECK(labels.front() == "Turn 1: Byzantine deployment in the Golden Horn (19.1)");
  CHECK(std::find(labels.begin(), labels.end(),
                  "Turn 1, impulse 2: Byzantine answer: end the Naval Phase early? (4.0 E)") !=
        labels.end());
  CHECK(std::none_of(labels.begin(), labels.end(),
                     [](const std::string& l) { return starts(l, "Turn 1, impulse 3"); }));

  const std::string replay = g.replay();
  // Game-Turn 3 has steps of its own unless its wind is a Storm that leaves
  // no Byzantine ship to seek a haven (14.29): then nobody orders in it and
  // the game goes on to Game-Turn 4 (a roll of 2 in 36).
  const auto turn3 = replay.find("Game-Turn 3: direction roll");
  const bool turn3_storm =
      turn3 != std::string::npos &&
      replay.substr(turn3, replay.find('\n', turn3) - turn3).find("Storm") != std::string::npos;
  CHECK((turn3_storm || std::any_of(labels.begin(), labels.end(),
                                    [](const std::string& l) { return starts(l, "Turn 3"); })));
  CHECK(has(replay, "the wind is from the North, velocity 8"));
  CHECK(has(replay, "G1 arrives at 1546 facing N (19.1)"));
  CHECK(has(replay, "G1 rows from 1546 to 1543"));
  CHECK(has(replay, "the Naval Phase ends by mutual agreement after impulse 2 (4.0 E)"));
  CHECK(has(replay, "Game-Turn 2: direction roll"));
  CHECK(has(replay, "Game-Turn 3: direction roll"));
  CHECK(has(replay, "replay verified"));
}

// 15.21-15.25: melee is simultaneous; through the real server the Ottoman's
// connection receives nothing of the Byzantine combat orders, frame by frame,
// until the Ottoman has committed too and the step resolves.
TEST_CASE("Constantinople's combat orders stay secret until both players commit") {
  TwoPlayerGame g("constantinople/naval", {"hamza", "trevisano"});
  // G1 rows up column 34 to 3431, across the Boom from VENICE (3331) and
  // IMP1 (3332, the default deployment), both broadside to it; ships beside
  // the Boom do not drift (15.65).
  const Script ottoman{
      {"Turn 1, impulse 1: Ottoman movement", {"G1: enter 3446 facing N, move 3"}},
      {"Turn 1, impulse 2: Ottoman movement", {"G1: move 4"}},
      {"Turn 1, impulse 3: Ottoman movement", {"G1: move 4"}},
      {"Turn 1, impulse 4: Ottoman movement", {"G1: move 4"}},
  };
  const Script byzantine{
      {"Turn 1: Byzantine deployment in the Golden Horn (19.1)", {"VENICE: 3331 facing N"}}};
  const std::string combat = "Turn 1, impulse 4: mutual naval combat (15.2)";
  g.play(ottoman, byzantine, [&](const std::string& label) { return label == combat; });
  const auto d = game_detail(*g.p[0], g.game);
  REQUIRE(d.summary().step_label() == combat);
  REQUIRE(submit(*g.p[1], g.game, d.summary().step(), {"VENICE: attack G1", "IMP1: attack G1"})
              .has_orders_accepted());
  // The Ottoman looks at everything it may: the game and its history.
  game_detail(*g.p[0], g.game);
  proto::Envelope history;
  history.mutable_events()->set_game_id(g.game);
  g.p[0]->call(history);
  const std::string before = all_frames(*g.p[0]);
  // (The order help shows "VENICE: attack G1 2, ..." as an example, so the
  // search is for IMP1's order.)
  CHECK(!has(before, "IMP1: attack G1"));
  // G1 is next to two ships it cannot split 4 points against at -3 or better
  // (15.24): it does not attack.
  REQUIRE(submit(*g.p[0], g.game, d.summary().step(), {}).has_orders_accepted());
  game_detail(*g.p[0], g.game);
  g.p[0]->call(history);
  const std::string after = all_frames(*g.p[0]);
  CHECK(has(after, "IMP1: attack G1"));
  CHECK(has(after,
            "IMP1 and VENICE (13) attack G1 (5, +1 through the Boom (15.63)): differential +8"));
}
