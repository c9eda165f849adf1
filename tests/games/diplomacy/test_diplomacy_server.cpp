// Seven players play Diplomacy for a few years through the real server; the
// admin replay verifies every phase.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "support/protocol_client.h"
#include "support/requests.h"

using naumachia::client::Connection;
using naumachia::testing::game_detail;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;

namespace {

// Scripted orders by phase and seat (0 Austria, 1 England, 2 France, 3 Germany,
// 4 Italy, 5 Russia, 6 Turkey); seats not listed send no orders (all hold).
const std::map<std::string, std::map<int, std::vector<std::string>>> kScript{
    {"Spring 1901 movement",
     {{0, {"A bud - ser", "F tri - alb", "A vie - gal"}},
      {1, {"F lon - nth", "F edi - nwg", "A lvp - yor"}},
      {2, {"A par - bur", "A mar - spa", "F bre - mao"}},
      {3, {"A mun - ruh", "F kie - den", "A ber - kie"}},
      {5, {"A war - gal", "F sev - rum", "A mos - ukr", "F stp/sc - bot"}},
      {6, {"F ank - bla", "A con - bul", "A smy - con"}}}},
    {"Fall 1901 movement",
     {{0, {"F alb - gre"}},
      {1, {"F nth - nwy"}},
      {2, {"F mao - por", "A bur - bel"}},
      {3, {"A ruh - hol"}},
      {5, {"F bot - swe"}}}},
    {"Winter 1901 adjustments",
     {{0, {"Build A bud"}}, {2, {"Build A par", "Build F bre"}}, {3, {"Build A ber"}}}},
};

}  // namespace

TEST_CASE("seven players play Diplomacy for three years through the server") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::vector<std::unique_ptr<Connection>> players;
  for (int i = 0; i < 7; ++i) players.push_back(sign_up(server, "player" + std::to_string(i)));

  const std::uint64_t game = naumachia::testing::start_game(players, "diplomacy/standard");

  std::vector<std::string> labels;
  for (int guard = 0; guard < 20; ++guard) {
    const auto d = game_detail(*players[0], game);
    REQUIRE(d.summary().status() == proto::RUNNING);
    const std::string label = d.summary().step_label();
    if (label.rfind("Spring 1904", 0) == 0) break;
    labels.push_back(label);
    const auto script =
        kScript.count(label) ? kScript.at(label) : std::map<int, std::vector<std::string>>{};
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      proto::Envelope req;
      auto& s = *req.mutable_submit_orders();
      s.set_game_id(game);
      s.set_step(d.summary().step());
      s.set_ready(true);
      if (script.count(static_cast<int>(seat.seat()))) {
        for (const auto& l : script.at(static_cast<int>(seat.seat()))) s.add_lines(l);
      }
      const auto res = players[seat.seat()]->call(req);
      REQUIRE_MESSAGE(
          res.has_orders_accepted(),
          label << ", seat " << seat.seat() << ": " << res.error().message()
                << (res.error().order_errors_size() ? " / " + res.error().order_errors(0).message()
                                                    : ""));
    }
  }
  CHECK(labels.front() == "Spring 1901 movement");
  CHECK(labels[2] == "Winter 1901 adjustments");
  CHECK(labels.size() >= 7);

  // Everyone sees the same public board: France's fleet in Portugal, a new army in Paris.
  const auto view = game_detail(*players[3], game).view();
  std::string board;
  for (const auto& c : view.cells()) {
    for (const auto& t : c.tokens()) board += t.label() + "@" + std::to_string(t.owner()) + " ";
  }
  CHECK(board.find("F por@2") != std::string::npos);
  CHECK(board.find("A par@2") != std::string::npos);
  CHECK(board.find("F bre@2") != std::string::npos);

  proto::Envelope replay;
  replay.mutable_replay()->set_game_id(game);
  CHECK(players[5]->call(replay).replay_result().all_verified());
  const auto admin = run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " +
                                 server.db().string() + " replay " + std::to_string(game));
  CHECK(admin.status == 0);
  CHECK(admin.output.find("France: A par - bur: succeeds") != std::string::npos);
  CHECK(admin.output.find("replay verified") != std::string::npos);
}

namespace {

proto::Envelope ask_choices(Connection& c, std::uint64_t game, std::uint64_t step,
                            const std::string& decision, const std::vector<std::string>& path) {
  return c.call(naumachia::testing::choices_request(game, step, decision, path));
}

}  // namespace

TEST_CASE(
    "the server offers Diplomacy orders choice by choice, and refuses what it did not offer") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::vector<std::unique_ptr<Connection>> players;
  for (const char* name : {"alice", "bob"}) players.push_back(sign_up(server, name));
  const std::uint64_t game = naumachia::testing::start_game(players, "diplomacy/standard");
  const auto watcher = sign_up(server, "carol");

  const auto decisions = ask_choices(*players[0], game, 1, "", {});
  REQUIRE(decisions.has_choices_result());
  std::vector<std::string> ids;
  for (const auto& d : decisions.choices_result().decisions()) ids.push_back(d.id());
  CHECK(std::find(ids.begin(), ids.end(), "par") != ids.end());
  CHECK(std::find(ids.begin(), ids.end(), "lon") == ids.end());  // England is bob's

  const auto moves = ask_choices(*players[0], game, 1, "par", {" -"});
  REQUIRE(moves.has_choices_result());
  CHECK(moves.choices_result().line() == "A par -");
  bool burgundy = false;
  for (const auto& c : moves.choices_result().choices()) {
    if (c.text() != " bur") continue;
    burgundy = c.complete() && c.last() && c.label() == "to Burgundy" && c.cells_size() == 1 &&
               c.cells(0) == "bur";
  }
  CHECK(burgundy);

  CHECK(ask_choices(*players[0], game, 2, "", {}).error().code() == proto::STALE_STEP);
  CHECK(ask_choices(*players[0], game, 1, "lon", {}).error().code() == proto::INVALID_ARGUMENT);
  CHECK(ask_choices(*players[0], game, 1, "", {" -"}).error().code() == proto::INVALID_ARGUMENT);
  const auto off_path = ask_choices(*players[0], game, 1, "par", {" - mun"});
  CHECK(off_path.error().code() == proto::INVALID_ARGUMENT);
  CHECK(off_path.error().message().find("is not a way the order can go on") != std::string::npos);
  CHECK(ask_choices(*watcher, game, 1, "", {}).error().code() == proto::FORBIDDEN);
  CHECK(ask_choices(*players[0], game, 1, std::string(600, 'x'), {}).error().code() ==
        proto::INVALID_ARGUMENT);
}
