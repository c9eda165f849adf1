#include "history.h"

#include <algorithm>
#include <cassert>

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

Seed to_seed(const Bytes& bytes) {
  assert(bytes.size() == 32);
  Seed seed{};
  std::copy_n(bytes.begin(), seed.size(), seed.begin());
  return seed;
}

Bytes state_hash(const State& state) {
  return sha256(state.serialize());
}

Bytes genesis_hash(std::int64_t game_id, const std::string& scenario_full_id, int players,
                   const Bytes& seed_hash, const Bytes& initial_state_hash) {
  std::string out = "naumachia-genesis-v1\n";
  field(out, "game", std::to_string(game_id));
  field(out, "scenario", scenario_full_id);
  field(out, "players", std::to_string(players));
  field(out, "seed_hash", hex(seed_hash));
  field(out, "state", hex(initial_state_hash));
  return sha256(out);
}

PlayedStep play_step(const State& state, const std::vector<SeatOrders>& orders, const Seed& seed,
                     const Bytes& prev_hash) {
  PlayedStep p;
  p.before = state.step();
  std::map<PlayerId, OrderSet> by_player;
  for (const SeatOrders& o : orders) by_player[PlayerId{o.seat}] = OrderSet{o.lines};
  SeededDice dice(seed, p.before.number);
  p.resolution = state.resolve(by_player, dice);
  p.rolls = dice.log();
  p.state_hash = state_hash(*p.resolution.next);
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
