// Verifiable history through the real server and the real admin tool: the
// record hashes players receive, and the admin's audit of every stored table
// of a real database (and of a copy of it, as of a backup).
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <functional>

#include "test_client.h"

using naumachia::testing::CommandResult;
using naumachia::testing::game_detail;
using naumachia::testing::log_in;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;
using ms = std::chrono::milliseconds;

namespace {

// One connection to a database file, for reading and editing it by hand.
class SqlFile {
 public:
  explicit SqlFile(const std::filesystem::path& path) {
    REQUIRE(sqlite3_open(path.c_str(), &db_) == SQLITE_OK);
  }
  ~SqlFile() { sqlite3_close(db_); }
  SqlFile(const SqlFile&) = delete;
  SqlFile& operator=(const SqlFile&) = delete;

  void exec(const std::string& script) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, script.c_str(), nullptr, nullptr, &err);
    const std::string msg = err ? err : "";
    sqlite3_free(err);
    REQUIRE_MESSAGE(rc == SQLITE_OK, msg);
  }

  std::int64_t integer(const std::string& query) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db_, query.c_str(), -1, &s, nullptr) == SQLITE_OK);
    const std::int64_t v = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
    sqlite3_finalize(s);
    return v;
  }

  std::string blob(const std::string& query) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db_, query.c_str(), -1, &s, nullptr) == SQLITE_OK);
    std::string out;
    if (sqlite3_step(s) == SQLITE_ROW) {
      out.assign(static_cast<const char*>(sqlite3_column_blob(s, 0)),
                 static_cast<std::size_t>(sqlite3_column_bytes(s, 0)));
    }
    sqlite3_finalize(s);
    return out;
  }

  void set_blob(const std::string& statement, const std::string& value) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db_, statement.c_str(), -1, &s, nullptr) == SQLITE_OK);
    sqlite3_bind_blob(s, 1, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    REQUIRE(sqlite3_step(s) == SQLITE_DONE);
    sqlite3_finalize(s);
  }

 private:
  sqlite3* db_ = nullptr;
};

CommandResult admin(const std::filesystem::path& db, const std::string& command) {
  return run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " + db.string() + " " + command);
}

std::uint64_t start_duel(naumachia::client::Connection& a, naumachia::client::Connection& b,
                         std::uint64_t deadline_seconds = 0) {
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  create.mutable_create_game()->set_deadline_seconds(deadline_seconds);
  const auto created = a.call(create);
  REQUIRE(created.has_game());
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(created.game().id());
  join.mutable_join_game()->set_seat(1);
  REQUIRE(b.call(join).game().status() == proto::RUNNING);
  return created.game().id();
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
