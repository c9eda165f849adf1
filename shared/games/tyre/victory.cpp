// Tyre: the end of an assault impulse (4.0 §3J: rally) and victory (18.0).
#include "games/tyre/rules.h"

namespace naumachia::tyre {

void Board::end_of_assault_impulse() {
  rally();
  check_macedonian_victory();
  check_assault_deadlines();
  if (over_) return;
  ++impulse_;
  seg_ = Segment::FirstMove;
}

// 4.0 §3J: rallying; 8.32: waders not in the breach go back or are lost;
// 15.42: wounded leaders return.
void Board::rally() {
  for (auto& [id, u] : units_) u.disrupted = false;
  for (auto& [id, u] : units_) {
    if (u.at != Where::Hex || terrain(u.hex) != Terrain::Sea) continue;
    const auto s = ships_.find(u.waded_from);
    if (s != ships_.end() && !s->second.sunk && s->second.on_map &&
        hex::distance(s->second.hex, u.hex) <= 1 &&
        cargo(s->first).units.size() < (s->second.damaged ? 1u : 2u)) {
      u.at = Where::Ship;
      u.ship = s->first;
      say(id + " wades back aboard " + s->first + " (8.32)");
    } else {
      eliminate_unit(id, "it could not take the breach nor return to its ship (8.32)");
    }
  }
}

bool Board::objective_held(Terrain t) const {
  for (const auto& [id, u] : units_) {
    if (u.t.side == Side::Macedonian && u.at == Where::Hex && terrain(u.hex) == t) return true;
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.t.side == Side::Macedonian && l.at == Where::Hex && terrain(l.hex) == t) return true;
  }
  return false;
}

// 18.1: both objectives held at any moment of the assault.
void Board::check_macedonian_victory() {
  if (over_ || !siege_ || plan_ != Plan::Assault) return;
  if (objective_held(Terrain::Temple) && objective_held(Terrain::Agenorium))
    end_game(Side::Macedonian,
             "Macedonian victory: the Temple of Hercules and the Agenorium are taken (18.1)");
}

// 18.2 and 4.0 §3: the checks after the tenth and sixteenth impulses.
void Board::check_assault_deadlines() {
  if (over_) return;
  const bool temple = objective_held(Terrain::Temple),
             agenorium = objective_held(Terrain::Agenorium);
  if (impulse_ == 10 && !temple && !agenorium)
    end_game(Side::Tyrian,
             "Tyrian victory: neither the Temple of Hercules nor the Agenorium is held "
             "after the tenth impulse of the assault (18.2)");
  else if (impulse_ >= kAssaultImpulses)
    end_game(Side::Tyrian,
             "Tyrian victory: the Temple of Hercules and the Agenorium are not both "
             "held after the sixteenth impulse (18.2)");
}

void Board::end_game(Side winner, const std::string& why) {
  over_ = true;
  winner_ = winner;
  result_ = why;
  say(why);
}

}  // namespace naumachia::tyre
