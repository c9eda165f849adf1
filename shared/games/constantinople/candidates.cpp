// Constantinople: the candidate orders random play draws from: for each
// ship a handful of plausible lines, some of them courses toward the nearest
// enemy, rams and attacks, that the validator sorts out.
#include <functional>

#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

const Ship* Board::nearest_enemy(const Ship& s) const {
  const Ship* best = nullptr;
  for (const auto& [id, t] : ships_) {
    if (t.side == s.side || !afloat(t) || at_anchor(t)) continue;
    if (!best || hex::distance(s.hex, t.hex) < hex::distance(s.hex, best->hex)) best = &t;
  }
  return best;
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

// Movement: arrivals on the south edge, breaking free, oar courses and rams,
// sail speeds and turns.
std::vector<std::vector<std::string>> Board::move_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
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
  return out;
}

// Combat: each ship able to attack, its whole strength on one target or
// split evenly; or no attack.
std::vector<std::vector<std::string>> Board::melee_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
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
}

// Planning: Byzantine crews ashore or aboard; Ottoman portages and
// bombardment.
std::vector<std::vector<std::string>> Board::planning_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
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

}  // namespace naumachia::constantinople
