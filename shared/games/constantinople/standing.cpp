// Constantinople: how a side stands (State::standing), for a computer
// player's judgement. It reads only the position, as the Ottoman's progress
// toward the naval game's victory (docs/rules/constantinople.md: five
// Ottoman ships commanding the Golden Horn, 11.41 and 13.0); the
// Byzantine's standing is its negation.
#include <algorithm>

#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

// A decided game outweighs every difference of material or position.
constexpr double kDecided = 100000;
// Ottoman ships the victory asks for in the Golden Horn.
constexpr int kHornShips = 5;

}  // namespace

// 3.22, 15.2: a ship is worth its melee strength on the face it shows
// (reduced, 15.35, or crew ashore, 16.0), more afloat than sunk; a Damaged
// ship (15.34) has lost part of it. Ships still to arrive (19.1) count.
double Board::ship_worth(const Ship& s) const {
  if (s.sunk) return 0;
  return values(s).melee + (s.damaged ? 1.0 : 2.5);
}

// How far `s` is from getting into the Golden Horn: across the Boom
// (15.6: broken, 15.64, or controlled, 15.61), or by the Great Portage from
// Pera's Bosphorus shore once it is open (17.1, 17.23).
int Board::distance_to_horn(const Ship& s, const std::vector<HexId>& portage_starts) const {
  const Map& m = sc_->map;
  if (!s.on_map) return 30;  // off the south edge (19.1)
  if (m.in_horn(s.hex)) return 0;
  int best = 99;
  for (const auto& [a, b] : m.boom_sides()) {
    const HexId outside = m.in_horn(a) ? b : a;
    best = std::min(best, hex::distance(s.hex, outside) + 1);
  }
  if (cls(s).kind != Kind::Galley)
    for (const HexId h : portage_starts) best = std::min(best, hex::distance(s.hex, h) + 1);
  return best;
}

double Board::ottoman_progress() const {
  const Map& m = sc_->map;
  double v = 0;
  int ott_horn = 0, byz_horn = 0;
  for (const auto& [id, s] : ships_) {
    v += (s.side == Side::Ottoman ? 1 : -1) * ship_worth(s);
    if (!afloat(s) || !m.in_horn(s.hex)) continue;
    (s.side == Side::Ottoman ? ott_horn : byz_horn) += 1;
  }
  // The victory: five Ottoman ships in the Golden Horn, no Byzantine one.
  v += 6.0 * std::min(ott_horn, kHornShips) + 1.0 * std::max(0, ott_horn - kHornShips);
  v -= 5.0 * byz_horn;
  // The ways in: the Boom broken (15.64) or held (15.61), its assaults
  // (17.1) opening the Great Portage.
  if (boom_broken_) v += 12;
  if (boom_owner_ == Side::Ottoman) v += 6;
  v += 2.0 * boom_assaults_ + (portage_earned_ ? 5 : 0);
  // Each Ottoman ship's way to the Horn, and once there to the Byzantine
  // ships it must drive out or sink.
  std::vector<HexId> portage_starts;
  if (portage_open())
    for (int c = m.first_col(); c <= m.last_col(); ++c)
      for (int r = m.first_row(); r <= m.last_row(); ++r) {
        const HexId h{c, r};
        if (m.at(h).shore == Shore::Pera && m.at(h).region == Region::Bosphorus)
          portage_starts.push_back(h);
      }
  for (const auto& [id, s] : ships_) {
    if (s.side != Side::Ottoman || s.sunk) continue;
    const int d = distance_to_horn(s, portage_starts);
    v -= 0.25 * d;
    if (d == 0 && byz_horn > 0) {
      int nearest = 99;
      for (const auto& [tid, t] : ships_)
        if (t.side == Side::Byzantine && afloat(t) && m.in_horn(t.hex))
          nearest = std::min(nearest, hex::distance(s.hex, t.hex));
      v -= 0.1 * nearest;
    }
  }
  return v;
}

double Board::standing(Side me) const {
  if (over_) return winner_ == me ? kDecided : -kDecided;
  return (me == Side::Ottoman ? 1 : -1) * ottoman_progress();
}

}  // namespace naumachia::constantinople
