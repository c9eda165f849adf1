// Empires in Harm naval combat: what a seat sees (every stack and fleet
// counter; the ships of its own side, and of the enemy only from Step Three,
// 1.1.2.4.1), what a position hides (secrets), the candidate orders random
// play draws from, and the order help of each step.
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

std::string signed_number(int v) {
  return (v > 0 ? "+" : "") + std::to_string(v);
}

}  // namespace

std::vector<Secret> Board::secrets() const {
  std::vector<Secret> out;
  if (phase_ == Phase::Over) return out;
  for (const Fleet& f : fleets_)
    if (!revealed(f)) out.push_back({fleet_token(f), side_audience(side_of(f))});
  return out;
}

View Board::view(std::optional<int> seat) const {
  View v;
  v.board_kind = "list";
  const bool all = !seat || phase_ == Phase::Over;
  const int mine = seat ? side_of_seat(*seat) : -1;
  const auto sees = [&](const Fleet& f) { return all || side_of(f) == mine || revealed(f); };
  for (const StackSpec& s : battle().stacks) {
    Cell c;
    c.id = "stack " + std::to_string(s.id);
    std::string role;
    if (s.id == attacking_stack()) role = ", attacking";
    if (s.id == defending_) role = ", defending";
    if (s.id == evading_) role = ", evading";
    c.label = s.name + " (" + side_name(s.side) + role + ")";
    for (const Fleet& f : fleets_) {
      if (f.stack != s.id) continue;
      Token t;
      const auto owner = seat_of(power(f.nation));
      t.owner = owner ? *owner : -1;
      t.kind = "fleet";
      t.label = fleet_label(f);
      if (sees(f)) {
        t.marks.push_back(fleet_token(f));
        t.marks.push_back("undamaged " + ships_text(f.ships));
        const std::pair<const char*, const Ships*> states[] = {
            {"damaged", &f.damaged},
            {"taken by the enemy", &f.taken},
            {"sunk", &f.sunk},
            {"damaged in port", &f.saved},
            {"prizes brought in by the enemy", &f.prizes},
            {"surrendered", &f.yielded}};
        for (const auto& [what, ships] : states)
          if (!ships->empty()) t.marks.push_back(std::string(what) + " " + ships_text(*ships));
      } else {
        t.marks.push_back("ships hidden until Step Three (1.1.2.4.1)");
      }
      if (!f.leader.empty())
        t.marks.push_back("leader " + f.leader + (f.nelson ? " (Nelson)" : "") +
                          (f.leader_fate.empty() ? "" : ", " + f.leader_fate));
      for (const Corps& k : corps_)
        if (k.fleet == f.id)
          t.marks.push_back(
              "transports " + std::to_string(k.factors - k.surrendered) + " " +
              nation_name(k.nation) + " army factor(s)" +
              (k.surrendered ? " (" + std::to_string(k.surrendered) + " surrendered)" : ""));
      if (f.evaded) t.marks.push_back("evaded");
      if (f.surrendered) t.marks.push_back("surrendered to " + nation_name(f.taken_by));
      if (!f.at.empty()) t.marks.push_back("went " + f.at);
      if (phase_ == Phase::Over && f.ships.empty() && !f.evaded)
        t.marks.push_back("counter removed (1.1.2.11)");
      c.tokens.push_back(std::move(t));
    }
    v.cells.push_back(std::move(c));
  }
  const Battle& b = battle();
  v.notes.push_back(b.title);
  std::string where = std::string(b.where == Where::Sea        ? "Open sea: "
                                  : b.where == Where::Blockade ? "Blockade box: "
                                                               : "Port raid: ") +
                      b.place;
  if (b.where == Where::Blockade) where += ", " + side_name(b.blockading) + " blockading";
  if (b.where == Where::Port)
    where += ", harbour defence " + std::to_string(b.harbour_defence) + ", held by " +
             nation_name(b.port_controller);
  v.notes.push_back(where + "; " + side_name(b.attacker) + " attacks" +
                    (b.interception ? " by interception (no evasion)" : ""));
  v.notes.push_back(label());
  for (int s : {0, 1}) {
    const auto i = static_cast<std::size_t>(s);
    std::string n = side_name(s) + ":";
    if (!commander_[i].empty()) n += " commanded by " + nation_name(commander_[i]) + ";";
    if (revealed_) {
      n += " final morale " + format(level_of(morale_level(s))) + ", morale loss " +
           format(loss_[i]) + ", ships lost " + std::to_string(lost_[i]);
      if (!chit_[i].empty()) n += ", chit " + chit_[i];
    } else if (all || s == mine) {
      Ships own;
      for (const Fleet& f : fleets_)
        if (side_of(f) == s) own += f.ships;
      n += " " + ships_text(own) + " (hidden from the enemy)";
    }
    v.notes.push_back(n);
  }
  v.notes.push_back(std::string("Melee: ") +
                    (b.melee_unlocked || melee_by_nelson_
                         ? "open to every power"
                         : "only Britain with a stack commanded by Nelson (1.1.2.2)") +
                    (closed_ ? "; the fleets have closed (1.1.2.5.1)" : "") +
                    (nelson_ ? "; Nelson's closing modifier " + std::to_string(nelson_) : ""));
  if (revealed_) v.notes.push_back("Rounds fought: " + std::to_string(round_) + " of 3");
  if (guns_) v.notes.push_back("The harbour defences fire (1.1.4.1)");
  if (no_reply_) v.notes.push_back("The raided side is broken and cannot reply (1.1.4.1.1)");
  std::vector<std::string> wars;
  for (const War& w : wars_) wars.push_back(nation_name(w.first) + "-" + nation_name(w.second));
  v.notes.push_back("At war: " + (wars.empty() ? std::string("none") : text::join(wars, ", ")));
  for (const Allocation& a : pending_) {
    std::vector<std::string> names;
    for (const std::string& c : a.candidates) names.push_back(c);
    v.notes.push_back(side_name(a.side) + ": " + std::to_string(a.odd) + " odd loss(es) (" +
                      a.cause + ") among " + text::join(names, ", ") + " (1.1.7)");
  }
  for (int s : {0, 1}) {
    std::vector<std::string> ports;
    for (const PortSpec& p : b.ports)
      if (p.side == s)
        ports.push_back(p.id + " (" + p.name + ", " + std::to_string(p.distance) + " MP" +
                        (p.powers.empty() ? "" : ", for " + text::join(p.powers, " ")) +
                        (p.blockaded ? ", blockaded" : "") + ")");
    v.notes.push_back("Ports of " + side_name(s) + ": " + text::join(ports, ", "));
  }
  if (seat) {
    for (const auto& [holder, ships] : held_damaged()) {
      const auto s = seat_of(holder);
      if (s && *s == *seat)
        v.notes.push_back(nation_name(holder) + " holds damaged ships: " + ships_text(ships) +
                          " (1.1.2.10)");
    }
  }
  if (!pp_.empty()) {
    std::vector<std::string> pts;
    for (const auto& [p, n] : pp_) pts.push_back(nation_name(p) + " " + signed_number(n));
    v.notes.push_back("Political points: " + text::join(pts, ", "));
  }
  if (phase_ == Phase::Over) v.notes.push_back(result_);
  return v;
}

std::vector<std::vector<std::string>> Board::candidates(int seat) const {
  std::vector<std::vector<std::string>> groups;
  const int side = seat < static_cast<int>(seats_.size()) ? side_of_seat(seat) : 0;
  for (const std::string& d : duties(seat)) {
    if (d == "fleet") {
      std::set<std::string> taken;
      for (const Fleet& f : fleets_) taken.insert(f.nation);
      std::vector<const Nation*> free;
      for (const Nation& n : data_->nations)
        if (n.major && !taken.count(n.id) && free.size() < 2) free.push_back(&n);
      for (const Nation& n : data_->nations)
        if (!n.major && !taken.count(n.id) && free.size() < 3) free.push_back(&n);
      int k = 0;
      for (const Nation* n : free) {
        std::vector<std::string> g;
        const std::string head = "fleet " + n->id + " \"" + n->name + " squadron " +
                                 std::to_string(seat + 1) + "-" + std::to_string(++k) + "\" ";
        for (const char* ships : {"heavy 8 light 3 galleys 0", "heavy 14 light 4 galleys 0",
                                  "heavy 5 light 5 galleys 2", "heavy 0 light 6 galleys 0",
                                  "heavy 20 light 2 galleys 0"})
          g.push_back(head + ships);
        if (n->id == "britain") g.push_back(head + "heavy 12 light 3 galleys 0 nelson");
        groups.push_back(g);
      }
    } else if (d == "defender") {
      std::vector<std::string> g;
      for (int s : attackable()) g.push_back("defender " + std::to_string(s));
      if (after_evasion_) g.push_back("defender none");
      groups.push_back(g);
    } else if (d == "war" || d == "evade" || d == "guns" || d == "enter") {
      groups.push_back({d + " yes", d + " no"});
    } else if (d == "chit") {
      std::vector<std::string> g;
      for (const std::string& c : tables().chits)
        if (c != "melee" || melee_allowed(side)) g.push_back("chit " + c);
      groups.push_back(g);
    } else if (d == "nelson") {
      groups.push_back({"nelson 0", "nelson 1", "nelson 2"});
    } else if (d == "surrender") {
      if (phase_ == Phase::Follow)
        groups.push_back({"surrender yes", "surrender no"});
      else
        groups.push_back({"surrender no", "surrender no", "surrender no", "surrender no",
                          "surrender no", "surrender no", "surrender no", "surrender no",
                          "surrender no", "surrender no", "surrender no", "surrender yes"});
    } else if (d == "odd") {
      for (const Allocation& a : pending_) {
        if (a.side != side) continue;
        for (int i = 0; i < a.odd; ++i) {
          std::vector<std::string> g;
          for (const std::string& c : a.candidates) g.push_back("odd " + c);
          groups.push_back(g);
        }
      }
    } else if (d == "chase") {
      groups.push_back({"chase yes", "chase yes", "chase no"});
    } else if (d == "retreat") {
      const RetreatCase rc = retreat_case();
      std::vector<std::string> g;
      const bool stay = rc.may_stay[static_cast<std::size_t>(side)];
      for (const PortSpec* p : retreat_ports(side, !stay)) g.push_back("retreat " + p->id);
      if (stay) g.push_back("retreat stay");
      groups.push_back(g);
    } else if (d == "pursue") {
      std::vector<std::string> g{"pursue all", "pursue none"};
      const RetreatCase rc = retreat_case();
      for (const Fleet* f : engaged_fleets(rc.pursuing)) {
        const auto s = seat_of(power(f->nation));
        if (s && *s == seat) g.push_back("pursue " + text::lower(f->id));
      }
      groups.push_back(g);
    } else if (d == "withdraw") {
      groups.push_back({"withdraw box", "withdraw sea"});
    } else if (d == "damaged") {
      std::vector<std::string> g;
      for (const PortSpec& p : battle().ports)
        if (p.side == side) {
          g.push_back("damaged " + p.id);
          g.push_back("damaged " + p.id + " 1");
          g.push_back("damaged " + p.id + " 1 heavy");
        }
      groups.push_back(g);
    }
  }
  return groups;
}

std::string Board::order_help(int seat) const {
  (void)seat;
  switch (phase_) {
    case Phase::Forces:
      return "Your forces, one fleet a line (at most " + std::to_string(battle().max_fleets) +
             " fleets of 1 to " + std::to_string(battle().max_ships) +
             " ships; nations not "
             "taken by an earlier seat; the enemy sees only the counters until Step Three):\n"
             "  fleet NATION \"NAME\" heavy N light N galleys N [nelson]\n"
             "e.g.  fleet france \"Brest squadron\" heavy 12 light 4\n"
             "Nations: britain france spain russia austria prussia turkey (Major Powers), "
             "holland denmark sweden portugal naples venice egypt (minors, controlled by your "
             "first Major Power).\nDefault: one fleet of 10 heavy and 4 light ships of the first "
             "Major Power not yet taken.";
    case Phase::Defender:
      return "The attacking commander chooses the stack to attack (1.1.1.1):\n"
             "  defender STACK     e.g. 'defender 2'" +
             std::string(after_evasion_ ? "\n  defender none      attack no other stack (1.1.2)"
                                        : "") +
             "\nDefault: " + (after_evasion_ ? "none" : "the lowest-numbered stack") + ".";
    case Phase::War:
      return "Attack without a declaration of war, or declare war on every power of the stack "
             "you are not at war with, losing " +
             std::to_string(data_->war_cost) +
             " political point(s) for each (1.1.1.2):\n  war yes | war no\nDefault: war no.";
    case Phase::Evasion:
      return "The defending commander may try to evade: a d6 of " +
             std::to_string(tables().evasion) +
             " or less evades and the stack retreats "
             "(1.1.2.1):\n  evade yes | evade no\nDefault: evade no.";
    case Phase::Chits:
      return "Each commanding power chooses a tactical chit, in secret (1.1.2.2):\n"
             "  chit " +
             text::join(tables().chits, " | ") +
             "\n  nelson 0|1|2       with melee, a purely British force under Nelson subtracts "
             "it from its closing roll and adds it to his casualty chances (1.1.2.5.1, 1.1.5)\n"
             "Melee only for Britain under Nelson until that has happened. Default: chit "
             "line-of-battle, nelson 0.";
    case Phase::Guns:
      return "The port's controller may use the harbour defences against the raiders "
             "(1.1.4.1):\n  guns yes | guns no\nDefault: guns yes.";
    case Phase::Surrender:
      return "Each commanding power: surrender before this round, or fight it (1.1.6; not after "
             "round 3). If a commander surrenders, its side's other powers decide next.\n"
             "  surrender no | surrender yes\nDefault: surrender no.";
    case Phase::Follow:
      return "Your stack's commander surrendered: each other power decides for itself (1.1.6):\n"
             "  surrender yes | surrender no        (or 'surrender POWER yes|no' per power)\n"
             "Default: surrender no.";
    case Phase::Odd:
      return "Odd losses (1.1.7): name the nation(s) of your side to take them, one line each; "
             "if the seats of the powers concerned name the same, that is the agreement, "
             "otherwise each candidate rolls a d6 and the lowest take them:\n"
             "  odd NATION\nDefault: no agreement (the dice).";
    case Phase::Chase:
      return "The victor may declare a general chase: one roll on the table of its morale loss "
             "with its undamaged heavy and light ships; ships hit are captured (1.1.2.8):\n"
             "  chase yes | chase no\nDefault: chase yes.";
    case Phase::Retreat:
      return "After the combat (1.1.2.9, 1.1.2.9.2, 1.1.4.1.3; each seat only what the step "
             "asks of it):\n"
             "  retreat PORT         the retreating commander among equally near ports, or with "
             "no victor 'retreat PORT' / 'retreat stay' (default: the nearest / stay)\n"
             "  pursue all | pursue none | pursue FLEET...   the victor's fleets (default none)\n"
             "  enter yes|no         the victor in a blockade box moves into a friendly port "
             "(default no)\n"
             "  withdraw box|sea     the raiders: the blockade box or the nearest sea area "
             "(default box)";
    case Phase::Damaged:
      return "Destinations of your damaged ships, stated before any roll (1.1.2.10.1): a d6 "
             "a ship, sunk if the distance is at least the roll (1 always sinks, 6 always "
             "arrives):\n  damaged PORT [N] [heavy|light|galleys]   e.g. 'damaged gibraltar 3 "
             "heavy'\nShips not named go to the nearest port (the default).";
    case Phase::Opening:
    case Phase::Over:
      return "No orders in this step.";
  }
  return "";
}

}  // namespace naumachia::eih_naval
