// Tyre: help for players, and the candidate orders random play draws from.
#include "core/galley.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

constexpr const char* kOrderHelp =
    R"(One line per ship (docs/rules/tyre.md has the full syntax and examples).
Movement:  T7: turn R, move 3            turn L|R costs 1 MP, each hex 1 MP (5.1, 5.2)
           T7: move 2, turn L, move 1    one turn before moving, then one per hex entered
           C4: turn L, move 5, ram T9    ramming speed; 3+ hexes away, at most one turn,
                                         end facing the target's broadside (6.11-6.13)
           T7: back 2                    up to 3 hexes astern, whole allowance (5.24)
           T7: unpin, move 2             a pinned ship must first break free (6.16)
           A3: enter 3401 facing S, move 4   reinforcements, north edge (17.22)
Melee:     T7: attack C4     T7 T8: attack C4   (adjacent and parallel, or pinned; 6.21-6.23)
Deployment and regrouping:  T7: at 3104 facing S      combine C4 C9 (two damaged ships, 5.32)
Ships without orders stay where they are (and are placed automatically at regrouping).)";

constexpr const char* kSiegeHelp =
    R"(
Siege (one line per piece; docs/rules/tyre.md):
Deployment:  Hyp1: at 3532      Tower1: at 3724      TCat1: at 3721            (17.1)
Allocation:  assault | bombard   build catapult | build ram                    (4.0, 14.2)
             repair wall 3721 (1 EP)   repair ship T4 (2 EP)   boulders 3620 (2 EP)  (14.3)
Strategic:   load Cat1 on A3   load Hyp1 on A3   unload Cat1   Tower1: at 3722   Mil3: to 3808
Bombard:     A3: bombard 3721   A4: batter 3721   TCat1: fire A3               (7.1, 7.2)
Land move:   Hyp1: to 3721   or   Hyp1: 3620 3721                              (8.3, 9.0)
Fire:        Gd1: fire 3721                                                    (11.0)
Melee:       Hyp1 Hyp2: attack 3720, advance Hyp2                              (12.0)
Fireship:    F: enter 3316 facing S, move 6                                    (14.4))";

}  // namespace

namespace {

std::vector<std::string> enemy_ships_near(const Board& b, Side side, HexId from, int lo, int hi) {
  std::vector<std::string> ids;
  for (const auto& [tid, t] : b.ships_) {
    if (t.side == side || !t.on_map || t.sunk) continue;
    const int d = hex::distance(from, t.hex);
    if (d >= lo && d <= hi) ids.push_back(tid);
  }
  return ids;
}

std::vector<HexId> hexes_within(const Board& b, HexId from, int lo, int hi) {
  std::vector<HexId> hs;
  for (int r = lo; r <= hi; ++r) {
    for (HexId h : hex::ring(from, r)) {
      if (b.sc_->map.on_map(h)) hs.push_back(h);
    }
  }
  return hs;
}

bool enemy_unit_at(const Board& b, Side side, HexId h) {
  for (const auto& [uid, u] : b.units_) {
    if (u.t.side != side && b.piece_hex(uid) == h) return true;
  }
  return false;
}

// A course toward the nearest enemy ship, when it is more than two hexes away.
std::string course_to_nearest(const Board& b, const std::string& id, const Ship& s, Side side) {
  const Ship* nearest = nullptr;
  for (const auto& [tid, t] : b.ships_) {
    if (t.side == side || !t.on_map || t.sunk) continue;
    if (!nearest || hex::distance(s.hex, t.hex) < hex::distance(s.hex, nearest->hex)) nearest = &t;
  }
  if (!nearest || hex::distance(s.hex, nearest->hex) <= 2) return "";
  std::string best;
  int best_d = hex::distance(s.hex, nearest->hex);
  for (const auto& [turn_word, sixths] :
       {std::pair<const char*, int>{"", 0}, {"turn L, ", -1}, {"turn R, ", 1}}) {
    galley::Pose p{s.hex, hex::turn(s.facing, sixths)};
    for (int k = 1; k <= 3; ++k) {
      p.hex = galley::ahead(p);
      if (hex::distance(p.hex, nearest->hex) < best_d) {
        best_d = hex::distance(p.hex, nearest->hex);
        best = id + ": " + turn_word + "move " + std::to_string(k);
      }
    }
  }
  return best;
}

}  // namespace

// For random play: per piece of the side, the orders of the segment it could
// plausibly give (validation sorts out which are legal together). The table
// of segments (sequence.cpp) names the function for each segment;
// deployments and regrouping keep their defaults.

std::vector<std::vector<std::string>> Board::allocation_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
  if (side == Side::Macedonian) {
    out.push_back({"assault", "bombard", "bombard"});
    out.push_back({"build catapult", "build ram"});
    return out;
  }
  for (const auto& [h, n] : walls_) out.push_back({"repair wall " + hex::format_hex(h)});
  // 7.31: sometimes a second Engineer Point on the same wall hex.
  for (const auto& [h, n] : walls_) out.push_back({"", "repair wall " + hex::format_hex(h)});
  for (const auto& [id, s] : ships_) {
    if (s.side == Side::Tyrian && s.damaged && s.on_map && !s.sunk)
      out.push_back({"repair ship " + id});
  }
  for (const HexId h : sc_->map.all_hexes()) {
    if (terrain(h) == Terrain::Beach) out.push_back({"boulders " + hex::format_hex(h)});
  }
  return out;
}

std::vector<std::vector<std::string>> Board::ship_move_candidates(Side side) const {
  static const char* const kMoves[] = {"move 1", "turn L, move 1", "turn R, move 1", "move 2",
                                       "back 1", "turn R",         "unpin, move 1"};
  std::vector<std::vector<std::string>> out;
  for (const auto& [id, s] : ships_) {
    if (s.side != side || s.sunk) continue;
    std::vector<std::string> group;
    if (s.on_map) {
      for (const char* m : kMoves) group.push_back(id + ": " + m);
      // Rams: a turn or none, straight ahead, and the target's broadside
      // dead ahead (6.11-6.13); weighted, as the random player seldom
      // finds them otherwise.
      for (const auto& [turn_word, sixths] :
           {std::pair<const char*, int>{"", 0}, {"turn L, ", -1}, {"turn R, ", 1}}) {
        galley::Pose p{s.hex, hex::turn(s.facing, sixths)};
        for (int k = 1; k <= 8; ++k) {
          p.hex = galley::ahead(p);
          const Ship* t = ship_at(galley::ahead(p));
          if (!t || t->side == side || hex::distance(s.hex, t->hex) < 3) continue;
          if (galley::aspect({t->hex, t->facing}, p.hex) != galley::Aspect::Broadside) continue;
          const std::string ram =
              id + ": " + turn_word + "move " + std::to_string(k) + ", ram " + t->id;
          group.insert(group.end(), 4, ram);
        }
      }
      const std::string course = course_to_nearest(*this, id, s, side);
      if (!course.empty()) group.insert(group.end(), 3, course);
    } else {
      for (const HexId h : sc_->map.north_edge())
        group.push_back(id + ": enter " + hex::format_hex(h) + " facing S, move 1");
    }
    out.push_back(std::move(group));
  }
  return out;
}

std::vector<std::vector<std::string>> Board::naval_melee_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
  for (const auto& [id, s] : ships_) {
    if (s.side != side || !s.on_map || s.sunk) continue;
    std::vector<std::string> group;
    for (const std::string& t : enemy_ships_near(*this, side, s.hex, 1, 1))
      group.push_back(id + ": attack " + t);
    if (!group.empty()) out.push_back(std::move(group));
  }
  return out;
}

std::vector<std::vector<std::string>> Board::bombard_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
  for (const auto& [id, s] : ships_) {
    if (s.side != side || !s.on_map || s.sunk || cargo(id).engines.empty()) continue;
    std::vector<std::string> group;
    for (const HexId h : hexes_within(*this, s.hex, 1, 4)) {
      if (is_wall(terrain(h))) {
        group.push_back(id + ": bombard " + hex::format_hex(h));
        group.push_back(id + ": batter " + hex::format_hex(h));
      }
    }
    out.push_back(std::move(group));
  }
  return out;
}

std::vector<std::vector<std::string>> Board::counter_candidates(Side side) const {
  std::vector<std::vector<std::string>> out;
  for (const auto& [id, e] : engines_) {
    if (e.kind != EngineKind::TyrianCatapult || e.at != Where::Hex) continue;
    std::vector<std::string> group;
    for (const std::string& t : enemy_ships_near(*this, side, e.hex, 0, 4))
      group.push_back(id + ": fire " + t);
    if (!group.empty()) out.push_back(std::move(group));
  }
  return out;
}

std::vector<std::vector<std::string>> Board::land_candidates(Side side, LandOrder kind) const {
  const bool moving = kind == LandOrder::Move;
  const bool firing = kind == LandOrder::Fire;
  const bool melee = kind == LandOrder::Melee;
  // 18.1: the Macedonian's land movement in the assault, where the army
  // makes for the objectives: each piece's march as far as it can go this
  // segment toward each goal.
  const bool marching =
      moving && side == Side::Macedonian && plan_ == Plan::Assault && seg_ == Segment::MacLand;
  std::vector<HexId> objectives;
  if (marching)
    for (const HexId h : sc_->map.all_hexes())
      if (sc_->map.terrain(h) == Terrain::Temple || sc_->map.terrain(h) == Terrain::Agenorium)
        objectives.push_back(h);
  const auto marches = [&](const std::string& id, const std::vector<HexId>& goals) {
    const std::set<HexId> reach = land_reach(id, false);
    std::vector<std::string> lines;
    for (const HexId goal : goals) {
      std::optional<HexId> best;
      for (const HexId h : reach)
        if (!best || hex::distance(h, goal) < hex::distance(*best, goal)) best = h;
      const std::string line = best ? id + ": to " + hex::format_hex(*best) : "";
      if (best && std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
    }
    return lines;
  };
  std::vector<std::vector<std::string>> out;
  for (const auto& [id, u] : units_) {
    const auto from = piece_hex(id);
    if (u.t.side != side || !from) continue;
    std::vector<std::string> group;
    for (const HexId h :
         hexes_within(*this, *from, moving ? 0 : 1, moving ? 2 : (firing ? 3 : 1))) {
      if (moving && (h != *from || u.at == Where::Ship))
        group.push_back(id + ": to " + hex::format_hex(h));
      if (firing && enemy_unit_at(*this, side, h))
        group.push_back(id + ": fire " + hex::format_hex(h));
      if (melee && enemy_unit_at(*this, side, h))
        group.push_back(id + ": attack " + hex::format_hex(h) + ", advance " + id);
    }
    if (marching)
      for (const std::string& line : marches(id, objectives))
        if (std::find(group.begin(), group.end(), line) == group.end()) group.push_back(line);
    if (moving && u.at != Where::Ship) {
      // Weighted: a step toward the nearest enemy unit, so that fire and
      // melee come about in random play.
      std::optional<HexId> foe;
      for (const auto& [eid, e] : units_) {
        const auto at = piece_hex(eid);
        if (e.t.side == side || !at || e.at != Where::Hex) continue;
        if (!foe || hex::distance(*from, *at) < hex::distance(*from, *foe)) foe = *at;
      }
      if (foe) {
        std::optional<HexId> best;
        for (const HexId h : hexes_within(*this, *from, 1, 2)) {
          if (!best || hex::distance(h, *foe) < hex::distance(*best, *foe)) best = h;
        }
        if (best && hex::distance(*best, *foe) < hex::distance(*from, *foe))
          group.insert(group.end(), 3, id + ": to " + hex::format_hex(*best));
      }
    }
    if (!group.empty()) out.push_back(std::move(group));
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.t.side != side || !marching || !piece_hex(id)) continue;
    // 18.1: a land leader occupying an objective takes it as a combat unit
    // does (an enemy combat unit entering his hex alone kills him, 9.12),
    // and he moves his whole allowance wherever his men are (15.12 halves
    // theirs, not his): his march toward each objective, and toward each
    // breach, where his command gives the men wading in and those behind
    // them their whole allowance (15.12, 8.32).
    std::vector<HexId> goals = objectives;
    for (const auto& [h, damage] : walls_)
      if (damage >= kBreach) goals.push_back(h);
    std::vector<std::string> group = marches(id, goals);
    if (!group.empty()) out.push_back(std::move(group));
  }
  return out;
}

// Macedonian strategic movement: the land moves, then loading on ships in
// a home hex (9.16).
std::vector<std::vector<std::string>> Board::loading_candidates(Side side) const {
  std::vector<std::vector<std::string>> out = land_candidates(side, LandOrder::Move);
  for (const auto& [sid, s] : ships_) {
    if (s.side != side || !s.on_map || s.sunk || !home_hex(side, s.hex)) continue;
    std::vector<std::string> group;
    for (const auto& [id, u] : units_) {
      if (u.t.side == side && u.at == Where::Hex && on_mainland(u.hex))
        group.push_back("load " + id + " on " + sid);
    }
    for (const auto& [id, e] : engines_) {
      if (e.at == Where::Off) group.push_back("load " + id + " on " + sid);
    }
    if (!group.empty()) out.push_back(std::move(group));
  }
  return out;
}

std::string Board::order_help() const {
  return siege_ ? std::string(kOrderHelp) + kSiegeHelp : std::string(kOrderHelp);
}

}  // namespace naumachia::tyre
