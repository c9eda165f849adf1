// Correspondence play through the `naumachia` command against the real
// server, as three people on three terminals would use it: press (say,
// messages, wait), proposals, and replacement players (take).
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "support/server_process.h"
#include "support/terminal.h"
#include "support/text.h"

using namespace naumachia::testing;

namespace {

struct Players {
  TempDir dir;
  ServerProcess server{dir.path()};
  Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  Terminal bob{(dir.path() / "bob.conf").string(), server.url()};
  Terminal carol{(dir.path() / "carol.conf").string(), server.url()};

  // A game of Duel for three, created with `new_options`.
  explicit Players(const std::string& new_options = "") {
    for (const auto& [t, name] : {std::pair{&alice, "alice"}, {&bob, "bob"}, {&carol, "carol"}})
      REQUIRE(t->run("--server " + server.url() + " register " + name).status == 0);
    const auto r = alice.run("new duel/standard --players 3 --side Red " + new_options);
    REQUIRE_MESSAGE(r.status == 0, r.output);
    REQUIRE(bob.run("join 1 --side Blue").status == 0);
    REQUIRE(carol.run("join 1 --side Green").status == 0);
  }
};

}  // namespace

TEST_CASE("press through the naumachia command: say, messages and wait") {
  Players p;
  auto r = p.alice.run("show 1");
  CHECK(has(r.output, "press: public and private messages\n"));

  r = p.alice.run("say 1 Good evening, admirals.");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "[public #1]"));
  CHECK(has(r.output, "Red (alice) to everyone:\n    Good evening, admirals.\n"));
  r = p.bob.run("say 1 --to red", "Shall we share the purse?\nBid low this round.\n");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "[private #1]"));
  CHECK(has(r.output,
            "Blue (bob) to Red:\n    Shall we share the purse?\n    Bid low this round.\n"));

  // Each reads what is theirs, once; --all again.
  r = p.alice.run("messages 1");
  CHECK(has(r.output, "Good evening, admirals."));
  CHECK(has(r.output, "Shall we share the purse?"));
  CHECK(p.alice.run("messages 1").output == "no new messages\n");
  CHECK(has(p.alice.run("messages 1 --all").output, "Bid low this round."));
  r = p.carol.run("messages 1");
  CHECK(has(r.output, "Good evening, admirals."));
  CHECK_FALSE(has(r.output, "purse"));

  // wait prints a new message as it comes (carol's), and exits.
  REQUIRE(p.carol.run("say 1 --to Red,1 Beware of each other.").status == 0);
  r = p.alice.run("wait 1 --timeout 20");
  CHECK(r.status == 0);
  CHECK(has(r.output, "Green (carol) to Red, Blue:\n    Beware of each other.\n"));
  // Events not seen yet come with the messages.
  CHECK(has(r.output, "joined as Green; the game begins"));

  // Refusals name the problem.
  r = p.alice.run("say 1 --to Purple hello");
  CHECK(r.status == 1);
  CHECK(has(r.output, "no seat 'Purple' in game 1; the seats are 0=Red 1=Blue 2=Green"));
  r = p.alice.run("say 1 --to Red hello");
  CHECK(has(r.output, "you sit in seat 0 (Red): address the message to other seats"));
  r = p.alice.run("say 1", "");
  CHECK(has(r.output, "the message is empty"));
  r = p.alice.run("say --help");
  CHECK(has(r.output, "usage: naumachia say GAME [TEXT ...] [--to SEAT[,SEAT...]]"));
  CHECK(has(p.alice.run("messages --help").output, "usage: naumachia messages GAME [--all]"));
}

TEST_CASE(
    "press through the naumachia command: a power's name finds the seat that plays it, in say and "
    "in join") {
  TempDir dir;
  ServerProcess server{dir.path()};
  Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  Terminal bob{(dir.path() / "bob.conf").string(), server.url()};
  REQUIRE(alice.run("--server " + server.url() + " register alice").status == 0);
  REQUIRE(bob.run("--server " + server.url() + " register bob").status == 0);
  auto r = alice.run("new diplomacy/standard --players 2 --side france");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  REQUIRE(bob.run("join 1 --side England").status == 0);
  r = alice.run("say 1 --to england Shall we divide the north?");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "Austria+France+Italy+Turkey (alice) to England+Germany+Russia:"));
  r = alice.run("say 1 --to Prussia hello");
  CHECK(r.status == 1);
  CHECK(has(r.output, "no seat 'Prussia' in game 1"));
}

TEST_CASE(
    "press through the naumachia command: games created public-only, without press, private") {
  SUBCASE("public press only") {
    Players p("--press public");
    CHECK(has(p.bob.run("show 1").output, "press: public messages only"));
    CHECK(p.bob.run("say 1 hello all").status == 0);
    const auto r = p.bob.run("say 1 --to Red psst");
    CHECK(r.status == 1);
    CHECK(has(r.output, "game 1 allows public messages only"));
  }
  SUBCASE("gunboat") {
    Players p("--press none");
    CHECK(has(p.bob.run("show 1").output, "press: none (gunboat)"));
    CHECK(has(p.bob.run("say 1 hello").output, "game 1 was created without press (gunboat)"));
  }
  SUBCASE("private") {
    Players p("--private");
    CHECK(has(p.bob.run("show 1").output, "(private ones stay private after the game)"));
  }
  SUBCASE("a press setting that does not exist") {
    TempDir dir;
    ServerProcess server(dir.path());
    const Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
    REQUIRE(alice.run("--server " + server.url() + " register alice").status == 0);
    const auto r = alice.run("new duel/standard --press loud");
    CHECK(r.status == 1);
    CHECK(has(r.output, "--press is full, public or none, not 'loud'"));
  }
}

TEST_CASE("draws and concessions through the naumachia command") {
  Players p;
  auto r = p.alice.run("propose 1 draw");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output,
            "proposal 1, a draw between Red, Blue and Green (by Red, in step 1)\n"
            "    accepted by Red; waiting for Blue, Green\n"));
  r = p.bob.run("show 1");
  CHECK(has(r.output, "  open proposal 1, a draw between Red, Blue and Green"));
  r = p.bob.run("events 1");
  CHECK(has(r.output, "Red made proposal 1, a draw between Red, Blue and Green"));
  r = p.bob.run("accept 1");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "accepted by Red, Blue; waiting for Green"));
  r = p.carol.run("refuse 1");
  CHECK(has(r.output, "refused proposal 1, a draw between Red, Blue and Green: it fails"));
  r = p.carol.run("withdraw 1");
  CHECK(r.status == 1);
  CHECK(has(r.output, "game 1 has no open proposal to withdraw"));

  REQUIRE(p.carol.run("propose 1 draw").status == 0);
  REQUIRE(p.alice.run("propose 1 concede Green").status == 0);
  r = p.bob.run("accept 1");
  CHECK(r.status == 1);
  CHECK(has(r.output,
            "game 1 has several open proposals: name one\n  proposal 2, a draw between "
            "Red, Blue and Green\n  proposal 3, a concession to Green"));
  r = p.bob.run("accept 1 x");
  CHECK(has(r.output, "'x' is not a proposal number"));
  REQUIRE(p.carol.run("withdraw 1").status == 0);  // her only one: the draw
  r = p.bob.run("accept 1 3");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output,
            "proposal 3, a concession to Green: every seat it needed agreed; it is "
            "carried"));
  r = p.carol.run("show 1");
  CHECK(has(r.output, "result: Green wins: every other side conceded"));
  r = p.carol.run("events 1");
  CHECK(has(r.output,
            "Blue accepted proposal 3, a concession to Green: every seat it needed "
            "agreed, it is carried"));
  CHECK(has(r.output, "game over: Green wins"));
  CHECK(has(p.alice.run("games").output, "result: Green wins: every other side conceded"));
  r = p.alice.run("propose 1 surrender");
  CHECK(has(r.output, "usage: naumachia propose GAME draw"));
}

TEST_CASE("pauses and extensions through the naumachia command") {
  Players p("--deadline 2d");
  auto r = p.alice.run("propose 1 extend 12h");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "proposal 1, an extension of the deadline by 12 hours (by Red, in step 1)"));
  REQUIRE(p.bob.run("accept 1").status == 0);
  r = p.carol.run("accept 1");
  CHECK(has(r.output, "every seat it needed agreed; it is carried"));
  r = p.carol.run("events 1");
  CHECK(has(r.output, "the deadline is extended by 12 hours by agreement (proposal 1); deadline "));

  REQUIRE(p.bob.run("propose 1 pause").status == 0);
  REQUIRE(p.alice.run("accept 1").status == 0);
  REQUIRE(p.carol.run("accept 1").status == 0);
  r = p.alice.run("show 1");
  CHECK(has(r.output, "  paused by agreement; the deadline has 2 days 1"));  // 12 hours, or nearly
  CHECK_FALSE(has(r.output, "  deadline: "));
  r = p.alice.run("propose 1 pause");
  CHECK(r.status == 1);
  CHECK(has(r.output, "game 1 is paused already"));
  r = p.alice.run("propose 1 extend 8d");
  CHECK(has(r.output, "an extension is 1 second to 7 days, not 691200 seconds"));
  REQUIRE(p.carol.run("propose 1 resume").status == 0);
  REQUIRE(p.alice.run("accept 1").status == 0);
  r = p.bob.run("accept 1");
  CHECK(has(r.output, "proposal 3, to resume the game: every seat it needed agreed"));
  r = p.bob.run("show 1");
  CHECK(has(r.output, "  deadline: "));
  CHECK_FALSE(has(r.output, "paused"));
  CHECK(has(p.bob.run("propose --help").output, "  extend DURATION  the current step's deadline"));
}

TEST_CASE(
    "replacement players through the naumachia command: disorder shown, games "
    "--replacements, take") {
  Players p("--deadline 5s --disorder-after 1");
  const Terminal dave{(p.dir.path() / "dave.conf").string(), p.server.url()};
  REQUIRE(dave.run("--server " + p.server.url() + " register dave").status == 0);
  auto r = p.alice.run("show 1");
  CHECK(has(r.output, "civil disorder: after 1 missed deadline(s) in a row a seat is offered"));
  CHECK(has(dave.run("games --replacements").output, "no games"));
  // Bob orders nothing; the deadline plays the step without him.
  REQUIRE(p.alice.run("orders 1 -", "bid 6\n").status == 0);
  REQUIRE(p.carol.run("orders 1 -", "bid 0\n").status == 0);
  for (int i = 0; i < 100 && !has(r.output, "step 2:"); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    r = p.alice.run("show 1");
  }
  // Step 2 has its own five seconds, which a slow machine may spend on the
  // commands below: Carol's bid of 6 then beats Alice's default 0 (6 + d6
  // against 0 + d6), so that a deadline passing cannot end the duel with
  // Alice's second point before Dave takes the seat.
  REQUIRE(p.carol.run("orders 1 -", "bid 6\n").status == 0);
  CHECK(has(r.output,
            "1 Blue: bob  [to order]  [in civil disorder: offered to a new player]  "
            "[missed 1 deadline(s) in a row]"));
  r = dave.run("games --replacements");
  CHECK(has(r.output, "game 1  duel/standard  running"));
  CHECK(has(p.alice.run("events 1").output,
            "Blue (bob) is in civil disorder after 1 missed deadline(s): offered to a new player "
            "(naumachia take 1 1)"));

  r = dave.run("take 1 Red");
  CHECK(r.status == 1);
  CHECK(has(r.output, "seat 0 (Red) of game 1 is not offered to a new player"));
  CHECK(has(p.bob.run("take 1 Blue").output, "you sit in seat 1 (Blue) of game 1"));
  r = dave.run("take 1 Blue");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "you took over seat 1 (Blue)"));
  CHECK(has(r.output, "1 Blue: dave  <- you"));
  CHECK(has(p.alice.run("events 1").output, "Blue is now played by dave in place of bob"));
  r = p.bob.run("orders 1 -", "bid 1\n");
  CHECK(r.status == 1);
  CHECK(has(r.output, "you do not sit in game 1"));
  REQUIRE(dave.run("orders 1 -", "bid 2\n").status == 0);
  CHECK(has(dave.run("take --help").output, "usage: naumachia take GAME [SEAT]"));
  r = p.alice.run("new duel/standard --disorder-after many");
  CHECK(r.status == 1);
  CHECK(has(r.output, "--disorder-after wants a number of deadlines from 0 to 20, got 'many'"));
}

TEST_CASE(
    "the computer through the naumachia command: new --computer SIDE and --computer-takes-over, "
    "and every list says which seats it plays") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--computer-seconds", "0.2"});
  const Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  REQUIRE(alice.run("--server " + server.url() + " register alice").status == 0);
  auto r = alice.run("new --help");
  CHECK(has(r.output, "--computer N|NAME"));
  CHECK(has(r.output, "--computer-takes-over"));
  r = alice.run("new duel/standard --players 3 --side Red --computer random");
  CHECK(r.status == 1);
  CHECK(has(r.output, "--computer names a side: its number or its name"));
  r = alice.run("new duel/standard --players 3 --side Red --computer red");
  CHECK(r.status == 1);
  CHECK(has(r.output, "you asked for seat 0, which the computer is asked to play"));

  // By name and by number: the game starts at once, the computer on two sides.
  r = alice.run(
      "new duel/standard --players 3 --side Red --computer blue --computer 2 "
      "--computer-takes-over");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "created game 1  duel/standard  running  step 1"));
  CHECK(has(r.output, "  0 Red: alice  <- you"));
  CHECK(has(r.output, "  1 Blue: (computer)"));
  CHECK(has(r.output, "  2 Green: (computer)"));
  CHECK(has(r.output, "the computer plays a seat offered to a new player until a person takes it"));
  CHECK_FALSE(has(r.output, "others join with"));
  CHECK(has(alice.run("games").output, "  1 Blue: (computer)"));

  // Alice orders; the computer's seats answer by themselves.
  REQUIRE(alice.run("orders 1", "bid 1\n").status == 0);
  r = alice.run("wait 1 --timeout 20");
  CHECK(has(r.output, "step 1 resolved"));
  r = alice.run("events 1 --all");
  CHECK(has(r.output, "from step 1 the computer plays Blue"));
  CHECK(has(r.output, "Green committed orders for step 1 (by the computer)"));
  CHECK(has(r.output, "commitments verified"));
  r = alice.run("show 1");
  CHECK(has(r.output, "  2 Green: (computer)"));
}
