// Diplomacy: an order as a seat writes it, read in the notation (orders.cpp)
// and checked against the phase for the powers the seat plays: whether the
// unit is there and the seat's, whether the move could ever be made
// (rules.cpp), a retreat's or a build's place. An order the adjudication may
// still defeat (a bounce, a cut) is accepted; one that could never be carried
// out is refused with the reason.
#include <algorithm>

#include "core/text.h"
#include "games/diplomacy/board.h"

namespace naumachia::diplomacy {

namespace {

bool is_one_of(const std::vector<std::string>& powers, const std::string& power) {
  return std::find(powers.begin(), powers.end(), power) != powers.end();
}

}  // namespace

// The order, of the unit it names among those `standing`, which must be of
// the type named and of a power the seat plays; the order takes the unit's
// power and location (its coast).
Expected<Order> Board::read_unit_order(PlayerId seat, const std::string& line,
                                       const std::map<std::string, Unit>& standing,
                                       const std::string& missing) const {
  auto o = parse_order(*map_, line);
  if (!o) return o;
  const std::string prov = province_of(o->location);
  const auto u = standing.find(prov);
  if (u == standing.end()) return fail(missing + prov + " " + order_notation());
  if (!is_one_of(seats_.powers_of(seat), u->second.power))
    return fail("the unit in " + prov + " is " + u->second.power + "'s, not yours (DATC 6.A.6)");
  o->power = u->second.power;
  if (u->second.type != o->type)
    return fail("the unit in " + prov + " is " +
                (u->second.type == UnitType::Army ? "an army " : "a fleet ") + order_notation());
  o->location = u->second.location;
  return o;
}

Expected<Order> Board::read_move(PlayerId seat, const std::string& line) const {
  auto o = read_unit_order(seat, line, units, "there is no unit in ");
  if (!o) return o;
  if (auto why = impossible(*map_, *this, *o, rulings_)) return fail(*why);
  if (o->kind == OrderKind::Move && o->type == UnitType::Fleet &&
      o->dest.find('/') == std::string::npos) {
    const auto reach = map_->fleet_reach(o->location, o->dest);
    if (reach.size() == 1) o->dest = reach[0];
  }
  if (o->kind == OrderKind::Move && o->type == UnitType::Army) o->dest = province_of(o->dest);
  return o;
}

Expected<Order> Board::read_retreat(PlayerId seat, const std::string& line) const {
  std::map<std::string, Unit> retreating;
  for (const auto& [prov, d] : dislodged) retreating[prov] = d.unit;
  auto o = read_unit_order(seat, line, retreating, "no dislodged unit is in ");
  if (!o) return o;
  if (o->kind == OrderKind::Remove || o->kind == OrderKind::Hold) {
    o->kind = OrderKind::Remove;
    return o;
  }
  if (o->kind != OrderKind::Move)
    return fail(
        "in a retreat phase a unit may only retreat ('-') or disband (DATC 6.H.1, 6.H.3, 6.H.4)");
  const Dislodgement& d = dislodged.at(province_of(o->location));
  const auto options = retreat_options(*map_, *this, d);
  std::string dest = o->type == UnitType::Army ? province_of(o->dest) : o->dest;
  for (const auto& opt : options) {
    if (dest.find('/') == std::string::npos && province_of(opt) == dest) dest = opt;
  }
  if (std::find(options.begin(), options.end(), dest) == options.end()) {
    return fail(format_unit(d.unit) + " cannot retreat to " + o->dest +
                (options.empty() ? "" : "; it may retreat to " + text::join(options, " ")) +
                " (DATC 6.H.5, 6.H.6, 6.H.15)");
  }
  o->dest = dest;
  o->via_convoy = false;
  return o;
}

Expected<Order> Board::read_adjustment(PlayerId seat, const std::string& line) const {
  auto o = parse_order(*map_, line);
  if (!o) return o;
  const auto mine = seats_.powers_of(seat);
  const std::string prov = province_of(o->location);
  if (o->kind == OrderKind::Build) {
    const Province* p = map_->province(prov);
    if (p->home_of.empty() || !is_one_of(mine, p->home_of))
      return fail(prov + " is not a home centre of yours (DATC 6.I.6)");
    o->power = p->home_of;
    if (adjustment_count(*map_, *this, o->power) <= 0)
      return fail(o->power + " has no builds this winter (DATC 6.I.1)");
    const auto owner = owners.find(prov);
    if (owner == owners.end() || owner->second != o->power)
      return fail(o->power + " does not own " + prov + " (DATC 6.I.5)");
    if (units.count(prov)) return fail(prov + " is occupied (DATC 6.I.3)");
    if (o->type == UnitType::Fleet &&
        (p->terrain != Terrain::Coast || !map_->fleet_can_stand(o->location))) {
      return fail(p->terrain != Terrain::Coast
                      ? "a fleet can only be built on a coast (DATC 6.I.2)"
                      : prov + " has two coasts: name the one to build on (DATC 6.B.14)");
    }
    if (o->type == UnitType::Army) o->location = prov;
    return o;
  }
  if (o->kind == OrderKind::Remove) {
    const auto u = units.find(prov);
    if (u == units.end() || !is_one_of(mine, u->second.power))
      return fail("you have no unit in " + prov + " " + order_notation());
    o->power = u->second.power;
    if (adjustment_count(*map_, *this, o->power) >= 0)
      return fail(o->power + " need not remove a unit this winter (DATC 6.J.1)");
    o->type = u->second.type;
    o->location = u->second.location;
    return o;
  }
  return fail("in the adjustment phase orders are Build or Remove " + order_notation());
}

Expected<std::string> Board::claim(Expected<Order> o, Claims& claims) const {
  if (!o) return fail(o.error().message);
  if (o->kind == OrderKind::Build) {
    const int may = adjustment_count(*map_, *this, o->power);
    if (++claims.builds[o->power] > may)
      return fail(o->power + " may build " + std::to_string(std::max(0, may)) +
                  " unit(s) this winter (DATC 6.I.1)");
  } else if (!claims.units.insert(province_of(o->location)).second) {
    return fail("a second order for the unit in " + province_of(o->location) + " " +
                order_notation());
  }
  return format_order(*o);
}

}  // namespace naumachia::diplomacy
