// Correspondence play in the service without a network, on a test clock:
// press, and the admin audit of what it stores.
#include <doctest/doctest.h>

#include "service_harness.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

proto::Envelope say(Harness& h, Player& p, std::uint64_t game, const std::string& text,
                    std::vector<std::uint32_t> to = {}) {
  proto::Envelope req;
  auto& r = *req.mutable_send_press();
  r.set_game_id(game);
  r.set_text(text);
  for (const std::uint32_t s : to) r.add_to_seats(s);
  return h.call(p, req);
}

}  // namespace

TEST_CASE("press: a message reaches the sender's other connections, and a reader's") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  Player a2;  // alice again, on a second connection
  {
    proto::Envelope login;
    login.mutable_login()->set_name("alice");
    login.mutable_login()->set_password("password-alice");
    REQUIRE(h.call(a2, login).has_session());
  }
  const auto game = h.start_duel(a, b);
  a.box->pushes.clear();
  a2.box->pushes.clear();
  b.box->pushes.clear();
  const auto sent = say(h, a, game, "a private word", {1});
  REQUIRE_MESSAGE(sent.has_press_sent(), sent.error().message());
  CHECK(a.box->pushes.empty());  // the answer carries it
  REQUIRE(a2.box->pushes.size() == 1);
  CHECK(a2.box->pushes[0].press_message().text() == "a private word");
  REQUIRE(b.box->pushes.size() == 1);
  CHECK(b.box->pushes[0].press_message().number() == 1);
}

TEST_CASE("audit: the press table verifies, and an edit of it is named") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);
  const auto id = static_cast<std::int64_t>(game);
  REQUIRE(say(h, a, game, "hello").has_press_sent());
  REQUIRE(say(h, a, game, "between us", {1}).has_press_sent());
  REQUIRE(say(h, b, game, "indeed", {0}).has_press_sent());
  AuditReport report = audit_game(h.store, h.registry, id);
  REQUIRE_MESSAGE(report.ok(), problems_of(report));

  struct Tamper {
    std::string what;
    std::string sql;
    std::string named;
  };
  const std::vector<Tamper> tampers{
      {"a message renumbered", "UPDATE messages SET number = 3 WHERE body = 'indeed'",
       "table messages (channel seats 0 1, number 3), field number: message 2 of the channel is "
       "numbered 3"},
      {"a message put in another's mouth", "UPDATE messages SET from_user = 2 WHERE body = 'hello'",
       "table messages (channel all, number 1), field from_user: not the user sitting in seat 0"},
      {"a message moved out of its sender's channel",
       "UPDATE messages SET from_seat = 1 WHERE body = 'hello'", "field from_user"},
      {"a private channel in a public-press game", "UPDATE games SET press = 'public'",
       "table messages (channel seats 0 1): a private channel in a game with public press only"},
      {"messages in a game without press", "UPDATE games SET press = 'none'",
       "table messages (channel all): the game was created without press"},
  };
  for (const Tamper& t : tampers) {
    CAPTURE(t.what);
    h.db.exec_script("BEGIN");
    h.db.exec_script(t.sql);
    report = audit_game(h.store, h.registry, id);
    h.db.exec_script("ROLLBACK");
    CHECK_FALSE(report.ok());
    CHECK_MESSAGE(mentions(report, t.named), problems_of(report));
  }
  CHECK(audit_game(h.store, h.registry, id).ok());
}
