#pragma once
// How a step is played and recorded: the one code path shared by live play,
// the admin replay and the players' replay, so a replay checks exactly what
// the server did.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/crypto.h"
#include "core/game.h"
#include "core/result.h"

namespace naumachia::server {

struct SeatOrders {
  int seat = 0;
  std::vector<std::string> lines;  // canonical
  Bytes nonce;
  bool defaulted = false;
};

// How a game's hashes are made (games.hash_scheme). A game keeps the scheme it
// was created under for its whole life, so that a stored game never verifies
// differently.
//  1 (games stored before salting): state hash SHA-256 of the canonical state;
//    record hash SHA-256 of the step-v1 text.
//  2: state hash HMAC-SHA256 keyed with the state salt, a secret derived from
//    the dice seed, so that a hash sent to players is no oracle for hidden
//    state; the salt is revealed with the seed at the end. Record hash as in 1.
//  3 (every game created since): the record hash too is HMAC-SHA256 keyed with
//    the state salt, over the step-v2 text, which holds every stored field of
//    the step; the genesis also binds the step deadline. A keyed record hash
//    may be sent to players while the game runs: it reveals nothing of hidden
//    orders or events, and once the salt is revealed anyone can recompute it.
struct GameHasher {
  static constexpr int kPlain = 1;
  static constexpr int kSaltedStates = 2;
  static constexpr int kKeyedRecords = 3;
  static constexpr int kCurrent = kKeyedRecords;  // the scheme of new games

  int scheme = kCurrent;
  Bytes salt;  // empty for kPlain

  // Throws std::runtime_error for a scheme this build does not know.
  static GameHasher for_game(int scheme, const Bytes& seed);
  Bytes state_hash(const State& state) const;
  Bytes record_hash(std::string_view record_text) const;
  bool keyed_records() const { return scheme >= kKeyedRecords; }
};

// The salt of a scheme-2 or scheme-3 game: SHA-256 of a fixed label and the seed.
Bytes state_salt(const Bytes& seed);

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

// What the first link of a game's chain binds: the game's identity, its rules
// version, its committed seed, its initial position and (scheme 3) its step
// deadline.
struct Genesis {
  std::int64_t game_id = 0;
  std::string scenario;  // "<game>/<scenario>"
  int players = 0;
  RulesVersion rules;
  int hash_scheme = GameHasher::kCurrent;
  std::int64_t deadline_seconds = 0;
  Bytes seed_hash;
  Bytes initial_state_hash;
};
Bytes genesis_hash(const Genesis& g);

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
