// Order legality, retreats and adjustments.
#include "games/diplomacy/rules.h"

#include <algorithm>

#include "core/flood.h"

namespace naumachia::diplomacy {

namespace {

const char* kind_name(UnitType t) {
  return t == UnitType::Army ? "an army" : "a fleet";
}

// Whether fleets now at sea, whatever their orders, form a chain linking two
// coastal provinces: without one, a move by convoy is illegal and the army
// holds (DATC 4.E.1; 6.D.8 against 6.D.32).
bool sea_route_exists(const Map& map, const Position& pos, const std::string& from,
                      const std::string& to) {
  return map.convoy_chain(from, to, fleets_at_sea(map, pos));
}

std::optional<std::string> impossible_move(const Map& map, const Position& pos, const Unit& u,
                                           const Order& o) {
  const std::string dest = province_of(o.dest);
  const Province* dp = map.province(dest);
  const std::string here = province_of(u.location);
  if (dest == here) return "a unit cannot move to its own province (DATC 6.A.4)";
  if (u.type == UnitType::Army) {
    if (dp->terrain == Terrain::Sea)
      return "an army cannot move to a sea (" + dest + ", DATC 6.A.2)";
    if (map.army_adjacent(here, dest)) return std::nullopt;
    const Province* hp = map.province(here);
    if (hp->terrain == Terrain::Coast && dp->terrain == Terrain::Coast &&
        sea_route_exists(map, pos, here, dest)) {
      return std::nullopt;  // possible by convoy
    }
    return dest + " is not next to " + here +
           " and no chain of fleets at sea could convoy it (DATC 6.A.1)";
  }
  const auto reach = map.fleet_reach(u.location, dest);
  if (reach.empty())
    return "a fleet in " + u.location + " cannot reach " + dest + " (DATC 6.A.1, 6.A.3)";
  if (o.dest.find('/') != std::string::npos) {
    if (std::find(reach.begin(), reach.end(), o.dest) == reach.end()) {
      return "a fleet in " + u.location + " cannot reach the coast " + o.dest + " (DATC 6.B.3)";
    }
  } else if (!dp->coasts.empty() && reach.size() > 1) {
    return dest + " has two coasts a fleet could reach: name one (DATC 6.B.1)";
  }
  return std::nullopt;
}

std::optional<std::string> impossible_support(const Map& map, const Unit& u, const Order& o) {
  const std::string into = province_of(o.target_dest.empty() ? o.target : o.target_dest);
  if (!map.province(province_of(o.target)))
    return "unknown province " + o.target + " " + order_notation();
  if (into == province_of(u.location))
    return "a unit cannot support into its own province (DATC 6.A.8)";
  if (!map.can_reach(u.type, u.location, into)) {
    return std::string(kind_name(u.type)) + " in " + u.location + " cannot reach " + into +
           ", so it cannot support there (DATC 6.A.10)";
  }
  if (!o.target_dest.empty() && province_of(o.target) == province_of(o.target_dest)) {
    return "a unit cannot move to its own province (DATC 6.A.4)";
  }
  return std::nullopt;
}

std::optional<std::string> impossible_convoy(const Map& map, const Position& pos, const Unit& u,
                                             const Order& o, const Rulings& rulings) {
  const Province* here = map.province(province_of(u.location));
  if (u.type != UnitType::Fleet || here->terrain != Terrain::Sea)
    return "only a fleet at sea can convoy (DATC 6.F.1)";
  if (o.target_type != UnitType::Army) return "only armies can be convoyed (DATC 6.A.7)";
  const Province* from = map.province(province_of(o.target));
  const Province* to = map.province(province_of(o.target_dest));
  if (!from || !to || from->terrain != Terrain::Coast || to->terrain != Terrain::Coast) {
    return "a convoy goes from one coastal province to another (DATC 6.A.1)";
  }
  const std::string sea = province_of(u.location);
  const std::string army = province_of(o.target);
  const std::string dest = province_of(o.target_dest);
  if (rulings.convoy_needs_own_chain &&
      !could_convoy(map, fleets_at_sea(map, pos), sea, army, dest))
    return "no chain of fleets at sea through " + sea + " joins " + army + " to " + dest +
           ", so it could never be part of the convoy (DATC 4.E.1, 6.G.7)";
  return std::nullopt;
}

}  // namespace

std::set<std::string> fleets_at_sea(const Map& map, const Position& pos) {
  std::set<std::string> out;
  for (const auto& [prov, u] : pos.units) {
    const Province* p = map.province(prov);
    if (u.type == UnitType::Fleet && p && p->terrain == Terrain::Sea) out.insert(prov);
  }
  return out;
}

bool could_convoy(const Map& map, const std::set<std::string>& fleets, const std::string& sea,
                  const std::string& from, const std::string& to) {
  const auto shores = map.shores(map.fleet_chain(fleets, sea));
  return shores.count(from) > 0 && shores.count(to) > 0;
}

std::string outcome_text(Outcome outcome, const std::string& note) {
  const char* word = outcome == Outcome::Succeeds ? "succeeds"
                     : outcome == Outcome::Fails  ? "fails"
                                                  : "illegal, ignored";
  return note.empty() ? word : std::string(word) + " (" + note + ")";
}

std::string dislodged_note(const std::string& unit, bool may_retreat) {
  return unit + (may_retreat ? " is dislodged and must retreat"
                             : " is dislodged and, with no place to retreat to, disbanded");
}

std::optional<std::string> impossible(const Map& map, const Position& pos, const Order& o,
                                      const Rulings& rulings) {
  const auto it = pos.units.find(province_of(o.location));
  if (it == pos.units.end())
    return "there is no unit in " + province_of(o.location) + " " + order_notation();
  const Unit& u = it->second;
  if (u.type != o.type)
    return "the unit in " + it->first + " is " + kind_name(u.type) + " " + order_notation();
  switch (o.kind) {
    case OrderKind::Hold:
      return std::nullopt;
    case OrderKind::Move:
      return impossible_move(map, pos, u, o);
    case OrderKind::Support:
      return impossible_support(map, u, o);
    case OrderKind::Convoy:
      return impossible_convoy(map, pos, u, o, rulings);
    default:
      return "not an order of a movement phase " + order_notation();
  }
}

// ------------------------------------------------------------ retreats

std::vector<std::string> retreat_options(const Map& map, const Position& pos,
                                         const Dislodgement& d) {
  std::vector<std::string> candidates;
  const std::string here = province_of(d.unit.location);
  if (d.unit.type == UnitType::Army) {
    for (const auto& [id, p] : map.provinces()) {
      if (map.army_adjacent(here, id)) candidates.push_back(id);
    }
  } else {
    candidates = map.fleet_moves(d.unit.location);
  }
  std::vector<std::string> out;
  for (const std::string& c : candidates) {
    const std::string p = province_of(c);
    if (pos.units.count(p) || pos.standoffs.count(p) || p == d.attacker_from) continue;
    out.push_back(c);
  }
  return out;
}

PhaseResult adjudicate_retreats(const Map& map, const Position& pos,
                                const std::vector<Order>& orders) {
  PhaseResult out;
  out.next = pos;
  out.next.dislodged.clear();
  out.next.standoffs.clear();
  std::map<std::string, std::string> going;  // dislodged province -> destination
  std::map<std::string, int> arrivals;       // destination province -> count
  std::set<std::string> ordered;
  for (const Order& o : orders) {
    OrderResult r{o, Outcome::Succeeds, ""};
    const std::string from = province_of(o.location);
    const auto d = pos.dislodged.find(from);
    if (d == pos.dislodged.end()) {
      r = {o, Outcome::Illegal, "there is no dislodged unit in " + from};
    } else if (d->second.unit.power != o.power) {
      r = {o, Outcome::Illegal,
           "the dislodged unit in " + from + " is " + d->second.unit.power + "'s"};
    } else if (d->second.unit.type != o.type) {
      r = {o, Outcome::Illegal,
           "the dislodged unit in " + from + " is " + kind_name(d->second.unit.type)};
    } else if (!ordered.insert(from).second) {
      r = {o, Outcome::Illegal, "a second order for the unit in " + from + " (the first counts)"};
    } else if (o.kind == OrderKind::Remove) {
      r.note = "disbanded";
    } else if (o.kind != OrderKind::Move) {
      r = {o, Outcome::Illegal, "a dislodged unit may only retreat or disband"};
    } else {
      const auto options = retreat_options(map, pos, d->second);
      std::string dest = o.dest;
      if (d->second.unit.type == UnitType::Army) dest = province_of(dest);
      if (d->second.unit.type == UnitType::Fleet && dest.find('/') == std::string::npos) {
        std::vector<std::string> coasts;
        for (const auto& opt : options) {
          if (province_of(opt) == dest) coasts.push_back(opt);
        }
        if (coasts.size() == 1) dest = coasts[0];
      }
      if (std::find(options.begin(), options.end(), dest) == options.end()) {
        r = {o, Outcome::Illegal, "the unit in " + from + " cannot retreat to " + o.dest};
      } else {
        going[from] = dest;
        ++arrivals[province_of(dest)];
      }
    }
    out.results.push_back(std::move(r));
  }
  for (OrderResult& r : out.results) {
    const std::string from = province_of(r.order.location);
    const auto g = going.find(from);
    if (r.outcome != Outcome::Succeeds || r.order.kind != OrderKind::Move || g == going.end())
      continue;
    if (arrivals[province_of(g->second)] > 1) {
      r.outcome = Outcome::Fails;
      r.note = "bounced: two units retreat to " + province_of(g->second) + "; both are disbanded";
    }
  }
  for (const auto& [from, d] : pos.dislodged) {
    const auto g = going.find(from);
    const std::string unit = d.unit.power + "'s " + format_unit(d.unit);
    if (g != going.end() && arrivals[province_of(g->second)] == 1) {
      Unit u = d.unit;
      u.location = g->second;
      out.next.units[province_of(g->second)] = u;
      out.notes.push_back(unit + " retreats to " + g->second);
    } else {
      out.notes.push_back(unit + " is disbanded");
    }
  }
  return out;
}

// ------------------------------------------------------------ adjustments

void update_ownership(const Map& map, Position& pos) {
  for (const auto& [prov, unit] : pos.units) {
    const Province* p = map.province(prov);
    if (p && p->supply_center) pos.owners[prov] = unit.power;
  }
}

int adjustment_count(const Map&, const Position& pos, const std::string& power) {
  int centers = 0, units = 0;
  for (const auto& [prov, owner] : pos.owners) centers += owner == power;
  for (const auto& [prov, unit] : pos.units) units += unit.power == power;
  return centers - units;
}

namespace {

// Distance in borders, over land and sea alike, to the nearest centre the
// power owns (the 2023 civil-disorder rule; see docs/rules/diplomacy.md).
int distance_to_owned(const Map& map, const Position& pos, const std::string& power,
                      const std::string& from) {
  const auto owned = [&](const std::string& p) {
    const auto o = pos.owners.find(p);
    return o != pos.owners.end() && o->second == power;
  };
  const auto found = flood::nearest(
      std::vector<std::string>{from}, std::nullopt,
      [&](const std::string& p) -> const std::set<std::string>& { return map.any_neighbours(p); },
      flood::kOpen, owned);
  return found ? found->distance : 1000;
}

std::optional<std::string> illegal_build(const Map& map, const Position& pos, const Order& o,
                                         const std::set<std::string>& built) {
  const std::string prov = province_of(o.location);
  const Province* p = map.province(prov);
  if (p->home_of != o.power) return prov + " is not a home centre of " + o.power;
  const auto owner = pos.owners.find(prov);
  if (owner == pos.owners.end() || owner->second != o.power)
    return o.power + " does not own " + prov;
  if (pos.units.count(prov) || built.count(prov)) return prov + " is occupied";
  if (o.type == UnitType::Army && p->terrain == Terrain::Sea)
    return "an army cannot be built at sea";
  if (o.type == UnitType::Fleet) {
    if (p->terrain != Terrain::Coast) return "a fleet can only be built on a coast";
    if (!map.fleet_can_stand(o.location))
      return prov + " has two coasts: name the one to build on";  // 6.B.14
  }
  return std::nullopt;
}

void civil_disorder(const Map& map, const std::string& power, int count, PhaseResult& out) {
  std::vector<std::tuple<int, int, std::string, std::string>>
      ranked;  // -distance, army?, name, prov
  for (const auto& [prov, u] : out.next.units) {
    if (u.power != power) continue;
    ranked.emplace_back(-distance_to_owned(map, out.next, power, prov), u.type == UnitType::Army,
                        map.province(prov)->name, prov);
  }
  std::sort(ranked.begin(), ranked.end());
  for (int k = 0; k < count && k < static_cast<int>(ranked.size()); ++k) {
    const std::string prov = std::get<3>(ranked[static_cast<std::size_t>(k)]);
    out.notes.push_back(power + " removed too few units: civil disorder removes " +
                        format_unit(out.next.units[prov]));
    out.next.units.erase(prov);
  }
}

}  // namespace

PhaseResult adjudicate_adjustments(const Map& map, const Position& pos,
                                   const std::vector<Order>& orders) {
  PhaseResult out;
  out.next = pos;
  std::map<std::string, int> left;  // builds (+) or removals (-) still to make
  for (const Power& p : map.powers()) left[p.name] = adjustment_count(map, pos, p.name);
  std::set<std::string> built;
  for (const Order& o : orders) {
    OrderResult r{o, Outcome::Succeeds, ""};
    int& n = left[o.power];
    if (o.kind == OrderKind::Build) {
      if (n <= 0) {
        r = {o, Outcome::Fails, o.power + " has no build left"};
      } else if (auto why = illegal_build(map, out.next, o, built)) {
        r = {o, Outcome::Illegal, *why};
      } else {
        built.insert(province_of(o.location));
        out.next.units[province_of(o.location)] = Unit{o.type, o.power, o.location};
        --n;
      }
    } else if (o.kind == OrderKind::Remove) {
      const auto u = out.next.units.find(province_of(o.location));
      if (n >= 0) {
        r = {o, Outcome::Fails, o.power + " has no unit to remove"};
      } else if (u == out.next.units.end() || u->second.power != o.power || built.count(u->first)) {
        r = {o, Outcome::Illegal, o.power + " has no unit in " + province_of(o.location)};
      } else {
        out.next.units.erase(u);
        ++n;
      }
    } else {
      r = {o, Outcome::Illegal, "only Build and Remove orders are given in an adjustment phase"};
    }
    out.results.push_back(std::move(r));
  }
  for (const auto& [power, n] : left) {
    if (n < 0) civil_disorder(map, power, -n, out);
    if (n > 0) out.notes.push_back(power + " leaves " + std::to_string(n) + " build(s) unused");
  }
  return out;
}

}  // namespace naumachia::diplomacy
