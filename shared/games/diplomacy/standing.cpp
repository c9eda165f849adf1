// Diplomacy: how a seat stands (State::standing), for a computer player's
// judgement. The rules' measure is supply centres: 18 win (2000 rulebook,
// "How to win"), and a power keeps as many units as it owns centres
// ("Adjustments"). Between two autumns a centre changes hands only when a
// unit stands on it at the end of a Fall movement or retreat ("Gaining and
// losing ownership of supply centres"), so a unit on a centre not its own
// counts towards it, and a unit one province nearer to one stands better.
#include <algorithm>
#include <map>

#include "games/diplomacy/board.h"

namespace naumachia::diplomacy {

namespace {

// How much each thing is worth, in supply centres.
constexpr double kWon = 1000;        // the game won, or lost to another
constexpr double kUnit = 0.3;        // a unit: strength to hold and take centres
constexpr double kOccupied = 0.5;    // a unit on a centre it would gain this autumn
constexpr double kThreatened = 0.5;  // an own centre another's unit stands on
constexpr double kStep = 0.04;       // each province between a unit and a centre to take

// Provinces' distance (over any border) to the nearest supply centre the
// seat does not own, or the map's size when there is none.
std::map<std::string, int> distance_to_gain(const Map& map, const Position& pos,
                                            const std::vector<std::string>& mine) {
  std::vector<std::string> to_take;
  for (const auto& [id, p] : map.provinces()) {
    if (!p.supply_center) continue;
    const auto owner = pos.owners.find(id);
    if (owner != pos.owners.end() &&
        std::find(mine.begin(), mine.end(), owner->second) != mine.end())
      continue;
    to_take.push_back(id);
  }
  return map.distances_from(to_take);
}

}  // namespace

double Board::standing(PlayerId seat) const {
  const std::vector<std::string> mine = seats_.powers_of(seat);
  const auto is_mine = [&](const std::string& power) {
    return std::find(mine.begin(), mine.end(), power) != mine.end();
  };
  if (over_ && !winner_.empty()) return is_mine(winner_) ? kWon : -kWon;
  double value = 0;
  for (const std::string& power : mine) value += centers(power);
  const auto dist = distance_to_gain(*map_, *this, mine);
  const int far = static_cast<int>(map_->provinces().size());
  for (const auto& [prov, u] : units) {
    const Province* p = map_->province(prov);
    const auto owner = owners.find(prov);
    const bool own_centre = owner != owners.end() && is_mine(owner->second);
    if (is_mine(u.power)) {
      value += kUnit;
      if (p && p->supply_center && !own_centre) value += kOccupied;
      const auto d = dist.find(prov);
      value -= kStep * (d == dist.end() ? far : d->second);
    } else if (p && p->supply_center && own_centre) {
      value -= kThreatened;
    }
  }
  // A dislodged unit may yet retreat ("Retreats"): half a unit.
  for (const auto& [prov, d] : dislodged)
    if (is_mine(d.unit.power)) value += kUnit / 2;
  return value;
}

}  // namespace naumachia::diplomacy
