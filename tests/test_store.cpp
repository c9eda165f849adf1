// Storage, the service without a network, and the hash chain: migrations,
// durable orders, secrecy of orders in pushes, deadlines on a test clock, and
// the admin replay detecting any edit of the stored history.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>

#include "db.h"
#include "duel_game.h"
#include "replay.h"
#include "service.h"
#include "store.h"

using namespace naumachia;
using namespace naumachia::server;

namespace {

struct FakeOutbox : Outbox {
  std::vector<proto::Envelope> pushes;
  void send(std::string frame) override {
    proto::Envelope e;
    REQUIRE(e.ParseFromString(frame));
    pushes.push_back(std::move(e));
  }
};

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    char tmpl[] = "/tmp/naumachia-test-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

struct Player {
  ConnectionState conn;
  std::shared_ptr<FakeOutbox> box = std::make_shared<FakeOutbox>();
};

struct Harness {
  TempDir dir;
  Db db{(dir.path / "t.db").string(), builtin_migrations()};
  Store store{db};
  Registry registry;
  std::int64_t now = 1'000'000;
  Service service{store, registry, [this] { return now; }};
  std::uint64_t next_id = 1;

  Harness() { registry.add(testing::make_duel_game()); }

  proto::Envelope call(Player& p, proto::Envelope req) {
    req.set_version(proto::PROTOCOL_VERSION);
    req.set_request_id(next_id++);
    std::shared_ptr<Outbox> box = p.box;
    proto::Envelope res;
    REQUIRE(res.ParseFromString(service.handle(p.conn, box, req.SerializeAsString())));
    CHECK(res.request_id() == req.request_id());
    return res;
  }

  Player signed_up(const std::string& name) {
    Player p;
    proto::Envelope req;
    req.mutable_register_()->set_name(name);
    req.mutable_register_()->set_password("password-" + name);
    REQUIRE(call(p, req).has_session());
    return p;
  }

  std::uint64_t start_duel(Player& a, Player& b, std::uint64_t deadline = 0) {
    proto::Envelope create;
    create.mutable_create_game()->set_scenario("duel/standard");
    create.mutable_create_game()->set_seat(0);
    create.mutable_create_game()->set_players(2);
    create.mutable_create_game()->set_deadline_seconds(deadline);
    const auto created = call(a, create);
    REQUIRE(created.has_game());
    proto::Envelope join;
    join.mutable_join_game()->set_game_id(created.game().id());
    join.mutable_join_game()->set_seat(-1);
    REQUIRE(call(b, join).game().status() == proto::RUNNING);
    return created.game().id();
  }

  proto::Envelope submit(Player& p, std::uint64_t game, std::uint64_t step,
                         std::vector<std::string> lines, bool ready = true) {
    proto::Envelope req;
    auto& s = *req.mutable_submit_orders();
    s.set_game_id(game);
    s.set_step(step);
    for (auto& l : lines) s.add_lines(l);
    s.set_ready(ready);
    return call(p, req);
  }
};

bool any_push_contains(const FakeOutbox& box, const std::string& needle) {
  for (const auto& e : box.pushes) {
    if (e.SerializeAsString().find(needle) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("migrations are applied once and recorded") {
  TempDir dir;
  const std::string path = (dir.path / "m.db").string();
  {
    Db db(path, builtin_migrations());
    CHECK(db.schema_version() == static_cast<int>(builtin_migrations().size()));
  }
  Db again(path, builtin_migrations());  // reopening applies nothing twice
  CHECK(again.schema_version() == static_cast<int>(builtin_migrations().size()));
}

TEST_CASE("accounts: names are unique, passwords checked, tokens resume") {
  Harness h;
  Player alice = h.signed_up("alice");
  Player dup;
  proto::Envelope reg;
  reg.mutable_register_()->set_name("ALICE");
  reg.mutable_register_()->set_password("whatever123");
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
  CHECK(h.call(forged, resume).error().code() == proto::BAD_CREDENTIALS);

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
  h.service.check_deadlines();
  CHECK(h.store.steps(static_cast<std::int64_t>(game)).empty());  // not yet due
  h.now += 3600;
  h.service.check_deadlines();
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

TEST_CASE("a game played to its end replays exactly, and any edit of its history is found") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  for (std::uint64_t step = 1; h.store.game(id)->status == "running"; ++step) {
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
  std::shared_ptr<Outbox> box = p.box;
  proto::Envelope res;
  REQUIRE(res.ParseFromString(h.service.handle(p.conn, box, "\xff\xff\xff garbage")));
  CHECK(res.error().code() == proto::BAD_FRAME);
  proto::Envelope old;
  old.set_version(99);
  old.set_request_id(5);
  old.mutable_list_scenarios();
  REQUIRE(res.ParseFromString(h.service.handle(p.conn, box, old.SerializeAsString())));
  CHECK(res.error().code() == proto::UNSUPPORTED_VERSION);
  CHECK(res.request_id() == 5);
  REQUIRE(res.ParseFromString(h.service.handle(p.conn, box, std::string(70000, 'x'))));
  CHECK(res.error().code() == proto::TOO_LARGE);
  proto::Envelope empty;
  empty.set_version(proto::PROTOCOL_VERSION);
  REQUIRE(res.ParseFromString(h.service.handle(p.conn, box, empty.SerializeAsString())));
  CHECK(res.error().code() == proto::BAD_FRAME);
}
