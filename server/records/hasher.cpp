#include "records/hasher.h"

#include <stdexcept>

namespace naumachia::server {

void append_field(std::string& out, std::string_view tag, std::string_view value) {
  out += tag;
  out += ' ';
  out += std::to_string(value.size());
  out += ':';
  out += value;
  out += '\n';
}

Bytes state_salt(const Bytes& seed) {
  std::string data = "naumachia-state-salt-v1\n";
  data.append(seed.begin(), seed.end());
  return sha256(data);
}

GameHasher GameHasher::for_game(int scheme, const Bytes& seed) {
  if (scheme == kPlain) return GameHasher{kPlain, {}};
  if (scheme != kSaltedStates && scheme != kKeyedRecords)
    throw std::runtime_error("unknown hash scheme " + std::to_string(scheme));
  return GameHasher{scheme, state_salt(seed)};
}

Bytes GameHasher::state_hash(const State& state) const {
  return scheme == kPlain ? sha256(state.serialize()) : hmac_sha256(salt, state.serialize());
}

Bytes GameHasher::record_hash(std::string_view text) const {
  return keyed_records() ? hmac_sha256(salt, text) : sha256(text);
}

Bytes genesis_hash(const Genesis& g) {
  // Older games keep the text their chains were started with.
  const char* version = g.hash_scheme == GameHasher::kPlain          ? "naumachia-genesis-v1\n"
                        : g.hash_scheme == GameHasher::kSaltedStates ? "naumachia-genesis-v2\n"
                                                                     : "naumachia-genesis-v3\n";
  std::string out = version;
  append_field(out, "game", std::to_string(g.game_id));
  append_field(out, "scenario", g.scenario);
  append_field(out, "players", std::to_string(g.players));
  if (g.hash_scheme != GameHasher::kPlain) {
    append_field(out, "rules", std::to_string(g.rules.value));
    append_field(out, "hash_scheme", std::to_string(g.hash_scheme));
  }
  if (g.hash_scheme >= GameHasher::kKeyedRecords)
    append_field(out, "deadline_seconds", std::to_string(g.deadline_seconds));
  append_field(out, "seed_hash", hex(g.seed_hash));
  append_field(out, "state", hex(g.initial_state_hash));
  return sha256(out);
}

GameHasher hasher_of(const GameRow& g) {
  return GameHasher::for_game(g.hash_scheme, g.seed);
}

Bytes genesis_of(const GameRow& g, const Bytes& initial_state_hash) {
  return genesis_hash(Genesis{g.id, g.full_scenario(), g.players, RulesVersion{g.rules_version},
                              g.hash_scheme, g.deadline_seconds, g.seed_hash, initial_state_hash});
}

}  // namespace naumachia::server
