// Empires in Harm naval combat: the die roll modifiers of a round (1.1.2.6,
// footnote [3]): odds in numbers, heavy ship superiority, a force of light
// ships only, several Major Powers, several minor countries; the total held
// within the limits. Recalculated every round from the ships taking part
// (undamaged ones).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

// The modifier of the largest step `mine` reaches against `theirs` ("at
// least R to 1"), and the step; none when `mine` is not the larger.
const RatioStep* reached(const std::vector<RatioStep>& steps, int mine, int theirs) {
  const RatioStep* best = nullptr;
  if (mine <= theirs) return best;
  for (const RatioStep& s : steps) {
    // mine / theirs >= ratio / 100, exactly; against none, every step.
    if (static_cast<long long>(mine) * 100 >= static_cast<long long>(s.ratio.value) * theirs)
      best = &s;
  }
  return best;
}

}  // namespace

std::string Modifiers::text() const {
  std::vector<std::string> out;
  for (const Modifier& m : parts) out.push_back(m.why + " " + signed_number(m.value));
  std::string s = out.empty() ? "no modifiers" : naumachia::text::join(out, ", ");
  if (total != raw) s += ", limited to " + signed_number(total);
  return s;
}

// EiH 1.1.2.6: "the Odds in numbers, Multiple Major Powers, Multiple minor
// powers, force containing only light ships (6.2.2) and heavy ship
// superiority (6.2.1) ... Final modifiers to the Naval Combat Table may
// never exceed -2/+2". Odds count every ship taking part (footnote [3]: 45
// British ships to 10 give the largest step).
Modifiers round_modifiers(const Tables& t, const Force& own, const Force& enemy) {
  Modifiers m;
  const int mine = own.ships.total(), theirs = enemy.ships.total();
  if (const RatioStep* s = reached(t.odds, mine, theirs))
    m.parts.push_back({"odds " + std::to_string(mine) + " to " + std::to_string(theirs) +
                           " (at least " + format(s->ratio) + " to 1)",
                       s->modifier});
  const int heavy = own.ships[ShipType::Heavy], their_heavy = enemy.ships[ShipType::Heavy];
  if (const RatioStep* s = reached(t.heavy_superiority, heavy, their_heavy))
    m.parts.push_back(
        {"heavy superiority " + std::to_string(heavy) + " to " + std::to_string(their_heavy),
         s->modifier});
  // 6.2.2: a force of light ships only: no heavy ship (reading 16: galleys
  // are not heavy).
  if (mine > 0 && heavy == 0) m.parts.push_back({"light ships only", t.light_only});
  if (own.majors.size() > 1) m.parts.push_back({"several Major Powers", t.multiple_majors});
  if (own.minors.size() > 1) m.parts.push_back({"several minor countries", t.multiple_minors});
  for (const Modifier& x : m.parts) m.raw += x.value;
  m.total = std::clamp(m.raw, t.clamp_min, t.clamp_max);
  return m;
}

}  // namespace naumachia::eih_naval
