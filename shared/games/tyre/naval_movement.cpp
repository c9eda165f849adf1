// Tyre: naval movement (5.0), ramming (6.1), grounding (9.31), the booms
// (9.32) and the fireship (14.4).
#include <algorithm>

#include "core/galley.h"
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

// 4.0 §2A, §2B: the moving side orders if it has a ship afloat, on the map
// or able to enter (17.22).
bool Board::has_ship_to_move(Side s) const {
  return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
    return p.second.side == s && !p.second.sunk &&
           (p.second.on_map || arrived_.count(p.second.fleet));
  });
}

// "T7: turn R, move 3": one ship's movement actions in the segment.
Expected<std::string> Board::ship_line(Side side, const std::string& line,
                                       std::set<std::string>& ordered) {
  auto parts = split_line(line);
  if (!parts) return fail(parts.error().message);
  const auto& [id, rest] = *parts;
  Ship* s = own_ship(side, id);
  if (!s) return fail(ship_problem(side, id));
  if (!ordered.insert(id).second) return fail(cited("a second order for " + id, order_notation()));
  auto parsed = galley::parse_actions(id, rest, parse_action, order_notation());
  if (!parsed) return unexpected(parsed.error());
  std::vector<Action>& actions = *parsed;
  if (auto why = move_ship(*s, actions)) return fail(*why);
  return galley::format_order(id, actions, format_action);
}

// 9.32: a full-strength Macedonian ship next to a boom and to no Tyrian
// ship through one complete impulse destroys it.
void Board::check_booms() {
  for (auto& [id, s] : ships_) {
    if (s.side != Side::Macedonian || !s.on_map || s.sunk) continue;
    std::string watching;
    for (const Harbour& h : sc_->map.harbours()) {
      if (!booms_[h.name] || s.damaged || next_to_tyrian(s.hex)) continue;
      for (const HexId b : h.booms) {
        if (hex::distance(b, s.hex) == 1) watching = h.name;
      }
    }
    if (!watching.empty() && s.boom_watch == watching) {
      booms_[watching] = false;
      say(s.id + " has held the " + watching +
          " boom for a whole impulse: the boom is destroyed (9.32)");
      watching.clear();
    }
    s.boom_watch = watching;
  }
}

bool Board::next_to_tyrian(HexId h) const {
  return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
    return p.second.side == Side::Tyrian && p.second.on_map && !p.second.sunk &&
           hex::distance(p.second.hex, h) == 1;
  });
}

bool Board::broken_boom_at(HexId h) const {
  const Harbour* hb = sc_->map.harbour_of(h);
  return hb && hb->booms.count(h) && !booms_.at(hb->name);
}

int Board::half(int printed) const {
  return printed / 2;
}  // 5.23: fractions rounded down

int Board::allowance(const Ship& s, bool ramming) const {
  const ShipValues& v = values(s);
  const int full = ramming ? v.ramming_speed : v.speed;
  const bool slowed = s.exhausted_in == abs_impulse() || s.disrupted_in == abs_impulse();
  return slowed ? half(full) : full;  // 5.21, 6.32; halved once only (5.23)
}

// Why a ship of `side` may not enter `h`, or "".
std::string Board::entry_problem(Side side, HexId h) const {
  if (!sc_->map.on_map(h)) return cited("hex " + hex::format_hex(h) + " is off the map", "5.0");
  if (!navigable(h))
    return "hex " + hex::format_hex(h) + " is " + Map::name(sc_->map.terrain(h)) +
           ", not water (5.0)";
  if (const Ship* o = ship_at(h))
    return "hex " + hex::format_hex(h) + " is occupied by " + o->id + " (5.22)";
  if (side == Side::Macedonian && sc_->map.terrain(h) == Terrain::Boom && !broken_boom_at(h)) {
    return "Macedonian ships may not cross the boom at " + hex::format_hex(h) +
           " until it is destroyed (9.32, 9.28)";
  }
  return "";
}

bool Board::is_disrupted(const Ship& s) const {
  return s.disrupted_in == abs_impulse();
}

// Executes (or, in Mode::Check, checks assuming every roll goes well) a
// ship's movement actions. Returns why it cannot, or nullopt.
std::optional<std::string> Board::move_ship(Ship& s, const std::vector<Action>& actions) {
  std::size_t i = 0;
  if (actions[0].kind == Action::Enter) return enter_and_move(s, actions);
  if (!s.on_map) return s.id + " is not on the map: it must 'enter HEX facing DIR' first (17.22)";
  if (!s.pinned_with.empty()) {
    if (actions[0].kind != Action::Unpin)
      return s.id + " is pinned to " + s.pinned_with + ": it must 'unpin' first (6.16, 6.33)";
    if (is_disrupted(s)) return s.id + " is disrupted and may not try to unpin (6.17)";
    if (executing() && !try_unpin(s)) return std::nullopt;
    if (!executing()) free_pin(s);
    ++i;
  } else if (actions[0].kind == Action::Unpin) {
    return cited(s.id + " is not pinned", "6.16");
  }
  if (i == actions.size()) return std::nullopt;
  if (auto why = command_problem_for(s)) return why;
  if (actions[i].kind == Action::Back) return move_back(s, actions, i);
  return move_forward(s, actions, i);
}

std::optional<std::string> Board::enter_and_move(Ship& s, const std::vector<Action>& actions) {
  if (s.on_map) return cited(s.id + " is already on the map", "17.22");
  const Action& e = actions[0];
  if (s.fireship) {
    const Harbour* hb = sc_->map.harbour_of(e.hex);
    if (!hb || !hb->inside.count(e.hex))
      return "the fireship is launched from a Tyrian harbour (14.41)";
    if (fireship_used_) return "the fireship is launched once per game (14.41)";
    fireship_used_ = true;
  } else if (s.repairing) {
    return s.id + " is under repair (14.32)";
  } else {
    if (!arrived_.count(s.fleet))
      return "the " + fleet_name(s.fleet) + " fleet has not arrived (17.21)";
    const auto edge = sc_->map.north_edge();
    if (std::find(edge.begin(), edge.end(), e.hex) == edge.end())
      return "reinforcements enter on a sea hex of the north edge, row 01 (17.22)";
  }
  if (auto why = entry_problem(s.side, e.hex); !why.empty()) return why;
  s.on_map = true;
  s.hex = e.hex;
  s.facing = e.facing;
  stepped(s.id, e.hex, e.hex);
  if (executing())
    say(s.id + " enters at " + hex::format_hex(e.hex) + " facing " + hex::name(e.facing));
  // Entering costs the first hex's Movement Point (5.0).
  std::vector<Action> rest(actions.begin() + 1, actions.end());
  if (rest.empty()) return std::nullopt;
  if (rest[0].kind == Action::Back || rest[0].kind == Action::Unpin ||
      rest[0].kind == Action::Enter)
    return cited("after entering, a ship may only turn, move or ram", "5.0, 5.24, 17.22");
  return move_forward(s, rest, 0, 1);
}

bool Board::try_unpin(Ship& s) {
  // 6.16: the rammed ship frees itself on 1-2, the rammer on 1-4.
  const int need = s.rammer ? 4 : 2;
  const std::size_t first_roll = rolls_so_far();
  const int roll = dice_->roll(6, s.id + " tries to break free of " + s.pinned_with);
  std::string said;
  if (roll <= need) {
    said = s.id + " breaks free of " + s.pinned_with + " (6.16: needed 1-" + std::to_string(need) +
           ")";
    free_pin(s);
    said_with_rolls(said, first_roll);
    return true;
  }
  said = s.id + " stays pinned to " + s.pinned_with + " (6.16: needed 1-" + std::to_string(need) +
         ") and does not move";
  said_with_rolls(said, first_roll);
  return false;
}

void Board::free_pin(Ship& s) {
  if (s.pinned_with.empty()) return;
  const auto other = ships_.find(s.pinned_with);
  if (other != ships_.end()) {
    other->second.pinned_with.clear();
    other->second.rammer = false;
  }
  s.pinned_with.clear();
  s.rammer = false;
}

namespace {

// Tyre's galleys on the shared toolkit (core/galley.h).
const galley::Rules kGalleys{
    1,  // 5.13: a hexside turned costs one Movement Point
    1,  // 5.12: one hexside before moving, then one per hex entered
    3,  // 5.24: up to three hexes straight back
    3,  // 6.11: a rammer begins at least three hexes from its target
    1,  // 6.12: a rammer turns at most one hexside in its whole attempt
    2,  // 6.12: and at least two hexes from its target
};

galley::Pose pose(const Ship& s) {
  return {s.hex, s.facing};
}

}  // namespace

std::optional<std::string> Board::move_back(Ship& s, const std::vector<Action>& actions,
                                            std::size_t i) {
  // 5.24: up to three hexes straight back, for the whole allowance; no ram, no turn.
  if (actions.size() != i + 1)
    return "moving backwards is the ship's only action in the segment (5.24)";
  const int n = actions[i].n;
  if (galley::backing_problem(kGalleys, n)) return "a ship moves back at most three hexes (5.24)";
  const auto backed = [&] {
    if (executing())
      say(s.id + " backs water " + std::to_string(n) + " hex(es) to " + hex::format_hex(s.hex) +
          " (5.24)");
  };
  for (int k = 0; k < n; ++k) {
    const HexId next = galley::astern(pose(s));
    if (auto why = entry_problem(s.side, next); !why.empty()) return why;
    stepped(s.id, s.hex, next);
    s.hex = next;
    if (!enter_effects(s, backed)) return std::nullopt;
  }
  backed();
  return std::nullopt;
}

// 9.31: a ship not carrying land units may pay two Movement Points to enter
// 2801, 2901 or 3001 without a grounding roll. Rules version 1 let a
// transport do it too (docs/rules/tyre.md, "Rules versions").
bool Board::may_circumnavigate(const Ship& s, HexId h) const {
  if (!sc_->map.circumnavigation(h)) return false;
  if (!from_rules(2) || !siege_) return true;
  const Cargo c = cargo(s.id);
  return c.units.empty() && c.engines.empty();
}

std::optional<std::string> Board::move_forward(Ship& s, const std::vector<Action>& actions,
                                               std::size_t i, int spent_before) {
  const bool ramming = actions.back().kind == Action::Ram;
  if (ramming && s.exhausted_in == abs_impulse())
    return s.id + " is exhausted and may not use ramming speed (5.21)";
  if (ramming && is_disrupted(s)) return s.id + " is disrupted and may not ram (6.32, addenda)";
  const Ship* target = nullptr;
  if (ramming) {
    const auto t = ships_.find(actions.back().target);
    if (t == ships_.end() || t->second.sunk || !t->second.on_map)
      return cited("there is no ship " + actions.back().target + " on the map to ram", "6.13");
    if (t->second.side == s.side) return cited("a ship may not ram a friendly ship", "6.13");
    if (t->second.fireship) return "the fireship may not be rammed (14.42)";
    if (siege_ && transporting(s)) return s.id + " is transporting and may not ram (8.0)";
    target = &t->second;
    if (galley::ram_start_problem(kGalleys, s.hex, target->hex))
      return s.id + " must begin its movement at least three hexes from " + target->id +
             " to ram it (6.11)";
  }
  const int mpa = allowance(s, ramming);
  galley::Course course(kGalleys, pose(s), mpa, spent_before,
                        target ? std::optional<galley::Pose>(pose(*target)) : std::nullopt);
  const HexId start = s.hex;
  const std::string out_of_points =
      s.id + " has only " + std::to_string(mpa) + " Movement Points here (5.2)";
  const auto moved = [&] {
    const int spent = course.spent();
    if (executing() && (course.moved() || spent > spent_before)) {
      say(s.id + " moves from " + hex::format_hex(start) + " to " + hex::format_hex(s.hex) +
          ", facing " + hex::name(s.facing) + " (" + std::to_string(spent) + " of " +
          std::to_string(mpa) + " MP" + (ramming ? ", ramming speed" : "") + ")");
    }
  };
  for (; i < actions.size(); ++i) {
    const Action& a = actions[i];
    if (a.kind == Action::Turn) {
      if (const auto refusal = course.turn(a.n)) {
        switch (*refusal) {
          case galley::Refusal::TurnsPerHex:
            return s.id + " may turn only one hexside per hex entered (5.12)";
          case galley::Refusal::RamTurns:
            return "a ramming ship turns at most one hexside in its whole attempt (6.12)";
          case galley::Refusal::RamTurnTooClose:
            return "a ramming ship's turn must be made at least two hexes from its target (6.12)";
          default:
            return out_of_points;
        }
      }
      s.facing = course.pose().facing;
    } else if (a.kind == Action::Move) {
      for (int k = 0; k < a.n; ++k) {
        const HexId next = galley::ahead(course.pose());
        if (auto why = entry_problem(s.side, next); !why.empty()) return why;
        const bool careful = may_circumnavigate(s, next) && course.remaining() >= 2;  // 9.31
        if (course.advance(careful ? 2 : 1))
          return s.id + " has only " + std::to_string(mpa) + " Movement Points here (" +
                 (ramming ? "ramming" : "normal") + " speed; 5.2)";
        stepped(s.id, s.hex, course.pose().hex);
        s.hex = course.pose().hex;
        if (!careful && !enter_effects(s, moved)) return std::nullopt;
      }
    } else if (a.kind == Action::Ram) {
      if (i + 1 != actions.size()) return "'ram' ends a ship's movement (6.14)";
    } else {
      return cited("'" + format_action(a) + "' must come first in a ship's order",
                   order_notation());
    }
  }
  moved();
  if (ramming) {
    if (auto why = ram_position_problem(s, *target)) return why;
    if (executing()) ram(s, ships_.at(target->id));
    s.exhausted_in = abs_impulse() + 1;  // 5.21, 6.15
  }
  if (executing() && s.fireship && !s.sunk) fireship_reaches_towers(s);
  return std::nullopt;
}

// 6.13 and the addenda: the rammer ends next to its target, facing it, in
// one of the target's four broadside hexes (not dead ahead or astern).
std::optional<std::string> Board::ram_position_problem(const Ship& s, const Ship& t) const {
  switch (galley::ram_geometry(pose(s), pose(t))) {
    case galley::RamGeometry::Ok:
      return std::nullopt;
    case galley::RamGeometry::NotAdjacent:
      return s.id + " must end its movement next to " + t.id + " to ram it (6.13)";
    case galley::RamGeometry::NotFacing:
      return s.id + " must face " + t.id + " to ram it (6.13)";
    case galley::RamGeometry::BowOrStern:
      return s.id + " is at " + t.id + "'s bow or stern, not its broadside (6.13, addenda)";
  }
  return std::nullopt;
}

// Grounding on beaches (9.31). Returns false if the ship was lost. From rules
// version 2 boulders add two to the grounding number for every ship that
// enters (14.31); version 1 counted them only for a landing (8.31).
bool Board::enter_effects(Ship& s, const std::function<void()>& moved) {
  const auto printed = sc_->map.grounding(s.hex);
  if (!printed || sc_->map.terrain(s.hex) != Terrain::Beach) return true;
  const bool boulders = from_rules(2) && boulders_.count(s.hex);
  const int g = *printed + (boulders ? 2 : 0);
  if (g == 0) return true;
  if (!executing()) return true;
  const std::size_t first_roll = rolls_so_far();
  const int roll = dice_->roll(6, "grounding of " + s.id + " at " + hex::format_hex(s.hex));
  std::string said;
  const std::string cases = boulders ? "9.31, 14.31 boulders" : "9.31";
  if (roll <= g) {
    // From rules version 3 the movement line comes first, then its end
    // aground (9.31); earlier versions reported the wreck alone, as their
    // replays must.
    if (moved && from_rules(3)) moved();
    said = s.id + " runs aground at " + hex::format_hex(s.hex) + " and is destroyed (" + cases +
           ": " + std::to_string(roll) + " <= grounding " + std::to_string(g) + ")";
    said_with_rolls(said, first_roll);
    sink(s);
    return false;
  }
  said = s.id + " enters the beach at " + hex::format_hex(s.hex) + " safely (" + cases + ")";
  said_with_rolls(said, first_roll);
  return true;
}

void Board::ram(Ship& s, Ship& t) {
  RamModifiers mods;
  mods.attacker_leader = best_leader(s, &Leader::ram);
  mods.defender_leader = best_leader(t, &Leader::ram);
  mods.defender_damaged = t.damaged;
  mods.defender_transporting = siege_ && transporting(t);
  const std::size_t before = dice_->log().size();
  const RamEffect effect = sc_->tables.ram(s.type, t.type, mods, *dice_, s.id + " on " + t.id);
  Event e;
  e.rolls.assign(dice_->log().begin() + static_cast<long>(before), dice_->log().end());
  e.text = s.id + " (" + type_name(s.type) + ") rams " + t.id + " (" + type_name(t.type) + ")";
  if (mods.attacker_leader || mods.defender_leader) {
    e.text += " [leaders: +" + std::to_string(mods.attacker_leader) + " -" +
              std::to_string(mods.defender_leader) + " on the first roll, 16.22]";
  }
  e.text += std::string(": ") + effect_name(effect) + " (6.4)";
  events_->push_back(std::move(e));
  if (s.fireship) return fireship_rams(s, t, effect);
  switch (effect) {
    case RamEffect::None:
      break;
    case RamEffect::Pinned:
      free_pin(t);
      free_pin(s);
      t.pinned_with = s.id;
      s.pinned_with = t.id;
      s.rammer = true;
      break;
    case RamEffect::Damaged:
      damage(t);
      break;
    case RamEffect::Sunk:
      sink(t);
      break;
  }
}

// 14.42, 14.43: a successful ram by the fireship burns both ships; any
// attempt ends it.
void Board::fireship_rams(Ship& f, Ship& t, RamEffect effect) {
  if (effect != RamEffect::None) {
    say("the fireship sets " + t.id + " ablaze (14.42)");
    sink(t);
  }
  f.sunk = true;
  say("the fireship is spent (14.43)");
}

// 14.42: the fireship ending its movement next to siege towers burns them.
void Board::fireship_reaches_towers(Ship& f) {
  bool burnt = false;
  for (auto& [id, e] : engines_) {
    if (e.kind == EngineKind::Tower && e.at == Where::Hex && hex::distance(e.hex, f.hex) == 1) {
      e.at = Where::Dead;
      burnt = true;
      say("the fireship burns the siege tower " + id + " (14.42)");
    }
  }
  if (burnt) {
    f.sunk = true;
    say("the fireship is spent (14.43)");
  }
}

}  // namespace naumachia::tyre
