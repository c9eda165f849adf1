// Replacement players without a network: the rules of which seats are
// offered, the count of missed deadlines on a test clock (kept, forgiven when
// the seat orders, none for a game that never offers), and the admin audit of
// a game whose seats changed hands, with every edit of the seats' history
// named.
#include <doctest/doctest.h>

#include "facts/offers.h"
#include "support/service_harness.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

SeatRow seat(int number, bool resigned = false, int missed = 0) {
  return SeatRow{number, 100 + number, "p" + std::to_string(number), resigned, missed};
}

// The deadline passes and the server's once-a-second look resolves the step.
void deadline_passes(Harness& h) {
  h.now += 3600;
  h.check_deadlines();
}

int missed(Harness& h, std::uint64_t game, int seat) {
  for (const SeatRow& s : h.store.seats(static_cast<std::int64_t>(game))) {
    if (s.seat == seat) return s.missed;
  }
  FAIL("no such seat");
  return -1;
}

std::vector<proto::SeatOffer> pushed_offers(Player& p) {
  std::vector<proto::SeatOffer> out;
  for (const auto& e : p.box->pushes) {
    if (e.has_event() && e.event().has_offer()) out.push_back(e.event().offer());
  }
  return out;
}

proto::GameSummary summary(Harness& h, Player& p, std::uint64_t game) {
  proto::Envelope req;
  req.mutable_get_game()->set_game_id(game);
  return h.call(p, req).detail().summary();
}

}  // namespace

TEST_CASE(
    "replacement rules: civil disorder after N missed deadlines, resigned seats of a side "
    "that plays on") {
  const Seating partners =
      Seating::partnered({"Red", "Blue"}, {"Red 1", "Blue 1", "Red 2", "Blue 2"}, {0, 1, 0, 1});
  CHECK(offered_seats(partners, {seat(0), seat(1), seat(2), seat(3)}, 2).empty());
  // A seat resigned while its partner plays on.
  auto offers = offered_seats(partners, {seat(0), seat(1), seat(2, true), seat(3)}, 2);
  REQUIRE(offers.size() == 1);
  CHECK(offers[0] == Offer{2, OfferReason::Resigned, 0});
  // Nobody plays Red any more: Red's seats stay out of the game.
  CHECK(offered_seats(partners, {seat(0, true), seat(1), seat(2, true), seat(3)}, 2).empty());
  // Missed deadlines: N in a row, and never with 0.
  CHECK(offered_seats(partners, {seat(0), seat(1, false, 1), seat(2), seat(3)}, 2).empty());
  offers = offered_seats(partners, {seat(0), seat(1, false, 2), seat(2), seat(3)}, 2);
  REQUIRE(offers.size() == 1);
  CHECK(offers[0] == Offer{1, OfferReason::Disorder, 2});
  CHECK(offered_seats(partners, {seat(0), seat(1, false, 9), seat(2), seat(3)}, 0).empty());
  // One seat per side: a resigned seat is not offered (its side is out).
  const Seating duel = Seating::one_side_each({"Red", "Blue"}, 2);
  CHECK(offered_seats(duel, {seat(0, true), seat(1)}, 2).empty());

  // The seats' history: the first player, then each change, in order.
  const std::vector<ReplacementRow> changes{{9, 1, 101, 7, 500, false}, {4, 1, 5, 101, 300, true}};
  const auto tenures = seat_history({seat(0), SeatRow{1, 7, "g", false, 0}}, changes);
  REQUIRE(tenures.size() == 4);
  CHECK(tenures[0].user_id == 100);
  CHECK_FALSE(tenures[0].from_seq);
  CHECK_FALSE(tenures[0].until_seq);
  CHECK(tenures[1].user_id == 5);
  CHECK(tenures[1].until_at == 300);
  CHECK(tenures[2].user_id == 101);
  CHECK(tenures[2].from_seq == 4);
  CHECK(tenures[2].until_seq == 9);
  CHECK(tenures[3].user_id == 7);
  CHECK(tenures[3].from_at == 500);
  CHECK_FALSE(tenures[3].until_at);
}

TEST_CASE(
    "civil disorder: missed deadlines are counted, forgiven when the seat orders, and a "
    "game created with 0 counts none") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  auto game = h.start_duel(a, b, 3600, std::nullopt);
  CHECK(summary(h, a, game).disorder_after() == 2);
  REQUIRE(h.submit(a, game, 1, {"bid 0"}).has_orders_accepted());
  deadline_passes(h);
  CHECK(missed(h, game, 1) == 1);
  CHECK(missed(h, game, 0) == 0);
  CHECK(summary(h, a, game).seats(1).missed_deadlines() == 1);
  // A draft is an order: the count is forgiven, and the draft counts at the deadline.
  REQUIRE(h.submit(b, game, 2, {"bid 1"}, false).has_orders_accepted());
  CHECK(missed(h, game, 1) == 0);
  REQUIRE(h.submit(a, game, 2, {"bid 0"}).has_orders_accepted());
  deadline_passes(h);
  CHECK(missed(h, game, 1) == 0);
  CHECK(audit_game(h.store, h.registry, static_cast<std::int64_t>(game)).ok());

  // With disorder after one missed deadline, the offer comes at once and ends
  // when the player orders again.
  Player c = h.signed_up("carol"), d = h.signed_up("dora");
  game = h.start_duel(c, d, 3600, 1);
  REQUIRE(h.submit(c, game, 1, {"bid 0"}).has_orders_accepted());
  c.box->pushes.clear();
  deadline_passes(h);
  auto offers = pushed_offers(c);
  REQUIRE(offers.size() == 1);
  CHECK(offers[0].offered());
  CHECK(offers[0].reason() == proto::CIVIL_DISORDER);
  CHECK(offers[0].player() == "dora");
  CHECK(summary(h, c, game).seats(1).offered());
  c.box->pushes.clear();
  REQUIRE(h.submit(d, game, 2, {"bid 2"}).has_orders_accepted());
  offers = pushed_offers(c);
  REQUIRE(offers.size() == 1);
  CHECK_FALSE(offers[0].offered());
  CHECK_FALSE(summary(h, c, game).seats(1).offered());
  AuditReport report = audit_game(h.store, h.registry, static_cast<std::int64_t>(game));
  CHECK_MESSAGE(report.ok(), problems_of(report));

  // Never: no count, no offer.
  Player e = h.signed_up("emma"), f = h.signed_up("fred");
  game = h.start_duel(e, f, 3600, 0);
  REQUIRE(h.submit(e, game, 1, {"bid 0"}).has_orders_accepted());
  deadline_passes(h);
  CHECK(missed(h, game, 1) == 0);
  CHECK_FALSE(summary(h, e, game).seats(1).offered());
  CHECK(pushed_offers(e).empty());
}

TEST_CASE(
    "audit: a game whose seat changed hands verifies, and an edit of the seats' history is "
    "named") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob"), c = h.signed_up("carol");
  const auto game = h.start_duel(a, b, 3600, 1);
  const auto id = static_cast<std::int64_t>(game);
  proto::Envelope say;
  say.mutable_send_press()->set_game_id(game);
  say.mutable_send_press()->set_text("bob's word");
  REQUIRE(h.call(b, say).has_press_sent());
  REQUIRE(h.submit(a, game, 1, {"bid 0"}).has_orders_accepted());
  deadline_passes(h);
  REQUIRE(summary(h, a, game).seats(1).offered());
  proto::Envelope take;
  take.mutable_take_seat()->set_game_id(game);
  take.mutable_take_seat()->set_seat(1);
  const auto taken = h.call(c, take);
  REQUIRE_MESSAGE(taken.has_game(), taken.error().message());
  h.now += 10;
  say.mutable_send_press()->set_text("carol's word");
  REQUIRE(h.call(c, say).has_press_sent());
  REQUIRE(h.submit(c, game, 2, {"bid 3"}).has_orders_accepted());
  AuditReport report = audit_game(h.store, h.registry, id);
  REQUIRE_MESSAGE(report.ok(), problems_of(report));

  const std::vector<SqlTamper> tampers{
      {"the change credited to another player", "UPDATE replacements SET new_user = 1",
       "SeatReplaced (seat 1), field new_player: 'carol', but table replacements has 'alice'"},
      {"the change forgotten", "DELETE FROM replacements",
       "SeatReplaced: table replacements has no row for it"},
      {"a message put in the previous player's mouth",
       "UPDATE messages SET from_user = 2 WHERE body = 'carol''s word'",
       "field from_user: not the user sitting in seat 1 when it was sent"},
      {"the seat handed back in table seats", "UPDATE seats SET user_id = 2 WHERE seat = 1",
       "table seats (seat 1), field user_id: not the player the events seat there last"},
      {"missed deadlines made up", "UPDATE seats SET missed_deadlines = 3 WHERE seat = 1",
       "table seats (seat 1), field missed_deadlines: 3, but the steps make 0"},
      {"a resignation without an event", "UPDATE seats SET resigned = 1 WHERE seat = 0",
       "table seats (seat 0), field resigned: set, but the events say it plays"},
      {"the administrator's hand without a request", "UPDATE replacements SET by_admin = 1",
       "field by_admin: differs from table replacements"},
      {"a take-over of a seat not offered", "UPDATE games SET disorder_after = 0",
       "field seat: taken over by a player, but it was not offered"},
  };
  check_tampers(h, id, tampers);
  // An offer's count of missed deadlines edited in its event.
  const std::int64_t offer =
      event_seq(h.store, id, [](const proto::GameEvent& e) { return e.has_offer(); });
  h.db.exec_script("BEGIN");
  edit_event(h.db, h.store, id, offer,
             [](proto::GameEvent& e) { e.mutable_offer()->set_missed_deadlines(5); });
  report = audit_game(h.store, h.registry, id);
  h.db.exec_script("ROLLBACK");
  CHECK_MESSAGE(mentions(report, "SeatOffer (seat 1), field reason or missed_deadlines"),
                problems_of(report));
  CHECK(audit_game(h.store, h.registry, id).ok());
}
