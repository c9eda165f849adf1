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
      REQUIRE_MESSAGE(res.has_orders_accepted(), label << ": " << res.error().message() << " " << (res.error().order_errors_size() ? res.error().order_errors(0).message() : ""));
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
