// Constantinople: the Byzantine deployment in the Golden Horn before the
// first Naval Phase (19.1), and the leaders aboard (15.26).
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// A leader named by `word` (in any case), not lost; "" if none.
std::string Board::leader_named(const std::string& word) const {
  for (const auto& [name, ship] : leaders_) {
    if (ship != "lost" && text::lower(name) == text::lower(word)) return name;
  }
  return "";
}

// "VENICE: 3331 facing S" or "Diedo: VENICE".
Expected<std::string> Board::setup_line(const std::string& line, std::set<std::string>& used) {
  auto parts = split_line(line);
  if (!parts) return fail(parts.error().message);
  const auto& [who, rest] = *parts;
  if (const std::string l = leader_named(who); !l.empty()) {
    Ship* s = own_ship(Side::Byzantine, text::upper(rest));
    if (!s || sc_->arrives.count(s->id))
      return fail(l + " goes aboard a Byzantine galley in the Golden Horn (15.26)");
    if (!s->leader.empty() && s->leader != l)
      return fail(s->id + " already carries " + s->leader + " (15.26)");
    if (!used.insert(l).second) return fail(cited("a second order for " + l, order_notation()));
    for (auto& [id, x] : ships_)
      if (x.leader == l) x.leader.clear();
    s->leader = l;
    leaders_[l] = s->id;
    return l + ": " + s->id;
  }
  Ship* s = own_ship(Side::Byzantine, who);
  if (!s) return fail(ship_problem(Side::Byzantine, who));
  if (sc_->arrives.count(s->id)) return fail(s->id + " arrives later from the south edge (19.1)");
  const auto w = text::split(rest);
  const auto h = w.size() == 3 ? hex::parse_hex(w[0]) : std::nullopt;
  const auto d = w.size() == 3 ? hex::parse_dir(w[2]) : std::nullopt;
  if (!h || !d || text::lower(w[1]) != "facing")
    return fail(
        "a deployment order is 'SHIP: HEX facing DIR', e.g. 'VENICE: 3331 facing S' (19.1)");
  if (!sc_->map.in_horn(*h)) return fail("hex " + hx(*h) + " is not in the Golden Horn (19.1)");
  if (!sc_->map.enterable(*h)) return fail("hex " + hx(*h) + " is land (14.11)");
  if (!used.insert(s->id).second)
    return fail(cited("a second order for " + s->id, order_notation()));

  if (const Ship* o = ship_at(*h, s->id))
    return fail("hex " + hx(*h) + " already holds " + o->id + " (14.19)");
  s->on_map = true;
  s->hex = *h;
  s->facing = *d;
  note_occupant(*s);
  return s->id + ": " + hx(*h) + " facing " + hex::name(*d);
}

// The ships and leaders the player did not place go where data/forces.txt
// says (or, if that hex was taken, to the first free Golden Horn hex).
void Board::play_setup(const Orders& orders) {
  std::set<std::string> used;
  for (const std::string& line : orders_of(orders, Side::Byzantine).lines) {
    if (auto r = setup_line(line, used); !r) say("order '" + line + "' void: " + r.error().message);
  }
  for (auto& [id, s] : ships_) {
    if (s.side != Side::Byzantine || s.on_map || sc_->arrives.count(id)) continue;
    const auto d = sc_->default_setup.find(id);
    HexId h = d != sc_->default_setup.end() ? d->second.first : HexId{};
    if (d == sc_->default_setup.end() || ship_at(h)) {
      for (int r = sc_->map.first_row(); r <= sc_->map.last_row() && (h == HexId{} || ship_at(h));
           ++r)
        for (int c = sc_->map.first_col(); c <= sc_->map.last_col(); ++c)
          if (sc_->map.in_horn({c, r}) && !ship_at({c, r})) {
            h = {c, r};
            break;
          }
    }
    s.on_map = true;
    s.hex = h;
    s.facing = d != sc_->default_setup.end() ? d->second.second : Dir::S;
    say(id + " is placed at " + hx(h) + " (the default deployment)");
  }
  for (const auto& [l, ship] : sc_->default_leaders) {
    if (used.count(l) || !leaders_.count(l)) continue;
    Ship& s = ships_.at(ship);
    if (!s.leader.empty()) continue;
    s.leader = l;
    leaders_[l] = ship;
  }
}

}  // namespace naumachia::constantinople
