// Tyre: naval melee (6.2).
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

bool Board::has_melee(Side s) const {
  for (const auto& [id, a] : ships_) {
    if (a.side != s || !can_attack(a)) continue;
    for (const auto& [tid, t] : ships_) {
      if (t.side != s && melee_problem(a, t).empty()) return true;
    }
  }
  return false;
}

bool Board::can_attack(const Ship& s) const {
  // 6.32: a ship disrupted in the previous impulse may only defend.
  return s.on_map && !s.sunk && !is_disrupted(s);
}

bool Board::in_port_or_beach(HexId h) const {
  const Terrain t = sc_->map.terrain(h);
  return t == Terrain::Beach || t == Terrain::TyrianPort || t == Terrain::MainlandPort;
}

// Why `a` may not melee `t`, or "".
std::string Board::melee_problem(const Ship& a, const Ship& t) const {
  if (!t.on_map || t.sunk) return cited(t.id + " is not on the map", "6.21");
  if (a.fireship || t.fireship)
    return "the fireship neither attacks nor is attacked in melee (14.42)";
  if (t.side == a.side) return cited("a ship may not attack a friendly ship", "6.21");
  if (hex::distance(a.hex, t.hex) != 1) return a.id + " is not next to " + t.id + " (6.21)";
  if (in_port_or_beach(a.hex) || in_port_or_beach(t.hex))
    return "no naval melee in a beach or home port hex (6.26)";
  if (!a.pinned_with.empty() && a.pinned_with != t.id)
    return a.id + " is pinned to " + a.pinned_with + " and may melee only with it (6.27)";
  if (!t.pinned_with.empty() && t.pinned_with != a.id)
    return t.id + " is pinned to " + t.pinned_with + " and may melee only with it (6.27)";
  const bool parallel = a.facing == t.facing || a.facing == hex::opposite(t.facing);
  if (!parallel && a.pinned_with != t.id)
    return a.id + " and " + t.id + " are neither parallel nor pinned together (6.21)";
  return "";
}

Expected<std::string> Board::melee_line(Side side, const std::string& line,
                                        std::set<std::string>& ordered, Claims& claims) {
  auto parts = split_line(line);
  if (!parts) return unexpected(parts.error());
  std::vector<std::string> attackers;
  for (auto w : text::split(parts->first, " ,+&")) {
    std::string id(w);
    if (text::lower(id) == "and") continue;
    attackers.push_back(id);
  }
  const auto words = text::split(parts->second);
  if (words.size() != 2 || text::lower(words[0]) != "attack")
    return fail("a melee order is 'SHIP: attack TARGET' or 'SHIP SHIP: attack TARGET' (6.2)");
  std::string target(words[1]);
  target = text::upper(target);
  const auto t = ships_.find(target);
  if (t == ships_.end()) return fail(cited("there is no ship " + target, order_notation()));

  for (const std::string& id : attackers) {
    const Ship* a = own_ship(side, id);
    if (!a) return fail(ship_problem(side, id));
    if (!can_attack(*a)) return fail(id + " is disrupted and may only defend (6.32)");
    if (!ordered.insert(id).second) return fail(id + " attacks only once per impulse (6.23)");
    if (auto why = melee_problem(*a, t->second); !why.empty()) return fail(why);
  }
  if ((claims.attackers[target] += static_cast<int>(attackers.size())) > 2)
    return fail("no more than two ships may attack " + target + " (6.23)");
  return text::join(attackers, " ") + ": attack " + target;
}

void Board::play_melee(const std::map<PlayerId, OrderSet>& orders) {
  // 6.23: attacks on one target by one side are combined into one melee.
  std::map<std::pair<int, std::string>, Attack> attacks;
  for (const auto& [player, set] : orders) {
    for (const std::string& line : set.lines) {
      const auto parts = split_line(line);
      if (!parts) continue;
      const std::string target(text::split(parts->second)[1]);
      Attack& a = attacks[{player.value, target}];
      a.side = static_cast<Side>(player.value);
      a.target = target;
      for (auto w : text::split(parts->first)) a.attackers.emplace_back(w);
    }
  }
  // 6.24: every attack is resolved before any result is applied.
  std::vector<std::pair<std::string, MeleeEffect>> results;
  for (const auto& [key, a] : attacks) {
    int strength = 0;
    for (const std::string& id : a.attackers) {
      const Ship& s = ships_.at(id);
      strength += values(s).melee + best_leader(s, &Leader::melee) -
                  (siege_ && transporting(s) ? 2 : 0);  // 6.22, 16.32, 8.0
    }
    const Ship& t = ships_.at(a.target);
    const int defence =
        values(t).melee + best_leader(t, &Leader::melee) - (siege_ && transporting(t) ? 2 : 0);
    const int roll =
        dice_->roll(6, "naval melee: " + text::join(a.attackers, "+") + " against " + a.target);
    const MeleeEffect effect = sc_->tables.melee(strength - defence, roll);
    said_with_last_roll(text::join(a.attackers, " and ") + " (" + std::to_string(strength) +
                        ") attack " + a.target + " (" + std::to_string(defence) +
                        "), differential " + std::to_string(strength - defence) + ": " +
                        effect_name(effect) + " (6.5)");
    results.emplace_back(a.target, effect);
  }
  for (const auto& [id, effect] : results) {
    Ship& t = ships_.at(id);
    if (t.sunk) continue;
    switch (effect) {
      case MeleeEffect::None:
        break;
      case MeleeEffect::Disrupted:
        t.disrupted_in = abs_impulse() + 1;
        say(t.id + " is disrupted for the next impulse (6.32)");
        break;
      case MeleeEffect::Damaged:
        damage(t);
        break;
      case MeleeEffect::Sunk:
        sink(t);
        break;
    }
  }
}

}  // namespace naumachia::tyre
