// Replacement players through the real server, with real protocol clients: a
// seat whose orders are defaulted at the game's deadlines goes into civil
// disorder and is offered; a newcomer takes it over and reads its history as
// the seat saw it, private press included, while the previous player keeps
// only an observer's view; the administrator replaces a player while the
// server runs; bad requests change nothing; the audit verifies it all.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "support/protocol_client.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;

namespace {

proto::Envelope take_seat(Connection& c, std::uint64_t game, std::uint32_t seat) {
  proto::Envelope req;
  req.mutable_take_seat()->set_game_id(game);
  req.mutable_take_seat()->set_seat(seat);
  return c.call(req);
}

// Waits until the game reaches `step` (its deadlines resolve it).
proto::GameSummary wait_for_step(Connection& c, std::uint64_t game, std::uint64_t step) {
  proto::GameSummary s;
  for (int i = 0; i < 200; ++i) {
    s = game_detail(c, game).summary();
    if (s.step() >= step || s.status() != proto::RUNNING) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(s.step() == step);
  return s;
}

// The events of the given kind pushed to the connection so far.
std::vector<proto::GameEvent> pushed_events(Connection& c, proto::GameEvent::WhatCase kind) {
  std::vector<proto::GameEvent> out;
  while (const auto push = c.next_push(std::chrono::milliseconds(300))) {
    if (push->has_event() && push->event().what_case() == kind) out.push_back(push->event());
  }
  return out;
}

std::vector<std::uint64_t> games_offering(Connection& c) {
  proto::Envelope req;
  req.mutable_list_games()->set_offered_only(true);
  std::vector<std::uint64_t> out;
  const auto res = c.call(req);
  for (const auto& g : res.games().games()) out.push_back(g.id());
  return out;
}

}  // namespace

TEST_CASE(
    "replacement: a seat that misses its deadlines goes into civil disorder, and a newcomer "
    "takes it over with its history") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  auto carol = sign_up(server, "carol");
  auto dave = sign_up(server, "dave");
  // A three-player duel with 4-second deadlines; two missed in a row make
  // civil disorder.
  proto::Envelope create;
  auto& c = *create.mutable_create_game();
  c.set_scenario("duel/standard");
  c.set_players(3);
  c.set_seat(0);
  c.set_deadline_seconds(4);
  c.set_disorder_after(2);
  const auto game = alice->call(create).game().id();
  Connection* joining[] = {bob.get(), carol.get()};
  for (int seat = 1; seat <= 2; ++seat) {
    proto::Envelope join;
    join.mutable_join_game()->set_game_id(game);
    join.mutable_join_game()->set_seat(seat);
    REQUIRE(joining[seat - 1]->call(join).has_game());
  }
  // Bob's private channel with Alice, and Alice's with Carol.
  REQUIRE(say(*alice, game, "ab-plan: we bid low", {1}).has_press_sent());
  REQUIRE(say(*bob, game, "ba-reply: agreed", {0}).has_press_sent());
  REQUIRE(say(*alice, game, "ac-plan: not for Bob", {2}).has_press_sent());
  REQUIRE(say(*carol, game, "hello all").has_press_sent());

  // Round 1: Alice outbids everyone; Bob's bid is defaulted at the deadline.
  REQUIRE(submit(*alice, game, 1, {"bid 6"}).has_orders_accepted());
  REQUIRE(submit(*carol, game, 1, {"bid 0"}).has_orders_accepted());
  auto summary = wait_for_step(*alice, game, 2);
  CHECK(summary.disorder_after() == 2);
  CHECK(summary.seats(1).missed_deadlines() == 1);
  CHECK_FALSE(summary.seats(1).offered());
  CHECK(games_offering(*dave).empty());
  // Round 2: Carol's turn to win the round; Bob misses his second deadline.
  REQUIRE(submit(*alice, game, 2, {"bid 0"}).has_orders_accepted());
  REQUIRE(submit(*carol, game, 2, {"bid 6"}).has_orders_accepted());
  summary = wait_for_step(*alice, game, 3);
  REQUIRE(summary.status() == proto::RUNNING);
  CHECK(summary.seats(1).missed_deadlines() == 2);
  CHECK(summary.seats(1).offered());
  CHECK(summary.seats(1).offer_reason() == proto::CIVIL_DISORDER);
  CHECK_FALSE(summary.seats(0).offered());
  const auto offers = pushed_events(*alice, proto::GameEvent::kOffer);
  REQUIRE(offers.size() == 1);
  CHECK(offers[0].offer().seat() == 1);
  CHECK(offers[0].offer().offered());
  CHECK(offers[0].offer().player() == "bob");
  CHECK(offers[0].offer().missed_deadlines() == 2);
  CHECK(games_offering(*dave) == std::vector<std::uint64_t>{game});

  // Bad requests get precise errors and change nothing.
  const auto before = game_detail(*alice, game).summary().last_event();
  auto refused = take_seat(*dave, game, 0);
  CHECK(refused.error().code() == proto::SEAT_NOT_OFFERED);
  CHECK(has(refused.error().message(), "seat 0 (Red) of game 1 is not offered"));
  CHECK(take_seat(*carol, game, 1).error().code() == proto::ALREADY_JOINED);
  CHECK(take_seat(*dave, game, 7).error().code() == proto::INVALID_ARGUMENT);
  CHECK(take_seat(*dave, 99, 1).error().code() == proto::NOT_FOUND);
  CHECK(game_detail(*alice, game).summary().last_event() == before);

  // An open proposal lapses when the seat changes hands.
  proto::Envelope draw;
  draw.mutable_propose()->set_game_id(game);
  draw.mutable_propose()->set_kind(proto::DRAW);
  REQUIRE(alice->call(draw).has_proposal());

  const auto taken = take_seat(*dave, game, 1);
  REQUIRE_MESSAGE(taken.has_game(), taken.error().message());
  CHECK(taken.game().my_seat() == 1);
  CHECK(taken.game().seats(1).player() == "dave");
  CHECK_FALSE(taken.game().seats(1).offered());
  CHECK(taken.game().seats(1).missed_deadlines() == 0);
  CHECK(taken.game().proposals().empty());
  CHECK(games_offering(*dave).empty());
  // Everyone is told, the previous player too.
  for (Connection* who : {alice.get(), bob.get()}) {
    const auto told = pushed_events(*who, proto::GameEvent::kReplaced);
    REQUIRE(told.size() == 1);
    CHECK(told[0].replaced().seat() == 1);
    CHECK(told[0].replaced().old_player() == "bob");
    CHECK(told[0].replaced().new_player() == "dave");
    CHECK_FALSE(told[0].replaced().by_admin());
    CHECK(told[0].replaced().reason() == proto::CIVIL_DISORDER);
  }

  // The newcomer reads the seat's history: its private press with Alice, not
  // Alice's with Carol; its board.
  const auto daves = texts(all_press(*dave, game));
  CHECK(contains(daves, "ab-plan: we bid low"));
  CHECK(contains(daves, "ba-reply: agreed"));
  CHECK(contains(daves, "hello all"));
  CHECK_FALSE(contains(daves, "ac-plan: not for Bob"));
  CHECK(game_detail(*dave, game).has_view());
  proto::Envelope events;
  events.mutable_events()->set_game_id(game);
  bool lapsed = false;
  const auto history = dave->call(events);
  for (const auto& e : history.events_result().events()) {
    if (e.has_proposal() && e.proposal().what() == proto::LAPSED)
      lapsed = has(e.proposal().why(), "seat 1 (Blue) changed hands");
  }
  CHECK(lapsed);
  // The previous player reads what observers read, and acts for nobody.
  const auto bobs = texts(all_press(*bob, game));
  CHECK(bobs == std::vector<std::string>{"hello all"});
  const auto bob_view = game_detail(*bob, game);
  CHECK(bob_view.summary().my_seat() == -1);
  CHECK_FALSE(bob_view.has_view());
  CHECK(submit(*bob, game, 3, {"bid 1"}).error().code() == proto::FORBIDDEN);
  CHECK(say(*bob, game, "I am back", {0}).error().code() == proto::FORBIDDEN);

  // The newcomer plays on from the current step.
  REQUIRE(submit(*dave, game, 3, {"bid 10"}).has_orders_accepted());
  REQUIRE(submit(*alice, game, 3, {"bid 0"}).has_orders_accepted());
  const auto played = submit(*carol, game, 3, {"bid 0"});
  REQUIRE(played.has_orders_accepted());
  CHECK(played.orders_accepted().resolved());
  REQUIRE(say(*dave, game, "da-note: thanks for the seat", {0}).has_press_sent());
  CHECK(contains(texts(all_press(*alice, game)), "da-note: thanks for the seat"));
  CHECK_FALSE(contains(texts(all_press(*bob, game)), "da-note: thanks for the seat"));

  const auto r = admin(server, "verify");
  CHECK_MESSAGE(r.status == 0, r.output);
  CHECK(has(server.log(), "game 1: seat 1 (Blue) passed from 'bob' to 'dave'"));
  CHECK_FALSE(has(server.log(), "ab-plan"));
}

TEST_CASE("admin: replace a seat's player while the server runs, and bad requests change nothing") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  auto carol = sign_up(server, "carol");
  const auto game = start_duel(*alice, *bob);
  REQUIRE(say(*bob, game, "ba-secret", {0}).has_press_sent());

  auto r = admin(server, "replace " + std::to_string(game) + " 1 carol");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "game 1: replace applied; seat 1 is now played by carol"));
  const auto told = pushed_events(*bob, proto::GameEvent::kReplaced);
  REQUIRE(told.size() == 1);
  CHECK(told[0].replaced().by_admin());
  CHECK(told[0].replaced().reason() == proto::OFFER_REASON_UNSPECIFIED);
  CHECK(game_detail(*carol, game).summary().my_seat() == 1);
  CHECK(texts(all_press(*carol, game)) == std::vector<std::string>{"ba-secret"});
  CHECK(all_press(*bob, game).empty());
  CHECK(submit(*bob, game, 1, {"bid 1"}).error().code() == proto::FORBIDDEN);
  REQUIRE(submit(*carol, game, 1, {"bid 1"}).has_orders_accepted());

  // Mistakes: named before anything is queued, or refused by the server.
  r = admin(server, "replace 1 1 nobody");
  CHECK(r.status == 1);
  CHECK(has(r.output, "there is no user 'nobody'"));
  r = admin(server, "replace 1 0 carol");
  CHECK(r.status == 1);
  CHECK(has(r.output, "refused: 'carol' sits in seat 1 (Blue) of game 1 already"));
  r = admin(server, "replace 1 5 bob");
  CHECK(r.status == 1);
  CHECK(has(r.output, "refused: seat 5 does not exist"));
  r = admin(server, "replace 1 x bob");
  CHECK(r.status == 2);
  CHECK(has(r.output, "SEAT is a seat number"));
  CHECK(admin(server, "replace 1 1").status == 2);
  CHECK(game_detail(*carol, game).summary().seats(0).player() == "alice");

  // A game not running has no seat to take or replace.
  proto::Envelope resign;
  resign.mutable_resign()->set_game_id(game);
  REQUIRE(alice->call(resign).game().status() == proto::OVER);
  CHECK(take_seat(*bob, game, 0).error().code() == proto::GAME_NOT_RUNNING);
  r = admin(server, "replace 1 0 bob");
  CHECK(r.status == 1);
  CHECK(has(r.output, "game 1 is over"));
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_players(2);
  const auto open = alice->call(create).game().id();
  const auto early = take_seat(*bob, open, 1);
  CHECK(early.error().code() == proto::GAME_NOT_RUNNING);
  CHECK(has(early.error().message(), "has not started: join it"));
  create.mutable_create_game()->set_disorder_after(21);
  CHECK(alice->call(create).error().code() == proto::INVALID_ARGUMENT);

  r = admin(server, "verify");
  CHECK_MESSAGE(r.status == 0, r.output);
  CHECK(has(server.log(), "passed from 'bob' to 'carol' by the administrator"));
}
