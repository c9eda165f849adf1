// Empires in Harm naval combat: surrender (1.1.6, footnote [6]). Before a
// round the commanding power of a stack may surrender; if and only if it
// does, the other powers of the stack each decide; a surrendering power
// gives up its fleets, corps and leaders and those of its minors to the
// enemy's commander; corps the remaining fleets cannot transport surrender
// too.
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.6: before a round each commanding power surrenders or fights. If
// both offer to surrender, neither can take the other's surrender (a
// reading): the battle ends without a victor. The other powers of a stack
// whose commander surrendered decide next (Phase::Follow).
void Board::offer_surrenders(const Orders& orders) {
  const int att = battle().attacker, def = 1 - att;
  std::array<bool, 2> gives{};
  for (int s : {att, def})
    gives[static_cast<std::size_t>(s)] = answer(orders, s, Duty::Surrender, "no") == "yes";
  if (gives[0] && gives[1]) {
    say("Both commanders offer to surrender before the same round: neither surrender can be "
        "taken, and the battle ends without a victor (1.1.6)");
    outcome_ = Outcome::Inconclusive;
    return;
  }
  for (int s : {att, def}) {
    if (!gives[static_cast<std::size_t>(s)]) continue;
    const std::string cmd = commander_[static_cast<std::size_t>(s)];
    surrender(cmd);
    for (const Fleet* f : engaged_fleets(s)) {
      const std::string p = power(f->nation);
      if (seat_of(p) && std::find(follow_.begin(), follow_.end(), p) == follow_.end())
        follow_.push_back(p);
    }
  }
  if (follow_.empty() && (gives[0] || gives[1])) after_surrenders(gives);
}

// EiH 1.1.6: each power of a stack whose commander surrendered decides for
// itself ('surrender POWER yes|no', or the seat's 'surrender yes|no').
void Board::follow_surrenders(const Orders& orders) {
  std::array<bool, 2> gave{};
  for (const std::string& p : std::vector<std::string>(follow_)) {
    const auto seat = seat_of(p);
    std::string choice = "no";
    const OrderSet mine = seat ? orders_of(orders, *seat) : OrderSet{};
    for (const std::string& line : mine.lines) {
      const auto w = text::split(line);
      if (w.size() == 2 && w[0] == "surrender") choice = std::string(w[1]);
      if (w.size() == 3 && w[0] == "surrender" && w[1] == p) {
        choice = std::string(w[2]);
        break;
      }
    }
    for (const Fleet& f : fleets_)
      if (engaged(f) && power(f.nation) == p) gave[static_cast<std::size_t>(side_of(f))] = true;
    if (choice == "yes")
      surrender(p);
    else
      say(nation_name(p) + " fights on (1.1.6)");
  }
  follow_.clear();
  after_surrenders(gave);
}

void Board::surrender(const std::string& p) {
  int side = -1;
  std::vector<std::string> names;
  Ships given;
  for (Fleet& f : fleets_) {
    if (!engaged(f) || power(f.nation) != p) continue;
    side = side_of(f);
    const auto s = static_cast<std::size_t>(side);
    f.yielded = f.ships + f.damaged;
    given += f.yielded;
    f.ships = f.damaged = Ships{};
    f.surrendered = true;
    f.taken_by = commander_[1 - s];
    if (!f.leader.empty() && f.leader_fate.empty()) f.leader_fate = "taken prisoner";
    names.push_back(fleet_label(f));
  }
  if (side < 0) return;
  surrendered_.insert(p);
  std::string corps;
  for (Corps& c : corps_) {
    if (power(c.nation) != p || c.surrendered == c.factors) continue;
    c.surrendered = c.factors;
    corps += ", a corps of " + std::to_string(c.factors) + " " + nation_name(c.nation) +
             " army factor(s)";
  }
  say(nation_name(p) + " surrenders " + text::join(names, ", ") + " with " + ships_text(given) +
      corps + " to " + nation_name(commander_[static_cast<std::size_t>(1 - side)]) + " (1.1.6)");
}

// EiH 1.1.6: army factors the fleets of a stack that did not surrender can
// no longer transport (their transporting fleets surrendered, and the others
// have no room: `transport` factors a fleet) surrender as well. The remaining
// fleets of the stack take on what they can, in the order the corps are
// listed.
void Board::transported_corps() {
  for (const StackSpec& stack : battle().stacks) {
    int fleets = 0, load = 0;
    std::set<std::string> carriers;
    for (const Fleet& f : fleets_)
      if (f.stack == stack.id && !f.surrendered) {
        ++fleets;
        carriers.insert(f.id);
      }
    const auto on_stack = [&](const Corps& c) {
      for (const Fleet& f : fleets_)
        if (f.id == c.fleet) return f.stack == stack.id;
      return false;
    };
    for (const Corps& c : corps_)
      if (on_stack(c) && carriers.count(c.fleet)) load += c.factors - c.surrendered;
    int room = fleets * battle().transport - load;
    for (Corps& c : corps_) {
      if (!on_stack(c) || carriers.count(c.fleet) || c.surrendered == c.factors) continue;
      const int aboard = c.factors - c.surrendered;
      const int keep = std::clamp(room, 0, aboard);
      room -= keep;
      if (keep < aboard) {
        c.surrendered += aboard - keep;
        say(std::to_string(aboard - keep) + " " + nation_name(c.nation) +
            " army factor(s) can no longer be transported and surrender (1.1.6)");
      }
      if (keep > 0)
        for (const Fleet& f : fleets_)
          if (carriers.count(f.id)) {
            c.fleet = f.id;
            say(std::to_string(keep) + " " + nation_name(c.nation) + " army factor(s) go aboard " +
                fleet_label(f) + " (1.1.6)");
            break;
          }
    }
  }
}

// EiH 1.1.6 after the decisions of a step: a side with nothing left has
// surrendered, and the other is the victor; otherwise the powers still in
// the battle find their commander again (1.1.2.2).
void Board::after_surrenders(const std::array<bool, 2>& commander_surrendered) {
  transported_corps();
  for (int side : {0, 1}) {
    if (!commander_surrendered[static_cast<std::size_t>(side)]) continue;
    if (engaged_fleets(side).empty()) {
      outcome_ = Outcome::Victory;
      victor_ = 1 - side;
      victory_counts_ = true;
      say(side_name(side) + " has surrendered: " + side_name(victor_) + " is the victor (1.1.6)");
    } else {
      // Reading 5: the rest fight on, their morale found again over what is
      // left (1.1.2.4.2), the losses so far unchanged.
      const MoraleLevel m = present_morale(side);
      morale_sum_[static_cast<std::size_t>(side)] = m.sum;
      morale_ships_[static_cast<std::size_t>(side)] = m.ships;
      decide_command(side);
      say(side_name(side) + " fights on: final morale now " + format(level_of(m)) +
          ", morale loss " + format(loss_[static_cast<std::size_t>(side)]) + " (1.1.2.4.2, 1.1.6)");
    }
  }
}

}  // namespace naumachia::eih_naval
