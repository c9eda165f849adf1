// Tyre: bombardment (7.0, 13.0): of the walls by catapults and rams aboard
// ships (7.1, 13.2, 13.3), and Tyrian counter-bombardment of ships (7.2,
// 13.4, 4.0 §3D).
#include <algorithm>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

// 4.0 §2D: the Macedonian bombards if a ship on the map carries an engine.
bool Board::has_bombarding_ship() const {
  return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
    return p.second.on_map && !p.second.sunk && !cargo(p.first).engines.empty();
  });
}

bool Board::has_counter_target() const {
  for (const auto& [eid, e] : engines_) {
    if (e.kind != EngineKind::TyrianCatapult || !on_wall(e) || e.used_in == abs_impulse()) continue;
    for (const auto& [sid, sh] : ships_) {
      if (sh.side != Side::Macedonian || !sh.on_map || sh.sunk || hex::distance(sh.hex, e.hex) > 4)
        continue;
      const Cargo c = cargo(sid);
      if (seg_ == Segment::TyrBombard ? !c.engines.empty() : !c.units.empty()) return true;
    }
  }
  return false;
}

const Engine* Board::engine_aboard(const Ship& s, EngineKind k) const {
  for (const auto& id : cargo(s.id).engines) {
    if (engines_.at(id).kind == k) return &engines_.at(id);
  }
  return nullptr;
}

// 7.11-7.15, 13.2, 13.3: "SHIP: bombard HEX" (catapult) or "SHIP: batter HEX" (ram).
Expected<std::string> Board::bombard_line(const std::string& line, std::set<std::string>& ordered) {
  auto parts = split_line(line);
  if (!parts) return fail("a bombardment is 'SHIP: bombard HEX' or 'SHIP: batter HEX' (7.1)");
  const auto& [id, rest] = *parts;
  const std::string low = text::lower(rest);
  const auto w = text::split(low);
  const auto h = w.size() == 2 ? hex::parse_hex(w[1]) : std::nullopt;
  if (!h || (w[0] != "bombard" && w[0] != "batter"))
    return fail("a bombardment is 'SHIP: bombard HEX' or 'SHIP: batter HEX' (7.1)");
  Ship* s = own_ship(Side::Macedonian, id);
  if (!s || !s->on_map) return fail(ship_problem(Side::Macedonian, id));
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  if (!is_wall(terrain(*h))) return fail(hex::format_hex(*h) + " is not a wall hex (7.1)");
  if (w[0] == "bombard") {
    const Engine* e = engine_aboard(*s, EngineKind::Catapult);
    if (!e) return fail(id + " carries no catapult (7.11)");
    if (hex::distance(s->hex, *h) > 4)
      return fail("a catapult bombards at four hexes at most (7.13)");
    if (e->target_turn == turn_ && e->target != *h)
      return fail(e->id + " bombards " + hex::format_hex(e->target) + " this Game-Turn (7.12)");
    return id + ": bombard " + hex::format_hex(*h);
  }
  const Engine* e = engine_aboard(*s, EngineKind::Ram);
  if (!e) return fail(id + " carries no battering ram (7.14)");
  if (terrain(s->hex) != Terrain::Sea)
    return fail("a battering ram works from an all-sea hex (7.14, 13.32)");
  if (hex::neighbour(s->hex, s->facing) != *h || terrain(*h) != Terrain::PrimaryWall)
    return fail(id + " must be next to and facing a primary wall hex to batter it (7.14)");
  if (e->turn_uses >= 2) return fail(e->id + " has battered twice this Game-Turn (7.14)");
  return id + ": batter " + hex::format_hex(*h);
}

// 7.11: all allocations are made before any roll; then each is rolled alone.
void Board::play_bombardment(const OrderSet& orders) {
  for (const std::string& line : orders.lines) {
    const auto [id, rest] = *split_line(line);
    const auto w = text::split(rest);
    const HexId h = *hex::parse_hex(w[1]);
    const Ship& s = ships_.at(id);
    const bool cat = w[0] == "bombard";
    Engine& e = engines_.at(engine_aboard(s, cat ? EngineKind::Catapult : EngineKind::Ram)->id);
    const bool secondary = terrain(h) == Terrain::SecondaryWall;
    const int roll = dice_->roll(
        6, (cat ? "bombardment of " : "battering of ") + hex::format_hex(h) + " by " + e.id);
    const int die = std::min(6, roll + (secondary ? 1 : 0));  // 7.15
    const int points = cat ? sc_->siege.bombard(die) : sc_->siege.batter(die);
    if (cat) {
      e.target = h;
      e.target_turn = turn_;
    } else {
      ++e.turn_uses;
    }
    const int before = walls_.count(h) ? walls_[h] : 0;
    const int after = std::min(kBreach, before + points);
    if (after > 0) walls_[h] = after;
    std::string text = e.id + " on " + id + (cat ? " bombards " : " batters ") +
                       hex::format_hex(h) + (secondary ? " (secondary wall: +1 to the roll)" : "") +
                       ": " + std::to_string(points) + " breach point(s), damage " +
                       std::to_string(before) + " -> " + std::to_string(after) +
                       (cat ? " (7.4)" : " (7.5)");
    if (after >= kBreach && before < kBreach) text += "; the wall is BREACHED (7.15)";
    said_with_last_roll(text);
  }
}

bool Board::on_wall(const Engine& e) const {
  return e.at == Where::Hex && is_wall(terrain(e.hex));
}

// 7.2, 13.42 and (assault) 4.0 §3D: "CATAPULT: fire SHIP".
Expected<std::string> Board::counter_line(const std::string& line, std::set<std::string>& ordered) {
  auto parts = split_line(line);
  const std::string low = parts ? text::lower(parts->second) : std::string();
  const auto w = text::split(low);
  if (!parts || w.size() != 2 || w[0] != "fire")
    return fail("counter-bombardment is 'CATAPULT: fire SHIP' (7.2)");
  const std::string id = piece_id(parts->first);
  const auto e = engines_.find(id);
  if (e == engines_.end() || e->second.kind != EngineKind::TyrianCatapult ||
      e->second.at == Where::Dead)
    return fail(cited("you have no catapult '" + parts->first + "'", order_notation()));
  if (!ordered.insert(id).second) return fail(id + " fires once per segment (7.12)");
  if (!on_wall(e->second)) return fail(id + " is not on a wall hex (7.22)");
  const std::string sid = text::upper(w[1]);
  const auto s = ships_.find(sid);
  if (s == ships_.end() || s->second.side != Side::Macedonian || !s->second.on_map ||
      s->second.sunk)
    return fail(cited("there is no Macedonian ship " + sid + " on the map", "7.21"));

  if (hex::distance(e->second.hex, s->second.hex) > 4)
    return fail("Tyrian catapults reach four hexes (7.22)");
  const Cargo c = cargo(sid);
  if (seg_ == Segment::TyrBombard && c.engines.empty())
    return fail(sid + " carries no catapult or battering ram (7.21, 7.23)");
  if (seg_ == Segment::AssaultBombard && c.units.empty())
    return fail(sid + " carries no land units (4.0 §3D)");
  return id + ": fire " + sid;
}

void Board::play_counter(const OrderSet& orders) {
  std::vector<std::pair<std::string, std::pair<WallEffect, WallEffect>>> results;
  for (const std::string& line : orders.lines) {
    const auto [word, rest] = *split_line(line);
    const std::string id = piece_id(word);
    const std::string sid(text::split(rest)[1]);
    const int roll = dice_->roll(6, "counter-bombardment of " + sid + " by " + id);
    const auto effect = sc_->siege.counter(roll);
    engines_.at(id).used_in = abs_impulse();  // addenda 13.41
    const char* names[] = {"no effect", "damaged", "eliminated"};
    said_with_last_roll(id + " fires at " + sid + ": ship " +
                        names[static_cast<int>(effect.first)] + ", cargo " +
                        names[static_cast<int>(effect.second)] + " (7.6)");
    results.emplace_back(sid, effect);
  }
  for (const auto& [sid, effect] : results) {
    Ship& s = ships_.at(sid);
    if (s.sunk) continue;
    if (effect.second == WallEffect::Eliminated) {
      for (const auto& eid : cargo(sid).engines) {
        engines_.at(eid).at = Where::Dead;
        say(eid + " aboard " + sid + " is destroyed (7.6)");
      }
    }
    if (effect.first == WallEffect::Damaged) damage(s);
    if (effect.first == WallEffect::Eliminated) sink(s);
  }
}

}  // namespace naumachia::tyre
