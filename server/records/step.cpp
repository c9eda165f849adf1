#include "records/step.h"

#include <algorithm>
#include <map>

#include "core/text.h"

namespace naumachia::server {

namespace {

// Schemes 1 and 2: the text their stored chains were made with.
std::string record_text_v1(const PlayedStep& p, const std::vector<SeatOrders>& orders,
                           const Bytes& prev_hash) {
  std::string out = "naumachia-step-v1\n";
  append_field(out, "prev", hex(prev_hash));
  append_field(out, "step", std::to_string(p.before.number.value));
  for (const SeatOrders& o : orders) {
    append_field(out, "seat", std::to_string(o.seat));
    append_field(out, "nonce", hex(o.nonce));
    append_field(out, "defaulted", o.defaulted ? "1" : "0");
    append_field(out, "orders", canonical_bytes(o.lines));
  }
  append_field(out, "rolls", rolls_text(p.rolls));
  append_field(out, "events", events_text(p.resolution.events));
  append_field(out, "state", hex(p.state_hash));
  return out;
}

// Scheme 3: every field stored for the step (its steps row and its orders
// rows) that is not a hash of the others, so that no stored fact of a step
// can change without changing its record hash.
std::string record_text_v2(const PlayedStep& p, const std::vector<SeatOrders>& orders,
                           const Bytes& prev_hash) {
  std::string out = "naumachia-step-v2\n";
  append_field(out, "prev", hex(prev_hash));
  append_field(out, "step", std::to_string(p.before.number.value));
  append_field(out, "label", p.before.label);
  append_field(out, "resolved_at", std::to_string(p.timing.resolved_at));
  append_field(out, "by_deadline", p.timing.by_deadline ? "1" : "0");
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const SeatOrders& o = orders[i];
    append_field(out, "seat", std::to_string(o.seat));
    append_field(out, "nonce", hex(o.nonce));
    append_field(out, "commitment", hex(commitment(o.nonce, o.lines)));
    append_field(out, "defaulted", o.defaulted ? "1" : "0");
    append_field(out, "audience",
                 i < p.orders_audience.size() ? p.orders_audience[i].text() : "all");
    append_field(out, "orders", canonical_bytes(o.lines));
  }
  append_field(out, "rolls", rolls_text(p.rolls));
  append_field(out, "events", events_text(p.resolution.events));
  append_field(out, "state", hex(p.state_hash));
  return out;
}

}  // namespace

std::string canonical_bytes(const std::vector<std::string>& lines) {
  return text::join(lines, "\n");
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
