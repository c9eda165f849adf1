#include "records/step.h"

#include <algorithm>
#include <stdexcept>

namespace naumachia::server {

namespace {

// Length-prefixed, so that no choice of order text can make two different
// records produce the same bytes.
void field(std::string& out, std::string_view tag, std::string_view value) {
  out += tag;
  out += ' ';
  out += std::to_string(value.size());
  out += ':';
  out += value;
  out += '\n';
}

// Schemes 1 and 2: the text their stored chains were made with.
std::string record_text_v1(const PlayedStep& p, const std::vector<SeatOrders>& orders,
                           const Bytes& prev_hash) {
  std::string out = "naumachia-step-v1\n";
  field(out, "prev", hex(prev_hash));
  field(out, "step", std::to_string(p.before.number.value));
  for (const SeatOrders& o : orders) {
    field(out, "seat", std::to_string(o.seat));
    field(out, "nonce", hex(o.nonce));
    field(out, "defaulted", o.defaulted ? "1" : "0");
    field(out, "orders", canonical_bytes(o.lines));
  }
  field(out, "rolls", rolls_text(p.rolls));
  field(out, "events", events_text(p.resolution.events));
  field(out, "state", hex(p.state_hash));
  return out;
}

// Scheme 3: every field stored for the step (its steps row and its orders
// rows) that is not a hash of the others, so that no stored fact of a step
// can change without changing its record hash.
std::string record_text_v2(const PlayedStep& p, const std::vector<SeatOrders>& orders,
                           const Bytes& prev_hash) {
  std::string out = "naumachia-step-v2\n";
  field(out, "prev", hex(prev_hash));
  field(out, "step", std::to_string(p.before.number.value));
  field(out, "label", p.before.label);
  field(out, "resolved_at", std::to_string(p.timing.resolved_at));
  field(out, "by_deadline", p.timing.by_deadline ? "1" : "0");
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const SeatOrders& o = orders[i];
    field(out, "seat", std::to_string(o.seat));
    field(out, "nonce", hex(o.nonce));
    field(out, "commitment", hex(commitment(o.nonce, o.lines)));
    field(out, "defaulted", o.defaulted ? "1" : "0");
    field(out, "audience", i < p.orders_audience.size() ? p.orders_audience[i].text() : "all");
    field(out, "orders", canonical_bytes(o.lines));
  }
  field(out, "rolls", rolls_text(p.rolls));
  field(out, "events", events_text(p.resolution.events));
  field(out, "state", hex(p.state_hash));
  return out;
}

}  // namespace

std::string canonical_bytes(const std::vector<std::string>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    out += lines[i];
  }
  return out;
}

Bytes commitment(const Bytes& nonce, const std::vector<std::string>& lines) {
  std::string data(nonce.begin(), nonce.end());
  data += canonical_bytes(lines);
  return sha256(data);
}

Expected<Seed> to_seed(const Bytes& bytes) {
  Seed seed{};
  if (bytes.size() != seed.size()) {
    return fail("the dice seed has " + std::to_string(bytes.size()) + " bytes; a seed has " +
                std::to_string(seed.size()));
  }
  std::copy_n(bytes.begin(), seed.size(), seed.begin());
  return seed;
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
  field(out, "game", std::to_string(g.game_id));
  field(out, "scenario", g.scenario);
  field(out, "players", std::to_string(g.players));
  if (g.hash_scheme != GameHasher::kPlain) {
    field(out, "rules", std::to_string(g.rules.value));
    field(out, "hash_scheme", std::to_string(g.hash_scheme));
  }
  if (g.hash_scheme >= GameHasher::kKeyedRecords)
    field(out, "deadline_seconds", std::to_string(g.deadline_seconds));
  field(out, "seed_hash", hex(g.seed_hash));
  field(out, "state", hex(g.initial_state_hash));
  return sha256(out);
}

std::string record_text(int hash_scheme, const PlayedStep& p, const std::vector<SeatOrders>& orders,
                        const Bytes& prev_hash) {
  return hash_scheme >= GameHasher::kKeyedRecords ? record_text_v2(p, orders, prev_hash)
                                                  : record_text_v1(p, orders, prev_hash);
}

PlayedStep play_step(const State& state, const std::vector<SeatOrders>& orders, const Seed& seed,
                     const GameHasher& hasher, const Bytes& prev_hash, const StepTiming& timing) {
  PlayedStep p;
  p.before = state.step();
  p.timing = timing;
  std::map<PlayerId, OrderSet> by_player;
  for (const SeatOrders& o : orders) {
    by_player[PlayerId{o.seat}] = OrderSet{o.lines};
    p.orders_audience.push_back(state.orders_audience(PlayerId{o.seat}));
  }
  SeededDice dice(seed, p.before.number);
  p.resolution = state.resolve(by_player, dice);
  p.rolls = dice.log();
  p.state_hash = hasher.state_hash(*p.resolution.next);
  p.record_hash = hasher.record_hash(record_text(hasher.scheme, p, orders, prev_hash));
  return p;
}

std::string rolls_text(const std::vector<DieRoll>& rolls) {
  std::string out;
  for (const DieRoll& r : rolls) {
    out += "d" + std::to_string(r.sides) + " " + std::to_string(r.value) + " " + r.purpose + "\n";
  }
  return out;
}

std::string events_text(const std::vector<Event>& events) {
  std::string out;
  for (const Event& e : events) {
    if (!e.audience.is_public()) out += "[" + e.audience.text() + "] ";
    out += e.text;
    for (const DieRoll& r : e.rolls) {
      out +=
          " [d" + std::to_string(r.sides) + "=" + std::to_string(r.value) + ": " + r.purpose + "]";
    }
    out += "\n";
  }
  return out;
}

}  // namespace naumachia::server
