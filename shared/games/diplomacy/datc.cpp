#include "games/diplomacy/datc.h"

#include <algorithm>

#include "core/records.h"
#include "core/text.h"

namespace naumachia::diplomacy {

namespace {

std::string unit_line(const Unit& u) {
  return u.power + ": " + format_unit(u);
}

// "Power: A loc" -> Unit.
Expected<Unit> parse_unit_line(const Map& map, std::string_view line) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return fail("no 'Power:' in '" + std::string(line) + "'");
  const Power* power = map.power(text::trim(line.substr(0, colon)));
  if (!power) return fail("unknown power in '" + std::string(line) + "'");
  const auto words = text::split(line.substr(colon + 1));
  if (words.size() != 2 || (words[0] != "A" && words[0] != "F"))
    return fail("bad unit '" + std::string(line) + "'");
  const UnitType type = words[0] == "A" ? UnitType::Army : UnitType::Fleet;
  if (!map.can_stand(type, words[1]))
    return fail("no " + std::string(type == UnitType::Army ? "army" : "fleet") + " can stand in '" +
                std::string(words[1]) + "'");
  return Unit{type, power->name, std::string(words[1])};
}

Expected<Order> parse_order_line(const Map& map, std::string_view line) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return fail("no 'Power:' in '" + std::string(line) + "'");
  const Power* power = map.power(text::trim(line.substr(0, colon)));
  if (!power) return fail("unknown power in '" + std::string(line) + "'");
  auto o = parse_order(map, line.substr(colon + 1));
  if (!o) return fail(o.error().message + " in '" + std::string(line) + "'");
  o->power = power->name;
  return o;
}

bool parse_phase(std::string_view rest, Position& p) {
  const auto w = text::split(rest, " ,");
  long long year = 0;
  if (w.size() != 3 || !text::parse_int(w[1], year)) return false;
  p.year = static_cast<int>(year);
  p.season = w[0] == "Spring" ? Season::Spring : Season::Fall;
  p.phase = w[2] == "Movement"  ? PhaseKind::Movement
            : w[2] == "Retreat" ? PhaseKind::Retreat
                                : PhaseKind::Adjustment;
  return w[0] == "Spring" || w[0] == "Fall";
}

void default_owners(const Map& map, Position& p) {
  for (const Power& pw : map.powers()) {
    for (const auto& h : pw.home_centers) p.owners[h] = pw.name;
  }
}

std::vector<std::string> sorted_units(const std::map<std::string, Unit>& units) {
  std::vector<std::string> out;
  for (const auto& [prov, u] : units) out.push_back(unit_line(u));
  std::sort(out.begin(), out.end());
  return out;
}

std::string difference(const std::string& what, const std::vector<std::string>& expected,
                       const std::vector<std::string>& got) {
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  if (missing.empty() && extra.empty()) return "";
  std::string out = what + ":";
  if (!missing.empty()) out += " expected " + text::join(missing, ", ");
  if (!extra.empty())
    out += (missing.empty() ? "" : ";") + std::string(" unexpected ") + text::join(extra, ", ");
  return out;
}

// The position before the movement phase a retreat case follows, adjudicated
// again, gives the standoffs; the SUCCESS moves give each attacker's origin.
Expected<Position> retreat_position(const Map& map, const DatcCase& c) {
  Position before = c.position;
  before.phase = PhaseKind::Movement;
  before.dislodged.clear();
  std::vector<Order> orders;
  std::map<std::string, std::string> attacker;  // destination province -> source ("" if convoyed)
  for (const Unit& u : [&] {
         std::vector<Unit> all;
         for (const auto& [p, d] : c.position.dislodged) all.push_back(d.unit);
         return all;
       }()) {
    before.units[province_of(u.location)] = u;
  }
  std::vector<std::pair<std::string, Order>> successes;
  for (const std::string& line : c.prior) {
    const bool ok = line.rfind("SUCCESS:", 0) == 0;
    auto o = parse_order_line(map, line.substr(line.find(':') + 1));
    if (!o) return fail(o.error().message);
    orders.push_back(*o);
    if (ok && o->kind == OrderKind::Move) successes.emplace_back(province_of(o->dest), *o);
  }
  for (const auto& [dest, o] : successes) {
    const auto it = c.position.units.find(dest);
    if (it == c.position.units.end())
      return fail("PRESTATE_RESULTS move to " + dest + " has no unit there");
    before.units.erase(dest);
    Unit u = it->second;
    u.location = o.location;
    before.units[province_of(o.location)] = u;
    const bool convoyed = o.type == UnitType::Army &&
                          (o.via_convoy || !map.army_adjacent(province_of(o.location), dest));
    attacker[dest] = convoyed ? "" : province_of(o.location);
  }
  const PhaseResult replayed = adjudicate_movement(map, before, orders);
  Position pos = c.position;
  pos.standoffs = replayed.next.standoffs;
  for (auto& [prov, d] : pos.dislodged) d.attacker_from = attacker[prov];
  return pos;
}

}  // namespace

std::vector<DatcCase> parse_datc(const Map& map, std::string_view text_in) {
  std::vector<DatcCase> cases;
  std::string section;
  DatcCase* c = nullptr;
  int n = 0;
  for (const records::Record& r : records::read(text_in, "DATC")) {
    n = r.line();
    const std::string_view line = r.text();
    if (r.keyword() == "CASE") {
      cases.push_back(DatcCase{});
      c = &cases.back();
      c->id = std::string(text::trim(line.substr(4)));
      c->title = std::string(r.heading());
      c->line = n;
      default_owners(map, c->position);
      section.clear();
      continue;
    }
    if (!c) continue;  // VARIANT_ALL and the header
    const auto fail_case = [&](const std::string& why) {
      if (c->parse_error.empty()) c->parse_error = "line " + std::to_string(n) + ": " + why;
    };
    if (line == "END") {
      std::sort(c->expected_units.begin(), c->expected_units.end());
      std::sort(c->expected_dislodged.begin(), c->expected_dislodged.end());
      c = nullptr;
      continue;
    }
    if (line.rfind("PRESTATE_SETPHASE", 0) == 0) {
      if (!parse_phase(line.substr(17), c->position)) fail_case("bad phase");
      continue;
    }
    if (line == "PRESTATE_SUPPLYCENTER_OWNERS") c->position.owners.clear();
    if (line == "POSTSTATE_SAME") c->expect_same = true;
    if (line.find(':') == std::string_view::npos) {
      section = std::string(line);
      continue;
    }
    if (section == "PRESTATE_RESULTS") {
      c->prior.emplace_back(line);
      continue;
    }
    if (section == "ORDERS") {
      auto o = parse_order_line(map, line);
      if (o)
        c->orders.push_back(*o);
      else
        fail_case(o.error().message);
      continue;
    }
    auto u = parse_unit_line(map, line);
    if (!u) {
      fail_case(u.error().message);
      continue;
    }
    const std::string prov = province_of(u->location);
    if (section == "PRESTATE")
      c->position.units[prov] = *u;
    else if (section == "PRESTATE_DISLODGED")
      c->position.dislodged[prov] = Dislodgement{*u, ""};
    else if (section == "PRESTATE_SUPPLYCENTER_OWNERS")
      c->position.owners[prov] = u->power;
    else if (section == "POSTSTATE")
      c->expected_units.push_back(unit_line(*u));
    else if (section == "POSTSTATE_DISLODGED")
      c->expected_dislodged.push_back(unit_line(*u));
    else
      fail_case("data outside a section");
  }
  if (c) c->parse_error = "the block has no END";
  return cases;
}

DatcOutcome run_datc_case(const Map& map, const DatcCase& c, const Rulings& rulings) {
  DatcOutcome out{c.id, false, ""};
  if (!c.parse_error.empty()) {
    out.difference = "cannot parse: " + c.parse_error;
    return out;
  }
  PhaseResult r;
  switch (c.position.phase) {
    case PhaseKind::Movement:
      r = adjudicate_movement(map, c.position, c.orders, rulings);
      break;
    case PhaseKind::Retreat: {
      auto pos = retreat_position(map, c);
      if (!pos) {
        out.difference = "cannot set up the retreat: " + pos.error().message;
        return out;
      }
      r = adjudicate_retreats(map, *pos, c.orders);
      break;
    }
    case PhaseKind::Adjustment:
      r = adjudicate_adjustments(map, c.position, c.orders);
      break;
  }
  const auto expected = c.expect_same ? sorted_units(c.position.units) : c.expected_units;
  std::vector<std::string> dislodged;
  for (const auto& [p, d] : r.next.dislodged) dislodged.push_back(unit_line(d.unit));
  std::sort(dislodged.begin(), dislodged.end());
  std::string diff = difference("units", expected, sorted_units(r.next.units));
  const std::string d2 = difference("dislodged", c.expected_dislodged, dislodged);
  if (!d2.empty()) diff += (diff.empty() ? "" : "; ") + d2;
  out.passed = diff.empty();
  out.difference = diff;
  return out;
}

}  // namespace naumachia::diplomacy
