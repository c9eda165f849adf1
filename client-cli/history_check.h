#pragma once
// What a player can check of a game's history without trusting the server:
// every set of orders revealed at a step's resolution hashes to the
// commitment its seat published while the step was open, and once the game is
// over the revealed dice seed hashes to the seed hash shown since its creation.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "naumachia.pb.h"

namespace naumachia::client {

struct HistoryProblem {
  std::uint64_t step = 0;  // 0: the game as a whole (its seed)
  std::optional<std::uint32_t> seat;
  std::string what;
};

struct HistoryCheck {
  int verified = 0;            // revealed orders that match the commitment their seat published
  int defaulted = 0;           // default orders given at a deadline: no commitment was published
  int withheld = 0;            // orders not yet revealed to this reader (until the game is over)
  bool seed_verified = false;  // the game is over and its revealed seed matches the hash
  std::vector<HistoryProblem> problems;

  bool ok() const { return problems.empty(); }
  // One line when all is well; a loud report naming each problem otherwise.
  std::string report(const std::vector<std::string>& side_names) const;
};

// SHA-256(nonce || lines joined by "\n"), hex: what a commitment is.
std::string commitment_of(std::string_view nonce, const std::vector<std::string>& lines);

// `events` is the game's whole event log as this reader receives it, oldest
// first; `seed_hash` the hex hash of the dice seed shown at creation.
HistoryCheck check_history(const std::vector<proto::GameEvent>& events, std::string_view seed_hash);

}  // namespace naumachia::client
