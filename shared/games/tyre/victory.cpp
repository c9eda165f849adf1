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

// The naval scenario (docs/rules/tyre.md, "The naval scenario's victory"):
// 18.0 rests the victory on time and loss of life; with no assault to make,
// from rules version 4 the naval war is won by the losses. A side's loss is
// the melee strength its ships have lost: a sunk ship its full-strength
// value, a damaged one what its flip to the backprinted side took (6.34).
// Ships that never came on the map lost nothing, nor did the fireship
// (spent by the rules, 14.43). Two damaged ships combined (5.32) count as
// one restored and one sunk: the strength of the pair that is gone.
int Board::naval_losses(Side side) const {
  int lost = 0;
  for (const auto& [id, s] : ships_) {
    if (s.side != side || s.fireship || (!s.on_map && !s.sunk)) continue;
    const ShipClass& c = sc_->tables.ship_class(s.type);
    lost += s.sunk ? c.full.melee : c.full.melee - values(s).melee;
  }
  return lost;
}

bool Board::naval_victory_by_losses() const {
  return !siege_ && from_rules(4);
}

// 18.0, 18.2 (naval scenario, rules version 4): at the end of Game-Turn 12
// the Macedonian wins if the Tyrian navy lost more than his own fleets; else
// time is the Tyrian's, and he wins.
void Board::end_naval_scenario() {
  const int tyrian = naval_losses(Side::Tyrian), macedonian = naval_losses(Side::Macedonian);
  const std::string tally = " (losses in melee strength: Tyrian " + std::to_string(tyrian) +
                            ", Macedonian " + std::to_string(macedonian) + "; 18.0, 6.34)";
  if (tyrian > macedonian)
    end_game(Side::Macedonian,
             "Macedonian victory: the Tyrian navy lost more than the Macedonian fleets by the "
             "end of Game-Turn 12" +
                 tally);
  else
    end_game(Side::Tyrian,
             "Tyrian victory: the Tyrian navy lost no more than the Macedonian fleets by the "
             "end of Game-Turn 12" +
                 tally);
}

void Board::end_game(Side winner, const std::string& why) {
  over_ = true;
  winner_ = winner;
  result_ = why;
  say(why);
}

}  // namespace naumachia::tyre
