#pragma once
// How a game's hashes are made: the state hash of each position and the
// record hash of each step, chained from a first link that binds the game
// (its genesis). One unit for live play, which extends a game's chain, and
// replay, which recomputes it.
#include <cstdint>
#include <string>
#include <string_view>

#include "base/crypto.h"
#include "core/game.h"
#include "storage/rows.h"

namespace naumachia::server {

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

// Appends one field of a hashed text: "tag length:value\n". Length-prefixed,
// so that no choice of order text can make two different records produce the
// same bytes.
void append_field(std::string& out, std::string_view tag, std::string_view value);

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

// How the stored game's hashes are made, and its chain's first link.
GameHasher hasher_of(const GameRow& g);
Bytes genesis_of(const GameRow& g, const Bytes& initial_state_hash);

}  // namespace naumachia::server
