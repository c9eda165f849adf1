#pragma once
// How a step is played and recorded: the one code path shared by live play,
// the admin replay and the players' replay, so a replay checks exactly what
// the server did. Its hashes are made as the game's GameHasher says
// (records/hasher.h).
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/crypto.h"
#include "core/game.h"
#include "core/result.h"
#include "records/hasher.h"

namespace naumachia::server {

struct SeatOrders {
  int seat = 0;
  std::vector<std::string> lines;  // canonical
  Bytes nonce;
  bool defaulted = false;
};

// When and how a step resolved: stored with it, and part of its record.
struct StepTiming {
  std::int64_t resolved_at = 0;  // Unix seconds
  bool by_deadline = false;      // resolved because its deadline passed
};

struct PlayedStep {
  StepInfo before;  // the step that was resolved
  StepTiming timing;
  Resolution resolution;
  std::vector<DieRoll> rolls;
  // Who may read each seat's orders (State::orders_audience before the step),
  // in the order of the orders given to play_step.
  std::vector<Audience> orders_audience;
  Bytes state_hash;   // of the resulting state
  Bytes record_hash;  // chained to prev_hash
};

// Commitment to a set of orders: SHA-256(nonce || lines joined by "\n").
Bytes commitment(const Bytes& nonce, const std::vector<std::string>& lines);
std::string canonical_bytes(const std::vector<std::string>& lines);

// A stored dice seed, refused unless it has exactly the 32 bytes of a Seed.
Expected<Seed> to_seed(const Bytes& bytes);

// Resolves the state's current step with the game's dice and records it.
PlayedStep play_step(const State& state, const std::vector<SeatOrders>& orders, const Seed& seed,
                     const GameHasher& hasher, const Bytes& prev_hash, const StepTiming& timing);

// The canonical text a step's record hash is made of, under the game's scheme
// (docs/storage-and-replay.md spells it out).
std::string record_text(int hash_scheme, const PlayedStep& p, const std::vector<SeatOrders>& orders,
                        const Bytes& prev_hash);

// Text forms stored in the steps table. An event for some seats only is
// prefixed with its audience ("[seats 0 2] ..."); public events are not.
std::string rolls_text(const std::vector<DieRoll>& rolls);
std::string events_text(const std::vector<Event>& events);

}  // namespace naumachia::server
