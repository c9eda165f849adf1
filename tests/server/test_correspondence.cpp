// Correspondence play in the service without a network, on a test clock:
// press, and the admin audit of what it stores.
#include <doctest/doctest.h>

#include "support/requests.h"
#include "support/service_harness.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

proto::Envelope say(Harness& h, Player& p, std::uint64_t game, const std::string& text,
                    const std::vector<std::uint32_t>& to = {}) {
  return h.call(p, press_request(game, text, to));
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

  const std::vector<SqlTamper> tampers{
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
  check_tampers(h, id, tampers);
}

namespace {

proto::Envelope propose(Harness& h, Player& p, std::uint64_t game, proto::ProposalKind kind,
                        const std::string& side = "") {
  return h.call(p, proposal_request(game, kind, side));
}

proto::Envelope answer(Harness& h, Player& p, std::uint64_t game, std::uint64_t proposal,
                       proto::ProposalAnswer a) {
  return h.call(p, answer_request(game, proposal, a));
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
  CHECK(h.store.game(conceded)->winning_sides == std::vector<SideId>{SideId{0}});

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

namespace {

// What the administrator's tool writes: a request for the server.
void admin_asks(Harness& h, std::int64_t game, AdminAction action, std::int64_t seconds = 0) {
  AdminRequestRow r;
  r.game_id = game;
  r.action = action;
  r.seconds = seconds;
  r.requested_at = h.now;
  h.store.insert_admin_request(r);
}

}  // namespace

TEST_CASE(
    "pause: a paused game takes orders but resolves nothing, and resuming gives back its time") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const std::int64_t start = h.now;
  const auto game = h.start_duel(a, b, 3600);
  const auto id = static_cast<std::int64_t>(game);
  CHECK(h.store.game(id)->step_deadline == start + 3600);
  h.now += 600;
  REQUIRE(propose(h, a, game, proto::PAUSE).has_proposal());
  const auto carried = answer(h, b, game, 1, proto::ACCEPT);
  REQUIRE(carried.proposal().state() == proto::PROPOSAL_CARRIED);
  auto row = *h.store.game(id);
  CHECK(row.paused == Pause::Agreed);
  CHECK(row.paused_remaining == 3000);
  CHECK_FALSE(row.step_deadline);
  // Both players are told.
  bool told = false;
  for (const auto& e : a.box->pushes) {
    if (e.event().has_deadline()) {
      told = e.event().deadline().change() == proto::PAUSED &&
             e.event().deadline().remaining_seconds() == 3000 &&
             e.event().deadline().proposal() == 1;
    }
  }
  CHECK(told);
  proto::Envelope get;
  get.mutable_get_game()->set_game_id(game);
  const auto summary = h.call(a, get).detail().summary();
  CHECK(summary.paused() == proto::PAUSED_BY_AGREEMENT);
  CHECK(summary.paused_remaining_seconds() == 3000);
  CHECK(summary.deadline_unix() == 0);

  // Long past the old deadline nothing resolves, even with every seat ready.
  h.now += 100000;
  h.check_deadlines();
  REQUIRE(h.submit(a, game, 1, {"bid 2"}).has_orders_accepted());
  const auto ready = h.submit(b, game, 1, {"bid 3"}, /*ready=*/false);
  REQUIRE(ready.has_orders_accepted());
  CHECK_FALSE(ready.orders_accepted().resolved());
  CHECK(h.store.steps(id).empty());
  // A second pause is refused; so is resuming what is not paused elsewhere.
  const auto again = propose(h, b, game, proto::PAUSE);
  CHECK(again.error().code() == proto::INVALID_ARGUMENT);
  CHECK(again.error().message() == "game 1 is paused already");

  // Resumed: the deadline is the time left, from now.
  REQUIRE(propose(h, b, game, proto::RESUME).has_proposal());
  REQUIRE(answer(h, a, game, 2, proto::ACCEPT).proposal().state() == proto::PROPOSAL_CARRIED);
  row = *h.store.game(id);
  CHECK(row.paused == Pause::None);
  CHECK_FALSE(row.paused_remaining);
  CHECK(row.step_deadline == h.now + 3000);
  h.now += 2999;
  h.check_deadlines();
  CHECK(h.store.steps(id).empty());
  h.now += 1;
  h.check_deadlines();
  REQUIRE(h.store.steps(id).size() == 1);
  CHECK(h.store.steps(id)[0].by_deadline);
  CHECK(h.store.game(id)->step_deadline == h.now + 3600);
  const AuditReport report = audit_game(h.store, h.registry, id);
  CHECK_MESSAGE(report.ok(), problems_of(report));
}

TEST_CASE("pause: resuming a game whose every seat is ready resolves its step at once") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b);  // no deadlines: a pause still holds the game
  const auto id = static_cast<std::int64_t>(game);
  REQUIRE(propose(h, a, game, proto::PAUSE).has_proposal());
  REQUIRE(answer(h, b, game, 1, proto::ACCEPT).has_proposal());
  CHECK_FALSE(h.store.game(id)->paused_remaining);
  REQUIRE(h.submit(a, game, 1, {"bid 2"}).has_orders_accepted());
  REQUIRE(h.submit(b, game, 1, {"bid 3"}).has_orders_accepted());
  CHECK(h.store.steps(id).empty());
  // An extension needs a deadline.
  const auto refused = propose(h, a, game, proto::EXTENSION);
  CHECK(refused.error().message() == "an extension is 1 minute to 7 days, not 0 seconds");
  proto::Envelope ext;
  ext.mutable_propose()->set_game_id(game);
  ext.mutable_propose()->set_kind(proto::EXTENSION);
  ext.mutable_propose()->set_seconds(3600);
  CHECK(h.call(a, ext).error().message() == "game 1 has no deadline in its current step");
  REQUIRE(propose(h, b, game, proto::RESUME).has_proposal());
  REQUIRE(answer(h, a, game, 2, proto::ACCEPT).has_proposal());
  CHECK(h.store.steps(id).size() == 1);
  CHECK(h.store.game(id)->step == 2);
  CHECK(audit_game(h.store, h.registry, id).ok());
}

TEST_CASE("extension: the deadline moves later, or while paused the time left grows") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b, 3600);
  const auto id = static_cast<std::int64_t>(game);
  const std::int64_t deadline = *h.store.game(id)->step_deadline;
  proto::Envelope ext;
  ext.mutable_propose()->set_game_id(game);
  ext.mutable_propose()->set_kind(proto::EXTENSION);
  ext.mutable_propose()->set_seconds(8 * 86400);
  CHECK(h.call(a, ext).error().message() ==
        "an extension is 1 minute to 7 days, not 691200 seconds");
  ext.mutable_propose()->set_seconds(7200);
  const auto made = h.call(a, ext);
  REQUIRE_MESSAGE(made.has_proposal(), made.error().message());
  CHECK(made.proposal().seconds() == 7200);
  REQUIRE(answer(h, b, game, 1, proto::ACCEPT).proposal().state() == proto::PROPOSAL_CARRIED);
  CHECK(h.store.game(id)->step_deadline == deadline + 7200);
  h.now = deadline;
  h.check_deadlines();
  CHECK(h.store.steps(id).empty());
  // Paused, then extended: the time left grows, and counts from the resume.
  h.now = deadline + 1200;
  REQUIRE(propose(h, a, game, proto::PAUSE).has_proposal());
  REQUIRE(answer(h, b, game, 2, proto::ACCEPT).has_proposal());
  CHECK(h.store.game(id)->paused_remaining == 6000);
  ext.mutable_propose()->set_seconds(600);
  REQUIRE(h.call(b, ext).has_proposal());
  REQUIRE(answer(h, a, game, 3, proto::ACCEPT).has_proposal());
  CHECK(h.store.game(id)->paused_remaining == 6600);
  h.now += 5;
  REQUIRE(propose(h, a, game, proto::RESUME).has_proposal());
  REQUIRE(answer(h, b, game, 4, proto::ACCEPT).has_proposal());
  CHECK(h.store.game(id)->step_deadline == h.now + 6600);
  h.now += 6600;
  h.check_deadlines();
  CHECK(h.store.steps(id).size() == 1);
  const AuditReport report = audit_game(h.store, h.registry, id);
  CHECK_MESSAGE(report.ok(), problems_of(report));
}

TEST_CASE("admin: the server applies queued pauses, resumes and extensions, and records each") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  const auto game = h.start_duel(a, b, 3600);
  const auto id = static_cast<std::int64_t>(game);
  const std::int64_t deadline = *h.store.game(id)->step_deadline;
  // A pause the players agreed on becomes the administrator's, with its time.
  h.now += 100;
  REQUIRE(propose(h, a, game, proto::PAUSE).has_proposal());
  REQUIRE(answer(h, b, game, 1, proto::ACCEPT).has_proposal());
  REQUIRE(propose(h, a, game, proto::RESUME).has_proposal());  // open when the admin takes over
  h.now += 50;
  admin_asks(h, id, AdminAction::Pause);
  h.check_deadlines();
  auto row = *h.store.game(id);
  CHECK(row.paused == Pause::Admin);
  CHECK(row.paused_remaining == deadline - (h.now - 50));
  CHECK(h.store.admin_request(1)->outcome == "applied");
  CHECK(h.store.proposals(id, true).empty());  // the resume proposal lapsed
  // The players cannot resume it.
  const auto refused = propose(h, a, game, proto::RESUME);
  CHECK(refused.error().code() == proto::FORBIDDEN);
  CHECK(refused.error().message() ==
        "game 1 was paused by the server's administrator, who alone resumes it");
  // Extended while paused, then resumed by the administrator.
  admin_asks(h, id, AdminAction::Extend, 86400);
  h.check_deadlines();
  CHECK(h.store.game(id)->paused_remaining == row.paused_remaining.value() + 86400);
  admin_asks(h, id, AdminAction::Resume);
  h.check_deadlines();
  row = *h.store.game(id);
  CHECK(row.paused == Pause::None);
  CHECK(row.step_deadline == h.now + 3500 + 86400);
  // A request that cannot be applied is refused, and says why.
  admin_asks(h, id, AdminAction::Resume);
  admin_asks(h, id, AdminAction::Extend, 31 * 86400);
  admin_asks(h, 77, AdminAction::Pause);
  h.check_deadlines();
  CHECK(h.store.admin_request(4)->outcome == "refused: game 1 is not paused");
  CHECK(h.store.admin_request(5)->outcome ==
        "refused: an extension is 1 minute to 30 days, not 2678400 seconds");
  CHECK(h.store.admin_request(6)->outcome == "refused: there is no game 77");
  CHECK(h.store.waiting_admin_requests().empty());
  const AuditReport report = audit_game(h.store, h.registry, id);
  CHECK_MESSAGE(report.ok(), problems_of(report));

  // The audit ties each change to its request or proposal, and the row to the events.
  struct Tamper {
    std::string what;
    std::string sql;
    std::string named;
  };
  const std::vector<Tamper> tampers{
      {"a moved deadline", "UPDATE games SET step_deadline = step_deadline + 60",
       "table games, field step_deadline: stored"},
      {"a pause nobody asked for", "UPDATE games SET paused = 'admin', step_deadline = NULL",
       "table games, field paused: stored 'admin', but the events make ''"},
      {"an administrator's request undone", "DELETE FROM admin_requests WHERE id = 2",
       "DeadlineChanged, field proposal: 0 (the administrator), but no request applied next"},
  };
  for (const Tamper& t : tampers) {
    CAPTURE(t.what);
    h.db.exec_script("BEGIN");
    h.db.exec_script(t.sql);
    const AuditReport tampered = audit_game(h.store, h.registry, id);
    h.db.exec_script("ROLLBACK");
    CHECK_FALSE(tampered.ok());
    CHECK_MESSAGE(mentions(tampered, t.named), problems_of(tampered));
  }
  h.db.exec_script("BEGIN");
  edit_event(h.db, h.store, id,
             event_seq(h.store, id,
                       [](const proto::GameEvent& e) {
                         return e.has_deadline() && e.deadline().change() == proto::EXTENDED;
                       }),
             [](proto::GameEvent& e) { e.mutable_deadline()->set_remaining_seconds(1); });
  const AuditReport edited = audit_game(h.store, h.registry, id);
  h.db.exec_script("ROLLBACK");
  CHECK_MESSAGE(mentions(edited,
                         "DeadlineChanged, field remaining_seconds: not what the change "
                         "makes of the deadline"),
                problems_of(edited));
}
