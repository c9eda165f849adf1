// Tyre: planning and construction (4.0 §1, 14.0): the secret allocation,
// the mole, siege engines, Engineer Points (14.3), and strategic movement
// (9.16, 9.17) with loading and unloading (8.1, 8.2).
#include <algorithm>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

// 4.0 §1A: the Macedonian notes bombard or assault (and what he builds,
// 14.2); the Tyrian allots six Engineer Points (14.3).
Expected<std::string> Board::allocation_line(Side side, const std::string& line, Allocation& a) {
  const std::string low = text::lower(line);
  const auto w = text::split(low);
  if (side == Side::Macedonian) {
    if (w.size() == 1 && (w[0] == "bombard" || w[0] == "assault")) {
      if (a.plan) return fail("one plan per Game-Turn: bombard or assault (4.0)");
      a.plan = true;
      return std::string(w[0]);
    }
    if (w.size() == 2 && w[0] == "build" && (w[1] == "catapult" || w[1] == "ram")) {
      if (a.build) return fail("one catapult or battering ram per Game-Turn (14.21)");
      a.build = true;
      return "build " + std::string(w[1]);
    }
    return fail(
        "the Macedonian plans 'bombard' or 'assault', and may 'build catapult' or "
        "'build ram' (4.0, 14.2)");
  }
  if (w.size() == 3 && w[0] == "repair" && w[1] == "wall") {
    const auto h = hex::parse_hex(w[2]);
    if (!h || !is_wall(terrain(*h)))
      return fail(cited("'" + std::string(w[2]) + "' is not a wall hex", "7.3"));
    if (!walls_.count(*h))
      return fail("the wall at " + std::string(w[2]) + " is not damaged (7.3)");
    a.points += 1;
    return "repair wall " + hex::format_hex(*h);
  }
  if (w.size() == 3 && w[0] == "repair" && w[1] == "ship") {
    const std::string id = text::upper(w[2]);
    const auto s = ships_.find(id);
    if (s == ships_.end() || s->second.side != Side::Tyrian || s->second.sunk || !s->second.on_map)
      return fail(cited("there is no Tyrian ship " + id + " afloat", "14.32"));
    if (!s->second.damaged) return fail(id + " is not damaged (14.32)");
    // 14.32: two points for each naval unit repaired; a second pair would
    // repair the ship already out of the water.
    if (!a.repaired.insert(id).second) return fail(id + " is already taken out for repair (14.32)");
    a.points += 2;
    return "repair ship " + id;
  }
  if (w.size() == 2 && w[0] == "boulders") {
    const auto h = hex::parse_hex(w[1]);
    if (!h || terrain(*h) != Terrain::Beach) return fail("boulders go into a beach hex (14.31)");
    if (boulders_.count(*h))
      return fail(cited(hex::format_hex(*h) + " already has boulders", "14.31"));
    if (!next_to(*h, [&](HexId n) { return is_wall(terrain(n)); }))
      return fail("boulders are dropped from a wall hex next to the beach (14.31)");
    // 14.31: boulders add two to the beach's grounding number, once: a beach
    // has them or not, whatever is dropped into it.
    if (!a.mined.insert(*h).second)
      return fail(hex::format_hex(*h) + " is already given boulders this Game-Turn (14.31)");
    a.points += 2;
    a.boulder_points += 2;
    if (a.boulder_points > 4)
      return fail("at most four Engineer Points go to boulder mining a Game-Turn (addenda 14.31)");
    return "boulders " + hex::format_hex(*h);
  }
  return fail(
      "the Tyrian allots Engineer Points: 'repair wall HEX' (1), 'repair ship SHIP' (2), "
      "'boulders HEX' (2) (14.3)");
}

Expected<std::string> Board::check_allocation(Side side, const std::string& line, Allocation& a) {
  auto r = allocation_line(side, line, a);
  if (r && a.points > kEngineerPoints)
    return fail("the Tyrian has six Engineer Points a Game-Turn (14.3)");
  if (r && side == Side::Macedonian && *r == "assault" && turn_ > kLastTurn)
    return fail(cited("the game is over", "18.0"));
  return r;
}

const char* plan_name(Plan p) {
  switch (p) {
    case Plan::None:
      return "-";
    case Plan::Bombard:
      return "bombard";
    case Plan::Assault:
      return "assault";
  }
  return "-";
}

std::optional<Plan> parse_plan(std::string_view word) {
  for (Plan p : {Plan::None, Plan::Bombard, Plan::Assault}) {
    if (word == plan_name(p)) return p;
  }
  return std::nullopt;
}

// 4.0 §1B, §1C: the construction segments, after both plans are noted.
void Board::play_planning(const std::map<PlayerId, OrderSet>& orders) {
  plan_ = Plan::Bombard;
  std::vector<std::string> mac, tyr;
  if (auto it = orders.find(PlayerId{1}); it != orders.end()) mac = it->second.lines;
  if (auto it = orders.find(PlayerId{0}); it != orders.end()) tyr = it->second.lines;
  for (const auto& l : mac) {
    if (const auto p = parse_plan(l); p && *p != Plan::None) plan_ = *p;
  }
  say(std::string("the Macedonian plans to ") + plan_name(plan_) + " this Game-Turn (4.0)");
  macedonian_construction(mac);
  return_repaired_ships();
  for (const auto& l : tyr) tyrian_engineering(l);
}

void Board::macedonian_construction(const std::vector<std::string>& lines) {
  // 14.12: one roll a Game-Turn; 4-6 extends the mole.
  const auto& seq = sc_->siege.mole_sequence();
  mole_grew_ = false;
  if (mole_.size() < seq.size()) {
    const std::size_t first_roll = rolls_so_far();
    const int roll = dice_->roll(6, "mole construction, Game-Turn " + std::to_string(turn_));
    std::string said;
    if (roll >= 4) {
      const HexId h = seq[mole_.size()];
      mole_.insert(h);
      mole_grew_ = true;
      said = "the mole is extended to " + hex::format_hex(h) + " (14.12: 4-6)";
    } else {
      said = "no progress on the mole this Game-Turn (14.12: needed 4-6)";
    }
    said_with_rolls(said, first_roll);
  }
  for (const auto& l : lines) {
    if (l.rfind("build ", 0) != 0) continue;
    const bool cat = l == "build catapult";
    const std::string prefix = cat ? "Cat" : "Ram";
    int n = 1;
    while (engines_.count(prefix + std::to_string(n))) ++n;
    const std::string id = prefix + std::to_string(n);
    engines_[id] =
        Engine{id, cat ? EngineKind::Catapult : EngineKind::Ram, Where::Off, {}, "", 0, 0, {}, 0};
    say("the Macedonian builds " + std::string(cat ? "a catapult" : "a battering ram") + ", " + id +
        ", in the siege park (14.21)");
  }
}

// 14.32: a ship repaired last Game-Turn returns at full strength.
void Board::return_repaired_ships() {
  for (auto& [id, s] : ships_) {
    if (!s.repairing) continue;
    s.repairing = false;
    s.damaged = false;
    if (const auto h = free_home_hex(Side::Tyrian)) {
      s.on_map = true;
      s.hex = *h;
      s.facing = Dir::N;
      say(id + " returns from repair at full strength, at " + hex::format_hex(*h) + " (14.32)");
    }
  }
}

void Board::tyrian_engineering(const std::string& line) {
  const auto w = text::split(line);
  if (w.size() == 3 && w[1] == "ship") {
    Ship& s = ships_.at(std::string(w[2]));
    s.repairing = true;
    s.on_map = false;
    free_pin(s);
    say(s.id + " is taken out of the water for repair; it returns next Game-Turn (14.32)");
  } else if (w.size() == 2 && w[0] == "boulders") {
    const HexId h = *hex::parse_hex(w[1]);
    boulders_.insert(h);
    say("boulders are dropped into the beach at " + hex::format_hex(h) +
        ": +2 to its grounding number (14.31)");
  } else if (w.size() == 3 && w[1] == "wall") {
    repair_wall(*hex::parse_hex(w[2]));
  }
}

// 7.3: one roll on the Wall Repair Table per Engineer Point.
void Board::repair_wall(HexId h) {
  const int roll = dice_->roll(6, "wall repair at " + hex::format_hex(h));
  const int before = walls_.count(h) ? walls_[h] : 0;
  const int after = std::max(0, before - sc_->siege.repair(roll));  // 7.32: never negative
  if (after == 0)
    walls_.erase(h);
  else
    walls_[h] = after;
  said_with_last_roll("wall repair at " + hex::format_hex(h) + ": breach damage " +
                      std::to_string(before) + " -> " + std::to_string(after) + " (7.7)");
}

Expected<std::string> Board::strategic_line(Side side, const std::string& line,
                                            std::set<std::string>& ordered) {
  const auto w = text::split(line, " \t,:");
  if (w.size() >= 2 && text::lower(w[0]) == "load" && (w.size() == 4 && text::lower(w[2]) == "on"))
    return load_line(side, std::string(w[1]), std::string(w[3]), ordered);
  if (w.size() >= 2 && text::lower(w[0]) == "unload") return unload_line(side, w, ordered);
  if (w.size() == 3 && (text::lower(w[1]) == "at" || text::lower(w[1]) == "to")) {
    const std::string id = piece_id(w[0]);
    if (id.empty() || piece_side(id) != side)
      return fail(cited("you have no piece '" + std::string(w[0]) + "'", order_notation()));
    if (!ordered.insert(id).second)
      return fail(cited("a second order for " + id, order_notation()));
    const auto h = hex::parse_hex(w[2]);
    if (!h) return fail("'" + std::string(w[2]) + "' is not a hex " + order_notation());
    if (side == Side::Macedonian) return relocate_macedonian(id, *h);
    return tyrian_strategic(id, *h);
  }
  return fail(side == Side::Macedonian
                  ? "strategic movement: 'load PIECE on SHIP', 'unload PIECE [at HEX]', 'PIECE: at "
                    "HEX' (towers and fire units, 13.15, 9.17)"
                  : "strategic movement: 'UNIT: to HEX' (twice the allowance, 9.16), 'CATAPULT: "
                    "at HEX' (9.17), 'load Azemilk on SHIP' (16.42)");
}

// 8.1, 8.2, 9.16: loading in the mainland harbour during strategic movement.
Expected<std::string> Board::load_line(Side side, const std::string& word,
                                       const std::string& ship_word,
                                       std::set<std::string>& ordered) {
  const std::string id = piece_id(word);
  const std::string sid = text::upper(ship_word);
  if (id.empty() || piece_side(id) != side)
    return fail(cited("you have no piece '" + word + "'", order_notation()));
  const auto s = ships_.find(sid);
  if (s == ships_.end() || s->second.side != side || s->second.sunk || !s->second.on_map)
    return fail(cited("you have no ship " + sid + " on the map", "9.16, 13.23"));
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  if (!home_hex(side, s->second.hex))
    return fail(sid + " is not in a " +
                std::string(side == Side::Tyrian ? "Tyrian harbour" : "mainland harbour hex") +
                " (9.16, 13.23)");
  if (auto why = load_problem(id, s->second)) return fail(*why);
  if (auto u = units_.find(id); u != units_.end()) {
    u->second.at = Where::Ship;
    u->second.ship = sid;
  } else if (auto e = engines_.find(id); e != engines_.end()) {
    e->second.at = Where::Ship;
    e->second.ship = sid;
  } else if (leaders_.count(id)) {
    set_aboard_naval(id, sid);
  } else {
    auto& l = lleaders_.at(id);
    l.at = Where::Ship;
    l.ship = sid;
  }
  return "load " + id + " on " + sid;
}

std::optional<std::string> Board::load_problem(const std::string& id, const Ship& s) const {
  const Cargo c = cargo(s.id);
  const int leaders = static_cast<int>(c.leaders.size()) + naval_leaders_aboard(s.id);
  if (auto u = units_.find(id); u != units_.end()) {
    if (plan_ != Plan::Assault) return "land units go aboard only for an assault (8.12)";
    if (u->second.at != Where::Hex || !on_mainland(u->second.hex))
      return id + " is not on the mainland (9.16)";
    const std::size_t room = s.damaged ? 1 : 2;  // 8.21 and the addenda
    if (c.units.size() >= room)
      return s.id + " carries " + std::to_string(room) + " land unit(s) at most (8.21)";
    return std::nullopt;
  }
  if (auto e = engines_.find(id); e != engines_.end()) {
    if (e->second.kind == EngineKind::Tower || e->second.kind == EngineKind::TyrianCatapult)
      return id + " cannot go aboard a ship (13.0)";
    if (e->second.at != Where::Off) return cited(id + " is not in the siege park", "8.11, 14.21");
    if (plan_ != Plan::Bombard) return "catapults and rams go aboard only to bombard (8.22)";
    if (s.damaged) return "only a full-strength ship carries a catapult or ram (8.11)";
    if (!c.engines.empty() || leaders > 0) return s.id + " already carries one load (8.11)";
    return std::nullopt;
  }
  const bool naval = leaders_.count(id) > 0;
  const auto l = lleaders_.find(id);
  if (naval && leaders_.at(id).drowned) return cited(id + " is dead", "16.41");
  // 8.0, 16.42: a naval leader changes ships in strategic movement, from a
  // ship in a home port (a fleet yet to arrive brings its leaders, 17.21).
  if (naval && !leaders_.at(id).ship.empty()) {
    const Ship& from = ships_.at(leaders_.at(id).ship);
    if (!from.on_map || from.sunk || !home_hex(from.side, from.hex))
      return id + " is aboard " + from.id + ", which is not in a home port (8.0, 16.42)";
  } else if (naval && (l == lleaders_.end() || l->second.at != Where::Hex)) {
    return cited(id + " is neither aboard a ship nor ashore", "8.0, 16.42");
  }
  if (!naval && l->second.at != Where::Hex) return cited(id + " is not ashore", "9.16");
  if (l != lleaders_.end() && l->second.at == Where::Hex && !on_mainland(l->second.hex) &&
      s.side == Side::Macedonian)
    return id + " is not on the mainland (9.16)";
  if (!naval && plan_ != Plan::Assault && s.side == Side::Macedonian)
    return "land leaders go aboard only for an assault (8.12)";
  if (s.side == Side::Macedonian && plan_ == Plan::Bombard && (!c.engines.empty() || leaders > 0))
    return s.id + " already carries one load (8.11)";
  if (leaders > 0 && !(naval && leaders_.at(id).ship == s.id))
    return s.id + " already carries a leader (8.21)";
  return std::nullopt;
}

Expected<std::string> Board::unload_line(Side side, const std::vector<std::string_view>& w,
                                         std::set<std::string>& ordered) {
  const std::string id = piece_id(w[1]);
  if (id.empty() || piece_side(id) != side)
    return fail(cited("you have no piece '" + std::string(w[1]) + "'", order_notation()));
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  if (auto e = engines_.find(id); e != engines_.end() && w.size() == 2) {
    if (e->second.at != Where::Ship) return fail(cited(id + " is not aboard a ship", "8.1"));
    if (!home_hex(side, ships_.at(e->second.ship).hex))
      return fail(cited(e->second.ship + " is not in the mainland harbour", "7.16, 9.16"));
    e->second.at = Where::Off;
    e->second.ship.clear();
    return "unload " + id;
  }
  if (w.size() != 4 || text::lower(w[2]) != "at")
    return fail("'unload UNIT at HEX' (or 'unload CATAPULT') " + order_notation());
  const auto h = hex::parse_hex(w[3]);
  const auto u = units_.find(id);
  const auto l = lleaders_.find(id);
  const std::string ship = u != units_.end()      ? u->second.ship
                           : l != lleaders_.end() ? l->second.ship
                                                  : "";
  if (ship.empty() || (u != units_.end() && u->second.at != Where::Ship) ||
      (l != lleaders_.end() && l->second.at != Where::Ship))
    return fail(cited(id + " is not aboard a ship", "8.2"));
  if (!h || !on_mainland(*h) || terrain(*h) == Terrain::Mole)
    return fail("land units go ashore on the mainland (9.16)");
  if (!home_hex(side, ships_.at(ship).hex))
    return fail(cited(ship + " is not in the mainland harbour", "9.16"));
  place_piece(id, *h);
  return "unload " + id + " at " + hex::format_hex(*h);
}

// 13.15, 9.17, 14.12: towers and fire units anywhere on the mainland or the
// mole; after the mole has grown, one other unit into a tower's hex.
Expected<std::string> Board::relocate_macedonian(const std::string& id, HexId h) {
  if (!on_mainland(h))
    return fail(hex::format_hex(h) + " is not on the mainland or the mole (13.15)");
  const auto u = units_.find(id);
  const auto e = engines_.find(id);
  const bool tower = e != engines_.end() && e->second.kind == EngineKind::Tower;
  const bool fire = u != units_.end() && u->second.t.kind != UnitKind::Melee;
  if (!tower && !fire) {
    if (u == units_.end() || !mole_grew_ || relocated_melee_ || !has_tower(h))
      return fail(
          "only siege towers and fire units relocate in strategic movement (13.15, 9.17); "
          "after the mole grows, one unit may join a tower (14.12)");
    relocated_melee_ = true;
  }
  if ((u != units_.end() && u->second.at != Where::Hex) ||
      (e != engines_.end() && e->second.at != Where::Hex))
    return fail(cited(id + " is not on the mainland", "13.15, 9.17"));
  place_piece(id, h);
  return id + ": at " + hex::format_hex(h);
}

Expected<std::string> Board::tyrian_strategic(const std::string& id, HexId h) {
  if (auto e = engines_.find(id); e != engines_.end()) {
    if (!is_island(terrain(h)) || terrain(h) == Terrain::Beach)
      return fail("Tyrian catapults go anywhere on or within the walls (9.17, 13.43)");
    if (e->second.at == Where::Dead) return fail(cited(id + " has been destroyed", "14.22"));
    place_piece(id, h);
    return id + ": at " + hex::format_hex(h);
  }
  if (auto l = lleaders_.find(id); l != lleaders_.end() && l->second.at == Where::Ship) {
    // King Azemilk goes ashore from his ship in a Tyrian harbour.
    const HexId from = ships_.at(l->second.ship).hex;
    if (hex::distance(from, h) != 1 || !is_island(terrain(h)))
      return fail(cited(id + " goes ashore into a land hex next to his ship", "9.16, 16.42"));

    set_aboard_naval(id, "");
    place_piece(id, h);
    return id + ": at " + hex::format_hex(h);
  }
  // 9.16: land units move up to twice their allowance, without leaders.
  auto path = land_path(id, h, /*strategic=*/true);
  if (!path) return fail(path.error().message);
  execute_land_move(id, *path);
  return id + ": to " + hex::format_hex(h);
}

}  // namespace naumachia::tyre
