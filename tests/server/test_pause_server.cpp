// Pauses and extensions through the real server: the administrator's tool
// pauses, extends and resumes a game while the server runs (the players are
// told at once), a request queued while the server is down is applied as it
// starts, and a paused game's clock survives a restart.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "support/protocol_client.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;

namespace {

// The next DeadlineChanged pushed to the connection.
std::optional<proto::DeadlineChanged> next_deadline_push(Connection& c) {
  while (const auto push = c.next_push(std::chrono::seconds(10))) {
    if (push->event().has_deadline()) return push->event().deadline();
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE(
    "admin: pause, extend and resume a game while the server runs, and the players are told") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  const auto game = start_duel(*alice, *bob, 2 * 86400);
  const std::int64_t deadline = game_detail(*bob, game).summary().deadline_unix();

  auto r = admin(server, "pause " + std::to_string(game));
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "game 1: pause applied; now paused by the administrator, "));
  auto told = next_deadline_push(*bob);
  REQUIRE(told);
  CHECK(told->change() == proto::PAUSED);
  CHECK(told->proposal() == 0);
  CHECK(told->remaining_seconds() > 2 * 86400 - 60);
  const std::int64_t left = told->remaining_seconds();
  auto summary = game_detail(*alice, game).summary();
  CHECK(summary.paused() == proto::PAUSED_BY_ADMIN);
  CHECK(summary.deadline_unix() == 0);

  // The players may not resume it; a second pause is refused by the server.
  proto::Envelope resume;
  resume.mutable_propose()->set_game_id(game);
  resume.mutable_propose()->set_kind(proto::RESUME);
  CHECK(alice->call(resume).error().code() == proto::FORBIDDEN);
  r = admin(server, "pause 1");
  CHECK(r.status == 1);
  CHECK(has(r.output, "refused: game 1 is paused already"));

  r = admin(server, "extend 1 1d");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  told = next_deadline_push(*bob);
  REQUIRE(told);
  CHECK(told->change() == proto::EXTENDED);
  CHECK(told->remaining_seconds() == left + 86400);

  r = admin(server, "resume 1");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "game 1: resume applied; now deadline "));
  told = next_deadline_push(*bob);
  REQUIRE(told);
  CHECK(told->change() == proto::RESUMED);
  summary = game_detail(*alice, game).summary();
  CHECK(summary.paused() == proto::NOT_PAUSED);
  CHECK(summary.deadline_unix() >= deadline + 86400);
  CHECK(summary.deadline_unix() == told->deadline_unix());

  // Mistakes are named before anything is queued.
  r = admin(server, "extend 1 soon");
  CHECK(r.status == 2);
  CHECK(has(r.output, "DURATION is like 90s, 30m, 12h or 2d, not 'soon'"));
  r = admin(server, "pause 9");
  CHECK(r.status == 1);
  CHECK(has(r.output, "there is no game 9"));
  r = admin(server, "games");
  CHECK(has(r.output, "running  step 1 Round 1  deadline "));
  r = admin(server, "verify");
  CHECK_MESSAGE(r.status == 0, r.output);
  // The log says what the administrator did, without secrets.
  CHECK(has(server.log(), "game 1: paused by the administrator"));
}

TEST_CASE("admin: a request made while the server is down is applied as it starts") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  const auto game = start_duel(*alice, *bob, 3600);
  REQUIRE(server.terminate() == 0);
  auto r = admin(server, "pause " + std::to_string(game) + " --wait 1");
  CHECK(r.status == 3);
  CHECK(has(r.output, "request 1 (pause game 1) is queued: the server has not applied it yet"));
  server.restart();
  auto carol = sign_up(server, "carol");  // an observer
  bool paused = false;
  for (int i = 0; i < 100 && !paused; ++i) {
    paused = game_detail(*carol, game).summary().paused() == proto::PAUSED_BY_ADMIN;
    if (!paused) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  CHECK(paused);
}

TEST_CASE("pause: a paused game's clock survives a restart of the server") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  const auto game = start_duel(*alice, *bob, 3600);
  proto::Envelope pause;
  pause.mutable_propose()->set_game_id(game);
  pause.mutable_propose()->set_kind(proto::PAUSE);
  REQUIRE(alice->call(pause).has_proposal());
  proto::Envelope accept;
  accept.mutable_answer_proposal()->set_game_id(game);
  accept.mutable_answer_proposal()->set_proposal(1);
  accept.mutable_answer_proposal()->set_answer(proto::ACCEPT);
  REQUIRE(bob->call(accept).proposal().state() == proto::PROPOSAL_CARRIED);
  const auto before = game_detail(*bob, game).summary();
  REQUIRE(before.paused() == proto::PAUSED_BY_AGREEMENT);
  server.crash();
  server.restart();
  auto again = log_in(server, "bob", "pw-bob-secret");
  const auto after = game_detail(*again, game).summary();
  CHECK(after.paused() == proto::PAUSED_BY_AGREEMENT);
  CHECK(after.paused_remaining_seconds() == before.paused_remaining_seconds());
  CHECK(after.deadline_unix() == 0);
  CHECK(admin(server, "verify").status == 0);
}
