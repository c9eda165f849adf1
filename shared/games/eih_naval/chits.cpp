// Empires in Harm naval combat: Steps One to Three of a combat. The tactical
// chits both commanding powers chose in secret (1.1.2.2), melee under Nelson
// (1.1.2.2 NOTE) and his closing modifier (1.1.2.5.1), the chits revealed
// with the tables they give (1.1.2.3), and the forces revealed with their
// final morale (1.1.2.4).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

void Board::choose_chits(const Orders& orders) {
  const int att = battle().attacker, def = 1 - att;
  for (int s : {att, def}) {
    std::string& chit = chit_[static_cast<std::size_t>(s)];
    chit = answer(orders, s, Duty::Chit, "line-of-battle");
    if (!tables().has_chit(chit) || (chit == "melee" && !melee_allowed(s))) chit = "line-of-battle";
  }
  for (int s : {att, def}) {
    if (chit_[static_cast<std::size_t>(s)] != "melee" || !nelson_commands(s)) continue;
    // 1.1.2.2 NOTE: Britain's first melee under Nelson lifts the lock;
    // 1.1.2.5.1: his closing modifier needs a purely British force.
    if (!battle().melee_unlocked && !melee_by_nelson_) {
      melee_by_nelson_ = true;
      say("Britain uses melee under Nelson: from now on every power may choose it (1.1.2.2)");
    }
    if (!purely_british(s)) continue;
    long long m = 0;
    text::parse_int(answer(orders, s, Duty::Nelson, "0"), m);
    nelson_ = static_cast<int>(std::clamp(m, 0LL, 2LL));
  }
  const std::string& a = chit_[static_cast<std::size_t>(att)];
  const std::string& d = chit_[static_cast<std::size_t>(def)];
  const ChartCell& c = tables().cell(a, d);
  say("Step Two: " + side_name(att) + " chose " + a + ", " + side_name(def) + " chose " + d + ": " +
      side_name(att) + " fires on " + c.attacker + ", " + side_name(def) + " on " + c.defender +
      (c.close ? "; melee closes on a d6 of " + std::to_string(c.close) + " or less, then " +
                     c.closed_attacker + " and " + c.closed_defender
               : std::string()) +
      (nelson_ ? "; Nelson subtracts " + std::to_string(nelson_) + " from the closing roll"
               : std::string()) +
      " (1.1.2.3, 1.1.2.5)");
}

// EiH 1.1.2.4, 1.1.2.4.1, 1.1.2.4.2: both sides reveal their fleets'
// composition and find their final morale.
void Board::reveal() {
  revealed_ = true;
  for (int s : {0, 1})
    for (Fleet* f : engaged_fleets(s)) f->fought = true;
  set_morale();
  for (int s : {battle().attacker, 1 - battle().attacker}) {
    std::vector<std::string> shown;
    for (const Fleet* f : engaged_fleets(s)) shown.push_back(f->id + " " + fleet_token(*f));
    const MoraleLevel m = morale_level(s);
    say("Step Three: " + side_name(s) + "'s forces: " + text::join(shown, "; ") + "; " +
        std::to_string(m.ships) + " ships, final morale " + format(level_of(m)) +
        " (1.1.2.4.1, 1.1.2.4.2)");
  }
}

}  // namespace naumachia::eih_naval
