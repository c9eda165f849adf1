// Constantinople: naval movement by oar (14.1) and by sail (14.2), arrival
// (19.1), shoals (15.53), the Boom in movement (14.27, 15.61, 15.64), drift
// (14.26, 15.65) and breaking free (15.16). A move is carried out hex by hex:
// a shoal roll or a ram falls where the ship is when it happens.
#include <algorithm>

#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

// 14.13: oar ships turn one hexside per hex entered, for nothing; a rammer
// starts three hexes away and turns once, two or more hexes short (15.11, 15.12).
const galley::Rules kOar{0, 1, 0, 3, 1, 2, 0};
// 14.25: sail ships turn one hexside free per hex, a second for one point.
const galley::Rules kSail{0, 2, 0, 3, 1, 2, 1};

galley::Pose pose(const Ship& s) {
  return {s.hex, s.facing};
}

}  // namespace

bool Board::has_movers(Side side) const {
  for (const auto& [id, s] : ships_) {
    if (s.side != side || s.sunk) continue;
    if (s.on_map) return true;
    const auto late = sc_->arrives.find(id);
    if (late == sc_->arrives.end() || (turn_ >= late->second && favourable_wind())) return true;
  }
  return false;
}

Expected<std::string> Board::move_line(Side side, const std::string& line,
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
  // 15.11: a ram is made at Battle Speed; the canonical order says so.
  if (actions.back().kind == Action::Ram &&
      std::none_of(actions.begin(), actions.end(),
                   [](const Action& a) { return a.kind == Action::Battle; })) {
    std::size_t at = 0;
    while (at < actions.size() &&
           (actions[at].kind == Action::Free || actions[at].kind == Action::Enter ||
            actions[at].kind == Action::Oar))
      ++at;
    actions.insert(actions.begin() + static_cast<long>(at), Action{Action::Battle});
  }
  if (auto why = move_ship(*s, actions)) return fail(*why);
  return galley::format_order(id, actions, format_action);
}

// The mover's order lines, in order; then the sail ships he did not order
// (14.21: momentum), the Boom breakers (15.64) and Boom control (15.61).
void Board::play_moves(const Orders& orders) {
  const Side side = mover();
  std::set<std::string> ordered;
  std::vector<std::string> breakers;
  for (const std::string& line : orders_of(orders, side).lines) {
    const auto r = move_line(side, line, ordered);
    if (!r) {
      say("order '" + line + "' could not be carried out: " + r.error().message);
      continue;
    }
    if (r->find("break boom") != std::string::npos) breakers.push_back(split_line(*r)->first);
  }
  for (auto& [id, s] : ships_) {
    if (s.side != side || !afloat(s) || ordered.count(id)) continue;
    if (s.prop == Propulsion::Sail || s.to_sail) {
      if (auto why = move_ship(s, {})) say(id + ": " + *why);
    } else {
      s.hexes_last = 0;
    }
  }
  for (const std::string& id : breakers) {
    Ship& s = ships_.at(id);
    if (!afloat(s) || boom_broken_ || break_boom(s)) continue;
    boom_broken_ = true;
    say(id +
        " has spent its Movement Segment at the Boom unopposed: the Boom is broken and "
        "no longer exists (15.64)");
  }
  update_boom_control();
}

// Why `s` may not go from `from` into the adjacent `to`, or "".
std::string Board::entry_problem(const Ship& s, HexId from, HexId to) const {
  if (auto why = passage_problem(s, from, to); !why.empty()) return why;
  const Map& m = sc_->map;
  if (const Ship* o = ship_at(to, s.id)) {
    if (o->side == s.side) {
      if (s.side == Side::Ottoman && to == m.anchorage()) return "";  // 14.19
      return "hex " + hx(to) + " is occupied by " + o->id + " (14.19: one ship a hex)";
    }
    if (at_anchor(*o)) return "hex " + hx(to) + " is the Ottoman anchorage (14.19)";
    const auto side = galley::aspect(pose(*o), from);
    if (side == galley::Aspect::Broadside)
      return s.id + " may pass through " + o->id + "'s hex only across its bow or stern (14.15)";
  }
  return "";
}

// The map and the booms, whoever is in the way.
std::string Board::passage_problem(const Ship& s, HexId from, HexId to) const {
  const Map& m = sc_->map;
  if (!m.on_map(to)) return "hex " + hx(to) + " is off the map (a ship leaving it is lost, 14.27)";
  if (!m.enterable(to))
    return "hex " + hx(to) + " is " + Map::terrain_name(m.at(to)) +
           ": ships enter only sea and coastal hexes (14.11)";
  if (const auto b = m.boom(from, to)) {
    if (*b == BoomKind::Permanent) {
      if (s.side != Side::Byzantine)
        return "only Byzantine ships cross the southern booms (15.6), between " + hx(from) +
               " and " + hx(to);
    } else if (!boom_broken_) {
      if (*b == BoomKind::Closed)
        return "the Boom closes the hexside between " + hx(from) + " and " + hx(to) +
               ": passage is through 3429 and 3430 only (15.61)";
      if (s.side != boom_owner_)
        return std::string("only the player controlling the Boom (") + side_name(boom_owner_) +
               ") passes it (15.61)";
    }
  }
  if (s.side == Side::Byzantine && to == m.anchorage())
    return "hex " + hx(to) + " is the Ottoman anchorage (14.19)";
  return "";
}

// 15.53: entering a numbered hex takes a roll higher than the number; a
// Byzantine ship entering a 14.29 haven does not roll. False if the ship is lost.
bool Board::enter_hex(Ship& s, HexId to, const std::function<void()>& moved) {
  s.hex = to;
  note_occupant(s);
  const int n = sc_->map.at(to).shoal;
  if (n == 0 || !executing()) return true;
  if (s.side == Side::Byzantine && sc_->map.haven(to)) return true;
  const int r = roll(6, "shoals: " + s.id + " entering " + hx(to));
  if (r <= n) {
    // From rules version 2 the movement line comes first, then its end on
    // the shoals (15.53); version 1 reported the wreck alone, as its replays
    // must.
    if (moved && from_rules(2)) moved();
    said_with_last_roll(s.id + " strikes the shoals at " + hx(to) + " (15.53: rolled " +
                        std::to_string(r) + ", needed more than " + std::to_string(n) + ")");
    sink(s, "wrecked on the shoals, 15.53");
    return false;
  }
  said_with_last_roll(s.id + " passes the shoals at " + hx(to) + " safely (15.53: rolled " +
                      std::to_string(r) + ", more than " + std::to_string(n) + ")");
  return true;
}

void Board::note_occupant(const Ship& s) {
  const auto& c = sc_->map.boom_control();
  if (std::find(c.begin(), c.end(), s.hex) != c.end()) last_in_[s.hex] = s.side;
}

// 15.61: a player controls the Boom once he was the last to occupy all three
// control hexes.
void Board::update_boom_control() {
  if (boom_broken_) return;
  const auto& c = sc_->map.boom_control();
  const Side who = last_in_[c[0]];
  if (who == boom_owner_ || last_in_[c[1]] != who || last_in_[c[2]] != who) return;
  boom_owner_ = who;
  say(std::string("the ") + side_name(who) + " player now controls the Boom: he was last in " +
      hx(c[0]) + ", " + hx(c[1]) + " and " + hx(c[2]) + " (15.61)");
}

// 15.16: the rammed ship frees itself (Damaged) on a 1, the rammer on 1-3.
bool Board::try_free(Ship& s) {
  const int need = s.rammer ? 3 : 1;
  const std::string other = s.engaged;
  const int r = roll(6, s.id + " tries to break free of " + other);
  const std::string range = text::one_to(need);
  if (r > need) {
    said_with_last_roll(s.id + " stays engaged with " + other + " (15.16: rolled " +
                        std::to_string(r) + ", needed " + range + ") and does not move");
    return false;
  }
  said_with_last_roll(s.id + " breaks free of " + other + " (15.16: rolled " + std::to_string(r) +
                      ", needed " + range + ")");
  const bool rammed = !s.rammer;
  release(s);
  if (rammed) damage(s, "breaking free of a ram, 15.16");
  return true;
}

// 15.64: a ship that spends its whole Movement Segment beside a Boom
// hexside with no enemy ship across it destroys the Boom at the end of the
// segment (play_moves).
std::optional<std::string> Board::break_boom(Ship& s) {
  if (boom_broken_) return cited("the Boom is already destroyed", "15.64");
  for (const auto& [a, b] : sc_->map.boom_sides()) {
    if (a != s.hex && b != s.hex) continue;
    const HexId across = a == s.hex ? b : a;
    const Ship* o = ship_at(across);
    if (!o || o->side == s.side) return std::nullopt;
  }
  return s.id + " is not beside a Boom hexside free of enemy ships (15.64)";
}

int Board::oar_allowance(const Ship& s, bool battle) const {
  const Values& v = values(s);
  int a = battle ? v.battle : v.cruise;
  if (!battle && s.battle_in > 0 && s.battle_in == abs_impulse() - 1) a = std::min(a, 1);  // 14.17
  if (s.damaged) a /= 2;                                                                   // 15.34
  if (s.ineffective_in == abs_impulse()) a /= 2;                                           // 15.33
  return a;
}

// 14.22: the capabilities a sail ship may choose this impulse: up one (not
// above the wind's velocity), down two; faster than the wind (or than a
// Damaged ship's halved maximum, 15.34) it must slow, two a time.
std::pair<int, int> Board::sail_range(const Ship& s, bool with_damage) const {
  const int c = s.capability;
  const int wind = std::max(velocity_, 0);
  const int top = s.damaged && with_damage ? values(s).sail / 2 : values(s).sail;
  int hi = c < wind ? c + 1 : c;
  if (c > wind) hi = std::max(wind, c - 2);
  hi = std::min(hi, std::max(top, c - 2));
  return {std::max(0, c - 2), hi};
}

std::optional<std::string> Board::move_ship(Ship& s, std::vector<Action> actions) {
  std::size_t i = 0;
  int spent_before = 0;
  const bool unordered = actions.empty();
  if (!unordered && actions[0].kind == Action::Enter) {
    if (s.on_map) return s.id + " is already on the map: only a ship arriving enters (19.1)";
    const Action& e = actions[0];
    const auto late = sc_->arrives.find(s.id);
    if (late != sc_->arrives.end()) {
      if (turn_ < late->second)
        return s.id + " arrives from Game-Turn " + std::to_string(late->second) + " (19.1)";
      if (!favourable_wind())
        return s.id + " waits for a favourable wind, from the S, SE or SW (19.1)";
    }
    const auto& edge = sc_->map.south_edge();
    if (std::find(edge.begin(), edge.end(), e.hex) == edge.end())
      return "ships arrive in an all-sea hex of the south edge, row " +
             std::to_string(sc_->map.last_row()) + " (19.1)";
    if (const Ship* o = ship_at(e.hex))
      return "hex " + hx(e.hex) + " is occupied by " + o->id + " (14.19)";
    s.on_map = true;
    s.hex = e.hex;
    s.facing = e.facing;
    stepped(s.id, e.hex, e.hex);
    note_occupant(s);
    spent_before = 1;
    if (s.prop == Propulsion::Sail) {
      // 14.21: a sail ship enters with the Wind Velocity as its capability.
      const int top = s.damaged ? values(s).sail / 2 : values(s).sail;
      s.capability = std::min(std::max(velocity_, 0), top);
      if (into_wind(s.facing)) return "a sail ship may not enter facing into the wind (14.24)";
      if (on_wind(s.facing)) spent_before = 2;
    }
    say(s.id + " arrives at " + hx(e.hex) + " facing " + hex::name(e.facing) + " (19.1)");
    s.moved_in = abs_impulse();
    ++i;
  } else if (!s.on_map) {
    return s.id + " is not on the map: it must arrive first ('enter HEX facing DIR', 19.1)";
  }
  if (!s.engaged.empty()) {
    if (unordered) return std::nullopt;
    if (i >= actions.size() || actions[i].kind != Action::Free)
      return s.id + " is engaged with " + s.engaged +
             ": it may only try to break free ('free', 15.16)";
    if (executing() && !try_free(s)) return std::nullopt;
    if (!executing()) release(s);
    ++i;
  } else if (i < actions.size() && actions[i].kind == Action::Free) {
    if (!executing()) return s.id + " is not engaged: only an engaged ship breaks free (15.16)";
    ++i;  // freed since the order was given: it simply moves
  }
  if (i < actions.size() && actions[i].kind == Action::BreakBoom) {
    if (i + 1 != actions.size() || i != 0)
      return "breaking the Boom takes the ship's whole Movement Segment (15.64)";
    if (s.prop == Propulsion::Sail && s.capability > 0)
      return s.id + " is under sail at " + std::to_string(s.capability) +
             " and must spend it (14.21): only a ship under oars or at capability 0 holds "
             "station to break the Boom (15.64)";
    if (auto why = break_boom(s)) return why;
    s.hexes_last = 0;
    return std::nullopt;
  }
  if (s.to_sail) {  // 14.18: the segment after the change, under sail at one
    s.to_sail = false;
    s.prop = Propulsion::Sail;
    s.capability = 1;
    if (i < actions.size() && actions[i].kind == Action::Speed)
      return s.id + " has just set sail: its capability is one this segment (14.18)";
    return move_sail(s, actions, i, spent_before, std::nullopt, true);
  }
  if (s.prop == Propulsion::Sail && i < actions.size() && actions[i].kind == Action::Oar) {
    // 14.18: from sail to oar after a segment of three hexes or fewer.
    if (values(s).cruise == 0) return s.id + " has no oars: Byzantine ships sail (14.0)";
    if (s.hexes_last > 3)
      return s.id + " moved " + std::to_string(s.hexes_last) +
             " hexes last segment: a ship changes to oar after three or fewer (14.18)";
    s.prop = Propulsion::Oar;
    s.capability = 0;
    ++i;
    say(s.id + " takes to the oars (14.18)");
  }
  if (s.prop == Propulsion::Oar) {
    if (unordered) {
      s.hexes_last = 0;
      return std::nullopt;
    }
    return move_oar(s, actions, i, spent_before);
  }
  std::optional<int> speed;
  if (i < actions.size() && actions[i].kind == Action::Speed) speed = actions[i++].n;
  if (unordered) speed = sail_range(s).first;  // an unordered sail ship shortens sail
  if (speed && spent_before > 0)
    return "an arriving sail ship enters with the Wind Velocity as its capability (14.21)";
  return move_sail(s, actions, i, spent_before, speed, spent_before > 0);
}

std::optional<std::string> Board::move_oar(Ship& s, const std::vector<Action>& actions,
                                           std::size_t i, int spent_before) {
  bool battle = false;
  if (i < actions.size() && actions[i].kind == Action::Battle) {
    battle = true;
    ++i;
  }
  if (battle && s.battle_in > 0 && s.battle_in == abs_impulse() - 1)
    return s.id + " used Battle Speed in its last Movement Segment (14.17)";
  bool ramming = !actions.empty() && actions.back().kind == Action::Ram;
  const Ship* target = nullptr;
  if (ramming) {
    const auto t = ships_.find(actions.back().target);
    if (t == ships_.end() || !afloat(t->second)) {
      if (!executing())
        return cited("there is no ship " + actions.back().target + " on the map to ram", "15.13");
      // Lost earlier in the segment: the rammer rows its course without the ram.
      say(s.id + "'s target " + actions.back().target + " is gone: no ram");
      ramming = false;
    } else {
      target = &t->second;
    }
  }
  if (target) {
    if (target->side == s.side) return "a ship may not ram a friendly ship (15.13)";
    if (galley::ram_start_problem(kOar, s.hex, target->hex))
      return s.id + " must start at least three hexes from " + target->id + " to ram it (15.11)";
  }
  const int mpa = oar_allowance(s, battle);
  galley::Course course(kOar, pose(s), mpa, spent_before,
                        target ? std::optional<galley::Pose>(pose(*target)) : std::nullopt);
  const bool moves = std::any_of(actions.begin() + static_cast<long>(i), actions.end(),
                                 [](const Action& a) { return a.kind == Action::Move; });
  const HexId start = s.hex;
  const Dir start_facing = s.facing;
  int entered = spent_before;
  bool to_sail = false, stopped = false;
  HexId last = s.hex;
  const auto rowed = [&] {
    say(s.id + " rows from " + hx(start) + " to " + hx(s.hex) + ", facing " + hex::name(s.facing) +
        " (" + std::to_string(course.spent()) + " of " + std::to_string(mpa) + " MP, " +
        (battle ? "Battle" : "Cruising") + " Speed, 14.16)");
  };
  for (; i < actions.size(); ++i) {
    const Action& a = actions[i];
    if (a.kind == Action::Turn) {
      if (std::abs(a.n) != 1) return "an oar ship turns one hexside at a time (14.13)";
      if (moves && entered == 0)
        return s.id + " must move one hex before changing direction (14.13)";
      if (const auto r = course.turn(a.n)) {
        if (*r == galley::Refusal::RamTurns)
          return "a ramming ship makes at most one 60 degree turn (15.12)";
        if (*r == galley::Refusal::RamTurnTooClose)
          return "a ramming ship's turn must be two or more hexes from its target (15.12)";
        return s.id + " turns one hexside per hex entered (14.13)";
      }
      s.facing = course.pose().facing;
    } else if (a.kind == Action::Move) {
      for (int k = 0; k < a.n && !stopped; ++k) {
        const HexId next = galley::ahead(course.pose());
        if (auto why = blocked_ahead(s, next, last, stopped)) return why;
        if (stopped) break;
        if (course.advance(1))
          return s.id + " has " + std::to_string(mpa) + " Movement Points (" +
                 (battle ? "Battle" : "Cruising") + " Speed, 14.16)";
        ++entered;
        last = s.hex;
        stepped(s.id, s.hex, next);
        if (!enter_hex(s, next, rowed)) return std::nullopt;
      }
      if (stopped) break;
    } else if (a.kind == Action::Ram) {
      if (i + 1 != actions.size()) return "'ram' ends a ship's movement (15.14)";
    } else if (a.kind == Action::Sail) {
      if (i + 1 != actions.size()) return "'sail' ends a ship's movement (14.18)";
      if (values(s).sail == 0) return s.id + " has no sails (14.18)";
      if (entered > 1) return "a ship changing to sail moves at most one hex that segment (14.18)";
      to_sail = true;
    } else {
      return cited("'" + format_action(a) + "' comes first in a ship's order", order_notation());
    }
  }
  if (const Ship* o = ship_at(s.hex, s.id); o && o->side != s.side)
    return s.id + " may not stop in " + o->id + "'s hex (14.15)";
  if (battle) s.battle_in = abs_impulse();
  s.hexes_last = entered;
  if (entered > 0) s.moved_in = abs_impulse();
  if (course.moved())
    rowed();
  else if (s.facing != start_facing)
    say(s.id + " turns in place to face " + hex::name(s.facing) + " (14.26)");
  if (to_sail) {
    s.to_sail = true;
    say(s.id + " makes sail: it moves under sail at one from its next segment (14.18)");
  }
  if (ramming && !stopped) {
    const Ship& t = *target;
    if (auto why = ram_problem(s, t)) {
      if (!executing()) return why;
      say(s.id + " cannot ram " + t.id + ": " + *why);  // changed earlier in the segment
    } else if (executing()) {
      ram(s, ships_.at(t.id));
    }
  }
  return std::nullopt;
}

// 14.15: a ship inside an enemy's hex leaves it across its bow or stern.
std::string Board::exit_problem(const Ship& s, HexId next) const {
  const Ship* inside = ship_at(s.hex, s.id);
  if (!inside || inside->side == s.side) return "";
  if (galley::aspect(pose(*inside), next) != galley::Aspect::Broadside) return "";
  return s.id + " must leave " + inside->id + "'s hex across its bow or stern (14.15)";
}

// Whether `s` may go ahead into `next`: in Mode::Check the reason it may
// not; in Mode::Execute it stops short instead and `stopped` is set.
std::optional<std::string> Board::blocked_ahead(Ship& s, HexId next, HexId came_from,
                                                bool& stopped) {
  std::string why = exit_problem(s, next);
  if (why.empty()) why = entry_problem(s, s.hex, next);
  if (why.empty()) return std::nullopt;
  if (!executing()) return why;
  stop_short(s, why, came_from);
  stopped = true;
  return std::nullopt;
}

// When an order checked against the position at the start of the segment
// meets a change made earlier in the segment (a ship that stayed engaged, a
// ship lost), the mover stops where it is - or, inside an enemy's hex, in the
// hex it came from - and the rest of its order lapses.
void Board::stop_short(Ship& s, const std::string& why, HexId came_from) {
  if (const Ship* o = ship_at(s.hex, s.id); o && o->side != s.side) {
    s.hex = came_from;
    trails_.step_back(s.id);
  }
  say(s.id + " stops at " + hx(s.hex) + ": " + why);
}

std::optional<std::string> Board::move_sail(Ship& s, const std::vector<Action>& actions,
                                            std::size_t i, int spent_before,
                                            std::optional<int> speed, bool fixed) {
  // 14.28, 15.1: sail ships do not ram.
  if (std::any_of(actions.begin(), actions.end(), [](const Action& a) {
        return a.kind == Action::Ram || a.kind == Action::Battle;
      }))
    return s.id + " is under sail: sail ships do not ram or row at Battle Speed (14.28, 15.1)";
  const auto [lo, hi] = sail_range(s);
  if (speed && !fixed) {
    if (*speed < lo || *speed > hi) {
      // Name the limit that binds: the damage (15.34) when the ship could
      // otherwise set the capability asked for, else the wind (14.22).
      const bool damage_binds = *speed > hi && sail_range(s, false).second >= *speed;
      const std::string why =
          damage_binds
              ? "15.34: Damaged, its sail value is halved to " + std::to_string(values(s).sail / 2)
              : "14.22: wind " + std::to_string(std::max(velocity_, 0));
      return s.id + "'s capability may go from " + std::to_string(s.capability) + " to " +
             std::to_string(lo) + "-" + std::to_string(hi) + " this impulse (" + why + ")";
    }
    s.capability = *speed;
  } else if (!fixed) {
    s.capability = std::min(s.capability, hi);
  }
  int mpa = s.capability;
  if (s.ineffective_in == abs_impulse()) mpa /= 2;  // 15.33
  galley::Course course(kSail, pose(s), std::max(mpa, spent_before), spent_before);
  const HexId start = s.hex;
  int entered = spent_before > 0 ? 1 : 0;
  bool stopped = false;
  HexId last = s.hex;
  const auto sailed = [&] {
    if (executing() && entered > 0)
      say(s.id + " sails from " + hx(start) + " to " + hx(s.hex) + ", facing " +
          hex::name(s.facing) + " (capability " + std::to_string(s.capability) + ", 14.21)");
  };
  for (; i < actions.size() && !stopped; ++i) {
    const Action& a = actions[i];
    if (a.kind == Action::Turn) {
      const int step = a.n < 0 ? -1 : 1;
      for (int k = 0; k < std::abs(a.n); ++k) {
        if (into_wind(hex::turn(course.pose().facing, step)))
          return s.id + " may not turn to face into the wind (14.24, 14.25)";
        if (const auto r = course.turn(step)) {
          if (*r == galley::Refusal::OutOfPoints)
            return s.id + " has no Movement Point left for a second hexside (14.25)";
          return "a sail ship turns at most two hexsides in a hex (14.25)";
        }
      }
      s.facing = course.pose().facing;
    } else if (a.kind == Action::Move) {
      for (int k = 0; k < a.n; ++k) {
        if (into_wind(s.facing))
          return s.id + " faces into the wind and may not sail ahead (14.24)";
        const int cost = on_wind(s.facing) ? 2 : 1;
        if (course.remaining() < cost) {
          if (cost == 2 && course.remaining() == 1)
            return "with one Movement Point left on the wind " + s.id +
                   " must turn 120 degrees (14.24)";
          return s.id + " has " + std::to_string(mpa) + " Movement Points this impulse (14.21)";
        }
        const HexId next = galley::ahead(course.pose());
        if (auto why = blocked_ahead(s, next, last, stopped)) return why;
        if (stopped) break;
        course.advance(cost);
        ++entered;
        last = s.hex;
        stepped(s.id, s.hex, next);
        if (!enter_hex(s, next, sailed)) return std::nullopt;
      }
    } else if (a.kind == Action::Ram) {
      return "sail ships do not ram (14.28, 15.1)";
    } else {
      return cited("'" + format_action(a) + "' comes first in a ship's order", order_notation());
    }
  }
  if (const Ship* o = ship_at(s.hex, s.id); o && o->side != s.side)
    return s.id + " may not stop in " + o->id + "'s hex (14.15)";
  // 14.21: the rest of the capability is spent holding the course (unless
  // the ship was stopped short, when the rest is lost).
  if (!hold_course(s, stopped ? 0 : course.remaining(), entered, sailed)) return std::nullopt;
  s.hexes_last = entered;
  if (entered > 0) s.moved_in = abs_impulse();
  sailed();
  return std::nullopt;
}

// 14.21: a sail ship spends the `left` points of its capability holding its
// course: 14.24 the compulsory turn away from the wind with the last point on
// the wind, 14.27 carried off the map, aground or against the Boom. `entered`
// counts the hexes; false if the ship is lost.
bool Board::hold_course(Ship& s, int left, int& entered, const std::function<void()>& moved) {
  std::string fate;
  if (left > 0 && executing())
    say(s.id + " carries on under its momentum: " + std::to_string(left) + " MP (14.21)");
  while (left > 0) {
    if (into_wind(s.facing)) {
      fate = "lies in irons, facing into the wind";
      break;
    }
    if (on_wind(s.facing) && left == 1) {
      // 14.24: the compulsory 120 degree turn, away from the wind.
      const int step = into_wind(hex::turn(s.facing, 1)) ? -1 : 1;
      s.facing = hex::turn(s.facing, 2 * step);
      left = 0;
      say(s.id + " turns 120 degrees away from the wind with its last Movement Point (14.24)");
      break;
    }
    const HexId next = hex::neighbour(s.hex, s.facing);
    const int cost = on_wind(s.facing) ? 2 : 1;
    if (!sc_->map.on_map(next)) {
      if (executing()) sink(s, "carried off the map, 14.27");
      return false;
    }
    if (!sc_->map.enterable(next)) {
      if (executing()) sink(s, "run aground at " + hx(s.hex) + ", 14.27");
      return false;
    }
    if (const Ship* o = ship_at(next, s.id);
        o && !(o->side == s.side && s.side == Side::Ottoman && next == sc_->map.anchorage())) {
      fate = "is blocked by " + o->id + " and loses its way";
      break;
    }
    if (auto why = entry_problem(s, s.hex, next); !why.empty()) {
      // 14.27: carried against the Boom: stops, Damaged, capability zero.
      if (executing()) {
        say(s.id + " is carried against the Boom at " + hx(s.hex) + " and stops (14.27)");
        damage(s, "carried into the Boom, 14.27");
      }
      s.capability = 0;
      break;
    }
    left -= cost;
    ++entered;
    stepped(s.id, s.hex, next);
    if (!enter_hex(s, next, moved)) return false;
  }
  if (!fate.empty()) say(s.id + " " + fate + " (14.21)");
  return true;
}

// 14.26: every ship that entered no hex this impulse drifts one hex the way
// the wind blows, except at anchor (14.19) and beside the Boom (15.65).
// Engaged ships drift together or not at all (15.15).
void Board::drift() {
  const Dir d = wind_toward();
  std::set<std::string> done;
  const auto still = [&](const Ship& s) {
    return afloat(s) && s.moved_in != abs_impulse() && !at_anchor(s) &&
           !(s.side == Side::Ottoman && s.hex == sc_->map.anchorage()) &&
           !(!boom_broken_ && sc_->map.beside_boom(s.hex));
  };
  for (auto& [id, s] : ships_) {
    if (done.count(id) || !still(s)) continue;
    done.insert(id);
    Ship* partner = s.engaged.empty() ? nullptr : &ships_.at(s.engaged);
    if (partner) {
      done.insert(partner->id);
      if (!still(*partner)) continue;
      const HexId a = hex::neighbour(s.hex, d), b = hex::neighbour(partner->hex, d);
      // A named reference: clang before 16 cannot capture a structured binding.
      const std::string& own_id = s.id;
      const auto clear = [&](const Ship& x, HexId to) {
        const Ship* o = ship_at(to, x.id);
        return sc_->map.on_map(to) && passage_problem(x, x.hex, to).empty() &&
               (!o || o->id == own_id || o->id == partner->id);
      };
      if (!clear(s, a) || !clear(*partner, b)) continue;
      say(id + " and " + partner->id + ", engaged, drift to " + hx(a) + " and " + hx(b) +
          " (14.26)");
      if (enter_hex(s, a) && !partner->sunk) enter_hex(*partner, b);
      continue;
    }
    const HexId to = hex::neighbour(s.hex, d);
    if (!sc_->map.on_map(to)) {
      sink(s, "drifted off the map, 14.26, 14.27");
      continue;
    }
    if (!entry_problem(s, s.hex, to).empty() || ship_at(to, s.id)) {
      say(id + " cannot drift from " + hx(s.hex) + " and stays (14.26)");
      continue;
    }
    say(id + " drifts from " + hx(s.hex) + " to " + hx(to) + " (14.26)");
    enter_hex(s, to);
  }
}

}  // namespace naumachia::constantinople
