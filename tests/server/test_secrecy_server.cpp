// Hidden information through the real server, with the test game Masks (its
// hands and cup are secret; orders go to partners only). Real protocol
// clients play whole games; after every step every byte each of them has
// received is checked for a secret its reader may not yet know
// (tests/support/secrecy_check.h), and for every private message of the game's
// press, which only its channel may read. Also: partners on a side, a
// resigned partner's forces ordered by the other, a newcomer taking over a
// resigned partner's seat (and the player who left reading as an observer),
// observers, declassification at the end (press too, unless the game was
// created private), and the salted state hashes checked once the salt is
// revealed.
#include <doctest/doctest.h>
#include <openssl/hmac.h>

#include "digest.h"
#include "support/protocol_client.h"
#include "support/random_play.h"
#include "support/requests.h"
#include "support/secrecy_check.h"
#include "support/sql_file.h"
#include "support/table.h"
#include "support/text.h"
#include "test-games/masks_game.h"

using naumachia::Audience;
using naumachia::OrderSet;
using naumachia::PlayerId;
using naumachia::Secret;
using naumachia::SeededDice;
using naumachia::State;
using naumachia::StepNo;
using naumachia::client::Connection;
using naumachia::client::from_hex;
using naumachia::client::sha256_hex;
using naumachia::client::to_hex;
using naumachia::testing::all_press;
using naumachia::testing::game_detail;
using naumachia::testing::has;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::submit;
namespace proto = naumachia::proto;
namespace nt = naumachia::testing;

namespace {

// The game's current position, as the server stored it.
std::unique_ptr<State> position(const ServerProcess& server, std::uint64_t game) {
  static const auto module = nt::make_masks_game();
  return nt::stored_position(*module, server.db(), game);
}

proto::CreateGameRequest masks(int players, bool private_press) {
  auto r = nt::game_request("masks/standard", players);
  r.set_private_press(private_press);
  return r;
}

// A game of Masks whose players talk, and whose every frame is checked.
struct MasksTable : nt::Table {
  std::vector<Secret> press_secrets;  // every private message sent: its token and channel
  bool private_press = false;

  explicit MasksTable(int players, bool private_press_in = false)
      : Table(masks(players, private_press_in)), private_press(private_press_in) {}

  // Every seat sends the next seat a private message (with a token only
  // their channel may read) and everyone a public one.
  void talk(int step) {
    const int n = static_cast<int>(seat.size());
    for (int i = 0; i < n; ++i) {
      const int to = (i + 1) % n;
      const std::string token = "press-secret-" + std::to_string(step) + "-" + std::to_string(i) +
                                "-" + std::to_string(to);
      const auto sent = nt::say(at(i), game, token + " (a plan)", {static_cast<std::uint32_t>(to)});
      REQUIRE_MESSAGE(sent.has_press_sent(), sent.error().message());
      press_secrets.push_back(Secret{token, Audience::seats({PlayerId{i}, PlayerId{to}})});
      REQUIRE(nt::say(at(i), game, "public words").has_press_sent());
    }
  }

  // Every client reads its view, its history, the game's press, (now and
  // then) a replay, and every order it could be offered choice by choice
  // (the observer and a seat asking for the other side's are refused), so
  // that all kinds of frame pass the check.
  void look(int step) {
    for (auto* c : all()) {
      const auto d = game_detail(*c, game);
      if (d.summary().status() == proto::RUNNING) {
        read_choices(*c, d.summary().step());
        auto other_side = nt::choices_request(game, d.summary().step());
        other_side.mutable_choices()->set_for_seat(c == &at(0) ? 1 : 0);
        CHECK(c->call(other_side).has_error());
      }
      all_press(*c, game);
      proto::Envelope ev;
      ev.mutable_events()->set_game_id(game);
      c->call(ev);
      if (step % 3 == 0) {
        proto::Envelope rp;
        rp.mutable_replay()->set_game_id(game);
        c->call(rp);
      }
    }
  }

  // No frame any client received carries a secret of the current position or
  // a private message that its reader may not know. (Once the game is over
  // nothing is secret, but for the private messages of a private game.)
  void check_secrets() {
    const auto st = position(server, game);
    std::vector<Secret> secrets;
    if (!st->step().game_over) secrets = st->secrets();
    if (!st->step().game_over || private_press)
      secrets.insert(secrets.end(), press_secrets.begin(), press_secrets.end());
    check_frames(secrets);
  }

  // Once the game is over its press is closed.
  void talk_after_end_refused() {
    const auto refused = nt::say(at(0), game, "press-secret-late", {1});
    CHECK(refused.error().code() == proto::GAME_NOT_RUNNING);
  }

  // Plays one step with random legal orders for every seat that must order.
  void play_step(SeededDice& chooser) {
    const auto st = position(server, game);
    const auto d = game_detail(at(0), game);
    for (PlayerId p : st->step().to_order) {
      const OrderSet o = nt::random_legal_orders(*st, p, chooser);
      const auto res = submit(at(p.value), game, d.summary().step(), o.lines);
      REQUIRE_MESSAGE(res.has_orders_accepted(), res.error().message());
    }
  }
};

// Every happening text a connection can read in the game's history.
std::string history_text(Connection& c, std::uint64_t game) {
  proto::Envelope ev;
  ev.mutable_events()->set_game_id(game);
  std::string out;
  const auto res = c.call(ev);
  for (const auto& e : res.events_result().events()) {
    for (const auto& h : e.resolved().happenings()) out += h.text() + "\n";
    for (const auto& o : e.resolved().orders())
      for (const auto& l : o.lines()) out += l + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE(
    "hidden information: no frame to a seat or an observer carries a secret it may not know") {
  MasksTable t(2);
  naumachia::Seed seed{};
  seed[4] = 9;
  SeededDice chooser(seed, StepNo{0});
  int steps = 0;
  std::string last_state_hash;
  while (game_detail(*t.seat[0], t.game).summary().status() == proto::RUNNING) {
    REQUIRE(steps < 20);
    t.talk(steps);
    t.play_step(chooser);
    ++steps;
    t.look(steps);
    t.check_secrets();
  }
  CHECK(steps >= 4);
  // The press is declassified with the rest: the observer reads every message.
  CHECK(all_press(*t.observer, t.game).size() == 4 * static_cast<std::size_t>(steps));
  // While it ran, the other side's draws and orders never showed; the
  // public announcements did.
  // Once it is over everything is declassified: each side now reads the
  // other's draws, and the observer everything.
  const std::string red = history_text(*t.seat[0], t.game);
  const std::string blue = history_text(*t.seat[1], t.game);
  const std::string onlooker = history_text(*t.observer, t.game);
  CHECK(has(red, "Blue draws chit-"));
  CHECK(has(blue, "Red draws chit-"));
  CHECK(has(onlooker, "Red draws chit-"));
  CHECK(has(onlooker, "Blue draws chit-"));

  // The salt comes out with the seed; with it, the last state hash sent checks.
  const auto over = game_detail(*t.observer, t.game).summary();
  REQUIRE(over.status() == proto::OVER);
  const std::string salt = from_hex(over.state_salt()).value();
  const std::string seed_bytes = from_hex(over.seed()).value();
  const std::string label = "naumachia-state-salt-v1\n" + seed_bytes;
  CHECK(over.state_salt() == sha256_hex(label));
  proto::Envelope ev;
  ev.mutable_events()->set_game_id(t.game);
  std::string sent_hash;
  const auto history = t.observer->call(ev);
  for (const auto& e : history.events_result().events()) {
    if (e.has_resolved()) sent_hash = e.resolved().state_hash();
  }
  const std::string final_state = position(t.server, t.game)->serialize();
  unsigned char mac[32];
  unsigned int len = 0;
  HMAC(EVP_sha256(), salt.data(), static_cast<int>(salt.size()),
       reinterpret_cast<const unsigned char*>(final_state.data()), final_state.size(), mac, &len);
  CHECK(sent_hash == to_hex({reinterpret_cast<const char*>(mac), len}));
  CHECK(sent_hash != sha256_hex(final_state));  // not the bare hash of the state
}

TEST_CASE(
    "hidden information: a game created private keeps its private messages from every other "
    "frame, during the game and after it") {
  MasksTable t(4, /*private_press=*/true);
  naumachia::Seed seed{};
  seed[7] = 3;
  SeededDice chooser(seed, StepNo{0});
  int steps = 0;
  while (game_detail(*t.seat[0], t.game).summary().status() == proto::RUNNING) {
    REQUIRE(steps < 20);
    t.talk(steps);
    t.play_step(chooser);
    ++steps;
    t.look(steps);
    t.check_secrets();
  }
  t.talk_after_end_refused();
  t.look(3);  // every client reads everything it may once more, replay included
  t.check_secrets();
  // Each seat still reads its own conversations, the observer only the public words.
  CHECK(all_press(*t.observer, t.game).size() == 4 * static_cast<std::size_t>(steps));
  CHECK(all_press(*t.seat[0], t.game).size() == 6 * static_cast<std::size_t>(steps));
}

TEST_CASE(
    "partners share a side: they read each other's secrets, a resigned one's forces pass on") {
  MasksTable t(4);  // seats: 0 Red 1, 1 Blue 1, 2 Red 2, 3 Blue 2
  auto summary = game_detail(*t.seat[0], t.game).summary();
  REQUIRE(summary.status() == proto::RUNNING);
  CHECK(summary.seats(2).side() == "Red 2");
  CHECK(summary.seats(2).sides(0) == "Red");
  // Round 1: everyone draws.
  for (std::size_t i = 0; i < 4; ++i)
    REQUIRE(submit(*t.seat[i], t.game, 1, {"draw"}).has_orders_accepted());
  t.look(1);
  t.check_secrets();
  const auto st = position(t.server, t.game);
  const std::string red2_chit = st->view(std::nullopt).cells[2].tokens.at(0).label;
  const std::string blue1_chit = st->view(std::nullopt).cells[1].tokens.at(0).label;
  CHECK(has(history_text(*t.seat[0], t.game), "Red 2 draws " + red2_chit));  // a partner's draw
  CHECK_FALSE(has(history_text(*t.seat[0], t.game), blue1_chit));
  CHECK_FALSE(has(history_text(*t.observer, t.game), red2_chit));
  CHECK(has(history_text(*t.observer, t.game), "Red 2 draws a chit from the cup"));

  // Red 2 resigns: the game goes on, and Red 1 orders for seat 2.
  proto::Envelope resign;
  resign.mutable_resign()->set_game_id(t.game);
  summary = t.seat[2]->call(resign).game();
  CHECK(summary.status() == proto::RUNNING);
  summary = game_detail(*t.seat[0], t.game).summary();
  REQUIRE(summary.controlled_seats_size() == 2);
  CHECK(summary.controlled_seats(1) == 2);
  CHECK(game_detail(*t.seat[1], t.game).summary().controlled_seats_size() == 1);
  // Blue may not order for Red's seat; the resigned player may not order at all.
  auto refused = submit(*t.seat[1], t.game, 2, {"pass"}, 2u);
  CHECK(refused.error().code() == proto::FORBIDDEN);
  refused = submit(*t.seat[2], t.game, 2, {"pass"});
  CHECK(refused.error().code() == proto::FORBIDDEN);
  proto::Envelope view_for;
  view_for.mutable_get_game()->set_game_id(t.game);
  view_for.mutable_get_game()->set_for_seat(2);
  CHECK(t.seat[0]->call(view_for).detail().view().cells(2).tokens(0).label() == red2_chit);
  CHECK(t.seat[1]->call(view_for).error().code() == proto::FORBIDDEN);
  // The step waits for seat 2's orders from its partner.
  for (std::size_t i : {0u, 1u, 3u})
    REQUIRE(submit(*t.seat[i], t.game, 2, {"pass"}).has_orders_accepted());
  CHECK(game_detail(*t.seat[0], t.game).summary().step() == 2);
  const auto played = submit(*t.seat[0], t.game, 2, {"play " + red2_chit}, 2u);
  REQUIRE_MESSAGE(played.has_orders_accepted(), played.error().message());
  CHECK(played.orders_accepted().resolved());
  t.look(2);
  t.check_secrets();
  // Seat 2's orders went to its side only: Blue sees them withheld.
  proto::Envelope ev;
  ev.mutable_events()->set_game_id(t.game);
  bool withheld = false;
  const auto blue_history = t.seat[1]->call(ev);
  for (const auto& e : blue_history.events_result().events()) {
    for (const auto& o : e.resolved().orders()) {
      if (o.seat() == 2) {
        withheld = o.withheld() && o.lines().empty() && o.nonce().empty();
        CHECK_FALSE(o.commitment().empty());
      }
    }
  }
  CHECK(withheld);

  // Both Blues resign: nobody is left against Red, which wins as a side.
  t.seat[1]->call(resign);
  summary = t.seat[3]->call(resign).game();
  CHECK(summary.status() == proto::OVER);
  REQUIRE(summary.winning_sides_size() == 1);
  CHECK(summary.winning_sides(0) == "Red");
  CHECK(has(summary.result(), "Red wins"));
  CHECK_FALSE(summary.seed().empty());
}

TEST_CASE(
    "hidden information: a newcomer takes over a resigned partner's seat and reads its past "
    "secrets, and the player who left reads nothing private of it from then on") {
  MasksTable t(4);  // seats: 0 Red 1, 1 Blue 1, 2 Red 2, 3 Blue 2
  naumachia::Seed seed{};
  seed[3] = 5;
  SeededDice chooser(seed, StepNo{0});
  t.talk(0);
  t.play_step(chooser);  // round 1: everyone draws a secret chit
  t.look(1);
  t.check_secrets();
  const std::string red2_chit =
      position(t.server, t.game)->view(std::nullopt).cells[2].tokens.at(0).label;

  // Red 2 resigns while Red 1 plays on: the seat is offered to a new player.
  proto::Envelope resign;
  resign.mutable_resign()->set_game_id(t.game);
  auto summary = t.seat[2]->call(resign).game();
  REQUIRE(summary.status() == proto::RUNNING);
  CHECK(summary.seats(2).offered());
  CHECK(summary.seats(2).offer_reason() == proto::RESIGNED_SEAT);
  CHECK_FALSE(summary.seats(3).offered());
  std::unique_ptr<Connection> left = std::move(t.seat[2]);
  const std::size_t left_before = left->received().size();
  t.seat[2] = sign_up(t.server, "newcomer");
  proto::Envelope take;
  take.mutable_take_seat()->set_game_id(t.game);
  take.mutable_take_seat()->set_seat(2);
  const auto taken = t.seat[2]->call(take);
  REQUIRE_MESSAGE(taken.has_game(), taken.error().message());
  CHECK_FALSE(taken.game().seats(2).resigned());
  // Red 1 no longer orders for seat 2: its new player does.
  CHECK(game_detail(*t.seat[0], t.game).summary().controlled_seats_size() == 1);

  // The newcomer reads the seat's past: its secret draw and its private press.
  CHECK(has(history_text(*t.seat[2], t.game), "Red 2 draws " + red2_chit));
  std::string press;
  for (const auto& m : all_press(*t.seat[2], t.game)) press += m.text() + "\n";
  CHECK(has(press, "press-secret-0-1-2"));
  CHECK(has(press, "press-secret-0-2-3"));
  CHECK_FALSE(has(press, "press-secret-0-0-1"));

  // The game goes on to its end; after every step each frame of every seat
  // and the observer passes the check, and so does every frame the player
  // who left has received since, read as an observer's.
  const auto left_frames = [&] {
    const auto& all = left->received();
    return std::vector<std::string>(all.begin() + static_cast<std::ptrdiff_t>(left_before),
                                    all.end());
  };
  int steps = 1;
  while (game_detail(*t.seat[0], t.game).summary().status() == proto::RUNNING) {
    REQUIRE(steps < 20);
    t.talk(steps);
    t.play_step(chooser);
    ++steps;
    t.look(steps);
    game_detail(*left, t.game);
    all_press(*left, t.game);
    history_text(*left, t.game);
    t.check_secrets();
    const auto st = position(t.server, t.game);
    std::vector<Secret> secrets;
    if (!st->step().game_over) {
      secrets = st->secrets();
      secrets.insert(secrets.end(), t.press_secrets.begin(), t.press_secrets.end());
    }
    for (const auto& leak : nt::frame_leaks(left_frames(), secrets, std::nullopt)) FAIL_CHECK(leak);
  }
  CHECK(steps >= 3);
}
