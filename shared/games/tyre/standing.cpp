// Tyre: how a side stands (State::standing), for a computer player's
// judgement. It reads only the position: the victory conditions (18.0),
// the ships' strength (3.32, 6.4, 6.5), the siege's progress (the mole 14.1,
// the walls 7.15, the engines 13.0) and, in the assault, how near the
// Macedonian army is to the Temple of Hercules and the Agenorium (18.1).
#include <algorithm>
#include <limits>
#include <memory>

#include "core/galley.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

// A decided game outweighs every difference of material or position.
constexpr double kDecided = 100000;

// A Tyrian harbour's boom destroyed (9.32), and one held through an impulse
// by a Macedonian ship that destroys it if it holds through the next: about
// half a trireme's worth, so that a ship is spent on a boom only when no
// Tyrian ship is to be had.
constexpr double kBoomDestroyed = 4;
constexpr double kBoomWatched = 1.5;

// The farthest a Macedonian unit is counted from an objective: one left on
// the mainland (the assault's way made is counted from there).
constexpr int kFarthest = 60;

// A Macedonian combat unit ashore on the island in the assault, come in
// through a breach (8.32) or over a beach (8.31); a Tyrian one in a breach
// of a target wall bars the way in.
constexpr double kFoothold = 12;

// 4.0 1A, 18.2: an assault planned before the last Game-Turn with no breach
// of a target wall left standing after the Tyrian's repairs (7.3, planned in
// secret at the same time) lands nowhere and is lost at the tenth impulse:
// below the bombardment by more than an assault through a breach stands
// above it (400), so that the Macedonian plans one only when his breaches
// are likely to survive the repairs: about eleven chances in twelve or
// more. There are twelve Game-Turns to wait in (18.2), and the bombardment
// makes more breaches: at 750 (three chances in five) one assault in four
// landed nobody, and those made later were won more often; 1,500 and 2,500
// (four in five, seven in eight) won fewer games than 4,000.
constexpr double kNoBreach = 4000;

// The hexes a unit aboard without its leader is counted farther (15.12).
constexpr int kUncommanded = 10;

// A land leader aboard in the assault, whatever his ship carries yet: a
// leader loaded first draws the units of his contingent to his ship.
constexpr double kLeaderAboard = 1;

// A unit aboard a ship that may not move for want of command (16.12).
constexpr double kAdrift = 6;

// Each hex a naval leader's ship is from the target walls in the assault.
constexpr double kLeadTransports = 1;

// What each hex of each unit's way to an objective is worth, and an
// objective held beyond the way to it (18.1).
constexpr double kEachUnit = 0.25;
constexpr double kHeld = 200;

// Where a Macedonian land unit or leader stands for the assault: its hex,
// or the hex of the ship carrying it.
std::optional<HexId> army_hex(const Board& b, Where at, HexId hex, const std::string& ship) {
  if (at == Where::Hex) return hex;
  if (at != Where::Ship) return std::nullopt;
  const auto s = b.ships_.find(ship);
  if (s == b.ships_.end() || s->second.sunk || !s->second.on_map) return std::nullopt;
  return s->second.hex;
}

// 15.12, 8.21: a land leader of the unit's contingent aboard `ship`, the
// unit's (one leader a ship), who gives it its whole allowance.
bool commanded_aboard(const Board& b, const LandUnit& u, const std::string& ship) {
  return std::any_of(b.lleaders_.begin(), b.lleaders_.end(), [&](const auto& p) {
    const LandLeader& l = p.second;
    return l.t.side == u.t.side && l.at == Where::Ship && l.ship == ship &&
           l.t.commands(u.t.contingent);
  });
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
  for (const auto& [id, s] : ships_) {
    v += (s.side == me ? 1 : -1) * ship_worth(s);
    // 17.22: a fleet that has arrived does nothing off the map.
    if (!s.on_map && !s.sunk && arrived_.count(s.fleet)) v -= (s.side == me ? 1 : -1) * 1.5;
  }
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
    // 9.31: a ship that enters a beach runs aground on a roll up to its
    // grounding number. A beach is a shelter from melee (6.26) that only a
    // ship landing men (8.31) needs: one without them stands there at the
    // risk it ran to get in, so that the search, which draws only a few
    // rolls, does not take a lucky landing for a safe one (the beaches
    // rounding the island's north cost an empty ship no roll).
    if (sc_->map.terrain(s.hex) == Terrain::Beach && !transporting(s) &&
        !sc_->map.circumnavigation(s.hex))
      v += sign * ship_worth(s) * sc_->map.grounding(s.hex).value_or(0) / 6.0;
  }

  // 9.32: a boom destroyed opens its harbour to the Macedonian fleet (the
  // Tyrian navy, regrouped behind its booms every Game-Turn, 5.31, can be
  // fought nowhere else); a full-strength ship that has held a boom's side
  // through an impulse destroys it at the end of the next.
  const double macedonian = me == Side::Macedonian ? 1 : -1;
  for (const auto& boom : booms_) {
    const std::string& harbour = boom.first;  // named outside the lambda below
    if (!boom.second) {
      v += macedonian * kBoomDestroyed;
      continue;
    }
    const bool watched = std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
      return p.second.side == Side::Macedonian && p.second.on_map && !p.second.sunk &&
             p.second.boom_watch == harbour;
    });
    if (watched) v += macedonian * kBoomWatched;
  }

  // The stronger fleet closes with the weaker: for the side with more ships'
  // worth on the map or free to enter it (17.22: a fleet that has arrived
  // may enter at any impulse), each ship's distance to the nearest enemy it
  // can reach counts against it; the weaker side keeps away. A Tyrian ship
  // inside a harbour whose boom stands is out of the Macedonian's reach
  // (9.32): the Macedonian closes on the boom instead, to destroy it.
  double afloat[2] = {0, 0};
  for (const auto& [id, s] : ships_)
    if (s.on_map || (!s.sunk && arrived_.count(s.fleet)))
      afloat[static_cast<int>(s.side)] += ship_worth(s);
  const Side stronger = afloat[0] >= afloat[1] ? Side::Tyrian : Side::Macedonian;
  std::vector<HexId> targets;
  for (const auto& [eid, e] : ships_) {
    if (e.side == stronger || !e.on_map || e.sunk || in_port_or_beach(e.hex)) continue;
    const Harbour* hb = sc_->map.harbour_of(e.hex);
    if (stronger == Side::Macedonian && hb && hb->inside.count(e.hex) && booms_.at(hb->name))
      continue;
    targets.push_back(e.hex);
  }
  if (stronger == Side::Macedonian)
    for (const Harbour& h : sc_->map.harbours())
      if (booms_.at(h.name)) targets.insert(targets.end(), h.booms.begin(), h.booms.end());
  for (const auto& [id, s] : ships_) {
    if (s.side != stronger || !s.on_map || s.sunk || s.fireship) continue;
    int nearest = 99;
    for (const HexId t : targets) nearest = std::min(nearest, hex::distance(s.hex, t));
    if (nearest < 99) v += (stronger == me ? -0.03 : 0.03) * nearest;
  }
  return v;
}

// The wall hexes an assault should break (7.15, 8.32, 8.33): primary wall
// hexes next to an all-sea hex, where rams batter from (7.14) and units wade
// or land into the breach, within a few hexes' march of the nearest to the
// two objectives (18.1). Read from the printed map, the same for every
// position.
const std::vector<HexId>& Board::breach_targets() const {
  // One list per scenario data (a weak pointer: data freed and another
  // loaded in its place is read afresh).
  thread_local std::weak_ptr<const Scenario> read_for;
  thread_local std::vector<HexId> targets;
  if (read_for.lock() == sc_) return targets;
  read_for = sc_;
  targets.clear();
  std::vector<std::pair<int, HexId>> walls;
  HexId temple{}, agenorium{};
  for (const HexId h : sc_->map.all_hexes()) {
    if (sc_->map.terrain(h) == Terrain::Temple) temple = h;
    if (sc_->map.terrain(h) == Terrain::Agenorium) agenorium = h;
  }
  for (const HexId h : sc_->map.all_hexes())
    if (sc_->map.terrain(h) == Terrain::PrimaryWall &&
        next_to(h, [&](HexId n) { return sc_->map.terrain(n) == Terrain::Sea; }))
      walls.emplace_back(hex::distance(h, temple) + hex::distance(h, agenorium), h);
  std::sort(walls.begin(), walls.end());
  for (const auto& [d, h] : walls)
    if (d <= walls.front().first + 8) targets.push_back(h);
  return targets;
}

namespace {

// Hexes from `from` to the nearest of `to` (99 when there is none).
int nearest(HexId from, const std::vector<HexId>& to) {
  int best = 99;
  for (const HexId h : to) best = std::min(best, hex::distance(from, h));
  return best;
}

}  // namespace

// The siege, as the Macedonian's progress toward 18.1 (the Tyrian's
// standing is its negation): the mole built (14.1), breach damage to the
// walls (7.15), the engines and the armies; in the bombardment the rams and
// catapults carried toward the walls an assault should break (7.12, 7.14);
// the plan (4.0 1A: one assault, only through a breach, 8.32, 8.33, and
// before the end of Game-Turn 12, 18.2); in the assault the objectives held
// and the army's way to them.
double Board::siege_progress() const {
  const std::vector<HexId>& targets = breach_targets();
  double v = 0;
  v += 2.0 * static_cast<double>(mole_.size());
  std::vector<HexId> breaches;
  for (const auto& [h, d] : walls_) {
    const bool target = std::find(targets.begin(), targets.end(), h) != targets.end();
    v += (target ? 4.0 : 1.0) * std::min(d, kBreach) + (d >= kBreach ? (target ? 30 : 6) : 0);
    if (d >= kBreach && target) breaches.push_back(h);
  }
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

  // 16.12: ships move only within their leaders' command radius, so the
  // Macedonian leaders' ships go with the engines and the army to the walls.
  std::vector<HexId> batter_from;
  for (const HexId w : targets)
    for (const HexId n : hex::neighbours(w))
      if (terrain(n) == Terrain::Sea) batter_from.push_back(n);
  for (const auto& [id, l] : leaders_) {
    if (l.drowned || l.ship.empty() || fleet_side(l.fleet) != Side::Macedonian) continue;
    const auto s = ships_.find(l.ship);
    if (s != ships_.end() && s->second.on_map && !s->second.sunk)
      // In the assault they lead the transports to the breach (16.12, 8.32).
      v -= (plan_ == Plan::Assault ? kLeadTransports : 0.2) *
           std::min(nearest(s->second.hex, batter_from), 45);
  }

  // 7.12-7.14: rams and catapults aboard, carried to their walls; a
  // ram's ship next to a target wall, a catapult's within four hexes.
  for (const auto& [id, e] : engines_) {
    if (e.at != Where::Ship || (e.kind != EngineKind::Ram && e.kind != EngineKind::Catapult))
      continue;
    const auto s = ships_.find(e.ship);
    if (s == ships_.end() || s->second.sunk) continue;
    if (!s->second.on_map) continue;
    const int d = e.kind == EngineKind::Ram ? nearest(s->second.hex, batter_from)
                                            : std::max(0, nearest(s->second.hex, targets) - 4);
    // Aboard is worth more than in the park however far the walls are.
    v += 20 - 0.4 * std::min(d, 45);
    if (e.kind == EngineKind::Ram && d == 0 &&
        std::find(targets.begin(), targets.end(),
                  hex::neighbour(s->second.hex, s->second.facing)) != targets.end())
      v += 1;
  }
  if (plan_ != Plan::Assault) {
    // 18.2: no assault in the last Game-Turn loses the game.
    if (plan_ == Plan::Bombard && turn_ >= kLastTurn) v -= 500;
    return v;
  }

  // 4.0 1A, 8.32, 8.33: an assault lands only through a breach: one with a
  // breach on a target wall is the way to 18.1 (worth more than the army's
  // whole way to the objectives below); before the last Game-Turn one
  // without is thrown away.
  if (!breaches.empty())
    v += 400;
  else if (turn_ < kLastTurn)
    v -= kNoBreach;
  // 18.1, 18.2: each objective held counts most; else the way the
  // Macedonian army has made toward it (its nearest unit's, and its units'
  // on the whole): aboard, by its ship to the breach and on from there;
  // ashore, from where it stands. The way made, never below nothing, and
  // not the way left: an army still on the mainland then stands an assault
  // no worse than none, and the last Game-Turn's assault is never judged
  // below the bombardment that loses at once (18.2).
  // Without a breach (the last Game-Turn's assault) the army still makes
  // for the target walls.
  const std::vector<HexId>& gates = breaches.empty() ? targets : breaches;
  // 8.32: a wader still in the sea at the impulse's end goes back aboard;
  // it leaves the sea only by attacking a unit in a breach next to it and
  // advancing (12.5; one may yet move in before the melee). Any other
  // counts aboard the ship it goes back to.
  const auto wading_back = [&](const LandUnit& u) {
    return u.at == Where::Hex && terrain(u.hex) == Terrain::Sea && nearest(u.hex, gates) > 1;
  };
  // 16.12: a ship beyond the command radius of every leader of its fleet
  // may not move: the transports keep within their naval leaders' reach,
  // and the leaders' ships go with them (wading out of such a ship and in
  // again is no way out of its plight).
  for (const auto& [id, sh] : ships_) {
    if (sh.side != Side::Macedonian || !sh.on_map || sh.sunk) continue;
    std::size_t aboard = cargo(id).units.size();
    for (const auto& [uid, u] : units_)
      if (u.waded_from == id && wading_back(u)) ++aboard;
    if (aboard > 0 && command_problem_for(sh)) v -= kAdrift * static_cast<double>(aboard);
  }
  // 15.12, 8.21: the land leaders go aboard with the army they command.
  for (const auto& [id, l] : lleaders_)
    if (l.t.side == Side::Macedonian && l.at == Where::Ship) v += kLeaderAboard;
  // 8.32, 8.33: the breach is the army's way in: a Tyrian combat unit in it
  // bars it; each Macedonian one that has come in holds a foothold on the
  // island, in the breach or beyond it. Counted in the breach alone, the
  // foothold held the first unit there (9.13: one combat unit a hex) and
  // those behind it waded in and back (games followed with --trace).
  for (const HexId g : gates)
    if (combat_unit(g) == Side::Tyrian) v -= kFoothold;
  for (const auto& [id, u] : units_)
    if (u.t.side == Side::Macedonian && u.at == Where::Hex && is_island(terrain(u.hex)))
      v += kFoothold;
  std::vector<HexId> landing;
  for (const HexId w : gates)
    for (const HexId n : hex::neighbours(w))
      if (terrain(n) == Terrain::Sea || terrain(n) == Terrain::Beach) landing.push_back(n);
  HexId goals[2] = {temple_hex(), {}};
  for (const HexId h : sc_->map.all_hexes())
    if (sc_->map.terrain(h) == Terrain::Agenorium) goals[1] = h;
  for (const Terrain goal : {Terrain::Temple, Terrain::Agenorium}) {
    const HexId target = goals[goal == Terrain::Temple ? 0 : 1];
    int best = kFarthest;
    double made = 0;
    // The way left to a unit aboard `ship`.
    const auto aboard = [&](const LandUnit& u, const std::string& ship) {
      const auto at = army_hex(*this, Where::Ship, {}, ship);
      if (!at) return kFarthest;
      int d = 2 + nearest(*at, landing) + nearest(target, gates);
      // 15.12: without a leader of its contingent aboard its ship a unit
      // moves at half its allowance: wading in, it cannot reach the breach
      // in the same segment and must wade back (8.32).
      if (!commanded_aboard(*this, u, ship)) d += kUncommanded;
      return d;
    };
    for (const auto& [id, u] : units_) {
      if (u.t.side != Side::Macedonian || u.at == Where::Dead || u.at == Where::Off) continue;
      int d = kFarthest;
      if (u.at == Where::Hex && is_island(terrain(u.hex))) {
        d = hex::distance(u.hex, target);
      } else if (u.at == Where::Hex && terrain(u.hex) == Terrain::Sea) {
        // 8.32, 12.5: a wader next to a breach may yet attack into it; any
        // other goes back aboard, no nearer than its ship.
        const auto ship = ships_.find(u.waded_from);
        if (!wading_back(u))
          d = 1 + hex::distance(u.hex, target);
        else if (ship != ships_.end() && hex::distance(ship->second.hex, u.hex) <= 1)
          d = aboard(u, u.waded_from);
      } else if (u.at == Where::Ship) {
        d = aboard(u, u.ship);
      }
      best = std::min(best, d);
      made += std::max(0, kFarthest - d);
    }
    // 18.1: a land leader takes an objective as a unit does, and marches
    // his whole allowance (15.12 halves his men's, not his): the nearest
    // may be a leader, and each leader's way counts as a unit's, so that
    // his ship carries him on to the breach.
    for (const auto& [id, l] : lleaders_) {
      if (l.t.side != Side::Macedonian) continue;
      int d = kFarthest;
      if (l.at == Where::Hex && is_island(terrain(l.hex)))
        d = hex::distance(l.hex, target);
      else if (const auto at = army_hex(*this, l.at, l.hex, l.ship); at && l.at == Where::Ship)
        d = 2 + nearest(*at, landing) + nearest(target, gates);
      d = std::min(d, kFarthest);
      best = std::min(best, d);
      made += kFarthest - d;
    }
    // Every unit's way counts, so that each ship carries its men on (an
    // average would let one ship's way be lost among forty units).
    v += 2.0 * std::max(0, kFarthest - best) + kEachUnit * made;
    if (objective_held(goal)) v += kHeld;
  }
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
