// Tyre: deployment (17.1) and naval regrouping (5.3).
#include <algorithm>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

// 5.3: both sides regroup the ships they have afloat.
bool Board::has_ship_afloat(Side s) const {
  return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
    return p.second.side == s && p.second.on_map && !p.second.sunk;
  });
}

bool Board::home_hex(Side side, HexId h) const {
  if (side == Side::Tyrian) {
    const Harbour* hb = sc_->map.harbour_of(h);
    return hb && hb->inside.count(h);  // 5.31: inside the booms
  }
  // 5.31: mainland port hexes and the all-sea hexes next to them.
  if (sc_->map.terrain(h) == Terrain::MainlandPort) return true;
  if (sc_->map.terrain(h) != Terrain::Sea) return false;
  for (int k = 0; k < 6; ++k) {
    if (sc_->map.terrain(hex::neighbour(h, static_cast<Dir>(k))) == Terrain::MainlandPort)
      return true;
  }
  return false;
}

Expected<std::string> Board::place_line(Side side, const std::string& line,
                                        std::set<std::string>& ordered, Claims& claims) {
  const auto w = text::split(line, " \t,:");
  if (seg_ == Segment::MacDeploy || (seg_ == Segment::Deploy && siege_ && w.size() == 3))
    return deploy_land_line(side, w, ordered);
  if (w.size() == 3 && text::lower(w[0]) == "combine" && seg_ == Segment::Regroup)
    return combine(side, std::string(w[1]), std::string(w[2]), ordered);
  if (w.size() != 5 || text::lower(w[1]) != "at" || text::lower(w[3]) != "facing") {
    return fail(seg_ == Segment::Regroup
                    ? "regrouping orders are 'SHIP: at HEX facing DIR' or 'combine SHIP SHIP' "
                      "(5.31, 5.32)"
                    : "deployment orders are 'SHIP: at HEX facing DIR' (17.1)");
  }
  std::string id(w[0]);
  id = text::upper(id);
  Ship* s = own_ship(side, id);
  if (!s) return fail(ship_problem(side, id));
  if (seg_ == Segment::Regroup && !s->on_map) return fail(cited(id + " is not on the map", "5.31"));
  const auto h = hex::parse_hex(w[2]);
  const auto d = hex::parse_dir(w[4]);
  if (!h || !d)
    return fail("'" + std::string(w[2]) + " facing " + std::string(w[4]) +
                "' is not a hex and a direction (N, NE, SE, S, SW, NW) " + order_notation());
  if (!home_hex(side, *h))
    return fail(hex::format_hex(*h) + " is not in the " +
                (side == Side::Tyrian ? "Tyrian harbours" : "mainland harbour") + " (5.31, 17.1)");
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  if (!claims.placed.insert(*h).second)
    return fail(cited("two ships placed in " + hex::format_hex(*h), "5.31, 9.5"));
  // A ship not yet placed that stands there makes way; it is placed later.
  for (auto& [oid, o] : ships_) {
    if (o.on_map && !o.sunk && o.hex == *h && oid != id && !ordered.count(oid)) {
      o.on_map = false;
      claims.displaced.insert(oid);
    }
  }
  claims.placed_ships.insert(id);
  claims.displaced.erase(id);
  s->on_map = true;
  s->hex = *h;
  s->facing = *d;
  return id + ": at " + hex::format_hex(*h) + " facing " + hex::name(*d);
}

// 17.1: the armies' set-up.
Expected<std::string> Board::deploy_land_line(Side side, const std::vector<std::string_view>& w,
                                              std::set<std::string>& ordered) {
  if (w.size() != 3 || text::lower(w[1]) != "at")
    return fail("deployment orders are 'PIECE: at HEX' (and 'SHIP: at HEX facing DIR') (17.1)");
  const std::string id = piece_id(w[0]);
  if (id.empty() || piece_side(id) != side || ships_.count(id) ||
      (leaders_.count(id) && !lleaders_.count(id)))
    return fail(cited("you have no land piece '" + std::string(w[0]) + "'", order_notation()));
  if (id == "Alexander") return fail("Alexander arrives with the Cyprus fleet (17.1, 17.3)");
  const auto e = engines_.find(id);
  if (e != engines_.end() &&
      (e->second.kind == EngineKind::Catapult || e->second.kind == EngineKind::Ram))
    return fail("catapults and battering rams begin in the siege park (13.23)");
  const auto h = hex::parse_hex(w[2]);
  if (!h) return fail("'" + std::string(w[2]) + "' is not a hex " + order_notation());
  if (side == Side::Macedonian && !on_mainland(*h))
    return fail("the Macedonian army begins on the mainland or the mole (17.1)");
  if (side == Side::Tyrian && (!is_island(terrain(*h)) || terrain(*h) == Terrain::Beach))
    return fail("the Tyrian army begins on the island of Tyre (17.1)");
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  place_piece(id, *h);
  return id + ": at " + hex::format_hex(*h);
}

Expected<std::string> Board::combine(Side side, std::string a, std::string b,
                                     std::set<std::string>& ordered) {
  for (std::string* id : {&a, &b}) *id = text::upper(*id);
  Ship* x = own_ship(side, a);
  Ship* y = own_ship(side, b);
  if (!x || !y || a == b) return fail(cited("combine two different ships of yours", "5.32"));
  if (!x->damaged || !y->damaged || x->type != y->type)
    return fail("only two damaged ships of the same type combine into one (5.32)");
  if (!ordered.insert(a).second || !ordered.insert(b).second)
    return fail(cited("a ship is ordered twice", order_notation()));

  x->damaged = false;
  y->sunk = true;
  y->on_map = false;
  for (auto& [id, l] : leaders_) {
    if (l.ship == b) l.ship = a;
  }
  say(a + " and " + b + " combine into one full-strength " + type_name(x->type) + " (5.32)");
  return "combine " + a + " " + b;
}

// Ships without a placement order go to the free home hexes in hex order:
// at regrouping every ship afloat (5.31); at deployment only those that
// made way for an ordered ship (the rest keep the default deployment).
void Board::auto_place(Side side, const Claims& claims) {
  std::set<HexId> taken = claims.placed;
  std::vector<Ship*> to_place;
  for (auto& [id, s] : ships_) {
    if (s.side != side || s.sunk || claims.placed_ships.count(id)) continue;
    if (claims.displaced.count(id) || (seg_ == Segment::Regroup && s.on_map)) {
      to_place.push_back(&s);
      s.on_map = false;
    } else if (s.on_map) {
      taken.insert(s.hex);
    }
  }
  std::vector<HexId> free;
  for (const HexId h : sc_->map.all_hexes()) {
    if (home_hex(side, h) && !taken.count(h)) free.push_back(h);
  }
  std::size_t next = 0;
  for (Ship* s : to_place) {
    if (next == free.size()) {
      say("no free home hex for " + s->id);
      continue;
    }
    s->on_map = true;
    s->hex = free[next++];
    s->facing = Dir::N;
  }
  if (seg_ == Segment::Regroup)
    say(std::string(side_name(side)) + " ships return to their home ports (5.31)");
}

// 17.1: at deployment only the Tyrian's ships make way for one another.
void Board::auto_place_tyrian(Side side, const Claims& claims) {
  if (side == Side::Tyrian) auto_place(side, claims);
}

void Board::clear_markers_after_regroup() {
  for (auto& [id, s] : ships_) {
    s.pinned_with.clear();
    s.rammer = false;
    s.boom_watch.clear();
  }
}

std::optional<HexId> Board::free_home_hex(Side side) const {
  for (const HexId h : sc_->map.all_hexes()) {
    if (home_hex(side, h) && !ship_at(h)) return h;
  }
  return std::nullopt;
}

}  // namespace naumachia::tyre
