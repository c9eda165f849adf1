// Press through the real server, with real protocol clients: public and
// private messages reach only their channel's readers, pushed live and paged
// on resume; once the game is over everything is revealed unless the game
// was created private; what a game's press setting forbids is refused; a
// message is stored before it is acknowledged; every refusal is precise and
// changes nothing; the log holds no message text.
#include <doctest/doctest.h>

#include "support/secrecy_check.h"
#include "support/sql_file.h"
#include "support/table.h"
#include "support/protocol_client.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;

namespace {

std::int64_t count_messages(const ServerProcess& server) {
  return SqlFile(server.db(), SqlFile::Access::read_only).integer("SELECT COUNT(*) FROM messages");
}

proto::CreateGameRequest duel3(proto::PressMode press, bool private_press) {
  auto r = game_request("duel/standard", 3);
  r.set_press(press);
  r.set_private_press(private_press);
  return r;
}

// A three-player Duel with its press setting, the joins' pushes taken.
struct Game3 : Table {
  explicit Game3(proto::PressMode press = proto::FULL_PRESS, bool private_press = false,
                 std::vector<std::string> options = {})
      : Table(duel3(press, private_press), std::move(options)) {
    for (auto& s : seat) pushed_press(*s);  // the joins' pushes
  }

  void end_by_resignations() {
    resign(1);
    REQUIRE(resign(2).status() == proto::OVER);
  }
};

}  // namespace

TEST_CASE("press: public and private messages reach only their channel, live and page by page") {
  Game3 t;
  // A public message: numbered in the public channel, pushed to every other player.
  auto sent = say(*t.seat[0], t.game, "Greetings from the Red fleet");
  REQUIRE_MESSAGE(sent.has_press_sent(), sent.error().message());
  CHECK_FALSE(sent.press_sent().restricted());
  CHECK(sent.press_sent().number() == 1);
  CHECK(sent.press_sent().from_seat() == 0);
  CHECK(sent.press_sent().from_player() == "alice");
  for (std::size_t i : {1u, 2u}) {
    const auto got = pushed_press(*t.seat[i]);
    REQUIRE(got.size() == 1);
    CHECK(got[0].text() == "Greetings from the Red fleet");
  }
  CHECK(pushed_press(*t.seat[0]).empty());  // the answer carried it

  // Private conversations: alice and bob; carol and alice.
  sent = say(*t.seat[0], t.game, "secret-ab-1: let us share the purse", {1});
  REQUIRE_MESSAGE(sent.has_press_sent(), sent.error().message());
  CHECK(sent.press_sent().restricted());
  CHECK(std::vector<std::uint32_t>(sent.press_sent().audience().begin(),
                                   sent.press_sent().audience().end()) ==
        std::vector<std::uint32_t>{0, 1});
  CHECK(sent.press_sent().number() == 1);
  sent = say(*t.seat[1], t.game, "secret-ab-2: agreed", {0});
  CHECK(sent.press_sent().number() == 2);  // the same channel, from either side
  sent = say(*t.seat[2], t.game, "secret-ac-1: do not trust bob", {0});
  CHECK(sent.press_sent().number() == 1);  // a channel of its own
  sent = say(*t.seat[1], t.game, "to both of you", {0, 2});
  CHECK(sent.press_sent().audience_size() == 3);

  CHECK(texts(pushed_press(*t.seat[0])) == std::vector<std::string>{"secret-ab-2: agreed",
                                                                    "secret-ac-1: do not trust bob",
                                                                    "to both of you"});
  CHECK(texts(pushed_press(*t.seat[1])) ==
        std::vector<std::string>{"secret-ab-1: let us share the purse"});
  CHECK(texts(pushed_press(*t.seat[2])) == std::vector<std::string>{"to both of you"});

  // Pages: each reader reads public messages and its own channels, whole.
  CHECK(texts(all_press(*t.seat[1], t.game)) ==
        std::vector<std::string>{"Greetings from the Red fleet",
                                 "secret-ab-1: let us share the purse", "secret-ab-2: agreed",
                                 "to both of you"});
  CHECK(texts(all_press(*t.seat[2], t.game)) ==
        std::vector<std::string>{"Greetings from the Red fleet", "secret-ac-1: do not trust bob",
                                 "to both of you"});
  CHECK(texts(all_press(*t.observer, t.game)) ==
        std::vector<std::string>{"Greetings from the Red fleet"});
  // A cursor resumes a channel after the last message read; channels not
  // named come from their start; a cursor of a channel the reader may not
  // read gives nothing.
  proto::Envelope page;
  page.mutable_press()->set_game_id(t.game);
  auto& cursor = *page.mutable_press()->add_after();
  cursor.set_restricted(true);
  cursor.add_audience(0);
  cursor.add_audience(1);
  cursor.set_after(1);
  auto res = t.seat[1]->call(page);
  CHECK(texts({res.press_result().messages().begin(), res.press_result().messages().end()}) ==
        std::vector<std::string>{"Greetings from the Red fleet", "secret-ab-2: agreed",
                                 "to both of you"});
  res = t.seat[2]->call(page);
  CHECK(res.press_result().messages_size() == 3);

  // A new connection resumes and reads the same; nothing private leaked to
  // carol or the observer in any frame they received.
  auto bob_again = log_in(t.server, "bob", "pw-bob-secret");
  CHECK(all_press(*bob_again, t.game).size() == 4);
  const std::vector<Secret> secrets{
      {"secret-ab-", Audience::seats({PlayerId{0}, PlayerId{1}})},
      {"secret-ac-", Audience::seats({PlayerId{0}, PlayerId{2}})},
      {"to both of you", Audience::seats({PlayerId{0}, PlayerId{1}, PlayerId{2}})}};
  for (const auto& leak : frame_leaks(t.seat[2]->received(), secrets, PlayerId{2}))
    FAIL_CHECK(leak);
  for (const auto& leak : frame_leaks(t.seat[1]->received(), secrets, PlayerId{1}))
    FAIL_CHECK(leak);
  for (const auto& leak : frame_leaks(t.observer->received(), secrets, std::nullopt))
    FAIL_CHECK(leak);
  // The server's log holds no message text.
  for (const char* text : {"Greetings", "secret-ab", "secret-ac", "both of you"})
    CHECK(t.server.log().find(text) == std::string::npos);

  // Once the game is over, everything is revealed: to carol and the observer too.
  t.end_by_resignations();
  CHECK(texts(all_press(*t.observer, t.game)).size() == 5);
  CHECK(contains(texts(all_press(*t.seat[2], t.game)), "secret-ab-2: agreed"));
  // And press is closed.
  const auto closed = say(*t.seat[0], t.game, "good game");
  CHECK(closed.error().code() == proto::GAME_NOT_RUNNING);
  CHECK(closed.error().message() == "game 1 is over; its press is closed");
}

TEST_CASE("press: an acknowledged message survives a crash of the server") {
  Game3 t;
  REQUIRE(say(*t.seat[0], t.game, "secret-kept: before the crash", {2}).has_press_sent());
  t.server.crash();
  t.server.restart();
  auto carol = log_in(t.server, "carol", "pw-carol-secret");
  const auto read = all_press(*carol, t.game);
  REQUIRE(read.size() == 1);
  CHECK(read[0].text() == "secret-kept: before the crash");
  CHECK(read[0].number() == 1);
  // The channel's numbering goes on where it was.
  auto alice = log_in(t.server, "alice", "pw-alice-secret");
  CHECK(say(*alice, t.game, "and after it", {2}).press_sent().number() == 2);
}

TEST_CASE("press: a game created private keeps its private messages private after the end") {
  Game3 t(proto::FULL_PRESS, /*private_press=*/true);
  CHECK(game_detail(*t.observer, t.game).summary().private_press());
  REQUIRE(say(*t.seat[0], t.game, "secret-ab: sealed", {1}).has_press_sent());
  REQUIRE(say(*t.seat[2], t.game, "public words").has_press_sent());
  t.end_by_resignations();
  CHECK(texts(all_press(*t.observer, t.game)) == std::vector<std::string>{"public words"});
  CHECK(texts(all_press(*t.seat[2], t.game)) == std::vector<std::string>{"public words"});
  CHECK(texts(all_press(*t.seat[1], t.game)) ==
        std::vector<std::string>{"secret-ab: sealed", "public words"});
  const std::vector<Secret> secrets{{"secret-ab", Audience::seats({PlayerId{0}, PlayerId{1}})}};
  for (const auto& leak : frame_leaks(t.seat[2]->received(), secrets, PlayerId{2}))
    FAIL_CHECK(leak);
  for (const auto& leak : frame_leaks(t.observer->received(), secrets, std::nullopt))
    FAIL_CHECK(leak);
}

TEST_CASE("press: the game's press setting decides what may be sent") {
  SUBCASE("public press only") {
    Game3 t(proto::PUBLIC_PRESS);
    CHECK(game_detail(*t.seat[1], t.game).summary().press() == proto::PUBLIC_PRESS);
    CHECK(say(*t.seat[0], t.game, "open words").has_press_sent());
    const auto refused = say(*t.seat[0], t.game, "a whisper", {1});
    CHECK(refused.error().code() == proto::PRESS_NOT_ALLOWED);
    CHECK(refused.error().message() ==
          "game 1 allows public messages only: send it without addressees");
    CHECK(count_messages(t.server) == 1);
  }
  SUBCASE("no press (gunboat)") {
    Game3 t(proto::NO_PRESS);
    for (const std::vector<std::uint32_t>& to : {std::vector<std::uint32_t>{}, {1}}) {
      const auto refused = say(*t.seat[0], t.game, "anything", to);
      CHECK(refused.error().code() == proto::PRESS_NOT_ALLOWED);
      CHECK(refused.error().message() == "game 1 was created without press (gunboat)");
    }
    CHECK(count_messages(t.server) == 0);
  }
  SUBCASE("private press needs full press") {
    TempDir dir;
    ServerProcess server(dir.path());
    auto alice = sign_up(server, "alice");
    proto::Envelope create;
    create.mutable_create_game()->set_scenario("duel/standard");
    create.mutable_create_game()->set_press(proto::PUBLIC_PRESS);
    create.mutable_create_game()->set_private_press(true);
    CHECK(alice->call(create).error().code() == proto::INVALID_ARGUMENT);
    create.mutable_create_game()->set_press(static_cast<proto::PressMode>(9));
    create.mutable_create_game()->set_private_press(false);
    CHECK(alice->call(create).error().message() ==
          "press 9 is no press setting: full, public or none");
  }
}

TEST_CASE("press: bad messages get precise errors and change nothing") {
  Game3 t(proto::FULL_PRESS, false, {"--sends-per-minute", "1"});  // 2 at once
  struct Case {
    std::string what;
    Connection* from;
    std::uint64_t game;
    std::vector<std::uint32_t> to;
    std::string text;
    proto::ErrorCode code;
    std::string message;
  };
  const std::vector<Case> cases{
      {"an unknown game",
       t.seat[0].get(),
       77,
       {},
       "hello",
       proto::NOT_FOUND,
       "there is no game 77"},
      {"an observer",
       t.observer.get(),
       t.game,
       {},
       "hello",
       proto::FORBIDDEN,
       "you do not sit in game 1; its press is its players'"},
      {"a seat that does not exist",
       t.seat[0].get(),
       t.game,
       {7},
       "hello",
       proto::INVALID_ARGUMENT,
       "seat 7 does not exist; game 1 has seats 0..2"},
      {"the sender's own seat",
       t.seat[0].get(),
       t.game,
       {0},
       "hello",
       proto::INVALID_ARGUMENT,
       "you sit in seat 0 (Red): address the message to other seats"},
      {"an empty text",
       t.seat[0].get(),
       t.game,
       {},
       "",
       proto::INVALID_ARGUMENT,
       "the message is empty"},
      {"blanks only",
       t.seat[0].get(),
       t.game,
       {1},
       " \n\t ",
       proto::INVALID_ARGUMENT,
       "the message is empty"},
      {"a terminal escape",
       t.seat[0].get(),
       t.game,
       {},
       "red \x1b[31m alert",
       proto::INVALID_ARGUMENT,
       "the message holds a control character (byte 27 at offset 4); only newlines and tabs are "
       "allowed"},
      {"an oversized text",
       t.seat[0].get(),
       t.game,
       {1},
       std::string(4001, 'x'),
       proto::TOO_LARGE,
       "the message has 4001 bytes; a message has at most 4000"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const auto res = say(*c.from, c.game, c.text, c.to);
    CHECK(res.error().code() == c.code);
    CHECK(res.error().message() == c.message);
  }
  CHECK(count_messages(t.server) == 0);
  // Refusals cost nothing of the budget: two messages at once go through,
  // the third is refused with when to retry.
  CHECK(say(*t.seat[0], t.game, "one").has_press_sent());
  CHECK(say(*t.seat[0], t.game, "two", {1}).has_press_sent());
  const auto flood = say(*t.seat[0], t.game, "three");
  CHECK(flood.error().code() == proto::RATE_LIMITED);
  CHECK(flood.error().message().find("you have sent too many messages and proposals in a short "
                                     "time; try again in ") == 0);
  CHECK(say(*t.seat[1], t.game, "bob has a budget of his own").has_press_sent());
  CHECK(count_messages(t.server) == 3);

  // A resigned player sends nothing; a resigned seat is no addressee.
  proto::Envelope resign;
  resign.mutable_resign()->set_game_id(t.game);
  REQUIRE(t.seat[2]->call(resign).has_game());
  auto res = say(*t.seat[2], t.game, "from the bench");
  CHECK(res.error().code() == proto::FORBIDDEN);
  CHECK(res.error().message() == "you resigned from game 1");
  res = say(*t.seat[1], t.game, "are you there?", {2});
  CHECK(res.error().code() == proto::INVALID_ARGUMENT);
  CHECK(res.error().message() ==
        "seat 2 (Green) has resigned; press goes to players still in the game");
  CHECK(count_messages(t.server) == 3);
}

TEST_CASE("press: while a game is open its players talk, and free seats are no addressees") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_players(3);
  create.mutable_create_game()->set_seat(0);
  const std::uint64_t game = alice->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(bob->call(join).game().status() == proto::OPEN);
  auto sent = say(*alice, game, "waiting for a third", {1});
  REQUIRE_MESSAGE(sent.has_press_sent(), sent.error().message());
  CHECK(sent.press_sent().step() == 0);
  const auto refused = say(*alice, game, "hello?", {2});
  CHECK(refused.error().code() == proto::INVALID_ARGUMENT);
  CHECK(refused.error().message() == "nobody sits in seat 2 (Green) yet");
}
