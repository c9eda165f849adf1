// Constantinople: the counters in play: their values (3.22 as read, 15.34
// Damaged, 15.26 leaders), losses (15.3) and engagement (15.15).
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

Board::Board(std::shared_ptr<const Scenario> sc, RulesVersion rules)
    : sc_(std::move(sc)), rules_(rules) {
  for (const auto& [id, c] : sc_->ships) {
    Ship s;
    s.id = id;
    s.cls = c;
    s.side = sc_->classes.at(c).side;
    // 14.0: every Byzantine ship is a sail galley; the Ottomans arrive in oar mode (19.1).
    s.prop = s.side == Side::Byzantine ? Propulsion::Sail : Propulsion::Oar;
    ships_[id] = s;
  }
  for (const std::string& l : sc_->leaders) leaders_[l] = "";
  // 15.61: the Byzantine player controls the Boom at the start.
  for (const HexId h : sc_->map.boom_control()) last_in_[h] = Side::Byzantine;
}

const Values& Board::values(const Ship& s) const {
  return s.reduced ? cls(s).back : cls(s).front;
}

// 15.34: a Damaged ship's Ram Defense is halved (D 4 -> B 2, C 3 -> A 1, B -> A).
int Board::ram_defence(const Ship& s) const {
  const int d = values(s).defence;
  return s.damaged ? std::max(1, d / 2) : d;
}

// 15.26: Diedo or Trevisano aboard adds one for defence only.
int Board::melee_defence(const Ship& s) const {
  return values(s).melee + (s.leader.empty() ? 0 : 1);
}

// 14.19: Ottoman ships at the Double Columns are at anchor.
bool Board::at_anchor(const Ship& s) const {
  return afloat(s) && s.side == Side::Ottoman && s.hex == sc_->map.anchorage();
}

const Ship* Board::ship_at(HexId h, const std::string& except) const {
  for (const auto& [id, s] : ships_) {
    if (afloat(s) && s.hex == h && id != except) return &s;
  }
  return nullptr;
}

Ship* Board::own_ship(Side side, const std::string& id) {
  const auto it = ships_.find(id);
  if (it == ships_.end() || it->second.side != side || it->second.sunk) return nullptr;
  return &it->second;
}

std::string Board::ship_problem(Side side, const std::string& id) const {
  const auto it = ships_.find(id);
  if (it == ships_.end()) {
    std::vector<std::string> afloat;  // the seat's own: the names it may have meant
    for (const auto& [name, s] : ships_)
      if (s.side == side && !s.sunk) afloat.push_back(name);
    return cited("there is no ship " + id + text::did_you_mean(id, afloat), order_notation());
  }
  if (it->second.side != side) return cited(id + " is not your ship", order_notation());
  return cited(id + " has been lost", "15.35");
}

std::string Board::cited(std::string text, std::string_view cites) const {
  if (!from_rules(2)) return text;
  if (cites.front() != '(') return text + " (" + std::string(cites) + ")";
  return text + " " + std::string(cites);
}

std::string Board::describe(const Ship& s) const {
  return s.id + " (" + cls(s).name + ")";
}

// Melee, ram, Ram Defense, cruising/battle speed - sail capability, as in play.
std::string Board::counter_text(const Ship& s) const {
  const Values& v = values(s);
  static const char* const kDefence = "ABCD";
  return std::to_string(v.melee) + " " + std::to_string(v.ram) + " " +
         kDefence[ram_defence(s) - 1] + " " + std::to_string(v.cruise) + "/" +
         std::to_string(v.battle) + "-" + std::to_string(v.sail);
}

// 15.34: permanent; a second Damaged result changes nothing more.
void Board::damage(Ship& s, const std::string& why) {
  if (s.damaged) {
    say(s.id + " is damaged again: no further effect (" + why + ", 15.34)");
    return;
  }
  s.damaged = true;
  const int cap = values(s).sail / 2;
  if (s.capability > cap) s.capability = cap;
  say(s.id + " is Damaged: Movement Allowance and Ram Defense halved for the rest of the game (" +
      why + ", 15.34)");
}

void Board::sink(Ship& s, const std::string& why) {
  release(s);
  s.sunk = true;
  std::string text = s.id + " is lost (" + why + ")";
  if (!s.leader.empty()) {
    text += "; " + s.leader + " is lost with it";
    leaders_[s.leader] = "lost";
    s.leader.clear();
  }
  say(text);
}

// 15.35: a Byzantine counter is eliminated; an Ottoman one is flipped to its
// reduced step, or eliminated if already reduced (Damaged stays Damaged).
void Board::lose_one(Ship& s) {
  if (s.side == Side::Byzantine || s.reduced) return sink(s, "Lose One, 15.35");
  s.reduced = true;
  say(s.id + " loses one step and is flipped to its reduced side (15.35)");
}

// 15.16: engaged ships are freed together.
void Board::release(Ship& s) {
  if (s.engaged.empty()) return;
  const auto o = ships_.find(s.engaged);
  if (o != ships_.end()) {
    o->second.engaged.clear();
    o->second.rammer = false;
  }
  s.engaged.clear();
  s.rammer = false;
}

}  // namespace naumachia::constantinople
