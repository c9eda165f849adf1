// naumachia-admin copy-db (admin/copy_db.h): every row of every table moves
// to another database, and every game verifies there. Against SQLite the copy
// goes from a file to another file; against PostgreSQL from PostgreSQL to a
// file and back into a new PostgreSQL database, both directions an operator
// takes.
#include <doctest/doctest.h>

#include <sstream>

#include "admin/copy_db.h"
#include "support/service_harness.h"
#include "support/test_database.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

std::int64_t rows_of(Database& db, const std::string& table) {
  Stmt s = db.prepare("SELECT COUNT(*) FROM " + table);
  REQUIRE(s.step());
  return s.integer(0);
}

// Every table holds as many rows in `to` as in `from`, and every game in `to`
// verifies against its own history.
void check_copy(Database& from, Database& to, const Registry& registry) {
  for (const std::string& t : copied_tables()) {
    CAPTURE(t);
    CHECK(rows_of(to, t) == rows_of(from, t));
  }
  Tables copied(to);
  const auto games = copied.games(false, false, 0);
  REQUIRE(games.size() == 2);
  for (const GameRow& g : games) {
    const AuditReport report = audit_game(copied, registry, g.id);
    CHECK_MESSAGE(report.ok(), problems_of(report));
    CHECK(report.steps > 0);
  }
}

}  // namespace

TEST_CASE("copy-db: every row of every table moves, and every game verifies in the copy") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  // A game played to its end, with press, and a game left running with a
  // draft in its second step: every table the games fill has rows.
  const auto over = h.start_duel(a, b, 3600);
  proto::Envelope say;
  say.mutable_send_press()->set_game_id(over);
  say.mutable_send_press()->set_text("good luck");
  REQUIRE(h.call(a, say).has_press_sent());
  for (std::uint64_t step = 1;
       h.store.game(static_cast<std::int64_t>(over))->status == GameStatus::Running; ++step) {
    REQUIRE(step <= 6);
    REQUIRE(h.submit(a, over, step, {"bid 1"}).has_orders_accepted());
    REQUIRE(h.submit(b, over, step, {"bid 1"}).has_orders_accepted());
  }
  const auto running = h.start_duel(a, b);
  h.submit(a, running, 1, {"bid 2"});
  h.submit(b, running, 1, {"bid 1"});
  h.submit(a, running, 2, {"bid 4"}, /*ready=*/false);

  TempDir dir;
  TestDatabase file(dir.path(), "copy.db", TestDatabase::Engine::sqlite);
  Database to(file.target(), builtin_migrations());
  std::ostringstream out;
  copy_database(h.db, to, out);
  CHECK(out.str().find("games: 2 row(s)") != std::string::npos);
  check_copy(h.db, to, h.registry);

  // A second copy into a database that holds rows is refused, and changes
  // nothing there.
  CHECK_THROWS_WITH_AS(copy_database(h.db, to, out), doctest::Contains("TO already holds rows"),
                       DbError);
  CHECK(rows_of(to, "games") == 2);

  if (h.database.postgresql()) {
    // And back: from the file into a new PostgreSQL database, whose ids then
    // continue after the copied ones.
    TestDatabase again(dir.path());
    Database back(again.target(), builtin_migrations());
    copy_database(to, back, out);
    check_copy(to, back, h.registry);
    Tables tables(back);
    const std::int64_t next =
        tables.create_user("carol", Bytes(16, 1), Bytes(32, 2), "pbkdf2-sha256:1000", h.now);
    CHECK(next == 3);  // alice and bob were 1 and 2
  }
}
