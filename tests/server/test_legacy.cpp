// Games stored by the server before rules versions and salted state hashes
// (tests/data/legacy-v1-games.sql) are migrated, replay and verify under the
// rules they were created under, and play on; a game whose rules version this
// server does not play is refused with a message naming both versions; games
// stored before replacement players keep playing as they did.
#include <doctest/doctest.h>

#include <optional>

#include "support/protocol_client.h"
#include "support/sql_file.h"
#include "support/text.h"

using naumachia::testing::admin;
using naumachia::testing::game_detail;
using naumachia::testing::log_in;
using naumachia::testing::read_file;
using naumachia::testing::ServerProcess;
using naumachia::testing::SqlFile;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;

namespace {

// A server whose database is the dump of the old one.
struct LegacyServer {
  TempDir dir;
  std::optional<ServerProcess> server;

  LegacyServer() {
    SqlFile(dir.path() / "naumachia.db").exec(read_file(NAUMACHIA_LEGACY_GAMES));
    server.emplace(dir.path());
  }

  int replay(int game, std::string* out = nullptr) const {
    const auto r = admin(*server, "replay " + std::to_string(game) + " --quiet");
    if (out) *out = r.output;
    return r.status;
  }
};

}  // namespace

TEST_CASE("games stored before rules versions replay, verify and play on under rules version 1") {
  LegacyServer s;
  for (int game = 1; game <= 8; ++game) {
    std::string out;
    CAPTURE(game);
    CHECK(s.replay(game, &out) == 0);
    CHECK(out.find("replay verified") != std::string::npos);
  }
  auto bob = log_in(*s.server, "bob", "password123");
  // Game 5: Tyre's naval war, running, Macedonian (bob) to move.
  auto d = game_detail(*bob, 5);
  CHECK(d.summary().rules_version() == 1);
  CHECK(d.summary().status() == proto::RUNNING);
  const std::string label = d.summary().step_label();
  CHECK(label.find("Macedonian movement") != std::string::npos);
  const auto res = submit(*bob, 5, d.summary().step(), {});
  REQUIRE_MESSAGE(res.has_orders_accepted(), res.error().message());
  CHECK(res.orders_accepted().resolved());
  CHECK(game_detail(*bob, 5).summary().step() == d.summary().step() + 1);
  // Stored before press and pauses: full press, revealed at the end, not paused.
  CHECK(d.summary().press() == proto::FULL_PRESS);
  CHECK_FALSE(d.summary().private_press());
  CHECK(d.summary().paused() == proto::NOT_PAUSED);
  proto::Envelope say;
  say.mutable_send_press()->set_game_id(5);
  say.mutable_send_press()->set_text("still here");
  CHECK(bob->call(say).has_press_sent());
  // The new step was played and hashed the old way, and the chain still verifies.
  std::string out;
  CHECK(s.replay(5, &out) == 0);
  CHECK(out.find("46 step(s)") != std::string::npos);

  // A finished game: everyone sees all of it, the seed revealed; no salt (it
  // was hashed before salting).
  auto gil = log_in(*s.server, "gil", "password123");
  const auto over = game_detail(*gil, 1).summary();
  CHECK(over.status() == proto::OVER);
  CHECK_FALSE(over.seed().empty());
  CHECK(over.state_salt().empty());
  proto::Envelope ev;
  ev.mutable_events()->set_game_id(1);
  CHECK(gil->call(ev).events_result().events_size() > 3);
}

TEST_CASE("a stored game under a rules version this server does not play is refused by name") {
  LegacyServer s;
  // The server holds the games it has touched in memory: the row is edited
  // while it is down.
  s.server->terminate();
  SqlFile(s.server->db()).exec("UPDATE games SET rules_version = 99 WHERE id = 3;");
  s.server->restart();
  auto ann = log_in(*s.server, "ann", "password123");
  proto::Envelope req;
  req.mutable_get_game()->set_game_id(3);
  const auto res = ann->call(req);
  REQUIRE(res.has_error());
  CAPTURE(res.error().message());
  CHECK(res.error().code() == proto::UNSUPPORTED_RULES);
  CHECK(res.error().message().find("diplomacy rules version 99") != std::string::npos);
  CHECK(res.error().message().find("plays diplomacy rules versions 1 to 3") != std::string::npos);
  const auto orders = submit(*ann, 3, 15, {});
  CHECK(orders.error().code() == proto::UNSUPPORTED_RULES);
  std::string out;
  CHECK(s.replay(3, &out) == 1);
  CHECK(out.find("rules version 99") != std::string::npos);
  // The other games are untouched.
  CHECK(s.replay(4) == 0);
}

TEST_CASE(
    "games stored before replacement players never go into civil disorder, and the "
    "administrator replaces a player in one") {
  LegacyServer s;
  auto bob = log_in(*s.server, "bob", "password123");
  const auto before = game_detail(*bob, 5).summary();
  REQUIRE(before.status() == proto::RUNNING);
  CHECK(before.disorder_after() == 0);
  for (const auto& seat : before.seats()) {
    CHECK_FALSE(seat.offered());
    CHECK(seat.missed_deadlines() == 0);
  }
  // A newcomer takes bob's seat by the administrator's hand; the game replays.
  auto nina = naumachia::testing::sign_up(*s.server, "nina");
  const auto r = admin(*s.server, "replace 5 " + std::to_string(before.my_seat()) + " nina");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  const auto now = game_detail(*nina, 5).summary();
  CHECK(now.my_seat() == before.my_seat());
  const auto res = submit(*nina, 5, now.step(), {});
  REQUIRE_MESSAGE(res.has_orders_accepted(), res.error().message());
  CHECK(game_detail(*bob, 5).summary().my_seat() == -1);
  std::string out;
  CHECK(s.replay(5, &out) == 0);
  CHECK(out.find("replay verified") != std::string::npos);
}
