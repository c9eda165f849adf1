// Diplomacy: what players see. Everything on a Diplomacy board is public;
// only orders are secret, and the platform keeps those until the phase
// resolves. Every province is a cell with its place on the map's canvas and
// its neighbours, for drawing; those with nothing on them have no label (a
// text client leaves them out).
#include "core/text.h"
#include "games/diplomacy/board.h"
#include "games/diplomacy/cells.h"

namespace naumachia::diplomacy {

namespace {

constexpr const char* kOrderHelp = R"(One order per line; provinces by id or name, any case:
  A par H                      hold (units without orders hold)
  A par - bur                  move (in a retreat phase: retreat)
  A lon - bel via convoy       move by convoy (also when bel is next to lon)
  F lon S F nth - eng          support a move       A mun S A ber   support to hold
  F nth C A lon - bel          convoy
  F bul/ec - con               coasts: /nc /sc /ec /wc
  Build A par   Build F stp/nc adjustments (also: A par B)
  Remove A pic                 disband (also: A pic D)
An impossible order is refused with the reason. Missing orders: units hold;
dislodged units without a retreat order are disbanded; in adjustments,
builds are waived and missing removals are made by the civil-disorder rule.)";

}  // namespace

View Board::view() const {
  View v = map_view(*map_);
  const auto token = [&](const Unit& u, std::vector<std::string> marks) {
    return unit_token(seats_.seat_of(u.power), u.type, format_unit(u), u.power, std::move(marks));
  };
  for (const auto& [id, p] : map_->provinces()) {
    const auto unit = units.find(id);
    const auto owner = owners.find(id);
    const auto dis = dislodged.find(id);
    Cell c = province_cell(*map_, p);
    if (owner != owners.end()) {
      c.owner = seats_.seat_of(owner->second);
      c.power = owner->second;
    }
    c.supply_centre = p.supply_center;
    // A fleet on a split coast is drawn on that coast.
    if (const Geometry* g = map_->geometry(); g && unit != units.end()) {
      if (const auto at = g->unit_point(unit->second.location)) {
        c.x = at->x;
        c.y = at->y;
      }
    }
    if (unit != units.end() || p.supply_center || dis != dislodged.end()) {
      c.label = p.name;
      if (p.supply_center)
        c.label += owner == owners.end() ? ", neutral centre" : ", centre of " + owner->second;
    }
    if (unit != units.end()) c.tokens.push_back(token(unit->second, {}));
    if (dis != dislodged.end()) c.tokens.push_back(token(dis->second.unit, {"dislodged"}));
    v.cells.push_back(std::move(c));
  }
  v.notes.push_back(label());
  for (const Power& p : map_->powers()) {
    int count = 0;
    for (const auto& [prov, u] : units) count += u.power == p.name;
    std::string note = p.name + ": " + std::to_string(centers(p.name)) + " centres, " +
                       std::to_string(count) + " units";
    if (phase == PhaseKind::Adjustment) {
      const int n = adjustment_count(*map_, *this, p.name);
      if (n > 0) note += ", may build " + std::to_string(std::min(n, vacant_homes(p.name)));
      if (n < 0) note += ", must remove " + std::to_string(-n);
    }
    if (phase == PhaseKind::Retreat) {
      for (const auto& [prov, d] : dislodged) {
        if (d.unit.power != p.name) continue;
        note += "; " + format_unit(d.unit) + " may retreat to " +
                text::join(retreat_options(*map_, *this, d), " ") + " or disband";
      }
    }
    v.notes.push_back(note);
  }
  return v;
}

std::string Board::order_help() const {
  return kOrderHelp;
}

}  // namespace naumachia::diplomacy
