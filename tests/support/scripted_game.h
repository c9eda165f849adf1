#pragma once
// A two-player game through the real server, played from scripts of orders
// keyed by step label (empty orders where a script is silent), for the
// modules' integration tests; the admin replay verifies it.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "support/protocol_client.h"

namespace naumachia::testing {

using Script = std::map<std::string, std::vector<std::string>>;  // step label -> orders

struct TwoPlayerGame {
  TempDir dir;
  ServerProcess server{dir.path(), unlimited_requests()};
  std::vector<std::unique_ptr<client::Connection>> p;  // seat 0, seat 1
  std::uint64_t game = 0;

  // Signs up `names`, seat 0 creates the game of `scenario` and seat 1 joins.
  TwoPlayerGame(const std::string& scenario, const std::vector<std::string>& names);

  // Plays steps with the scripted orders until `stop` says so or the game is
  // over; returns the labels played.
  std::vector<std::string> play(const Script& seat0, const Script& seat1,
                                const std::function<bool(const std::string&)>& stop);

  // The admin replay's output (its exit status is checked).
  std::string replay() const;
};

}  // namespace naumachia::testing
