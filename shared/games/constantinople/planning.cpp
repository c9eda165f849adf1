// Constantinople: what the land game's Planning and Bombardment Phases do
// at sea: sailors ashore (16.0), the Great Portage (17.1-17.24) and the
// bombardment of ships in the Golden Horn (15.7).
#include <algorithm>

#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// 17.1: after two successive assaults on the Boom, from Game-Turn 6; or from
// Game-Turn 20 regardless.
bool Board::portage_open() const {
  return (portage_earned_ && turn_ >= 6) || turn_ >= 20;
}

namespace {

bool portage_start(const Map& m, HexId h) {
  const HexInfo& i = m.at(h);
  return i.shore == Shore::Pera && i.region == Region::Bosphorus;  // 17.23
}

}  // namespace

bool Board::has_planning(Side side) const {
  if (side == Side::Byzantine) {
    return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
      const Ship& s = p.second;
      return s.side == side && afloat(s) && sc_->map.at(s.hex).code == 'k';
    });
  }
  const bool guns = sc_->tables.guns_on(turn_) > 0 &&
                    std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
                      return p.second.side == Side::Byzantine && afloat(p.second) &&
                             sc_->map.in_horn(p.second.hex);
                    });
  const bool portage =
      portage_open() && std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
        const Ship& s = p.second;
        return s.side == side && afloat(s) && cls(s).kind != Kind::Galley &&
               portage_start(sc_->map, s.hex);
      });
  return guns || portage;
}

// Byzantine: "VENICE: ashore", "VENICE: aboard", "Diedo: VENICE", "Diedo: ashore".
// Ottoman: "T1: portage 3624 facing N", "bombard VENICE".
Expected<std::string> Board::planning_line(Side side, const std::string& line,
                                           std::set<std::string>& used) {
  const auto words = text::split(line);
  if (side == Side::Ottoman && words.size() == 2 && text::lower(words[0]) == "bombard") {
    // 15.71-15.73: one Byzantine ship in the Golden Horn per Gun Strength Point in Pera.
    const std::string id = text::upper(words[1]);
    const auto t = ships_.find(id);
    if (t == ships_.end() || t->second.side != Side::Byzantine || !afloat(t->second) ||
        !sc_->map.in_horn(t->second.hex))
      return fail("only Byzantine ships in the Golden Horn may be bombarded (15.71)");
    const int guns = sc_->tables.guns_on(turn_);
    int shots = 0;
    for (const auto& u : used) shots += u.rfind("bombard ", 0) == 0;
    if (shots >= guns)
      return fail("the Ottoman guns in Pera number " + std::to_string(guns) +
                  " this Game-Turn: one ship per Gun Strength Point (15.72)");
    if (!used.insert("bombard " + id).second)
      return fail(cited(id + " is already a target", "15.72"));
    return "bombard " + id;
  }
  auto parts = split_line(line);
  if (!parts) return unexpected(parts.error());
  const auto& [who, rest] = *parts;
  const std::string what = text::lower(rest);
  if (side == Side::Byzantine) {
    if (const std::string l = leader_named(who); !l.empty()) {
      // 16.0: a leader changes between ship and shore on the city's Golden Horn shore.
      const std::string from = leaders_[l];
      if (!from.empty() && sc_->map.at(ships_.at(from).hex).code != 'k')
        return fail(l + " is aboard " + from +
                    ", which is not on the city's Golden Horn shore (16.0)");
      Ship* s = nullptr;
      if (what != "ashore") {
        s = own_ship(Side::Byzantine, text::upper(rest));
        if (!s || !afloat(*s) || sc_->map.at(s->hex).code != 'k')
          return fail(l + " boards a galley on the city's Golden Horn shore (16.0)");
        if (!s->leader.empty() && s->leader != l)
          return fail(cited(s->id + " already carries " + s->leader, "15.26, 16.0"));
      }
      if (!used.insert(l).second) return fail(cited("a second order for " + l, order_notation()));
      if (!from.empty()) ships_.at(from).leader.clear();
      if (!s) {
        leaders_[l] = "";
        return l + ": ashore";
      }
      s->leader = l;
      leaders_[l] = s->id;
      return l + ": " + s->id;
    }
    Ship* s = own_ship(side, who);
    if (!s || !afloat(*s))
      return fail(s ? cited(who + " is not on the map", "16.0, 19.1") : ship_problem(side, who));
    if (sc_->map.at(s->hex).code != 'k')
      return fail(who + " must be in a coastal hex on the city's Golden Horn shore (16.0)");
    if (!used.insert(who).second) return fail(cited("a second order for " + who, order_notation()));
    if (what == "ashore") {
      if (s->reduced) return fail(cited(who + "'s sailors are already ashore", "16.0"));
      s->reduced = true;
      return who + ": ashore";
    }
    if (what == "aboard") {
      if (!s->reduced) return fail(cited(who + "'s crew is aboard", "16.0"));
      s->reduced = false;
      return who + ": aboard";
    }
    return fail("'" + rest +
                "': a Byzantine planning order is 'SHIP: ashore', 'SHIP: aboard', "
                "'LEADER: SHIP' or 'LEADER: ashore' (16.0)");
  }
  // 17.21-17.23: the Great Portage.
  const auto w = text::split(rest);
  if (w.size() != 4 || text::lower(w[0]) != "portage" || text::lower(w[2]) != "facing")
    return fail(
        "an Ottoman planning order is 'SHIP: portage HEX facing DIR' or 'bombard SHIP' (15.72, "
        "17.2)");
  if (!portage_open())
    return fail(
        "the Great Portage needs two successive assaults on the Boom by three or more "
        "ships and Game-Turn 6, or Game-Turn 20 (17.1)");
  Ship* s = own_ship(side, who);
  if (!s || !afloat(*s))
    return fail(s ? cited(who + " is not on the map", "17.23") : ship_problem(side, who));
  if (cls(*s).kind == Kind::Galley) return fail("galleys may not be portaged (17.21)");
  if (!portage_start(sc_->map, s->hex))
    return fail(who + " must start in a Pera coastal hex on the Bosphorus (17.23)");
  if (!s->engaged.empty()) return fail(cited(who + " is engaged with " + s->engaged, "15.15"));
  const auto h = hex::parse_hex(w[1]);
  const auto d = hex::parse_dir(w[3]);
  if (!h || !d) return fail("'portage HEX facing DIR', e.g. 'portage 3624 facing N' (17.22)");
  const HexInfo& to = sc_->map.at(*h);
  if (!(to.shore == Shore::Pera && to.region == Region::Horn) ||
      hex::distance(*h, sc_->map.portage_centre()) > sc_->map.portage_radius())
    return fail("portaged ships are placed in a Pera coastal hex of the Golden Horn within " +
                std::to_string(sc_->map.portage_radius()) + " hexes of " +
                hx(sc_->map.portage_centre()) + " (17.22)");
  if (!used.insert(who).second) return fail(cited("a second order for " + who, order_notation()));
  if (!used.insert("to " + hx(*h)).second || ship_at(*h))

    return fail("hex " + hx(*h) + " is taken (14.19)");
  return who + ": portage " + hx(*h) + " facing " + hex::name(*d);
}

void Board::play_planning(const Orders& orders) {
  for (Side side : {Side::Byzantine, Side::Ottoman}) {
    const auto it = orders.find(PlayerId{static_cast<int>(side)});
    if (it == orders.end()) continue;
    std::set<std::string> used;
    std::vector<std::string> portage, bombard;
    for (const std::string& line : it->second.lines) {
      const auto r = planning_line(side, line, used);
      if (!r) {
        say("order '" + line + "' void: " + r.error().message);
        continue;
      }
      if (side == Side::Byzantine) {
        say(*r + " (16.0)");
      } else if (r->rfind("bombard ", 0) == 0) {
        bombard.push_back(r->substr(8));
      } else {
        portage.push_back(*r);
      }
    }
    if (side == Side::Byzantine) {
      keep_leaders_afloat();
      continue;
    }
    if (!portage.empty()) try_portage(portage);
    for (const std::string& id : bombard) bombard_ship(ships_.at(id));
  }
}

// 16.0: one leader ashore for each two sailor units ashore; the others stay
// aboard a galley in the Golden Horn.
void Board::keep_leaders_afloat() {
  int crews = 0, ashore = 0;
  for (const auto& [id, s] : ships_) crews += s.side == Side::Byzantine && !s.sunk && s.reduced;
  for (const auto& [l, ship] : leaders_) ashore += ship.empty() ? 1 : 0;
  for (auto& [l, ship] : leaders_) {
    if (ashore * 2 <= crews || !ship.empty()) continue;
    for (auto& [id, s] : ships_) {
      if (afloat(s) && s.side == Side::Byzantine && s.leader.empty() && sc_->map.in_horn(s.hex)) {
        s.leader = l;
        ship = id;
        --ashore;
        say(l + " stays with the fleet aboard " + id +
            ": one leader ashore per two sailor units (16.0)");
        break;
      }
    }
  }
}

// 17.22: die + the Game-Turn's Assault Capability Number, five or more,
// carries the ordered ships ("T1: portage 3624 facing N") over Pera.
void Board::try_portage(const std::vector<std::string>& portage) {
  const int ac = sc_->tables.assault_on(turn_);
  const int r = roll(6, "the Great Portage");
  const bool ok = r + ac >= 5;
  said_with_last_roll("the Great Portage: rolled " + std::to_string(r) + " + Assault Capability " +
                      std::to_string(ac) + " = " + std::to_string(r + ac) +
                      (ok ? ": the ships are carried over Pera into the Golden Horn (17.22)"
                          : ": short of 5, the ships stay in the Bosphorus (17.22)"));
  if (!ok) return;
  for (const std::string& p : portage) {
    const auto [id, rest] = *split_line(p);
    const auto w = text::split(rest);
    Ship& s = ships_.at(id);
    stepped(id, s.hex, *hex::parse_hex(w[1]));
    s.hex = *hex::parse_hex(w[1]);
    s.facing = *hex::parse_dir(w[3]);
    s.prop = Propulsion::Oar;
    s.capability = 0;
    s.to_sail = false;
    say(id + " is portaged to " + hx(s.hex) + " (17.22; it moves next Game-Turn, 17.24)");
  }
}

// 15.73: two dice: 2 or 12 sinks, 11 damages.
void Board::bombard_ship(Ship& t) {
  if (!afloat(t)) return;
  const std::size_t first = rolls_so_far();
  const int r = roll(6, "bombardment of " + t.id) + roll(6, "bombardment of " + t.id);
  said_with_rolls("the Pera guns bombard " + t.id + ": rolled " + std::to_string(r) +
                      (r == 2 || r == 12 ? ": sunk"
                       : r == 11         ? ": Damaged"
                                         : ": no effect") +
                      " (15.73)",
                  first);
  if (r == 2 || r == 12) sink(t, "bombarded from Pera, 15.73");
  if (r == 11) damage(t, "bombarded from Pera, 15.73");
}

}  // namespace naumachia::constantinople
