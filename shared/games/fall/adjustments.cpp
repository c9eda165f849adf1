// The Fall of Constantinople: the winter orders. Each power's named disbands,
// then the maintenance of every unit left, then its builds in the order
// written, then the winter's food (food.cpp).
#include <algorithm>

#include "games/fall/economy.h"
#include "games/fall/units.h"

namespace naumachia::fall {

namespace {

using diplomacy::province_of;

const WinterOrders kNoOrders;

// FoC Building b: every component costs its upkeep (army 1£ 1M, fleet 2£),
// paid BEFORE any build. A component the stock cannot pay for is disbanded;
// the units are paid for nearest the power's cities first, so the farthest
// are the ones lost. A unit that cannot be paid does not stop a cheaper one
// farther away from being paid (a fleet needs no manpower).
void maintain(const Scenario& scenario, Position& pos, const std::string& power, EconomyResult& r) {
  Stock& stock = pos.stocks[power];
  for (const std::size_t i : upkeep_order(scenario, pos, power)) {
    Group& g = pos.groups[i];
    const Stock upkeep = g.type == UnitType::Army ? kArmyUpkeep : kFleetUpkeep;
    Group kept = g, lost = g;
    kept.count = lost.count = 0;
    Stock paid;
    for (int c = 0; c < g.count; ++c) {
      if (covers(stock, upkeep)) {
        stock -= upkeep;
        paid += upkeep;
        ++kept.count;
      } else {
        ++lost.count;
      }
    }
    if (kept.count > 0)
      r.notes.push_back(power + " pays " + format_stock(paid) + " to maintain " + describe(kept));
    if (lost.count > 0)
      r.notes.push_back(power + " cannot maintain " + describe(lost) + " (it costs " +
                        format_stock(upkeep) + " a unit, " + power + " has " + format_stock(stock) +
                        " left): disbanded");
    g.count = kept.count;
  }
  units::normalise(pos.groups);
}

// Why the build cannot be made, or empty.
std::string build_refusal(const Scenario& scenario, const Position& pos, const std::string& power,
                          const BuildOrder& b, int raised_here) {
  const diplomacy::Map& map = scenario.map();
  const diplomacy::City* city = map.city(b.city);
  if (!city) return "there is no city in " + b.city;
  const auto owner = pos.city_owner.find(b.city);
  if (owner == pos.city_owner.end() || owner->second != power)
    return power + " does not own " + city->name;
  // FoC Building c: "You can't build into a besieged city."
  if (pos.sieges.count(b.city)) return city->name + " is besieged";
  const bool fleet = b.kind == BuildKind::Fleet;
  // FoC Building c: there are no mercenary fleets; FoC Movement c ii: only
  // ports hold fleets.
  if (fleet && !city->port) return city->name + " is no port: no fleet can be built there";
  std::string at = b.city;  // where the unit will stand
  const std::vector<std::string>& coasts = map.province(b.city)->coasts;
  if (fleet && !coasts.empty()) {
    if (std::find(coasts.begin(), coasts.end(), b.coast) == coasts.end())
      return "name the coast of " + b.city + " the fleet stands on";
    at += "/" + b.coast;
  } else if (!b.coast.empty()) {
    return fleet ? b.city + " has a single coast" : "an army stands on no coast";
  }
  if (!map.can_stand(fleet ? UnitType::Fleet : UnitType::Army, at))
    return "no " + std::string(fleet ? "fleet" : "army") + " can stand at " + at;
  // FoC Building c: units are created inside the city (garrisoned), so a city
  // raises no more in a winter than its garrison has room for; the first
  // winter's builds appear outside, so there only its size limits them.
  const int room = city->size - (pos.first_winter ? 0 : units::garrison(pos, b.city));
  if (raised_here >= room)
    return city->name + " has no room for another unit (size " + std::to_string(city->size) + ")";
  return "";
}

// FoC Building c: builds in the order written, each paid when made.
void build(const Scenario& scenario, Position& pos, const std::string& power,
           const std::vector<BuildOrder>& orders, EconomyResult& r) {
  std::map<std::string, int> raised;  // city -> builds accepted there this winter
  for (const BuildOrder& b : orders) {
    const std::string order = describe(b);
    if (const std::string why = build_refusal(scenario, pos, power, b, raised[b.city]);
        !why.empty()) {
      units::refuse(r, power, order, why);
      continue;
    }
    const Stock cost = build_cost(b.kind);
    Stock& stock = pos.stocks[power];
    // FoC Building c: an order that cannot be paid is not accepted, and the
    // money is not spent.
    if (!covers(stock, cost)) {
      units::refuse(
          r, power, order,
          "it costs " + format_stock(cost) + " and " + power + " has " + format_stock(stock));
      continue;
    }
    stock -= cost;
    ++raised[b.city];
    const bool fleet = b.kind == BuildKind::Fleet;
    pos.pending.push_back(PendingBuild{power, fleet ? UnitType::Fleet : UnitType::Army, b.city,
                                       b.coast, b.kind == BuildKind::Mercenary, pos.first_winter});
    // FoC Building c: armies appear in the spring, fleets in the autumn; the
    // first winter's, fleets too, in the spring outside their city.
    const bool spring = pos.first_winter || !fleet;
    r.notes.push_back(power + " pays " + format_stock(cost) + " to " + order + ": it appears " +
                      (pos.first_winter ? "outside the city" : "in the city") + " in " +
                      (spring ? "Spring " : "Autumn ") + std::to_string(pos.year + 1));
  }
}

}  // namespace

Stock build_cost(BuildKind kind) {
  switch (kind) {
    case BuildKind::Army:
      return kArmyCost;
    case BuildKind::Fleet:
      return kFleetCost;
    case BuildKind::Mercenary:
      return kMercenaryCost;
  }
  return kArmyCost;
}

std::string describe(const BuildOrder& b) {
  std::string out = "build ";
  if (b.kind == BuildKind::Mercenary) out += "mercenary ";
  out += b.kind == BuildKind::Fleet ? "F " : "A ";
  out += b.city;
  if (!b.coast.empty()) out += "/" + b.coast;
  return out;
}

EconomyResult winter_adjustments(const Scenario& scenario, const Position& pos,
                                 const std::map<std::string, WinterOrders>& orders) {
  EconomyResult r{pos, {}, {}};
  Position& next = r.next;
  for (const auto& [power, o] : orders) {
    if (!scenario.power(power))
      units::refuse(r, power, "winter orders", "there is no power " + power);
  }
  const auto orders_of = [&](const std::string& power) -> const WinterOrders& {
    const auto it = orders.find(power);
    return it == orders.end() ? kNoOrders : it->second;
  };
  for (const PowerInfo& p : scenario.powers()) {
    const WinterOrders& o = orders_of(p.name);
    // FoC Building b: units the power names are disbanded, and cost nothing.
    for (const UnitRef& ref : o.disbands) units::disband_named(next, p.name, ref, r);
    // FoC Building b: maintenance BEFORE builds.
    maintain(scenario, next, p.name, r);
    build(scenario, next, p.name, o.builds, r);
  }
  // FoC Building b: every winter each unit eats. After the winter's income
  // (collected before the orders) and after the disbands, so that a power
  // feeds its troops from the year's harvest and no disbanded unit eats; the
  // new units are not on the board yet and eat from the summer.
  std::map<std::string, FoodOrders> food;
  for (const auto& [power, o] : orders) {
    if (scenario.power(power) && !o.unfed.empty()) food[power].unfed = o.unfed;
  }
  EconomyResult fed = feed_units(scenario, next, food);
  next = std::move(fed.next);
  r.notes.insert(r.notes.end(), fed.notes.begin(), fed.notes.end());
  r.refused.insert(r.refused.end(), fed.refused.begin(), fed.refused.end());
  // FoC Building c: only the first winter's builds appear outside.
  next.first_winter = false;
  return r;
}

}  // namespace naumachia::fall
