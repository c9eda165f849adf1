// Empires in Harm naval combat: the general chase (1.1.2.8): the victor's
// total morale loss gives the table; one roll, with -1 for a force that
// fought in line of battle; only its undamaged heavy and light ships chase;
// the ships hit are taken as damaged prizes (no morale results).
#include <algorithm>

#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.2.8: "Victor's Morale Loss: 0-0.5 0.6-1.0 1.1-2.5 2.6-3.5 3.6+":
// a loss between two printed ranges (never with losses in whole tenths)
// counts in the upper one.
const std::string& chase_table(const Tables& t, Hundredths victor_loss) {
  for (const ChaseBand& b : t.chase)
    if (victor_loss <= b.to) return b.table;
  return t.chase.back().table;
}

// EiH 1.1.2.8: a general chase follows a victory in the open sea, or the
// victory of a blockaded or relieving force in a blockade box (1.1.3);
// never a port raid (1.1.4.1.3) nor the blockaders' victory.
bool Board::chase_possible() const {
  if (outcome_ != Outcome::Victory) return false;
  if (battle().where == Where::Port) return false;
  if (battle().where == Where::Blockade && victor_ == battle().blockading) return false;
  const Force mine = force(victor_);
  return mine.ships[ShipType::Heavy] + mine.ships[ShipType::Light] > 0 &&
         undamaged(1 - victor_) > 0;
}

void Board::chase() {
  const auto v = static_cast<std::size_t>(victor_);
  const Force mine = force(victor_);
  const int strength = mine.ships[ShipType::Heavy] + mine.ships[ShipType::Light];
  const std::string& table = chase_table(tables(), loss_[v]);
  const int m = chit_[v] == "line-of-battle" ? tables().chase_line_of_battle : 0;
  const auto first = rolls_so_far();
  const int die = roll(6, side_name(victor_) + "'s general chase (1.1.2.8)");
  const CrtResult& c = tables().result(table, die + m);
  const int hits = std::min(damage_of(c.percent, strength), undamaged(1 - victor_));
  said_with_rolls(side_name(victor_) + " chases with " + std::to_string(strength) +
                      " undamaged heavy and light ships on table " + table + " (morale loss " +
                      format(loss_[v]) + "): d6 " + std::to_string(die) +
                      (m ? " " + std::to_string(m) + " (line of battle)" : std::string()) + " = " +
                      std::to_string(die + m) + ": " + std::to_string(c.percent) + "% = " +
                      std::to_string(hits) + " ship(s) taken; morale results ignored (1.1.2.8)",
                  first);
  allocate(1 - victor_, hits, true, "the general chase");
}

}  // namespace naumachia::eih_naval
