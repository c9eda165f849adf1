// Diplomacy: orders choice by choice (core/choices.h). A unit is a decision;
// its orders are listed whole, piece by piece: hold; move (to a neighbour,
// or for an army on a coast to a coast a chain of fleets at sea could convoy
// it to); support a unit to hold or to move where the supporter could move;
// convoy (a fleet at sea) an army along a chain of fleets through its own
// sea. Retreats: to where the unit may retreat, or disband. Adjustments: a
// build in each vacant home centre the seat's powers own, a removal of each
// unit when a power has too many. Everything here is on the open board:
// Diplomacy hides nothing but the orders themselves.
#include <algorithm>
#include <set>
#include <utility>

#include "games/diplomacy/board.h"

namespace naumachia::diplomacy {

namespace {

std::string kind_word(UnitType t) {
  return t == UnitType::Army ? "A" : "F";
}

std::string unit_text(const Unit& u) {
  return kind_word(u.type) + " " + u.location;
}

std::string unit_name(const Map& map, const Unit& u) {
  return std::string(u.type == UnitType::Army ? "the army in " : "the fleet in ") +
         map.place_name(u.location);
}

bool of_seat(const PowerSeats& seats, PlayerId seat, const std::string& power) {
  const auto mine = seats.powers_of(seat);
  return std::find(mine.begin(), mine.end(), power) != mine.end();
}

Decision unit_decision(const Map& map, const Unit& u, const std::string& text,
                       std::string otherwise) {
  return {province_of(u.location),
          unit_text(u) + ": " + unit_name(map, u) + " (" + u.power + ")",
          text,
          {province_of(u.location)},
          std::move(otherwise)};
}

Piece place_piece(const Map& map, const std::string& prefix, const std::string& location) {
  return {" " + location, prefix + map.place_name(location), {province_of(location)}};
}

// Where `u` could move this phase: its neighbours, and for an army on a
// coast the coasts a chain of fleets at sea beside it could carry it to.
std::vector<std::string> destinations(const Map& map, const Position& pos, const Unit& u) {
  std::vector<std::string> out;
  const std::string here = province_of(u.location);
  if (u.type == UnitType::Fleet) {
    for (const std::string& to : map.fleet_moves(u.location)) out.push_back(to);
    return out;
  }
  std::set<std::string> reach;
  for (const std::string& n : map.any_neighbours(here)) {
    if (map.army_adjacent(here, n)) reach.insert(n);
  }
  const Province* hp = map.province(here);
  if (hp && hp->terrain == Terrain::Coast) {
    for (const std::string& sea : map.sea_neighbours(here)) {
      const auto it = pos.units.find(sea);
      if (it == pos.units.end() || it->second.type != UnitType::Fleet) continue;
      for (const std::string& shore : map.shores(map.fleet_chain(fleets_at_sea(map, pos), sea)))
        if (shore != here) reach.insert(shore);
    }
  }
  out.assign(reach.begin(), reach.end());
  return out;
}

std::vector<Option> movement_options(const Board& b, const Unit& u) {
  const Map& map = *b.map_;
  const std::string here = province_of(u.location);
  std::vector<Option> out;
  out.push_back({{" H", "hold", {here}}});
  const Piece move{" -", "move", {}};
  for (const std::string& to : destinations(map, b, u))
    out.push_back({move, place_piece(map, "to ", to)});
  const Piece support{" S", "support", {}};
  for (const auto& [prov, other] : b.units) {
    if (prov == here) continue;
    const Piece whom{" " + unit_text(other), unit_name(map, other), {prov}};
    // Supporting it to hold ends the order at the unit.
    if (map.can_reach(u.type, u.location, prov)) out.push_back({support, whom});
    std::set<std::string> into_seen;
    for (const std::string& to : destinations(map, b, other)) {
      const std::string into = province_of(to);
      if (into == here || !map.can_reach(u.type, u.location, into)) continue;
      if (!into_seen.insert(into).second) continue;
      out.push_back({support, whom, {" - " + into, "moving to " + map.place_name(into), {into}}});
    }
  }
  const Province* hp = map.province(here);
  if (u.type == UnitType::Fleet && hp && hp->terrain == Terrain::Sea) {
    const Piece convoy{" C", "convoy", {}};
    const auto shores = map.shores(map.fleet_chain(fleets_at_sea(map, b), here));
    for (const auto& [prov, army] : b.units) {
      if (army.type != UnitType::Army || !shores.count(prov)) continue;
      const Piece whom{" " + unit_text(army), unit_name(map, army), {prov}};
      for (const std::string& to : shores) {
        if (to != prov)
          out.push_back({convoy, whom, {" - " + to, "to " + map.place_name(to), {to}}});
      }
    }
  }
  return out;
}

}  // namespace

std::vector<Decision> Board::movement_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  for (const auto& [prov, u] : units) {
    if (of_seat(seats_, seat, u.power))
      out.push_back(unit_decision(*map_, u, unit_text(u), "holds"));
  }
  return out;
}

std::vector<Choice> Board::movement_ways(PlayerId, const Decision& d,
                                         const std::vector<std::string>& path) const {
  const auto it = units.find(d.id);
  if (it == units.end()) return {};
  return ways_among(movement_options(*this, it->second), path);
}

std::vector<Decision> Board::retreat_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  for (const auto& [prov, d] : dislodged) {
    if (of_seat(seats_, seat, d.unit.power))
      out.push_back(unit_decision(*map_, d.unit, unit_text(d.unit), "disbands"));
  }
  return out;
}

std::vector<Choice> Board::retreat_ways(PlayerId, const Decision& d,
                                        const std::vector<std::string>& path) const {
  const auto it = dislodged.find(d.id);
  if (it == dislodged.end()) return {};
  std::vector<Option> options;
  const Piece retreat{" -", "retreat", {}};
  for (const std::string& to : retreat_options(*map_, *this, it->second))
    options.push_back({retreat, place_piece(*map_, "to ", to)});
  options.push_back({{" disband", "disband", {d.id}}});
  return ways_among(options, path);
}

// A build is a decision of its centre ("Build" then the unit); a removal one
// of its unit ("Remove" then the unit).
std::vector<Decision> Board::adjustment_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  for (const std::string& power : seats_.powers_of(seat)) {
    const int n = adjustment_count(*map_, *this, power);
    if (n < 0) {
      for (const auto& [prov, u] : units) {
        if (u.power == power)
          out.push_back(unit_decision(*map_, u, "Remove",
                                      "stays, unless too few units are removed: then civil "
                                      "disorder removes those farthest from home"));
      }
    }
    if (n <= 0) continue;
    for (const auto& [id, p] : map_->provinces()) {
      if (p.home_of != power || units.count(id)) continue;
      const auto owner = owners.find(id);
      if (owner == owners.end() || owner->second != power) continue;
      out.push_back(
          {id, "build in " + p.name + " (" + power + ")", "Build", {id}, "nothing is built here"});
    }
  }
  return out;
}

std::vector<Choice> Board::adjustment_ways(PlayerId, const Decision& d,
                                           const std::vector<std::string>& path) const {
  std::vector<Option> options;
  if (d.text == "Remove") {
    const auto it = units.find(d.id);
    if (it == units.end()) return {};
    options.push_back(
        {{" " + unit_text(it->second), "disband " + unit_name(*map_, it->second), {d.id}}});
    return ways_among(options, path);
  }
  const Province* p = map_->province(d.id);
  if (!p) return {};
  options.push_back({{" A " + d.id, "an army", {d.id}}});
  if (p->coasts.empty()) {
    options.push_back({{" F " + d.id, "a fleet", {d.id}}});
  } else {
    for (const std::string& coast : p->coasts)
      options.push_back(
          {{" F " + d.id + "/" + coast, "a fleet on the " + coast + " coast", {d.id}}});
  }
  return ways_among(options, path);
}

}  // namespace naumachia::diplomacy
