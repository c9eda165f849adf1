// The Fall of Constantinople: retreats after a movement season, the winter's
// count of provinces held, and the season's orders in the economy's terms.
#include <algorithm>
#include <map>

#include "core/text.h"
#include "games/fall/season.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::Map;
using diplomacy::province_of;
using diplomacy::Terrain;

std::vector<Place> retreat_options(const Scenario& scenario, const Position& pos,
                                   const Dislodged& d) {
  const Map& map = scenario.map();
  const std::string prov = province_of(d.place.location);
  const auto open = [&](const std::string& to) {
    for (auto a : text::split(d.attacker_from, ",")) {
      if (a == to) return false;
    }
    if (pos.standoffs.count(to)) return false;
    return std::none_of(pos.groups.begin(), pos.groups.end(), [&](const Group& g) {
      return !g.place.in_city && province_of(g.place.location) == to;
    });
  };
  const auto sea = [&](const std::string& to) {
    const auto* p = map.province(to);
    return p && p->terrain == Terrain::Sea;
  };
  std::vector<Place> out;
  if (d.fleets > 0) {
    for (const std::string& loc : map.fleet_moves(d.place.location)) {
      const std::string to = province_of(loc);
      // An A/F goes together: to sea only when seaworthy, ashore where armies stand.
      if (d.armies > 0 && (sea(to) ? d.armies > d.fleets : !map.can_stand(UnitType::Army, to)))
        continue;
      if (open(to)) out.push_back(Place{loc, false});
    }
  } else {
    std::set<std::string> near;
    for (const std::string& to : map.any_neighbours(prov)) {
      const bool landing = map.fleet_water(prov) && map.can_stand(UnitType::Army, to);
      if ((map.army_adjacent(prov, to) || landing) && open(to)) near.insert(to);
    }
    for (const std::string& to : near) out.push_back(Place{to, false});
    // FoC Mapboard b: an army may retreat into its own city, when it has room.
    const auto* city = map.city(prov);
    const auto owner = pos.city_owner.find(prov);
    if (!d.place.in_city && city && owner != pos.city_owner.end() && owner->second == d.power &&
        units::garrison(pos, prov) + d.armies <= city->size)
      out.push_back(Place{prov, true});
  }
  return out;
}

SeasonResult resolve_retreats(const Scenario& scenario, const Position& pos,
                              const std::vector<PowerOrder>& orders) {
  SeasonResult r;
  r.next = pos;
  Position& next = r.next;
  struct Retreat {
    std::string power;
    Units units;
    Place to;
  };
  std::vector<Retreat> retreats;
  std::map<std::pair<std::string, std::string>, Units> ordered;  // power, province
  // Multiplicity Plus (10): the armies the fleets' owners name, then the default.
  for (const SeaDisband& sd : pos.sea_disbands) {
    std::vector<std::pair<std::string, int>> named;
    for (const PowerOrder& po : orders) {
      if (po.order.kind == OrderKind::Disband && !po.order.other_power.empty() &&
          province_of(po.order.from.location) == sd.sea)
        named.emplace_back(po.order.other_power, po.order.units.armies);
    }
    disband_at_sea(scenario, next, sd.sea, sd.excess, named, r.notes);
  }
  next.sea_disbands.clear();
  for (const PowerOrder& po : orders) {
    const Order& o = po.order;
    if (o.kind == OrderKind::Disband && !o.other_power.empty()) continue;
    const auto key = std::make_pair(po.power, province_of(o.from.location));
    ordered[key].armies += o.units.armies;
    ordered[key].fleets += o.units.fleets;
    if (o.kind == OrderKind::Move) retreats.push_back(Retreat{po.power, o.units, o.to});
    r.notes.push_back(po.power + ": " + format_order(o));
  }
  // Units not ordered to retreat disband.
  for (const Dislodged& d : pos.dislodged) {
    const Units named = ordered[{d.power, province_of(d.place.location)}];
    const Units left{d.armies - std::min(d.armies, named.armies),
                     d.fleets - std::min(d.fleets, named.fleets)};
    if (left.armies + left.fleets > 0)
      r.notes.push_back(units::possessive(d.power) + " " + format_units(left) + " " +
                        province_of(d.place.location) + " disbands");
  }
  // Retreats of different powers to one province all fail; one power's merge.
  std::map<std::string, std::set<std::string>> powers_to;
  for (const Retreat& t : retreats) powers_to[province_of(t.to.location)].insert(t.power);
  for (const Retreat& t : retreats) {
    const std::string to = province_of(t.to.location);
    if (!t.to.in_city && powers_to[to].size() > 1) {
      r.notes.push_back(units::possessive(t.power) + " " + format_units(t.units) +
                        " retreating to " + to + " meets another power's and disbands");
      continue;
    }
    r.notes.push_back(units::possessive(t.power) + " " + format_units(t.units) + " retreats to " +
                      (t.to.in_city ? "the city of " + units::city_name(scenario, to) : to));
    if (t.units.armies > 0)
      next.groups.push_back(
          Group{t.power, UnitType::Army, t.units.armies, Place{to, t.to.in_city}});
    if (t.units.fleets > 0)
      next.groups.push_back(Group{t.power, UnitType::Fleet, t.units.fleets, t.to});
  }
  units::normalise(next.groups);
  next.dislodged.clear();
  next.standoffs.clear();
  next.retreats = false;
  return r;
}

SeasonResult count_holdings(const Scenario& scenario, const Position& pos) {
  SeasonResult r;
  r.next = pos;
  for (const auto& [id, p] : scenario.map().provinces()) {
    if (p.terrain == Terrain::Sea) continue;
    std::set<std::string> powers;
    for (const Group& g : pos.groups) {
      if (!g.place.in_city && province_of(g.place.location) == id) powers.insert(g.power);
    }
    if (powers.size() != 1 || *powers.begin() == kRebels) continue;
    const std::string& power = *powers.begin();
    auto& owner = r.next.province_owner[id];
    if (owner == power) continue;
    r.notes.push_back(power + " takes the province of " + p.name +
                      (owner.empty() ? "" : " from " + owner) + " (FoC Sequence 4)");
    owner = power;
  }
  return r;
}

namespace {

std::vector<UnitRef> refs(const Order& o) {
  std::vector<UnitRef> out;
  if (o.units.armies > 0)
    out.push_back(UnitRef{UnitType::Army, Place{province_of(o.from.location), o.from.in_city},
                          o.units.armies});
  if (o.units.fleets > 0) out.push_back(UnitRef{UnitType::Fleet, o.from, o.units.fleets});
  return out;
}

}  // namespace

std::vector<FoodOrder> food_orders(const std::vector<PowerOrder>& orders) {
  std::vector<FoodOrder> out;
  for (const PowerOrder& po : orders) {
    const Order& o = po.order;
    if (o.kind == OrderKind::BuyBank)
      out.push_back(FoodOrder{po.power, FoodDeal::FromBank, o.amount, "", 0});
    else if (o.kind == OrderKind::Buy)
      out.push_back(FoodOrder{po.power, FoodDeal::Buy, o.amount, o.other_power, o.price});
    else if (o.kind == OrderKind::Sell)
      out.push_back(FoodOrder{po.power, FoodDeal::Sell, o.amount, o.other_power, o.price});
  }
  return out;
}

std::map<std::string, FoodOrders> summer_orders(const std::vector<PowerOrder>& orders) {
  std::map<std::string, FoodOrders> out;
  for (const PowerOrder& po : orders) {
    auto& mine = out[po.power];
    for (const UnitRef& ref : refs(po.order)) {
      if (po.order.kind == OrderKind::Disband) mine.disbands.push_back(ref);
      if (po.order.kind == OrderKind::Unfed) mine.unfed.push_back(ref);
    }
  }
  return out;
}

std::map<std::string, WinterOrders> winter_orders(const std::vector<PowerOrder>& orders) {
  std::map<std::string, WinterOrders> out;
  for (const PowerOrder& po : orders) {
    const Order& o = po.order;
    auto& mine = out[po.power];
    if (o.kind == OrderKind::Build) {
      BuildOrder b;
      b.kind = o.mercenary          ? BuildKind::Mercenary
               : o.units.fleets > 0 ? BuildKind::Fleet
                                    : BuildKind::Army;
      b.city = province_of(o.from.location);
      const auto slash = o.from.location.find('/');
      if (b.kind == BuildKind::Fleet && slash != std::string::npos)
        b.coast = o.from.location.substr(slash + 1);
      mine.builds.push_back(b);
      continue;
    }
    for (const UnitRef& ref : refs(o)) {
      if (o.kind == OrderKind::Disband) mine.disbands.push_back(ref);
      if (o.kind == OrderKind::Unfed) mine.unfed.push_back(ref);
    }
  }
  return out;
}

}  // namespace naumachia::fall
