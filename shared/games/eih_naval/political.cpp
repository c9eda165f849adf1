// Empires in Harm naval combat: political points (1.1.2.7.3), with
// surrenders counted as defeats and victories (1.1.6) and the cost of the
// declarations of war the attacker made (1.1.1.2).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.2.7.3: +1 per fleet of the victorious side to its controlling
// power, -1 per fleet of the losing side, at most 3 either way; draws and
// battles without a victor change nothing; nothing either when the victor
// lost more ships than the loser; Nelson commanding adds one to the gain
// or to the loss (beyond the limit: "extra"). EiH 1.1.6: surrendering
// fleets are losers, and those they surrender to winners; what a battle
// and its surrenders give together never exceeds what a fought battle could.
std::map<std::string, int> political_points(const Tables& t, const PoliticalCase& c) {
  std::map<std::string, int> out;
  for (const PowerInBattle& p : c.powers) {
    if (p.fleets == 0) continue;
    const int per = p.fleets * t.pp_per_fleet;
    const bool won = !p.surrendered && ((c.victor == p.side && c.victory_counts) ||
                                        c.received_surrender[static_cast<std::size_t>(p.side)]);
    const bool lost = p.surrendered || (c.victor == 1 - p.side && c.victory_counts);
    int pts = (won ? per : 0) - (lost ? per : 0);
    pts = std::clamp(pts, -t.pp_cap, t.pp_cap);
    if (p.nelson && pts > 0) pts += t.pp_nelson;
    if (p.nelson && pts < 0) pts -= t.pp_nelson;
    out[p.power] = pts;
  }
  return out;
}

PoliticalCase Board::political_case() const {
  PoliticalCase c;
  c.victor = outcome_ == Outcome::Victory ? victor_ : -1;
  c.victory_counts = victory_counts_;
  for (const std::string& p : surrendered_) {
    for (const Fleet& f : fleets_)
      if (f.surrendered && power(f.nation) == p)
        c.received_surrender[static_cast<std::size_t>(1 - side_of(f))] = true;
  }
  for (const Fleet& f : fleets_) {
    if (!f.fought) continue;
    const std::string p = power(f.nation);
    auto it = std::find_if(c.powers.begin(), c.powers.end(),
                           [&](const PowerInBattle& x) { return x.power == p; });
    if (it == c.powers.end()) {
      c.powers.push_back(PowerInBattle{p, side_of(f), 0, surrendered_.count(p) > 0, false});
      it = c.powers.end() - 1;
    }
    ++it->fleets;
    // Nelson commanded: his fleet fought with Britain in command of the stack.
    const auto s = static_cast<std::size_t>(side_of(f));
    if (f.nelson && p == "britain" && (commander_[s] == "britain" || surrendered_.count(p)))
      it->nelson = true;
  }
  return c;
}

void Board::score() {
  const PoliticalCase c = political_case();
  pp_ = political_points(tables(), c);
  std::vector<std::string> parts;
  for (const PowerInBattle& p : c.powers) {
    const int v = pp_[p.power];
    parts.push_back(nation_name(p.power) + " " + signed_number(v) +
                    (p.nelson && v != 0 ? " (Nelson's 1 included)" : ""));
  }
  for (const Declaration& d : declared_) {
    pp_[d.declarer] -= data_->war_cost;
    parts.push_back(nation_name(d.declarer) + " -" + std::to_string(data_->war_cost) +
                    " for declaring war on " + nation_name(d.enemy));
  }
  std::string why;
  if (c.victor < 0 && !c.received_surrender[0] && !c.received_surrender[1])
    why = ": no victor, no change";
  else if (c.victor >= 0 && !c.victory_counts)
    why = ": the victor lost more ships than the loser, so the victory scores nothing";
  say("Political points (1.1.2.7.3, 1.1.6)" + why + ": " + text::join(parts, "; "));
}

}  // namespace naumachia::eih_naval
