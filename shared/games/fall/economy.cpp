// The Fall of Constantinople: income, the winter collection, and the units
// built in winter appearing in spring and autumn. The winter orders are in
// adjustments.cpp, food in food.cpp; helpers they share in units.h.
#include "games/fall/economy.h"

#include <algorithm>
#include <climits>
#include <tuple>

#include "core/flood.h"
#include "games/fall/season.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::province_of;

Stock& operator+=(Stock& a, const Stock& b) {
  a.money += b.money;
  a.manpower += b.manpower;
  a.food += b.food;
  return a;
}

Stock& operator-=(Stock& a, const Stock& b) {
  a.money -= b.money;
  a.manpower -= b.manpower;
  a.food -= b.food;
  return a;
}

bool covers(const Stock& have, const Stock& cost) {
  return have.money >= cost.money && have.manpower >= cost.manpower && have.food >= cost.food;
}

std::string format_stock(const Stock& s) {
  std::string out;
  const auto part = [&](int n, const char* unit) {
    if (n == 0) return;
    if (!out.empty()) out += ' ';
    out += std::to_string(n) + unit;
  };
  part(s.money, "£");
  part(s.manpower, "M");
  part(s.food, "F");
  return out.empty() ? "nothing" : out;
}

std::string describe(const Group& g) {
  std::string out = g.count == 1 ? "" : std::to_string(g.count);
  out += g.type == UnitType::Army ? "A " : "F ";
  out += g.place.location;
  if (g.place.in_city) out += " (city)";
  return out;
}

namespace units {

std::string season_name(Season s) {
  switch (s) {
    case Season::Spring:
      return "Spring";
    case Season::Summer:
      return "Summer";
    case Season::Autumn:
      return "Autumn";
    case Season::Winter:
      return "Winter";
  }
  return "";
}

std::string city_name(const Scenario& scenario, const std::string& city) {
  const diplomacy::City* c = scenario.map().city(city);
  return c ? c->name : city;
}

std::string possessive(const std::string& power) {
  return power + (!power.empty() && power.back() == 's' ? "'" : "'s");
}

std::string owned_by(const Group& g) {
  return possessive(g.power) + " " + describe(g);
}

bool names(const UnitRef& ref, const Group& g) {
  if (g.type != ref.type || g.place.in_city != ref.place.in_city) return false;
  if (g.place.location == ref.place.location) return true;
  // A province names a fleet on either of its coasts.
  return ref.place.location.find('/') == std::string::npos &&
         province_of(g.place.location) == ref.place.location;
}

std::string describe(const UnitRef& ref) {
  return describe(Group{"", ref.type, ref.count, ref.place});
}

int components(const Position& pos, const std::string& power) {
  int n = 0;
  for (const Group& g : pos.groups) {
    if (g.power == power) n += g.count;
  }
  return n;
}

int garrison(const Position& pos, const std::string& city) {
  int n = 0;
  for (const Group& g : pos.groups) {
    if (g.place.in_city && province_of(g.place.location) == city) n += g.count;
  }
  return n;
}

void normalise(std::vector<Group>& groups) {
  std::vector<Group> out;
  for (const Group& g : groups) {
    if (g.count <= 0) continue;
    const auto same = std::find_if(out.begin(), out.end(), [&](const Group& o) {
      return o.power == g.power && o.type == g.type && o.place == g.place;
    });
    if (same == out.end()) {
      out.push_back(g);
    } else {
      same->count += g.count;
    }
  }
  groups = std::move(out);
}

void refuse(EconomyResult& r, const std::string& power, const std::string& order,
            const std::string& reason) {
  r.notes.push_back(possessive(power) + " order '" + order + "' is refused: " + reason);
  r.refused.push_back({power, order, reason});
}

bool disband_named(Position& pos, const std::string& power, const UnitRef& ref, EconomyResult& r) {
  const std::string order = "disband " + describe(ref);
  if (ref.count < 1) {
    refuse(r, power, order, "nothing to disband");
    return false;
  }
  int available = 0;
  for (const Group& g : pos.groups) {
    if (g.power == power && names(ref, g)) available += g.count;
  }
  if (available < ref.count) {
    refuse(r, power, order,
           available == 0 ? power + " has no such unit"
                          : power + " has only " + std::to_string(available) + " there");
    return false;
  }
  int left = ref.count;
  for (Group& g : pos.groups) {
    if (left == 0) break;
    if (g.power != power || !names(ref, g)) continue;
    const int n = std::min(left, g.count);
    Group gone = g;
    gone.count = n;
    r.notes.push_back(power + " disbands " + describe(gone));
    g.count -= n;
    left -= n;
  }
  normalise(pos.groups);
  return true;
}

}  // namespace units

std::vector<std::size_t> upkeep_order(const Scenario& scenario, const Position& pos,
                                      const std::string& power) {
  const diplomacy::Map& map = scenario.map();
  std::vector<std::string> cities;
  for (const auto& [city, owner] : pos.city_owner) {
    if (owner == power) cities.push_back(city);
  }
  // Steps over any border, armies' and fleets' alike, from the nearest city
  // the power owns: the standard rules' measure for civil disorder.
  const std::map<std::string, int> distance = flood::reachable(
      cities, std::nullopt,
      [&](const std::string& p) -> const std::set<std::string>& { return map.any_neighbours(p); },
      flood::kOpen);
  const auto key = [&](std::size_t i) {
    const Group& g = pos.groups[i];
    const auto d = distance.find(province_of(g.place.location));
    return std::tuple(d == distance.end() ? INT_MAX : d->second, !g.place.in_city,
                      g.type == UnitType::Fleet, g.place.location, i);
  };
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < pos.groups.size(); ++i) {
    if (pos.groups[i].power == power) order.push_back(i);
  }
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  return order;
}

Stock income(const Scenario& scenario, const Position& pos, const std::string& power) {
  const diplomacy::Map& map = scenario.map();
  Stock in;
  for (const auto& [id, owner] : pos.city_owner) {
    if (owner != power) continue;
    const diplomacy::City* city = map.city(id);
    if (!city) continue;  // not on this board: yields nothing
    // FoC Mapboard b: a city yields its money and its size in manpower;
    // FoC Mapboard h: Constantinople's size, and manpower, is 3.
    // FoC Movement c iii: a city pillaged this year yields no money (its
    // manpower is not pillaged).
    if (!pos.pillaged_cities.count(id)) in.money += city->money;
    in.manpower += city->size;
  }
  for (const auto& [id, owner] : pos.province_owner) {
    if (owner != power) continue;
    const diplomacy::Province* prov = map.province(id);
    // FoC Building a: food comes from every land and island province held;
    // FoC Movement c iii: not from one pillaged this year.
    if (prov && !pos.pillaged_provinces.count(id)) in.food += prov->food;
  }
  // FoC Building a: the sovereign's grant, to a power still in the game.
  const PowerInfo* info = scenario.power(power);
  if (info && in_game(pos, power)) in += info->sovereign.extra;
  return in;
}

EconomyResult collect_income(const Scenario& scenario, const Position& pos) {
  EconomyResult r{pos, {}, {}};
  Position& next = r.next;
  for (const PowerInfo& p : scenario.powers()) {
    for (const std::string& city : pos.pillaged_cities) {
      const auto owner = pos.city_owner.find(city);
      if (owner != pos.city_owner.end() && owner->second == p.name)
        r.notes.push_back("the city of " + units::city_name(scenario, city) +
                          " was pillaged: no money from it this winter");
    }
    for (const std::string& prov : pos.pillaged_provinces) {
      const auto owner = pos.province_owner.find(prov);
      if (owner != pos.province_owner.end() && owner->second == p.name)
        r.notes.push_back("the province of " + scenario.map().province(prov)->name +
                          " was pillaged: no food from it this winter");
    }
    const Stock in = income(scenario, pos, p.name);
    Stock& stock = next.stocks[p.name];
    // FoC Building a: unused manpower is lost; money and food are kept.
    if (stock.manpower > 0)
      r.notes.push_back(units::possessive(p.name) + " " + std::to_string(stock.manpower) +
                        "M unused last winter are lost");
    stock.money += in.money;
    stock.food += in.food;
    stock.manpower = in.manpower;
    std::string note = p.name + " collects " + format_stock(in);
    const Stock& grant = p.sovereign.extra;
    if (grant != Stock{}) {
      note += in_game(pos, p.name) ? " (" + format_stock(grant) + " from its sovereign)"
                                   : " (out of the game: nothing from its sovereign)";
    }
    r.notes.push_back(note + " and holds " + format_stock(stock));
  }
  // FoC Movement c iii: a pillage costs the next winter's yield, then no more.
  next.pillaged_cities.clear();
  next.pillaged_provinces.clear();
  return r;
}

EconomyResult raise_pending_builds(const Scenario& scenario, const Position& pos) {
  EconomyResult r{pos, {}, {}};
  Position& next = r.next;
  next.pending.clear();
  for (const PendingBuild& b : pos.pending) {
    // FoC Building c: armies appear in the spring, fleets in the autumn; the
    // first winter's builds, fleets too, in the spring (FoC Sequence 1, 3).
    const Season due = b.outside || b.type == UnitType::Army ? Season::Spring : Season::Autumn;
    if (pos.season != due) {
      next.pending.push_back(b);
      continue;
    }
    const std::string what = std::string(b.mercenary ? "mercenary " : "") +
                             (b.type == UnitType::Army ? "A" : "F") + " built in " +
                             units::city_name(scenario, b.city);
    const diplomacy::City* city = scenario.map().city(b.city);
    const auto owner = next.city_owner.find(b.city);
    if (!city || owner == next.city_owner.end()) {
      r.notes.push_back(units::possessive(b.power) + " " + what +
                        " is lost: the city has no owner");
      continue;
    }
    Group g{owner->second, b.type, 1, {b.city, false}};
    if (b.type == UnitType::Fleet && !b.coast.empty()) g.place.location += "/" + b.coast;
    // FoC Building c: units are created inside the city, except the first
    // winter's, which appear outside; a garrison full by then leaves the new
    // unit outside too.
    g.place.in_city = !b.outside && units::garrison(next, b.city) < city->size;
    std::string where = g.place.in_city ? "in the city" : "outside the city";
    if (!b.outside && !g.place.in_city) where += ", the city having no room";
    if (!scenario.map().can_stand(g.type, g.place.location)) {
      r.notes.push_back(units::possessive(b.power) + " " + what + " is lost: it cannot stand at " +
                        g.place.location);
      continue;
    }
    // FoC Building c: a unit whose city fell appears CAPTURED, under the flag
    // of the city's new owner.
    if (g.power == b.power) {
      r.notes.push_back(units::possessive(b.power) + " " + what + " appears " + where + ": " +
                        describe(g));
    } else {
      r.notes.push_back(units::possessive(b.power) + " " + what + " appears CAPTURED by " +
                        g.power + ", which took the city: " + units::owned_by(g) + ", " + where);
    }
    next.groups.push_back(g);
  }
  units::normalise(next.groups);
  return r;
}

}  // namespace naumachia::fall
