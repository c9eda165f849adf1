// Reads serve only what is durable: while a change of a game is being
// stored, no answer, push or refusal shows it; a write that fails (here a
// real SQLite failure: the database may not grow, as on a full disk) leaves
// every client's knowledge as it was, the requester is told STORAGE_FULL,
// and the game in memory goes back to what was stored.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "storage/database.h"
#include "storage/writer.h"
#include "support/secrecy_check.h"
#include "support/service_harness.h"
#include "test-games/masks_game.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

// A second server on the harness's database whose storage writer may not
// grow the file past its size now: every write that needs a new page fails
// with SQLITE_FULL, as on a full disk.
struct FullDisk {
  Harness& h;
  ServiceLimits limits;
  Service service;
  std::uint64_t next_id = 9000;

  static ServiceLimits full_now(Harness& h) {
    // Packed first, so that no free page is left to fill.
    h.db.exec_script("VACUUM");
    Stmt count = h.db.prepare("PRAGMA page_count");
    REQUIRE(count.step());
    Stmt size = h.db.prepare("PRAGMA page_size");
    REQUIRE(size.step());
    ServiceLimits l = h.limits;
    l.max_database_bytes = count.integer(0) * size.integer(0);
    return l;
  }

  explicit FullDisk(Harness& harness)
      : h(harness),
        limits(full_now(harness)),
        service(
            h.ioc, h.database.target(), h.registry, [this] { return h.now; }, limits) {
  }

  // Hands the request to the server without running it.
  std::uint64_t post(Player& p, proto::Envelope req) {
    req.set_version(proto::PROTOCOL_VERSION);
    req.set_request_id(++next_id);
    service.handle(p.conn, p.box, req);
    return next_id;
  }

  proto::Envelope answer(Player& p, std::uint64_t id) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!p.box->answers.count(id) && std::chrono::steady_clock::now() < give_up) {
      h.ioc.restart();
      h.ioc.run_for(std::chrono::milliseconds(5));
      service.flush();
    }
    REQUIRE(p.box->answers.count(id));
    return p.box->answers[id];
  }

  proto::Envelope call(Player& p, proto::Envelope req) { return answer(p, post(p, req)); }

  // A player signed in on this server with the session of `token`.
  Player resumed(const std::string& token) {
    Player p;
    proto::Envelope r;
    r.mutable_resume()->set_token(token);
    REQUIRE(call(p, r).has_session());
    return p;
  }
};

proto::Envelope get_game(std::uint64_t game) {
  proto::Envelope r;
  r.mutable_get_game()->set_game_id(game);
  return r;
}

std::string sign_up(Harness& h, Player& p, const std::string& name) {
  proto::Envelope r;
  r.mutable_register_()->set_name(name);
  r.mutable_register_()->set_password("password-" + name);
  const auto answer = h.call(p, r);
  REQUIRE(answer.has_session());
  return answer.session().token();
}

// Every frame the player's connection received, as sent.
std::vector<std::string> frames(const Player& p) {
  std::vector<std::string> out;
  for (const auto& e : p.box->pushes) out.push_back(e.SerializeAsString());
  for (const auto& [id, e] : p.box->answers) out.push_back(e.SerializeAsString());
  return out;
}

}  // namespace

TEST_CASE(
    "hidden information: a write failing mid-step (the disk full) shows nobody the step, and "
    "the game goes back to what was stored") {
  Harness h;
  h.registry.add(make_masks_game());
  Player a, b;
  const std::string a_token = sign_up(h, a, "alice");
  const std::string b_token = sign_up(h, b, "bob");
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("masks/standard");
  create.mutable_create_game()->set_players(2);
  create.mutable_create_game()->set_seat(0);
  const auto created = h.call(a, create);
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  const std::uint64_t game = created.game().id();
  REQUIRE(h.call(b, join_request(game, 1)).game().status() == proto::RUNNING);
  const auto id = static_cast<std::int64_t>(game);

  FullDisk full(h);
  Player a2 = full.resumed(a_token), b2 = full.resumed(b_token);
  // Bob is ready for the first step (the draw), and says so again until the
  // database is full: the pages his events go to have no room left, so the
  // step's events cannot be stored either. Item 10: he is told STORAGE_FULL.
  proto::Envelope last;
  for (int i = 0; i < 500; ++i) {
    last = full.call(b2, orders_request(game, 1, {"draw"}));
    if (!last.has_orders_accepted()) break;
  }
  REQUIRE(last.error().code() == proto::STORAGE_FULL);
  CHECK(last.error().message().find("nothing was changed") != std::string::npos);
  const std::size_t events_stored = h.store.events_after(id, 0).size();
  const std::size_t pushes_before = a2.box->pushes.size();
  // Alice's ready orders resolve the step in memory; Bob asks for the game
  // while that is being stored, and would have been answered from memory.
  const std::uint64_t orders = full.post(a2, orders_request(game, 1, {"draw"}));
  const std::uint64_t look = full.post(b2, get_game(game));
  const auto refused = full.answer(a2, orders);
  CHECK(refused.error().code() == proto::STORAGE_FULL);
  const auto seen = full.answer(b2, look);
  REQUIRE(seen.has_detail());
  CHECK(seen.detail().summary().step() == 1);

  // Nothing was stored, and nothing unstored reached anyone: no push of the
  // step's resolution, no frame naming step 2 or an event past the stored ones.
  CHECK(h.store.steps(id).empty());
  CHECK(h.store.events_after(id, 0).size() == events_stored);
  for (const Player* p : {&a2, &b2}) {
    for (const auto& e : p->box->pushes) {
      CHECK_FALSE(e.event().has_resolved());
      CHECK(e.event().seq() <= events_stored);
    }
  }
  CHECK(a2.box->pushes.size() == pushes_before);  // nothing of the failed change was pushed
  // A stale step is named by what is stored: the game is at step 1.
  const auto stale = full.call(b2, orders_request(game, 2, {"pass"}));
  CHECK(stale.error().code() == proto::STALE_STEP);
  CHECK(stale.error().message().find("is at step 1") != std::string::npos);
  // The game in memory went back: Alice's orders are not there, the step
  // still waits for her, and trying again fails the same way.
  const auto mine = full.call(a2, get_game(game));
  CHECK(mine.detail().summary().step() == 1);
  CHECK(mine.detail().my_orders_size() == 0);
  CHECK(full.call(a2, orders_request(game, 1, {"draw"})).error().code() == proto::STORAGE_FULL);
  // The secrecy check on every frame either player received: no secret of
  // the stored position reached a seat that may not know it.
  const auto stored = [&] {
    const auto row = h.store.game(id);
    REQUIRE(row);
    const auto module = make_masks_game();
    auto st = module->deserialize(row->state, RulesVersion{row->rules_version});
    REQUIRE(st);
    return std::move(*st);
  }();
  CHECK(stored->step().number.value == 1);
  for (const auto& leak : frame_leaks(frames(b2), stored->secrets(), PlayerId{1})) FAIL_CHECK(leak);
  for (const auto& leak : frame_leaks(frames(a2), stored->secrets(), PlayerId{0})) FAIL_CHECK(leak);
}

TEST_CASE(
    "storage: a database that may not grow fails the write with SQLITE_FULL, as STORAGE_FULL") {
  TempDir dir;
  const std::string path = (dir.path() / "t.db").string();
  Database db(path, builtin_migrations());
  db.exec_script("CREATE TABLE filler (x BLOB)");
  db.limit_size(1);  // never below its size now: it may not grow at all
  bool full = false;
  try {
    Transaction tx(db);
    for (int i = 0; i < 64; ++i) db.prepare("INSERT INTO filler VALUES (zeroblob(4000))").run();
    tx.commit();
  } catch (const DbError& e) {
    full = e.full() && storage_full(e);
  }
  CHECK(full);
  // The writer tells every job of a batch the transaction took with it.
  boost::asio::io_context ioc;
  {
    StorageWriter writer(path, ioc.get_executor(), 1);
    std::vector<std::string> outcomes(2);
    writer.submit([](Tables& s) { s.database().exec_script("INSERT INTO filler VALUES (1)"); },
                  [&](std::exception_ptr e) { outcomes[0] = e ? "failed" : "stored"; });
    writer.submit(
        [](Tables& s) {
          for (int i = 0; i < 64; ++i)
            s.database().exec_script("INSERT INTO filler VALUES (zeroblob(4000))");
        },
        [&](std::exception_ptr e) {
          try {
            if (e) std::rethrow_exception(e);
            outcomes[1] = "stored";
          } catch (const std::exception& x) {
            outcomes[1] = storage_full(x) ? "full" : x.what();
          }
        });
    writer.flush();
    ioc.run();
    CHECK(outcomes[1] == "full");
    // Either the small one was stored with its batch, or the whole batch was
    // lost and it was told so: never told "stored" when it was not.
    Database check(path);
    Stmt n = check.prepare("SELECT count(*) FROM filler WHERE x = 1");
    REQUIRE(n.step());
    CHECK((outcomes[0] == "stored") == (n.integer(0) == 1));
  }
}
