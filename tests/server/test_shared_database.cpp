// What lets several servers share one database (docs/scaling.md), without a
// network: the version every change of a game is fenced by, a change beaten
// to its game made again, the news one server sends the others, the token
// buckets kept in the database, notices claimed for delivery, and the PROXY
// header a load balancer sends before a connection's first byte.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <latch>
#include <thread>

#include "notices/notice_tables.h"
#include "storage/cluster_news.h"
#include "storage/rate_buckets.h"
#include "storage/writer.h"
#include "support/requests.h"
#include "support/service_harness.h"
#include "transport/proxy_header.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

TEST_CASE("several servers: a change made against an older version of a game is not stored") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto id = static_cast<std::int64_t>(h.start_duel(a, b));
  const std::int64_t v = *h.store.game_version(id);
  CHECK(h.store.game(id)->version == v);
  h.store.fence_game(id, v);
  CHECK(h.store.game_version(id) == v + 1);
  // A second change made against the same version finds it gone.
  CHECK_THROWS_AS(h.store.fence_game(id, v), WriteConflict);
  CHECK(h.store.game_version(id) == v + 1);
  CHECK_FALSE(h.store.game_version(id + 100).has_value());
}

TEST_CASE(
    "several servers: orders beaten to their game by another writer are made again against the "
    "game as stored, and acknowledged once") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  REQUIRE(h.call(a, orders_request(game, 1, {"bid 3"}, false)).has_orders_accepted());
  const std::int64_t before = *h.store.game_version(id);
  // Another server changed the game (its version moved) without this
  // service's copy hearing of it.
  Database other_server(h.database.target());
  Tables(other_server).fence_game(id, before);
  const auto answer = h.call(b, orders_request(game, 1, {"bid 2"}, true));
  REQUIRE_MESSAGE(answer.has_orders_accepted(), answer.error().message());
  CHECK_FALSE(answer.orders_accepted().resolved());  // Alice's bid is not ready
  CHECK(h.store.game_version(id) == before + 2);
  CHECK(h.store.orders(id, 1).size() == 2);
  // Her ready orders then resolve the step, once.
  REQUIRE(h.call(a, orders_request(game, 1, {"bid 3"}, true)).orders_accepted().resolved());
  CHECK(h.store.game(id)->step == 2);
  CHECK(h.store.steps(id).size() == 1);
}

TEST_CASE("several servers: the news a server sends names numbers only, and junk is no news") {
  const ClusterLink link("n1");
  const auto changed = ClusterLink::parse(link.game_changed(12, 7, 30, 32));
  REQUIRE(changed);
  CHECK(changed->node == "n1");
  CHECK(changed->kind == ClusterNews::Kind::game_changed);
  CHECK(changed->id == 12);
  CHECK(changed->version == 7);
  CHECK(changed->first_seq == 30);
  CHECK(changed->last_seq == 32);
  const auto message = ClusterLink::parse(link.message_sent(5));
  REQUIRE(message);
  CHECK(message->kind == ClusterNews::Kind::message_sent);
  CHECK(message->id == 5);
  CHECK(ClusterLink::parse(link.game_created(9))->kind == ClusterNews::Kind::game_created);
  CHECK(ClusterLink().node() != ClusterLink().node());
  for (const char* junk : {"", "n1", "n1 g", "n1 g 1 2 3", "n1 g 1 2 5 4", "n1 x 3", "n1 m -3",
                           "n1 m 3 4", "n1 m three", "n1 gg 1 2 3 4", " m 3"}) {
    CHECK_MESSAGE(!ClusterLink::parse(junk), junk);
  }
}

TEST_CASE("several servers: a PROXY header names the client, or is refused with why") {
  const auto source = [](const char* line) {
    const auto r = parse_proxy_header(line);
    return std::holds_alternative<ProxySource>(r) ? std::get<ProxySource>(r).address
                                                  : "refused: " + std::get<ProxyRefusal>(r).why;
  };
  CHECK(source("PROXY TCP4 192.0.2.7 198.51.100.1 51234 443") == "192.0.2.7");
  CHECK(source("PROXY TCP6 2001:db8::7 2001:db8::1 51234 443") == "2001:db8::7");
  CHECK(source("PROXY UNKNOWN") == "");
  CHECK(source("PROXY UNKNOWN 1.2.3.4 5.6.7.8 1 2") == "");
  CHECK(source("GET / HTTP/1.1").starts_with("refused: no PROXY header"));
  CHECK(source("PROXY TCP4 2001:db8::7 198.51.100.1 1 443").starts_with("refused"));
  CHECK(source("PROXY TCP4 192.0.2.7 198.51.100.1 65536 443").starts_with("refused"));
  CHECK(source("PROXY TCP4 192.0.2.7 198.51.100.1 012 443").starts_with("refused"));
  CHECK(source("PROXY TCP4 192.0.2.7 198.51.100.1 1").starts_with("refused"));
  CHECK(source("PROXY UDP4 192.0.2.7 198.51.100.1 1 2").starts_with("refused"));
  CHECK(source(std::string(120, 'P').c_str()).starts_with("refused: a PROXY header over"));
}

namespace {

// Alice, with a webhook and told of everything, and Bob in a duel; Bob sends
// `messages`, each a notice to Alice in the outbox.
void notices_for_alice(Harness& h, const std::vector<std::string>& messages) {
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  proto::NotifyRequest hook;
  hook.mutable_set_webhook()->set_url("https://hooks.example.org/alice");
  REQUIRE(h.call(a, notify_request(hook)).has_notify_settings());
  proto::NotifyRequest always;
  always.set_always(true);
  REQUIRE(h.call(a, notify_request(always)).has_notify_settings());
  const auto game = h.start_duel(a, b);
  for (const std::string& m : messages) REQUIRE(h.call(b, press_request(game, m)).has_press_sent());
}

}  // namespace

TEST_CASE("several servers: notices claimed for delivery are nobody else's until released") {
  Harness h;
  notices_for_alice(h, {"one", "two"});
  NoticeTables first(h.db);
  Database other_db(h.database.target());
  NoticeTables second(other_db);
  const auto due = first.due_notices(h.now, 100);
  REQUIRE(due.size() >= 2);  // the two messages, and what the game's start told her
  const auto claimed = first.claim_due_notices(h.now, 100, h.now + 600);
  REQUIRE(claimed.size() == due.size());
  for (std::size_t i = 0; i < due.size(); ++i) CHECK(claimed[i].id == due[i].id);
  // Another courier finds nothing due while they are claimed...
  CHECK(second.claim_due_notices(h.now, 100, h.now + 600).empty());
  CHECK(second.claim_due_notices(h.now + 599, 100, h.now + 1200).empty());
  // ... a released one is due again at once, and the others, claimed by a
  // courier that died, once their claim runs out.
  first.release_notice(claimed[0].id, h.now);
  const auto again = second.claim_due_notices(h.now, 100, h.now + 600);
  REQUIRE(again.size() == 1);
  CHECK(again[0].id == claimed[0].id);
  first.notice_sent(again[0].id, h.now);
  const auto late = second.claim_due_notices(h.now + 600, 100, h.now + 1200);
  CHECK(late.size() == claimed.size() - 1);
  CHECK(second.claim_due_notices(h.now + 1200, 100, h.now + 1800).size() == late.size());
}

TEST_CASE(
    "postgresql: several servers: notices claimed by a server that died are delivered by another "
    "at once") {
  Harness h;
  notices_for_alice(h, {"one"});
  std::size_t held = 0;
  {
    Database dying(h.database.target());
    held = NoticeTables(dying).claim_due_notices(h.now, 100, h.now + 600).size();
    REQUIRE(held >= 1);
    CHECK(NoticeTables(h.db).claim_due_notices(h.now, 100, h.now + 600).empty());
  }  // its session ends, as when its server dies
  // Its backend leaves PostgreSQL's list of sessions within moments.
  std::vector<OutboxRow> taken;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (taken.empty() && std::chrono::steady_clock::now() < until) {
    taken = NoticeTables(h.db).claim_due_notices(h.now, 100, h.now + 600);
    if (taken.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(taken.size() == held);
}

TEST_CASE("postgresql: several servers: token buckets in the database hold across connections") {
  TempDir dir;
  TestDatabase database(dir.path());
  Database one(database.target(), builtin_migrations());
  Database two(database.target());
  Tables t1(one), t2(two);
  std::int64_t ms = 1'000'000'000;
  const auto clock = [&] { return ms; };
  DatabaseBuckets b1(t1, clock), b2(t2, clock);
  const RateSpec spec{2, 1.0 / 6};  // two at once, then one every 6 s
  CHECK(b1.take("send:7", spec, 1));
  CHECK(b2.take("send:7", spec, 1));
  CHECK_FALSE(b1.take("send:7", spec, 1));
  CHECK_FALSE(b2.take("send:7", spec, 1));
  CHECK(b1.take("send:8", spec, 1));  // another key's bucket is its own
  CHECK(b2.wait("send:7", spec, 1) == doctest::Approx(6).epsilon(0.01));
  ms += 3000;
  CHECK(b1.wait("send:7", spec, 1) == doctest::Approx(3).epsilon(0.01));
  CHECK_FALSE(b2.take("send:7", spec, 1));
  ms += 3000;
  CHECK(b2.take("send:7", spec, 1));
  // A refund gives back what was taken, never above the burst.
  b1.refund("send:7", spec, 5);
  CHECK(b1.take("send:7", spec, 2));
  CHECK_FALSE(b1.take("send:7", spec, 1));
  // A cost above the burst is taken into debt from a full bucket only.
  CHECK(b1.take("big", spec, 5));
  CHECK_FALSE(b1.take("big", spec, 1));
  // Buckets that have filled up again are swept; the others stay.
  ms += 13000;  // send:7 and send:8 are full again; big is still in debt
  b1.sweep();
  Stmt left = one.prepare("SELECT key FROM rate_buckets ORDER BY key");
  std::vector<std::string> keys;
  while (left.step()) keys.push_back(left.text(0));
  CHECK(keys == std::vector<std::string>{"big"});
}

TEST_CASE(
    "postgresql: several servers: two servers storing a message in one channel at once number it "
    "one after the other") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto id = static_cast<std::int64_t>(h.start_duel(a, b));
  MessageRow m;
  m.game_id = id;
  m.channel = Audience::everyone();
  m.from_seat = 1;
  m.from_user = *a.conn.user_id;
  m.step = 1;
  m.sent_at = h.now;
  m.body = "to all";
  Database one(h.database.target()), two(h.database.target());
  Transaction first(one);
  const std::int64_t number = Tables(one).insert_message(m).number;
  // The second server stores its message while the first's transaction is
  // open: it waits for it, then takes the next number.
  std::int64_t next = 0;
  std::string failure;
  std::thread second([&] {
    try {
      Transaction t(two);
      next = Tables(two).insert_message(m).number;
      t.commit();
    } catch (const std::exception& e) {
      failure = e.what();
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  first.commit();
  second.join();
  CHECK_MESSAGE(failure.empty(), failure);
  CHECK(next == number + 1);
  CHECK(h.store.channel_messages(id, Audience::everyone(), 0, 10).size() == 2);
}

TEST_CASE(
    "postgresql: several servers: two servers' batches that deadlock are both stored: the write "
    "PostgreSQL fails to break the deadlock is written again after the other commits") {
  TempDir dir;
  TestDatabase database(dir.path());
  {
    Database db(database.target(), builtin_migrations());
    for (const char* key : {"one", "two"})
      db.prepare("INSERT INTO rate_buckets (key, tokens, at, full_at) VALUES (?, 0, 0, 0)")
          .bind(1, std::string(key))
          .run();
  }
  const auto add_one = [](const std::string& key) {
    return [key](Tables& s) {
      s.database()
          .prepare("UPDATE rate_buckets SET tokens = tokens + 1 WHERE key = ?")
          .bind(1, key)
          .run();
    };
  };
  boost::asio::io_context ioc;
  std::latch go(1), both_hold(2);
  std::vector<std::string> outcomes;
  const auto record = [&](std::exception_ptr e) {
    try {
      if (e) std::rethrow_exception(e);
      outcomes.push_back("stored");
    } catch (const std::exception& x) {
      outcomes.push_back(x.what());
    }
  };
  {
    // Each server's batch changes the two rows in the other order: the
    // first change of each, then the second, which waits for the other's
    // transaction, which waits for this one's.
    StorageWriter a(database.target(), ioc.get_executor());
    StorageWriter b(database.target(), ioc.get_executor());
    for (StorageWriter* w : {&a, &b}) w->submit([&](Tables&) { go.wait(); }, nullptr);
    const auto first = [&](const std::string& key) {
      return [key, &both_hold, add_one](Tables& s) {
        add_one(key)(s);
        both_hold.arrive_and_wait();
      };
    };
    a.submit(first("one"), record);
    a.submit(add_one("two"), record);
    b.submit(first("two"), record);
    b.submit(add_one("one"), record);
    go.count_down();
    a.flush();
    b.flush();
  }
  ioc.run();
  CHECK(outcomes == std::vector<std::string>(4, "stored"));
  Database db(database.target());
  Stmt rows = db.prepare("SELECT tokens FROM rate_buckets ORDER BY key");
  std::vector<std::int64_t> tokens;
  while (rows.step()) tokens.push_back(rows.integer(0));
  CHECK(tokens == std::vector<std::int64_t>{2, 2});
}
