// Empires in Harm naval combat: port raids (1.1.4). The harbour defences
// (1.1.4.1): whether they are used, one unmodified d6 on their table with
// the harbour defence number as strength going in and coming out; the end
// of the raid and its victory, which needs both breaking the enemy and
// inflicting more losses (1.1.4.1.1, 1.1.4.1.2).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.4.1: the defences fire when a garrison or corps of the port is at
// war with the attacker; when it denied access, at its controller's option
// (no declaration needed); never when the attacker has access or no enemy
// garrison is there, EXCEPT that they fire whenever the fleets attacked are
// the port controller's own.
Guns harbour_guns(const Battle& b, const Wars& wars, const std::set<std::string>& attackers,
                  const std::set<std::string>& defenders) {
  if (!b.garrison || b.harbour_defence == 0) return Guns::Unused;
  if (at_war(wars, attackers, b.port_controller)) return Guns::Used;
  if (defenders.count(b.port_controller)) return Guns::Used;
  return b.access_denied ? Guns::Optional : Guns::Unused;
}

Guns Board::guns() const {
  std::set<std::string> attackers;
  for (const Fleet* f : engaged_fleets(battle().attacker)) attackers.insert(power(f->nation));
  return harbour_guns(battle(), wars_, attackers, stack_powers(defending_));
}

// EiH 1.1.4.1, 1.1.4.1.1: "a single, unmodified D6 roll" on the guns' table
// with the harbour defence number as the strength; the damage and the morale
// loss fall on the raiders.
void Board::fire_guns(bool out) {
  const int att = battle().attacker, def = 1 - att;
  const auto a = static_cast<std::size_t>(att);
  if (undamaged(att) == 0) return;
  const std::string table = out ? tables().guns_out : tables().guns_in;
  const std::string when = out ? "as the raiders come out" : "as the raiders go in";
  const auto first = rolls_so_far();
  const int die = roll(6, "the harbour guns " + when + " (1.1.4.1)");
  const CrtResult& c = tables().result(table, die);
  const int strength = battle().harbour_defence;
  const int hits = std::min(damage_of(c.percent, strength), undamaged(att));
  loss_[a] += c.morale;
  lost_[a] += hits;
  hit_[static_cast<std::size_t>(def)] += hits;
  said_with_rolls("The harbour guns of " + battle().place + " fire " + when + " on table " + table +
                      ", unmodified: d6 " + std::to_string(die) + ": " + std::to_string(c.percent) +
                      "% of harbour defence " + std::to_string(strength) + " = " +
                      std::to_string(hits) + " ship(s) damaged, morale -" + format(c.morale) +
                      " (1.1.4.1, 1.1.4.1.1)",
                  first);
  allocate(att, hits, false, out ? "the harbour guns coming out" : "the harbour guns going in");
}

// EiH 1.1.4.1.1: after the three rounds (or once the raiders break or are
// eliminated, or nothing is left to attack) the raiders withdraw past the
// guns, broken or not. EiH 1.1.4.1.2: a victor has broken or eliminated the
// other force and inflicted more losses than it received; otherwise a draw.
void Board::end_raid() {
  const int att = battle().attacker, def = 1 - att;
  if (guns_) fire_guns(true);
  const auto a = static_cast<std::size_t>(att), d = static_cast<std::size_t>(def);
  const bool att_won = defeated(def) && hit_[a] > hit_[d];
  const bool def_won = defeated(att) && hit_[d] > hit_[a];
  const std::string tally = side_name(att) + " inflicted " + std::to_string(hit_[a]) +
                            " loss(es) and received " + std::to_string(hit_[d]);
  if (att_won || def_won) {
    outcome_ = Outcome::Victory;
    victor_ = att_won ? att : def;
    victory_counts_ = true;  // 1.1.4.1.2: the victor inflicted more losses
    say("The raid is over: " + tally + "; " + side_name(victor_) +
        " broke the enemy and inflicted more losses: the victor (1.1.4.1.2)");
  } else {
    outcome_ = Outcome::Draw;
    say("The raid is over: " + tally +
        "; neither side both broke the other and inflicted more losses: a draw (1.1.4.1.2)");
  }
}

}  // namespace naumachia::eih_naval
