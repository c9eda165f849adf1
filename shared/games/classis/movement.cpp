// Classis: movement (3.2.1, 3.2.2) and engagement (3.1.4). The text gives
// only speed and "turning capability in hex sides per speed point"; the
// concrete rules are the project's reading (docs/rules/classis.md,
// "Movement"):
// - each speed point moves the ship one hex ahead, or turns it in place by
//   up to its turning capability in hexsides (a run of turns in one hex
//   costs the turns divided by the capability, rounded up);
// - one ship to a hex; land and the board edge may not be entered; a ship
//   entering a reef hex stops there and runs aground on 1-2 (crippled);
// - moving ahead into an enemy's hex engages it (3.1.4): the ship stays in
//   its own hex with its bow in the enemy's, and its move ends.
#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

// Why a ship may not make a normal move (3.2.1, 3.2.2), or nullopt.
std::optional<std::string> Board::move_problem(const Ship& s) const {
  if (!s.grappled.empty())
    return s.id + " is grappled with " + *s.grappled.begin() +
           ": it must degrapple before it moves (3.2.7)";
  if (s.ram)
    return s.id + " is in ram contact with " + s.contact +
           ": only a backwater move breaks it (3.2.2)";
  for (const auto& [id, o] : ships_)
    if (!o.sunk && o.contact == s.id && o.ram)
      return s.id + " is in ram contact with " + o.id + ": only a backwater move breaks it (3.2.2)";
  return std::nullopt;
}

// Classis 3.1.6 (crippled ships) and the reef: a ship entering a reef hex
// rolls 1d6 and on 1 or 2 is crippled (a second cripple sinks her).
bool Board::enter_reef(Ship& s) {
  if (!executing()) return true;
  const auto first = rolls_so_far();
  const int die = roll(6, s.id + " on the reef at " + hex::format_hex(s.hex));
  said_with_rolls(s.id + " enters the reef at " + hex::format_hex(s.hex) + ": " +
                      (die <= 2 ? "she runs aground" : "she passes") + " (reef, 1-2 cripples)",
                  first);
  if (die <= 2) cripple(s, "run aground on the reef");
  return !s.sunk;
}

// The walk of follow_path without moving the ship, so that a path can be
// judged (validation, the choices of a move) where the ship stands: the ship
// itself is no obstacle in the hex it left.
Course Board::course(const Ship& s, const std::vector<Step>& path) const {
  Course c;
  c.hex = s.hex;
  c.facing = s.facing;
  // The cost first, so that an order too long is refused whole.
  int turns = 0, last = 0;
  const auto close_turns = [&] {
    c.cost += (turns + turning(s) - 1) / turning(s);
    turns = 0;
    last = 0;
  };
  for (Step st : path) {
    if (st == Step::Ahead) {
      close_turns();
      ++c.cost;
    } else {
      const int dir = st == Step::Port ? -1 : 1;
      if (last != 0 && last != dir) {
        c.problem = s.id + " turns back and forth in one hex: give the net turn (1.3)";
        return c;
      }
      last = dir;
      ++turns;
      if (turns > 3) {
        c.problem = s.id + " turns more than three hexsides in one hex (1.3)";
        return c;
      }
    }
  }
  close_turns();
  if (c.cost > speed(s)) {
    c.problem = s.id + "'s move needs " + std::to_string(c.cost) + " speed points; it has " +
                std::to_string(speed(s)) + " (speed " + std::to_string(speed(s)) + ", turning " +
                std::to_string(turning(s)) + " hexsides per point; 1.3, 3.1.6)";
    return c;
  }
  c.began = true;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] != Step::Ahead) {
      c.facing = hex::turn(c.facing, path[i] == Step::Port ? -1 : 1);
      continue;
    }
    const HexId next = galley::ahead({c.hex, c.facing});
    const bool final_step = i + 1 == path.size();
    if (!on_board(next)) {
      c.problem = s.id + " would leave the board at " + hex::format_hex(c.hex) +
                  ": the board's edge is closed (1.1)";
      return c;
    }
    if (terrain(next) == Terrain::Land) {
      c.problem = s.id + " would run onto land at " + hex::format_hex(next) + " (1.1)";
      return c;
    }
    const Ship* o = ship_at(next);
    if (o == &s) o = nullptr;
    if (o) {
      if (o->holder == s.holder)
        c.problem = s.id + " would enter " + hex::format_hex(next) + ", where " + o->id +
                    " is: one ship to a hex (3.1.4)";
      else if (!final_step)
        c.problem = s.id + " engages " + o->id + " in " + hex::format_hex(next) +
                    ": engaging ends the move (3.1.4)";
      else
        c.engages = o;
      return c;
    }
    c.hex = next;
    c.passed.push_back(next);
    if (terrain(next) == Terrain::Reef) {
      if (!final_step)
        c.problem = s.id + " enters the reef at " + hex::format_hex(next) +
                    ": a ship entering a reef stops there (1.1)";
      else
        c.reef = true;
      return c;
    }
  }
  return c;
}

std::optional<std::string> Board::follow_path(Ship& s, const std::vector<Step>& path) {
  if (auto why = move_problem(s)) return why;
  const Course c = course(s, path);
  if (!c.began) return c.problem;
  // Once under way the ship leaves its contact, and stays where a refused
  // step stops it.
  s.contact.clear();
  s.ram = false;
  const HexId from = s.hex;
  for (HexId at = from; const HexId h : c.passed) {
    stepped(s.id, at, h);
    at = h;
  }
  s.hex = c.hex;
  s.facing = c.facing;
  if (c.problem) return c.problem;
  if (c.engages) {
    const Ship& o = *c.engages;
    s.contact = o.id;
    say(s.id + " moves from " + hex::format_hex(from) + " to " + hex::format_hex(s.hex) +
        " facing " + hex::name(s.facing) + " and engages " + describe(o) + ", on its " +
        angle_name(angle_of(o, s.hex)) + " (3.1.4)");
    prune_contacts();
    return std::nullopt;
  }
  say(s.id + " moves from " + hex::format_hex(from) + " to " + hex::format_hex(s.hex) + " facing " +
      hex::name(s.facing));
  prune_contacts();
  if (c.reef) enter_reef(s);
  return std::nullopt;
}

// Classis 3.2.2: straight backward one hex; the only move that breaks ram
// contact (and it breaks every contact of the ship).
std::optional<std::string> Board::backwater_problem(const Ship& s) const {
  if (!s.grappled.empty())
    return s.id + " is grappled with " + *s.grappled.begin() + ": it must degrapple first (3.2.7)";
  const HexId back = galley::astern({s.hex, s.facing});
  if (!on_board(back)) return cited(s.id + " has the board's edge astern", "1.1, 3.2.2");
  if (terrain(back) == Terrain::Land)
    return cited(s.id + " has land astern at " + hex::format_hex(back), "1.1, 3.2.2");
  if (const Ship* o = ship_at(back))
    return cited(
        s.id + " has " + o->id + " astern in " + hex::format_hex(back) + ": one ship to a hex",
        "3.1.4, 3.2.2");

  return std::nullopt;
}

std::optional<std::string> Board::backwater(Ship& s) {
  if (auto why = backwater_problem(s)) return why;
  const HexId back = galley::astern({s.hex, s.facing});
  const bool broke = engaged(s);
  const HexId from = s.hex;
  stepped(s.id, from, back);
  s.hex = back;
  prune_contacts();  // no bow is in the hex she left, and hers is in no enemy's
  say(s.id + " backs water from " + hex::format_hex(from) + " to " + hex::format_hex(back) +
      (broke ? ", breaking contact" : "") + " (3.2.2)");
  if (terrain(back) == Terrain::Reef) enter_reef(s);
  return std::nullopt;
}

}  // namespace naumachia::classis
