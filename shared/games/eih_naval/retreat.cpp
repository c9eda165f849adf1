// Empires in Harm naval combat: after the combat, where the fleets go.
// Sea area retreats and pursuits (1.1.2.9, 1.1.2.9.1), blockade boxes
// (1.1.2.9.2, 1.1.3), the port raid's aftermath (1.1.4.1.3), and the
// retreat of a stack that evaded (1.1.2.1).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.2.9.1: unblockaded friendly ports within five movement points;
// the nearest (the retreating player's choice among equally near ones).
std::vector<const PortSpec*> Board::retreat_ports(int side, bool nearest_only) const {
  std::vector<const PortSpec*> out;
  int best = kRetreatReach + 1;
  for (const PortSpec& p : battle().ports)
    if (p.side == side && !p.blockaded && p.distance <= kRetreatReach)
      best = std::min(best, p.distance);
  for (const PortSpec& p : battle().ports)
    if (p.side == side && !p.blockaded && p.distance <= kRetreatReach &&
        (!nearest_only || p.distance == best))
      out.push_back(&p);
  return out;
}

Board::RetreatCase Board::retreat_case() const {
  RetreatCase rc;
  // EiH 1.1.2.1: the evading side retreats as a loser would, the attacker
  // counting as the winner.
  if (evading_ != 0) {
    rc.retreating = battle().stack(evading_)->side;
    rc.stack = evading_;
    rc.pursuing = battle().attacker;
    return rc;
  }
  if (outcome_ == Outcome::NoBattle) return rc;
  const int att = battle().attacker;
  // EiH 1.1.4.1.3: the raiders go to the blockade box or the nearest sea
  // area, their choice; the defenders stay in port; no pursuit.
  if (battle().where == Where::Port) {
    rc.withdraw = !engaged_fleets(att).empty();
    return rc;
  }
  const bool victory = outcome_ == Outcome::Victory;
  const int loser = victory ? 1 - victor_ : -1;
  if (battle().where == Where::Sea) {
    if (victory) {
      if (!engaged_fleets(loser).empty()) {
        rc.retreating = loser;
        rc.stack = engaged_stack(loser);
        rc.pursuing = victor_;
      }
    } else {
      // EiH 1.1.2.9: no victor: both may retreat or stay; no pursuit.
      for (int s : {0, 1}) rc.may_stay[static_cast<std::size_t>(s)] = !engaged_fleets(s).empty();
    }
    return rc;
  }
  // Blockade box (1.1.2.9.2, 1.1.3). Without chits the other side's ships
  // are the blockaded ones, which return to port whatever happens; with
  // chits it is a relieving force from the sea (1.1.3, reading 13).
  const int other = 1 - battle().blockading;
  const bool blockaded = !battle().blockade_chits;
  if (victory) {
    if (!engaged_fleets(loser).empty()) {
      rc.retreating = loser;
      rc.stack = engaged_stack(loser);
      // 1.1.2.9.2: back into the port when the loser's stack came out of it.
      rc.to_port = (loser == other && blockaded) || battle().from_port == loser;
      // 1.1.3: pursuit after the victory of a relieving force only; never
      // after the blockaders' (and blockaded ships return to port).
      if (victor_ == other && !blockaded) rc.pursuing = victor_;
    }
    const bool friendly = std::find(battle().friendly.begin(), battle().friendly.end(), victor_) !=
                          battle().friendly.end();
    if (friendly && !(victor_ == other && blockaded)) rc.may_enter = victor_;
  } else {
    for (int s : {0, 1})
      rc.may_stay[static_cast<std::size_t>(s)] =
          !engaged_fleets(s).empty() && !(s == other && blockaded);
  }
  return rc;
}

// The commander of the stack that retreats; an evader's commander was
// cleared with its evasion: its largest power decides.
std::string Board::retreat_commander(const RetreatCase& rc) const {
  const std::string& cmd = commander_[static_cast<std::size_t>(rc.retreating)];
  if (!cmd.empty()) return cmd;
  std::vector<const Fleet*> stack;
  for (const Fleet& f : fleets_)
    if (f.stack == rc.stack && !f.surrendered) stack.push_back(&f);
  const auto counts = ships_by_power(stack);
  return counts.empty() ? std::string() : most_ships(counts).front();
}

// Who decides what after the combat: the raiders where they withdraw
// (1.1.4.1.3); the retreating commander among equally near ports
// (1.1.2.9.1); the pursuing seats; the victor whether it enters the port
// (1.1.2.9.2 EXCEPTION); with no victor, each commander whether to stay.
Duties Board::retreat_duties(int seat) const {
  Duties out;
  const RetreatCase rc = retreat_case();
  const int att = battle().attacker;
  if (rc.withdraw && commands(att, seat)) out.push_back(Duty::Withdraw);
  if (rc.retreating >= 0 && !rc.to_port && holds(retreat_commander(rc), seat) &&
      retreat_ports(rc.retreating, true).size() > 1)
    out.push_back(Duty::Retreat);
  if (rc.retreating >= 0 && rc.pursuing >= 0) {
    const auto pursuers = engaged_fleets(rc.pursuing);
    if (std::any_of(pursuers.begin(), pursuers.end(),
                    [&](const Fleet* f) { return holds(power(f->nation), seat); }))
      out.push_back(Duty::Pursue);
  }
  if (rc.may_enter >= 0 && commands(rc.may_enter, seat)) out.push_back(Duty::Enter);
  for (int s : {0, 1})
    if (rc.may_stay[static_cast<std::size_t>(s)] && commands(s, seat) &&
        !retreat_ports(s, false).empty() &&
        std::find(out.begin(), out.end(), Duty::Retreat) == out.end())
      out.push_back(Duty::Retreat);
  return out;
}

namespace {

const PortSpec* port_named(const Battle& b, const std::string& id) {
  for (const PortSpec& p : b.ports)
    if (p.id == id) return &p;
  return nullptr;
}

}  // namespace

void Board::retreat(const Orders& orders) {
  const RetreatCase rc = retreat_case();
  const std::string place = battle().place;
  if (rc.withdraw) {
    const int att = battle().attacker;
    const std::string choice = answer(orders, att, Duty::Withdraw, "box");
    const std::string to = choice == "sea" ? battle().retreat_sea[static_cast<std::size_t>(att)]
                                           : "the blockade box of " + place;
    for (Fleet* f : engaged_fleets(att)) f->at = to;
    say(side_name(att) + " withdraws to " + to +
        "; the defenders stay in port; no chase or "
        "pursuit after a port raid (1.1.4.1.3)");
  }
  if (rc.retreating >= 0) {
    const int side = rc.retreating;
    const std::string cmd = retreat_commander(rc);
    std::string to;
    std::string why;
    if (rc.to_port) {
      to = "back into " + place;
      why = " (1.1.2.9.2, 1.1.3)";
    } else {
      const auto ports = retreat_ports(side, true);
      if (ports.empty()) {
        to = battle().retreat_sea[static_cast<std::size_t>(side)];
        why =
            ": no eligible port within five movement points, five towards the nearest (1.1.2.9.1)";
      } else {
        const PortSpec* p = ports.front();
        if (auto seat = seat_of(cmd)) {
          const std::string chosen = order_value(orders, *seat, Duty::Retreat, p->id);
          if (const PortSpec* q = port_named(battle(), chosen)) p = q;
        }
        to = p->name;
        why = " (" + std::to_string(p->distance) + " MP, the nearest eligible port, 1.1.2.9.1)";
      }
    }
    for (Fleet& f : fleets_)
      if (f.stack == rc.stack && !f.surrendered && f.at.empty()) f.at = to;
    say(battle().stack(rc.stack)->name + (rc.to_port ? " goes " : " retreats to ") + to + why);
    if (rc.pursuing >= 0) {
      std::vector<std::string> pursuers;
      for (Fleet& f : fleets_) {
        if (side_of(f) != rc.pursuing || !engaged(f)) continue;
        const auto seat = seat_of(power(f.nation));
        if (!seat) continue;
        // The default is to pursue (reading: decisions and defaults), unless
        // the seat moves its fleets into the port instead.
        bool said = false, goes = order_value(orders, *seat, Duty::Enter, "no") != "yes";
        for (const std::string& line : orders_of(orders, *seat).lines) {
          const auto w = text::split(line);
          if (w.size() < 2 || w[0] != "pursue") continue;
          if (!said) goes = false;
          said = true;
          for (std::size_t i = 1; i < w.size(); ++i)
            goes = goes || w[i] == "all" || w[i] == text::lower(f.id);
        }
        if (!goes) continue;
        f.at = "pursuing to " + to;
        pursuers.push_back(fleet_label(f));
      }
      say(pursuers.empty()
              ? side_name(rc.pursuing) + " does not pursue (1.1.2.9.1)"
              : side_name(rc.pursuing) + " pursues with " + text::join(pursuers, ", ") +
                    (rc.to_port || battle().retreat_sea[static_cast<std::size_t>(side)] != to
                         ? ", and blockades the port (1.1.2.9.1)"
                         : "; no further combat this phase (1.1.2.9.1)"));
    }
  }
  if (rc.may_enter >= 0) {
    const std::string choice = answer(orders, rc.may_enter, Duty::Enter, "no");
    if (choice == "yes") {
      for (Fleet* f : engaged_fleets(rc.may_enter)) f->at = "into " + place;
      say(side_name(rc.may_enter) + " moves into " + place + " (1.1.2.9.2 EXCEPTION)");
    }
  }
  // EiH 1.1.3: "All surviving blockaded ships are returned to port."
  if (battle().where == Where::Blockade && !battle().blockade_chits &&
      outcome_ != Outcome::NoBattle) {
    const int blockaded = 1 - battle().blockading;
    if (!engaged_fleets(blockaded).empty())
      say(side_name(blockaded) + "'s ships return to " + place + " (1.1.3)");
    for (Fleet* f : engaged_fleets(blockaded)) f->at = "back into " + place;
  }
  for (int side : {0, 1}) {
    if (!rc.may_stay[static_cast<std::size_t>(side)]) continue;
    const std::string choice = answer(orders, side, Duty::Retreat, "stay");
    const PortSpec* p = port_named(battle(), choice);
    if (!p) {
      say(side_name(side) + " stays in " + place + " (1.1.2.9)");
      continue;
    }
    for (Fleet* f : engaged_fleets(side)) f->at = p->name;
    say(side_name(side) + " retreats to " + p->name + " (1.1.2.9)");
  }
}

}  // namespace naumachia::eih_naval
