// Constantinople: a movement order choice by choice (14.1, 14.2, 15.1, 15.16,
// 15.64, 19.1). The order is built action by action in the order's own words:
// an arrival's hex and facing; "free" for an engaged ship; a sail ship's
// capability ("speed N") or "oar"; "battle" for an oar ship; then legs of
// "move N" and turns, ended by a ram, "sail" or nothing. Each step offers
// only what the course so far allows: the hexes ahead it may enter with the
// points left, the turns its mode allows, a ram on an enemy beside it.
// The proposals follow the rules the movement check applies (movement.cpp:
// the points, the hexes a ship may enter, the turns), so that nearly every
// one is an order or leads to one; the check (move_line) has the last word
// on each line. A ship passing through an enemy's hex (14.15) may go on
// from it but not stop there.
#include <algorithm>
#include <array>

#include "core/galley.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

constexpr std::array<Dir, 6> kCourseDirs{Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW};

// The course the actions of a path have set so far.
struct Underway {
  Ship ship;               // the mover where the path leaves it
  bool arrived = false;    // entered the map this segment (19.1)
  bool oar = true;         // moving under oars in this order
  bool speed_set = false;  // a sail ship's "speed N"
  bool battle = false;
  bool opening = true;  // no move or turn yet: a mode word may come
  bool turned_in_place = false;
  int allowance = 0, spent = 0, turns_here = 0;
  int entered = 0;                   // hexes entered, the arrival counted
  Action::Kind last = Action::Free;  // the last move or turn; Free: none yet
  bool over = false;                 // a ram, "sail" or "break boom": nothing follows
};

Underway underway(const Board& b, const Ship& s, const std::vector<Action>& actions) {
  Underway u;
  u.ship = s;
  u.oar = s.prop == Propulsion::Oar && !s.to_sail;
  int speed = -1;
  for (const Action& a : actions) {
    switch (a.kind) {
      case Action::Enter:
        u.ship.on_map = true;
        u.ship.hex = a.hex;
        u.ship.facing = a.facing;
        u.arrived = true;
        u.entered = 1;
        // 14.21: an arriving sail ship on the wind spends two points entering.
        u.spent = !u.oar && b.on_wind(a.facing) ? 2 : 1;
        break;
      case Action::Oar:
        u.oar = true;
        break;
      case Action::Battle:
        u.battle = true;
        break;
      case Action::Speed:
        u.speed_set = true;
        speed = a.n;
        break;
      case Action::Move:
        for (int k = 0; k < a.n; ++k) {
          u.spent += !u.oar && b.on_wind(u.ship.facing) ? 2 : 1;
          u.ship.hex = hex::neighbour(u.ship.hex, u.ship.facing);
        }
        u.entered += a.n;
        u.turns_here = 0;
        u.opening = false;
        u.last = Action::Move;
        break;
      case Action::Turn:
        for (int k = 0; k < std::abs(a.n); ++k) {
          if (!u.oar && u.turns_here > 0) ++u.spent;  // 14.25: a second hexside costs one
          ++u.turns_here;
        }
        u.ship.facing = hex::turn(u.ship.facing, a.n);
        if (u.entered == 0) u.turned_in_place = true;
        u.opening = false;
        u.last = Action::Turn;
        break;
      case Action::Ram:
      case Action::Sail:
      case Action::BreakBoom:
        u.over = true;
        break;
      case Action::Free:
        break;
    }
  }
  if (u.oar) {
    u.allowance = b.oar_allowance(s, u.battle);
    return u;
  }
  const int top = s.damaged ? b.values(s).sail / 2 : b.values(s).sail;
  int mpa = s.to_sail    ? 1
            : u.arrived  ? std::min(std::max(b.velocity_, 0), top)
            : speed >= 0 ? speed
                         : std::min(s.capability, b.sail_range(s).second);
  if (s.ineffective_in == b.abs_impulse()) mpa /= 2;  // 15.33
  u.allowance = std::max(mpa, u.spent);
  return u;
}

std::string turn_label(int n, Dir to) {
  std::string out = std::abs(n) == 2 ? "turn two hexsides" : "turn";
  out += n < 0 ? " to port" : " to starboard";
  out += std::string(", to face ") + hex::name(to);
  if (std::abs(n) == 2) out += " (1 MP, 14.25)";
  return out;
}

}  // namespace

std::vector<Choice> Board::move_ways(Side side, const Decision& d, const Path& path) const {
  std::vector<Choice> out;
  const auto it = ships_.find(d.id);
  if (it == ships_.end() || it->second.side != side) return out;
  const Ship& s = it->second;
  const Map& m = sc_->map;
  // 19.1: a free hex of the south edge, then a facing.
  if (!s.on_map && path.empty()) {
    for (const HexId h : m.south_edge())
      if (!ship_at(h))
        out.push_back(
            {" enter " + hx(h), "arrive at " + hx(h) + " on the south edge (19.1)", {hx(h)}});
    return out;
  }
  if (!s.on_map && path.size() == 1) {
    const HexId at = *hex::parse_hex(path[0].substr(7));
    for (const Dir f : kCourseDirs)
      out.push_back({std::string(" facing ") + hex::name(f),
                     std::string("facing ") + hex::name(f),
                     {hx(at)},
                     true,
                     false});
    return out;
  }
  std::vector<Action> actions;
  for (const std::string& piece : path) {
    // The pieces are this function's own: " enter HEX" and " facing DIR" make one action.
    if (piece.rfind(" facing ", 0) == 0) continue;
    const std::string words =
        piece.rfind(" enter ", 0) == 0 ? piece + path[1] : piece.substr(piece[0] == ',' ? 2 : 1);
    auto a = parse_action(words);
    if (!a) return out;
    actions.push_back(*a);
  }
  const Underway u = underway(*this, s, actions);
  if (u.over) return out;
  const std::string sep = actions.empty() ? " " : ", ";
  const auto add = [&](const std::string& text, std::string label, std::vector<std::string> cells,
                       bool last) {
    out.push_back({sep + text, std::move(label), std::move(cells), true, last});
  };
  if (path.empty() && !s.engaged.empty()) {
    add("free",
        "try to break free of " + s.engaged +
            (s.rammer ? " (15.16: on 1-3)" : " (15.16: on a 1, and Damaged)"),
        {hx(s.hex)}, false);
    return out;
  }
  if (path.empty() && !boom_broken_ && m.beside_boom(s.hex))
    add("break boom", "hold station at the Boom to break it (15.64)", {hx(s.hex)}, true);
  if (u.opening && !u.oar && !s.to_sail && !u.arrived && !u.speed_set) {
    // 14.22: a sail ship sets its capability for the impulse first, or takes to the oars.
    const auto [lo, hi] = sail_range(s);
    for (int n = lo; n <= hi; ++n)
      add("speed " + std::to_string(n),
          "capability " + std::to_string(n) + ": " + std::to_string(n) +
              " MP this impulse, the rest spent straight ahead (14.21, 14.22)",
          {}, false);
    if (values(s).cruise > 0 && s.hexes_last <= 3)
      add("oar", "take to the oars (14.18, after three hexes or fewer)", {}, false);
    return out;
  }
  // 14.17: not twice running.
  if (u.opening && u.oar && !u.battle && !(s.battle_in > 0 && s.battle_in == abs_impulse() - 1))
    add("battle",
        "row at Battle Speed: " + std::to_string(oar_allowance(s, true)) +
            " MP, needed to ram (15.11); at most 1 MP next segment (14.17)",
        {}, false);
  // A leg ahead: every hex it may enter with the points left (14.13, 14.24, 14.15).
  if (u.last != Action::Move && !(u.oar && u.turned_in_place && !u.arrived)) {
    Ship at = u.ship;
    int spent = u.spent;
    std::string shoals;
    for (int n = 1; n <= 12; ++n) {
      if (!u.oar && into_wind(at.facing)) break;
      const int cost = !u.oar && on_wind(at.facing) ? 2 : 1;
      if (spent + cost > u.allowance) break;
      const HexId next = hex::neighbour(at.hex, at.facing);
      if (!exit_problem(at, next).empty() || !entry_problem(at, at.hex, next).empty()) break;
      spent += cost;
      at.hex = next;
      if (const int shoal = m.at(next).shoal)
        shoals += (shoals.empty() ? "" : ", ") + hx(next) + " (" + std::to_string(shoal) + ")";
      add("move " + std::to_string(n),
          "move " + std::to_string(n) + (n == 1 ? " hex" : " hexes") + ", to " + hx(next) +
              (shoals.empty() ? "" : "; shoals: a roll above " + shoals + " (15.53)"),
          {hx(next)}, false);
    }
  }
  if (u.last != Action::Turn) {
    const std::vector<int> turns = u.oar ? std::vector<int>{-1, 1} : std::vector<int>{-1, 1, -2, 2};
    for (const int n : turns) {
      // 14.24, 14.25: a sail ship never turns to face into the wind, and a
      // second hexside in a hex costs a point.
      if (!u.oar && (into_wind(hex::turn(u.ship.facing, n < 0 ? -1 : 1)) ||
                     into_wind(hex::turn(u.ship.facing, n)) ||
                     (std::abs(n) == 2 && u.spent + 1 > u.allowance)))
        continue;
      const Dir to = hex::turn(u.ship.facing, n);
      add(galley::format_turn(n), turn_label(n, to), {hx(u.ship.hex)}, false);
    }
  }
  // 15.11-15.13: a ram at Battle Speed on an enemy beside the rammer's last hex.
  if (u.oar && u.battle && u.last == Action::Move && values(s).ram > 0) {
    for (const auto& [tid, t] : ships_) {
      if (t.side == side || !afloat(t) || hex::distance(u.ship.hex, t.hex) != 1) continue;
      static const char* const kDefence = "ABCD";
      add("ram " + tid,
          "ram " + describe(t) + " (Ram Strength " + std::to_string(values(s).ram) +
              " against Ram Defense " + kDefence[ram_defence(t) - 1] + ", 15.42)",
          {hx(t.hex)}, true);
    }
  }
  // 14.18: from oar to sail after a hex or none.
  if (u.oar && values(s).sail > 0 && u.entered <= 1)
    add("sail", "make sail: under sail at capability 1 from the next segment (14.18)", {}, true);
  return out;
}

}  // namespace naumachia::constantinople
