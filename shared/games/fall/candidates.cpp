// The Fall of Constantinople: the orders random legal play draws from
// (State::candidate_orders), for each power of the seat in turn: per place,
// holding, moving to each neighbour, entering or leaving the city,
// besieging, pillaging, and food bought; the retreats' options; in summer
// and winter, disbands and unfed units, and the winter's builds.
#include "games/fall/board.h"

namespace naumachia::fall {

using diplomacy::province_of;
using Groups = std::vector<std::vector<std::string>>;

namespace {

// "A ath", "2A ath city"... as an order names the group's units: by type and place.
std::string units_at(const Group& g) {
  return (g.type == UnitType::Army ? "A " : "F ") + g.place.location +
         (g.place.in_city ? " city" : "");
}

// One group of orders for each of the power's groups, from `orders`.
template <class Orders>
void per_group(const Position& pos, const std::string& power, Groups& out, const Orders& orders) {
  for (const Group& g : pos.groups) {
    if (g.power != power) continue;
    std::vector<std::string> group = orders(g, power + ": ", units_at(g));
    if (!group.empty()) out.push_back(std::move(group));
  }
}

}  // namespace

Groups Board::movement_candidates(PlayerId seat) const {
  Groups out;
  const auto& map = sc_->map();
  for (const std::string& power : seats_.powers_of(seat)) {
    per_group(*this, power, out, [&](const Group& g, const std::string& me, const std::string& u) {
      const std::string prov = province_of(g.place.location);
      std::vector<std::string> group{me + u + " H"};
      if (g.place.in_city) {
        group.push_back(me + u + " - " + prov);
        group.push_back(me + u + " P");
        return group;
      }
      group.push_back(me + u + " B");
      group.push_back(me + u + " P");
      if (map.city(prov)) group.push_back(me + u + " - " + prov + " city");
      for (const std::string& n : map.any_neighbours(prov)) group.push_back(me + u + " - " + n);
      return group;
    });
    out.push_back({power + ": buy 1 food from the bank"});
  }
  return out;
}

Groups Board::retreat_candidates(PlayerId seat) const {
  Groups out;
  for (const std::string& power : seats_.powers_of(seat)) {
    const std::string me = power + ": ";
    for (const Dislodged& d : dislodged) {
      if (d.power != power) continue;
      const std::string u = format_units(Units{d.armies, d.fleets}) + " " + d.place.location;
      std::vector<std::string> group{me + "disband " + u};
      for (const Place& p : retreat_options(*sc_, *this, d))
        group.push_back(me + u + " - " + format_place(p));
      out.push_back(std::move(group));
    }
    for (const SeaDisband& sd : sea_disbands) {
      if (!fleet_owners(*this, sd.sea).count(power)) continue;
      std::vector<std::string> group;
      for (const Group& g : groups) {
        if (g.type == UnitType::Army && !g.place.in_city && g.place.location == sd.sea)
          group.push_back(me + "disband A " + sd.sea + " of " + g.power);
      }
      out.push_back(std::move(group));
    }
  }
  return out;
}

Groups Board::summer_candidates(PlayerId seat) const {
  Groups out;
  for (const std::string& power : seats_.powers_of(seat)) {
    per_group(*this, power, out, [](const Group&, const std::string& me, const std::string& u) {
      return std::vector<std::string>{me + "disband " + u, me + "unfed " + u};
    });
  }
  return out;
}

Groups Board::winter_candidates(PlayerId seat) const {
  Groups out;
  const auto& map = sc_->map();
  for (const std::string& power : seats_.powers_of(seat)) {
    const std::string me = power + ": ";
    per_group(*this, power, out, [](const Group&, const std::string& mine, const std::string& u) {
      return std::vector<std::string>{mine + "disband " + u};
    });
    for (const auto& [city, owner] : city_owner) {
      if (owner != power) continue;
      std::vector<std::string> group{me + "build A " + city, me + "build mercenary A " + city};
      const auto* c = map.city(city);
      const auto* p = map.province(city);
      if (c && c->port && p) {
        if (p->coasts.empty()) group.push_back(me + "build F " + city);
        for (const std::string& coast : p->coasts)
          group.push_back(me + "build F " + city + "/" + coast);
      }
      out.push_back(std::move(group));
    }
  }
  return out;
}

}  // namespace naumachia::fall
