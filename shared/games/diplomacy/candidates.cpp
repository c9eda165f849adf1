// Diplomacy: the orders random legal play draws from (State::candidate_orders),
// one group per unit or build: every unit of the seat holds, moves to a
// neighbour, or supports a unit next to it (to hold, or into a province next
// to both that the supported unit could move to); dislodged units retreat or
// disband; builds in vacant home centres,
// removals of any unit.
#include <algorithm>

#include "games/diplomacy/board.h"

namespace naumachia::diplomacy {

using Groups = std::vector<std::vector<std::string>>;

Groups Board::movement_candidates(PlayerId seat) const {
  Groups out;
  const auto mine = seats_.powers_of(seat);
  for (const auto& [prov, u] : units) {
    if (std::find(mine.begin(), mine.end(), u.power) == mine.end()) continue;
    std::vector<std::string> group{format_unit(u) + " H"};
    const auto& near = map_->any_neighbours(prov);
    for (const std::string& n : near) {
      group.push_back(format_unit(u) + " - " + n);
      const auto other = units.find(n);
      if (other == units.end()) continue;
      const std::string them = format_unit(other->second);
      group.push_back(format_unit(u) + " S " + them);
      // Support of a move the supported unit could make.
      for (const std::string& to : map_->any_neighbours(n)) {
        if (to != prov && near.count(to) &&
            map_->can_reach(other->second.type, other->second.location, to))
          group.push_back(format_unit(u) + " S " + them + " - " + to);
      }
    }
    out.push_back(std::move(group));
  }
  return out;
}

Groups Board::retreat_candidates(PlayerId seat) const {
  Groups out;
  const auto mine = seats_.powers_of(seat);
  for (const auto& [prov, d] : dislodged) {
    if (std::find(mine.begin(), mine.end(), d.unit.power) == mine.end()) continue;
    std::vector<std::string> group{"Remove " + format_unit(d.unit)};
    for (const std::string& to : retreat_options(*map_, *this, d))
      group.push_back(format_unit(d.unit) + " - " + to);
    out.push_back(std::move(group));
  }
  return out;
}

Groups Board::adjustment_candidates(PlayerId seat) const {
  Groups out;
  for (const std::string& power : seats_.powers_of(seat)) {
    const int n = adjustment_count(*map_, *this, power);
    for (const auto& [prov, u] : units) {
      if (n < 0 && u.power == power) out.push_back({"Remove " + format_unit(u)});
    }
    for (const auto& [id, p] : map_->provinces()) {
      if (n <= 0 || p.home_of != power || units.count(id)) continue;
      out.push_back({"Build A " + id, "Build F " + id});
    }
  }
  return out;
}

}  // namespace naumachia::diplomacy
