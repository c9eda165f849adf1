// Storage, the service without a network, and the hash chain: migrations,
// durable orders, secrecy of orders in pushes, deadlines on a test clock, and
// the admin replay detecting any edit of the stored history.
#include <doctest/doctest.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>

#include "admin/audit.h"
#include "app/service.h"
#include "protocol/codec.h"
#include "protocol/fanout.h"
#include "records/hasher.h"
#include "records/replay.h"
#include "storage/database.h"
#include "storage/tables.h"
#include "support/service_harness.h"
#include "test-games/duel_game.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

TEST_CASE("migrations are applied once and recorded") {
  TempDir dir;
  TestDatabase database(dir.path(), "m.db");
  const std::string& path = database.target();
  const std::vector<Migration>& list =
      database.postgresql() ? builtin_migrations().postgresql : builtin_migrations().sqlite;
  // Migrations are numbered by their files, which branches may leave gaps in.
  const int last = list.back().version;
  {
    Database db(path, builtin_migrations());
    CHECK(db.schema_version() == last);
  }
  Database again(path, builtin_migrations());  // reopening applies nothing twice
  CHECK(again.schema_version() == last);
  Stmt applied = again.prepare("SELECT COUNT(*) FROM schema_version");
  REQUIRE(applied.step());
  CHECK(applied.integer(0) == static_cast<std::int64_t>(list.size()));
}

TEST_CASE("migrations: both engines' lists reach the same schema version") {
  // A version names one schema: a migration added for one engine and not the
  // other would leave the two disagreeing about what a version holds.
  const Migrations& all = builtin_migrations();
  REQUIRE(!all.sqlite.empty());
  REQUIRE(!all.postgresql.empty());
  CHECK(all.sqlite.back().version == all.postgresql.back().version);
}

TEST_CASE("accounts: names are unique, passwords checked, tokens resume") {
  Harness h;
  Player alice = h.signed_up("alice");
  Player dup;
  proto::Envelope reg;
  reg.mutable_register_()->set_name("ALICE");
  reg.mutable_register_()->set_password("whatever-1234");
  CHECK(h.call(dup, reg).error().code() == proto::NAME_TAKEN);

  Player wrong;
  proto::Envelope login;
  login.mutable_login()->set_name("alice");
  login.mutable_login()->set_password("nope-nope");
  CHECK(h.call(wrong, login).error().code() == proto::BAD_CREDENTIALS);

  Player fresh;
  login.mutable_login()->set_password("password-alice");
  const std::string token = h.call(fresh, login).session().token();
  Player resumed;
  proto::Envelope resume;
  resume.mutable_resume()->set_token(token);
  CHECK(h.call(resumed, resume).session().name() == "alice");
  Player forged;
  resume.mutable_resume()->set_token(std::string(64, 'a'));
  CHECK(h.call(forged, resume).error().code() == proto::SESSION_EXPIRED);

  Player anonymous;
  proto::Envelope list;
  list.mutable_list_games();
  CHECK(h.call(anonymous, list).error().code() == proto::UNAUTHENTICATED);
}

TEST_CASE("orders stay secret until the step resolves, commitments check out afterwards") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto acc = h.submit(a, game, 1, {"bid 7"});
  REQUIRE(acc.has_orders_accepted());
  CHECK_FALSE(acc.orders_accepted().resolved());
  CHECK_FALSE(any_push_contains(*b.box, "bid 7"));
  bool saw_commitment = false;
  for (const auto& e : b.box->pushes) {
    if (e.event().has_committed()) {
      saw_commitment = e.event().committed().commitment() == acc.orders_accepted().commitment();
    }
  }
  CHECK(saw_commitment);

  // B asks for the game: the view and summary carry no trace of A's bid.
  proto::Envelope get;
  get.mutable_get_game()->set_game_id(game);
  CHECK(h.call(b, get).SerializeAsString().find("bid 7") == std::string::npos);

  CHECK(h.submit(b, game, 1, {"bid 2"}).orders_accepted().resolved());
  const auto& last = b.box->pushes.back().event();
  REQUIRE(last.has_resolved());
  bool revealed = false;
  for (const auto& o : last.resolved().orders()) {
    if (o.seat() != 0) continue;
    revealed = o.lines(0) == "bid 7";
    const auto nonce = unhex(o.nonce());
    CHECK(hex(commitment(nonce, {"bid 7"})) == acc.orders_accepted().commitment());
  }
  CHECK(revealed);
}

TEST_CASE("wrong player, unknown game, stale step and illegal orders change nothing") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob"), c = h.signed_up("carol");
  const auto game = h.start_duel(a, b);
  CHECK(h.submit(c, game, 1, {"bid 1"}).error().code() == proto::FORBIDDEN);
  CHECK(h.submit(a, 999, 1, {"bid 1"}).error().code() == proto::NOT_FOUND);
  CHECK(h.submit(a, game, 2, {"bid 1"}).error().code() == proto::STALE_STEP);
  const auto illegal = h.submit(a, game, 1, {"bid 50"});
  CHECK(illegal.error().code() == proto::ILLEGAL_ORDERS);
  REQUIRE(illegal.error().order_errors_size() == 1);
  CHECK(illegal.error().order_errors(0).line() == 1);
  CHECK(h.store.orders(static_cast<std::int64_t>(game), 1).empty());
  CHECK(b.box->pushes.size() == 1);  // only "game started"; no commitment pushed

  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  CHECK(h.call(c, join).error().code() == proto::GAME_FULL);
}

TEST_CASE("a deadline resolves with saved drafts and defaults for missing orders") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b, 3600);
  h.submit(a, game, 1, {"bid 5"}, /*ready=*/false);
  h.check_deadlines();
  CHECK(h.store.steps(static_cast<std::int64_t>(game)).empty());  // not yet due
  h.now += 3600;
  h.check_deadlines();
  const auto steps = h.store.steps(static_cast<std::int64_t>(game));
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].by_deadline);
  const auto played = h.store.orders(static_cast<std::int64_t>(game), 1);
  REQUIRE(played.size() == 2);
  CHECK(played[0].lines == std::vector<std::string>{"bid 5"});
  CHECK_FALSE(played[0].defaulted);
  CHECK(played[1].lines == std::vector<std::string>{"bid 0"});
  CHECK(played[1].defaulted);
  CHECK(h.store.game(static_cast<std::int64_t>(game))->step_deadline == h.now + 3600);
}

TEST_CASE("a game played to its end replays exactly, and any edit of its history is found" *
          doctest::test_suite(kEditsBySqlite)) {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  for (std::uint64_t step = 1; h.store.game(id)->status == GameStatus::Running; ++step) {
    REQUIRE(step <= 5);
    h.submit(a, game, step, {"bid 2"});
    h.submit(b, game, step, {"bid 1"});
  }
  const auto over = h.store.game(id);
  CHECK_FALSE(over->result.empty());
  CHECK(a.box->pushes.back().event().over().seed() == hex(over->seed));

  std::size_t seen = 0;
  auto summary =
      replay_game(h.store, h.registry, id, nullptr, [&](const ReplayedStep& s, const State&) {
        ++seen;
        CHECK(s.state_ok);
        CHECK(s.record_ok);
      });
  CHECK(summary.ok());
  CHECK(seen == h.store.steps(id).size());

  SUBCASE("an edited order") {
    h.db.prepare("UPDATE orders SET lines = 'bid 3' WHERE game_id = ? AND step = 1 AND seat = 0")
        .bind(1, id)
        .run();
  }
  SUBCASE("an edited roll record") {
    h.db.prepare("UPDATE steps SET rolls = 'd6 6 forged' WHERE game_id = ? AND step = 1")
        .bind(1, id)
        .run();
  }
  SUBCASE("a swapped seed") {
    h.db.prepare("UPDATE games SET seed = zeroblob(32) WHERE id = ?").bind(1, id).run();
  }
  const auto tampered = replay_game(h.store, h.registry, id, nullptr, nullptr);
  CHECK_FALSE(tampered.ok());
  REQUIRE(tampered.divergence.has_value());
  MESSAGE(*tampered.divergence);
}

TEST_CASE("resigning in a two-player game ends it for the other side") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  proto::Envelope resign;
  resign.mutable_resign()->set_game_id(game);
  const auto res = h.call(b, resign);
  CHECK(res.game().status() == proto::OVER);
  CHECK(res.game().result().find("Red wins") != std::string::npos);
  CHECK_FALSE(res.game().seed().empty());
  CHECK(h.submit(a, game, 1, {"bid 1"}).error().code() == proto::GAME_NOT_RUNNING);
}

TEST_CASE("malformed frames and wrong versions get precise errors") {
  Harness h;
  Player p;
  CHECK(h.send(p, "\xff\xff\xff garbage", 0).error().code() == proto::BAD_FRAME);
  proto::Envelope old;
  old.set_version(99);
  old.set_request_id(5);
  old.mutable_list_scenarios();
  const auto res = h.send(p, old.SerializeAsString(), 5);
  CHECK(res.error().code() == proto::UNSUPPORTED_VERSION);
  CHECK(res.request_id() == 5);
  CHECK(h.send(p, std::string(70000, 'x'), 0).error().code() == proto::TOO_LARGE);
  proto::Envelope empty;
  empty.set_version(proto::PROTOCOL_VERSION);
  CHECK(h.send(p, empty.SerializeAsString(), 0).error().code() == proto::BAD_FRAME);
}

// ------------------------------------------------------------ concurrency
// Requests reach the service's strand in any interleaving with the storage
// writer's batches; the game in memory is the one writer, so each
// interleaving below must come out as if the requests came one by one.

namespace {

proto::Envelope submit_request(std::uint64_t game, std::uint64_t step, const std::string& line,
                               bool ready) {
  proto::Envelope req;
  req.set_version(proto::PROTOCOL_VERSION);
  auto& s = *req.mutable_submit_orders();
  s.set_game_id(game);
  s.set_step(step);
  s.add_lines(line);
  s.set_ready(ready);
  return req;
}

}  // namespace

TEST_CASE("concurrency: two submissions for one game at once are both stored, in order") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  auto first = submit_request(game, 1, "bid 3", false);
  first.set_request_id(1001);
  auto second = submit_request(game, 1, "bid 1", false);
  second.set_request_id(1002);
  // Both queued before either is handled or written: one batch for both.
  h.service.handle(a.conn, a.box, first);
  h.service.handle(b.conn, b.box, second);
  h.settle();
  REQUIRE(a.box->answers.count(1001));
  REQUIRE(b.box->answers.count(1002));
  CHECK(a.box->answers[1001].has_orders_accepted());
  CHECK(b.box->answers[1002].has_orders_accepted());
  const auto stored = h.store.orders(static_cast<std::int64_t>(game), 1);
  REQUIRE(stored.size() == 2);
  CHECK(stored[0].lines == std::vector<std::string>{"bid 3"});
  CHECK(stored[1].lines == std::vector<std::string>{"bid 1"});
  // Every event was numbered once, with no gap, and stored.
  const auto events = h.store.events_after(static_cast<std::int64_t>(game), 0);
  CHECK(events.size() ==
        static_cast<std::size_t>(h.store.last_event_seq(static_cast<std::int64_t>(game))));
}

TEST_CASE("concurrency: a submission racing the resolution it triggers sees the next step") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  h.submit(a, game, 1, {"bid 4"});
  auto last = submit_request(game, 1, "bid 2", true);  // resolves step 1
  last.set_request_id(2001);
  auto late = submit_request(game, 1, "bid 9", true);  // still for step 1
  late.set_request_id(2002);
  h.service.handle(b.conn, b.box, last);
  h.service.handle(a.conn, a.box, late);
  h.settle();
  CHECK(b.box->answers[2001].orders_accepted().resolved());
  CHECK(a.box->answers[2002].error().code() == proto::STALE_STEP);
  const auto id = static_cast<std::int64_t>(game);
  REQUIRE(h.store.steps(id).size() == 1);
  const auto played = h.store.orders(id, 1);
  REQUIRE(played.size() == 2);
  CHECK(played[0].lines == std::vector<std::string>{"bid 4"});  // the late bid changed nothing
  CHECK(h.store.game(id)->step == 2);
  CHECK(replay_game(h.store, h.registry, id, nullptr, nullptr).ok());
}

TEST_CASE("concurrency: a deadline firing while orders are being written plays those orders") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b, 3600);
  auto draft = submit_request(game, 1, "bid 6", false);
  draft.set_request_id(3001);
  h.now += 3600;
  // The deadline fires right behind the submission, before its batch is durable.
  h.service.handle(a.conn, a.box, draft);
  h.service.check_deadlines();
  h.settle();
  CHECK(a.box->answers[3001].has_orders_accepted());
  const auto id = static_cast<std::int64_t>(game);
  const auto steps = h.store.steps(id);
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].by_deadline);
  const auto played = h.store.orders(id, 1);
  REQUIRE(played.size() == 2);
  CHECK(played[0].lines == std::vector<std::string>{"bid 6"});
  CHECK_FALSE(played[0].defaulted);
  CHECK(played[1].defaulted);
  CHECK(replay_game(h.store, h.registry, id, nullptr, nullptr).ok());
}

TEST_CASE("storage: one batch holds the writes of every request waiting for it") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  // A game has one change in flight at a time (nothing is shown before it is
  // durable): the requests waiting at once are those of ten games.
  std::vector<std::uint64_t> games;
  for (int g = 0; g < 10; ++g) games.push_back(h.start_duel(a, b));
  const auto before = h.service.storage_stats();
  for (std::uint64_t i = 0; i < 20; ++i) {
    auto req = submit_request(games[i / 2], 1, "bid " + std::to_string(i % 10), false);
    req.set_request_id(4000 + i);
    h.service.handle(i % 2 ? b.conn : a.conn, i % 2 ? b.box : a.box, req);
  }
  h.settle();
  const auto after = h.service.storage_stats();
  CHECK(after.jobs - before.jobs == 20);
  CHECK(after.batches - before.batches < 20);  // grouped: fewer commits than writes
  for (std::uint64_t i = 0; i < 20; ++i) {
    auto& box = i % 2 ? *b.box : *a.box;
    CHECK(box.answers[4000 + i].has_orders_accepted());
  }
}

TEST_CASE(
    "storage: an order writes its orders row and its event, not the game's row, and the next event"
    " number is read from the events" *
    doctest::test_suite(kEditsBySqlite)) {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  h.db.exec_script(
      "CREATE TABLE game_row_writes(id INTEGER);"
      "CREATE TRIGGER game_row_written AFTER UPDATE ON games"
      " BEGIN INSERT INTO game_row_writes VALUES(new.id); END;");
  const auto row_writes = [&h] {
    Stmt s = h.db.prepare("SELECT COUNT(*) FROM game_row_writes");
    REQUIRE(s.step());
    return s.integer(0);
  };
  const std::int64_t next = h.store.game(id)->next_event;
  REQUIRE(h.submit(a, game, 1, {"bid 3"}, false).has_orders_accepted());
  REQUIRE(h.submit(a, game, 1, {"bid 4"}, false).has_orders_accepted());
  CHECK(row_writes() == 0);
  CHECK(h.store.game(id)->next_event == next + 2);
  {
    Stmt last = h.db.prepare("SELECT MAX(seq) FROM events WHERE game_id = ?");
    last.bind(1, id);
    REQUIRE(last.step());
    CHECK(last.integer(0) == next + 1);
  }  // (a statement left open would hold its snapshot of the database)
  // The step resolving writes the row (position, step, hashes), once.
  REQUIRE(h.submit(b, game, 1, {"bid 2"}).has_orders_accepted());
  REQUIRE(h.submit(a, game, 1, {"bid 4"}).has_orders_accepted());
  CHECK(row_writes() >= 1);
  CHECK(h.store.steps(id).size() == 1);
  CHECK(audit_game(h.store, h.registry, id).ok());
}

TEST_CASE("list_games pages newest first from the games' rows") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  std::vector<std::uint64_t> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(h.start_duel(a, b));
  h.submit(a, ids[1], 1, {"bid 3"}, /*ready=*/true);
  proto::Envelope list;
  list.mutable_list_games()->set_limit(2);
  const auto first = h.call(a, list);
  REQUIRE(first.games().games_size() == 2);
  CHECK(first.games().games(0).id() == ids[2]);
  CHECK(first.games().games(1).id() == ids[1]);
  CHECK(first.games().games(1).seats(0).ready());
  CHECK(first.games().games(1).seats(0).must_order());
  REQUIRE(first.games().next_before_id() == ids[1]);
  list.mutable_list_games()->set_before_id(first.games().next_before_id());
  const auto second = h.call(a, list);
  REQUIRE(second.games().games_size() == 1);
  CHECK(second.games().games(0).id() == ids[0]);
  CHECK(second.games().next_before_id() == 0);

  // A server started afresh lists the same from the rows alone.
  Service cold{h.ioc, h.database.target(), h.registry, [&h] { return h.now; }};
  Player reader;
  reader.conn = a.conn;
  proto::Envelope all;
  all.set_version(proto::PROTOCOL_VERSION);
  all.set_request_id(9001);
  all.mutable_list_games();
  cold.handle(reader.conn, reader.box, all);
  h.settle();
  const auto& listed = reader.box->answers[9001].games();
  REQUIRE(listed.games_size() == 3);
  CHECK(listed.games(1).seats(0).ready());
  CHECK(listed.games(1).seats(1).must_order());
  CHECK(listed.games(1).SerializeAsString() == first.games().games(1).SerializeAsString());
}

TEST_CASE("the submitting connection gets its commitment in the answer, not again as a push") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  Player a_elsewhere;
  proto::Envelope login;
  login.mutable_login()->set_name("alice");
  login.mutable_login()->set_password("password-alice");
  REQUIRE(h.call(a_elsewhere, login).has_session());
  const auto count_commitments = [](const FakeOutbox& box) {
    return std::count_if(box.pushes.begin(), box.pushes.end(),
                         [](const proto::Envelope& e) { return e.event().has_committed(); });
  };
  const auto acc = h.submit(a, game, 1, {"bid 4"}, /*ready=*/false);
  REQUIRE(acc.has_orders_accepted());
  CHECK(count_commitments(*a.box) == 0);
  CHECK(count_commitments(*a_elsewhere.box) == 1);
  CHECK(count_commitments(*b.box) == 1);
}

TEST_CASE(
    "pushes: an event's push made of its stored bytes is the envelope holding it, byte for "
    "byte") {
  // Events of one byte of length and of lengths past one varint byte (128).
  for (const std::size_t commitment_size : {std::size_t{0}, std::size_t{64}, std::size_t{300}}) {
    proto::GameEvent e;
    e.set_game_id(12);
    e.set_seq(345);
    e.set_at_unix(1'700'000'000);
    e.mutable_committed()->set_seat(2);
    e.mutable_committed()->set_step(9);
    e.mutable_committed()->set_commitment(std::string(commitment_size, 'a'));
    proto::Envelope whole;
    whole.set_version(proto::PROTOCOL_VERSION);
    *whole.mutable_event() = e;
    const SharedFrame frame = event_frame(e.SerializeAsString());
    REQUIRE(frame);
    CHECK(*frame == whole.SerializeAsString());
    proto::Envelope read;
    REQUIRE(read.ParseFromString(*frame));
    CHECK(read.event().seq() == 345);
    CHECK(read.event().committed().commitment().size() == commitment_size);
  }
}

TEST_CASE("passwords: an unknown name and an older, cheaper hash cost the current scheme's work") {
  ServiceLimits limits = cheap_hashes();
  limits.auth.scheme.iterations = 2 * PasswordScheme::kMinIterations;
  Harness h(limits);
  h.signed_up("alice");
  // Alice's hash as an older server stored it: half the current work.
  const Bytes salt = random_bytes(16);
  const PasswordScheme old{PasswordScheme::kMinIterations};
  h.store.set_password(1, salt, password_hash("password-alice", salt, old), old.text());
  const auto work_of = [&](const std::string& name, const std::string& password) {
    const std::uint64_t before = password_iterations_done();
    Player p;
    proto::Envelope login;
    login.mutable_login()->set_name(name);
    login.mutable_login()->set_password(password);
    const auto res = h.call(p, login);
    return std::pair{password_iterations_done() - before, res};
  };
  const auto current = static_cast<std::uint64_t>(limits.auth.scheme.iterations);
  const auto [unknown, r1] = work_of("nobody", "some-password");
  const auto [wrong, r2] = work_of("alice", "some-password");
  CHECK(r1.error().code() == proto::BAD_CREDENTIALS);
  CHECK(r2.error().code() == proto::BAD_CREDENTIALS);
  CHECK(r1.error().message() == r2.error().message());
  CHECK(unknown == current);
  CHECK(wrong == current);
  CHECK(h.store.user_by_name("alice")->pw_scheme == old.text());
  // The right password: checked, then hashed again under the current scheme.
  const auto [right, r3] = work_of("alice", "password-alice");
  CHECK(r3.has_session());
  CHECK(right == 2 * current);
  CHECK(h.store.user_by_name("alice")->pw_scheme == limits.auth.scheme.text());
}

namespace {

// A connection that goes wrong on demand: every frame it is handed throws
// (a broken connection), or only the next answer does.
struct FlakyOutbox : FakeOutbox {
  bool broken = false;
  bool fail_next_answer = false;
  void send(std::string frame) override {
    if (broken) throw std::runtime_error("the connection is gone");
    proto::Envelope e;
    REQUIRE(e.ParseFromString(frame));
    if (fail_next_answer && !e.has_event()) {
      fail_next_answer = false;
      throw std::runtime_error("the answer could not be queued");
    }
    FakeOutbox::send(std::move(frame));
  }
};

}  // namespace

TEST_CASE(
    "a reader's connection failing to take a push fails no request: writes stand and"
    " the requester is answered") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  // Alice's second connection breaks once it is signed in.
  Player a_broken;
  auto flaky = std::make_shared<FlakyOutbox>();
  a_broken.box = flaky;
  proto::Envelope login;
  login.mutable_login()->set_name("alice");
  login.mutable_login()->set_password("password-alice");
  REQUIRE(h.call(a_broken, login).has_session());
  flaky->broken = true;

  // Creating pushes to alice's connections; joining and ordering too.
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  CHECK(h.store.game(id)->status == GameStatus::Running);
  const auto ack = h.submit(b, game, 1, {"bid 3"});
  CHECK(ack.has_orders_accepted());
  CHECK(h.store.orders(id, 1).size() == 1);
  CHECK(any_push_contains(*a.box, ack.orders_accepted().commitment()));
}

TEST_CASE("a failure after the writes are durable tells the requester what was kept") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  auto flaky = std::make_shared<FlakyOutbox>();
  Player a_flaky;
  a_flaky.conn = a.conn;
  a_flaky.box = flaky;
  flaky->fail_next_answer = true;
  const auto res = h.submit(a_flaky, game, 1, {"bid 3"}, /*ready=*/false);
  REQUIRE(res.has_error());
  CHECK(res.error().code() == proto::INTERNAL);
  CHECK(res.error().message().find("your orders for game 1, step 1 were saved") !=
        std::string::npos);
  CHECK(res.error().message().find("nothing was changed") == std::string::npos);
  const auto stored = h.store.orders(static_cast<std::int64_t>(game), 1);
  REQUIRE(stored.size() == 1);
  CHECK(stored[0].lines == std::vector<std::string>{"bid 3"});
}

// ------------------------------------------------------------ stored seeds

TEST_CASE("to_seed refuses a stored seed blob that is not 32 bytes long") {
  const auto short_seed = to_seed(Bytes(31, 7));
  REQUIRE_FALSE(short_seed.has_value());
  CHECK(short_seed.error().message == "the dice seed has 31 bytes; a seed has 32");
  CHECK_FALSE(to_seed(Bytes(33, 7)).has_value());
  CHECK_FALSE(to_seed(Bytes{}).has_value());
  const auto good = to_seed(Bytes(32, 7));
  REQUIRE(good.has_value());
  CHECK((*good)[31] == 7);
}

TEST_CASE("a game whose stored seed has the wrong length takes orders but resolves nothing" *
          doctest::test_suite(kEditsBySqlite)) {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  h.db.prepare("UPDATE games SET seed = zeroblob(31) WHERE id = ?").bind(1, id).run();
  Restarted restarted{h};
  REQUIRE(restarted.call(a, submit_request(game, 1, "bid 3", true)).has_orders_accepted());
  const auto last = restarted.call(b, submit_request(game, 1, "bid 1", true));
  REQUIRE(last.has_orders_accepted());
  CHECK_FALSE(last.orders_accepted().resolved());
  CHECK(h.store.steps(id).empty());
  CHECK(h.store.game(id)->step == 1);
  CHECK(restarted.call(a, submit_request(game, 2, "bid 1", true)).error().code() ==
        proto::STALE_STEP);
}

TEST_CASE("a games row reads typed: its status, winners and seats to order, each checked" *
          doctest::test_suite(kEditsBySqlite)) {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto id = static_cast<std::int64_t>(h.start_duel(a, b));
  const GameRow running = *h.store.game(id);
  CHECK(running.status == GameStatus::Running);
  CHECK(running.to_order == std::vector<PlayerId>{PlayerId{0}, PlayerId{1}});
  CHECK(running.winners.empty());
  // Written back as it was read: the stored text does not change.
  h.db.prepare("UPDATE games SET winners = '1', winning_sides = '0 1' WHERE id = ?")
      .bind(1, id)
      .run();
  GameRow row = *h.store.game(id);
  CHECK(row.winners == std::vector<PlayerId>{PlayerId{1}});
  CHECK(row.winning_sides == std::vector<SideId>{SideId{0}, SideId{1}});
  h.store.update_game(row);
  Stmt stored =
      h.db.prepare("SELECT status, winners, winning_sides, to_order FROM games WHERE id = ?");
  stored.bind(1, id);
  REQUIRE(stored.step());
  CHECK(stored.text(0) == "running");
  CHECK(stored.text(1) == "1");
  CHECK(stored.text(2) == "0 1");
  CHECK(stored.text(3) == "0 1");
  // A value that names nothing is an error, never a default. (The schema
  // refuses such a status; a damaged file need not.)
  h.db.exec_script("PRAGMA ignore_check_constraints = ON");
  h.db.prepare("UPDATE games SET status = 'finished' WHERE id = ?").bind(1, id).run();
  CHECK_THROWS_WITH_AS(h.store.game(id), "a stored game status is unknown: 'finished'", DbError);
  h.db.prepare("UPDATE games SET status = 'over', winners = '0 x' WHERE id = ?").bind(1, id).run();
  CHECK_THROWS_WITH_AS(h.store.game(id), "stored winners are unreadable: '0 x'", DbError);
  h.db.prepare("UPDATE games SET winners = '', to_order = '1,0' WHERE id = ?").bind(1, id).run();
  CHECK_THROWS_WITH_AS(h.store.game(id), "stored seats to order are unreadable: '1,0'", DbError);
}

// ------------------------------------------------------------ verifiable history

TEST_CASE("players get each step's keyed record hash and the chain's head, for new games") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  CHECK(h.store.game(id)->hash_scheme == GameHasher::kKeyedRecords);
  proto::Envelope get;
  get.mutable_get_game()->set_game_id(game);
  // Before any step, the head of the chain is its genesis.
  CHECK(h.call(a, get).detail().summary().chain_hash() == hex(h.store.game(id)->chain_hash));

  h.submit(a, game, 1, {"bid 3"});
  h.submit(b, game, 1, {"bid 1"});
  const auto steps = h.store.steps(id);
  REQUIRE(steps.size() == 1);
  const auto& resolved = b.box->pushes.back().event();
  REQUIRE(resolved.has_resolved());
  CHECK(resolved.resolved().record_hash() == hex(steps[0].record_hash));
  CHECK(resolved.at_unix() == steps[0].resolved_at);
  CHECK(h.call(a, get).detail().summary().chain_hash() == hex(steps[0].record_hash));

  // The record hash is keyed with the game's state salt: without the salt it
  // cannot be recomputed, with it (revealed at the end) anyone can.
  const GameHasher keyed = hasher_of(*h.store.game(id));
  GameHasher unkeyed = keyed;
  unkeyed.salt.clear();
  unkeyed.scheme = GameHasher::kSaltedStates;
  std::string text;
  const auto summary =
      replay_game(h.store, h.registry, id, nullptr, [&](const ReplayedStep& s, const State&) {
        text = record_text(keyed.scheme, s.played, s.orders, s.stored.prev_hash);
      });
  REQUIRE(summary.ok());
  CHECK(keyed.record_hash(text) == steps[0].record_hash);
  CHECK(unkeyed.record_hash(text) != steps[0].record_hash);
  CHECK(text.find("by_deadline 1:0") != std::string::npos);
  CHECK(text.find("resolved_at ") != std::string::npos);
  CHECK(text.find("label 7:Round 1") != std::string::npos);
}

TEST_CASE(
    "a game stored under hash scheme 2 keeps it: it verifies, and its record hashes stay"
    " unsent until it is over") {
  Harness h;
  Player a = h.signed_up("alice");
  h.signed_up("bob");
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  const auto game = h.call(a, create).game().id();
  const auto id = static_cast<std::int64_t>(game);
  // As if created before scheme 3; read by a server that never held it.
  h.db.prepare("UPDATE games SET hash_scheme = 2 WHERE id = ?").bind(1, id).run();
  Restarted older{h};
  Player a_there = older.logged_in("alice"), b_there = older.logged_in("bob");
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(older.call(b_there, join).game().status() == proto::RUNNING);
  for (std::uint64_t step = 1; h.store.game(id)->status == GameStatus::Running; ++step) {
    REQUIRE(step <= 5);
    older.call(a_there, submit_request(game, step, "bid 2", true));
    const auto last = older.call(b_there, submit_request(game, step, "bid 1", true));
    REQUIRE(last.has_orders_accepted());
    const auto& pushed = a_there.box->pushes;
    const auto resolved = std::find_if(pushed.rbegin(), pushed.rend(),
                                       [](const auto& e) { return e.event().has_resolved(); });
    REQUIRE(resolved != pushed.rend());
    CHECK(resolved->event().resolved().step() == step);
    // Unkeyed, a record hash would be an oracle for hidden orders and events.
    CHECK(resolved->event().resolved().record_hash().empty());
    if (h.store.game(id)->status == GameStatus::Running) {
      proto::Envelope get;
      get.mutable_get_game()->set_game_id(game);
      CHECK(older.call(a_there, get).detail().summary().chain_hash().empty());
    }
  }
  CHECK(h.store.game(id)->hash_scheme == GameHasher::kSaltedStates);
  const AuditReport report = audit_game(h.store, h.registry, id);
  CHECK_MESSAGE(report.ok(), problems_of(report));
  proto::Envelope get;
  get.mutable_get_game()->set_game_id(game);
  CHECK(older.call(a_there, get).detail().summary().chain_hash() ==
        hex(h.store.game(id)->chain_hash));
}

TEST_CASE("audit: every table of played games verifies, and an edit of any of them is named" *
          doctest::test_suite(kEditsBySqlite)) {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  // A game with deadlines: its first step resolved by the deadline, with a
  // draft and a default; then played to its end.
  const auto over_game = h.start_duel(a, b, 3600);
  const auto over = static_cast<std::int64_t>(over_game);
  h.submit(a, over_game, 1, {"bid 3"}, /*ready=*/false);
  h.now += 3600;
  h.check_deadlines();
  for (std::uint64_t step = 2; h.store.game(over)->status == GameStatus::Running; ++step) {
    REQUIRE(step <= 5);
    // Bids of 1: Alice's draft of 3 may have been played, and every later bid
    // must fit her purse of 10 (duel 2), or the step would never resolve.
    REQUIRE(h.submit(a, over_game, step, {"bid 1"}).has_orders_accepted());
    REQUIRE(h.submit(b, over_game, step, {"bid 1"}).has_orders_accepted());
  }
  // A game left running, a draft waiting in its second step.
  const auto running_game = h.start_duel(a, b);
  const auto running = static_cast<std::int64_t>(running_game);
  h.submit(a, running_game, 1, {"bid 2"});
  h.submit(b, running_game, 1, {"bid 1"});
  h.submit(a, running_game, 2, {"bid 4"}, /*ready=*/false);
  for (const std::int64_t id : {over, running}) {
    const AuditReport report = audit_game(h.store, h.registry, id);
    CHECK_MESSAGE(report.ok(), problems_of(report));
    CHECK(report.steps == h.store.steps(id).size());
  }

  const auto sql = [&h](const std::string& statement, std::int64_t game) {
    return [&h, statement, game] { h.db.prepare(statement).bind(1, game).run(); };
  };
  const auto resolved_of = [](std::uint64_t step) {
    return [step](const proto::GameEvent& e) {
      return e.has_resolved() && e.resolved().step() == step;
    };
  };
  struct Tamper {
    std::string what;
    std::int64_t game;
    std::function<void()> apply;
    std::vector<std::string> named;  // what the problems must name
  };
  const std::vector<Tamper> tampers{
      {"the games row's state hash",
       over,
       sql("UPDATE games SET state_hash = zeroblob(32) WHERE id = ?", over),
       {"game " + std::to_string(over) + ", table games, field state_hash"}},
      {"the games row's position",
       running,
       sql("UPDATE games SET state = (SELECT state FROM games WHERE id = 1) WHERE id = ?", running),
       {"table games, field state:"}},
      {"the games row's step label",
       running,
       sql("UPDATE games SET step_label = 'Round 9' WHERE id = ?", running),
       {"table games, field step_label"}},
      {"the games row's chain head",
       running,
       sql("UPDATE games SET chain_hash = zeroblob(32) WHERE id = ?", running),
       {"table games, field chain_hash"}},
      {"the games row's result",
       over,
       sql("UPDATE games SET result = 'Blue won' WHERE id = ?", over),
       {"table games, field result"}},
      {"the games row's status",
       over,
       sql("UPDATE games SET status = 'running' WHERE id = ?", over),
       {"table games, field status"}},
      {"a truncated dice seed",
       running,
       sql("UPDATE games SET seed = zeroblob(31) WHERE id = ?", running),
       {"table games, field seed: the dice seed has 31 bytes; a seed has 32"}},
      {"a happening in a stored StepResolved event",
       over,
       [&] {
         edit_event(h.db, h.store, over, event_seq(h.store, over, resolved_of(2)),
                    [](proto::GameEvent& e) {
                      e.mutable_resolved()->mutable_happenings(0)->set_text("Blue bids 9");
                    });
       },
       {"StepResolved (step 2), field happenings[0].text: differs from the replayed step"}},
      {"the record hash in a stored StepResolved event",
       over,
       [&] {
         edit_event(h.db, h.store, over, event_seq(h.store, over, resolved_of(1)),
                    [](proto::GameEvent& e) { e.mutable_resolved()->set_record_hash("00"); });
       },
       {"StepResolved (step 1), field record_hash"}},
      {"the orders revealed in a stored StepResolved event",
       running,
       [&] {
         edit_event(h.db, h.store, running, event_seq(h.store, running, resolved_of(1)),
                    [](proto::GameEvent& e) {
                      e.mutable_resolved()->mutable_orders(0)->set_lines(0, "bid 7");
                    });
       },
       {"StepResolved (step 1), field orders[0].lines[0]: differs from the replayed step"}},
      {"a pushed commitment",
       over,
       [&] {
         const auto seq = event_seq(h.store, over, [](const proto::GameEvent& e) {
           return e.has_committed() && e.committed().step() == 2;
         });
         edit_event(h.db, h.store, over, seq, [](proto::GameEvent& e) {
           e.mutable_committed()->set_commitment(std::string(64, '0'));
         });
       },
       {"OrdersCommitted, field commitment"}},
      {"the seed in the stored GameOver event",
       over,
       [&] {
         edit_event(
             h.db, h.store, over,
             event_seq(h.store, over, [](const proto::GameEvent& e) { return e.has_over(); }),
             [](proto::GameEvent& e) { e.mutable_over()->set_seed(std::string(64, '0')); });
       },
       {"GameOver, field seed"}},
      {"a deleted event",
       running,
       sql("DELETE FROM events WHERE game_id = ? AND seq = 3", running),
       {"table events (seq 4), field seq: event 3 of the game is numbered 4"}},
      {"the commitment of a played order",
       over,
       sql("UPDATE orders SET commitment = zeroblob(32) WHERE game_id = ? AND step = 2 AND seat = "
           "1",
           over),
       {"step 2, table orders (seat 1), field commitment"}},
      {"the commitment of an order waiting in the current step",
       running,
       sql("UPDATE orders SET commitment = zeroblob(32) WHERE game_id = ? AND step = 2 AND seat = "
           "0",
           running),
       {"step 2, table orders (seat 0), field commitment"}},
      {"a step marked resolved by its deadline",
       running,
       sql("UPDATE steps SET by_deadline = 1 WHERE game_id = ? AND step = 1", running),
       {"step 1, table steps, field record_hash", "step 1, table steps, field by_deadline"}},
      {"a step marked resolved by the players",
       over,
       sql("UPDATE steps SET by_deadline = 0 WHERE game_id = ? AND step = 1", over),
       {"step 1, table steps, field record_hash"}},
      {"the time a step resolved",
       over,
       sql("UPDATE steps SET resolved_at = resolved_at - 60 WHERE game_id = ? AND step = 2", over),
       {"step 2, table steps, field record_hash"}},
      {"a step's label",
       over,
       sql("UPDATE steps SET label = 'Round 7' WHERE game_id = ? AND step = 2", over),
       {"step 2, table steps, field label"}},
      {"a defaulted flag",
       over,
       sql("UPDATE orders SET defaulted = 0 WHERE game_id = ? AND step = 1 AND seat = 1", over),
       {"step 1, table steps, field record_hash"}},
  };
  for (const Tamper& t : tampers) {
    CAPTURE(t.what);
    h.db.exec_script("BEGIN");
    t.apply();
    const AuditReport report = audit_game(h.store, h.registry, t.game);
    h.db.exec_script("ROLLBACK");
    CHECK_FALSE(report.ok());
    for (const std::string& n : t.named) CHECK_MESSAGE(mentions(report, n), problems_of(report));
  }
  for (const std::int64_t id : {over, running})
    CHECK(audit_game(h.store, h.registry, id).ok());  // every edit was rolled back
}

TEST_CASE(
    "a step whose every seat was ready when the server stopped resolves at start-up, and"
    " when its game is loaded") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  std::vector<std::uint64_t> games{h.start_duel(a, b), h.start_duel(a, b)};
  for (const std::uint64_t game : games) {
    REQUIRE(h.submit(a, game, 1, {"bid 4"}).has_orders_accepted());
    // Bob's orders, ready, stored with their commitment pushed, but never
    // resolved: as a server that stopped (or failed) between the two leaves them.
    const auto id = static_cast<std::int64_t>(game);
    OrdersRow o{1, {"bid 2"}, random_bytes(16), {}, true, false};
    o.commitment = commitment(o.nonce, o.lines);
    h.store.put_orders(id, 1, o, h.now);
    const std::int64_t seq = h.store.game(id)->next_event;
    proto::GameEvent e;
    e.set_game_id(game);
    e.set_seq(static_cast<std::uint64_t>(seq));
    e.set_at_unix(h.now);
    e.mutable_committed()->set_seat(1);
    e.mutable_committed()->set_step(1);
    e.mutable_committed()->set_commitment(hex(o.commitment));
    e.mutable_committed()->set_ready(true);
    h.store.insert_event(id, seq, e.SerializeAsString());
  }
  const auto resolved = [&h](std::uint64_t game) {
    return h.store.steps(static_cast<std::int64_t>(game)).size() == 1;
  };

  Restarted restarted{h};
  SUBCASE("at start-up, without any request") {
    restarted.service.check_deadlines();  // what the server does as it starts
    for (int i = 0; i < 20 && !(resolved(games[0]) && resolved(games[1])); ++i) restarted.settle();
  }
  SUBCASE("when a request loads the game") {
    for (const std::uint64_t game : games) {
      proto::Envelope get;
      get.mutable_get_game()->set_game_id(game);
      // The request sees the game after the step it found ready.
      CHECK(restarted.call(a, get).detail().summary().step() == 2);
    }
  }
  for (const std::uint64_t game : games) {
    CAPTURE(game);
    CHECK(resolved(game));
    const auto played = h.store.orders(static_cast<std::int64_t>(game), 1);
    REQUIRE(played.size() == 2);
    CHECK(played[1].lines == std::vector<std::string>{"bid 2"});
    CHECK_FALSE(played[1].defaulted);
    const AuditReport report = audit_game(h.store, h.registry, static_cast<std::int64_t>(game));
    CHECK_MESSAGE(report.ok(), problems_of(report));
  }
}

TEST_CASE("a replay page ends once its steps pass the page's size, and the pages join up") {
  // The smallest size: every page ends after its first step.
  ServiceLimits limits = cheap_hashes();
  limits.games.replay_page_bytes = 1;
  Harness h(limits);
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  for (std::uint64_t step = 1; h.store.game(id)->status == GameStatus::Running; ++step) {
    REQUIRE(step <= 5);
    h.submit(a, game, step, {"bid 2"});
    h.submit(b, game, step, {"bid 1"});
  }
  const std::size_t steps = h.store.steps(id).size();
  REQUIRE(steps >= 2);
  std::vector<std::uint64_t> seen;
  std::uint64_t after = 0;
  do {
    proto::Envelope req;
    req.mutable_replay()->set_game_id(game);
    req.mutable_replay()->set_after_step(after);
    const auto res = h.call(a, req);
    REQUIRE(res.has_replay_result());
    const auto& r = res.replay_result();
    CHECK(r.steps_size() == 1);
    CHECK(r.all_verified());
    CHECK(r.has_initial() == (after == 0));
    for (const auto& s : r.steps()) seen.push_back(s.step());
    after = r.next_after_step();
  } while (after != 0 && seen.size() <= steps);
  REQUIRE(seen.size() == steps);
  for (std::size_t i = 0; i < steps; ++i) CHECK(seen[i] == i + 1);
}
