// Agreements through the real server, with real protocol clients: draws
// between every side still in the game, concessions to one side, the ways a
// proposal ends without effect, precise refusals, and games ended by
// agreement that the admin's audit verifies.
#include <doctest/doctest.h>

#include "support/requests.h"
#include "support/table.h"
#include "support/protocol_client.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;

namespace {

proto::Envelope propose(Connection& c, std::uint64_t game, proto::ProposalKind kind,
                        const std::string& side = "") {
  return c.call(proposal_request(game, kind, side));
}

proto::Envelope answer(Connection& c, std::uint64_t game, std::uint64_t proposal,
                       proto::ProposalAnswer a) {
  return c.call(answer_request(game, proposal, a));
}

std::vector<std::uint32_t> seats(const google::protobuf::RepeatedField<std::uint32_t>& list) {
  return {list.begin(), list.end()};
}

// The game's proposal events as the connection reads them.
std::vector<proto::ProposalEvent> proposal_events(Connection& c, std::uint64_t game) {
  proto::Envelope req;
  req.mutable_events()->set_game_id(game);
  std::vector<proto::ProposalEvent> out;
  const auto res = c.call(req);
  for (const auto& e : res.events_result().events()) {
    if (e.has_proposal()) out.push_back(e.proposal());
  }
  return out;
}

void verified_by_the_admin(const ServerProcess& server) {
  const auto verified = admin(server, "verify");
  CHECK_MESSAGE(verified.status == 0, verified.output);
  CHECK(has(verified.output, "1 of 1 game(s) verified"));
}

}  // namespace

TEST_CASE("draws: every player still in the game accepts, and the game ends with no winner") {
  Table t("duel/standard", 3);
  auto made = propose(t.at(0), t.game, proto::DRAW);
  REQUIRE_MESSAGE(made.has_proposal(), made.error().message());
  const proto::Proposal& p = made.proposal();
  CHECK(p.id() == 1);
  CHECK(p.kind() == proto::DRAW);
  CHECK(std::vector<std::string>(p.sides().begin(), p.sides().end()) ==
        std::vector<std::string>{"Red", "Blue", "Green"});
  CHECK(seats(p.voters()) == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(seats(p.accepted()) == std::vector<std::uint32_t>{0});
  CHECK(p.state() == proto::PROPOSAL_OPEN);
  CHECK(p.step() == 1);
  // The other players are told at once; everyone, observers too, reads it.
  std::optional<proto::Envelope> pushed;
  do {  // after the pushes of the joins
    pushed = t.at(1).next_push(std::chrono::seconds(5));
    REQUIRE(pushed);
  } while (!pushed->event().has_proposal());
  CHECK(pushed->event().proposal().what() == proto::PROPOSED);
  const auto summary = game_detail(*t.observer, t.game).summary();
  REQUIRE(summary.proposals_size() == 1);
  CHECK(summary.proposals(0).id() == 1);
  CHECK(proposal_events(*t.observer, t.game).size() == 1);

  auto accepted = answer(t.at(1), t.game, 1, proto::ACCEPT);
  REQUIRE_MESSAGE(accepted.has_proposal(), accepted.error().message());
  CHECK(accepted.proposal().state() == proto::PROPOSAL_OPEN);
  CHECK(seats(accepted.proposal().accepted()) == std::vector<std::uint32_t>{0, 1});
  accepted = answer(t.at(2), t.game, 1, proto::ACCEPT);
  CHECK(accepted.proposal().state() == proto::PROPOSAL_CARRIED);

  const auto over = game_detail(*t.observer, t.game).summary();
  CHECK(over.status() == proto::OVER);
  CHECK(over.result() == "draw between Red, Blue and Green, agreed by every player");
  CHECK(over.winning_sides_size() == 0);
  CHECK_FALSE(over.seed().empty());  // revealed, as at any end
  CHECK(over.proposals_size() == 0);
  // The game list shows the result.
  proto::Envelope list;
  list.mutable_list_games();
  const auto listed = t.at(1).call(list);
  REQUIRE(listed.games().games_size() == 1);
  CHECK(listed.games().games(0).result() ==
        "draw between Red, Blue and Green, agreed by every player");
  // A finished game takes no proposals.
  CHECK(propose(t.at(0), t.game, proto::DRAW).error().code() == proto::GAME_NOT_RUNNING);
  verified_by_the_admin(t.server);
}

TEST_CASE("draws: a refusal, a withdrawal, a new step and a resignation end a proposal") {
  Table t("duel/standard", 3);
  REQUIRE(propose(t.at(0), t.game, proto::DRAW).has_proposal());
  auto res = answer(t.at(2), t.game, 1, proto::REFUSE);
  REQUIRE_MESSAGE(res.has_proposal(), res.error().message());
  CHECK(res.proposal().state() == proto::PROPOSAL_REFUSED);
  CHECK(game_detail(t.at(0), t.game).summary().proposals_size() == 0);

  REQUIRE(propose(t.at(0), t.game, proto::DRAW).proposal().id() == 2);
  res = answer(t.at(0), t.game, 2, proto::WITHDRAW);
  CHECK(res.proposal().state() == proto::PROPOSAL_WITHDRAWN);

  // A proposal lives as long as the step it was made in.
  REQUIRE(propose(t.at(1), t.game, proto::DRAW).proposal().id() == 3);
  REQUIRE(answer(t.at(0), t.game, 3, proto::ACCEPT).has_proposal());
  for (int i = 0; i < 3; ++i) REQUIRE(submit(t.at(i), t.game, 1, {"bid 1"}).has_orders_accepted());
  auto events = proposal_events(t.at(2), t.game);
  REQUIRE(events.size() >= 2);
  CHECK(events.back().what() == proto::LAPSED);
  CHECK(events.back().proposal().id() == 3);
  CHECK(events.back().why() == "step 1 (Round 1) resolved");
  CHECK(answer(t.at(2), t.game, 3, proto::ACCEPT).error().code() == proto::NOT_FOUND);

  // A resignation too; afterwards a draw is between the sides left.
  REQUIRE(propose(t.at(0), t.game, proto::DRAW).has_proposal());
  t.resign(2);
  events = proposal_events(t.at(0), t.game);
  CHECK(events.back().what() == proto::LAPSED);
  CHECK(events.back().why() == "seat 2 (Green) resigned");
  const auto made = propose(t.at(1), t.game, proto::DRAW);
  REQUIRE(made.has_proposal());
  CHECK(std::vector<std::string>(made.proposal().sides().begin(), made.proposal().sides().end()) ==
        std::vector<std::string>{"Red", "Blue"});
  CHECK(seats(made.proposal().voters()) == std::vector<std::uint32_t>{0, 1});
  CHECK(answer(t.at(0), t.game, made.proposal().id(), proto::ACCEPT).proposal().state() ==
        proto::PROPOSAL_CARRIED);
  CHECK(game_detail(t.at(0), t.game).summary().result() ==
        "draw between Red and Blue, agreed by every player");
  verified_by_the_admin(t.server);
}

TEST_CASE("concessions: every other side concedes to one, which wins") {
  SUBCASE("in a duel the loser's concession needs nobody else") {
    Table t("duel/standard", 2);
    const auto made = propose(t.at(1), t.game, proto::CONCESSION, "red");
    REQUIRE_MESSAGE(made.has_proposal(), made.error().message());
    CHECK(made.proposal().state() == proto::PROPOSAL_CARRIED);
    CHECK(seats(made.proposal().voters()) == std::vector<std::uint32_t>{1});
    const auto over = game_detail(t.at(0), t.game).summary();
    CHECK(over.status() == proto::OVER);
    CHECK(over.result() == "Red wins: every other side conceded");
    REQUIRE(over.winning_sides_size() == 1);
    CHECK(over.winning_sides(0) == "Red");
    verified_by_the_admin(t.server);
  }
  SUBCASE("among three, the winner's agreement is not asked") {
    Table t("duel/standard", 3);
    const auto made = propose(t.at(0), t.game, proto::CONCESSION, "Blue");
    REQUIRE(made.has_proposal());
    CHECK(seats(made.proposal().voters()) == std::vector<std::uint32_t>{0, 2});
    const auto refused = answer(t.at(1), t.game, 1, proto::ACCEPT);
    CHECK(refused.error().code() == proto::FORBIDDEN);
    CHECK(refused.error().message() ==
          "proposal 1 (a concession to Blue) does not need your agreement");
    CHECK(answer(t.at(2), t.game, 1, proto::ACCEPT).proposal().state() == proto::PROPOSAL_CARRIED);
    const auto over = game_detail(t.at(1), t.game).summary();
    CHECK(over.result() == "Blue wins: every other side conceded");
    verified_by_the_admin(t.server);
  }
  SUBCASE("partners: every seat of the conceding side agrees, every seat of the winner wins") {
    Table t("masks/standard", 4);  // Red: seats 0 and 2; Blue: seats 1 and 3
    const auto made = propose(t.at(1), t.game, proto::CONCESSION, "Red");
    REQUIRE_MESSAGE(made.has_proposal(), made.error().message());
    CHECK(seats(made.proposal().voters()) == std::vector<std::uint32_t>{1, 3});
    REQUIRE(answer(t.at(3), t.game, 1, proto::ACCEPT).proposal().state() ==
            proto::PROPOSAL_CARRIED);
    proto::Envelope get;
    get.mutable_get_game()->set_game_id(t.game);
    const auto over = game_detail(t.at(0), t.game).summary();
    CHECK(over.result() == "Red wins: every other side conceded");
    proto::Envelope ev;
    ev.mutable_events()->set_game_id(t.game);
    std::vector<std::uint32_t> winners;
    const auto history = t.at(0).call(ev);
    for (const auto& e : history.events_result().events()) {
      if (e.has_over()) winners = seats(e.over().winners());
    }
    CHECK(winners == std::vector<std::uint32_t>{0, 2});
    verified_by_the_admin(t.server);
  }
}

TEST_CASE("proposals: bad proposals and answers get precise errors and change nothing") {
  Table t("duel/standard", 3);
  REQUIRE(propose(t.at(0), t.game, proto::DRAW).has_proposal());
  struct Case {
    std::string what;
    proto::Envelope res;
    proto::ErrorCode code;
    std::string message;
  };
  const std::vector<Case> cases{
      {"an observer proposes", propose(*t.observer, t.game, proto::DRAW), proto::FORBIDDEN,
       "you do not sit in game 1"},
      {"a second draw", propose(t.at(1), t.game, proto::DRAW), proto::INVALID_ARGUMENT,
       "proposal 1, a draw between Red, Blue and Green, is open in game 1: accept, refuse or "
       "withdraw it first"},
      {"an unknown kind", propose(t.at(1), t.game, static_cast<proto::ProposalKind>(40)),
       proto::INVALID_ARGUMENT,
       "propose a draw, a concession, a pause, to resume or an extension (kind 40 is none of "
       "them)"},
      {"a side that does not exist", propose(t.at(1), t.game, proto::CONCESSION, "Purple"),
       proto::INVALID_ARGUMENT, "no side 'Purple' in game 1; its sides are Red, Blue and Green"},
      {"a concession to one's own side", propose(t.at(1), t.game, proto::CONCESSION, "Blue"),
       proto::INVALID_ARGUMENT, "you play Blue: a concession is to a side you do not play"},
      {"a side not in the game", propose(t.at(1), t.game, proto::CONCESSION, "Gold"),
       proto::INVALID_ARGUMENT, "no side 'Gold' in game 1; its sides are Red, Blue and Green"},
      {"an unknown game", propose(t.at(1), 99, proto::DRAW), proto::NOT_FOUND,
       "there is no game 99"},
      {"accepting twice", answer(t.at(0), t.game, 1, proto::ACCEPT), proto::INVALID_ARGUMENT,
       "you have accepted proposal 1 (a draw between Red, Blue and Green) already"},
      {"refusing one's own", answer(t.at(0), t.game, 1, proto::REFUSE), proto::INVALID_ARGUMENT,
       "you made proposal 1 (a draw between Red, Blue and Green): withdraw it instead"},
      {"withdrawing another's", answer(t.at(1), t.game, 1, proto::WITHDRAW), proto::FORBIDDEN,
       "only seat 0 (Red), who made proposal 1 (a draw between Red, Blue and Green), may "
       "withdraw it"},
      {"an unknown proposal", answer(t.at(1), t.game, 9, proto::ACCEPT), proto::NOT_FOUND,
       "game 1 has no open proposal 9"},
      {"no answer", answer(t.at(1), t.game, 1, proto::PROPOSAL_ANSWER_UNSPECIFIED),
       proto::INVALID_ARGUMENT, "answer a proposal with accept, refuse or withdraw"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    CHECK(c.res.error().code() == c.code);
    CHECK(c.res.error().message() == c.message);
  }
  const auto summary = game_detail(t.at(0), t.game).summary();
  REQUIRE(summary.proposals_size() == 1);
  CHECK(seats(summary.proposals(0).accepted()) == std::vector<std::uint32_t>{0});
  CHECK(proposal_events(t.at(0), t.game).size() == 1);
  // A resigned player answers nothing, and nobody concedes to a side whose
  // players have all resigned.
  t.resign(2);
  const auto gone = propose(t.at(0), t.game, proto::CONCESSION, "Green");
  CHECK(gone.error().code() == proto::INVALID_ARGUMENT);
  CHECK(gone.error().message() == "Green has no player left in game 1");
  REQUIRE(propose(t.at(0), t.game, proto::DRAW).has_proposal());
  const auto res = answer(t.at(2), t.game, 2, proto::ACCEPT);
  CHECK(res.error().code() == proto::FORBIDDEN);
  CHECK(res.error().message() == "you resigned from game 1");
}

TEST_CASE("proposals: an open proposal survives a restart of the server") {
  Table t("duel/standard", 2);
  REQUIRE(propose(t.at(0), t.game, proto::DRAW).has_proposal());
  t.server.crash();
  t.server.restart();
  auto bob = log_in(t.server, "bob", "pw-bob-secret");
  const auto summary = game_detail(*bob, t.game).summary();
  REQUIRE(summary.proposals_size() == 1);
  CHECK(answer(*bob, t.game, 1, proto::ACCEPT).proposal().state() == proto::PROPOSAL_CARRIED);
  auto alice = log_in(t.server, "alice", "pw-alice-secret");
  CHECK(propose(*alice, t.game, proto::DRAW).error().code() == proto::GAME_NOT_RUNNING);
  verified_by_the_admin(t.server);
}
