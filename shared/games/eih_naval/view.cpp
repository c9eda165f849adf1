// Empires in Harm naval combat: what a seat sees (every stack and fleet
// counter; the ships of its own side, and of the enemy only from Step Three,
// 1.1.2.4.1) and what a position hides (secrets).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

// Who looks: a seat, or (-1) an observer or the end of the battle, who sees
// every ship.
struct Looker {
  std::optional<int> seat;
  bool all = false;
  int side = -1;  // the seat's side
};

// A fleet counter: its nation's, labelled by its id, with the ships still
// with it as its value and a line each of what they are when the looker may
// see them (1.1.2.4.1); its leader, the corps aboard, and what became of it.
Token fleet_counter(const Board& b, const Fleet& f, const Looker& who) {
  Token t;
  const auto owner = b.seat_of(b.power(f.nation));
  t.owner = owner ? *owner : -1;
  t.kind = "fleet";
  t.label = f.id;
  t.details.push_back(b.fleet_label(f));
  if (who.all || b.side_of(f) == who.side || b.revealed(f)) {
    t.values = std::to_string(f.ships.total() + f.damaged.total());
    t.details.push_back(b.fleet_token(f));
    t.details.push_back("undamaged " + ships_text(f.ships));
    if (!f.damaged.empty()) t.marks.push_back("damaged");
    const std::pair<const char*, const Ships*> states[] = {
        {"damaged", &f.damaged},
        {"taken by the enemy", &f.taken},
        {"sunk", &f.sunk},
        {"damaged in port", &f.saved},
        {"prizes brought in by the enemy", &f.prizes},
        {"surrendered", &f.yielded}};
    for (const auto& [what, ships] : states)
      if (!ships->empty()) t.details.push_back(std::string(what) + " " + ships_text(*ships));
  } else {
    t.marks.push_back("hidden");
    t.details.push_back("ships hidden until Step Three (1.1.2.4.1)");
  }
  if (!f.leader.empty()) {
    t.marks.push_back("leader");
    t.details.push_back("leader " + f.leader + (f.nelson ? " (Nelson)" : "") +
                        (f.leader_fate.empty() ? "" : ", " + f.leader_fate));
  }
  for (const Corps& k : b.corps_) {
    if (k.fleet != f.id) continue;
    if (std::find(t.marks.begin(), t.marks.end(), "transport") == t.marks.end())
      t.marks.push_back("transport");
    t.details.push_back(
        "transports " + std::to_string(k.factors - k.surrendered) + " " + b.nation_name(k.nation) +
        " army factor(s)" +
        (k.surrendered ? " (" + std::to_string(k.surrendered) + " surrendered)" : ""));
  }
  if (f.evaded) {
    t.marks.push_back("evaded");
    t.details.push_back("evaded");
  }
  if (f.surrendered) {
    t.marks.push_back("surrendered");
    t.details.push_back("surrendered to " + b.nation_name(f.taken_by));
  }
  if (!f.at.empty()) t.details.push_back("went " + f.at);
  if (b.seg_ == Phase::Over && f.ships.empty() && !f.evaded) {
    t.marks.push_back("removed");
    t.details.push_back("counter removed (1.1.2.11)");
  }
  return t;
}

Cell stack_cell(const Board& b, const StackSpec& s, const Looker& who) {
  Cell c;
  c.id = "stack " + std::to_string(s.id);
  std::string role;
  if (s.id == b.attacking_stack()) role = ", attacking";
  if (s.id == b.defending_) role = ", defending";
  if (s.id == b.evading_) role = ", evading";
  c.label = s.name + " (" + b.side_name(s.side) + role + ")";
  for (const Fleet& f : b.fleets_)
    if (f.stack == s.id) c.tokens.push_back(fleet_counter(b, f, who));
  return c;
}

// "Open sea: ...; Britain attacks by interception (no evasion)".
std::string place_note(const Board& b) {
  const Battle& battle = b.battle();
  std::string where = std::string(battle.where == Where::Sea        ? "Open sea: "
                                  : battle.where == Where::Blockade ? "Blockade box: "
                                                                    : "Port raid: ") +
                      battle.place;
  if (battle.where == Where::Blockade)
    where += ", " + b.side_name(battle.blockading) + " blockading";
  if (battle.where == Where::Port)
    where += ", harbour defence " + std::to_string(battle.harbour_defence) + ", held by " +
             b.nation_name(battle.port_controller);
  return where + "; " + b.side_name(battle.attacker) + " attacks" +
         (battle.interception ? " by interception (no evasion)" : "");
}

// A side's commander, and its morale and losses once revealed; before,
// its own ships to itself.
std::string side_note(const Board& b, int s, const Looker& who) {
  const auto i = static_cast<std::size_t>(s);
  std::string n = b.side_name(s) + ":";
  if (!b.commander_[i].empty()) n += " commanded by " + b.nation_name(b.commander_[i]) + ";";
  if (b.revealed_) {
    n += " final morale " + format(level_of(b.morale_level(s))) + ", morale loss " +
         format(b.loss_[i]) + ", ships lost " + std::to_string(b.lost_[i]);
    if (!b.chit_[i].empty()) n += ", chit " + b.chit_[i];
  } else if (who.all || s == who.side) {
    Ships own;
    for (const Fleet& f : b.fleets_)
      if (b.side_of(f) == s) own += f.ships;
    n += " " + ships_text(own) + " (hidden from the enemy)";
  }
  return n;
}

// The state of the combat: melee, rounds, the harbour defences, the wars,
// odd losses waiting.
void combat_notes(const Board& b, std::vector<std::string>& notes) {
  notes.push_back(std::string("Melee: ") +
                  (b.battle().melee_unlocked || b.melee_by_nelson_ ? "open to every power"
                   : b.rules_.value >= 2
                       ? "only Britain until it has used it with a stack commanded by Nelson "
                         "(1.1.2.2 NOTE)"
                       : "only Britain with a stack commanded by Nelson (1.1.2.2)") +
                  (b.closed_ ? "; the fleets have closed (1.1.2.5.1)" : "") +
                  (b.nelson_ ? "; Nelson's closing modifier " + std::to_string(b.nelson_) : ""));
  if (b.revealed_) notes.push_back("Rounds fought: " + std::to_string(b.round_) + " of 3");
  if (b.guns_) notes.push_back("The harbour defences fire (1.1.4.1)");
  if (b.no_reply_) notes.push_back("The raided side is broken and cannot reply (1.1.4.1.1)");
  std::vector<std::string> wars;
  for (const War& w : b.wars_)
    wars.push_back(b.nation_name(w.first) + "-" + b.nation_name(w.second));
  notes.push_back("At war: " + (wars.empty() ? std::string("none") : text::join(wars, ", ")));
  for (const Allocation& a : b.pending_)
    notes.push_back(b.side_name(a.side) + ": " + std::to_string(a.odd) + " odd loss(es) (" +
                    a.cause + ") among " + text::join(a.candidates, ", ") + " (1.1.7)");
}

// The ports of each side; the damaged ships the seat holds; the points.
void after_notes(const Board& b, const Looker& who, std::vector<std::string>& notes) {
  for (int s : {0, 1}) {
    std::vector<std::string> ports;
    for (const PortSpec& p : b.battle().ports)
      if (p.side == s)
        ports.push_back(p.id + " (" + p.name + ", " + std::to_string(p.distance) + " MP" +
                        (p.powers.empty() ? "" : ", for " + text::join(p.powers, " ")) +
                        (p.blockaded ? ", blockaded" : "") + ")");
    notes.push_back("Ports of " + b.side_name(s) + ": " + text::join(ports, ", "));
  }
  if (who.seat) {
    for (const auto& [holder, ships] : b.held_damaged())
      if (b.holds(holder, *who.seat))
        notes.push_back(b.nation_name(holder) + " holds damaged ships: " + ships_text(ships) +
                        " (1.1.2.10)");
  }
  if (!b.pp_.empty()) {
    std::vector<std::string> pts;
    for (const auto& [p, n] : b.pp_) pts.push_back(b.nation_name(p) + " " + signed_number(n));
    notes.push_back("Political points: " + text::join(pts, ", "));
  }
  if (b.seg_ == Phase::Over) notes.push_back(b.result_);
}

}  // namespace

std::vector<Secret> Board::secrets() const {
  std::vector<Secret> out;
  if (seg_ == Phase::Over) return out;
  for (const Fleet& f : fleets_)
    if (!revealed(f)) out.push_back({fleet_token(f), side_audience(side_of(f))});
  return out;
}

View Board::view(std::optional<PlayerId> player) const {
  Looker who;
  if (player) {
    who.seat = player->value;
    who.side = side_of_seat(player->value);
  }
  who.all = !player || seg_ == Phase::Over;
  View v;
  v.board_kind = BoardKind::List;
  for (const StackSpec& s : battle().stacks) v.cells.push_back(stack_cell(*this, s, who));
  v.notes.push_back(battle().title);
  v.notes.push_back(place_note(*this));
  v.notes.push_back(label());
  for (int s : {0, 1}) v.notes.push_back(side_note(*this, s, who));
  combat_notes(*this, v.notes);
  after_notes(*this, who, v.notes);
  return v;
}

}  // namespace naumachia::eih_naval
