// Seven players play The Fall of Constantinople through the real server for
// two years and a winter: builds, marches, a siege that takes a city and one
// laid to Constantinople, food bought, a pillage, a fleet leaving its city;
// bad orders are refused with the reason; the admin replay verifies every
// phase.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "support/protocol_client.h"
#include "support/text.h"

using naumachia::client::Connection;
using naumachia::testing::game_detail;
using naumachia::testing::has;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;

namespace {

// Seats in the scenario's order: 0 Aragon, 1 Byzantium, 2 Genoa, 3 the
// Hospitallers, 4 Naples, 5 the Ottomans, 6 Venice. Seats not listed send
// no orders (units hold, nothing is built).
const std::map<std::string, std::map<int, std::vector<std::string>>> kScript{
    {"Winter 1354 adjustments",
     {{1, {"build A con"}}, {5, {"build A bur", "build mercenary A nic"}}, {6, {"build F cnd"}}}},
    {"Spring 1355 movement",
     {{0, {"A ath city P"}},
      {2, {"buy 1 food from the bank"}},
      {5, {"2A Gallipoli -> wth", "A nic - nmd"}}}},
    {"Autumn 1355 movement", {{5, {"2A wth besieges"}}}},
    {"Spring 1356 movement",
     // Three against Byzantium's army and the Long Wall's support (FoC Mapboard h).
     {{5, {"2A wth - con", "A nmd S 2A wth - con"}},
      {6, {"F cnd city - cnd"}},
      {2, {"F myt - aeg"}}}},
    {"Autumn 1356 movement", {{5, {"2A con B"}}, {6, {"F cnd - cre"}}}},
};

}  // namespace

TEST_CASE(
    "seven players play The Fall of Constantinople through the server / the replay verifies") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::vector<std::unique_ptr<Connection>> players;
  for (int i = 0; i < 7; ++i) players.push_back(sign_up(server, "player" + std::to_string(i)));
  const std::uint64_t game =
      naumachia::testing::start_game(players, "diplomacy/fall-of-constantinople");

  // Bad orders: the reason, and nothing changes.
  auto d = game_detail(*players[6], game);
  REQUIRE(d.summary().step_label() == "Winter 1354 adjustments");
  const auto foreign = submit(*players[6], game, d.summary().step(), {"Ottomans: build A bur"});
  REQUIRE(foreign.has_error());
  CHECK(has(foreign.error().order_errors(0).message(), "Ottomans is not yours to order"));
  const auto early = submit(*players[6], game, d.summary().step(), {"F cnd city - cnd"});
  REQUIRE(early.has_error());
  CHECK(has(early.error().order_errors(0).message(), "in the winter orders are builds"));

  std::vector<std::string> labels;
  for (int guard = 0; guard < 20; ++guard) {
    d = game_detail(*players[0], game);
    REQUIRE(d.summary().status() == proto::RUNNING);
    const std::string label = d.summary().step_label();
    if (label.rfind("Spring 1357", 0) == 0) break;
    labels.push_back(label);
    const auto script =
        kScript.count(label) ? kScript.at(label) : std::map<int, std::vector<std::string>>{};
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      const auto s = static_cast<int>(seat.seat());
      const auto res = submit(*players[seat.seat()], game, d.summary().step(),
                              script.count(s) ? script.at(s) : std::vector<std::string>{});
      REQUIRE_MESSAGE(
          res.has_orders_accepted(),
          label << ", seat " << s << ": " << res.error().message()
                << (res.error().order_errors_size() ? " / " + res.error().order_errors(0).message()
                                                    : ""));
    }
  }
  // Summers are steps only for powers short of food; retreats only after a
  // dislodgement.
  for (const char* expected :
       {"Winter 1354 adjustments", "Spring 1355 movement", "Autumn 1355 movement",
        "Winter 1355 adjustments", "Spring 1356 movement", "Autumn 1356 movement",
        "Winter 1356 adjustments"})
    CHECK_MESSAGE(std::find(labels.begin(), labels.end(), expected) != labels.end(), expected);

  // Everyone sees the public board: the Ottomans' army before West Thrace's
  // city, now theirs; treasuries in the notes.
  const auto view = game_detail(*players[3], game).view();
  std::string board;
  for (const auto& c : view.cells()) {
    board += c.label() + ":";
    for (const auto& t : c.tokens()) board += " " + t.label();
    board += "\n";
  }
  for (const auto& n : view.notes()) board += n + "\n";
  CHECK(has(board, "Ottomans 2A con"));
  CHECK(has(board, "besieged by Ottomans for 1 season(s)"));
  CHECK(has(board, "Venice F cre"));
  CHECK(has(board, "Selymbria (2£, size 1, port), Ottomans'"));
  CHECK(has(board, "Venice: "));

  proto::Envelope replay;
  replay.mutable_replay()->set_game_id(game);
  CHECK(players[5]->call(replay).replay_result().all_verified());
  const auto admin = run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " +
                                 server.db().string() + " replay " + std::to_string(game));
  CHECK(admin.status == 0);
  CHECK(has(admin.output, "Ottomans: 2A gal - wth: succeeds"));
  CHECK(has(admin.output, "falls to Ottomans"));
  CHECK(has(admin.output, "Ottomans: 2A wth - con: succeeds"));
  CHECK(has(admin.output, "Byzantium's A con is dislodged and must retreat"));
  CHECK(has(admin.output, "Aragon pillages Athens for 3£"));
  CHECK(has(admin.output, "replay verified"));
}
