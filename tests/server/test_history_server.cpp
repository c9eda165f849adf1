// Verifiable history through the real server and the real admin tool: the
// record hashes players receive, the admin's audit of every stored table of
// a real database (and of a copy of it, as of a backup), and a step left
// ready while the server was down resolving as it starts.
#include <doctest/doctest.h>
#include <openssl/sha.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <thread>

#include "digest.h"
#include "support/sql_file.h"
#include "support/protocol_client.h"

using naumachia::client::to_hex;
using naumachia::testing::admin;
using naumachia::testing::game_detail;
using naumachia::testing::log_in;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::SqlFile;
using naumachia::testing::start_duel;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;
using ms = std::chrono::milliseconds;

namespace {

std::string sha256_of(const std::string& data) {
  unsigned char md[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), md);
  return std::string(reinterpret_cast<const char*>(md), sizeof md);
}

proto::GameEvent await_resolved(naumachia::client::Connection& c, std::uint64_t step) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (;;) {
    const auto left = std::chrono::duration_cast<ms>(deadline - std::chrono::steady_clock::now());
    REQUIRE(left.count() > 0);
    const auto push = c.next_push(left);
    if (push && push->event().has_resolved() && push->event().resolved().step() == step)
      return push->event();
  }
}

}  // namespace

TEST_CASE(
    "players receive each step's record hash, the summary the chain's head, and the"
    " admin verifies every table of the database and of a copy of it") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto a = sign_up(server, "alice");
  auto b = sign_up(server, "bob");
  const auto game = start_duel(*a, *b);
  const std::string genesis = game_detail(*a, game).summary().chain_hash();
  CHECK(genesis.size() == 64);
  std::string last_record = genesis;
  for (std::uint64_t step = 1; game_detail(*a, game).summary().status() == proto::RUNNING; ++step) {
    REQUIRE(step <= 5);
    REQUIRE(submit(*a, game, step, {"bid 2"}).has_orders_accepted());
    REQUIRE(submit(*b, game, step, {"bid 1"}).orders_accepted().resolved());
    const auto resolved = await_resolved(*a, step).resolved();
    CHECK(resolved.record_hash().size() == 64);
    CHECK(resolved.record_hash() != last_record);
    last_record = resolved.record_hash();
    CHECK(game_detail(*b, game).summary().chain_hash() == last_record);
  }
  // A second game, left running with a draft waiting.
  const auto running = start_duel(*a, *b, 3600);
  REQUIRE(submit(*a, running, 1, {"bid 5"}).has_orders_accepted());
  a->close();
  b->close();
  CHECK(server.terminate() == 0);

  auto verified = admin(server.db(), "verify");
  CAPTURE(verified.output);
  CHECK(verified.status == 0);
  CHECK(verified.output.find("game " + std::to_string(game) +
                             " (duel/standard, rules version 1,"
                             " over): verified") != std::string::npos);
  CHECK(verified.output.find("game " + std::to_string(running) +
                             " (duel/standard, rules version 1, running): verified") !=
        std::string::npos);
  CHECK(verified.output.find("2 of 2 game(s) verified") != std::string::npos);

  struct Tamper {
    std::string what;
    std::uint64_t game;
    std::function<void(SqlFile&)> apply;
    std::string named;
  };
  const std::string g = std::to_string(game), r = std::to_string(running);
  const std::vector<Tamper> tampers{
      {"the games row", game,
       [&](SqlFile& db) { db.exec("UPDATE games SET step_label = 'Round 1' WHERE id = " + g); },
       "game " + g + ", table games, field step_label"},
      {"an event payload", game,
       [&](SqlFile& db) {
         const std::string last = " WHERE game_id = " + g +
                                  " AND seq = (SELECT MAX(seq) FROM events WHERE game_id = " + g +
                                  ")";
         proto::GameEvent e;
         REQUIRE(e.ParseFromString(db.blob("SELECT payload FROM events" + last)));
         REQUIRE(e.has_over());
         e.mutable_over()->set_result("Blue won");
         db.set_blob("UPDATE events SET payload = ?" + last, e.SerializeAsString());
       },
       "GameOver, field result"},
      {"a commitment", running,
       [&](SqlFile& db) {
         db.exec("UPDATE orders SET commitment = zeroblob(32) WHERE game_id = " + r);
       },
       "step 1, table orders (seat 0), field commitment"},
      {"by_deadline", game,
       [&](SqlFile& db) {
         db.exec("UPDATE steps SET by_deadline = 1 WHERE game_id = " + g + " AND step = 1");
       },
       "step 1, table steps, field record_hash"},
  };
  for (const Tamper& t : tampers) {
    CAPTURE(t.what);
    // As an administrator checks a backup: on a copy.
    const auto copy = dir.path() / "copy.db";
    std::filesystem::copy_file(server.db(), copy,
                               std::filesystem::copy_options::overwrite_existing);
    {
      SqlFile db(copy);
      t.apply(db);
    }
    const auto replay = admin(copy, "replay " + std::to_string(t.game) + " --quiet");
    CAPTURE(replay.output);
    CHECK(replay.status == 1);
    CHECK(replay.output.find("MISMATCH: game " + std::to_string(t.game) + ", ") !=
          std::string::npos);
    CHECK(replay.output.find(t.named) != std::string::npos);
    const auto all = admin(copy, "verify");
    CAPTURE(all.output);
    CHECK(all.status == 1);
    CHECK(all.output.find("FAILED: ") != std::string::npos);
    CHECK(all.output.find("1 of 2 game(s) verified") != std::string::npos);
  }
  CHECK(admin(server.db(), "verify").status == 0);  // the original was never touched
}

TEST_CASE(
    "a step whose every seat was ready when the server stopped resolves as it starts,"
    " without a request") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::uint64_t game = 0;
  {
    auto a = sign_up(server, "alice");
    auto b = sign_up(server, "bob");
    game = start_duel(*a, *b);
    REQUIRE(submit(*a, game, 1, {"bid 4"}).has_orders_accepted());
  }
  server.terminate();
  // Bob's orders, ready, and their commitment pushed; the step unresolved, as
  // a server that stopped between the two (or failed to resolve) leaves it.
  const std::string g = std::to_string(game);
  {
    SqlFile db(server.db());
    const std::string nonce(16, '\x2a');
    const std::string commitment = sha256_of(nonce + "bid 2");
    const std::int64_t seq = db.integer("SELECT MAX(seq) + 1 FROM events WHERE game_id = " + g);
    db.exec(
        "INSERT INTO orders(game_id, step, seat, lines, nonce, commitment, ready, defaulted,"
        " updated_at) VALUES(" +
        g + ", 1, 1, 'bid 2', X'" + to_hex(nonce) + "', X'" + to_hex(commitment) +
        "', 1, 0, 1700000000)");
    proto::GameEvent e;
    e.set_game_id(game);
    e.set_seq(static_cast<std::uint64_t>(seq));
    e.set_at_unix(1700000000);
    e.mutable_committed()->set_seat(1);
    e.mutable_committed()->set_step(1);
    e.mutable_committed()->set_commitment(to_hex(commitment));
    e.mutable_committed()->set_ready(true);
    db.set_blob("INSERT INTO events(game_id, seq, payload) VALUES(" + g + ", " +
                    std::to_string(seq) + ", ?)",
                e.SerializeAsString());
    REQUIRE(db.integer("SELECT COUNT(*) FROM steps WHERE game_id = " + g) == 0);
  }
  server.restart();
  // Nobody asks anything: the step resolves as the server starts.
  std::int64_t steps = 0;
  for (int tries = 0; tries < 100 && steps == 0; ++tries) {
    std::this_thread::sleep_for(ms(100));
    SqlFile db(server.db());
    steps = db.integer("SELECT COUNT(*) FROM steps WHERE game_id = " + g);
  }
  CAPTURE(server.log());
  CHECK(steps == 1);
  auto a = log_in(server, "alice", "pw-alice-secret");
  const auto d = game_detail(*a, game);
  CHECK(d.summary().step() == 2);
  proto::Envelope events;
  events.mutable_events()->set_game_id(game);
  bool resolved = false;
  const auto page = a->call(events);
  for (const auto& e : page.events_result().events()) {
    if (!e.has_resolved()) continue;
    resolved = true;
    REQUIRE(e.resolved().orders_size() == 2);
    REQUIRE(e.resolved().orders(1).lines_size() == 1);
    CHECK(e.resolved().orders(1).lines(0) == "bid 2");
    CHECK(e.resolved().record_hash() == d.summary().chain_hash());
  }
  CHECK(resolved);
  a->close();
  server.terminate();
  const auto replay = admin(server.db(), "replay " + g + " --quiet");
  CAPTURE(replay.output);
  CHECK(replay.status == 0);
}
