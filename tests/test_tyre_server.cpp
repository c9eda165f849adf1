// Two players fight the first Game-Turn of Tyre's naval war through the real
// server; the admin replay verifies every step.
#include <doctest/doctest.h>

#include <algorithm>

#include "test_client.h"

using naumachia::client::Connection;
using naumachia::testing::game_detail;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;

TEST_CASE("two players fight a Game-Turn of Tyre's naval war through the server") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::vector<std::unique_ptr<Connection>> p;
  p.push_back(sign_up(server, "azemilk"));
  p.push_back(sign_up(server, "alexander"));
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("tyre/naval");
  create.mutable_create_game()->set_seat(0);
  const auto game = p[0]->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(p[1]->call(join).game().status() == proto::RUNNING);

  // The Tyrian flagship T1 (Hanno) sails out through the north boom and back
  // in; every other order is empty. Movement needs no dice, so this script
  // works whatever the Macedonian reinforcement rolls are.
  const std::map<std::string, std::vector<std::string>> tyrian{
      {"Turn 1: Tyrian deployment (17.1)", {"T1: at 3104 facing SW"}},
      {"Turn 1, impulse 1: Tyrian movement", {"T1: move 1, turn R, move 1"}},
      {"Turn 1, impulse 2: Tyrian movement", {"T1: back 1"}},
  };
  std::vector<std::string> labels;
  std::string illegal;
  for (int guard = 0; guard < 40; ++guard) {
    const auto d = game_detail(*p[0], game);
    const std::string label = d.summary().step_label();
    if (label.rfind("Turn 2", 0) == 0) break;
    labels.push_back(label);
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      proto::Envelope req;
      auto& s = *req.mutable_submit_orders();
      s.set_game_id(game);
      s.set_step(d.summary().step());
      s.set_ready(true);
      if (seat.seat() == 0 && tyrian.count(label)) {
        for (const auto& l : tyrian.at(label)) s.add_lines(l);
      }
      const auto res = p[seat.seat()]->call(req);
      REQUIRE_MESSAGE(res.has_orders_accepted(), label << ": " << res.error().message());
    }
  }
  CHECK(labels.front() == "Turn 1: Tyrian deployment (17.1)");
  CHECK(labels.back() == "Turn 1: naval regrouping (5.3)");
  // An illegal order is refused with the case it breaks.
  const auto d = game_detail(*p[0], game);
  CHECK(d.summary().step_label() == "Turn 2, impulse 1: Tyrian movement");
  proto::Envelope bad;
  auto& s = *bad.mutable_submit_orders();
  s.set_game_id(game);
  s.set_step(d.summary().step());
  s.add_lines("T1: turn L, turn L");
  const auto refused = p[0]->call(bad);
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == proto::ILLEGAL_ORDERS);
  CHECK(refused.error().order_errors(0).message().find("(5.12)") != std::string::npos);

  const auto admin = run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " +
                                 server.db().string() + " replay " + std::to_string(game));
  CHECK(admin.status == 0);
  CHECK(admin.output.find("T1 moves from 3104 to 2904, facing NW") != std::string::npos);
  CHECK(admin.output.find("T1 backs water 1 hex(es) to 3004") != std::string::npos);
  CHECK(admin.output.find("ships return to their home ports (5.31)") != std::string::npos);
  CHECK(admin.output.find("replay verified") != std::string::npos);
}

// The whole siege through the server: the Macedonian plans the assault in the
// first Game-Turn, lands nobody, and the Tyrian wins after the tenth impulse
// (18.2). Every other order is empty, so the script holds whatever the dice.
TEST_CASE("a game of Tyre's siege runs from set-up to a victory through the server") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::vector<std::unique_ptr<Connection>> p;
  p.push_back(sign_up(server, "azemilk"));
  p.push_back(sign_up(server, "alexander"));
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("tyre/siege");
  create.mutable_create_game()->set_seat(0);
  const auto game = p[0]->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(p[1]->call(join).game().status() == proto::RUNNING);

  const std::map<std::string, std::vector<std::string>> macedonian{
      {"Turn 1: Macedonian deployment (17.1)", {"Gd3: at 3729"}},
      {"Turn 1: planning, secret allocation (4.0 1A)", {"assault", "build catapult"}},
  };
  const std::map<std::string, std::vector<std::string>> tyrian{
      {"Turn 1: planning, secret allocation (4.0 1A)", {"boulders 3620"}},
      {"Turn 1: Tyrian strategic movement (9.16, 9.17)", {"Mil1: to 4111"}},
  };
  std::vector<std::string> labels;
  proto::GameDetail d;
  for (int guard = 0; guard < 400; ++guard) {
    d = game_detail(*p[0], game);
    if (d.summary().status() == proto::OVER) break;
    const std::string label = d.summary().step_label();
    labels.push_back(label);
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      proto::Envelope req;
      auto& s = *req.mutable_submit_orders();
      s.set_game_id(game);
      s.set_step(d.summary().step());
      s.set_ready(true);
      const auto& script = seat.seat() == 0 ? tyrian : macedonian;
      if (script.count(label)) {
        for (const auto& l : script.at(label)) s.add_lines(l);
      }
      const auto res = p[seat.seat()]->call(req);
      REQUIRE_MESSAGE(res.has_orders_accepted(), label << ": " << res.error().message());
    }
  }
  REQUIRE(d.summary().status() == proto::OVER);
  CHECK(d.summary().result().find("Tyrian victory") != std::string::npos);
  CHECK(d.summary().result().find("tenth impulse") != std::string::npos);
  CHECK(std::find(labels.begin(), labels.end(), "Turn 1: Macedonian strategic movement (9.16)") !=
        labels.end());
  CHECK(std::any_of(labels.begin(), labels.end(), [](const std::string& l) {
    return l.rfind("Turn 1, assault impulse 10:", 0) == 0;
  }));

  const auto admin = run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " +
                                 server.db().string() + " replay " + std::to_string(game));
  CHECK(admin.status == 0);
  CHECK(admin.output.find("the Macedonian plans to assault this Game-Turn (4.0)") !=
        std::string::npos);
  CHECK(admin.output.find("Mil1 moves") != std::string::npos);
  CHECK(admin.output.find("boulders are dropped into the beach at 3620") != std::string::npos);
  CHECK(admin.output.find("replay verified") != std::string::npos);
}
