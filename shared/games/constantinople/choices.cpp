// Constantinople: orders choice by choice (core/choices.h, docs/order-choices.md).
// A ship (or a leader, or a ship to bombard) is a decision; its label shows
// its counter, its mode and what it may do, so that a newcomer sees it. The
// deployment and the havens are a hex and a facing; a melee is its targets
// and, next to several, the points on each; the Planning Phase is sailors
// ashore or aboard, a leader's place, a portage and the ships the Pera guns
// fire at. Movement orders are built action by action in course.cpp.
//
// Hidden information: the naval game is played in the open (view.cpp shows
// every ship, its values, mode and marks to both players); the proposals
// are built from that position alone and never from the other player's
// orders of the step, which stay secret until both have committed.
#include <array>

#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

constexpr std::array<Dir, 6> kDirs{Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW};

// " facing S": the facing that ends a deployment, a portage or an arrival.
std::vector<Choice> facing_choices(const Map& m, HexId at) {
  std::vector<Choice> out;
  for (const Dir d : kDirs)
    out.push_back(
        {std::string(" facing ") + hex::name(d),
         std::string("facing ") + hex::name(d) + " (geographic " + hex::name(m.compass(d)) + ")",
         {hx(at)},
         true,
         true});
  return out;
}

Decision ship_decision(const Board& b, const Ship& s, std::string otherwise) {
  std::vector<std::string> cells;
  if (b.afloat(s)) cells.push_back(hx(s.hex));
  return {s.id, b.ship_label(s), s.id + ":", std::move(cells), std::move(otherwise)};
}

Choice ship_choice(const Board& b, const std::string& before, const Ship& s, std::string label) {
  std::vector<std::string> cells;
  if (b.afloat(s)) cells.push_back(hx(s.hex));
  return {before + s.id, std::move(label), std::move(cells), true, true};
}

}  // namespace

// "G1 (Galley 4 4 C 4/7-10) at 3531 facing S, oar: 4 MP cruising, 7 at Battle Speed".
std::string Board::ship_label(const Ship& s) const {
  std::string out = s.id + " (" + cls(s).name + " " + counter_text(s) + ")";
  if (!s.on_map) {
    out += " off the map";
  } else {
    out += " at " + hx(s.hex) + " facing " + hex::name(s.facing);
  }
  if (s.to_sail) {
    out += ", making sail: under sail at capability 1 this segment (14.18)";
  } else if (s.prop == Propulsion::Oar) {
    out += ", oar: " + std::to_string(oar_allowance(s, false)) + " MP cruising, " +
           std::to_string(oar_allowance(s, true)) + " at Battle Speed (14.16)";
  } else {
    const auto [lo, hi] = sail_range(s);
    out += ", sail: capability " + std::to_string(s.capability) + ", may set " +
           std::to_string(lo) + "-" + std::to_string(hi) + " (14.21, 14.22)";
  }
  if (s.damaged) out += ", Damaged (15.34)";
  if (s.reduced) out += s.side == Side::Ottoman ? ", reduced (15.35)" : ", crew ashore (16.0)";
  if (s.ineffective_in == abs_impulse()) out += ", Ineffective (15.33)";
  if (s.battle_in > 0 && s.battle_in == abs_impulse() - 1)
    out += ", rowed at Battle Speed last segment (14.17)";
  if (!s.engaged.empty()) out += ", engaged with " + s.engaged + " (15.15)";
  if (!s.leader.empty()) out += ", " + s.leader + " aboard";
  return out;
}

// ------------------------------------------------------------ deployment (19.1)

std::vector<Decision> Board::setup_decisions() const {
  std::vector<Decision> out;
  for (const auto& [id, s] : ships_) {
    if (s.side != Side::Byzantine || s.sunk || sc_->arrives.count(id)) continue;
    const auto d = sc_->default_setup.find(id);
    out.push_back(ship_decision(
        *this, s,
        d == sc_->default_setup.end()
            ? "placed in the first free hex of the Golden Horn (the default deployment)"
            : "placed at " + hx(d->second.first) + " facing " + hex::name(d->second.second) +
                  " (the default deployment)"));
  }
  for (const auto& [l, ship] : leaders_) {
    if (ship == "lost") continue;
    const auto d = sc_->default_leaders.find(l);
    out.push_back({l,
                   l + ", Byzantine naval leader: +1 to the melee defence of his galley (15.26)",
                   l + ":",
                   {},
                   d == sc_->default_leaders.end()
                       ? "stays ashore"
                       : "goes aboard " + d->second + " (the default deployment)"});
  }
  return out;
}

// A galley: a free hex of the Golden Horn, then its facing. A leader: a galley.
std::vector<Choice> Board::setup_ways(const Decision& d, const Path& path) const {
  std::vector<Choice> out;
  if (leaders_.count(d.id)) {
    if (!path.empty()) return out;
    for (const auto& [id, s] : ships_)
      if (s.side == Side::Byzantine && !s.sunk && !sc_->arrives.count(id))
        out.push_back(ship_choice(*this, " ", s, "aboard " + describe(s)));
    return out;
  }
  const Map& m = sc_->map;
  if (path.size() == 1) return facing_choices(m, *hex::parse_hex(path[0].substr(1)));
  if (!path.empty()) return out;
  for (int r = m.first_row(); r <= m.last_row(); ++r)
    for (int c = m.first_col(); c <= m.last_col(); ++c) {
      const HexId h{c, r};
      if (m.in_horn(h) && m.enterable(h) && !ship_at(h))
        out.push_back(
            {" " + hx(h), "at " + hx(h) + " (" + Map::terrain_name(m.at(h)) + ")", {hx(h)}});
    }
  return out;
}

// ------------------------------------------------------------ movement (14.0)

std::vector<Decision> Board::move_decisions(Side side) const {
  std::vector<Decision> out;
  for (const auto& [id, s] : ships_) {
    if (s.side != side || s.sunk) continue;
    if (!s.on_map) {
      const auto late = sc_->arrives.find(id);
      if (late != sc_->arrives.end() && (turn_ < late->second || !favourable_wind())) continue;
    }
    // What play_moves does with a ship given no order.
    std::string otherwise =
        !s.on_map            ? "stays off the map (19.1)"
        : !s.engaged.empty() ? "stays engaged with " + s.engaged + " (15.15)"
        : s.to_sail          ? "sails straight ahead at capability 1 (14.18, 14.21)"
        : s.prop == Propulsion::Oar
            ? "stays where it is, and drifts with the wind if it enters no hex (14.26)"
            : "holds its course, shortening sail to capability " +
                  std::to_string(sail_range(s).first) + " (14.21, 14.22)";
    out.push_back(ship_decision(*this, s, std::move(otherwise)));
  }
  return out;
}

// ------------------------------------------------------------ melee (15.2)

std::vector<Decision> Board::melee_decisions(Side side) const {
  std::vector<Decision> out;
  for (const auto& [id, s] : ships_) {
    if (s.side != side || !afloat(s) || s.ineffective_in == abs_impulse()) continue;
    const auto targets = melee_targets(s);
    if (targets.empty()) continue;
    Decision d = ship_decision(*this, s, "does not attack (15.2)");
    d.label += ": Melee Strength " + std::to_string(values(s).melee) + " against ";
    for (std::size_t k = 0; k < targets.size(); ++k) d.label += (k ? ", " : "") + targets[k]->id;
    out.push_back(std::move(d));
  }
  return out;
}

// 15.24: a sole enemy with the whole strength; next to several, all of them,
// the points split target by target (the last takes what is left).
std::vector<Choice> Board::melee_ways(const Decision& d, const Path& path) const {
  std::vector<Choice> out;
  const auto it = ships_.find(d.id);
  if (it == ships_.end()) return out;
  const auto targets = melee_targets(it->second);
  const int strength = values(it->second).melee;
  const std::size_t k = path.size();
  if (k >= targets.size()) return out;
  const Ship& t = *targets[k];
  const std::string before = k == 0 ? " attack " : ", ";
  if (targets.size() == 1) {
    out.push_back({before + t.id,
                   "attack " + describe(t) + " with all " + std::to_string(strength) +
                       " points (defence " + std::to_string(melee_defence(t)) + ")",
                   {hx(t.hex)},
                   true,
                   true});
    return out;
  }
  int left = strength;
  for (const std::string& piece : path) left -= std::stoi(piece.substr(piece.rfind(' ') + 1));
  const bool last = k + 1 == targets.size();
  for (int n = last ? left : 0; n <= left; ++n)
    out.push_back({before + t.id + " " + std::to_string(n),
                   std::to_string(n) + " of " + std::to_string(strength) + " points on " +
                       describe(t) + " (defence " + std::to_string(melee_defence(t)) + ")",
                   {hx(t.hex)},
                   last,
                   last});
  return out;
}

// ------------------------------------------------------------ storm havens (14.29)

std::vector<Decision> Board::haven_decisions() const {
  std::vector<Decision> out;
  for (const std::string& id : storm_survivors())
    out.push_back(ship_decision(*this, ships_.at(id),
                                "takes the first free haven in the map's order (14.29)"));
  return out;
}

std::vector<Choice> Board::haven_ways(const Decision&, const Path& path) const {
  std::vector<Choice> out;
  if (!path.empty()) return out;
  for (const HexId h : sc_->map.havens())
    if (!ship_at(h)) out.push_back({" " + hx(h), "shelter at " + hx(h), {hx(h)}, true, true});
  return out;
}

// ------------------------------------------------------------ planning (16.0, 17.2, 15.7)

std::vector<Decision> Board::planning_decisions(Side side) const {
  std::vector<Decision> out;
  const Map& m = sc_->map;
  if (side == Side::Byzantine) {
    for (const auto& [id, s] : ships_)
      if (s.side == side && afloat(s) && m.at(s.hex).code == 'k')
        out.push_back(ship_decision(
            *this, s,
            s.reduced ? "its sailors stay ashore (16.0)" : "its crew stays aboard (16.0)"));
    for (const auto& [l, ship] : leaders_) {
      if (ship == "lost") continue;
      if (!ship.empty() && m.at(ships_.at(ship).hex).code != 'k') continue;
      out.push_back({l, l + (ship.empty() ? " (ashore)" : " (aboard " + ship + ")"), l + ":",
                     ship.empty() ? std::vector<std::string>{}
                                  : std::vector<std::string>{hx(ships_.at(ship).hex)},
                     "stays where he is (16.0)"});
    }
    return out;
  }
  if (portage_open()) {
    for (const auto& [id, s] : ships_)
      if (s.side == side && afloat(s) && cls(s).kind != Kind::Galley && s.engaged.empty() &&
          m.at(s.hex).shore == Shore::Pera && m.at(s.hex).region == Region::Bosphorus)
        out.push_back(ship_decision(*this, s, "stays in the Bosphorus (17.22)"));
  }
  if (sc_->tables.guns_on(turn_) > 0) {
    for (const auto& [id, t] : ships_)
      if (t.side == Side::Byzantine && afloat(t) && m.in_horn(t.hex))
        out.push_back({id,
                       "bombard " + ship_label(t) +
                           " from Pera (15.73: 2 or 12 sinks, 11 damages; " +
                           std::to_string(sc_->tables.guns_on(turn_)) + " guns, one ship each)",
                       "bombard",
                       {hx(t.hex)},
                       "is not bombarded (15.72)"});
  }
  return out;
}

std::vector<Choice> Board::planning_ways(Side side, const Decision& d, const Path& path) const {
  std::vector<Choice> out;
  const Map& m = sc_->map;
  if (d.text == "bombard") {
    if (path.empty()) out.push_back(ship_choice(*this, " ", ships_.at(d.id), "bombard it"));
    return out;
  }
  if (side == Side::Byzantine && leaders_.count(d.id)) {
    if (!path.empty()) return out;
    out.push_back({" ashore", "go ashore (16.0)", {}, true, true});
    for (const auto& [id, s] : ships_)
      if (s.side == side && afloat(s) && m.at(s.hex).code == 'k')
        out.push_back(ship_choice(*this, " ", s, "go aboard " + describe(s)));
    return out;
  }
  const auto it = ships_.find(d.id);
  if (it == ships_.end()) return out;
  if (side == Side::Byzantine) {
    if (path.empty())
      out.push_back(it->second.reduced
                        ? Choice{" aboard", "bring the sailors back aboard (16.0)", {}, true, true}
                        : Choice{" ashore", "send the sailors ashore (16.0)", {}, true, true});
    return out;
  }
  // 17.22: a Pera coastal hex of the Golden Horn near the landing, then a facing.
  if (path.size() == 1) return facing_choices(m, *hex::parse_hex(path[0].substr(9)));
  if (!path.empty()) return out;
  for (int r = m.first_row(); r <= m.last_row(); ++r)
    for (int c = m.first_col(); c <= m.last_col(); ++c) {
      const HexId h{c, r};
      const HexInfo& i = m.at(h);
      if (i.shore == Shore::Pera && i.region == Region::Horn && !ship_at(h) &&
          hex::distance(h, m.portage_centre()) <= m.portage_radius())
        out.push_back({" portage " + hx(h), "portage over Pera to " + hx(h), {hx(h)}});
    }
  return out;
}

}  // namespace naumachia::constantinople
