// Tyre: how a side stands (State::standing), for a computer player's
// judgement. It reads only the position: the victory conditions (18.0),
// the ships' strength (3.32, 6.4, 6.5), the siege's progress (the mole 14.1,
// the walls 7.15, the engines 13.0) and, in the assault, how near the
// Macedonian army is to the Temple of Hercules and the Agenorium (18.1).
#include <algorithm>
#include <limits>

#include "core/galley.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

// A decided game outweighs every difference of material or position.
constexpr double kDecided = 100000;

// Where a Macedonian land unit or leader stands for the assault: its hex,
// or the hex of the ship carrying it.
std::optional<HexId> army_hex(const Board& b, Where at, HexId hex, const std::string& ship) {
  if (at == Where::Hex) return hex;
  if (at != Where::Ship) return std::nullopt;
  const auto s = b.ships_.find(ship);
  if (s == b.ships_.end() || s->second.sunk || !s->second.on_map) return std::nullopt;
  return s->second.hex;
}

}  // namespace

// 3.32, 6.34, 6.5: a ship is worth its melee strength on the side it shows,
// and more afloat than sunk; a damaged ship has lost its front face. The
// fireship is spent in its one attack (14.43): it is worth nothing kept.
double Board::ship_worth(const Ship& s) const {
  if (s.sunk || s.fireship) return 0;
  return values(s).melee + (s.damaged ? 1.0 : 3.0);
}

// The naval war: every ship of the side afloat (or still to come, 17.2),
// its naval leaders (16.0), and the local odds of the ships in contact: a
// melee is judged on the strength differential (6.5) and a ram needs the
// rammer 3+ hexes off the target's broadside (6.11-6.13).
double Board::naval_standing(Side me) const {
  double v = 0;
  for (const auto& [id, s] : ships_) v += (s.side == me ? 1 : -1) * ship_worth(s);
  for (const auto& [id, l] : leaders_)
    if (!l.drowned) v += (fleet_side(l.fleet) == me ? 1.5 : -1.5);

  // Ships in contact and ships in ramming reach.
  for (const auto& [id, s] : ships_) {
    if (!s.on_map || s.sunk || s.fireship) continue;
    const double sign = s.side == me ? -1 : 1;  // s's danger is bad for its side
    int enemies_next = 0, strongest[2] = {0, 0};
    bool rammable = false;
    for (const auto& [eid, e] : ships_) {
      if (e.side == s.side || !e.on_map || e.sunk) continue;
      const int d = hex::distance(s.hex, e.hex);
      if (d == 1 && melee_problem(e, s).empty() && !is_disrupted(e)) {
        ++enemies_next;
        const int m = values(e).melee;
        if (m > strongest[0]) {
          strongest[1] = strongest[0];
          strongest[0] = m;
        } else if (m > strongest[1]) {
          strongest[1] = m;
        }
      }
      if (d >= 3 && d <= values(e).ramming_speed + 1 && e.pinned_with.empty() && !is_disrupted(e) &&
          !transporting(e) && galley::aspect({s.hex, s.facing}, e.hex) == galley::Aspect::Broadside)
        rammable = true;
    }
    // 6.23: at most two ships attack one; 6.5: the differential decides.
    if (enemies_next > 0) {
      const int diff = strongest[0] + strongest[1] - values(s).melee;
      v += sign * 0.35 * std::max(0, diff + 2);
    }
    // 6.4: about one ram in two hurts (a trireme on a trireme: 4-6, then 4-6).
    if (rammable) v += sign * 0.25 * ship_worth(s);
  }

  // The stronger fleet closes with the weaker: for the side with more ships'
  // worth on the map, each ship's distance to the nearest enemy counts
  // against it; the weaker side keeps away.
  double afloat[2] = {0, 0};
  for (const auto& [id, s] : ships_)
    if (s.on_map) afloat[static_cast<int>(s.side)] += ship_worth(s);
  const Side stronger = afloat[0] >= afloat[1] ? Side::Tyrian : Side::Macedonian;
  for (const auto& [id, s] : ships_) {
    if (s.side != stronger || !s.on_map || s.sunk || s.fireship) continue;
    int nearest = 99;
    for (const auto& [eid, e] : ships_)
      if (e.side != s.side && e.on_map && !e.sunk && !in_port_or_beach(e.hex))
        nearest = std::min(nearest, hex::distance(s.hex, e.hex));
    if (nearest < 99) v += (stronger == me ? -0.03 : 0.03) * nearest;
  }
  return v;
}

// The siege, as the Macedonian's progress toward 18.1 (the Tyrian's
// standing is its negation): the mole built (14.1), breach damage to the
// walls (7.15), the engines and the armies, and in the assault how far the
// army stands from the two objectives.
double Board::siege_progress() const {
  double v = 0;
  v += 2.0 * static_cast<double>(mole_.size());
  for (const auto& [h, d] : walls_) v += std::min(d, kBreach) + (d >= kBreach ? 6 : 0);
  for (const auto& [id, e] : engines_) {
    if (e.at == Where::Dead) continue;
    v += side_of(e.kind) == Side::Macedonian ? 2 : -2;
  }
  for (const auto& [id, u] : units_) {
    if (u.at == Where::Dead) continue;
    v += (u.t.side == Side::Macedonian ? 1 : -1) * (1.0 + u.t.melee);
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.at == Where::Dead) continue;
    v += (l.t.side == Side::Macedonian ? 1 : -1) * 3.0;
  }
  if (plan_ != Plan::Assault) return v;

  // 18.1, 18.2: in the assault each objective held counts most; else the
  // nearest Macedonian unit's distance to it, and units on the island.
  for (const Terrain goal : {Terrain::Temple, Terrain::Agenorium}) {
    if (objective_held(goal)) {
      v += 80;
      continue;
    }
    std::optional<HexId> target;
    for (const HexId h : sc_->map.all_hexes())
      if (terrain(h) == goal) target = h;
    if (!target) continue;
    int nearest = 40;
    for (const auto& [id, u] : units_) {
      if (u.t.side != Side::Macedonian) continue;
      const auto at = army_hex(*this, u.at, u.hex, u.ship);
      if (!at) continue;
      // Aboard a ship a unit has still to land (8.3): two hexes' worth more.
      nearest = std::min(nearest, hex::distance(*at, *target) + (u.at == Where::Ship ? 2 : 0));
    }
    v -= 2.0 * nearest;
  }
  for (const auto& [id, u] : units_)
    if (u.t.side == Side::Macedonian && u.at == Where::Hex && is_island(terrain(u.hex))) v += 2;
  return v;
}

double Board::standing(Side me) const {
  // 18.1, 18.2: a decided game.
  if (over_) return winner_ == me ? kDecided : -kDecided;
  double v = naval_standing(me);
  if (siege_) v += (me == Side::Macedonian ? 1 : -1) * siege_progress();
  return v;
}

}  // namespace naumachia::tyre
