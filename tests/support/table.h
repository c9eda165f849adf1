#pragma once
// A game of several seats through the real server: a player signed up for
// every seat (alice, bob, carol, dora, in that order), the game created by
// seat 0 and joined by each other player at its own seat, so that it runs,
// and an observer (olga) who joins nothing.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "support/protocol_client.h"

namespace naumachia::testing {

// A request for a game of `scenario` for `players`, everything else the
// server's defaults.
proto::CreateGameRequest game_request(const std::string& scenario, int players);

struct Table {
  TempDir dir;
  ServerProcess server;
  std::vector<std::unique_ptr<client::Connection>> seat;  // index = seat number
  std::unique_ptr<client::Connection> observer;
  std::uint64_t game = 0;

  // The game as `request` asks for it (seat 0 is the creator's); the server
  // with test_server_defaults() and then `server_options`.
  explicit Table(const proto::CreateGameRequest& request,
                 std::vector<std::string> server_options = {});
  Table(const std::string& scenario, int players, std::vector<std::string> server_options = {})
      : Table(game_request(scenario, players), std::move(server_options)) {}

  client::Connection& at(int i) { return *seat.at(static_cast<std::size_t>(i)); }
  // Every seat's connection, then the observer's.
  std::vector<client::Connection*> all() const;
  // Seat `i` resigns; the game as the answer gives it.
  proto::GameSummary resign(int i);
  // The client asks for its seat's decisions in step `step` and the ways on
  // from each, depth first, at most `most` requests: so that the choices
  // answers are among the frames checked. Nothing for an observer or a seat
  // that does not order.
  void read_choices(client::Connection& c, std::uint64_t step, std::size_t most = 300) const;
  // No frame any seat or the observer has received carries one of `secrets`
  // that its reader may not know.
  void check_frames(const std::vector<Secret>& secrets) const;
};

}  // namespace naumachia::testing
