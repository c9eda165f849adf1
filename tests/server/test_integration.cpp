// The real server on a loopback port, driven by real protocol clients: a game
// from creation to its end, secrecy of orders on the wire, a crash right after
// an acknowledgement, deadlines (also across a restart), bad input, and the
// admin replay.
#include <doctest/doctest.h>

#include <thread>

#include "connection.h"
#include "digest.h"
#include "storage/database.h"
#include "support/protocol_client.h"
#include "support/server_process.h"

using naumachia::client::Connection;
using naumachia::client::from_hex;
using naumachia::client::sha256_hex;
using naumachia::testing::admin;
using naumachia::testing::CommandResult;
using naumachia::testing::ServerProcess;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;
using ms = std::chrono::milliseconds;

namespace {

struct Client {
  std::unique_ptr<Connection> conn;
  std::string token;

  proto::Envelope call(const proto::Envelope& req) { return conn->call(req); }

  static Client sign_up(const ServerProcess& server, const std::string& name) {
    Client c;
    c.conn = std::make_unique<Connection>(server.url(), naumachia::client::accept_any_certificate);
    proto::Envelope req;
    req.mutable_register_()->set_name(name);
    req.mutable_register_()->set_password("pw-" + name + "-secret");
    const auto res = c.call(req);
    REQUIRE(res.has_session());
    c.token = res.session().token();
    return c;
  }

  void reconnect(const ServerProcess& server) {
    conn = std::make_unique<Connection>(server.url(), naumachia::client::accept_any_certificate);
    proto::Envelope req;
    req.mutable_resume()->set_token(token);
    REQUIRE(call(req).has_session());
  }

  proto::Envelope submit(std::uint64_t game, std::uint64_t step, const std::string& line,
                         bool ready = true) {
    proto::Envelope req;
    auto& s = *req.mutable_submit_orders();
    s.set_game_id(game);
    s.set_step(step);
    s.add_lines(line);
    s.set_ready(ready);
    return call(req);
  }

  proto::GameDetail detail(std::uint64_t game) {
    proto::Envelope req;
    req.mutable_get_game()->set_game_id(game);
    const auto res = call(req);
    REQUIRE(res.has_detail());
    return res.detail();
  }

  // Waits for a push satisfying `pred`.
  proto::GameEvent await(const std::function<bool(const proto::GameEvent&)>& pred,
                         ms timeout = ms(20000)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      const auto left = std::chrono::duration_cast<ms>(deadline - std::chrono::steady_clock::now());
      REQUIRE(left.count() > 0);
      const auto push = conn->next_push(left);
      if (push && pred(push->event())) return push->event();
    }
  }
};

std::uint64_t start_duel(Client& a, Client& b, std::uint64_t deadline_seconds = 0) {
  return naumachia::testing::start_duel(*a.conn, *b.conn, deadline_seconds);
}

// A duel of `a` and `b` in which `a` has ordered "bid 4"; then the clients
// close (a stopping server waits a few seconds for its clients' goodbyes) and
// the server stops. The game's number.
std::uint64_t order_then_stop(ServerProcess& server, Client& a, Client& b) {
  const auto game = start_duel(a, b);
  REQUIRE(a.submit(game, 1, "bid 4").has_orders_accepted());
  a.conn.reset();
  b.conn.reset();
  REQUIRE(server.terminate() == 0);
  return game;
}

// A second server on `first`'s database, with its own certificate and log in
// `dir`; null when it refused to start, with why in `refused`.
std::unique_ptr<ServerProcess> second_server(const ServerProcess& first,
                                             const std::filesystem::path& dir,
                                             std::string& refused) {
  const std::vector<std::string> own_files{"--cert", (dir / "cert.pem").string(), "--key",
                                           (dir / "key.pem").string()};
  try {
    return std::make_unique<ServerProcess>(dir, naumachia::testing::DatabaseAt{first.db()},
                                           own_files);
  } catch (const std::runtime_error& e) {
    refused = e.what();
    return nullptr;
  }
}

// GET /healthz over TLS (the server's certificate is its own): "STATUS BODY".
std::string health(const ServerProcess& server) {
  std::string url = server.url();
  url.replace(0, url.find("://"), "https");
  const CommandResult r = naumachia::testing::run_command(
      "/usr/bin/python3 -c 'import ssl, sys, urllib.request, urllib.error\n"
      "try:\n"
      "  r = urllib.request.urlopen(sys.argv[1], context=ssl._create_unverified_context(), "
      "timeout=10)\n"
      "  print(r.status, r.read().decode(), end=\"\")\n"
      "except urllib.error.HTTPError as e:\n"
      "  print(e.code, e.read().decode(), end=\"\")\n' " +
      url + "/healthz");
  return r.output;
}

// Waits up to ten seconds for `server`'s health check to answer `wanted`.
bool health_becomes(const ServerProcess& server, const std::string& wanted) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (health(server) != wanted) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(ms(100));
  }
  return true;
}

bool contains(const std::vector<std::string>& frames, std::size_t from, const std::string& s) {
  for (std::size_t i = from; i < frames.size(); ++i) {
    if (frames[i].find(s) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("two players play a game to its end, orders stay secret, the replay verifies") {
  TempDir dir;
  ServerProcess server(dir.path());
  Client a = Client::sign_up(server, "alice");
  Client b = Client::sign_up(server, "bob");
  const auto game = start_duel(a, b);
  const std::string seed_hash = a.detail(game).summary().seed_hash();

  std::uint64_t step = 1;
  bool over = false;
  while (!over) {
    REQUIRE(step <= 5);
    const std::size_t b_frames = b.conn->received().size();
    const std::string a_order = "bid 1";  // within the purse for all five rounds; never b's bid
    const auto ack = a.submit(game, step, a_order);
    REQUIRE(ack.has_orders_accepted());
    const auto committed = b.await([&](const proto::GameEvent& e) {
      return e.has_committed() && e.committed().seat() == 0 && e.committed().step() == step;
    });
    CHECK(committed.committed().commitment() == ack.orders_accepted().commitment());
    CHECK_FALSE(contains(b.conn->received(), b_frames, a_order));
    // B's own look at the game carries no trace of A's orders either.
    b.detail(game);
    CHECK_FALSE(contains(b.conn->received(), b_frames, a_order));

    REQUIRE(b.submit(game, step, "bid 0").orders_accepted().resolved());
    const auto resolved = a.await(
        [&](const proto::GameEvent& e) { return e.has_resolved() && e.resolved().step() == step; });
    CHECK(resolved.resolved().orders(0).lines(0) == a_order);
    CHECK(resolved.resolved().happenings(0).rolls_size() == 1);
    over = a.detail(game).summary().status() == proto::OVER;
    ++step;
  }
  const auto end = a.await([](const proto::GameEvent& e) { return e.has_over(); });
  CHECK(sha256_hex(from_hex(end.over().seed()).value()) == seed_hash);

  proto::Envelope replay;
  replay.mutable_replay()->set_game_id(game);
  const auto r = b.call(replay);
  CHECK(r.replay_result().all_verified());
  CHECK(r.replay_result().steps_size() == static_cast<int>(step - 1));

  const CommandResult replayed = admin(server, "replay " + std::to_string(game));
  CHECK(replayed.status == 0);
  CHECK(replayed.output.find("replay verified") != std::string::npos);
  a.conn->close();
  b.conn->close();
  CHECK(server.terminate() == 0);  // SIGTERM stops it cleanly
}

TEST_CASE("an acknowledged order survives a crash right after the acknowledgement") {
  TempDir dir;
  ServerProcess server(dir.path());
  Client a = Client::sign_up(server, "alice");
  Client b = Client::sign_up(server, "bob");
  const auto game = start_duel(a, b);
  REQUIRE(a.submit(game, 1, "bid 4").has_orders_accepted());
  server.crash();
  server.restart();
  a.reconnect(server);
  b.reconnect(server);
  const auto d = a.detail(game);
  REQUIRE(d.my_orders_size() == 1);
  CHECK(d.my_orders(0) == "bid 4");
  CHECK(d.my_ready());
  REQUIRE(b.submit(game, 1, "bid 2").orders_accepted().resolved());
  const auto resolved = a.await([](const proto::GameEvent& e) { return e.has_resolved(); });
  CHECK(resolved.resolved().orders(0).lines(0) == "bid 4");
}

TEST_CASE(
    "sqlite: one server per file: a second server on a file another serves stops at once, "
    "saying so, and starts once the first is gone") {
  TempDir dir, second_dir;
  ServerProcess server(dir.path());
  Client a = Client::sign_up(server, "alice");
  std::string refused;
  second_server(server, second_dir.path(), refused);
  CHECK(refused.find("another naumachia-server is serving the database") != std::string::npos);
  // The first server went on as if nothing happened.
  Client b = Client::sign_up(server, "bob");
  const auto game = order_then_stop(server, a, b);
  const auto second = second_server(server, second_dir.path(), refused);
  REQUIRE(second);
  a.reconnect(*second);
  CHECK(a.detail(game).my_orders(0) == "bid 4");
}

TEST_CASE(
    "copy-db: naumachia-admin copies a stopped server's database into another, every game "
    "verifies there, and play goes on from the copy") {
  TempDir dir, copy_dir;
  ServerProcess server(dir.path());
  Client a = Client::sign_up(server, "alice");
  Client b = Client::sign_up(server, "bob");
  const auto game = order_then_stop(server, a, b);
  // From the server's database (a SQLite file, or PostgreSQL when the tests
  // run against it) into a new SQLite file.
  const std::string to = (copy_dir.path() / "copy.db").string();
  const std::string copy_db =
      std::string(NAUMACHIA_TEST_ADMIN) + " copy-db " + server.db().string() + " " + to;
  const CommandResult copied = naumachia::testing::run_command(copy_db);
  CHECK_MESSAGE(copied.status == 0, copied.output);
  CHECK(copied.output.find("games: 1 row(s)") != std::string::npos);
  CHECK(copied.output.find("1 of 1 game(s) verified") != std::string::npos);
  // A copy into a database that holds games is refused.
  const CommandResult again = naumachia::testing::run_command(copy_db);
  CHECK(again.status == 1);
  CHECK(again.output.find("TO already holds rows") != std::string::npos);

  ServerProcess moved(copy_dir.path(), naumachia::testing::DatabaseAt{to});
  a.reconnect(moved);
  b.reconnect(moved);
  CHECK(a.detail(game).my_orders(0) == "bid 4");
  REQUIRE(b.submit(game, 1, "bid 2").orders_accepted().resolved());
}

TEST_CASE(
    "postgresql: a server whose database sessions are ended opens them again, and no "
    "acknowledged order is lost") {
  TempDir dir;
  ServerProcess server(dir.path());
  REQUIRE(server.on_postgresql());
  Client a = Client::sign_up(server, "alice");
  Client b = Client::sign_up(server, "bob");
  const auto game = start_duel(a, b);
  REQUIRE(a.submit(game, 1, "bid 4").has_orders_accepted());
  // Every session of the server's database ends, as when PostgreSQL restarts.
  {
    naumachia::server::Database db(server.db().string());
    naumachia::server::Stmt end = db.prepare(
        "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()");
    REQUIRE(end.step());
    CHECK(end.integer(0) >= 2);  // the server's reader and writer at least
  }
  // A request that meets the loss fails with an error; the next ones are served.
  proto::Envelope answer;
  for (int attempt = 0; attempt < 5 && !answer.has_orders_accepted(); ++attempt) {
    answer = b.submit(game, 1, "bid 2");
    if (!answer.has_orders_accepted()) CHECK(answer.has_error());
  }
  REQUIRE(answer.has_orders_accepted());
  CHECK(answer.orders_accepted().resolved());
  const auto resolved = a.await([](const proto::GameEvent& e) { return e.has_resolved(); });
  CHECK(resolved.resolved().orders(0).lines(0) == "bid 4");
  CHECK(admin(server, "verify").status == 0);
}

TEST_CASE("health check: GET /healthz answers that the server is ready, and no more") {
  TempDir dir;
  ServerProcess server(dir.path());
  CHECK(health_becomes(server, "200 ready\n"));
}

TEST_CASE(
    "postgresql: GET /healthz answers not ready while the database refuses the server, and ready "
    "once it answers again") {
  TempDir dir;
  ServerProcess server(dir.path());
  REQUIRE(server.on_postgresql());
  REQUIRE(health_becomes(server, "200 ready\n"));
  const std::string uri = server.db().string();
  const std::string name = uri.substr(uri.rfind('/') + 1);
  naumachia::server::Database admin_db(naumachia::testing::postgresql_server());
  admin_db.exec_script("ALTER DATABASE " + name + " ALLOW_CONNECTIONS false");
  admin_db.exec_script("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" +
                       name + "'");
  CHECK(health_becomes(server, "503 not ready\n"));
  admin_db.exec_script("ALTER DATABASE " + name + " ALLOW_CONNECTIONS true");
  CHECK(health_becomes(server, "200 ready\n"));
}

TEST_CASE("a deadline resolves the step, also when it passed while the server was down") {
  TempDir dir;
  ServerProcess server(dir.path());
  Client a = Client::sign_up(server, "alice");
  Client b = Client::sign_up(server, "bob");
  const auto game = start_duel(a, b, 2);
  REQUIRE(a.submit(game, 1, "bid 6", /*ready=*/false).has_orders_accepted());
  const auto first = b.await([](const proto::GameEvent& e) { return e.has_resolved(); });
  CHECK(first.resolved().by_deadline());
  CHECK(first.resolved().orders(0).lines(0) == "bid 6");
  CHECK_FALSE(first.resolved().orders(0).defaulted());
  CHECK(first.resolved().orders(1).defaulted());
  CHECK(first.resolved().orders(1).lines(0) == "bid 0");

  server.crash();
  std::this_thread::sleep_for(std::chrono::seconds(3));  // step 2's deadline passes meanwhile
  server.restart();
  a.reconnect(server);
  // The client resumes from the last event it saw.
  const auto seen = first.seq();
  proto::GameEvent second;
  for (int tries = 0; tries < 50; ++tries) {
    proto::Envelope req;
    req.mutable_events()->set_game_id(game);
    req.mutable_events()->set_after_seq(seen);
    const auto res = a.call(req);
    bool found = false;
    for (const auto& e : res.events_result().events()) {
      CHECK(e.seq() > seen);
      if (e.has_resolved() && e.resolved().step() == 2) {
        second = e;
        found = true;
      }
    }
    if (found) break;
    std::this_thread::sleep_for(ms(200));
  }
  REQUIRE(second.has_resolved());
  CHECK(second.resolved().by_deadline());
}

TEST_CASE("bad input gets precise errors and the server carries on") {
  TempDir dir;
  ServerProcess server(dir.path());
  Client a = Client::sign_up(server, "alice");
  proto::Envelope env;

  a.conn->send_raw("hello", /*binary=*/false);
  REQUIRE(env.ParseFromString(*a.conn->next_raw(ms(5000))));
  CHECK(env.error().code() == proto::BAD_FRAME);

  a.conn->send_raw(std::string("\x0a\xff\xff\xff\xff\xff", 6));
  REQUIRE(env.ParseFromString(*a.conn->next_raw(ms(5000))));
  CHECK(env.error().code() == proto::BAD_FRAME);

  a.conn->send_raw(std::string(100 * 1024, '\0'));
  REQUIRE(env.ParseFromString(*a.conn->next_raw(ms(5000))));
  CHECK(env.error().code() == proto::TOO_LARGE);

  proto::Envelope list;
  list.mutable_list_scenarios();
  CHECK(a.call(list).has_scenarios());  // still served

  proto::Envelope unknown;
  unknown.mutable_get_game()->set_game_id(77);
  CHECK(a.call(unknown).error().code() == proto::NOT_FOUND);

  // Far too large: the server closes this connection (WebSocket code 1009).
  Client big;
  big.conn = std::make_unique<Connection>(server.url(), naumachia::client::accept_any_certificate);
  bool closed = false;
  try {
    big.conn->send_raw(std::string(2 * 1024 * 1024, 'x'));  // may fail midway: the server closes
    big.conn->next_raw(ms(10000));
  } catch (const naumachia::client::ClientError&) {
    closed = true;
  }
  CHECK(closed);

  // A flood: the server answers RATE_LIMITED rather than doing the work. The
  // flood asks for something with a small answer: the client reads only
  // after sending all 400, and 256 large answers left unread would close it
  // as a reader that does not read.
  unknown.set_version(proto::PROTOCOL_VERSION);
  for (int i = 0; i < 400; ++i) a.conn->send_raw(unknown.SerializeAsString());
  int limited = 0;
  for (int i = 0; i < 400; ++i) {
    const auto frame = a.conn->next_raw(ms(10000));
    REQUIRE(frame.has_value());
    REQUIRE(env.ParseFromString(*frame));
    if (env.has_error() && env.error().code() == proto::RATE_LIMITED) ++limited;
  }
  CHECK(limited > 0);

  Client fresh = Client::sign_up(server, "carol");  // others are unaffected
  list.set_version(proto::PROTOCOL_VERSION);
  CHECK(fresh.call(list).has_scenarios());

  // The limit is weighted by cost: a replay counts 20 cheap requests, so a
  // burst of replays is cut off long before a burst of cheap requests is.
  Client dave = Client::sign_up(server, "dave");
  proto::Envelope replay;
  replay.set_version(proto::PROTOCOL_VERSION);
  replay.mutable_replay()->set_game_id(77);
  for (int i = 0; i < 15; ++i) dave.conn->send_raw(replay.SerializeAsString());
  int replays_limited = 0;
  for (int i = 0; i < 15; ++i) {
    const auto frame = dave.conn->next_raw(ms(10000));
    REQUIRE(frame.has_value());
    REQUIRE(env.ParseFromString(*frame));
    if (env.has_error() && env.error().code() == proto::RATE_LIMITED) ++replays_limited;
  }
  CHECK(replays_limited > 0);
  Client erin = Client::sign_up(server, "erin");
  for (int i = 0; i < 15; ++i) erin.conn->send_raw(list.SerializeAsString());
  for (int i = 0; i < 15; ++i) {
    const auto frame = erin.conn->next_raw(ms(10000));
    REQUIRE(frame.has_value());
    REQUIRE(env.ParseFromString(*frame));
    CHECK(env.has_scenarios());
  }
}

namespace {

// Eight connections play four duels on a server of `threads` threads. Each
// sends its requests all at once, numbered (every seventh asks for a game
// that does not exist, which the service refuses at once), then its orders:
// the answers about its game come back in the order asked, every refusal
// comes, and every duel resolves.
void play_eight_at_once(const std::string& threads) {
  TempDir dir;
  ServerProcess server(dir.path(), {"--threads", threads});
  CHECK(server.log().find("(" + threads + (threads == "1" ? " thread)" : " threads)")) !=
        std::string::npos);
  constexpr int kPairs = 4;
  constexpr int kRequests = 60;
  std::vector<std::unique_ptr<Connection>> players;
  for (int i = 0; i < 2 * kPairs; ++i)
    players.push_back(naumachia::testing::sign_up(server, "player" + std::to_string(i)));
  std::vector<std::uint64_t> games;
  for (int i = 0; i < kPairs; ++i)
    games.push_back(naumachia::testing::start_duel(*players[2 * i], *players[2 * i + 1]));
  std::vector<std::string> problems(players.size());
  std::vector<std::thread> threads_of_players;
  for (std::size_t p = 0; p < players.size(); ++p) {
    threads_of_players.emplace_back([&, p] {
      Connection& c = *players[p];
      const auto refused = [](int i) { return i % 7 == 0; };
      for (int i = 1; i <= kRequests; ++i) {
        proto::Envelope get;
        get.set_version(proto::PROTOCOL_VERSION);
        get.mutable_get_game()->set_game_id(refused(i) ? 999999 : games[p / 2]);
        get.set_request_id(static_cast<std::uint64_t>(1000 + i));
        c.send_raw(get.SerializeAsString());
      }
      // The answers about the game come in the order asked; a refusal, made
      // at once, may overtake an answer that waits for the game's change
      // in flight (the other player's bid) to be durable.
      int expected = 1;
      int refusals = 0;
      std::string seen;  // the answers so far, for a failure's message
      while (expected <= kRequests || refusals < kRequests / 7) {
        while (expected <= kRequests && refused(expected)) ++expected;
        const auto frame = c.next_raw(ms(20000));
        proto::Envelope env;
        if (!frame || !env.ParseFromString(*frame)) {
          problems[p] = "no answer to request " + std::to_string(1000 + expected);
          return;
        }
        if (env.request_id() == 0) continue;  // a push
        seen += " " + std::to_string(env.request_id()) + (env.has_error() ? "E" : "");
        const int asked = static_cast<int>(env.request_id()) - 1000;
        if (asked >= 1 && asked <= kRequests && refused(asked) &&
            env.error().code() == proto::NOT_FOUND) {
          ++refusals;
          continue;
        }
        if (asked != expected || !env.has_detail()) {
          problems[p] = "request " + std::to_string(1000 + expected) + " answered by " +
                        std::to_string(env.request_id()) + " (" + env.error().message() + ")" +
                        seen;
          return;
        }
        ++expected;
      }
      const auto r = naumachia::testing::submit(c, games[p / 2], 1, {p % 2 ? "bid 2" : "bid 3"});
      if (!r.has_orders_accepted()) problems[p] = "orders refused: " + r.error().message();
    });
  }
  for (std::thread& t : threads_of_players) t.join();
  for (const std::string& problem : problems) CHECK_MESSAGE(problem.empty(), problem);
  // Every duel resolved its first step once, with both bids.
  for (int i = 0; i < kPairs; ++i) {
    const auto d = naumachia::testing::game_detail(*players[2 * i], games[i]);
    CHECK(d.summary().step() == 2);
  }
  CHECK(admin(server, "verify").status == 0);
}

}  // namespace

// On one thread every connection runs on the service's strand: a request is
// handed to the service, and refused or answered, within the read that
// brought it, and the next read may start from that answer.
TEST_CASE(
    "threads: a server on one thread hands each request to the service and takes its answer "
    "without a hop, in order, while eight connections play at once") {
  play_eight_at_once("1");
}

TEST_CASE(
    "threads: a server on four threads answers each connection's requests in order while "
    "eight connections play at once, and --threads refuses what is not 1 to 64") {
  play_eight_at_once("4");

  for (const char* bad : {"0", "65", "x"}) {
    const auto r =
        naumachia::testing::run_command(std::string(NAUMACHIA_TEST_SERVER) + " --threads " + bad);
    CHECK(r.status == 2);
    CHECK(r.output.find("--threads wants") != std::string::npos);
  }
}
