// Constantinople: what the players see (the naval game is played in the
// open), the order help, and the candidate orders random play draws from.
#include <algorithm>

#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

std::string hx(HexId h) {
  return hex::format_hex(h);
}

}  // namespace

View Board::view() const {
  View v;
  v.board_kind = "hex";
  const Map& m = sc_->map;
  for (int r = m.first_row(); r <= m.last_row(); ++r) {
    for (int c = m.first_col(); c <= m.last_col(); ++c) {
      const HexId h{c, r};
      const HexInfo& i = m.at(h);
      Cell cell;
      cell.id = hx(h);
      cell.col = c;
      cell.row = r;
      cell.terrain = Map::terrain_name(i);
      cell.fill = i.water == Water::Sea         ? "water"
                  : i.water == Water::Coast     ? (i.code == 'r' ? "shallows" : "coast")
                  : i.water == Water::Harbour   ? "harbour"
                  : i.water == Water::Anchorage ? "harbour"
                  : i.code == 'C'               ? "town"
                  : i.code == 'W'               ? "wall"
                                                : "land";
      cell.label = std::string(1, i.code);
      if (i.shoal) cell.label = std::to_string(i.shoal);
      for (const auto& [id, s] : ships_) {
        if (!afloat(s) || s.hex != h) continue;
        Token t;
        t.owner = static_cast<int>(s.side);
        t.kind = cls(s).name;
        t.label = id;
        t.facing = static_cast<int>(s.facing);
        const Values& val = values(s);
        static const char* const kDef = "ABCD";
        t.marks.push_back(std::to_string(val.melee) + " " + std::to_string(val.ram) + " " +
                          kDef[ram_defence(s) - 1] + " " + std::to_string(val.cruise) + "/" +
                          std::to_string(val.battle) + "-" + std::to_string(val.sail));
        t.marks.push_back(s.prop == Propulsion::Oar ? "oar"
                                                    : "sail " + std::to_string(s.capability));
        if (s.reduced) t.marks.push_back(s.side == Side::Ottoman ? "reduced" : "crew ashore");
        if (s.damaged) t.marks.push_back("damaged");
        if (s.ineffective_in == abs_impulse()) t.marks.push_back("ineffective");
        if (!s.engaged.empty()) t.marks.push_back("engaged with " + s.engaged);
        if (s.battle_in > 0 && s.battle_in == abs_impulse() - 1)
          t.marks.push_back("rowed at battle speed");
        if (!s.leader.empty()) t.marks.push_back(s.leader);
        cell.tokens.push_back(std::move(t));
      }
      v.cells.push_back(std::move(cell));
    }
  }
  v.notes.push_back("Game-Turn " + std::to_string(turn_) + " of " +
                    std::to_string(sc_->tables.game_length) + ", impulse " +
                    std::to_string(impulse_));
  v.notes.push_back("wind: " + wind_text());
  v.notes.push_back(boom_broken_ ? std::string("the Boom is broken")
                                 : std::string("the Boom: controlled by the ") +
                                       side_name(boom_owner_) + " player");
  v.notes.push_back("Assault Capability " + std::to_string(sc_->tables.assault_on(turn_)) +
                    ", Ottoman guns in Pera " + std::to_string(sc_->tables.guns_on(turn_)) +
                    (portage_open() ? "; the Great Portage may be tried" : ""));
  std::vector<std::string> waiting, deploying;
  for (const auto& [id, s] : ships_) {
    if (s.on_map || s.sunk) continue;
    const bool deploys = s.side == Side::Byzantine && !sc_->arrives.count(id);
    (deploys ? deploying : waiting).push_back(id);
  }
  if (!deploying.empty())
    v.notes.push_back("to deploy in the Golden Horn (19.1): " + text::join(deploying, " "));
  if (!waiting.empty()) v.notes.push_back("to arrive (19.1): " + text::join(waiting, " "));
  std::vector<std::string> lost;
  for (const auto& [id, s] : ships_)
    if (s.sunk) lost.push_back(id);
  if (!lost.empty()) v.notes.push_back("lost: " + text::join(lost, " "));
  for (const auto& [l, ship] : leaders_)
    v.notes.push_back(l + ": " + (ship.empty() ? std::string("ashore") : ship));
  if (proposals_) v.notes.push_back("a proposal to end the Naval Phase is pending (4.0 E)");
  if (over_) v.notes.push_back(result_);
  return v;
}

const Ship* Board::nearest_enemy(const Ship& s) const {
  const Ship* best = nullptr;
  for (const auto& [id, t] : ships_) {
    if (t.side == s.side || !afloat(t) || at_anchor(t)) continue;
    if (!best || hex::distance(s.hex, t.hex) < hex::distance(s.hex, best->hex)) best = &t;
  }
  return best;
}

std::string Board::order_help() const {
  return "Constantinople 1453 (naval game). Directions are the map grid's hexsides N NE SE S SW NW "
         "(geographic north is the grid's " +
         std::string(hex::name(sc_->map.north())) +
         ").\n"
         "Deployment: 'VENICE: 3331 facing S', 'Diedo: VENICE'.\n"
         "Movement, one line per ship, actions in order:\n"
         "  oar:  'G1: move 2, turn R, move 1'  'G1: battle, move 4, ram VENICE'  "
         "'G1: move 1, sail'\n"
         "  sail: 'VENICE: speed 7, move 3, turn L, move 2' (the rest of the capability is "
         "spent straight ahead, 14.21); 'turn R2' turns 120 degrees for 1 MP; 'T1: oar, move 3'\n"
         "  arrival: 'G1: enter 2046 facing N, move 3'; engaged: 'G1: free, move 2'; "
         "'G1: break boom'\n"
         "Combat: 'G1: attack VENICE' or, next to several, 'VENICE: attack G1 2, T1 1, F3 5'.\n"
         "'propose end' (movement or combat) proposes ending the Naval Phase; the answer is "
         "'accept' or 'decline'.\n"
         "Storm havens: 'VENICE: 1823'. Planning: 'VENICE: ashore' / 'VENICE: aboard', "
         "'Diedo: VENICE' / 'Diedo: ashore'; 'T1: portage 3624 facing N'; 'bombard VENICE'.";
}

namespace {

// A greedy course of `points` hexes toward `target`: ahead when the next hex of
// the straight line is ahead, else a hexside toward it after a hex entered.
std::vector<std::string> approach(const Ship& s, HexId target, int points) {
  std::vector<std::string> out;
  HexId at = s.hex;
  Dir facing = s.facing;
  int run = 0;
  bool entered = false;
  for (int k = 0; k < points && hex::distance(at, target) > 1; ++k) {
    const auto path = hex::line(at, target);
    const auto want = hex::direction_to(at, path[1]);
    if (!want) break;
    if (*want != facing && entered) {
      if (run > 0) out.push_back("move " + std::to_string(run));
      run = 0;
      const int right = (static_cast<int>(*want) - static_cast<int>(facing) + 6) % 6;
      out.push_back(right <= 3 ? "turn R" : "turn L");
      facing = hex::turn(facing, right <= 3 ? 1 : -1);
    }
    at = hex::neighbour(at, facing);
    ++run;
    entered = true;
  }
  if (run > 0) out.push_back("move " + std::to_string(run));
  return out;
}

}  // namespace

// Every ram a ship at Battle Speed could make this segment by geometry alone
// (15.11-15.13): straight, or with one turn; the validator checks the rest.
std::vector<std::string> Board::ram_courses(const Ship& s) const {
  std::vector<std::string> out;
  const int a_max = oar_allowance(s, true);
  const auto hit = [&](HexId b, Dir f) -> const Ship* {
    const Ship* t = ship_at(hex::neighbour(b, f));
    if (!t || t->side == s.side) return nullptr;
    return galley::ram_geometry({b, f}, {t->hex, t->facing}) == galley::RamGeometry::Ok ? t
                                                                                        : nullptr;
  };
  HexId q = s.hex;
  for (int a = 1; a <= a_max; ++a) {
    q = hex::neighbour(q, s.facing);
    if (const Ship* t = hit(q, s.facing))
      out.push_back(s.id + ": battle, move " + std::to_string(a) + ", ram " + t->id);
    for (int turn : {-1, 1}) {
      const Dir f = hex::turn(s.facing, turn);
      HexId b = q;
      for (int n = 1; a + n <= a_max; ++n) {
        b = hex::neighbour(b, f);
        if (const Ship* t = hit(b, f))
          out.push_back(s.id + ": battle, move " + std::to_string(a) + ", turn " +
                        (turn < 0 ? "L" : "R") + ", move " + std::to_string(n) + ", ram " + t->id);
      }
    }
  }
  return out;
}

// Random legal play: for each ship a handful of plausible lines, some of
// them courses toward the nearest enemy, rams and attacks, that the
// validator sorts out.
std::vector<std::vector<std::string>> Board::candidate_orders(Side side) const {
  std::vector<std::vector<std::string>> out;
  switch (seg_) {
    case Segment::Setup:
    case Segment::StormHaven:
    case Segment::Agreement:
      if (seg_ == Segment::Agreement) out.push_back({"accept", "decline", "decline"});
      return out;
    case Segment::FirstMove:
    case Segment::SecondMove:
      for (const auto& [id, s] : ships_) {
        if (s.side != side || s.sunk) continue;
        std::vector<std::string> g;
        if (!s.on_map) {
          const auto& edge = sc_->map.south_edge();
          for (std::size_t k = (std::hash<std::string>{}(id) + static_cast<std::size_t>(turn_)) % 7;
               k < edge.size(); k += 9)
            for (const char* d : {"N", "NE", "NW"})
              g.push_back(id + ": enter " + hx(edge[k]) + " facing " + d + ", move 2");
        } else if (!s.engaged.empty()) {
          g = {id + ": free", id + ": free, move 1"};
        } else if (s.prop == Propulsion::Oar) {
          for (int n = 1; n <= 6; ++n) g.push_back(id + ": move " + std::to_string(n));
          if (const Ship* t = nearest_enemy(s)) {
            for (int n : {oar_allowance(s, false), oar_allowance(s, false) - 1}) {
              const auto steps = approach(s, t->hex, n);
              for (int rep = 0; rep < 4 && !steps.empty(); ++rep)
                g.push_back(id + ": " + text::join(steps, ", "));
            }
          }
          g.push_back(id + ": move 1, turn L, move 2");
          g.push_back(id + ": move 2, turn R, move 1");
          g.push_back(id + ": turn L");
          g.push_back(id + ": move 1, sail");
          for (const std::string& ram : ram_courses(s))
            for (int rep = 0; rep < 6; ++rep) g.push_back(ram);
          g.push_back(id + ": break boom");
        } else {
          const auto [lo, hi] = sail_range(s);
          if (const Ship* t = nearest_enemy(s)) {
            const auto steps = approach(s, t->hex, hi);
            for (int rep = 0; rep < 4 && !steps.empty(); ++rep)
              g.push_back(id + ": speed " + std::to_string(hi) + ", " + text::join(steps, ", "));
          }
          for (int v = lo; v <= hi; ++v) {
            g.push_back(id + ": speed " + std::to_string(v));
            g.push_back(id + ": speed " + std::to_string(v) + ", turn L");
            g.push_back(id + ": speed " + std::to_string(v) + ", turn R");
            g.push_back(id + ": speed " + std::to_string(v) + ", move 1, turn R, move 1");
          }
          // Mostly slow: in the narrow Golden Horn momentum runs ships aground.
          for (int rep = 0; rep < 8; ++rep) {
            g.push_back(id + ": speed " + std::to_string(lo) + ", turn " + (rep % 2 ? "L" : "R"));
            g.push_back(id + ": speed " + std::to_string(lo));
          }
          if (values(s).cruise > 0) g.push_back(id + ": oar, move 2");
        }
        if (!g.empty()) out.push_back(std::move(g));
      }
      out.push_back({"propose end", "", "", "", "", "", "", "", "", ""});
      return out;
    case Segment::Combat:
      for (const auto& [id, s] : ships_) {
        if (s.side != side) continue;
        const auto targets = melee_targets(s);
        if (targets.empty()) continue;
        const int m = values(s).melee;
        std::vector<std::string> g;
        if (targets.size() == 1) {
          g.push_back(id + ": attack " + targets[0]->id);
        } else {
          // an even split, the remainder on the first
          std::vector<std::string> parts;
          const int n = static_cast<int>(targets.size());
          for (int k = 0; k < n; ++k)
            parts.push_back(targets[static_cast<std::size_t>(k)]->id + " " +
                            std::to_string(m / n + (k == 0 ? m % n : 0)));
          g.push_back(id + ": attack " + text::join(parts, ", "));
        }
        g.push_back("");
        out.push_back(std::move(g));
      }
      return out;
    case Segment::Planning:
      for (const auto& [id, s] : ships_) {
        if (s.side != side || !afloat(s)) continue;
        if (side == Side::Byzantine)
          out.push_back({id + ": ashore", id + ": aboard", ""});
        else if (cls(s).kind != Kind::Galley)
          for (int r = -1; r <= 1; ++r) {
            std::vector<std::string> g;
            for (const HexId h : hex::ring(sc_->map.portage_centre(), 1 + r + 1))
              g.push_back(id + ": portage " + hx(h) + " facing N");
            out.push_back(g);
          }
      }
      if (side == Side::Ottoman) {
        std::vector<std::string> g;
        for (const auto& [tid, t] : ships_)
          if (t.side == Side::Byzantine && afloat(t) && sc_->map.in_horn(t.hex))
            g.push_back("bombard " + tid);
        if (!g.empty()) out.push_back(g);
        if (!g.empty()) out.push_back(g);
      }
      return out;
  }
  return out;
}

}  // namespace naumachia::constantinople
