#pragma once
// The world of the service fuzzer: a server database prepared once per
// process (seven users with sessions; a running game of every scenario, two
// steps played by deadline; an open game; a finished one) and copied afresh
// for every input, so that an input plays the same on every run. An input is
// a list of operations on five connections (0 signed out, 1-4 signed in as
// the first four users, who sit at seats 0-3 of the running games):
//
//   byte 0xFF, 2 bytes LE          the clock moves on that many minutes, and
//                                  steps past their deadline resolve
//   byte 0xFE, 1 byte              that connection drops and comes back
//                                  (signed in again with its token)
//   byte C, 2 bytes LE length, F   connection C % 5 sends frame F
//
// Every frame goes through decode_request and Service::handle as the network
// layer hands them in, and gets its answer before the next one is sent.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/game.h"
#include "storage/rows.h"

namespace naumachia::fuzz {

constexpr int kConnections = 5;
constexpr std::uint8_t kTick = 0xFF;
constexpr std::uint8_t kReconnect = 0xFE;
// A longer input is cut: enough for a game's worth of requests.
constexpr std::size_t kMaxOps = 64;

struct Op {
  enum class Kind { Frame, Tick, Reconnect };
  Kind kind = Kind::Frame;
  int connection = 0;
  std::uint16_t minutes = 0;
  std::string frame;
};

std::vector<Op> read_ops(const std::uint8_t* data, std::size_t size);
std::string write_ops(const std::vector<Op>& ops);

// A game of the prepared database, as it stands after the preparation.
struct PreparedGame {
  std::int64_t id = 0;
  std::string scenario;  // "tyre/naval"
  int players = 2;
  server::GameStatus status = server::GameStatus::Open;
  std::int64_t step = 0;
  std::vector<int> to_order;     // seats ordering now
  std::unique_ptr<State> state;  // the position now (running games)
};

class World {
 public:
  World();  // prepares the database
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // Plays `ops` against a fresh copy of the prepared database.
  void run(const std::vector<Op>& ops);

  const std::vector<PreparedGame>& games() const { return games_; }
  // The users' names, seat by seat of the running games.
  static const std::vector<std::string>& users();

 private:
  std::filesystem::path dir_;
  std::filesystem::path prepared_;
  std::vector<std::string> tokens_;  // the users' session tokens
  std::int64_t now_ = 0;             // the clock after the preparation
  std::vector<PreparedGame> games_;
};

}  // namespace naumachia::fuzz
