#pragma once
// How a step is played and recorded: the one code path shared by live play,
// the admin replay and the players' replay, so a replay checks exactly what
// the server did.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "crypto.h"

namespace naumachia::server {

struct SeatOrders {
  int seat = 0;
  std::vector<std::string> lines;  // canonical
  Bytes nonce;
  bool defaulted = false;
};

struct PlayedStep {
  StepInfo before;  // the step that was resolved
  Resolution resolution;
  std::vector<DieRoll> rolls;
  Bytes state_hash;   // of the resulting state
  Bytes record_hash;  // chained to prev_hash
};

// Commitment to a set of orders: SHA-256(nonce || lines joined by "\n").
Bytes commitment(const Bytes& nonce, const std::vector<std::string>& lines);
std::string canonical_bytes(const std::vector<std::string>& lines);

Seed to_seed(const Bytes& bytes);
Bytes state_hash(const State& state);

// The first link of a game's chain: binds the chain to the game's identity,
// its committed seed and its initial position.
Bytes genesis_hash(std::int64_t game_id, const std::string& scenario_full_id, int players,
                   const Bytes& seed_hash, const Bytes& initial_state_hash);

// Resolves the state's current step with the game's dice and records it.
PlayedStep play_step(const State& state, const std::vector<SeatOrders>& orders, const Seed& seed,
                     const Bytes& prev_hash);

// Text forms stored in the steps table.
std::string rolls_text(const std::vector<DieRoll>& rolls);
std::string events_text(const std::vector<Event>& events);

}  // namespace naumachia::server
