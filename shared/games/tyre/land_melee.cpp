// Tyre: land melee (12.0) and advance after combat (12.5).
#include <algorithm>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

bool Board::has_assault(Side side) const {
  for (const auto& [id, u] : units_) {
    if (u.t.side != side || u.at != Where::Hex || u.disrupted || u.t.kind == UnitKind::Fire)
      continue;
    for (int k = 0; k < 6; ++k) {
      const Assault a{{id}, hex::neighbour(u.hex, static_cast<Dir>(k)), ""};
      if (!assault_problem(side, a)) return true;
    }
  }
  return false;
}

Expected<Assault> Board::parse_assault(Side side, const std::string& line) const {
  auto parts = split_line(line);
  if (!parts) return fail("a melee attack is 'UNIT UNIT: attack HEX [, advance UNIT]' (12.0)");
  Assault a;
  for (auto w : text::split(parts->first, " ,+&")) {
    const std::string id = piece_id(w);
    if (id.empty() || !units_.count(id) || units_.at(id).t.side != side)
      return fail(cited("you have no land unit '" + std::string(w) + "'", order_notation()));

    a.attackers.push_back(id);
  }
  const auto clauses = text::split(parts->second, ",");
  const std::string low = clauses.empty() ? std::string() : text::lower(clauses[0]);
  const auto w = text::split(low);
  const auto h = w.size() == 2 && w[0] == "attack" ? hex::parse_hex(w[1]) : std::nullopt;
  if (!h || clauses.size() > 2)
    return fail("a melee attack is 'UNIT UNIT: attack HEX [, advance UNIT]' (12.0)");
  a.target = *h;
  if (clauses.size() == 2) {
    const auto v = text::split(clauses[1]);
    if (v.size() != 2 || text::lower(v[0]) != "advance")
      return fail("'advance UNIT' after the attack (12.5)");
    a.advance = piece_id(v[1]);
    if (std::find(a.attackers.begin(), a.attackers.end(), a.advance) == a.attackers.end())
      return fail("only an attacking unit advances (12.51, 12.52)");
  }
  return a;
}

bool Board::tower_with(const Assault& a) const {
  return std::any_of(a.attackers.begin(), a.attackers.end(),
                     [&](const std::string& id) { return has_tower(units_.at(id).hex); });
}

std::optional<std::string> Board::assault_problem(Side side, const Assault& a) const {
  const bool tower = tower_with(a);
  const Terrain t = terrain(a.target);
  for (const std::string& id : a.attackers) {
    const LandUnit& u = units_.at(id);
    if (u.at != Where::Hex) return id + " is not ashore (8.24)";
    if (u.t.kind == UnitKind::Fire)
      return id + " is a fire unit and does not attack in melee (12.0)";
    if (u.disrupted) return id + " is disrupted and may not attack (12.15)";
    if (hex::distance(u.hex, a.target) != 1)
      return id + " is not next to " + hex::format_hex(a.target) + " (12.13)";
    const bool from_wall = is_wall(terrain(u.hex));
    if (!tower && t == Terrain::PrimaryWall && !breached(a.target) && !from_wall)
      return "an unbreached primary wall is attacked only from a wall hex next to it (12.16)";
    if (!tower && t == Terrain::SecondaryWall && !breached(a.target) && !from_wall &&
        enemy_controlled(*this, side, a.target, {a.target}))
      return "an enemy-controlled secondary wall is not attacked from a non-wall hex (9.28)";
  }
  if (combat_unit(a.target) != enemy(side)) {
    const bool lone = std::any_of(lleaders_.begin(), lleaders_.end(),
                                  [&](const auto& p) {
                                    return p.second.at == Where::Hex && p.second.hex == a.target &&
                                           p.second.t.side != side;
                                  }) ||
                      (engine_at(a.target) && side_of(engine_at(a.target)->kind) != side);
    if (!lone)
      return "there is no enemy unit to attack at " + hex::format_hex(a.target) + " (12.13)";
  }
  return std::nullopt;
}

Expected<std::string> Board::melee_attack_line(Side side, const std::string& line,
                                               std::set<std::string>& ordered,
                                               std::set<HexId>& targets) {
  auto a = parse_assault(side, line);
  if (!a) return fail(a.error().message);
  for (const auto& id : a->attackers) {
    if (!ordered.insert(id).second) return fail(id + " attacks once per segment (12.13)");
  }
  if (!targets.insert(a->target).second)
    return fail(hex::format_hex(a->target) + " is attacked once per segment (12.13)");
  if (auto why = assault_problem(side, *a)) return fail(*why);
  if (executing()) resolve_assault(side, *a);
  std::string out = text::join(a->attackers, " ") + ": attack " + hex::format_hex(a->target);
  if (!a->advance.empty()) out += ", advance " + a->advance;
  return out;
}

// The leader whose bonus a unit in `h` may use (12.21, 15.3): his own
// contingent's leader stacked with it.
int Board::combat_bonus(const LandUnit& u) const {
  int best = 0;
  for (const auto& [id, l] : lleaders_) {
    if (l.at == Where::Hex && l.hex == u.hex && l.t.commands(u.t.contingent))
      best = std::max(best, l.t.bonus);
  }
  return std::min(best, u.t.melee);  // 15.32: never more than doubled
}

// 12.22, 15.2: the best Morale Rating among leaders of the contingent(s)
// who have one of `units` in their command radius.
int Board::morale_rating(const std::vector<std::string>& units) const {
  std::set<std::string> contingents;
  for (const auto& id : units) contingents.insert(units_.at(id).t.contingent);
  if (contingents.size() != 1) return 0;  // 15.21, 15.34
  int best = 0;
  for (const auto& [lid, l] : lleaders_) {
    if (l.t.side != units_.at(units[0]).t.side || !l.t.commands(*contingents.begin()) ||
        !piece_hex(lid))
      continue;
    const auto area = command_area(l, l.t.radius);
    for (const auto& id : units) {
      if (area.count(units_.at(id).hex)) best = std::max(best, l.t.morale);
    }
  }
  return best;
}

void Board::resolve_assault(Side side, const Assault& a) {
  LandUnit* d = unit_in(a.target);
  if (!d) {
    // 12.41, 15.33: leaders and siege units alone are eliminated.
    for (auto& [lid, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == a.target && l.t.side != side)
        kill_leader(lid, "attacked alone (15.33)");
    }
    for (auto& [eid, e] : engines_) {
      if (e.at == Where::Hex && e.hex == a.target && side_of(e.kind) != side) {
        e.at = Where::Dead;
        say(eid + " is destroyed by melee attack (12.41)");
      }
    }
    advance_after(a, side);
    return;
  }
  const bool tower = tower_with(a);
  const Terrain t = terrain(a.target);
  int attack = 0;
  bool from_wall = false;
  for (const auto& id : a.attackers) {
    const LandUnit& u = units_.at(id);
    int s = (u.t.melee + combat_bonus(u)) * 2;
    if (terrain(u.hex) == Terrain::Beach) s /= 2;  // 9.28: attacker in a beach halved
    from_wall = from_wall || is_wall(terrain(u.hex));
    attack += s;
  }
  int defence = (d->t.melee + combat_bonus(*d)) * 2;
  const bool doubled = t == Terrain::Temple || t == Terrain::Agenorium ||
                       (!tower && is_wall(t) && (breached(a.target) || from_wall));  // 9.28, 13.13
  if (doubled) defence *= 2;
  const auto column = SiegeTables::melee_column(attack, defence);
  const int att_morale = morale_rating(a.attackers);
  const int def_morale = morale_rating({d->t.id});
  const int armies =
      morale_[static_cast<int>(side)] - morale_[static_cast<int>(enemy(side))];  // 12.36
  const int roll = dice_->roll(6, "melee: " + text::join(a.attackers, "+") + " against " + d->t.id);
  const int die = std::clamp(roll + att_morale - def_morale + armies, 1, 6);
  const Result r = column ? sc_->siege.melee(*column, die) : Result::None;
  std::string text =
      text::join(a.attackers, " and ") + " (" + halves(attack) + ") attack " + d->t.id + " at " +
      hex::format_hex(a.target) + " (" + halves(defence) + (doubled ? ", doubled by terrain" : "") +
      "): " + (column ? std::string(SiegeTables::column_name(*column)) : std::string("below 1-2")) +
      ", roll " + std::to_string(roll);
  if (att_morale || def_morale || armies)
    text += " +" + std::to_string(att_morale) + " -" + std::to_string(def_morale) + " army " +
            std::to_string(armies);
  text += " = " + std::to_string(die) + ": " + result_name(r) + " (12.6)";
  said_with_last_roll(text);
  const std::string did = d->t.id;
  if (r == Result::Eliminated || (r == Result::Disrupted && d->disrupted) ||
      (r == Result::Retreat && d->disrupted)) {
    eliminate_unit(did, r == Result::Eliminated ? "in melee (12.44)"
                                                : "a disrupted unit hit again (12.6, 11.24)");
  } else if (r == Result::Disrupted) {
    d->disrupted = true;
    say(did + " is disrupted (12.42)");
  } else if (r == Result::Retreat) {
    retreat_units({did});
  }
  if (!combat_unit(a.target)) advance_after(a, side);
}

// 12.51, 12.52: one attacking unit may advance into the vacated hex.
void Board::advance_after(const Assault& a, Side side) {
  if (a.advance.empty() || combat_unit(a.target)) return;
  LandUnit& u = units_.at(a.advance);
  if (u.at != Where::Hex) return;
  u.hex = a.target;
  say(a.advance + " advances into " + hex::format_hex(a.target) + " (12.5)");
  entered(a.advance, side, a.target);
}

std::string Board::halves(int v) {
  return std::to_string(v / 2) + (v % 2 ? ".5" : "");
}

}  // namespace naumachia::tyre
