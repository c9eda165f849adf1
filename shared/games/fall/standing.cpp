// The Fall of Constantinople: how a seat stands (State::standing), for a
// computer player's judgement. The rules' measure is cities: 27 of the 53
// win (FoC Mapboard b), and a city changes hands only by siege, falling
// when the seasons besieged reach one more than its garrison (FoC Movement
// c.i, c.ii). Cities and provinces yield money, manpower and food (FoC
// Building a); units unfed rebel, and units the stock cannot maintain are
// lost (FoC Building b). So a seat stands better with more cities, sieges
// nearer their end, more units it can feed and maintain, and its units
// nearer a city it does not own.
#include <algorithm>
#include <map>

#include "games/fall/board.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::province_of;

namespace {

// How much each thing is worth, in cities.
constexpr double kWon = 1000;       // the game won, or lost to another
constexpr double kProvince = 0.1;   // a province held: its food (FoC Building a)
constexpr double kMoney = 0.01;     // each £ in the stock
constexpr double kUnit = 0.3;       // a unit's component on the board or built
constexpr double kUnfed = 0.5;      // a component the stock cannot feed at the next meal
constexpr double kUnpaid = 0.3;     // a component next winter's stock and yield cannot maintain
constexpr double kSiege = 0.8;      // a siege run to its end: the city nearly taken
constexpr double kGarrison = 0.03;  // an own city with a garrison: a longer siege to take it
constexpr double kFoodPrice = 3;    // £ a unit of food from the bank (FoC Building b)
constexpr double kStep = 0.05;      // each province between a unit and a city to take
constexpr double kInCity = 1;       // a unit inside a city is a move from its province

// Provinces' distance (over any border) to the nearest province whose city
// none of `mine` owns, the map's size when there is none.
std::map<std::string, int> distance_to_gain(const diplomacy::Map& map, const Position& pos,
                                            const std::vector<std::string>& mine) {
  std::vector<std::string> to_take;
  for (const auto& [id, city] : map.cities()) {
    const auto owner = pos.city_owner.find(id);
    if (owner != pos.city_owner.end() &&
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
  const auto& map = sc_->map();
  double value = 0;
  for (const std::string& power : mine) {
    value += cities_of(*this, power);
    for (const auto& [prov, owner] : province_owner) value += kProvince * (owner == power);
    int armies = 0, fleets = 0;
    for (const Group& g : groups)
      if (g.power == power) (g.type == UnitType::Army ? armies : fleets) += g.count;
    for (const PendingBuild& b : pending)
      if (b.power == power) ++(b.type == UnitType::Army ? armies : fleets);
    const int components = armies + fleets;
    value += kUnit * components;
    const auto stock = stocks.find(power);
    const Stock have = stock == stocks.end() ? Stock{} : stock->second;
    // The stock and the next winter's yield, less what pillage took (FoC
    // Movement c.iii): pillaging one's own city only moves its money forward.
    const Stock yield = income(*sc_, *this, power);
    value += kMoney * (have.money + yield.money);
    // Maintenance (FoC Building b): an army 1£ and 1M, a fleet 2£, from the
    // stock and the next winter's yield.
    const int upkeep = armies + 2 * fleets;
    const int money = have.money + yield.money;
    const int short_money = std::max(0, upkeep - money);
    const int short_men = std::max(0, armies - yield.manpower);
    value -= kUnpaid * std::max(short_money, short_men);
    // The next meal, from the stock and the food the money left after
    // maintenance buys from the bank.
    const double spare = std::max(0, have.money - upkeep) / kFoodPrice;
    value -= kUnfed * std::max(0.0, components - have.food - spare);
  }
  for (const auto& [city, siege] : sieges) {
    const double done =
        std::min(1.0, siege.seasons / (1.0 + static_cast<double>(units::garrison(*this, city))));
    const auto owner = city_owner.find(city);
    if (is_mine(siege.besieger))
      value += kSiege * done;
    else if (owner != city_owner.end() && is_mine(owner->second))
      value -= kSiege * done;
  }
  for (const auto& [city, owner] : city_owner)
    if (is_mine(owner) && units::garrison(*this, city) > 0) value += kGarrison;
  const auto dist = distance_to_gain(map, *this, mine);
  const int far = static_cast<int>(map.provinces().size());
  for (const Group& g : groups) {
    if (!is_mine(g.power)) continue;
    const auto d = dist.find(province_of(g.place.location));
    const double steps = (d == dist.end() ? far : d->second) + (g.place.in_city ? kInCity : 0);
    value -= kStep * g.count * steps;
  }
  return value;
}

}  // namespace naumachia::fall
