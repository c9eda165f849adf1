// Empires in Harm naval combat: who may fight (1.1.1), the attacker's choice
// of defender (1.1.1.1), who is an enemy and attacking without a declaration
// of war or declaring it (1.1.1.2, footnote [1]), and evasion (1.1.2,
// 1.1.2.1).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

std::string power_of(const Battle& b, const std::string& nation) {
  const auto c = b.control.find(nation);
  return c == b.control.end() ? nation : c->second;
}

bool combined(const Battle& b, const std::string& p, const std::string& q) {
  for (const auto& group : b.combined) {
    if (std::find(group.begin(), group.end(), p) != group.end() &&
        std::find(group.begin(), group.end(), q) != group.end())
      return true;
  }
  return false;
}

bool at_war(const Wars& wars, const std::string& p, const std::string& q) {
  return wars.count(War::between(p, q)) > 0;
}

bool at_war(const Wars& wars, const std::set<std::string>& powers, const std::string& p) {
  return std::any_of(powers.begin(), powers.end(),
                     [&](const std::string& q) { return at_war(wars, q, p); });
}

// EiH 1.1.1.2: a stack may be attacked by powers at war with the power
// controlling it; or, without being at war with it, by powers at war with a
// power whose corps its fleets transport (or could), with one of the fleets
// in combined movement, or with forces it supplies. In those cases the
// attacker may attack without a declaration of war, or declare it.
namespace {

// Nation ids read well enough capitalised ("france" -> "France").
std::string capitalised(const std::string& id) {
  std::string s = id;
  if (!s.empty()) s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

}  // namespace

Enemy may_attack(const Battle& b, const Wars& wars, const std::set<std::string>& attackers,
                 const StackSpec& stack, const std::set<std::string>& powers) {
  Enemy e;
  for (const std::string& p : powers)
    if (!at_war(wars, attackers, p)) e.not_at_war.push_back(p);
  if (e.not_at_war.empty()) {
    e.attack = Attack::AtWar;
    e.why = "at war with every power of the stack (1.1.1.2)";
    return e;
  }
  const auto warring = [&](const std::vector<std::string>& list) -> std::string {
    for (const std::string& p : list)
      if (at_war(wars, attackers, p)) return p;
    return "";
  };
  if (const std::string c = warring(stack.carries); !c.empty()) {
    e.attack = Attack::WithoutDeclaration;
    e.why = "its fleets transport (or could transport) corps of " + capitalised(c) +
            ", at war with the attacker (1.1.1.2)";
    return e;
  }
  for (const std::string& p : powers) {
    for (const auto& group : b.combined) {
      if (std::find(group.begin(), group.end(), p) == group.end()) continue;
      if (const std::string c = warring(group); !c.empty()) {
        e.attack = Attack::WithoutDeclaration;
        e.why = capitalised(p) + " moves in combined movement with " + capitalised(c) +
                ", at war with the attacker (1.1.1.2)";
        return e;
      }
    }
  }
  if (const std::string c = warring(stack.supplying); !c.empty()) {
    e.attack = Attack::WithoutDeclaration;
    e.why = "it supplies forces of " + capitalised(c) + ", at war with the attacker (1.1.1.2)";
    return e;
  }
  e.attack = Attack::Refused;
  e.why = "not at war with " + text::join(e.not_at_war, ", ") +
          ", and the stack neither transports corps nor moves combined with nor supplies a power "
          "at war with the attacker (1.1.1.2)";
  return e;
}

// EiH 1.1.2.1: "If a 1 or 2 is rolled, the non-phasing stack evades."
bool evades(const Tables& t, int roll) {
  return roll <= t.evasion;
}

// EiH 1.1.1: the stacks in the area; the attacker's command (1.1.2.2). In a
// custom battle every power of one side is at war with every power of the
// other.
void Board::open() {
  if (battle().custom) {
    for (const SeatSpec& a : seats_)
      for (const SeatSpec& b : seats_)
        if (a.side != b.side)
          for (const std::string& p : a.powers)
            for (const std::string& q : b.powers) wars_.insert(War::between(p, q));
  }
  std::string where = battle().place;
  if (battle().where == Where::Blockade)
    where = "the blockade box of " + battle().place + ", " + side_name(battle().blockading) +
            " blockading";
  if (battle().where == Where::Port)
    where = "the port of " + battle().place + " (harbour defence " +
            std::to_string(battle().harbour_defence) + ")";
  std::vector<std::string> stacks;
  for (const StackSpec& s : battle().stacks) {
    std::vector<std::string> labels;
    for (const Fleet& f : fleets_)
      if (f.stack == s.id)
        labels.push_back(fleet_label(f) + (f.leader.empty() ? "" : " led by " + f.leader));
    stacks.push_back("stack " + std::to_string(s.id) + ", " + s.name + " (" + side_name(s.side) +
                     "): " + text::join(labels, ", "));
  }
  say("In " + where + ": " + text::join(stacks, "; ") +
      (battle().interception
           ? ". " + side_name(battle().attacker) + " attacks by interception: no evasion (1.1.2)"
           : ". " + side_name(battle().attacker) + " attacks") +
      " (1.1.1, 1.1.1.1)");
  decide_command(battle().attacker);
}

Enemy Board::enemy(int stack) const {
  std::set<std::string> attackers;
  for (const Fleet* f : engaged_fleets(battle().attacker)) attackers.insert(power(f->nation));
  return may_attack(battle(), wars_, attackers, *battle().stack(stack), stack_powers(stack));
}

// EiH 1.1.1, 1.1.1.1: the enemy stacks still in the area that the attacker
// may attack (each stack is one power, or powers in combined movement all at
// war with the attacker: the data hold that).
std::vector<int> Board::attackable() const {
  std::vector<int> out;
  if (engaged_fleets(battle().attacker).empty()) return out;
  for (const StackSpec& s : battle().stacks) {
    if (s.side == battle().attacker || stack_powers(s.id).empty()) continue;
    if (enemy(s.id).attack != Attack::Refused) out.push_back(s.id);
  }
  return out;
}

// EiH 1.1.1.1: the attacker's choice among the stacks it may attack; after
// an evasion (1.1.2), or for a stack it may not attack, none: no battle.
void Board::attack_chosen(const Orders& orders) {
  const int att = battle().attacker;
  const auto eligible = attackable();
  const std::string choice =
      answer(orders, att, Duty::Defender,
             after_evasion_ ? "none" : std::to_string(eligible.empty() ? 0 : eligible[0]));
  long long n = 0;
  if (choice == "none" || !text::parse_int(choice, n) ||
      std::find(eligible.begin(), eligible.end(), static_cast<int>(n)) == eligible.end()) {
    say(side_name(att) + " attacks no other stack (1.1.2)");
    outcome_ = Outcome::NoBattle;
    finish();
    return;
  }
  choose_defender(static_cast<int>(n));
}

void Board::choose_defender(int stack) {
  defending_ = stack;
  const int side = 1 - battle().attacker;
  const StackSpec& s = *battle().stack(stack);
  std::vector<std::string> powers;
  for (const std::string& p : stack_powers(stack)) powers.push_back(nation_name(p));
  say(side_name(battle().attacker) + " attacks " + s.name + " (stack " + std::to_string(stack) +
      ": " + text::join(powers, ", ") + ") (1.1.1.1)");
  decide_command(side);
}

// EiH 1.1.1.2: one declaration per power not at war, each costing the
// political points of 4.4.1; no allies are called.
void Board::declare_war() {
  const std::string& declarer = commander_[static_cast<std::size_t>(battle().attacker)];
  for (const std::string& p : enemy(defending_).not_at_war) {
    wars_.insert(War::between(declarer, p));
    declared_.push_back(Declaration{declarer, p});
    say(nation_name(declarer) + " declares war on " + nation_name(p) + ": " +
        std::to_string(data_->war_cost) + " political point(s) lost (1.1.1.2, 4.4.1)");
  }
}

// EiH 1.1.2.1: the commander of the evading stack rolls a d6; on a 1 or 2
// the stack evades and retreats as the loser of a combat would, the
// attacker counting as the winner for the retreat (and may pursue).
void Board::attempt_evasion() {
  const int side = 1 - battle().attacker;
  const std::string& who = commander_[static_cast<std::size_t>(side)];
  const auto first = rolls_so_far();
  const int die = roll(6, nation_name(who) + "'s evasion roll (1.1.2.1)");
  const bool ok = evades(tables(), die);
  said_with_rolls(nation_name(who) + " tries to evade with " + battle().stack(defending_)->name +
                      " and rolls " + std::to_string(die) +
                      (ok ? ": the stack evades; no political points (1.1.2.1)"
                          : ": the evasion fails and the combat is fought (1.1.2.1)"),
                  first);
  if (!ok) return;
  for (Fleet& f : fleets_)
    if (f.stack == defending_ && !f.surrendered) f.evaded = true;
  evading_ = defending_;
  defending_ = 0;
  commander_[static_cast<std::size_t>(side)].clear();
}

}  // namespace naumachia::eih_naval
