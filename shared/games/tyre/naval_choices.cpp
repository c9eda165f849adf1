// Tyre: orders choice by choice (core/choices.h) for the ships: deployment
// and regrouping (17.1, 5.3), movement (5.0, 6.1, 17.22, 14.4), naval melee
// (6.2), bombardment (7.1) and counter-bombardment (7.2). A ship (or a
// Tyrian catapult) is a decision. A movement order is built step by step:
// unpin if pinned, or enter (the hex, then the facing); then a straight run
// of hexes or a turn of one hexside at a time, a ram at the end of a run,
// or backing water. Each proposal names the hex it goes to, so a client can
// highlight it; validation (the segment's own check) keeps only what the
// rules allow.
//
// Tyre is played in the open (view.cpp): every ship, its facing, damage,
// pins and cargo are on both players' boards, so proposals built from the
// position reveal nothing a seat does not see. The only secret, a Game-Turn's
// plan, is chosen in the allocation and known once played.
#include <algorithm>
#include <optional>

#include "core/galley.h"
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

using NavalPath = std::vector<std::string>;

std::string naval_ship_label(const Board& b, const Ship& s) {
  const ShipValues& v = b.values(s);
  std::string out = s.id + ", " + (s.damaged ? "damaged " : "") +
                    (s.fireship ? std::string("fireship") : type_name(s.type)) + " " +
                    std::to_string(v.melee) + "-" + std::to_string(v.speed) + "-" +
                    std::to_string(v.ramming_speed);
  if (s.on_map) {
    out += " at " + hex::format_hex(s.hex) + " facing " + hex::name(s.facing);
  } else {
    out += ", off the map";
  }
  if (!s.pinned_with.empty()) out += ", pinned to " + s.pinned_with;
  return out;
}

std::vector<std::string> naval_cells(const Ship& s) {
  if (!s.on_map) return {};
  return {hex::format_hex(s.hex)};
}

Decision naval_ship_decision(const Board& b, const Ship& s, const std::string& text,
                             std::string otherwise) {
  return {s.id, naval_ship_label(b, s), text, naval_cells(s), std::move(otherwise)};
}

// The words of a piece of a movement order, its separator dropped.
std::vector<std::string_view> naval_words(const std::string& piece) {
  return text::split(piece, " ,");
}

// Where a movement order built so far leaves its ship.
struct Helm {
  galley::Pose pose;
  int spent = 0;             // Movement Points, one per hexside and per hex (5.1)
  int turns = 0;             // hexsides turned
  bool turned_here = false;  // a hexside turned since the last hex entered (5.12)
  bool acted = false;        // a turn or a move given
  bool after_move = false;   // the last piece a straight run
  bool entering = false;     // an entry hex chosen, its facing not yet
  bool entered = false;      // it came onto the map this segment (17.22, 14.41)
  bool over = false;         // backing water or a ram: nothing follows
};

Helm naval_helm(const Ship& s, const NavalPath& path) {
  Helm h;
  h.pose = {s.hex, s.facing};
  for (const std::string& piece : path) {
    const auto w = naval_words(piece);
    if (w.empty()) continue;
    const std::string verb = text::lower(w[0]);
    if (verb == "enter" && w.size() == 2) {
      h.pose.hex = hex::parse_hex(w[1]).value_or(h.pose.hex);
      h.entering = h.entered = true;
    } else if (verb == "facing" && w.size() == 2) {
      h.pose.facing = hex::parse_dir(w[1]).value_or(h.pose.facing);
      h.entering = false;
      h.spent = 1;  // entering costs the first hex's point (5.0)
    } else if (verb == "turn" && w.size() == 2) {
      h.pose.facing = hex::turn(h.pose.facing, galley::parse_hand(w[1]).value_or(0));
      ++h.spent;
      ++h.turns;
      h.turned_here = h.acted = true;
      h.after_move = false;
    } else if (verb == "move" && w.size() == 2) {
      long long n = 0;
      text::parse_int(w[1], n);
      for (long long k = 0; k < n; ++k) h.pose.hex = galley::ahead(h.pose);
      h.spent += static_cast<int>(n);
      h.turned_here = false;
      h.acted = h.after_move = true;
    } else if (verb == "back" || verb == "ram") {
      h.over = true;
    }
  }
  return h;
}

// The first pieces of a ship off the map: an entry hex of the north edge
// (17.22) or, for the fireship, of a Tyrian harbour (14.41).
std::vector<Choice> naval_entries(const Board& b, const Ship& s) {
  std::vector<HexId> hexes;
  if (s.fireship) {
    if (b.fireship_used_) return {};
    for (const Harbour& hb : b.sc_->map.harbours())
      hexes.insert(hexes.end(), hb.inside.begin(), hb.inside.end());
  } else if (b.arrived_.count(s.fleet) && !s.repairing) {
    hexes = b.sc_->map.north_edge();
  }
  std::vector<Choice> out;
  for (const HexId h : hexes) {
    if (!b.entry_problem(s.side, h).empty()) continue;
    const std::string at = hex::format_hex(h);
    out.push_back({" enter " + at, "enter the map at " + at, {at}, false, false});
  }
  return out;
}

std::vector<Choice> naval_facings(const Helm& h) {
  std::vector<Choice> out;
  // Listed from the south, the way ships come onto the map from the north.
  for (const Dir d : {Dir::S, Dir::SW, Dir::SE, Dir::NW, Dir::NE, Dir::N}) {
    const std::string name = hex::name(d);
    const std::string ahead = hex::format_hex(galley::ahead({h.pose.hex, d}));
    out.push_back({" facing " + name, "facing " + name, {ahead}, true, false});
  }
  return out;
}

// Whether an enemy ship that may be rammed (6.1, 14.42) lies within `reach`
// hexes of where the course has got to.
bool naval_ram_in_reach(const Board& b, const Ship& s, const Helm& h, int reach) {
  return std::any_of(b.ships_.begin(), b.ships_.end(), [&](const auto& p) {
    const Ship& t = p.second;
    return t.side != s.side && t.on_map && !t.sunk && !t.fireship &&
           hex::distance(t.hex, h.pose.hex) <= reach;
  });
}

// The ways on from a ship's pose: a ram of the enemy ship dead ahead after a
// run (6.13), backing water first (5.24), a turn of one hexside (5.12), a
// straight run of hexes into open water (5.22). A line is whole within the
// normal allowance; beyond it, up to ramming speed, only a ram ends it (6.1).
std::vector<Choice> naval_steps(const Board& b, const Ship& s, const Helm& h, bool first) {
  std::vector<Choice> out;
  const std::string sep = first ? " " : ", ";
  const int normal = b.allowance(s, false);
  // Beyond the normal allowance only a ram ends the line (6.1): those hexes
  // are proposed only while an enemy ship it might ram is within reach, so
  // that no course is searched that could not end.
  const int ramming = std::max(normal, b.allowance(s, true));
  const int most = naval_ram_in_reach(b, s, h, ramming - h.spent + 1) ? ramming : normal;
  if (h.after_move) {
    const Ship* t = b.ship_at(galley::ahead(h.pose));
    if (t && t->side != s.side)
      out.push_back({sep + "ram " + t->id, "ram " + t->id, {hex::format_hex(t->hex)}, true, true});
  }
  if (!h.acted && !h.entered) {
    galley::Pose p = h.pose;
    for (int k = 1; k <= 3; ++k) {
      p.hex = galley::astern(p);
      if (!b.entry_problem(s.side, p.hex).empty()) break;
      const std::string to = hex::format_hex(p.hex);
      out.push_back(
          {sep + "back " + std::to_string(k),
           "back water " + std::to_string(k) + (k == 1 ? " hex" : " hexes") + ", to " + to,
           {to},
           true,
           true});
    }
  }
  // A rammer turns at most once in its whole attempt (6.12).
  const bool may_turn = !h.turned_here && (h.spent < normal || h.turns == 0);
  if (may_turn && h.spent + 1 <= most) {
    for (const auto& [hand, word] : {std::pair<int, const char*>{-1, "L"}, {1, "R"}}) {
      const Dir d = hex::turn(h.pose.facing, hand);
      out.push_back({sep + "turn " + word,
                     std::string("turn ") + (hand < 0 ? "to port" : "to starboard") + ", to face " +
                         hex::name(d),
                     {hex::format_hex(galley::ahead({h.pose.hex, d}))},
                     h.spent + 1 <= normal,
                     false});
    }
  }
  if (!h.after_move) {
    galley::Pose p = h.pose;
    for (int k = 1; h.spent + k <= most; ++k) {
      p.hex = galley::ahead(p);
      if (!b.entry_problem(s.side, p.hex).empty()) break;
      const std::string to = hex::format_hex(p.hex);
      out.push_back({sep + "move " + std::to_string(k),
                     "move " + std::to_string(k) + (k == 1 ? " hex" : " hexes") + ", to " + to,
                     {to},
                     h.spent + k <= normal,
                     false});
    }
  }
  return out;
}

// A placement's hexes: the side's home hexes (5.31, 17.1).
std::vector<Choice> naval_home_hexes(const Board& b, Side side) {
  std::vector<Choice> out;
  for (const HexId h : b.sc_->map.all_hexes()) {
    if (!b.home_hex(side, h)) continue;
    const std::string at = hex::format_hex(h);
    out.push_back({" at " + at, "at " + at, {at}, false, false});
  }
  return out;
}

bool naval_afloat(const Ship& s, Side side) {
  return s.side == side && s.on_map && !s.sunk;
}

}  // namespace

// ------------------------------------------------------------ movement

// A ship on the map, the fireship while it may be launched (14.41) and a
// reinforcement whose fleet has arrived (17.22): one off the map is offered
// its entry step by step, a hex of the north edge, a facing, then its course.
std::vector<Decision> Board::ship_decisions(Side side) const {
  std::vector<Decision> out;
  // Whether a ship off the map has a hex to enter: the same for every
  // reinforcement of the side, so found once (`Sequence::choices` lists the
  // decisions on every call).
  std::optional<bool> edge_open, harbour_open;
  const auto may_enter = [&](const Ship& s) {
    std::optional<bool>& open = s.fireship ? harbour_open : edge_open;
    if (!open) open = !naval_entries(*this, s).empty();
    return *open;
  };
  for (const auto& [id, s] : ships_) {
    if (s.side != side || s.sunk) continue;
    if (s.on_map) {
      out.push_back(
          naval_ship_decision(*this, s, id + ":", "stays where it is, as it faces (5.0)"));
    } else if ((s.fireship || (arrived_.count(s.fleet) && !s.repairing)) && may_enter(s)) {
      out.push_back(naval_ship_decision(
          *this, s, id + ":",
          s.fireship ? "is not launched (14.41)" : "stays off the map until it enters (17.22)"));
    }
  }
  return out;
}

std::vector<Choice> Board::ship_ways(Side, const Decision& d, const ChoicePath& path) const {
  const auto it = ships_.find(d.id);
  if (it == ships_.end()) return {};
  const Ship& s = it->second;
  if (path.empty()) {
    if (!s.on_map) return naval_entries(*this, s);
    // 6.16: a pinned ship's order begins with its attempt to break free.
    if (!s.pinned_with.empty())
      return {{" unpin", "try to break free of " + s.pinned_with, naval_cells(s), true, false}};
  }
  const Helm h = naval_helm(s, path);
  if (h.over) return {};
  if (h.entering) return naval_facings(h);
  return naval_steps(*this, s, h, path.empty());
}

// ------------------------------------------------------------ melee

std::vector<Decision> Board::melee_decisions(Side side) const {
  std::vector<Decision> out;
  for (const auto& [id, attacker] : ships_) {
    // (Named: clang before 16 captures no structured binding in a lambda.)
    const Ship& a = attacker;
    if (a.side != side || !can_attack(a)) continue;
    const bool any = std::any_of(ships_.begin(), ships_.end(), [&](const auto& t) {
      return t.second.side != side && melee_problem(a, t.second).empty();
    });
    if (any) out.push_back(naval_ship_decision(*this, a, id, "does not attack (6.2)"));
  }
  return out;
}

// One attacker or two together (6.23): a partner first, then the target.
std::vector<Choice> Board::melee_ways(Side side, const Decision& d, const ChoicePath& path) const {
  const auto it = ships_.find(d.id);
  if (it == ships_.end()) return {};
  const Ship& a = it->second;
  std::vector<Option> options;
  for (const auto& [tid, t] : ships_) {
    if (t.side == side || !melee_problem(a, t).empty()) continue;
    const Piece attack{": attack " + tid, "attack " + naval_ship_label(*this, t), naval_cells(t)};
    options.push_back({attack});
    for (const auto& [pid, p] : ships_) {
      if (pid == a.id || p.side != side || !can_attack(p) || !melee_problem(p, t).empty()) continue;
      options.push_back(
          {{" " + pid, "together with " + naval_ship_label(*this, p), naval_cells(p)}, attack});
    }
  }
  return ways_among(options, path);
}

// ------------------------------------------------------------ deployment and regrouping

std::vector<Decision> Board::placement_decisions(Side side) const {
  std::vector<Decision> out;
  const bool regroup = seg_ == Segment::Regroup;
  for (const auto& [id, s] : ships_) {
    if (!naval_afloat(s, side)) continue;
    out.push_back(naval_ship_decision(*this, s, id + ":",
                                      regroup ? "goes to the first free home hex, facing N (5.31)"
                                              : "keeps its deployment (17.1)"));
  }
  // 5.32: two damaged ships of one type may combine.
  if (regroup) {
    for (const auto& entry : ships_) {
      const std::string& id = entry.first;
      const Ship& s = entry.second;
      if (!naval_afloat(s, side) || !s.damaged) continue;
      const bool pair = std::any_of(ships_.begin(), ships_.end(), [&](const auto& o) {
        return o.first != id && naval_afloat(o.second, side) && o.second.damaged &&
               o.second.type == s.type;
      });
      if (pair) {
        out.push_back({"combine",
                       "combine two damaged ships of one type into one (5.32)",
                       "combine",
                       {},
                       "no ships combine (5.32)"});
        break;
      }
    }
  }
  return out;
}

std::vector<Choice> Board::placement_ways(Side side, const Decision& d,
                                          const ChoicePath& path) const {
  if (d.id == "combine") {
    std::vector<Option> options;
    for (const auto& [a, x] : ships_) {
      if (!naval_afloat(x, side) || !x.damaged) continue;
      for (const auto& [c, y] : ships_) {
        if (c == a || !naval_afloat(y, side) || !y.damaged || y.type != x.type) continue;
        options.push_back({{" " + a, naval_ship_label(*this, x), naval_cells(x)},
                           {" " + c, "with " + naval_ship_label(*this, y), naval_cells(y)}});
      }
    }
    return ways_among(options, path);
  }
  if (path.empty()) return naval_home_hexes(*this, side);
  if (path.size() != 1) return {};
  std::vector<Choice> out;
  for (const Dir dir : {Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW})
    out.push_back({std::string(" facing ") + hex::name(dir),
                   std::string("facing ") + hex::name(dir),
                   {},
                   true,
                   true});
  return out;
}

// ------------------------------------------------------------ bombardment

std::vector<Decision> Board::bombard_decisions(Side side) const {
  std::vector<Decision> out;
  for (const auto& [id, s] : ships_) {
    if (naval_afloat(s, side) && !cargo(id).engines.empty())
      out.push_back(naval_ship_decision(*this, s, id + ":", "does not bombard (7.1)"));
  }
  return out;
}

// A catapult bombards a wall hex within four hexes (7.13); a ram batters
// the primary wall its ship faces (7.14).
std::vector<Choice> Board::bombard_ways(Side, const Decision& d, const ChoicePath& path) const {
  const auto it = ships_.find(d.id);
  if (it == ships_.end()) return {};
  const Ship& s = it->second;
  std::vector<Option> options;
  if (engine_aboard(s, EngineKind::Catapult)) {
    for (int r = 1; r <= 4; ++r) {
      for (const HexId h : hex::ring(s.hex, r)) {
        if (!sc_->map.on_map(h) || !is_wall(terrain(h))) continue;
        const std::string at = hex::format_hex(h);
        options.push_back({{" bombard " + at, "bombard the wall at " + at, {at}}});
      }
    }
  }
  if (engine_aboard(s, EngineKind::Ram)) {
    const std::string at = hex::format_hex(hex::neighbour(s.hex, s.facing));
    options.push_back({{" batter " + at, "batter the wall at " + at, {at}}});
  }
  return ways_among(options, path);
}

std::vector<Decision> Board::counter_decisions(Side) const {
  std::vector<Decision> out;
  for (const auto& [id, e] : engines_) {
    if (e.kind != EngineKind::TyrianCatapult || !on_wall(e)) continue;
    const std::string at = hex::format_hex(e.hex);
    out.push_back({id, id + ", Tyrian catapult at " + at, id + ":", {at}, "does not fire (7.2)"});
  }
  return out;
}

// 7.22: a Tyrian catapult reaches ships within four hexes.
std::vector<Choice> Board::counter_ways(Side, const Decision& d, const ChoicePath& path) const {
  const auto it = engines_.find(d.id);
  if (it == engines_.end()) return {};
  std::vector<Option> options;
  for (const auto& [sid, s] : ships_) {
    if (!naval_afloat(s, Side::Macedonian) || hex::distance(s.hex, it->second.hex) > 4) continue;
    options.push_back({{" fire " + sid, "fire at " + naval_ship_label(*this, s), naval_cells(s)}});
  }
  return ways_among(options, path);
}

}  // namespace naumachia::tyre
