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

namespace {

proto::Envelope propose(Harness& h, Player& p, std::uint64_t game, proto::ProposalKind kind,
                        const std::string& side = "") {
  proto::Envelope req;
  req.mutable_propose()->set_game_id(game);
  req.mutable_propose()->set_kind(kind);
  req.mutable_propose()->set_side(side);
  return h.call(p, req);
}

proto::Envelope answer(Harness& h, Player& p, std::uint64_t game, std::uint64_t proposal,
                       proto::ProposalAnswer a) {
  proto::Envelope req;
  req.mutable_answer_proposal()->set_game_id(game);
  req.mutable_answer_proposal()->set_proposal(proposal);
  req.mutable_answer_proposal()->set_answer(a);
  return h.call(p, req);
}

}  // namespace

TEST_CASE("audit: games ended by agreement verify, and an edit of an agreement is named") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  // A draw refused, another lapsed at a step's end, a third carried.
  const auto drawn = static_cast<std::int64_t>(h.start_duel(a, b));
  const auto drawn_game = static_cast<std::uint64_t>(drawn);
  REQUIRE(propose(h, a, drawn_game, proto::DRAW).has_proposal());
  REQUIRE(answer(h, b, drawn_game, 1, proto::REFUSE).has_proposal());
  REQUIRE(propose(h, b, drawn_game, proto::DRAW).has_proposal());
  REQUIRE(h.submit(a, drawn_game, 1, {"bid 1"}).has_orders_accepted());
  REQUIRE(h.submit(b, drawn_game, 1, {"bid 2"}).has_orders_accepted());
  REQUIRE(propose(h, a, drawn_game, proto::DRAW).has_proposal());
  REQUIRE(answer(h, b, drawn_game, 3, proto::ACCEPT).proposal().state() == proto::PROPOSAL_CARRIED);
  // A concession, carried as it is made.
  const auto conceded = static_cast<std::int64_t>(h.start_duel(a, b));
  REQUIRE(propose(h, b, static_cast<std::uint64_t>(conceded), proto::CONCESSION, "Red")
              .proposal()
              .state() == proto::PROPOSAL_CARRIED);
  // A game still running, a draw open in it.
  const auto running = static_cast<std::int64_t>(h.start_duel(a, b));
  REQUIRE(propose(h, a, static_cast<std::uint64_t>(running), proto::DRAW).has_proposal());
  for (const std::int64_t id : {drawn, conceded, running}) {
    const AuditReport report = audit_game(h.store, h.registry, id);
    CHECK_MESSAGE(report.ok(), problems_of(report));
  }
  CHECK(h.store.game(drawn)->result == "draw between Red and Blue, agreed by every player");
  CHECK(h.store.game(conceded)->winning_sides == "0");

  const auto proposal_event = [&h](std::int64_t game, std::uint64_t id, proto::ProposalStep what) {
    return event_seq(h.store, game, [id, what](const proto::GameEvent& e) {
      return e.has_proposal() && e.proposal().proposal().id() == id && e.proposal().what() == what;
    });
  };
  struct Tamper {
    std::string what;
    std::int64_t game;
    std::function<void()> apply;
    std::string named;
  };
  const auto sql = [&h](const std::string& statement) {
    return [&h, statement] { h.db.exec_script(statement); };
  };
  const std::vector<Tamper> tampers{
      {"the result of a drawn game", drawn,
       sql("UPDATE games SET result = 'Red wins' WHERE id = " + std::to_string(drawn)),
       "table games, field result: stored 'Red wins', but the players agreed on 'draw between "
       "Red and Blue, agreed by every player'"},
      {"the winner of a conceded game", conceded,
       sql("UPDATE games SET winning_sides = '1' WHERE id = " + std::to_string(conceded)),
       "table games, field winning_sides: stored '1', replayed '0'"},
      {"an open proposal marked carried", running,
       sql("UPDATE proposals SET state = 'carried', closed_at = 1 WHERE game_id = " +
           std::to_string(running)),
       "table proposals (proposal 1), field state: the events say open"},
      {"a proposal's row deleted", drawn,
       sql("DELETE FROM proposals WHERE id = 2 AND game_id = " + std::to_string(drawn)),
       "table proposals: no row for proposal 2 the events made"},
      {"a proposal asking fewer seats", drawn,
       [&] {
         edit_event(h.db, h.store, drawn, proposal_event(drawn, 1, proto::PROPOSED),
                    [](proto::GameEvent& e) {
                      e.mutable_proposal()->mutable_proposal()->mutable_voters()->RemoveLast();
                    });
       },
       "ProposalEvent (proposal 1), field proposal.voters: not every seat still in the game"},
      {"a proposal that did not lapse with its step", drawn,
       [&] {
         edit_event(h.db, h.store, drawn, proposal_event(drawn, 2, proto::LAPSED),
                    [](proto::GameEvent& e) {
                      e.clear_proposal();
                      e.mutable_committed()->set_seat(0);
                      e.mutable_committed()->set_step(2);
                    });
       },
       "proposal 2 was still open after step 1 resolved"},
      {"a draw carried without every seat", drawn,
       [&] {
         edit_event(h.db, h.store, drawn, proposal_event(drawn, 3, proto::ACCEPTED),
                    [](proto::GameEvent& e) {
                      e.mutable_proposal()->mutable_proposal()->mutable_accepted()->RemoveLast();
                    });
       },
       "field proposal.state: carried, but not every seat it needs has accepted"},
  };
  for (const Tamper& t : tampers) {
    CAPTURE(t.what);
    h.db.exec_script("BEGIN");
    t.apply();
    const AuditReport report = audit_game(h.store, h.registry, t.game);
    h.db.exec_script("ROLLBACK");
    CHECK_FALSE(report.ok());
    CHECK_MESSAGE(mentions(report, t.named), problems_of(report));
  }
  for (const std::int64_t id : {drawn, conceded, running})
    CHECK(audit_game(h.store, h.registry, id).ok());
}
