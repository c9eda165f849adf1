// The Fall of Constantinople: a spring or autumn resolved. Orders become
// forces for the Diplomacy module's adjudicator (one per order, the units a
// place's orders leave unnamed holding, or joining the place's support at
// full strength); the adjudication's outcome then moves the groups, and
// pillage, sieges and the disbands at sea follow.
#include "games/fall/season.h"

#include <algorithm>
#include <map>

#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::Force;
using diplomacy::ForceOutcome;
using diplomacy::Map;
using diplomacy::province_of;
using diplomacy::Space;
using diplomacy::Terrain;

Phase phase_of(const Position& pos) {
  if (pos.season == Season::Summer) return Phase::Summer;
  if (pos.season == Season::Winter) return Phase::Winter;
  return pos.retreats ? Phase::Retreats : Phase::Movement;
}

int cities_of(const Position& pos, const std::string& power) {
  return static_cast<int>(std::count_if(pos.city_owner.begin(), pos.city_owner.end(),
                                        [&](const auto& c) { return c.second == power; }));
}

int components_of(const Position& pos, const std::string& power) {
  return units::components(pos, power);
}

bool in_game(const Position& pos, const std::string& power) {
  return cities_of(pos, power) > 0 || components_of(pos, power) > 0;
}

namespace {

std::string text_of(const std::set<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " and ") + w;
  return out;
}

// One force given to the adjudicator, and what it stands for.
struct Entry {
  Force force;
  std::string power;
  Order order;                 // the order as checked (Hold for unnamed units and rebels)
  bool written;                // an order the power wrote (reported), not unnamed units
  bool pillage;                // pillages where it stands (its order, or a rebel's lot)
  std::string fleet_location;  // where the place's fleets stand, coast included
};

// The adjudicator's text for the space inside a province's city.
std::string city_text(const std::string& province) {
  return Space{province, true}.text();
}

std::string location_of(const Place& p, const std::string& fleet_location, int fleets) {
  const std::string prov = province_of(p.location);
  if (p.in_city) return city_text(prov);
  return fleets > 0 && !fleet_location.empty() ? fleet_location : prov;
}

diplomacy::Order adjudicator_order(const std::string& power, const Order& o,
                                   const std::string& location, UnitType type) {
  diplomacy::Order d;
  d.power = power;
  d.type = type;
  d.location = location;
  switch (o.kind) {
    case OrderKind::Move:
      d.kind = diplomacy::OrderKind::Move;
      d.dest = o.to.in_city ? city_text(province_of(o.to.location)) : o.to.location;
      break;
    case OrderKind::Support:
      d.kind = diplomacy::OrderKind::Support;
      d.target = o.target.in_city ? city_text(province_of(o.target.location))
                                  : province_of(o.target.location);
      d.target_dest = o.target_dest;
      break;
    case OrderKind::Convoy:
      d.kind = diplomacy::OrderKind::Convoy;
      d.target = province_of(o.target.location);
      d.target_dest = province_of(o.target_dest);
      break;
    default:  // hold, besiege and pillage stand where they are
      d.kind = diplomacy::OrderKind::Hold;
      break;
  }
  return d;
}

struct PlaceUnits {
  int armies = 0;
  int fleets = 0;
  std::string fleet_location;
};

// The forces of the position: every order, and every place's unnamed units.
std::vector<Entry> build_forces(const Position& pos, const std::vector<PowerOrder>& orders) {
  using Key = std::tuple<std::string, std::string, bool>;  // power, province, in city
  std::map<Key, PlaceUnits> places;
  std::vector<Key> place_order;
  for (const Group& g : pos.groups) {
    const Key k{g.power, province_of(g.place.location), g.place.in_city};
    if (!places.count(k)) place_order.push_back(k);
    PlaceUnits& p = places[k];
    if (g.type == UnitType::Army) {
      p.armies += g.count;
    } else {
      p.fleets += g.count;
      p.fleet_location = g.place.location;
    }
  }
  std::vector<Entry> out;
  std::map<Key, Units> named;
  std::map<Key, std::size_t> support_of;
  for (const PowerOrder& po : orders) {
    const Order& o = po.order;
    if (o.kind != OrderKind::Hold && o.kind != OrderKind::Move && o.kind != OrderKind::Support &&
        o.kind != OrderKind::Convoy && o.kind != OrderKind::Besiege && o.kind != OrderKind::Pillage)
      continue;
    const Key k{po.power, province_of(o.from.location), o.from.in_city};
    const PlaceUnits& here = places[k];
    named[k].armies += o.units.armies;
    named[k].fleets += o.units.fleets;
    if (o.kind == OrderKind::Support) support_of[k] = out.size();
    Entry e{{}, po.power, o, true, o.kind == OrderKind::Pillage, here.fleet_location};
    e.force.armies = o.units.armies;
    e.force.fleets = o.units.fleets;
    const UnitType type = o.units.fleets > 0 ? UnitType::Fleet : UnitType::Army;
    const std::string loc = location_of(o.from, here.fleet_location, o.units.fleets);
    e.force.unit = diplomacy::Unit{type, po.power, loc};
    e.force.order = adjudicator_order(po.power, o, loc, type);
    out.push_back(std::move(e));
  }
  for (const Key& k : place_order) {
    const auto& [power, prov, in_city] = k;
    const PlaceUnits& here = places[k];
    const Units rest{here.armies - named[k].armies, here.fleets - named[k].fleets};
    if (rest.armies + rest.fleets <= 0) continue;
    const auto sup = support_of.find(k);
    if (sup != support_of.end()) {
      // FoC Movement a (2): a multiple unit supports with its full strength,
      // less the components ordered to move.
      Entry& e = out[sup->second];
      e.force.armies += rest.armies;
      e.force.fleets += rest.fleets;
      if (e.force.fleets > 0 && e.force.unit.type == UnitType::Army) {
        e.force.unit.type = e.force.order.type = UnitType::Fleet;
        e.force.unit.location = e.force.order.location =
            location_of(e.order.from, here.fleet_location, e.force.fleets);
      }
      continue;
    }
    Entry e{{}, power, {}, false, power == kRebels, here.fleet_location};
    e.order.kind = OrderKind::Hold;
    e.order.units = rest;
    e.order.from = Place{rest.fleets > 0 ? here.fleet_location : prov, in_city};
    e.force.armies = rest.armies;
    e.force.fleets = rest.fleets;
    e.force.rebel = power == kRebels;
    const UnitType type = rest.fleets > 0 ? UnitType::Fleet : UnitType::Army;
    const std::string loc = location_of(e.order.from, here.fleet_location, rest.fleets);
    e.force.unit = diplomacy::Unit{type, power, loc};
    e.force.order = adjudicator_order(power, e.order, loc, type);
    out.push_back(std::move(e));
  }
  // A support names its target's type as the adjudicator reads it: the type
  // of the force it finds there.
  for (Entry& e : out) {
    if (e.force.order.kind != diplomacy::OrderKind::Support) continue;
    for (const Entry& t : out) {
      const bool moves = t.force.order.kind == diplomacy::OrderKind::Move;
      if (province_of(t.force.unit.location) != province_of(e.force.order.target)) continue;
      if (e.force.order.target_dest.empty() ? !moves
                                            : moves && province_of(t.force.order.dest) ==
                                                           province_of(e.force.order.target_dest)) {
        e.force.order.target_type = t.force.unit.type;
        break;
      }
    }
  }
  return out;
}

void add(std::vector<Group>& groups, const std::string& power, UnitType type, int count,
         Place place) {
  if (count > 0) groups.push_back(Group{power, type, count, std::move(place)});
}

// FoC Movement c.iii: a pillage not cut yields the city's money (from
// inside) or the province's food (from outside) to the pillager at once, and
// the place yields nothing next winter. A place already pillaged this year
// has nothing left to give.
void pillage(const Scenario& scenario, const Entry& e, const ForceOutcome& fo, Position& next,
             std::vector<std::string>& notes) {
  const std::string prov = province_of(e.order.from.location);
  const std::string who = e.power == kRebels ? "The rebels pillage " : e.power + " pillages ";
  if (fo.cut) {
    if (e.written)
      notes.push_back(units::possessive(e.power) + " pillage in " + prov +
                      " is cut (FoC Movement c.iii)");
    return;
  }
  if (e.order.from.in_city) {
    const auto* city = scenario.map().city(prov);
    if (!city) return;
    if (!next.pillaged_cities.insert(prov).second) {
      if (e.written)
        notes.push_back(city->name + " was already pillaged this year: nothing is left");
      return;
    }
    if (e.power != kRebels) next.stocks[e.power].money += city->money;
    notes.push_back(who + city->name +
                    (e.power != kRebels ? " for " + std::to_string(city->money) + "£" : "") +
                    "; it yields no money next winter (FoC Movement c.iii)");
  } else {
    const auto* p = scenario.map().province(prov);
    if (!p || p->terrain == Terrain::Sea) return;
    if (!next.pillaged_provinces.insert(prov).second) {
      if (e.written) notes.push_back(p->name + " was already pillaged this year: nothing is left");
      return;
    }
    if (e.power != kRebels) next.stocks[e.power].food += p->food;
    notes.push_back(who + p->name +
                    (e.power != kRebels ? " for " + std::to_string(p->food) + "F" : "") +
                    "; it yields no food next winter (FoC Movement c.iii)");
  }
}

// FoC Movement c.i, c.ii: a siege lasts while the besieger's units stand in
// the province ordered to besiege; the city falls after one season, and one
// more for each unit in its garrison (units pillaging the city are none,
// c.iii). The garrison of a fallen city is lost.
// Two powers besieging one city at once hinder each other: neither siege
// goes on.
void sieges(const Scenario& scenario, const std::vector<Entry>& entries,
            const std::vector<ForceOutcome>& outcomes, Position& next,
            std::vector<std::string>& notes) {
  std::map<std::string, std::set<std::string>> besiegers;  // city -> powers
  // FoC Movement c.iii: units pillaging their city are no garrison.
  std::map<std::string, std::map<std::string, int>> pillaging;  // city -> power -> units
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    if (e.pillage && e.order.from.in_city && !outcomes[i].moved && !outcomes[i].dislodged)
      pillaging[province_of(e.order.from.location)][e.power] += e.force.armies + e.force.fleets;
    if (e.order.kind != OrderKind::Besiege || outcomes[i].moved || outcomes[i].dislodged) continue;
    besiegers[province_of(e.order.from.location)].insert(e.power);
  }
  for (auto it = next.sieges.begin(); it != next.sieges.end();) {
    const auto b = besiegers.find(it->first);
    if (b == besiegers.end() || b->second.size() != 1 || !b->second.count(it->second.besieger)) {
      notes.push_back(units::possessive(it->second.besieger) + " siege of " +
                      units::city_name(scenario, it->first) + " is lifted (FoC Movement c.i)");
      it = next.sieges.erase(it);
    } else {
      ++it;
    }
  }
  for (const auto& entry : besiegers) {
    // Named, not bound: the lambda below captures the city.
    const std::string& city = entry.first;
    const std::set<std::string>& powers = entry.second;
    const std::string name = units::city_name(scenario, city);
    if (powers.size() != 1) {
      notes.push_back(text_of(powers) + " besiege " + name +
                      " at once and hinder each other: no siege goes on");
      continue;
    }
    const std::string power = *powers.begin();
    Siege& s = next.sieges[city];
    if (s.besieger != power) s = Siege{power, 0};
    ++s.seasons;
    // The besieger's own units inside (a city taken back from rebels) are no
    // part of the garrison it besieges, and are not lost with it.
    const auto foreign = [&](const Group& g) {
      return g.place.in_city && province_of(g.place.location) == city && g.power != power;
    };
    int garrison = 0;
    for (const Group& g : next.groups) {
      if (foreign(g)) garrison += g.count;
    }
    for (const auto& [who, n] : pillaging[city]) {
      if (who != power) garrison -= n;
    }
    garrison = std::max(0, garrison);
    const int needed = 1 + garrison;
    if (s.seasons < needed) {
      notes.push_back(power + " besieges " + name + ": season " + std::to_string(s.seasons) +
                      " of " + std::to_string(needed) + " (FoC Movement c.i, c.ii)");
      continue;
    }
    for (const Group& g : next.groups) {
      if (foreign(g)) notes.push_back(units::owned_by(g) + " surrenders with the city and is lost");
    }
    std::erase_if(next.groups, foreign);
    const auto old = next.city_owner.find(city);
    const bool retaken = old != next.city_owner.end() && old->second == power;
    const std::string whose =
        old == next.city_owner.end() ? "" : ", " + units::possessive(old->second) + ",";
    notes.push_back(
        name +
        (retaken ? " is taken back from the rebels by " + power : whose + " falls to " + power) +
        " after " + std::to_string(s.seasons) + " season(s) of siege (FoC Movement c.i)");
    next.city_owner[city] = power;
    next.sieges.erase(city);
  }
}

// Multiplicity Plus (10), as the variant amends it: at sea, armies in excess
// of the fleets are disbanded. When the armies there are of several powers
// and fleets remain, the fleets' owners choose which (in the retreats step);
// otherwise there is nothing to choose and they go at once.
void unseaworthy(const Scenario& scenario, Position& next, std::vector<std::string>& notes) {
  next.sea_disbands.clear();
  for (const auto& [id, p] : scenario.map().provinces()) {
    if (p.terrain != Terrain::Sea) continue;
    int armies = 0, fleets = 0;
    std::set<std::string> army_powers;
    for (const Group& g : next.groups) {
      if (province_of(g.place.location) != id || g.place.in_city) continue;
      (g.type == UnitType::Army ? armies : fleets) += g.count;
      if (g.type == UnitType::Army) army_powers.insert(g.power);
    }
    if (armies <= fleets) continue;
    if (fleets > 0 && army_powers.size() > 1) {
      next.sea_disbands.push_back(SeaDisband{id, armies - fleets});
      notes.push_back("The A/F in " + p.name +
                      " is not seaworthy: " + std::to_string(armies - fleets) +
                      " army(ies) must go, and the fleets' owners choose which (Multiplicity "
                      "Plus (10))");
    } else {
      disband_at_sea(scenario, next, id, armies - fleets, {}, notes);
    }
  }
}

}  // namespace

Expected<SeasonResult> resolve_movement(const Scenario& scenario, const Position& pos,
                                        const std::vector<PowerOrder>& orders,
                                        const diplomacy::Rulings& rulings) {
  SeasonResult r;
  // FoC Building b: food bought with the season's orders.
  EconomyResult food = settle_food_orders(scenario, pos, food_orders(orders));
  r.next = std::move(food.next);
  r.notes = std::move(food.notes);
  Position& next = r.next;

  const std::vector<Entry> entries = build_forces(next, orders);
  std::vector<Force> forces;
  for (const Entry& e : entries) forces.push_back(e.force);
  const auto fr = diplomacy::adjudicate_forces(scenario.map(), forces, rulings);
  if (!fr) return fail(fr.error().message);

  std::vector<Group> groups;
  std::map<std::tuple<std::string, std::string, std::optional<Space>>, Dislodged> dislodged;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    const ForceOutcome& fo = fr->forces[i];
    // A unit dislodged where it stood (holding, besieging, pillaging,
    // supporting) did not do what it was ordered: its order failed, and the
    // siege or pillage it held is lifted below (FoC Movement c.i, c.iii).
    const bool unseated = rulings.dislodged_holder_fails && fo.dislodged && !fo.moved &&
                          fo.outcome == diplomacy::Outcome::Succeeds;
    if (e.written)
      r.notes.push_back(e.power + ": " + format_order(e.order) + ": " +
                        (unseated ? diplomacy::outcome_text(diplomacy::Outcome::Fails, "dislodged")
                                  : diplomacy::outcome_text(fo.outcome, fo.note)));
    const Place& from = e.order.from;
    if (fo.moved) {
      const Place& to = e.order.to;
      add(groups, e.power, UnitType::Army, e.force.armies,
          Place{province_of(to.location), to.in_city});
      add(groups, e.power, UnitType::Fleet, e.force.fleets, to);
    } else if (fo.dislodged) {
      if (e.power == kRebels) {
        r.notes.push_back("The rebels in " + province_of(from.location) +
                          " are dislodged and disband (FoC Building b)");
        continue;
      }
      const auto key = std::make_tuple(e.power, province_of(from.location), fo.attacker_from);
      Dislodged& d = dislodged[key];
      d.power = e.power;
      d.armies += e.force.armies;
      d.fleets += e.force.fleets;
      if (e.force.fleets > 0 || d.place.location.empty())
        d.place =
            Place{e.force.fleets > 0 ? e.fleet_location : province_of(from.location), from.in_city};
      // Every province the attack came from is closed to the retreat; a
      // sally from the city attacks from the province itself.
      std::set<std::string> from_set;
      for (const Space& a : fo.attackers_from) from_set.insert(a.province);
      d.attacker_from.clear();
      for (const std::string& a : from_set)
        d.attacker_from += (d.attacker_from.empty() ? "" : ",") + a;
    } else {
      add(groups, e.power, UnitType::Army, e.force.armies,
          Place{province_of(from.location), from.in_city});
      add(groups, e.power, UnitType::Fleet, e.force.fleets,
          Place{e.fleet_location.empty() ? from.location : e.fleet_location, from.in_city});
    }
  }
  // Groups keep their standing place; a fleet's coast comes from its order.
  for (Group& g : groups) {
    if (g.type == UnitType::Army) g.place.location = province_of(g.place.location);
  }
  units::normalise(groups);
  next.groups = std::move(groups);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ForceOutcome& fo = fr->forces[i];
    if (entries[i].pillage && !fo.moved && !fo.dislodged)
      pillage(scenario, entries[i], fo, next, r.notes);
  }
  sieges(scenario, entries, fr->forces, next, r.notes);
  unseaworthy(scenario, next, r.notes);
  next.standoffs.clear();
  for (const Space& s : fr->standoffs) {
    if (!s.city) next.standoffs.insert(s.province);
  }
  next.dislodged.clear();
  for (const auto& [key, d] : dislodged) {
    const bool may_retreat = !retreat_options(scenario, next, d).empty();
    r.notes.push_back(diplomacy::dislodged_note(units::possessive(d.power) + " " +
                                                    format_units(Units{d.armies, d.fleets}) + " " +
                                                    province_of(d.place.location),
                                                may_retreat));
    if (may_retreat) next.dislodged.push_back(d);
  }
  next.retreats = !next.dislodged.empty() || !next.sea_disbands.empty();
  return r;
}

std::set<std::string> fleet_owners(const Position& pos, const std::string& sea) {
  std::set<std::string> out;
  for (const Group& g : pos.groups) {
    if (g.type == UnitType::Fleet && !g.place.in_city && province_of(g.place.location) == sea)
      out.insert(g.power);
  }
  return out;
}

void disband_at_sea(const Scenario& scenario, Position& pos, const std::string& sea, int excess,
                    const std::vector<std::pair<std::string, int>>& named,
                    std::vector<std::string>& notes) {
  const std::string name = scenario.map().province(sea)->name;
  const auto take = [&](const std::string& power, const std::string& why) {
    for (Group& g : pos.groups) {
      if (g.power != power || g.type != UnitType::Army || g.place.location != sea ||
          g.place.in_city || g.count == 0)
        continue;
      --g.count;
      --excess;
      notes.push_back(units::possessive(power) + " army in " + name + " is disbanded" + why +
                      ": the A/F at sea is not seaworthy (Multiplicity Plus (10))");
      return true;
    }
    return false;
  };
  for (const auto& [power, count] : named) {
    for (int i = 0; i < count && excess > 0; ++i) {
      if (!take(power, ", as its fleets' owner chose")) break;
    }
  }
  // The text's default: one army of each power in turn, in the scenario's
  // order, until the unit is seaworthy.
  std::vector<std::string> order;
  for (const PowerInfo& pi : scenario.powers()) order.push_back(pi.name);
  order.push_back(kRebels);
  while (excess > 0) {
    bool any = false;
    for (const std::string& power : order) {
      if (excess > 0 && take(power, "")) any = true;
    }
    if (!any) break;
  }
  std::erase_if(pos.groups, [](const Group& g) { return g.count <= 0; });
}

}  // namespace naumachia::fall
