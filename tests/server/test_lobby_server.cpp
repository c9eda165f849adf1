// The lobby through the real server: a game's name as its creator gave it,
// in every list and summary (and refused when it could not be shown); and a
// connection that lists games with `watch` hears of every game made from
// then on, as its user is shown it, while one that did not ask hears nothing.
#include <doctest/doctest.h>

#include <chrono>

#include "support/protocol_client.h"
#include "support/requests.h"
#include "support/terminal.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;

namespace {

proto::Envelope named_duel(const std::string& name) {
  proto::Envelope req = create_duel_request();
  req.mutable_create_game()->set_name(name);
  return req;
}

proto::Envelope list_games(bool watch) {
  proto::Envelope req;
  req.mutable_list_games()->set_watch(watch);
  return req;
}

// The games pushed to the connection as made, in the order they came.
std::vector<proto::GameSummary> games_made(Connection& c) {
  std::vector<proto::GameSummary> out;
  while (const auto push = c.next_push(std::chrono::milliseconds(500))) {
    if (push->has_game_made()) out.push_back(push->game_made());
  }
  return out;
}

}  // namespace

TEST_CASE(
    "lobby: a game keeps the name its creator gave it, and a name that cannot be shown is "
    "refused") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");

  const auto made = alice->call(named_duel("  Friday night duel "));
  REQUIRE_MESSAGE(made.has_game(), made.error().message());
  CHECK(made.game().name() == "Friday night duel");
  const auto id = made.game().id();
  const auto unnamed = alice->call(create_duel_request());
  REQUIRE(unnamed.has_game());
  CHECK(unnamed.game().name().empty());

  // Another player's list and the game's page carry it.
  const auto listed = bob->call(list_games(false));
  REQUIRE(listed.has_games());
  bool found = false;
  for (const auto& g : listed.games().games()) {
    if (g.id() == id) found = g.name() == "Friday night duel";
  }
  CHECK(found);
  CHECK(game_detail(*bob, id).summary().name() == "Friday night duel");

  // Too long, or a control character a terminal would obey: refused, nothing made.
  const auto long_name = bob->call(named_duel(std::string(61, 'x')));
  CHECK(long_name.error().code() == proto::INVALID_ARGUMENT);
  CHECK(has(long_name.error().message(), "at most 60 bytes"));
  const auto escape = bob->call(named_duel("duel\x1b[2J"));
  CHECK(escape.error().code() == proto::INVALID_ARGUMENT);
  CHECK(has(escape.error().message(), "control character"));
  proto::Envelope mine;
  mine.mutable_list_games()->set_mine_only(true);
  CHECK(bob->call(mine).games().games_size() == 0);

  // The command line names a game with --name and shows it.
  const Terminal carol{(dir.path() / "carol.conf").string(), server.url()};
  REQUIRE(carol.run("--server " + server.url() + " register carol").status == 0);
  const auto r = carol.run("new duel/standard --players 2 --name 'Sunday league'");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "\"Sunday league\""));
  CHECK(has(carol.run("games --mine").output, "\"Sunday league\""));
}

TEST_CASE("lobby: a connection watching the list hears of every game made, as its user sees it") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  auto carol = sign_up(server, "carol");

  REQUIRE(bob->call(list_games(true)).has_games());
  REQUIRE(carol->call(list_games(false)).has_games());
  const auto made = alice->call(named_duel("open to all"));
  REQUIRE(made.has_game());

  const auto to_bob = games_made(*bob);
  REQUIRE(to_bob.size() == 1);
  CHECK(to_bob[0].id() == made.game().id());
  CHECK(to_bob[0].name() == "open to all");
  CHECK(to_bob[0].status() == proto::OPEN);
  CHECK(to_bob[0].my_seat() == -1);  // bob does not sit in it
  // carol did not ask; alice made it and has the answer.
  CHECK(games_made(*carol).empty());
  CHECK(games_made(*alice).empty());

  // A watching connection that signs in anew watches nothing until it asks.
  proto::Envelope logout;
  logout.mutable_logout();
  REQUIRE(bob->call(logout).has_logged_out());
  auto bob_again = log_in(server, "bob", "pw-bob-secret");
  REQUIRE(alice->call(named_duel("second")).has_game());
  CHECK(games_made(*bob_again).empty());
  CHECK(games_made(*bob).empty());
}
