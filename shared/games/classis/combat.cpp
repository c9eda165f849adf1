// Classis: resolving the attacks (3.3.1-3.3.6) and the angles of attack
// (3.1.5, blank in the text and reconstructed: docs/rules/classis.md).
#include <algorithm>

#include "games/classis/rules.h"

namespace naumachia::classis {

const char* angle_name(Angle a) {
  switch (a) {
    case Angle::Bow:
      return "bow";
    case Angle::BowBeam:
      return "bow beam";
    case Angle::QuarterBeam:
      return "quarter beam";
    case Angle::Stern:
      return "stern";
  }
  return "?";
}

// Classis 3.1.5 (reconstructed): the six hexes around a ship are, from its
// heading, its bow (dead ahead), its two bow beams, its two quarter beams and
// its stern (dead astern).
Angle angle_of(const Ship& target, HexId attacker) {
  const auto d = hex::direction_to(target.hex, attacker);
  if (!d) return Angle::Bow;
  const int rel = (static_cast<int>(*d) - static_cast<int>(target.facing) + 6) % 6;
  switch (rel) {
    case 0:
      return Angle::Bow;
    case 1:
    case 5:
      return Angle::BowBeam;
    case 2:
    case 4:
      return Angle::QuarterBeam;
    default:
      return Angle::Stern;
  }
}

// Classis 3.3.1: +1 on a bow beam, +2 on a quarter beam, +3 on the stern.
int angle_bonus(Angle a) {
  switch (a) {
    case Angle::Bow:
      return 0;
    case Angle::BowBeam:
      return 1;
    case Angle::QuarterBeam:
      return 2;
    case Angle::Stern:
      return 3;
  }
  return 0;
}

namespace {

bool in_ram(const Ship& s, const Ship& t) {
  return (s.contact == t.id && s.ram) || (t.contact == s.id && t.ram);
}

}  // namespace

// Classis 3.3.1-3.3.4: "adds 1 for each level of difference between crew
// quality levels, if higher".
int Board::crew_bonus(const Ship& s, const Ship& other) const {
  return std::max(0, static_cast<int>(crew(s)) - static_cast<int>(crew(other)));
}

std::optional<std::string> Board::attack_problem(const Action& a, const Ship& s,
                                                 const Ship& t) const {
  if (t.sunk) return t.id + " has sunk";
  const bool contact = s.contact == t.id;
  switch (a.kind) {
    case Action::Degrapple:
      if (!s.grappled.count(t.id)) return s.id + " is not grappled with " + t.id + " (3.2.7)";
      return std::nullopt;
    case Action::Board:
      if (t.holder == s.holder) return t.id + " is not an enemy (3.2.8)";
      if (!s.grappled.count(t.id))
        return s.id + " must be grappled with " + t.id + " to board it (3.2.8)";
      return std::nullopt;
    default:
      break;
  }
  if (t.holder == s.holder) return t.id + " is not an enemy (3.2.3-3.2.6)";
  switch (a.kind) {
    case Action::Ram:
      if (!contact)
        return s.id + " must first move into contact with " + t.id + " (its bow in " + t.id +
               "'s hex) to ram it (3.1.4, 3.2.3)";
      if (s.ram)
        return s.id + " has already rammed " + t.id + ": a further ram is a follow-up (3.2.4)";
      return std::nullopt;
    case Action::FollowUp:
      if (!in_ram(s, t)) return s.id + " and " + t.id + " are not locked by a ram (3.2.4)";
      if ((s.contact == t.id ? s.ram_turn : t.ram_turn) >= turn_)
        return "the ram of " + s.id + " and " + t.id +
               " was made this turn: a follow-up ram is for a ram from a previous turn (3.2.4)";
      return std::nullopt;
    case Action::Rake: {
      if (!contact) return s.id + " must first move into contact with " + t.id + " (3.2.5)";
      const Angle g = angle_of(t, s.hex);
      if (g != Angle::BowBeam && g != Angle::QuarterBeam)
        return s.id + " is on " + t.id + "'s " + angle_name(g) +
               ": an oar rake must be on a bow beam or a quarter beam (3.2.5, 3.3.2)";
      return std::nullopt;
    }
    case Action::Grapple:
      if (!contact && t.contact != s.id)
        return s.id + " must be in contact with " + t.id + " to grapple it (3.2.6)";
      if (s.grappled.count(t.id)) return s.id + " is already grappled with " + t.id + " (3.2.6)";
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// Classis 3.3.1: both ships total their ram factor (less half if crippled),
// the crew difference, the rammer's angle and 1d6; each reads its own total
// less the other's: -4 or less sunk, -3/-2 crippled, -1..+1 a further 1d6
// cripples on 1-3, +2 or more no effect. A follow-up (3.2.4) adds to the
// first ram's effects; the rammed ship ramming back has no angle.
void Board::resolve_ram(Ship& s, Ship& t, bool follow_up) {
  const std::string what = follow_up ? "follow-up ram" : "ram";
  if (!executing()) {
    if (!follow_up && s.contact == t.id) {
      s.ram = true;
      s.ram_turn = turn_;
    }
    return;
  }
  const auto first = rolls_so_far();
  const bool rammer_bow = s.contact == t.id;
  const Angle g = angle_of(t, s.hex);
  const int angle = rammer_bow ? angle_bonus(g) : 0;
  const int ds = roll(6, s.id + "'s " + what + " (3.3.1)");
  const int dt = roll(6, t.id + " against the " + what + " (3.3.1)");
  const int total_s = ram_factor(s) + crew_bonus(s, t) + angle + ds;
  const int total_t = ram_factor(t) + crew_bonus(t, s) + dt;
  std::string text = describe(s) + " " + (follow_up ? "follows up its ram on " : "rams ") +
                     describe(t) + (rammer_bow ? std::string(" on its ") + angle_name(g) : "") +
                     ": " + std::to_string(ram_factor(s)) + " ram" +
                     (crew_bonus(s, t) ? " +" + std::to_string(crew_bonus(s, t)) + " crew" : "") +
                     (angle ? " +" + std::to_string(angle) + " angle" : "") + " +" +
                     std::to_string(ds) + " = " + std::to_string(total_s) + " against " +
                     std::to_string(ram_factor(t)) + " ram" +
                     (crew_bonus(t, s) ? " +" + std::to_string(crew_bonus(t, s)) + " crew" : "") +
                     " +" + std::to_string(dt) + " = " + std::to_string(total_t) + " (3.3.1)";
  std::vector<std::pair<Ship*, int>> fates;
  for (auto [ship, diff] : {std::pair{&s, total_s - total_t}, std::pair{&t, total_t - total_s}}) {
    int fate = 0;  // 0 none, 1 crippled, 2 sunk
    if (diff <= -4) {
      fate = 2;
    } else if (diff <= -2) {
      fate = 1;
    } else if (diff <= 1) {
      const int d = roll(6, ship->id + "'s damage roll, crippled on 1-3 (3.3.1)");
      fate = d <= 3 ? 1 : 0;
    }
    fates.emplace_back(ship, fate);
  }
  said_with_rolls(text, first);
  if (!follow_up && rammer_bow) {
    s.ram = true;
    s.ram_turn = turn_;
  }
  for (auto [ship, fate] : fates) {
    if (fate == 2) sink(*ship, "holed in the " + what + " (3.3.1: -4 or more)");
    if (fate == 1) cripple(*ship, "damaged in the " + what + " (3.3.1)");
  }
  if (fates[0].second == 0 && fates[1].second == 0) say("Neither ship is harmed (3.3.1)");
  prune_contacts();
}

// Classis 3.3.2: ram factor, crew difference and 1d6 each; the attacker
// wins only on a higher total (a tie is the defender's: no effect) and
// cripples the defender.
bool Board::resolve_rake(Ship& s, Ship& t) {
  if (!executing()) return true;
  const auto first = rolls_so_far();
  const int ds = roll(6, s.id + "'s oar rake (3.3.2)");
  const int dt = roll(6, t.id + " against the oar rake (3.3.2)");
  const int a = type(s).ram + crew_bonus(s, t) + ds;
  const int d = type(t).ram + crew_bonus(t, s) + dt;
  said_with_rolls(describe(s) + " tries to rake " + describe(t) + "'s oars: " + std::to_string(a) +
                      " against " + std::to_string(d) +
                      (a > d ? ": the oars are swept away" : ": no effect") + " (3.3.2)",
                  first);
  if (a > d) cripple(t, "oars raked by " + s.id + " (3.3.2)");
  return a > d;
}

// Classis 3.3.3: 1d6 each, the better crew adds the difference, iron hands
// +2 to the grappler; it holds on a higher total. Grappling one's own
// captured ship retakes it without a fight (3.1.7).
bool Board::resolve_grapple(Ship& s, Ship& t) {
  bool ok = true;
  if (executing()) {
    const auto first = rolls_so_far();
    const int ds = roll(6, s.id + "'s grapple (3.3.3)");
    const int dt = roll(6, t.id + " against the grapple (3.3.3)");
    const int a = ds + crew_bonus(s, t) + (s.iron ? 2 : 0);
    const int d = dt + crew_bonus(t, s);
    ok = a > d;
    said_with_rolls(describe(s) + " tries to grapple " + describe(t) + ": " + std::to_string(a) +
                        (s.iron ? " (iron hands +2)" : "") + " against " + std::to_string(d) +
                        (ok ? ": grappled" : ": it fails") + " (3.3.3)",
                    first);
  }
  if (!ok) return false;
  if (t.owner == s.holder) {
    t.holder = s.holder;
    t.squadron = t.home;
    t.grappled.erase(s.id);
    s.grappled.erase(t.id);
    t.contact.clear();
    s.contact.clear();
    s.ram = t.ram = false;
    say(describe(t) + " is recaptured by " + s.id + " without a fight (3.1.7)");
    prune_contacts();
    return true;
  }
  s.grappled.insert(t.id);
  t.grappled.insert(s.id);
  return true;
}

// Classis 3.3.4: as a grapple without iron hands; automatic from a ship its
// side has captured.
bool Board::resolve_degrapple(Ship& s, Ship& t) {
  bool ok = true;
  if (executing()) {
    if (t.holder == s.holder) {
      say(s.id + " casts off from its prize " + t.id + " (3.3.4)");
    } else {
      const auto first = rolls_so_far();
      const int ds = roll(6, s.id + "'s degrapple (3.3.4)");
      const int dt = roll(6, t.id + " holding on (3.3.4)");
      const int a = ds + crew_bonus(s, t);
      const int d = dt + crew_bonus(t, s);
      ok = a > d;
      said_with_rolls(describe(s) + " tries to cut free of " + describe(t) + ": " +
                          std::to_string(a) + " against " + std::to_string(d) +
                          (ok ? ": free" : ": still grappled") + " (3.3.4)",
                      first);
    }
  }
  if (!ok) return false;
  s.grappled.erase(t.id);
  t.grappled.erase(s.id);
  return true;
}

// Classis 3.3.5: boarding factors (towers included, 1.3) less the other's
// engine points, plus 1d6 each; either side two or more ahead captures the
// other.
bool Board::resolve_board(Ship& s, Ship& t) {
  if (!executing()) {
    capture(t, s);
    return true;
  }
  const auto first = rolls_so_far();
  const int ds = roll(6, s.id + "'s boarders (3.3.5)");
  const int dt = roll(6, t.id + "'s defenders (3.3.5)");
  const int a = boarding(s) - engine_points(t) + ds;
  const int d = boarding(t) - engine_points(s) + dt;
  const auto part = [&](const Ship& x, const Ship& y, int die, int total) {
    return std::to_string(boarding(x)) + " boarding" +
           (engine_points(y) ? " -" + std::to_string(engine_points(y)) + " engines" : "") + " +" +
           std::to_string(die) + " = " + std::to_string(total);
  };
  std::string outcome = ": no result";
  if (a - d >= 2) outcome = ": " + t.id + " is captured";
  if (d - a >= 2) outcome = ": the defenders carry " + s.id + " instead";
  said_with_rolls(describe(s) + " boards " + describe(t) + ": " + part(s, t, ds, a) + " against " +
                      part(t, s, dt, d) + outcome + " (3.3.5)",
                  first);
  if (a - d >= 2) {
    capture(t, s);
    return true;
  }
  if (d - a >= 2) capture(s, t);
  return false;
}

// Classis 3.3.6: 1 sinks, 2 permanently crippled, 3-4 nothing, 5-6 recovered.
bool Board::resolve_repair(Ship& s) {
  if (!executing()) {
    s.crippled = false;
    return true;
  }
  const auto first = rolls_so_far();
  const int d = roll(6, s.id + "'s repair (3.3.6)");
  const char* what = d == 1   ? "she sinks"
                     : d == 2 ? "permanently crippled"
                     : d <= 4 ? "no effect"
                              : "she recovers";
  said_with_rolls(describe(s) + " attempts repairs: " + what + " (3.3.6)", first);
  if (d == 1) sink(s, "lost under repair (3.3.6)");
  if (d == 2) s.permanent = true;
  if (d >= 5) s.crippled = false;
  return d >= 5;
}

}  // namespace naumachia::classis
