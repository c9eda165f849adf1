// The computer as a seat's player through the real server (docs/computer.md):
// one person starts a game against the computer and plays it, the computer
// ordering by itself as each step opens, its orders recorded like anyone's
// and the game verified; a seat in civil disorder taken over by the
// computer, then by a person; a player that throws leaving its seat to the
// game's defaults at the deadline; and, with hidden information, no frame to
// the person carrying a secret of the computer's seat.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "support/protocol_client.h"
#include "support/random_play.h"
#include "support/requests.h"
#include "support/secrecy_check.h"
#include "support/sql_file.h"
#include "support/text.h"
#include "test-games/masks_game.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;

namespace {

proto::Envelope create_request(const std::string& scenario, int players,
                               const std::vector<std::uint32_t>& computer, bool takes_over = false,
                               std::uint64_t deadline = 0) {
  proto::Envelope req;
  auto& c = *req.mutable_create_game();
  c.set_scenario(scenario);
  c.set_players(static_cast<std::uint32_t>(players));
  c.set_seat(0);
  c.set_deadline_seconds(deadline);
  for (const std::uint32_t s : computer) c.add_computer_seats(s);
  c.set_computer_takes_over(takes_over);
  return req;
}

// Waits until the game reaches `step` or ends.
proto::GameSummary wait_for_step(Connection& c, std::uint64_t game, std::uint64_t step) {
  proto::GameSummary s;
  for (int i = 0; i < 300; ++i) {
    s = game_detail(c, game).summary();
    if (s.step() >= step || s.status() != proto::RUNNING) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return s;
}

std::vector<proto::GameEvent> history(Connection& c, std::uint64_t game) {
  proto::Envelope ev;
  ev.mutable_events()->set_game_id(game);
  const auto res = c.call(ev);
  return {res.events_result().events().begin(), res.events_result().events().end()};
}

std::vector<proto::ComputerSeat> computer_events(Connection& c, std::uint64_t game) {
  std::vector<proto::ComputerSeat> out;
  for (const auto& e : history(c, game)) {
    if (e.has_computer()) out.push_back(e.computer());
  }
  return out;
}

void verify(const ServerProcess& server) {
  const auto r = admin(server, "verify");
  CHECK_MESSAGE(r.status == 0, r.output);
}

}  // namespace

TEST_CASE(
    "computer: one person plays a duel against the computer, which orders by itself / its orders "
    "are recorded like anyone's and the game verifies") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--computer-seconds", "0.2"});
  auto alice = sign_up(server, "alice");
  auto olga = sign_up(server, "olga");
  // Bad requests: a seat that does not exist, twice, every seat, the creator's.
  CHECK(alice->call(create_request("duel/standard", 2, {2})).error().code() ==
        proto::INVALID_ARGUMENT);
  CHECK(alice->call(create_request("duel/standard", 3, {1, 1})).error().code() ==
        proto::INVALID_ARGUMENT);
  CHECK(alice->call(create_request("duel/standard", 2, {0, 1})).error().code() ==
        proto::INVALID_ARGUMENT);
  CHECK(alice->call(create_request("duel/standard", 2, {0})).error().code() ==
        proto::INVALID_ARGUMENT);

  // The computer's seat counts as taken: the game starts at once.
  const auto created = alice->call(create_request("duel/standard", 2, {1}));
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  const auto game = created.game().id();
  CHECK(created.game().status() == proto::RUNNING);
  CHECK(created.game().seats(1).computer());
  CHECK(created.game().seats(1).computer_from_step() == 1);
  CHECK(created.game().seats(1).player().empty());
  CHECK_FALSE(created.game().seats(0).computer());
  // Nobody else may join it, and the lists say who plays.
  CHECK(olga->call(join_request(game, 1)).error().code() == proto::GAME_FULL);
  proto::Envelope list;
  list.mutable_list_games();
  const auto listed = olga->call(list);
  REQUIRE(listed.games().games_size() == 1);
  CHECK(listed.games().games(0).seats(1).computer());

  // Alice orders; the computer answers by itself and every step resolves.
  std::uint64_t step = 1;
  proto::GameSummary s = created.game();
  while (s.status() == proto::RUNNING && step <= 4) {
    const auto sent = submit(*alice, game, step, {"bid 1"});
    REQUIRE_MESSAGE(sent.has_orders_accepted(), sent.error().message());
    s = wait_for_step(*alice, game, step + 1);
    REQUIRE((s.step() == step + 1 || s.status() == proto::OVER));
    ++step;
  }
  CHECK(step >= 3);

  // Its orders are in the history: committed in front of everyone, by the
  // computer, played (not defaulted) at each step.
  const auto events = history(*alice, game);
  REQUIRE(events.size() > 2);
  CHECK(events.front().has_computer());
  CHECK(events.front().computer().plays());
  CHECK(events.front().computer().seat() == 1);
  CHECK(events.front().computer().step() == 1);
  CHECK(events[1].joined().game_started());
  int committed = 0, played = 0;
  for (const auto& e : events) {
    // The computer orders as soon as a step opens: the step after the last
    // one Alice played may hold its orders already, or not yet.
    if (e.has_committed() && e.committed().seat() == 1 && e.committed().step() < step) {
      CHECK(e.committed().computer());
      CHECK(e.committed().ready());
      ++committed;
    }
    if (e.has_committed() && e.committed().seat() == 0) CHECK_FALSE(e.committed().computer());
    if (!e.has_resolved()) continue;
    for (const auto& o : e.resolved().orders()) {
      if (o.seat() != 1) continue;
      CHECK_FALSE(o.defaulted());
      ++played;
    }
  }
  CHECK(committed == static_cast<int>(step - 1));
  CHECK(played == static_cast<int>(step - 1));
  verify(server);
  CHECK(has(server.log(), "the computer playing 1 seat(s); the game starts"));
}

TEST_CASE(
    "computer: a seat in civil disorder is played by the computer when the game allows it, "
    "until a newcomer takes it over") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--computer-seconds", "0.2"});
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  auto carol = sign_up(server, "carol");
  auto dave = sign_up(server, "dave");
  auto request = create_request("duel/standard", 3, {}, true, 3);
  request.mutable_create_game()->set_disorder_after(1);
  const auto created = alice->call(request);
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  CHECK(created.game().computer_takes_over());
  const auto game = created.game().id();
  REQUIRE(bob->call(join_request(game, 1)).has_game());
  REQUIRE(carol->call(join_request(game, 2)).has_game());

  // Round 1: Alice outbids everyone; Bob misses the deadline and is in
  // civil disorder, which the computer takes over from step 2.
  REQUIRE(submit(*alice, game, 1, {"bid 10"}).has_orders_accepted());
  REQUIRE(submit(*carol, game, 1, {"bid 0"}).has_orders_accepted());
  auto s = wait_for_step(*alice, game, 2);
  REQUIRE(s.step() == 2);
  REQUIRE(s.status() == proto::RUNNING);
  CHECK(s.seats(1).offered());
  CHECK(s.seats(1).computer());
  CHECK(s.seats(1).computer_from_step() == 2);
  CHECK(s.seats(1).player() == "bob");
  auto told = computer_events(*alice, game);
  REQUIRE(told.size() == 1);
  CHECK(told[0].plays());
  CHECK(told[0].seat() == 1);
  CHECK(told[0].step() == 2);
  CHECK(told[0].player() == "bob");

  // Round 2: the step resolves without waiting for the deadline: the
  // computer ordered for Bob's seat. Carol wins it (nobody has two points).
  REQUIRE(submit(*alice, game, 2, {"bid 0"}).has_orders_accepted());
  REQUIRE(submit(*carol, game, 2, {"bid 10"}).has_orders_accepted());
  s = wait_for_step(*alice, game, 3);
  REQUIRE(s.step() == 3);
  REQUIRE(s.status() == proto::RUNNING);
  bool by_computer = false;
  for (const auto& e : history(*alice, game)) {
    if (!e.has_resolved() || e.resolved().step() != 2) continue;
    CHECK_FALSE(e.resolved().by_deadline());
    for (const auto& o : e.resolved().orders())
      if (o.seat() == 1) by_computer = !o.defaulted();
  }
  CHECK(by_computer);
  // The computer's orders leave the seat offered: a person may still take it.
  CHECK(s.seats(1).offered());
  CHECK(s.seats(1).computer());

  // Dave takes the seat over: the computer's play of it ends.
  proto::Envelope take;
  take.mutable_take_seat()->set_game_id(game);
  take.mutable_take_seat()->set_seat(1);
  const auto taken = dave->call(take);
  REQUIRE_MESSAGE(taken.has_game(), taken.error().message());
  CHECK_FALSE(taken.game().seats(1).computer());
  CHECK(taken.game().seats(1).player() == "dave");
  told = computer_events(*alice, game);
  REQUIRE(told.size() == 2);
  CHECK_FALSE(told[1].plays());
  CHECK(told[1].step() == 3);
  CHECK(told[1].player() == "dave");
  // The computer ordered for step 3 as it opened; Dave's own orders
  // replace them, and are those played.
  const auto own = submit(*dave, game, 3, {"bid 0"});
  REQUIRE_MESSAGE(own.has_orders_accepted(), own.error().message());
  CHECK_FALSE(own.orders_accepted().resolved());
  REQUIRE(submit(*alice, game, 3, {"bid 0"}).has_orders_accepted());
  const auto last = submit(*carol, game, 3, {"bid 0"});
  REQUIRE(last.has_orders_accepted());
  CHECK(last.orders_accepted().resolved());
  std::string played_commitment, dave_commitment;
  for (const auto& e : history(*alice, game)) {
    if (e.has_committed() && e.committed().seat() == 1 && e.committed().step() == 3 &&
        !e.committed().computer())
      dave_commitment = e.committed().commitment();
    if (e.has_resolved() && e.resolved().step() == 3) {
      for (const auto& o : e.resolved().orders())
        if (o.seat() == 1) played_commitment = o.commitment();
    }
  }
  CHECK_FALSE(dave_commitment.empty());
  CHECK(played_commitment == dave_commitment);
  // From then on the seat waits for Dave: the computer orders no more.
  s = game_detail(*alice, game).summary();
  if (s.status() == proto::RUNNING) {
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    s = game_detail(*alice, game).summary();
    CHECK(s.step() == 4);
    CHECK_FALSE(s.seats(1).ready());
    CHECK_FALSE(s.seats(1).saved());
  }
  verify(server);
  CHECK(has(server.log(), "game 1: from step 2 the computer plays seat 1 (Blue)"));
}

TEST_CASE("computer: a player that throws leaves its seat to the game's defaults at the deadline") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--computer-throws", "duel"});
  auto alice = sign_up(server, "alice");
  const auto created = alice->call(create_request("duel/standard", 2, {1}, false, 2));
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  const auto game = created.game().id();
  REQUIRE(submit(*alice, game, 1, {"bid 1"}).has_orders_accepted());
  // Nothing came from the computer: the step waits for its deadline.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(game_detail(*alice, game).summary().step() == 1);
  const auto s = wait_for_step(*alice, game, 2);
  REQUIRE(s.step() == 2);
  bool defaulted = false;
  for (const auto& e : history(*alice, game)) {
    if (e.has_committed()) CHECK(e.committed().seat() == 0);
    if (!e.has_resolved()) continue;
    CHECK(e.resolved().by_deadline());
    for (const auto& o : e.resolved().orders())
      if (o.seat() == 1) defaulted = o.defaulted();
  }
  CHECK(defaulted);
  // The log says so, and nothing of what the player saw or said.
  CHECK(has(server.log(),
            "game 1: the computer could not order for seat 1 in step 1; it gets the game's "
            "defaults at the deadline"));
  CHECK_FALSE(has(server.log(), "this player always fails"));
  verify(server);
}

TEST_CASE(
    "computer: with hidden information, no frame to the person playing against the computer "
    "carries a secret of the computer's seat") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--computer-seconds", "0.2"});
  auto alice = sign_up(server, "alice");
  const auto created = alice->call(create_request("masks/standard", 2, {1}));
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  const auto game = created.game().id();
  static const auto module = make_masks_game();
  Seed seed{};
  seed[3] = 7;
  SeededDice chooser(seed, StepNo{0});
  int steps = 0;
  for (auto s = created.game(); s.status() == proto::RUNNING; ++steps) {
    REQUIRE(steps < 30);
    const auto st = stored_position(*module, server.db(), game);
    const auto& must = st->step().to_order;
    if (std::find(must.begin(), must.end(), PlayerId{0}) != must.end()) {
      const OrderSet o = random_legal_orders(*st, PlayerId{0}, chooser);
      const auto sent = submit(*alice, game, s.step(), o.lines);
      REQUIRE_MESSAGE(sent.has_orders_accepted(), sent.error().message());
    }
    s = wait_for_step(*alice, game, s.step() + 1);
    // Alice reads her view and history; nothing she received tells her a
    // secret of the position that only the computer's seat may know.
    game_detail(*alice, game);
    history(*alice, game);
    const auto now = stored_position(*module, server.db(), game);
    if (now->step().game_over) break;
    for (const auto& leak : frame_leaks(alice->received(), now->secrets(), PlayerId{0}))
      FAIL_CHECK(leak);
  }
  CHECK(steps >= 3);
  verify(server);
}
