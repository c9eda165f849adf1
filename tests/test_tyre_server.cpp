// Tyre through the real server: a Game-Turn of the naval war, and a whole
// siege to a victory; the admin replay verifies every step.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>

#include "test_client.h"

using naumachia::client::Connection;
using naumachia::testing::game_detail;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;

namespace {

using Script = std::map<std::string, std::vector<std::string>>;  // step label -> orders

struct TwoPlayerGame {
  TempDir dir;
  ServerProcess server{dir.path()};
  std::vector<std::unique_ptr<Connection>> p;
  std::uint64_t game = 0;

  explicit TwoPlayerGame(const std::string& scenario) {
    p.push_back(sign_up(server, "azemilk"));
    p.push_back(sign_up(server, "alexander"));
    proto::Envelope create;
    create.mutable_create_game()->set_scenario(scenario);
    create.mutable_create_game()->set_seat(0);
    game = p[0]->call(create).game().id();
    proto::Envelope join;
    join.mutable_join_game()->set_game_id(game);
    join.mutable_join_game()->set_seat(1);
    REQUIRE(p[1]->call(join).game().status() == proto::RUNNING);
  }

  // Plays steps with the scripted orders (empty where the script is silent)
  // until `stop` says so or the game is over; returns the labels played.
  std::vector<std::string> play(const Script& tyrian, const Script& macedonian,
                                const std::function<bool(const std::string&)>& stop) {
    std::vector<std::string> labels;
    for (int guard = 0; guard < 400; ++guard) {
      const auto d = game_detail(*p[0], game);
      const std::string label = d.summary().step_label();
      if (d.summary().status() == proto::OVER || stop(label)) break;
      labels.push_back(label);
      for (const auto& seat : d.summary().seats()) {
        if (!seat.must_order()) continue;
        proto::Envelope req;
        auto& s = *req.mutable_submit_orders();
        s.set_game_id(game);
        s.set_step(d.summary().step());
        s.set_ready(true);
        const Script& script = seat.seat() == 0 ? tyrian : macedonian;
        if (script.count(label)) {
          for (const auto& l : script.at(label)) s.add_lines(l);
        }
        const auto res = p[seat.seat()]->call(req);
        REQUIRE_MESSAGE(res.has_orders_accepted(), label << ": " << res.error().message());
      }
    }
    return labels;
  }

  std::string replay() const {
    const auto admin = run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " +
                                   server.db().string() + " replay " + std::to_string(game));
    CHECK(admin.status == 0);
    return admin.output;
  }
};

bool has(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("two players fight a Game-Turn of Tyre's naval war through the server") {
  TwoPlayerGame g("tyre/naval");
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
  TwoPlayerGame g("tyre/siege");
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
