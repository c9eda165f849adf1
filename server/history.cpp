#include "history.h"

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

std::string record_text(const PlayedStep& p, const std::vector<SeatOrders>& orders,
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

StateHasher StateHasher::for_game(int scheme, const Bytes& seed) {
  if (scheme == kPlain) return StateHasher{kPlain, {}};
  if (scheme != kSalted) throw std::runtime_error("unknown hash scheme " + std::to_string(scheme));
  return StateHasher{kSalted, state_salt(seed)};
}

Bytes StateHasher::operator()(const State& state) const {
  return scheme == kPlain ? sha256(state.serialize()) : hmac_sha256(salt, state.serialize());
}

Bytes genesis_hash(const Genesis& g) {
  // Scheme-1 games keep the text their chains were started with.
  std::string out =
      g.hash_scheme == StateHasher::kPlain ? "naumachia-genesis-v1\n" : "naumachia-genesis-v2\n";
  field(out, "game", std::to_string(g.game_id));
  field(out, "scenario", g.scenario);
  field(out, "players", std::to_string(g.players));
  if (g.hash_scheme != StateHasher::kPlain) {
    field(out, "rules", std::to_string(g.rules.value));
    field(out, "hash_scheme", std::to_string(g.hash_scheme));
  }
  field(out, "seed_hash", hex(g.seed_hash));
  field(out, "state", hex(g.initial_state_hash));
  return sha256(out);
}

PlayedStep play_step(const State& state, const std::vector<SeatOrders>& orders, const Seed& seed,
                     const StateHasher& hasher, const Bytes& prev_hash) {
  PlayedStep p;
  p.before = state.step();
  std::map<PlayerId, OrderSet> by_player;
  for (const SeatOrders& o : orders) {
    by_player[PlayerId{o.seat}] = OrderSet{o.lines};
    p.orders_audience.push_back(state.orders_audience(PlayerId{o.seat}));
  }
  SeededDice dice(seed, p.before.number);
  p.resolution = state.resolve(by_player, dice);
  p.rolls = dice.log();
  p.state_hash = hasher(*p.resolution.next);
  p.record_hash = sha256(record_text(p, orders, prev_hash));
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
