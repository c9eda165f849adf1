// Constantinople: naval melee (15.2), simultaneous and secret until both
// players commit, results applied after every attack is resolved (15.25),
// on the Naval Melee CRT (15.41, 15.3).
#include <algorithm>

#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// 15.22: adjacent, and either engaged together or side to side (each ship's
// port or starboard faces the other). Ships at anchor are never attacked (14.19).
bool Board::may_melee(const Ship& a, const Ship& t) const {
  if (!afloat(a) || !afloat(t) || a.side == t.side || hex::distance(a.hex, t.hex) != 1)
    return false;
  if (at_anchor(a) || at_anchor(t)) return false;
  if (a.engaged == t.id) return true;
  return galley::aspect({a.hex, a.facing}, t.hex) == galley::Aspect::Broadside &&
         galley::aspect({t.hex, t.facing}, a.hex) == galley::Aspect::Broadside;
}

std::vector<const Ship*> Board::melee_targets(const Ship& a) const {
  std::vector<const Ship*> out;
  for (const auto& [id, t] : ships_) {
    if (may_melee(a, t)) out.push_back(&t);
  }
  return out;
}

bool Board::across_boom(const Ship& a, const Ship& t) const {
  const auto b = sc_->map.boom(a.hex, t.hex);
  return b && *b != BoomKind::Permanent && !boom_broken_;
}

bool Board::has_melee(Side side) const {
  for (const auto& [id, s] : ships_) {
    if (s.side == side && s.ineffective_in != abs_impulse() && !melee_targets(s).empty())
      return true;
  }
  return false;
}

// "VENICE: attack G1 2, T1 1, F3 5" or "G1: attack VENICE".
Expected<std::string> Board::melee_line(Side side, const std::string& line, Allotment& allot) {
  auto parts = split_line(line);
  if (!parts) return fail(parts.error().message);
  const auto& [id, rest] = *parts;
  const Ship* a = own_ship(side, id);
  if (!a || !afloat(*a))
    return fail(a ? cited(id + " is not on the map", "15.21") : ship_problem(side, id));
  if (allot.count(id)) return fail(cited("a second melee order for " + id, order_notation()));

  if (a->ineffective_in == abs_impulse())
    return fail(id + " is Ineffective: it may defend but not attack (15.33)");
  std::string body = rest;
  if (text::lower(body).rfind("attack ", 0) != 0)
    return fail("a melee order is 'SHIP: attack TARGET' or 'SHIP: attack T1 N, T2 N' (15.24)");
  body = body.substr(7);
  const auto targets = melee_targets(*a);
  std::map<std::string, int> mine;
  bool counted = false;
  for (auto piece : text::split(body, ",")) {
    const auto w = text::split(piece);
    if (w.empty() || w.size() > 2)
      return fail("'" + std::string(piece) + "' is not 'TARGET [POINTS]' (15.24)");
    const std::string t = text::upper(w[0]);
    if (std::none_of(targets.begin(), targets.end(), [&](const Ship* x) { return x->id == t; }))
      return fail(id + " may not melee " + t +
                  ": ships melee side to side or when engaged (15.21, 15.22)");
    long long n = -1;
    if (w.size() == 2 && (!text::parse_int(w[1], n) || n < 0 || n > 20))
      return fail("'" + std::string(w[1]) + "' is not a number of melee points (15.24)");
    if (w.size() == 2) counted = true;
    if (!mine.emplace(t, static_cast<int>(n)).second) return fail(t + " is named twice (15.24)");
  }
  const int strength = values(*a).melee;
  if (mine.size() != targets.size()) {
    std::vector<std::string> names;
    for (const Ship* t : targets) names.push_back(t->id);
    return fail(id + " is next to " + text::join(names, ", ") +
                ": it attacks all of them or none (15.24)");
  }
  if (mine.size() == 1) {
    // 15.24: against a sole enemy a ship always uses its whole strength.
    auto& p = mine.begin()->second;
    if (p >= 0 && p != strength)
      return fail(id + " attacks a sole enemy with its whole strength, " +
                  std::to_string(strength) + " (15.24)");
    p = strength;
  } else {
    if (!counted)
      return fail(id + " splits its " + std::to_string(strength) +
                  " melee points among its targets: 'attack T1 N, T2 N' (15.24)");
    int sum = 0;
    for (const auto& [t, p] : mine) {
      if (p < 0) return fail("give " + t + " a number of points (15.24)");
      sum += p;
    }
    if (sum != strength)
      return fail(id + " has " + std::to_string(strength) + " melee points to split, not " +
                  std::to_string(sum) + " (15.24)");
    if (strength < static_cast<int>(mine.size())) {
      // 15.24: fewer points than enemies: the strongest at 0, the rest at 1.
      int weakest_zero = 1000, strongest_one = -1;
      for (const auto& [t, p] : mine) {
        if (p > 1) return fail(id + " has fewer points than enemies: 0 or 1 to each (15.24)");
        const int d = melee_defence(ships_.at(t));
        if (p == 0) weakest_zero = std::min(weakest_zero, d);
        if (p == 1) strongest_one = std::max(strongest_one, d);
      }
      if (strongest_one > weakest_zero)
        return fail(id + " must attack the strongest ships at 0 and the rest at 1 (15.24)");
    }
  }
  allot[id] = mine;
  std::vector<std::string> words;
  for (const auto& [t, p] : mine)
    words.push_back(mine.size() == 1 ? t : t + " " + std::to_string(p));
  return id + ": attack " + text::join(words, ", ");
}

namespace {

struct Battle {
  std::vector<std::string> attackers;
  int strength = 0;
  bool split = false;  // some attacker split its strength voluntarily
};

std::map<std::string, Battle> battles_of(const Board& b, const Allotment& allot) {
  std::map<std::string, Battle> out;
  for (const auto& [a, targets] : allot) {
    const int strength = b.values(b.ships_.at(a)).melee;
    for (const auto& [t, p] : targets) {
      Battle& x = out[t];
      x.attackers.push_back(a);
      x.strength += p;
      // A voluntary split brings the -3 floor; a ship with fewer points than
      // enemies splits as 15.24 prescribes, without it.
      if (targets.size() > 1 && strength >= static_cast<int>(targets.size())) x.split = true;
    }
  }
  return out;
}

}  // namespace

// 15.24: at most four attackers on a ship; splitting, no attack below -3
// (unless the ship has fewer points than enemies).
std::optional<std::string> Board::allotment_problem(Side, const Allotment& allot) const {
  for (const auto& [t, x] : battles_of(*this, allot)) {
    if (x.attackers.size() > 4) return "at most four ships attack " + t + " (15.24)";
    const Ship& target = ships_.at(t);
    int defence = melee_defence(target);
    for (const auto& a : x.attackers) {
      if (across_boom(ships_.at(a), target)) {
        ++defence;
        break;
      }
    }
    if (x.split && x.strength - defence < -3)
      return "the attack on " + t + " would be at " + std::to_string(x.strength - defence) +
             ": when splitting, the lowest voluntary differential is -3 (15.24)";
  }
  return std::nullopt;
}

void Board::play_melee(const Orders& orders) {
  std::vector<std::pair<std::string, MeleeResult>> results;
  int at_boom = 0;
  for (Side side : {Side::Ottoman, Side::Byzantine}) {
    const auto it = orders.find(PlayerId{static_cast<int>(side)});
    if (it == orders.end()) continue;
    Allotment allot;
    for (const std::string& line : it->second.lines) {
      if (auto r = melee_line(side, line, allot); !r)
        say("melee order '" + line + "' void: " + r.error().message);
    }
    std::set<std::string> boom_attackers;
    for (const auto& [t, x] : battles_of(*this, allot)) {
      const Ship& target = ships_.at(t);
      // 15.23: the attackers' points less the defender's; 15.26 leaders and
      // 15.63 the Boom add to the defence only.
      int defence = melee_defence(target);
      std::string notes = target.leader.empty() ? "" : ", +1 " + target.leader + " (15.26)";
      for (const auto& a : x.attackers) {
        if (across_boom(ships_.at(a), target)) {
          if (side == Side::Ottoman) boom_attackers.insert(a);
          if (notes.find("Boom") == std::string::npos) {
            ++defence;
            notes += ", +1 through the Boom (15.63)";
          }
        }
      }
      const int diff = x.strength - defence;
      const int r = roll(6, "melee: " + text::join(x.attackers, "+") + " against " + t);
      const MeleeResult res = sc_->tables.melee_result(diff, r);
      static const char* const kNames[] = {"no effect", "Ineffective", "Damaged", "Lose One"};
      said_with_last_roll(text::join(x.attackers, " and ") + " (" + std::to_string(x.strength) +
                          ") attack " + t + " (" + std::to_string(defence) + notes +
                          "): differential " + (diff > 0 ? "+" : "") + std::to_string(diff) +
                          ", rolled " + std::to_string(r) + ": " + kNames[static_cast<int>(res)] +
                          " (15.23, 15.41)");
      results.emplace_back(t, res);
    }
    if (side == Side::Ottoman) at_boom = static_cast<int>(boom_attackers.size());
  }
  // 15.25: every result is applied after both players have attacked.
  for (const auto& [t, res] : results) {
    Ship& s = ships_.at(t);
    if (s.sunk) continue;
    if (res == MeleeResult::Ineffective) {
      s.ineffective_in = abs_impulse() + 1;
      say(t + " is Ineffective: half movement and no attack next impulse (15.33)");
    } else if (res == MeleeResult::Damaged) {
      damage(s, "melee, 15.41");
    } else if (res == MeleeResult::LoseOne) {
      lose_one(s);
    }
  }
  // 17.1: three or more Ottoman ships attacking across the Boom.
  if (at_boom >= 3 && !boom_broken_) {
    ++boom_assaults_;
    say(std::to_string(at_boom) +
        " Ottoman ships assault the Boom (17.1: " + std::to_string(boom_assaults_) +
        " successive Combat Segment" + (boom_assaults_ > 1 ? "s" : "") + ")");
    if (boom_assaults_ >= 2 && !portage_earned_) {
      portage_earned_ = true;
      say("two successive assaults on the Boom: the Great Portage may be tried from Game-Turn 6 "
          "(17.1)");
    }
  } else {
    boom_assaults_ = 0;
  }
}

}  // namespace naumachia::constantinople
