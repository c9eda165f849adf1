#pragma once
// How a step is played and recorded: the one code path shared by live play,
// the admin replay and the players' replay, so a replay checks exactly what
// the server did.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "crypto.h"

namespace naumachia::server {

struct SeatOrders {
  int seat = 0;
  std::vector<std::string> lines;  // canonical
  Bytes nonce;
  bool defaulted = false;
};

// How a game's state hashes are made (games.hash_scheme). Scheme 1, for games
// stored before salting: SHA-256 of the canonical state. Scheme 2: HMAC-SHA256
// keyed with a salt derived from the secret dice seed, so that a hash sent to
// players is no oracle for a low-entropy secret; the salt is revealed with the
// seed at the end, and then anyone can check every hash.
struct StateHasher {
  static constexpr int kPlain = 1;
  static constexpr int kSalted = 2;

  int scheme = kSalted;
  Bytes salt;  // empty for kPlain

  static StateHasher for_game(int scheme, const Bytes& seed);
  Bytes operator()(const State& state) const;
};

// The salt of a scheme-2 game: SHA-256 of a fixed label and the seed.
Bytes state_salt(const Bytes& seed);

struct PlayedStep {
  StepInfo before;  // the step that was resolved
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

// What the first link of a game's chain binds: the game's identity, its rules
// version, its committed seed and its initial position.
struct Genesis {
  std::int64_t game_id = 0;
  std::string scenario;  // "<game>/<scenario>"
  int players = 0;
  RulesVersion rules;
  int hash_scheme = StateHasher::kSalted;
  Bytes seed_hash;
  Bytes initial_state_hash;
};
Bytes genesis_hash(const Genesis& g);

// Resolves the state's current step with the game's dice and records it.
PlayedStep play_step(const State& state, const std::vector<SeatOrders>& orders, const Seed& seed,
                     const StateHasher& hasher, const Bytes& prev_hash);

// Text forms stored in the steps table. An event for some seats only is
// prefixed with its audience ("[seats 0 2] ..."); public events are not.
std::string rolls_text(const std::vector<DieRoll>& rolls);
std::string events_text(const std::vector<Event>& events);

}  // namespace naumachia::server
