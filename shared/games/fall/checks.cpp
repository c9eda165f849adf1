// The Fall of Constantinople: whether an order can be given in the position,
// alone (check_movement_order and the others, one for each phase) and with
// the power's other orders (check_together); and a line as a seat writes it.
// Orders the adjudication may still defeat (a bounce, a cut, a trade the
// partner does not match) are accepted; orders that could never be carried
// out are refused with the reason.
#include <algorithm>
#include <cassert>
#include <map>
#include <set>

#include "core/text.h"
#include "games/fall/board.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::Map;
using diplomacy::province_of;
using diplomacy::Terrain;

namespace {

// A power's units at a place: a province (either coast) or its city.
struct Here {
  int armies = 0;
  int fleets = 0;
  std::string fleet_location;  // where its fleets stand, coast included
};

Here here(const Position& pos, const std::string& power, const std::string& province,
          bool in_city) {
  Here h;
  for (const Group& g : pos.groups) {
    if (g.power != power || g.place.in_city != in_city || province_of(g.place.location) != province)
      continue;
    if (g.type == UnitType::Army) {
      h.armies += g.count;
    } else {
      h.fleets += g.count;
      h.fleet_location = g.place.location;
    }
  }
  return h;
}

std::string where(const Scenario& scenario, const std::string& province, bool in_city) {
  return in_city ? units::city_name(scenario, province) : province;
}

bool rebels_in(const Position& pos, const std::string& city) {
  return std::any_of(pos.groups.begin(), pos.groups.end(), [&](const Group& g) {
    return g.power == kRebels && g.place.in_city && province_of(g.place.location) == city;
  });
}

bool covers(const Here& h, Units u) {
  return h.armies >= u.armies && h.fleets >= u.fleets;
}

std::string have_only(const std::string& power, const Here& h, const std::string& place) {
  if (h.armies + h.fleets == 0) return power + " has no units in " + place + " " + order_notation();
  return power + " has only " + format_units(Units{h.armies, h.fleets}) + " in " + place + " " +
         order_notation();
}

bool open_sea(const Map& map, const std::string& province) {
  const auto* p = map.province(province);
  return p && p->terrain == Terrain::Sea;
}

bool is_island(const Map& map, const std::string& province) {
  const auto* p = map.province(province);
  return p && (p->island || p->terrain == Terrain::WaterIsland);
}

// Whether some of `u` standing at `from` (a location) could move into
// `province` without a convoy: what a support needs.
bool reaches(const Map& map, Units u, const Here& h, const std::string& from,
             const std::string& province) {
  if (u.fleets > 0 && map.can_reach(UnitType::Fleet, h.fleet_location, province)) return true;
  if (u.armies > 0 && map.can_reach(UnitType::Army, from, province)) return true;
  // Armies at sea or on a water island step onto any neighbouring land.
  return u.armies > 0 && map.fleet_water(from) && map.any_neighbours(from).count(province) &&
         map.can_stand(UnitType::Army, province);
}

Expected<Order> check_move(const Scenario& scenario, const Position& pos, const std::string& power,
                           Order o, const Here& h) {
  const Map& map = scenario.map();
  const std::string from = province_of(o.from.location);
  const std::string to = province_of(o.to.location);
  if (o.to.in_city) {
    // FoC Movement c.ii: the garrison order is a move into the city of the
    // province the units stand in; only its owner's units may enter.
    if (o.from.in_city || to != from)
      return fail("units enter only the city of the province they stand in (FoC Movement c.ii)");
    const auto* city = map.city(from);
    if (!city) return fail("there is no city in " + from + " to enter (FoC Movement c.ii)");
    const auto owner = pos.city_owner.find(from);
    if (owner == pos.city_owner.end() || owner->second != power)
      return fail(city->name + " is not " + units::possessive(power) +
                  ": a city is taken by siege, not by entering it (FoC Movement c.i)");
    if (o.units.fleets > 0 && !city->port)
      return fail(city->name + " is no port: only ports garrison fleets (FoC Movement c.ii)");
    if (rebels_in(pos, from))
      return fail("rebels hold " + city->name + ": besiege it to take it back (FoC Building b)");
    // Fleets keep their coast inside the city (Modon, Selymbria): they leave by it.
    o.to.location = o.units.fleets > 0 ? h.fleet_location : from;
    o.from.location = o.units.fleets > 0 ? h.fleet_location : from;
    return o;
  }
  if (o.from.in_city) {
    // The units in a city leave it into its province, and go no farther in
    // the season (FoC Movement c.ii: "the unit in the city leaves it to the
    // province").
    if (to != from)
      return fail("units in a city leave it only into " + from + " (FoC Movement c.ii)");
    o.to.location = o.units.fleets > 0 ? h.fleet_location : from;
    return o;
  }
  if (to == from) return fail("the units are already in " + from + " (DATC 6.A.4)");
  if (o.units.armies > 0) {
    const bool land = map.army_adjacent(from, to);
    const bool landing = map.fleet_water(from) && map.any_neighbours(from).count(to) &&
                         map.can_stand(UnitType::Army, to);
    const bool to_sea = open_sea(map, to);
    const auto* pf = map.province(from);
    const auto* pt = map.province(to);
    const bool convoy = o.units.fleets == 0 && pf && pt && pf->terrain == Terrain::Coast &&
                        pt->terrain == Terrain::Coast;
    if (to_sea) {
      if (o.units.fleets < o.units.armies)
        return fail(
            "armies go to sea only with at least as many fleets (Multiplicity Plus: "
            "an A/F at sea must be seaworthy)");
    } else if (!land && !landing && !convoy) {
      return fail("armies cannot reach " + to + " from " + from + " (DATC 6.A.1)");
    }
  }
  if (o.units.fleets > 0) {
    const auto reach = map.fleet_reach(h.fleet_location, to);
    if (reach.empty())
      return fail("fleets cannot reach " + to + " from " + h.fleet_location +
                  " (DATC 6.A.1, 6.A.3)");
    if (o.to.location.find('/') != std::string::npos) {
      if (std::find(reach.begin(), reach.end(), o.to.location) == reach.end())
        return fail("fleets cannot reach " + o.to.location + " from " + h.fleet_location +
                    " (DATC 6.B.3)");
    } else if (reach.size() > 1) {
      return fail(to + " has two coasts: name the one to go to (" + text::join(reach, " ") +
                  "; DATC 6.B.1)");
    } else {
      o.to.location = reach[0];
    }
    // One power's fleets in a province keep to one of its coasts, so that a
    // place is one province (or city) and one coast.
    const Here there = here(pos, power, to, false);
    if (!there.fleet_location.empty() && there.fleet_location != o.to.location)
      return fail(power + "'s fleets in " + to + " stand on " + there.fleet_location +
                  ": its fleets keep to one coast of a province (FoC Mapboard f)");
    o.from.location = h.fleet_location;
  } else {
    o.to.location = to;
  }
  return o;
}

Expected<Order> check_support(const Scenario& scenario, const Position& pos, Order o,
                              const Here& h) {
  const Map& map = scenario.map();
  const std::string from = province_of(o.from.location);
  const std::string target = province_of(o.target.location);
  bool anyone = false;
  for (const Group& g : pos.groups) {
    anyone =
        anyone || (province_of(g.place.location) == target && g.place.in_city == o.target.in_city);
  }
  if (!anyone)
    return fail("there are no units in " + where(scenario, target, o.target.in_city) +
                " to support (DATC 6.D.32)");
  const std::string into = o.target_dest.empty() ? target : province_of(o.target_dest);
  if (o.target_dest.empty() && o.target.in_city)
    return fail(
        "units in a city cannot be attacked, only besieged: a support to hold them "
        "does nothing (FoC Movement c.i)");
  // A sally (from a city into its province) is the one move that stays in
  // its province.
  if (!o.target_dest.empty() && into == target && !o.target.in_city)
    return fail("a supported move goes to another province (DATC 6.A.4)");
  if (o.from.in_city) {
    // A garrison reaches only its own province.
    if (into != from)
      return fail("units in a city support only in " + from + " (FoC Movement c.ii)");
  } else if (!reaches(map, o.units, h, o.from.location, into)) {
    return fail("the supporting units cannot reach " + into + " (DATC 6.A.10)");
  }
  return o;
}

Expected<Order> check_unit_order(const Scenario& scenario, const Position& pos,
                                 const std::string& power, Order o) {
  const Map& map = scenario.map();
  if (o.units.armies + o.units.fleets == 0)
    return fail("name the units ordered " + order_notation());
  const std::string from = province_of(o.from.location);
  if (o.city_toggle) {
    // "2A Athens -> Athens": into the city when the units stand outside it,
    // out of it when they stand inside (FoC Movement c.ii).
    const bool outside = covers(here(pos, power, from, false), o.units);
    o.from.in_city = !outside;
    o.to = Place{from, outside};
    o.city_toggle = false;
  }
  const Here h = here(pos, power, from, o.from.in_city);
  if (!covers(h, o.units)) return fail(have_only(power, h, where(scenario, from, o.from.in_city)));
  if (o.from.location.find('/') != std::string::npos && o.from.location != h.fleet_location)
    return fail(power + "'s fleets in " + from + " stand on " + h.fleet_location +
                " (FoC Mapboard f)");
  o.from.location = o.units.fleets > 0 ? h.fleet_location : from;
  switch (o.kind) {
    case OrderKind::Hold:
      return o;
    case OrderKind::Move:
      return check_move(scenario, pos, power, std::move(o), h);
    case OrderKind::Support:
      return check_support(scenario, pos, std::move(o), h);
    case OrderKind::Convoy: {
      if (o.units.armies > 0 || o.from.in_city || !map.fleet_water(from))
        return fail("only fleets at sea convoy (DATC 6.F.1)");
      const Here army = [&] {
        Here any;
        for (const Group& g : pos.groups) {
          if (g.type == UnitType::Army && !g.place.in_city &&
              province_of(g.place.location) == province_of(o.target.location))
            any.armies += g.count;
        }
        return any;
      }();
      if (army.armies == 0)
        return fail("there is no army in " + o.target.location + " to convoy " + order_notation());
      return o;
    }
    case OrderKind::Besiege: {
      // FoC Movement c.i: units outside a city besiege it; FoC Mapboard c:
      // an island's city falls only to a siege with fleets.
      if (o.from.in_city) return fail("a garrison cannot besiege its own city (FoC Movement c.i)");
      const auto* city = map.city(from);
      if (!city) return fail("there is no city in " + from + " to besiege (FoC Movement c.i)");
      const auto owner = pos.city_owner.find(from);
      // A power besieges its own city only to take it back from rebels
      // (FoC Building b: unfed units rebel where they stand).
      const bool rebels_inside = rebels_in(pos, from);
      if (owner != pos.city_owner.end() && owner->second == power && !rebels_inside)
        return fail(city->name + " is " + units::possessive(power) +
                    " already: a power besieges its own city only to take it back from rebels "
                    "(FoC Movement c.i, FoC Building b)");
      if (is_island(map, from) && o.units.fleets == 0)
        return fail(city->name +
                    " is on an island: only a siege with fleets takes it "
                    "(FoC Mapboard c)");
      return o;
    }
    case OrderKind::Pillage:
      // FoC Movement c.iii: the city for money from inside it, the
      // countryside for food from outside.
      if (!o.from.in_city && open_sea(map, from))
        return fail("there is nothing to pillage at sea (FoC Movement c.iii)");
      return o;
    default:
      return o;
  }
}

Expected<Order> check_units_named(const Scenario& scenario, const Position& pos,
                                  const std::string& power, Order o) {
  const std::string from = province_of(o.from.location);
  const Here h = here(pos, power, from, o.from.in_city);
  if (!covers(h, o.units)) return fail(have_only(power, h, where(scenario, from, o.from.in_city)));
  if (o.units.fleets > 0) o.from.location = h.fleet_location;
  return o;
}

// The disbands and unfed units of the summer and the winter: a power's own
// units only.
Expected<Order> check_named_own(const Scenario& scenario, const Position& pos,
                                const std::string& power, Order o) {
  if (!o.other_power.empty())
    return fail(
        "only a power's own units are named here ('of POWER' is for the armies an "
        "A/F at sea loses, Multiplicity Plus (10))");
  return check_units_named(scenario, pos, power, std::move(o));
}

// Multiplicity Plus (10): the fleets' owners name the armies lost from an
// unseaworthy A/F ("disband A aeg of Venice"); nullopt when the order is
// no such choice.
std::optional<Expected<Order>> check_sea_disband(const Position& pos, const std::string& power,
                                                 Order o) {
  const std::string from = province_of(o.from.location);
  const bool choosing = std::any_of(pos.sea_disbands.begin(), pos.sea_disbands.end(),
                                    [&](const SeaDisband& sd) { return sd.sea == from; });
  if (choosing && fleet_owners(pos, from).count(power)) {
    const std::string owner = o.other_power.empty() ? power : o.other_power;
    if (o.units.fleets > 0 || o.from.in_city)
      return fail("only armies are lost for want of fleets (Multiplicity Plus (10))");
    const Here h = here(pos, owner, from, false);
    if (h.armies < o.units.armies) return fail(have_only(owner, Here{h.armies, 0, ""}, from));
    o.other_power = owner;
    return o;
  }
  if (!o.other_power.empty())
    return fail(
        "only the owners of the fleets in an unseaworthy A/F choose the armies "
        "it loses (Multiplicity Plus (10))");
  return std::nullopt;
}

// A retreat to one of the places the dislodged units may go, a coast
// filled in.
Expected<Order> check_retreat_place(const Scenario& scenario, const Position& pos,
                                    const Dislodged& d, Order o) {
  Dislodged part = d;
  part.armies = o.units.armies;
  part.fleets = o.units.fleets;
  std::vector<std::string> names;
  std::vector<Place> fits;
  for (const Place& p : retreat_options(scenario, pos, part)) {
    names.push_back(format_place(p));
    if (p.in_city == o.to.in_city &&
        (p.location == o.to.location || province_of(p.location) == o.to.location))
      fits.push_back(p);
  }
  if (fits.size() > 1)
    return fail(province_of(o.to.location) + " has two coasts: name the one to retreat to (" +
                text::join(names, " ") + "; DATC 6.B.1)");
  if (fits.size() == 1) {
    o.to = fits[0];
    return o;
  }
  return fail(format_units(o.units) + " cannot retreat to " + format_place(o.to) +
              (names.empty() ? "" : "; they may retreat to " + text::join(names, " ")) +
              " (DATC 6.H.5, 6.H.6, 6.H.15)");
}

}  // namespace

Expected<Order> check_movement_order(const Scenario& scenario, const Position& pos,
                                     const std::string& power, Order o) {
  if (o.kind == OrderKind::BuyBank || o.kind == OrderKind::Buy || o.kind == OrderKind::Sell) {
    // FoC Building b: food is bought with the spring and autumn orders.
    if ((o.kind == OrderKind::Buy || o.kind == OrderKind::Sell) && o.other_power == power)
      return fail(power + " cannot trade with itself (FoC Building b)");
    if (!scenario.power(o.other_power) && o.kind != OrderKind::BuyBank)
      return fail("'" + o.other_power + "' is not a power of this game (FoC Building b)");
    return o;
  }
  const bool unit_order = o.kind == OrderKind::Hold || o.kind == OrderKind::Move ||
                          o.kind == OrderKind::Support || o.kind == OrderKind::Convoy ||
                          o.kind == OrderKind::Besiege || o.kind == OrderKind::Pillage;
  if (!unit_order)
    return fail(o.kind == OrderKind::Build ? "builds are written in the winter (FoC Building c)"
                                           : "disbands and unfed units are named in the summer "
                                             "and winter (FoC Building b)");
  return check_unit_order(scenario, pos, power, std::move(o));
}

Expected<Order> check_retreat_order(const Scenario& scenario, const Position& pos,
                                    const std::string& power, Order o) {
  if (o.kind != OrderKind::Move && o.kind != OrderKind::Disband)
    return fail(
        "in the retreats a dislodged unit retreats ('-') or disbands ('D') (DATC 6.H.1, 6.H.3, "
        "6.H.4)");
  const std::string from = province_of(o.from.location);
  if (o.kind == OrderKind::Disband) {
    if (auto chosen = check_sea_disband(pos, power, o)) return std::move(*chosen);
  }
  const Dislodged* d = nullptr;
  for (const Dislodged& x : pos.dislodged) {
    if (x.power == power && province_of(x.place.location) == from &&
        x.place.in_city == o.from.in_city)
      d = &x;
  }
  if (!d) return fail(power + " has no dislodged units in " + from + " " + order_notation());
  if (o.units.armies > d->armies || o.units.fleets > d->fleets)
    return fail("only " + format_units(Units{d->armies, d->fleets}) + " of " + power +
                " were dislodged from " + from + " " + order_notation());
  o.from = d->place;
  if (o.kind == OrderKind::Disband) return o;
  return check_retreat_place(scenario, pos, *d, std::move(o));
}

Expected<Order> check_summer_order(const Scenario& scenario, const Position& pos,
                                   const std::string& power, Order o) {
  if (o.kind != OrderKind::Disband && o.kind != OrderKind::Unfed)
    return fail("in the summer orders name units to disband or to go unfed (FoC Sequence 2)");
  // FoC Building b: the GM asks only a power short of food.
  const auto st = pos.stocks.find(power);
  if (units::components(pos, power) <= (st == pos.stocks.end() ? 0 : st->second.food))
    return fail(power +
                " has food for all its units: it has nothing to choose this summer (FoC Building "
                "b)");
  return check_named_own(scenario, pos, power, std::move(o));
}

Expected<Order> check_winter_order(const Scenario& scenario, const Position& pos,
                                   const std::string& power, Order o) {
  if (o.kind == OrderKind::Disband || o.kind == OrderKind::Unfed)
    return check_named_own(scenario, pos, power, std::move(o));
  if (o.kind != OrderKind::Build)
    return fail("in the winter orders are builds, disbands and unfed units (FoC Building)");
  const std::string city = province_of(o.from.location);
  const auto* c = scenario.map().city(city);
  if (!c)
    return fail("there is no city in " + city + ": units are built in cities (FoC Building c)");
  const auto owner = pos.city_owner.find(city);
  if (owner == pos.city_owner.end() || owner->second != power)
    return fail(c->name + " is not " + units::possessive(power) +
                ": a power builds in its own cities (FoC Building c)");
  if (pos.sieges.count(city))
    return fail(c->name + " is besieged: nothing is built in it (FoC Building c)");
  if (o.units.fleets > 0 && !c->port)
    return fail(c->name + " is no port: fleets are built in ports (FoC Building c)");
  const auto* p = scenario.map().province(city);
  const bool coast_named = o.from.location.find('/') != std::string::npos;
  if (o.units.fleets > 0 && p && !p->coasts.empty() && !coast_named)
    return fail(city + " has two coasts: build F " + city + "/" + p->coasts[0] + " or " + city +
                "/" + p->coasts.back() + " (DATC 6.B.14)");
  if (coast_named && (o.units.fleets == 0 || !scenario.map().fleet_can_stand(o.from.location)))
    return fail("a coast is named only for a fleet, and only where the province has two " +
                order_notation());

  return o;
}

namespace {

using Faults = std::vector<std::pair<std::size_t, std::string>>;

// The units the power may order at a place: in the retreats those dislodged
// from it, otherwise those standing there.
Units orderable(const Position& pos, const std::string& power, const std::string& province,
                bool in_city) {
  if (phase_of(pos) != Phase::Retreats) {
    const Here h = here(pos, power, province, in_city);
    return Units{h.armies, h.fleets};
  }
  Units have;
  for (const Dislodged& d : pos.dislodged) {
    if (d.power == power && province_of(d.place.location) == province && d.place.in_city == in_city)
      have = Units{d.armies, d.fleets};
  }
  return have;
}

// FoC Movement c.ii: a garrison within the city's size, with the units
// `entering` each city.
void garrison_faults(const Map& map, const Position& pos, const std::vector<Order>& orders,
                     const std::map<std::string, int>& entering, Faults& out) {
  for (const auto& [city, n] : entering) {
    const auto* c = map.city(city);
    // Units ordered out may fail to leave: they are counted as staying.
    const int inside = units::garrison(pos, city);
    if (!c || inside + n <= c->size) continue;
    for (std::size_t i = 0; i < orders.size(); ++i) {
      if (orders[i].kind == OrderKind::Move && orders[i].to.in_city &&
          province_of(orders[i].to.location) == city)
        out.emplace_back(i, c->name + " garrisons at most " + std::to_string(c->size) +
                                " unit(s) (FoC Movement c.ii)");
    }
  }
}

// Multiplicity Plus: the power's armies that stay at sea, with the units
// `moving` away from each sea, must have fleets enough, its own and others'
// (the failure of a move, and other powers' armies, are (10)'s affair, not
// these orders').
void seaworthiness_faults(const Position& pos, const std::string& power,
                          const std::vector<Order>& orders,
                          const std::map<std::string, Units>& moving, Faults& out) {
  for (const auto& [sea, away] : moving) {
    int armies = 0, fleets = 0;
    for (const Group& g : pos.groups) {
      if (province_of(g.place.location) != sea || g.place.in_city) continue;
      if (g.type == UnitType::Fleet)
        fleets += g.count;
      else if (g.power == power)
        armies += g.count;
    }
    armies -= away.armies;
    fleets -= away.fleets;
    if (armies <= fleets) continue;
    for (std::size_t i = 0; i < orders.size(); ++i) {
      if (orders[i].kind == OrderKind::Move && province_of(orders[i].from.location) == sea &&
          !orders[i].from.in_city)
        out.emplace_back(i, "the units left in " + sea + " would be " + std::to_string(armies) +
                                " armies with " + std::to_string(fleets) +
                                " fleets: an A/F at sea must be seaworthy (Multiplicity Plus)");
    }
  }
}

}  // namespace

std::vector<std::pair<std::size_t, std::string>> check_together(const Scenario& scenario,
                                                                const Position& pos,
                                                                const std::string& power,
                                                                const std::vector<Order>& orders) {
  std::vector<std::pair<std::size_t, std::string>> out;
  const Map& map = scenario.map();
  // Units named, by place (province, in the city) and by what they are named
  // for: a unit takes one order a season.
  std::map<std::pair<std::string, bool>, Units> named, unfed;
  std::map<std::pair<std::string, bool>, int> supports;
  std::map<std::string, int> entering;                        // city -> components
  std::map<std::string, std::set<std::string>> fleet_coasts;  // province -> coasts entered
  std::map<std::string, Units> moving_from_sea;
  std::map<std::string, int> sea_named;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& o = orders[i];
    const auto key = std::make_pair(province_of(o.from.location), o.from.in_city);
    const bool units_order = o.kind != OrderKind::BuyBank && o.kind != OrderKind::Buy &&
                             o.kind != OrderKind::Sell && o.kind != OrderKind::Build;
    if (!units_order) continue;
    if (o.kind == OrderKind::Disband && !o.other_power.empty()) {
      // Multiplicity Plus (10): no more armies named than must go.
      for (const SeaDisband& sd : pos.sea_disbands) {
        if (sd.sea == key.first && (sea_named[sd.sea] += o.units.armies) > sd.excess)
          out.emplace_back(i, "only " + std::to_string(sd.excess) + " army(ies) must go from " +
                                  sd.sea + " (Multiplicity Plus (10))");
      }
      continue;
    }
    Units& n = o.kind == OrderKind::Unfed ? unfed[key] : named[key];
    n.armies += o.units.armies;
    n.fleets += o.units.fleets;
    const Units have = orderable(pos, power, key.first, key.second);
    if (n.armies > have.armies || n.fleets > have.fleets) {
      out.emplace_back(i, "more units are ordered from " + where(scenario, key.first, key.second) +
                              " than " + power + " has there (" + format_units(have) +
                              "): a unit takes one order " + order_notation());
      continue;
    }
    if (o.kind == OrderKind::Support && ++supports[key] > 1)
      out.emplace_back(i,
                       "a multiple unit supports one space only, with its full strength "
                       "(FoC Movement a (2))");
    if (o.kind == OrderKind::Move && o.units.fleets > 0 && !o.to.in_city &&
        o.to.location.find('/') != std::string::npos) {
      auto& coasts = fleet_coasts[province_of(o.to.location)];
      coasts.insert(o.to.location);
      if (coasts.size() > 1)
        out.emplace_back(i,
                         "one power's fleets in a province keep to one of its coasts (FoC Mapboard "
                         "f)");
    }
    if (o.kind == OrderKind::Move && phase_of(pos) == Phase::Retreats && o.to.in_city)
      entering[province_of(o.to.location)] += o.units.armies + o.units.fleets;
    if (o.kind == OrderKind::Move && phase_of(pos) == Phase::Movement) {
      const int n_units = o.units.armies + o.units.fleets;
      if (o.to.in_city) entering[province_of(o.to.location)] += n_units;
      if (!o.from.in_city && open_sea(map, key.first)) {
        moving_from_sea[key.first].armies += o.units.armies;
        moving_from_sea[key.first].fleets += o.units.fleets;
      }
    }
  }
  garrison_faults(map, pos, orders, entering, out);
  seaworthiness_faults(pos, power, orders, moving_from_sea, out);
  return out;
}

Expected<PowerOrder> Board::read_line(PlayerId seat, const std::string& line,
                                      OrderCheck check) const {
  const auto mine = seats_.powers_of(seat);
  std::string_view rest = text::trim(line);
  std::string power;
  if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
    const std::string named(text::trim(rest.substr(0, colon)));
    for (const PowerInfo& p : sc_->powers()) {
      if (text::lower(named) == text::lower(p.name) ||
          text::lower(named) == text::lower(p.adjective))
        power = p.name;
    }
    if (power.empty()) return fail("'" + named + "' is not a power " + order_notation());
    if (std::find(mine.begin(), mine.end(), power) == mine.end())
      return fail(power + " is not yours to order (DATC 6.A.6)");
    rest = text::trim(rest.substr(colon + 1));
  }
  auto o = fall::parse_order(sc_->map(), rest);
  if (!o) return fail(o.error().message);
  const std::vector<std::string> candidates = power.empty() ? mine : std::vector{power};
  if (candidates.size() > 1 &&
      (o->kind == OrderKind::BuyBank || o->kind == OrderKind::Buy || o->kind == OrderKind::Sell))
    return fail("say which of your powers orders it: 'Venice: " + std::string(rest) + "' " +
                order_notation());

  std::string first_error;
  for (const std::string& p : candidates) {
    auto checked = check(*sc_, *this, p, *o);
    if (checked) return PowerOrder{p, *checked};
    if (first_error.empty()) first_error = checked.error().message;
  }
  return fail(first_error);
}

std::vector<PowerOrder> Board::orders_read(const Orders& orders, OrderCheck check) {
  std::vector<PowerOrder> all;
  for (const auto& [player, set] : orders) {
    for (const std::string& line : set.lines) {
      auto o = read_line(player, line, check);
      assert(o.has_value());  // validated before
      if (o)
        all.push_back(*o);
      else  // never expected: said, not dropped in silence
        say("An order could not be read again and was ignored: '" + line + "' (" +
            o.error().message + ")");
    }
  }
  std::stable_sort(all.begin(), all.end(), [&](const PowerOrder& a, const PowerOrder& b) {
    return seats_.side_of(a.power) < seats_.side_of(b.power);
  });
  return all;
}

}  // namespace naumachia::fall
