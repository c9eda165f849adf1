// Constantinople: a Storm (14.29): ships at sea founder or are driven to
// the Double Columns and the Byzantine havens, where the Byzantine player
// places his.
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// 14.29 defines "at anchor" as "in a coastal hex with a '0' movement rate";
// 14.21 calls a sail ship's Movement Capability its rate and says a ship
// starting "from 'anchor'" has a capability of zero. A galley under oars has
// its printed oar allowance, never 0, and is not at anchor
// (docs/rules/constantinople.md, "Storms"). Rules 1 knew only the Double
// Columns as an anchorage.
bool Board::anchored_in_storm(const Ship& s) const {
  return from_rules(2) && s.prop == Propulsion::Sail && s.capability == 0 &&
         sc_->map.at(s.hex).water == Water::Coast;
}

// 14.29: a Storm. Ships in the Golden Horn, in a harbour or at anchor stay
// put; each ship at sea rolls: a six sinks it, otherwise Ottoman ships go to
// the Double Columns and Byzantine ships to a haven (the Byzantine player
// places them: Segment::StormHaven). Rammed (pinned) ships are sunk. There is
// no other movement this Game-Turn.
void Board::storm() {
  say("Storm: no movement this Game-Turn (14.29)");
  for (auto& [id, s] : ships_) {
    if (afloat(s) && !s.engaged.empty() && !s.rammer) sink(s, "pinned by a ram in a Storm, 14.29");
  }
  for (auto& [id, s] : ships_) {
    if (!afloat(s) || !sc_->map.at_sea(s.hex)) continue;
    if (anchored_in_storm(s)) {
      say(id + " is at anchor in the coastal hex " + hx(s.hex) +
          " (capability 0) and rides out the Storm where it is (14.29, 14.21)");
      continue;
    }
    const int r = roll(6, "Storm: " + id + " at sea");
    if (r == 6) {
      said_with_last_roll(id + " founders in the Storm (14.29: rolled 6)");
      sink(s, "Storm, 14.29");
      continue;
    }
    release(s);
    s.capability = 0;
    if (s.side == Side::Ottoman) {
      s.hex = sc_->map.anchorage();
      said_with_last_roll(id + " rides out the Storm and returns to the Double Columns" +
                          " (14.29: rolled " + std::to_string(r) + ")");
    } else {
      s.seeking_haven = true;
      said_with_last_roll(id + " rides out the Storm and makes for a Byzantine haven" +
                          " (14.29: rolled " + std::to_string(r) + ")");
    }
  }
}

std::vector<std::string> Board::storm_survivors() const {
  std::vector<std::string> out;
  for (const auto& [id, s] : ships_)
    if (afloat(s) && s.seeking_haven) out.push_back(id);
  return out;
}

// "VENICE: 1823".
Expected<std::string> Board::haven_line(const std::string& line, std::set<std::string>& used) {
  auto parts = split_line(line);
  if (!parts) return fail(parts.error().message);
  const auto& [id, rest] = *parts;
  Ship* s = own_ship(Side::Byzantine, id);
  if (!s || !s->seeking_haven) return fail(id + " is not a Byzantine ship seeking a haven (14.29)");
  const auto h = hex::parse_hex(rest);
  if (!h || !sc_->map.haven(*h))
    return fail("a Byzantine haven is the Harbor of Eleutheris, 2129, 2130 or 2234 (14.29)");
  if (!used.insert(id).second) return fail(cited("a second order for " + id, order_notation()));

  if (const Ship* o = ship_at(*h, id))
    return fail("hex " + hx(*h) + " already holds " + o->id + " (14.19, 14.29)");
  stepped(id, s->hex, *h);
  s->hex = *h;
  s->seeking_haven = false;
  return id + ": " + hx(*h);
}

// Ships not placed by the player take the free havens in the map's order; a
// ship finding none stays where the storm left it.
void Board::play_havens(const Orders& orders) {
  std::set<std::string> used;
  for (const std::string& line : orders_of(orders, Side::Byzantine).lines) {
    if (auto r = haven_line(line, used); !r) say("order '" + line + "' void: " + r.error().message);
  }
  for (const std::string& id : storm_survivors()) {
    Ship& s = ships_.at(id);
    s.seeking_haven = false;
    for (const HexId h : sc_->map.havens()) {
      if (!ship_at(h)) {
        s.hex = h;
        say(id + " takes shelter at " + hx(h) + " (14.29, the default haven)");
        break;
      }
    }
  }
}

}  // namespace naumachia::constantinople
