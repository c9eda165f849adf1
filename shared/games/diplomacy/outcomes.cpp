// Which orders of the movement phase that led to a position failed, for the
// picture of that position (Arrow.failed). The position after the phase does
// not keep the results (stored states, and so the determinism signatures,
// stay as they were): they are found again by putting each ordered unit back
// where its order says it stood, adjudicating the orders once more and
// keeping the results only when the units end where the position has them.
#include "games/diplomacy/outcomes.h"

#include <algorithm>

#include "games/diplomacy/arrows.h"

namespace naumachia::diplomacy {

namespace {

bool same_unit(const Unit& u, UnitType type, const std::vector<std::string>& powers) {
  return u.type == type && std::find(powers.begin(), powers.end(), u.power) != powers.end();
}

// The power of the unit an order of `seat` moves: one of the seat's powers,
// found where the unit may be now (dislodged where it stood, where it went,
// where it stood).
std::optional<std::string> power_of(const Position& after, const std::vector<std::string>& powers,
                                    const Order& o) {
  if (powers.size() == 1) return powers.front();
  const std::string from = province_of(o.location);
  if (const auto d = after.dislodged.find(from);
      d != after.dislodged.end() && same_unit(d->second.unit, o.type, powers))
    return d->second.unit.power;
  for (const std::string& at : {o.kind == OrderKind::Move ? province_of(o.dest) : from, from}) {
    if (const auto u = after.units.find(at);
        u != after.units.end() && same_unit(u->second, o.type, powers))
      return u->second.power;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::set<std::string>> failed_orders(const Map& map, const Position& after,
                                                   const PowerSeats& seats, const Rulings& rulings,
                                                   const RevealedLines& orders) {
  Position before;
  std::vector<Order> read;
  std::set<std::string> origins;
  for (const auto& [seat, lines] : orders) {
    const std::vector<std::string> powers = seats.powers_of(seat);
    for (const std::string& line : lines) {
      auto o = parse_order(map, order_of_line(line));
      if (!o) return std::nullopt;
      if (o->kind == OrderKind::Build || o->kind == OrderKind::Remove) return std::nullopt;
      const auto power = power_of(after, powers, *o);
      if (!power) return std::nullopt;
      o->power = *power;
      const std::string from = province_of(o->location);
      if (!before.units.emplace(from, Unit{o->type, *power, o->location}).second)
        return std::nullopt;
      origins.insert(from);
      read.push_back(*o);
    }
  }
  if (read.empty()) return std::nullopt;
  // Units without orders held: they are where they stood, or dislodged there.
  for (const auto& [prov, d] : after.dislodged)
    if (!origins.count(prov)) before.units.emplace(prov, d.unit);
  // A unit where an order moved one of its power and kind went there when
  // that order's province is empty now; when it is not (another unit went
  // there, or the mover failed) the unit either went there or held there
  // without orders: each way is tried, and kept when the adjudication leads
  // to the position drawn.
  std::vector<std::pair<std::string, Unit>> either;
  for (const auto& [prov, u] : after.units) {
    if (origins.count(prov)) continue;
    bool moved = false, maybe = false;
    for (const Order& o : read) {
      if (o.kind != OrderKind::Move || province_of(o.dest) != prov || o.power != u.power ||
          o.type != u.type)
        continue;
      const std::string from = province_of(o.location);
      (after.units.count(from) || after.dislodged.count(from) ? maybe : moved) = true;
    }
    if (moved) continue;
    if (maybe)
      either.emplace_back(prov, u);
    else
      before.units.emplace(prov, u);
  }
  if (either.size() > 8) return std::nullopt;
  before.phase = PhaseKind::Movement;
  std::map<std::string, Unit> dislodged_now;
  for (const auto& [prov, d] : after.dislodged) dislodged_now.emplace(prov, d.unit);
  for (unsigned held = 0; held < (1u << either.size()); ++held) {
    Position tried = before;
    for (std::size_t i = 0; i < either.size(); ++i)
      if (held & (1u << i)) tried.units.emplace(either[i].first, either[i].second);
    const PhaseResult r = adjudicate_movement(map, tried, read, rulings);
    std::map<std::string, Unit> dislodged_then;
    for (const auto& [prov, d] : r.next.dislodged) dislodged_then.emplace(prov, d.unit);
    if (r.next.units != after.units || dislodged_now != dislodged_then) continue;
    std::set<std::string> failed;
    for (const OrderResult& res : r.results)
      if (res.outcome != Outcome::Succeeds) failed.insert(province_of(res.order.location));
    return failed;
  }
  return std::nullopt;
}

}  // namespace naumachia::diplomacy
