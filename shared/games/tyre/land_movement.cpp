// Tyre: land movement (9.0), zones of control (10.0), command (15.1),
// going ashore from ships (8.3) and stacking (9.5).
#include <algorithm>
#include <array>

#include "core/flood.h"
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

bool Board::has_land_mover(Side side) const {
  for (const auto& [id, u] : units_) {
    if (u.t.side != side) continue;
    if (u.at == Where::Ship && piece_hex(id)) return true;
    if (u.at == Where::Hex && (is_island(terrain(u.hex)) || terrain(u.hex) == Terrain::Sea ||
                               terrain(u.hex) == Terrain::Mole))
      return true;
  }
  return false;
}

namespace {

// The board as the land rules read it, with the hexes of the combat units and
// siege units found once: a search of paths asks them of every hex it looks
// at, and the board finds them piece by piece.
class LandSnapshot final : public LandBoard {
 public:
  explicit LandSnapshot(const Board& b) : b_(b) {
    // The first unit of a hex in the board's order, as Board::combat_unit.
    for (const auto& [id, u] : b.units_) {
      if (u.at == Where::Hex) units_.emplace(u.hex, u.t.side);
    }
    for (const auto& [id, e] : b.engines_) {
      if (e.at == Where::Hex) siege_.insert(e.hex);
    }
  }
  Terrain terrain(HexId h) const override { return b_.terrain(h); }
  bool breached(HexId h) const override { return b_.breached(h); }
  std::optional<Side> combat_unit(HexId h) const override {
    const auto it = units_.find(h);
    if (it == units_.end()) return std::nullopt;
    return it->second;
  }
  bool has_siege_unit(HexId h) const override { return siege_.count(h) > 0; }

 private:
  const Board& b_;
  std::map<HexId, Side> units_;
  std::set<HexId> siege_;
};

}  // namespace

// 15.1, 15.11: hexes within `radius` of a leader, traced through land hexes
// free of enemy combat units and of their zones of control (friendly
// combat units negate the zone in their hex).
std::set<HexId> Board::command_area(const LandLeader& l, int radius) const {
  std::set<HexId> out;
  const auto start = piece_hex(l.t.id);
  if (!start) return out;
  const Side side = l.t.side;
  // The fill asks of every hex it reaches who stands in it and around it.
  const LandSnapshot board(*this);
  // Not into enemy units; into water or enemy-controlled land, but no farther.
  const auto step = [&](HexId, HexId n, int) {
    const auto who = board.combat_unit(n);
    if (who == enemy(side)) return flood::Step::Blocked;
    if (!is_land(board.terrain(n))) return flood::Step::Stop;
    if (who != side && enemy_controlled(board, side, n)) return flood::Step::Stop;
    return flood::Step::Through;
  };
  // The leader's own hex counts even if it is not land (aboard).
  for (const auto& [h, d] :
       flood::reachable(std::vector<HexId>{*start}, radius, hex::neighbours, step))
    out.insert(h);
  return out;
}

bool Board::in_command(const std::string& unit, int times) const {
  const LandUnit& u = units_.at(unit);
  const auto h = piece_hex(unit);
  if (!h) return false;
  for (const auto& [id, l] : lleaders_) {
    if (l.t.side != u.t.side || !l.t.commands(u.t.contingent) || !piece_hex(id)) continue;
    if (l.at == Where::Ship && u.at == Where::Ship && l.ship == u.ship) return true;
    if (command_area(l, l.t.radius * times).count(*h)) return true;
  }
  return false;
}

// 9.15, 9.16, 9.4, 15.12: the allowance in half points.
int Board::land_allowance(const std::string& id, bool strategic) const {
  if (is_leader(id)) return lleaders_.at(id).t.move * 2 * (strategic ? 2 : 1);
  const int mp = units_.at(id).t.move;
  if (strategic) return mp * 4;
  return in_command(id, 2) ? mp * 2 : (mp / 2) * 2;
}

// The first step of a unit going ashore from its ship (8.31, 8.32).
std::optional<int> Board::disembark_cost(const Ship& s, HexId to) const {
  if (to != s.hex && hex::distance(s.hex, to) != 1) return std::nullopt;
  const Terrain t = terrain(to);
  if (t == Terrain::Beach) {
    // 8.31: a beach next to a secondary wall or a breached primary wall.
    if (next_to(to, [&](HexId n) {
          return terrain(n) == Terrain::SecondaryWall ||
                 (terrain(n) == Terrain::PrimaryWall && breached(n));
        }))
      return 4;
    return std::nullopt;
  }
  if (t == Terrain::Sea &&
      next_to(to, [&](HexId n) { return terrain(n) == Terrain::PrimaryWall && breached(n); }))
    return 4;  // 8.32: wading ashore
  return std::nullopt;
}

// Why a piece of `side` may not end a step in `h` (9.12), or "". The combat
// units are read from `land`: this board, or a snapshot of it.
std::string Board::enter_problem(const LandBoard& land, const std::string& id, Side side,
                                 HexId h) const {
  if (land.combat_unit(h) == enemy(side))
    return "hex " + hex::format_hex(h) + " holds an enemy combat unit (9.12)";
  if (is_leader(id)) {
    for (const auto& [lid, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == h && l.t.side != side)
        return "a leader may not enter a hex with an enemy leader (9.12)";
    }
    const Engine* e = engine_at(h);
    if (e && side_of(e->kind) != side)
      return "a leader may not enter a hex with an enemy siege unit (9.12)";
  }
  return "";
}

// The cheapest legal path to `goal` (Dijkstra over half points), or why none.
Expected<std::vector<HexId>> Board::land_path(const std::string& id, HexId goal,
                                              bool strategic) const {
  const auto start = piece_hex(id);
  if (!start) return fail(cited(id + " is not on the map", "9.1"));
  const bool aboard =
      !is_leader(id) ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
  const int budget = land_allowance(id, strategic);
  if (aboard && goal == *start) {  // disembarking into the beach hex the ship is in
    const Ship& s = ships_.at(is_leader(id) ? lleaders_.at(id).ship : units_.at(id).ship);
    if (disembark_cost(s, goal) && budget >= 4) return std::vector<HexId>{goal};
    return fail(id + " cannot go ashore at " + hex::format_hex(goal) + " (8.31)");
  }
  auto tree = land_tree(id, strategic, goal);
  auto& came = tree.came;
  if (!came.count(goal) || goal == *start)
    return fail(id + " cannot reach " + hex::format_hex(goal) + " this segment (" +
                std::to_string(budget / 2) + (budget % 2 ? ".5" : "") + " MP; 9.0, 10.2)");
  std::vector<HexId> path{goal};
  while (came.count(path.back()) && came[path.back()] != *start) path.push_back(came[path.back()]);
  if (tree.waded_first.count(path.back())) path.push_back(*start);
  std::reverse(path.begin(), path.end());
  return path;
}

// Every hex the piece reaches this segment (orders choice by choice).
std::set<HexId> Board::land_reach(const std::string& id, bool strategic) const {
  std::set<HexId> out;
  if (!piece_hex(id)) return out;
  for (const auto& [h, from] : land_tree(id, strategic, std::nullopt).came) out.insert(h);
  return out;
}

// Dijkstra over half points from where the piece stands, up to `goal` if
// given: the hex each reached hex is entered from on a cheapest path.
Board::LandTree Board::land_tree(const std::string& id, bool strategic,
                                 std::optional<HexId> goal) const {
  const LandSnapshot land(*this);
  const Side side = *piece_side(id);
  const HexId start = *piece_hex(id);
  const bool aboard =
      !is_leader(id) ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
  const int budget = land_allowance(id, strategic);
  // The ship the piece goes ashore from (8.31, 8.32).
  const Ship* carrier =
      aboard ? &ships_.at(is_leader(id) ? lleaders_.at(id).ship : units_.at(id).ship) : nullptr;
  using Node = std::pair<int, HexId>;
  std::map<HexId, int> best{{start, 0}};
  LandTree tree;
  auto& came = tree.came;
  std::set<Node> open{{0, start}};
  std::set<HexId> done;
  const bool start_controlled = !aboard && enemy_controlled(land, side, start);
  while (!open.empty()) {
    const auto [cost, h] = *open.begin();
    open.erase(open.begin());
    if (!done.insert(h).second) continue;
    if (goal && h == *goal && h != start) break;
    const bool first = h == start;
    if (!first && enemy_controlled(land, side, h)) continue;  // 10.21: it stops there
    std::vector<HexId> next;
    for (int k = 0; k < 6; ++k) next.push_back(hex::neighbour(h, static_cast<Dir>(k)));
    // 8.32: a ship in the all-sea hex next to the breach puts its men
    // ashore there, wading in its own hex, and on from it (as the path
    // "UNIT: HEX HEX" given hex by hex does) unless an enemy zone of
    // control stops them in it (10.21).
    std::optional<int> wade_here;
    if (first && aboard && !enemy_controlled(land, side, start))
      wade_here = disembark_cost(*carrier, start);
    for (const HexId n : next) {
      std::optional<int> step;
      bool waded = false;
      if (first && aboard) {
        step = disembark_cost(*carrier, n);
        if (const auto on = wade_here ? move_cost_halves(land, side, start, n) : std::nullopt;
            on && (!step || *wade_here + *on < *step)) {
          step = *wade_here + *on;
          waded = true;
        }
      } else {
        step = move_cost_halves(land, side, h, n);
      }
      if (!step || !enter_problem(land, id, side, n).empty()) continue;
      if (first && start_controlled && enemy_controlled(land, side, n)) continue;  // 10.22
      const int c = cost + *step;
      if (c > budget) continue;  // 9.26
      const HexId key = n;
      if (best.count(key) && best[key] <= c) continue;
      best[key] = c;
      came[key] = h;
      if (waded)
        tree.waded_first.insert(key);
      else
        tree.waded_first.erase(key);
      open.insert({c, key});
    }
  }
  return tree;
}

// Checks a path given hex by hex ("Hyp1: 3620 3721").
std::optional<std::string> Board::check_path(const std::string& id,
                                             const std::vector<HexId>& path) const {
  const Side side = *piece_side(id);
  const auto start = piece_hex(id);
  if (!start) return cited(id + " is not on the map", "9.1");
  const bool aboard =
      !is_leader(id) ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
  int spent = 0;
  HexId at = *start;
  const bool start_controlled = !aboard && enemy_controlled(*this, side, at);
  for (std::size_t i = 0; i < path.size(); ++i) {
    const HexId n = path[i];
    if (i > 0 && enemy_controlled(*this, side, at))
      return id + " stops on entering the enemy-controlled " + hex::format_hex(at) + " (10.21)";
    std::optional<int> step;
    if (i == 0 && aboard)
      step =
          disembark_cost(ships_.at(is_leader(id) ? lleaders_.at(id).ship : units_.at(id).ship), n);
    else
      step = move_cost_halves(*this, side, at, n);
    if (!step)
      return id + " may not move from " + hex::format_hex(at) + " into " + hex::format_hex(n) +
             " (9.2, 9.28, 8.3)";
    if (auto why = enter_problem(*this, id, side, n); !why.empty()) return why;
    if (i == 0 && start_controlled && enemy_controlled(*this, side, n))
      return id + " starts in an enemy zone of control and must first leave it (10.22)";
    spent += *step;
    at = n;
  }
  const int budget = land_allowance(id, false);
  if (spent > budget)
    return id + " needs " + std::to_string(spent / 2) + (spent % 2 ? ".5" : "") + " MP but has " +
           std::to_string(budget / 2) + (budget % 2 ? ".5" : "") + " (9.15, 15.12)";
  return std::nullopt;
}

Expected<std::string> Board::land_move_line(Side side, const std::string& line,
                                            std::set<std::string>& ordered) {
  auto parts = split_line(line);
  if (!parts) return fail("a land move is 'UNIT: to HEX' or 'UNIT: HEX HEX ...' (9.1)");
  const std::string id = piece_id(parts->first);
  if (id.empty() || piece_side(id) != side || (!units_.count(id) && !lleaders_.count(id)))
    return fail(cited("you have no land unit or leader '" + parts->first + "'", order_notation()));
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  if (is_leader(id) && lleaders_.at(id).at == Where::Off)
    return fail(cited(id + " is out of play", "15.41, 15.42"));
  if (is_leader(id) && leaders_.count(id) && lleaders_.at(id).at == Where::Ship &&
      side == Side::Tyrian)
    return fail(
        cited(id + " is aboard a ship; he goes ashore in strategic movement", "9.16, 16.42"));
  const auto w = text::split(parts->second);
  std::vector<HexId> path;
  if (w.size() == 2 && text::lower(w[0]) == "to") {
    const auto h = hex::parse_hex(w[1]);
    if (!h) return fail("'" + std::string(w[1]) + "' is not a hex " + order_notation());
    auto p = land_path(id, *h, false);
    if (!p) return fail(p.error().message);
    path = *p;
  } else {
    for (auto x : w) {
      const auto h = hex::parse_hex(x);
      if (!h)
        return fail("'" + std::string(x) +
                    "' is not a hex; a land move is 'UNIT: to HEX' or 'UNIT: HEX HEX ...' " +
                    order_notation());
      path.push_back(*h);
    }
    if (path.empty()) return fail("no hexes for " + id + " " + order_notation());

    if (auto why = check_path(id, path)) return fail(*why);
  }
  std::vector<std::string> hexes;
  for (const HexId h : path) hexes.push_back(hex::format_hex(h));
  if (executing())
    execute_land_move(id, path);
  else
    place_piece(id, path.back());
  return id + ": " + text::join(hexes, " ");
}

void Board::execute_land_move(const std::string& id, const std::vector<HexId>& path) {
  const Side side = *piece_side(id);
  const bool unit = units_.count(id) > 0;
  std::string ship = unit ? units_.at(id).ship : lleaders_.at(id).ship;
  const bool aboard = unit ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
  if (aboard && !ground_to_disembark(ships_.at(ship), path.front())) return;
  if (aboard && leaders_.count(id)) set_aboard_naval(id, "");
  const HexId from = *piece_hex(id);
  place_piece(id, path.back());
  if (unit) units_.at(id).waded_from = terrain(path.back()) == Terrain::Sea ? ship : "";
  HexId at = from;
  for (const HexId h : path) {
    entered(id, side, h);
    stepped(id, at, h);
    at = h;
  }
  say(id + " moves " + hex::format_hex(from) + (aboard ? " (from " + ship + ")" : "") + " -> " +
      hex::format_hex(path.back()));
}

// 8.31, 9.31: the first landing from a ship onto a beach rolls for grounding.
bool Board::ground_to_disembark(Ship& s, HexId to) {
  if (terrain(to) != Terrain::Beach || s.beached || !executing()) return true;
  s.beached = true;
  const int g = sc_->map.grounding(to).value_or(0) + (boulders_.count(to) ? 2 : 0);  // 14.31
  const int roll =
      dice_->roll(6, "grounding of " + s.id + " landing troops at " + hex::format_hex(to));
  if (roll <= g) {
    said_with_last_roll(s.id + " runs aground landing troops at " + hex::format_hex(to) + " (" +
                        std::to_string(roll) + " <= grounding " + std::to_string(g) +
                        "): the ship and the men aboard are lost (8.31, 9.31)");
    sink(s);
    return false;
  }
  said_with_last_roll(s.id + " is beached safely at " + hex::format_hex(to) + " (8.31: " +
                      std::to_string(roll) + " > grounding " + std::to_string(g) + ")");
  return true;
}

// What entering a hex does: enemy leaders and siege units alone there are
// lost (9.12, 13.43, Leader Loss Procedure); army morale (12.31, 12.34).
void Board::entered(const std::string& id, Side side, HexId h) {
  if (!units_.count(id)) return;
  for (auto& [lid, l] : lleaders_) {
    if (l.at == Where::Hex && l.hex == h && l.t.side != side)
      kill_leader(lid, "an enemy combat unit entered his hex alone (Leader Loss Procedure)");
  }
  for (auto& [eid, e] : engines_) {
    if (e.at == Where::Hex && e.hex == h && side_of(e.kind) != side) {
      e.at = Where::Dead;
      say(std::string(kind_name(e.kind)) + " " + eid + " is destroyed by " + id + " (9.12, 13.43)");
    }
  }
  if (side != Side::Macedonian) return;
  const Terrain t = terrain(h);
  if (!entered_city_ && (t == Terrain::City || t == Terrain::Temple || t == Terrain::Agenorium)) {
    entered_city_ = true;
    morale_[1] += 1;
    say("the Macedonians are inside the city: Macedonian army morale +1 (12.31)");
  }
  if (!objective_entered_ && (t == Terrain::Temple || t == Terrain::Agenorium)) {
    objective_entered_ = true;
    morale_[0] -= 1;
    say(std::string(t == Terrain::Temple ? "the Temple of Hercules" : "the Agenorium") +
        " is entered: Tyrian army morale -1 (12.34)");
  }
}

// 9.5: one combat unit, one leader, one siege unit per hex.
std::optional<std::string> Board::stacking_problem(Side side) const {
  std::map<HexId, std::array<int, 3>> count;
  for (const auto& [id, u] : units_) {
    if (u.at == Where::Hex && u.t.side == side && ++count[u.hex][0] > 1)
      return "two combat units in " + hex::format_hex(u.hex) + " (9.51)";
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.at == Where::Hex && l.t.side == side && ++count[l.hex][1] > 1)
      return "two leaders in " + hex::format_hex(l.hex) + " (9.52)";
  }
  for (const auto& [id, e] : engines_) {
    if (e.at == Where::Hex && side_of(e.kind) == side && ++count[e.hex][2] > 1)
      return "two siege units in " + hex::format_hex(e.hex) + " (9.53)";
  }
  return std::nullopt;
}

}  // namespace naumachia::tyre
