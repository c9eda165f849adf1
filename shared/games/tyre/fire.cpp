// Tyre: fire combat (11.0) and retreats (11.24, 11.25, 8.34).
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

bool Board::has_fire(Side side) const {
  std::vector<std::string> firers;
  for (const auto& [id, u] : units_) firers.push_back(id);
  for (const auto& [id, e] : engines_) firers.push_back(id);
  for (const auto& id : firers) {
    const auto from = firer_hex(id, side);
    if (!from) continue;
    for (const auto& [tid, t] : units_) {
      const auto th = piece_hex(tid);
      if (t.t.side != side && th && hex::distance(*from, *th) <= 3 && plan_shot(side, id, *th))
        return true;
    }
  }
  return false;
}

// Who may fire: fire and fire-melee units not disrupted, in a hex or
// aboard a ship (8.24), and Tyrian catapults that did not fire at a ship
// this impulse (13.41 and the addenda).
std::optional<HexId> Board::firer_hex(const std::string& id, Side side) const {
  if (auto u = units_.find(id); u != units_.end()) {
    const LandUnit& x = u->second;
    if (x.t.side != side || x.t.kind == UnitKind::Melee || x.disrupted) return std::nullopt;
    return piece_hex(id);
  }
  if (auto e = engines_.find(id); e != engines_.end()) {
    const Engine& x = e->second;
    if (x.kind != EngineKind::TyrianCatapult || side != Side::Tyrian || x.at != Where::Hex ||
        x.used_in == abs_impulse())
      return std::nullopt;
    return x.hex;
  }
  return std::nullopt;
}

// The enemy combat units a shot at `h` can hurt: the one standing there,
// or the fire units aboard a ship there (8.24); none beside a siege tower
// unless the firer is a catapult (13.14).
std::vector<std::string> Board::fire_targets(Side side, HexId h, bool catapult) const {
  std::vector<std::string> out;
  for (const auto& [id, u] : units_) {
    if (u.t.side == side) continue;
    if (u.at == Where::Hex && u.hex == h) {
      if (u.t.side == Side::Macedonian && has_tower(h) && !catapult) continue;
      out.push_back(id);
    } else if (u.at == Where::Ship && u.t.kind != UnitKind::Melee && piece_hex(id) == h) {
      out.push_back(id);
    }
  }
  return out;
}

Expected<Shot> Board::plan_shot(Side side, const std::string& id, HexId target) const {
  const auto from = firer_hex(id, side);
  if (!from) return fail(id + " cannot fire this segment (11.0, 11.23, 13.41)");
  const bool catapult = engines_.count(id) > 0;
  const int d = hex::distance(*from, target);
  const std::string row = catapult ? "catapult" : units_.at(id).t.fire_row;
  const int rating = sc_->siege.attenuation(row, d);
  if (rating < 1) return fail(hex::format_hex(target) + " is out of " + id + "'s range (11.4)");
  if (!line_of_sight(*this, *from, target))
    return fail("no line of sight from " + hex::format_hex(*from) + " to " +
                hex::format_hex(target) + " (11.11, 11.12)");
  if (fire_targets(side, target, catapult).empty())
    return fail("no enemy combat unit at " + hex::format_hex(target) +
                " that fire can reach (11.21, 8.24, 13.14)");
  Shot s{id, target, rating, 0, catapult};
  const Terrain t = terrain(target);
  const bool from_wall = is_wall(terrain(*from));
  if (from_wall && (t == Terrain::Beach || (is_wall(t) && breached(target))))
    s.modifier += 1;                                     // 11.5
  if (is_wall(t) && !has_tower(*from)) s.modifier -= 1;  // 11.5 (addenda: any wall); 13.13
  if (t == Terrain::Temple || t == Terrain::Agenorium) s.modifier -= 2;  // 11.5
  return s;
}

Expected<std::string> Board::fire_line(Side side, const std::string& line,
                                       std::set<std::string>& ordered) {
  auto parts = split_line(line);
  const std::string low = parts ? text::lower(parts->second) : std::string();
  const auto w = text::split(low);
  const auto h = w.size() == 2 && w[0] == "fire" ? hex::parse_hex(w[1]) : std::nullopt;
  if (!h) return fail("fire combat is 'UNIT: fire HEX' (11.0)");
  const std::string id = piece_id(parts->first);
  if (id.empty() || piece_side(id) != side)
    return fail(cited("you have no unit '" + parts->first + "'", order_notation()));

  if (!ordered.insert(id).second) return fail(id + " fires at one hex per segment (11.13)");
  auto shot = plan_shot(side, id, *h);
  if (!shot) return fail(shot.error().message);
  return id + ": fire " + hex::format_hex(*h);
}

// 11.0, 11.2: every shot of both players is rolled, then all results are
// applied at once; retreats hex by hex together (11.3).
void Board::play_fire(const std::map<PlayerId, OrderSet>& orders) {
  std::map<std::string, std::vector<Result>> hits;
  for (const auto& [player, set] : orders) {
    const Side side = static_cast<Side>(player.value);
    for (const std::string& line : set.lines) {
      const auto [word, rest] = *split_line(line);
      const std::string id = piece_id(word);
      const Shot s = *plan_shot(side, id, *hex::parse_hex(text::split(rest)[1]));
      const int roll = dice_->roll(6, "fire of " + id + " at " + hex::format_hex(s.target));
      const Result r = sc_->siege.fire(s.rating, roll + s.modifier);
      if (s.catapult) engines_.at(id).used_in = abs_impulse();
      std::string text =
          id + " fires at " + hex::format_hex(s.target) + ": rating " + std::to_string(s.rating) +
          ", roll " + std::to_string(roll) +
          (s.modifier ? (s.modifier > 0 ? " +" : " ") + std::to_string(s.modifier) : "") + ": " +
          result_name(r) + " (11.4, 11.5)";
      said_with_last_roll(text);
      for (const auto& t : fire_targets(side, s.target, s.catapult)) hits[t].push_back(r);
    }
  }
  std::vector<std::string> retreating;
  for (const auto& [id, rs] : hits) {
    LandUnit& u = units_.at(id);
    int d = u.disrupted ? 1 : 0, r = 0, e = 0;
    for (Result x : rs) {
      d += x == Result::Disrupted;
      r += x == Result::Retreat;
      e += x == Result::Eliminated;
    }
    if (e || (r && d)) {
      eliminate_unit(id, e ? "by fire (11.26)" : "a disrupted unit that must retreat (11.24)");
    } else if (r || d >= 2) {
      u.disrupted = u.disrupted || d > 0;
      retreating.push_back(id);
    } else if (d) {
      u.disrupted = true;
      say(id + " is disrupted (11.23)");
    }
  }
  retreat_units(retreating);
}

void Board::retreat_units(const std::vector<std::string>& ids) {
  std::vector<Retreat> land;
  for (const std::string& id : ids) {
    LandUnit& u = units_.at(id);
    if (u.at == Where::Ship) {
      say(id + " is aboard " + u.ship + " and stays there (8.34)");
      continue;
    }
    const Terrain t = terrain(u.hex);
    if (u.t.side == Side::Macedonian && (is_wall(t) || t == Terrain::Beach || t == Terrain::Sea)) {
      if (retreat_aboard(u)) continue;  // 11.25, 8.34
      if (!is_wall(t)) {
        eliminate_unit(id, "no ship to retreat onto (8.34)");
        continue;
      }
    }
    const int hexes = is_wall(t) ? 2 : u.t.move + 2;  // 11.24, 11.25
    land.push_back(Retreat{id, u.t.side, u.hex, hexes, u.t.kind == UnitKind::Fire});
  }
  if (land.empty()) return;
  std::map<Side, HexId> refuge{{Side::Tyrian, temple_hex()}};
  const auto outcome = retreat_simultaneously(*this, land, refuge, rules_);
  for (const auto& [id, why] : outcome.eliminated) eliminate_unit(id, why);
  for (const auto& [id, path] : outcome.paths) {
    LandUnit& u = units_.at(id);
    const HexId from = u.hex;
    std::vector<std::string> hexes;
    for (const HexId h : path) hexes.push_back(hex::format_hex(h));
    // 11.22: a leader in the hex goes with the unit.
    for (auto& [lid, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == from && l.t.side == u.t.side && !leader_in(path.back()))
        l.hex = path.back();
    }
    u.hex = path.back();
    say(id + " retreats " + hex::format_hex(from) + " -> " + text::join(hexes, " ") +
        " (11.24, 11.3)");
    for (const HexId h : path) entered(id, u.t.side, h);
  }
}

bool Board::retreat_aboard(LandUnit& u) {
  for (auto& [sid, s] : ships_) {
    if (s.side != u.t.side || !s.on_map || s.sunk || hex::distance(s.hex, u.hex) > 1) continue;
    if (cargo(sid).units.size() >= (s.damaged ? 1u : 2u)) continue;
    u.at = Where::Ship;
    u.ship = sid;
    u.waded_from.clear();
    say(u.t.id + " retreats aboard " + sid + " (11.25, 8.34)");
    return true;
  }
  return false;
}

}  // namespace naumachia::tyre
