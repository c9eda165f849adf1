// Constantinople: ramming (15.1) on the Ramming Table (15.42).
#include <algorithm>

#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// 15.13: beside the target, on its port or starboard, bow pointing at it;
// never through a Boom hexside (15.62) or at a ship at anchor (14.19).
std::optional<std::string> Board::ram_problem(const Ship& s, const Ship& t) const {
  if (values(s).ram == 0) return s.id + " has no Ram Strength (15.14)";
  // 15.15: engaged ships are locked together; the project lets no third ship ram them.
  if (!t.engaged.empty())
    return t.id + " is engaged with " + t.engaged + " and may not be rammed (15.15)";
  if (at_anchor(t))
    return t.id + " is at anchor at the Double Columns and may not be attacked (14.19)";
  switch (galley::ram_geometry({s.hex, s.facing}, {t.hex, t.facing})) {
    case galley::RamGeometry::Ok:
      break;
    case galley::RamGeometry::NotAdjacent:
      return s.id + " must end its move next to " + t.id + " to ram it (15.13)";
    case galley::RamGeometry::NotFacing:
      return s.id + "'s bow must point at " + t.id + " to ram it (15.13)";
    case galley::RamGeometry::BowOrStern:
      return s.id + " is at " + t.id + "'s bow or stern: rams strike the side (15.13)";
  }
  const auto b = sc_->map.boom(s.hex, t.hex);
  if (b && *b != BoomKind::Permanent && !boom_broken_)
    return "ships may not ram through a Boom hexside (15.62)";
  if (b && *b == BoomKind::Permanent) return "ships may not ram through a boom hexside (15.62)";
  return std::nullopt;
}

void Board::ram(Ship& s, Ship& t) {
  static const char* const kDefence = "ABCD";
  const int strength = std::clamp(values(s).ram, 1, 4);
  const int defence = ram_defence(t);
  const RamEntry e =
      sc_->tables
          .ram[static_cast<std::size_t>(defence - 1)][static_cast<std::size_t>(strength - 1)];
  const std::size_t first = rolls_so_far();
  std::string text = s.id + " (Ram Strength " + std::to_string(strength) + ") rams " + t.id +
                     " (Ram Defense " + kDefence[defence - 1] + (t.damaged ? ", halved" : "") +
                     ") from " + hex::format_hex(s.hex) + ": ";
  const int r = roll(6, "ram: " + s.id + " on " + t.id);
  bool six = r == 6, pinned = false, sunk = false;
  // From rules version 2 the cases are cited once, at the end (15.14,
  // 15.42), the table's marks ('-', '*') saying which entry applied, and a
  // single number is "needed 1"; games of version 1 keep the wording their
  // players were shown, which their replays must reproduce.
  const bool v2 = from_rules(2);
  if (e.pin_max == 0) {
    text += "rolled " + std::to_string(r) + ", but " + t.id + " cannot be pinned " +
            (v2 ? "(a '-')" : "(15.42 '-')");
  } else {
    pinned = r <= e.pin_max;
    text += "rolled " + std::to_string(r) + ", needed " +
            (v2 ? text::one_to(e.pin_max) : "1-" + std::to_string(e.pin_max));
    if (pinned && e.sink_roll) {
      const int r2 = roll(6, "ram: does " + t.id + " sink?");
      six = six || r2 == 6;
      sunk = r2 >= 5;
      text += "; second roll " + std::to_string(r2) + (sunk ? ": sunk" : ": pinned, not sunk") +
              (v2 ? " (a '*': 5-6 sinks)" : " (15.42 '*': 5-6 sinks)");
    } else {
      text += pinned ? ": pinned"
                     : std::string(": no pin, its movement ends here") + (v2 ? "" : " (15.14)");
    }
  }
  said_with_rolls(text + " (15.14, 15.42)", first);
  if (sunk) {
    sink(t, "sunk by " + s.id + "'s ram, 15.42");
  } else if (pinned) {
    // 15.15: both engaged, dead in the water (14.22: capability zero).
    release(s);
    release(t);
    s.engaged = t.id;
    t.engaged = s.id;
    s.rammer = true;
    s.capability = 0;
    t.capability = 0;
    say(s.id + " and " + t.id + " are engaged (15.15)");
  }
  if (six) damage(s, "a 6 rolled on the Ramming Table, 15.42");
}

}  // namespace naumachia::constantinople
