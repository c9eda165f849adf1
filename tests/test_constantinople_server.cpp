// Constantinople's naval game through the real server: the deployment, a
// Naval Phase ended early by agreement, and further Naval Phases on rolled
// winds; an illegal order is refused with its case; the admin replay verifies
// every step.
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

bool has(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("two players fight Naval Phases of Constantinople through the server") {
  TempDir dir;
  ServerProcess server{dir.path()};
  std::vector<std::unique_ptr<Connection>> p;
  p.push_back(sign_up(server, "mehmed"));
  p.push_back(sign_up(server, "giustiniani"));
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("constantinople/naval");
  create.mutable_create_game()->set_seat(0);
  const std::uint64_t game = p[0]->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(p[1]->call(join).game().status() == proto::RUNNING);

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
  std::vector<std::string> labels;
  for (int guard = 0; guard < 200; ++guard) {
    const auto d = game_detail(*p[0], game);
    const std::string label = d.summary().step_label();
    if (d.summary().status() == proto::OVER || label.rfind("Turn 4", 0) == 0) break;
    labels.push_back(label);
    if (label == "Turn 1, impulse 2: Ottoman movement") {
      // An illegal order is refused with the case it breaks, and changes nothing.
      proto::Envelope bad;
      auto& s = *bad.mutable_submit_orders();
      s.set_game_id(game);
      s.set_step(d.summary().step());
      s.add_lines("G1: turn R, move 2");
      const auto refused = p[0]->call(bad);
      REQUIRE(refused.has_error());
      CHECK(refused.error().code() == proto::ILLEGAL_ORDERS);
      CHECK(has(refused.error().order_errors(0).message(), "(14.13)"));
    }
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      proto::Envelope req;
      auto& s = *req.mutable_submit_orders();
      s.set_game_id(game);
      s.set_step(d.summary().step());
      s.set_ready(true);
      const Script& script = seat.seat() == 0 ? ottoman : byzantine;
      if (script.count(label)) {
        for (const auto& l : script.at(label)) s.add_lines(l);
      }
      const auto res = p[seat.seat()]->call(req);
      REQUIRE_MESSAGE(
          res.has_orders_accepted(),
          label << ": " << res.error().message() << " "
                << (res.error().order_errors_size() ? res.error().order_errors(0).message() : ""));
    }
  }
  CHECK(labels.front() == "Turn 1: Byzantine deployment in the Golden Horn (19.1)");
  CHECK(std::find(labels.begin(), labels.end(),
                  "Turn 1, impulse 2: Byzantine answer: end the Naval Phase early? (4.0 E)") !=
        labels.end());
  CHECK(std::none_of(labels.begin(), labels.end(),
                     [](const std::string& l) { return l.rfind("Turn 1, impulse 3", 0) == 0; }));
  CHECK(std::any_of(labels.begin(), labels.end(),
                    [](const std::string& l) { return l.rfind("Turn 3", 0) == 0; }));

  const auto admin = run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " +
                                 server.db().string() + " replay " + std::to_string(game));
  CHECK(admin.status == 0);
  const std::string& replay = admin.output;
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
  TempDir dir;
  ServerProcess server{dir.path()};
  std::vector<std::unique_ptr<Connection>> p;
  p.push_back(sign_up(server, "hamza"));
  p.push_back(sign_up(server, "trevisano"));
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("constantinople/naval");
  create.mutable_create_game()->set_seat(0);
  const std::uint64_t game = p[0]->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(p[1]->call(join).game().status() == proto::RUNNING);

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
  const auto submit = [&](int seat, std::int64_t step, const std::vector<std::string>& lines) {
    proto::Envelope req;
    auto& s = *req.mutable_submit_orders();
    s.set_game_id(game);
    s.set_step(step);
    s.set_ready(true);
    for (const auto& l : lines) s.add_lines(l);
    const auto res = p[static_cast<std::size_t>(seat)]->call(req);
    REQUIRE_MESSAGE(res.has_orders_accepted(), res.error().message());
  };
  for (int guard = 0; guard < 100; ++guard) {
    const auto d = game_detail(*p[0], game);
    const std::string label = d.summary().step_label();
    REQUIRE(d.summary().status() == proto::RUNNING);
    if (label == combat) break;
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      const Script& script = seat.seat() == 0 ? ottoman : byzantine;
      submit(seat.seat(), d.summary().step(),
             script.count(label) ? script.at(label) : std::vector<std::string>{});
    }
  }
  const auto d = game_detail(*p[0], game);
  REQUIRE(d.summary().step_label() == combat);
  submit(1, d.summary().step(), {"VENICE: attack G1", "IMP1: attack G1"});
  // The Ottoman looks at everything it may: the game, its history, a replay.
  game_detail(*p[0], game);
  proto::Envelope history;
  history.mutable_events()->set_game_id(game);
  p[0]->call(history);
  const auto seen_before = [&] {
    std::string all;
    for (const auto& f : p[0]->received()) all += f;
    return all;
  }();
  // (The order help the client receives shows "VENICE: attack G1 2, ..." as
  // an example, so the search is for the orders themselves.)
  CHECK(!has(seen_before, "IMP1: attack G1"));
  // G1 is next to two ships it cannot split 4 points against at -3 or better
  // (15.24): it does not attack.
  submit(0, d.summary().step(), {});
  game_detail(*p[0], game);
  p[0]->call(history);
  std::string after;
  for (const auto& f : p[0]->received()) after += f;
  CHECK(has(after, "IMP1: attack G1"));
  CHECK(has(after,
            "IMP1 and VENICE (13) attack G1 (5, +1 through the Boom (15.63)): differential +8"));
}
