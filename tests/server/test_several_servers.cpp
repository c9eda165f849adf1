// Several servers on one PostgreSQL database (docs/scaling.md): players on
// either server play the same games, hear each other's moves within a
// second, and lose nothing when a server dies; the games' clock runs on one
// server at a time and moves when it dies; limits hold across servers; and
// HAProxy, configured as deploy/haproxy.cfg says, spreads players over the
// servers and sends them to the survivors.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "connection.h"
#include "support/balancer.h"
#include "support/protocol_client.h"
#include "support/requests.h"

using naumachia::client::Connection;
using naumachia::testing::admin;
using naumachia::testing::Balancer;
using naumachia::testing::game_detail;
using naumachia::testing::ServerProcess;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;
using ms = std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

namespace {

// How long a test waits for what another server pushes.
constexpr ms kPatience{10000};

// A player who can come back: the session's token is kept.
struct Player {
  std::string name;
  std::string token;
  std::unique_ptr<Connection> conn;

  static Player sign_up(const std::string& url, const std::string& name) {
    Player p{name, "",
             std::make_unique<Connection>(url, naumachia::client::accept_any_certificate)};
    proto::Envelope req;
    req.mutable_register_()->set_name(name);
    req.mutable_register_()->set_password("pw-" + name + "-secret");
    const auto res = p.conn->call(req);
    REQUIRE_MESSAGE(res.has_session(), res.error().message());
    p.token = res.session().token();
    return p;
  }

  // Connects to `url` again and resumes the session; false if that failed.
  bool resume(const std::string& url) {
    try {
      conn = std::make_unique<Connection>(url, naumachia::client::accept_any_certificate, ms(3000));
      proto::Envelope req;
      req.mutable_resume()->set_token(token);
      return conn->call(req, ms(3000)).has_session();
    } catch (const std::exception&) {
      conn.reset();
      return false;
    }
  }

  // The first pushed event that `pred` accepts, within `timeout`.
  std::optional<proto::GameEvent> await(const std::function<bool(const proto::GameEvent&)>& pred,
                                        ms timeout) {
    const auto until = Clock::now() + timeout;
    for (;;) {
      const auto left = std::chrono::duration_cast<ms>(until - Clock::now());
      if (left.count() <= 0) return std::nullopt;
      const auto push = conn->next_push(left);
      if (push && push->has_event() && pred(push->event())) return push->event();
    }
  }
};

proto::Envelope submit(Connection& c, std::uint64_t game, std::uint64_t step,
                       const std::string& line, bool ready) {
  proto::Envelope req;
  auto& s = *req.mutable_submit_orders();
  s.set_game_id(game);
  s.set_step(step);
  s.add_lines(line);
  s.set_ready(ready);
  return c.call(req);
}

// A second server on `first`'s database, its files in `dir`.
std::unique_ptr<ServerProcess> beside(const ServerProcess& first, const std::filesystem::path& dir,
                                      std::vector<std::string> options = {}) {
  options.insert(options.end(),
                 {"--cert", (dir / "cert.pem").string(), "--key", (dir / "key.pem").string()});
  return std::make_unique<ServerProcess>(dir, naumachia::testing::DatabaseAt{first.db()}, options);
}

bool keeps_clock(const ServerProcess& s) {
  const std::string log = s.log();
  const auto kept = log.rfind("this server keeps the games' clock");
  const auto lost = log.rfind("another server keeps the games' clock");
  return kept != std::string::npos && (lost == std::string::npos || lost < kept);
}

}  // namespace

TEST_CASE(
    "postgresql: several servers: players on two servers play one game: each order, message, "
    "new game and change of a seat's player is pushed to the other server's players") {
  TempDir dir1, dir2;
  ServerProcess s1(dir1.path());
  REQUIRE(s1.on_postgresql());
  const auto s2 = beside(s1, dir2.path());
  Player a = Player::sign_up(s1.url(), "alice");
  Player b = Player::sign_up(s2->url(), "bob");
  // Bob watches for new games on his server; Alice makes one on hers.
  {
    proto::Envelope watch;
    watch.mutable_list_games()->set_watch(true);
    REQUIRE(b.conn->call(watch).has_games());
  }
  const auto game = naumachia::testing::start_duel(*a.conn, *b.conn);
  // Each push is awaited for up to kPatience: on an idle machine it comes in
  // milliseconds, but the test machines are shared, and how fast it comes is
  // the load benchmark's to measure, not this test's.
  bool saw_new_game = false;
  for (const auto until = Clock::now() + kPatience; !saw_new_game && Clock::now() < until;) {
    const auto push = b.conn->next_push(ms(200));
    if (push && push->has_game_made() && push->game_made().id() == game) saw_new_game = true;
  }
  CHECK(saw_new_game);

  // Alice's order, acknowledged by her server, is pushed to Bob on his.
  REQUIRE(submit(*a.conn, game, 1, "bid 4", true).has_orders_accepted());
  const auto t0 = Clock::now();
  const auto committed = b.await(
      [](const proto::GameEvent& e) { return e.has_committed() && e.committed().seat() == 0; },
      kPatience);
  REQUIRE(committed);
  MESSAGE("the order reached the other server's player after "
          << std::chrono::duration_cast<ms>(Clock::now() - t0).count() << " ms");
  // Bob's order on his server resolves the step, and Alice hears of it on hers.
  const auto bobs = submit(*b.conn, game, 1, "bid 2", true);
  REQUIRE_MESSAGE(bobs.has_orders_accepted(), bobs.error().message());
  CHECK(bobs.orders_accepted().resolved());
  const auto resolved =
      a.await([](const proto::GameEvent& e) { return e.has_resolved(); }, kPatience);
  REQUIRE(resolved);
  CHECK(resolved->resolved().orders(0).lines(0) == "bid 4");
  CHECK(resolved->resolved().orders(1).lines(0) == "bid 2");
  // Both servers show the same game (each read it anew after the other's change).
  CHECK(game_detail(*a.conn, game).summary().step() == 2);
  CHECK(game_detail(*b.conn, game).summary().step() == 2);

  // A message from one server's player reaches the other's.
  REQUIRE(naumachia::testing::say(*b.conn, game, "well bid").has_press_sent());
  std::optional<proto::PressMessage> heard;
  for (const auto until = Clock::now() + kPatience; !heard && Clock::now() < until;) {
    const auto push = a.conn->next_push(ms(200));
    if (push && push->has_press_message()) heard = push->press_message();
  }
  REQUIRE(heard);
  CHECK(heard->text() == "well bid");
  CHECK(naumachia::testing::pushed_press(*a.conn).empty());  // and only once

  // The administrator gives Bob's seat to Carol; the server keeping the
  // clock (the first) makes the change, and Bob, on the second, is told.
  Player c = Player::sign_up(s1.url(), "carol");
  const auto replaced = admin(s1, "replace " + std::to_string(game) + " 1 carol");
  REQUIRE_MESSAGE(replaced.status == 0, replaced.output);
  const auto told = b.await([](const proto::GameEvent& e) { return e.has_replaced(); }, kPatience);
  REQUIRE(told);
  CHECK(told->replaced().new_player() == "carol");
  CHECK(game_detail(*c.conn, game).summary().my_seat() == 1);
  CHECK(admin(s1, "verify").status == 0);
}

TEST_CASE(
    "postgresql: several servers: seven Diplomacy players spread over two servers order at "
    "once, every order is kept, and the phase resolves once") {
  TempDir dir1, dir2;
  ServerProcess s1(dir1.path());
  REQUIRE(s1.on_postgresql());
  const auto s2 = beside(s1, dir2.path());
  std::vector<std::unique_ptr<Connection>> players;
  for (int i = 0; i < 7; ++i) {
    players.push_back(naumachia::testing::sign_up(i % 2 ? *s2 : s1, "power" + std::to_string(i)));
  }
  const std::uint64_t game = naumachia::testing::start_game(players, "diplomacy/standard");
  const std::map<int, std::vector<std::string>> orders{
      {0, {"A bud - ser", "F tri - alb", "A vie - gal"}},
      {1, {"F lon - nth", "F edi - nwg", "A lvp - yor"}},
      {2, {"A par - bur", "A mar - spa", "F bre - mao"}},
      {3, {"A mun - ruh", "F kie - den", "A ber - kie"}},
      {4, {"A ven - pie", "A rom - ven", "F nap - ion"}},
      {5, {"A war - gal", "F sev - rum", "A mos - ukr", "F stp/sc - bot"}},
      {6, {"F ank - bla", "A con - bul", "A smy - con"}}};
  // Everyone at once: the two servers change the one game concurrently, and
  // a change beaten to the game by the other server is made again.
  std::vector<proto::Envelope> answers(7);
  std::vector<std::thread> threads;
  for (int seat = 0; seat < 7; ++seat) {
    threads.emplace_back([&, seat] {
      proto::Envelope req;
      auto& s = *req.mutable_submit_orders();
      s.set_game_id(game);
      s.set_step(1);
      s.set_ready(true);
      for (const auto& l : orders.at(seat)) s.add_lines(l);
      answers[static_cast<std::size_t>(seat)] = players[static_cast<std::size_t>(seat)]->call(req);
    });
  }
  for (auto& t : threads) t.join();
  int resolved = 0;
  for (int seat = 0; seat < 7; ++seat) {
    const auto& a = answers[static_cast<std::size_t>(seat)];
    REQUIRE_MESSAGE(a.has_orders_accepted(), "seat " << seat << ": " << a.error().message());
    if (a.orders_accepted().resolved()) ++resolved;
  }
  CHECK(resolved == 1);  // the last order in resolved the phase, once
  for (const auto& p : players) {
    const auto d = game_detail(*p, game);
    CHECK(d.summary().step() == 2);
    CHECK(d.summary().step_label() == "Fall 1901 movement");
  }
  // The board as both servers show it: every power's moves were played.
  std::string board;
  const auto shown = game_detail(*players[1], game);
  for (const auto& c : shown.view().cells()) {
    for (const auto& t : c.tokens()) board += t.label() + "@" + std::to_string(t.owner()) + " ";
  }
  for (const std::string unit : {"A bur@2", "F nth@1", "A ser@0", "F bla@6", "F den@3", "A pie@4"})
    CHECK_MESSAGE(board.find(unit) != std::string::npos, (unit + " in " + board));
  const auto replay = admin(s1, "replay " + std::to_string(game));
  CHECK(replay.status == 0);
  CHECK(replay.output.find("replay verified") != std::string::npos);
}

TEST_CASE(
    "postgresql: several servers: one server keeps the games' clock, a deadline fires once, "
    "and the clock moves to another server within seconds when its keeper dies") {
  TempDir dir1, dir2;
  auto s1 = std::make_unique<ServerProcess>(dir1.path());
  REQUIRE(s1->on_postgresql());
  auto s2 = beside(*s1, dir2.path());
  Player a = Player::sign_up(s1->url(), "alice");
  Player b = Player::sign_up(s2->url(), "bob");
  const auto game = naumachia::testing::start_duel(*a.conn, *b.conn, 2);
  // Exactly one of them keeps the clock.
  const auto until = Clock::now() + kPatience;
  while (keeps_clock(*s1) == keeps_clock(*s2) && Clock::now() < until)
    std::this_thread::sleep_for(ms(100));
  REQUIRE(keeps_clock(*s1) != keeps_clock(*s2));
  const bool first_keeps = keeps_clock(*s1);
  Player& survivor = first_keeps ? b : a;
  const auto first =
      survivor.await([](const proto::GameEvent& e) { return e.has_resolved(); }, 2 * kPatience);
  REQUIRE(first);
  CHECK(first->resolved().by_deadline());
  CHECK(first->resolved().step() == 1);
  // The keeper dies; the other server keeps the clock and the next deadline
  // fires there.
  (first_keeps ? s1 : s2)->crash();
  const auto second =
      survivor.await([](const proto::GameEvent& e) { return e.has_resolved(); }, 2 * kPatience);
  REQUIRE(second);
  CHECK(second->resolved().step() == 2);
  CHECK(second->resolved().by_deadline());
  CHECK(keeps_clock(first_keeps ? *s2 : *s1));
  // Each step resolved once, a deadline apart.
  proto::Envelope req;
  req.mutable_events()->set_game_id(game);
  const auto events = survivor.conn->call(req).events_result().events();
  std::vector<std::pair<std::uint64_t, std::int64_t>> resolutions;
  for (const auto& e : events) {
    if (e.has_resolved()) resolutions.emplace_back(e.resolved().step(), e.at_unix());
  }
  REQUIRE(resolutions.size() >= 2);
  for (std::size_t i = 0; i < resolutions.size(); ++i) {
    CHECK(resolutions[i].first == i + 1);
    if (i > 0) CHECK(resolutions[i].second - resolutions[i - 1].second >= 1);
  }
}

TEST_CASE("postgresql: several servers: what a user may send is counted across servers") {
  TempDir dir1, dir2;
  ServerProcess s1(dir1.path(), {"--sends-per-minute", "1"});
  REQUIRE(s1.on_postgresql());
  const auto s2 = beside(s1, dir2.path(), {"--sends-per-minute", "1"});
  Player a = Player::sign_up(s1.url(), "alice");
  Player b = Player::sign_up(s2->url(), "bob");
  const auto game = naumachia::testing::start_duel(*a.conn, *b.conn);
  // Two at once (twice the rate per minute), then none: on either server.
  CHECK(naumachia::testing::say(*a.conn, game, "one").has_press_sent());
  REQUIRE(a.resume(s2->url()));
  CHECK(naumachia::testing::say(*a.conn, game, "two").has_press_sent());
  REQUIRE(a.resume(s1.url()));
  const auto third = naumachia::testing::say(*a.conn, game, "three");
  CHECK(third.error().code() == proto::RATE_LIMITED);
  REQUIRE(a.resume(s2->url()));
  CHECK(naumachia::testing::say(*a.conn, game, "four").error().code() == proto::RATE_LIMITED);
  // Bob's budget is his own.
  CHECK(naumachia::testing::say(*b.conn, game, "mine").has_press_sent());
}

TEST_CASE(
    "postgresql: several servers: behind HAProxy, a server killed while players on both "
    "submit loses no acknowledged order, and its players resume on the other within ten "
    "seconds") {
  TempDir dir1, dir2, lb_dir;
  auto s1 = std::make_unique<ServerProcess>(
      dir1.path(), std::vector<std::string>{"--proxy-protocol", "127.0.0.1"});
  REQUIRE(s1->on_postgresql());
  auto s2 = beside(*s1, dir2.path(), {"--proxy-protocol", "127.0.0.1"});
  Balancer lb(lb_dir.path(), {s1->url(), s2->url()});
  // Six players through the balancer, which spreads them over both servers;
  // three duels, each between players on different servers.
  std::vector<Player> players;
  for (int i = 0; i < 6; ++i)
    players.push_back(Player::sign_up(lb.url(), "player" + std::to_string(i)));
  std::vector<std::uint64_t> games;
  for (int i = 0; i < 6; i += 2)
    games.push_back(naumachia::testing::start_duel(*players[i].conn, *players[i + 1].conn));

  struct Record {
    int acked = -1;       // the last bid acknowledged
    int unanswered = -1;  // a bid sent and never answered (the server died)
    ms longest_gap{0};    // the longest time without a served request
    bool moved = false;   // reconnected (its server died)
    int refused = 0;      // requests answered with an error
    std::string error;    // the last such error
  };
  std::vector<Record> records(players.size());
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < players.size(); ++i) {
    threads.emplace_back([&, i] {
      Player& p = players[i];
      Record& r = records[i];
      auto last_served = Clock::now();
      for (int n = 0; !stop; ++n) {
        // Twenty orders a second: half the rate a connection may send.
        std::this_thread::sleep_for(ms(50));
        const int bid = n % 10;
        proto::Envelope res;
        try {
          if (!p.conn) throw std::runtime_error("not connected");
          r.unanswered = bid;
          res = submit(*p.conn, games[i / 2], 1, "bid " + std::to_string(bid), false);
        } catch (const std::exception&) {
          // The server is gone: reconnect through the balancer and go on.
          r.moved = true;
          while (!stop && !p.resume(lb.url())) std::this_thread::sleep_for(ms(200));
          const auto gap = std::chrono::duration_cast<ms>(Clock::now() - last_served);
          r.longest_gap = std::max(r.longest_gap, gap);
          last_served = Clock::now();
          continue;
        }
        if (!res.has_orders_accepted()) {
          ++r.refused;
          r.error = res.error().message();
          r.unanswered = -1;  // refused: nothing of it was stored
          continue;
        }
        r.acked = bid;
        r.unanswered = -1;
        last_served = Clock::now();
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));
  s1->crash();
  std::this_thread::sleep_for(std::chrono::seconds(6));
  stop = true;
  for (auto& t : threads) t.join();

  // The balancer had spread the players: some were on the server that died,
  // the others played on undisturbed.
  const auto moved =
      std::count_if(records.begin(), records.end(), [](const Record& r) { return r.moved; });
  CHECK(moved >= 1);
  CHECK(moved < static_cast<long>(players.size()));
  for (std::size_t i = 0; i < players.size(); ++i) {
    const Record& r = records[i];
    INFO("player " << i << ": " << r.refused << " refused, the last: " << r.error);
    CHECK(r.acked >= 0);
    CHECK(r.refused == 0);
    CHECK(r.longest_gap < ms(10000));
    REQUIRE(players[i].conn);
    // What is stored is the last acknowledged bid, or the one that was sent
    // and never answered (it may have been stored before the server died).
    const auto d = game_detail(*players[i].conn, games[i / 2]);
    REQUIRE(d.my_orders_size() == 1);
    const std::string stored = d.my_orders(0);
    CHECK((stored == "bid " + std::to_string(r.acked) ||
           (r.unanswered >= 0 && stored == "bid " + std::to_string(r.unanswered))));
  }
  // The survivor serves every game: each duel's step resolves there.
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto res = submit(*players[i].conn, games[i / 2], 1, "bid 1", true);
    REQUIRE_MESSAGE(res.has_orders_accepted(), res.error().message());
    if (i % 2) CHECK(res.orders_accepted().resolved());
  }
  CHECK(admin(*s2, "verify").status == 0);
}
