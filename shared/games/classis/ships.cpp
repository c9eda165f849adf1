// Classis: a ship's current factors (1.3, 3.1.6, 3.1.7), command (1.5), and
// what crippling, sinking and capture do to a ship and its squadron.
#include <algorithm>

#include "games/classis/rules.h"

namespace naumachia::classis {

std::string morale_chit(Side s) {
  return "MORALE-" + std::to_string(index(s));
}

Board::Board(std::shared_ptr<const Data> data, const Scenario* sc, RulesVersion rules)
    : data_(std::move(data)), sc_(sc), rules_(rules) {}

// Classis 3.1.6: a cripple takes the crew down one level, never below Green;
// 3.1.7: a prize's crew is Green (its base crew is set so on capture).
Crew Board::crew(const Ship& s) const {
  if (s.crippled && s.crew != Crew::Green) return static_cast<Crew>(static_cast<int>(s.crew) - 1);
  return s.crew;
}

// Classis 3.1.6, 3.1.7: speed and turning 1 when crippled or once captured.
int Board::speed(const Ship& s) const {
  return (s.crippled || s.prize) ? 1 : type(s).speed;
}
int Board::turning(const Ship& s) const {
  return (s.crippled || s.prize) ? 1 : type(s).turn;
}

// Classis 3.3.1: "subtracts 1/2 the ram factor, if crippled" — half rounded
// down is subtracted (a crippled 7 rams at 4; docs/rules/classis.md).
int Board::ram_factor(const Ship& s) const {
  const int r = type(s).ram;
  return s.crippled ? r - r / 2 : r;
}

// Classis 3.1.6: boarding halved when crippled, rounded down, at least 1;
// 3.1.7: a prize has no marines (0, and no one mans its towers); 1.3: each
// tower adds four points.
int Board::boarding(const Ship& s) const {
  if (s.prize) return 0;
  int b = type(s).board;
  if (s.crippled) b = std::max(1, b / 2);
  return b + kTowerPoints * s.towers;
}

// Classis 1.3 Artillery: points per engine by size; a prize's engines are not
// manned either.
int Board::engine_points(const Ship& s) const {
  return s.prize ? 0 : s.engines * type(s).engine_points;
}

Terrain Board::terrain(HexId h) const {
  const auto it = sc_->terrain.find(h);
  return it == sc_->terrain.end() ? Terrain::Sea : it->second;
}

bool Board::on_board(HexId h) const {
  return h.col >= 1 && h.col <= sc_->cols && h.row >= 1 && h.row <= sc_->rows;
}

const Ship* Board::ship_at(HexId h) const {
  for (const auto& [id, s] : ships_)
    if (!s.sunk && s.hex == h) return &s;
  return nullptr;
}

Ship* Board::find_ship(const std::string& id) {
  const auto it = ships_.find(id);
  return it == ships_.end() ? nullptr : &it->second;
}
const Ship* Board::find_ship(const std::string& id) const {
  const auto it = ships_.find(id);
  return it == ships_.end() ? nullptr : &it->second;
}

std::vector<std::string> Board::ship_names(std::optional<Side> holder) const {
  std::vector<std::string> out;
  for (const auto& [id, s] : ships_)
    if (!s.sunk && (!holder || s.holder == *holder)) out.push_back(id);
  return out;
}

// Classis 1.5: "engaged with the enemy": its bow in an enemy's hex, an
// enemy's bow in its hex, or grappled.
bool Board::engaged(const Ship& s) const {
  if (s.sunk) return false;
  if (!s.contact.empty() || !s.grappled.empty()) return true;
  for (const auto& [id, o] : ships_)
    if (!o.sunk && o.contact == s.id) return true;
  return false;
}

const Commander* Board::commander_of(const std::string& squadron) const {
  const auto q = squadrons_.find(squadron);
  if (q == squadrons_.end()) return nullptr;
  const auto c = commanders_.find(q->second.commander);
  return c == commanders_.end() ? nullptr : &c->second;
}

// Classis 1.5: in command within the commander's radius of the flagship,
// unless the flagship is engaged (then the whole squadron is out of command)
// or lost (never restored).
bool Board::in_command(const Ship& s) const {
  const Commander* c = commander_of(s.squadron);
  if (!c || c->lost) return false;
  const auto q = squadrons_.find(s.squadron);
  const Ship* flag = find_ship(q->second.flagship);
  if (!flag || flag->sunk || flag->holder != s.holder) return false;
  if (engaged(*flag)) return false;
  return hex::distance(flag->hex, s.hex) <= c->rating;
}

std::string Board::describe(const Ship& s) const {
  std::string d = s.id + " (" + side_name(s.holder) + " " + type(s).name;
  if (s.prize) d += ", a prize";
  return d + ")";
}

// Classis 1.5: a commander is lost with his flagship and his squadron is out
// of command for good. Rules version 1: his chits leave the cup. Version 2:
// they stay (1.7 sets the chits up, 2.5 returns "all chits" to the cup), and
// his ships act individually, as 1.5 has out-of-command ships do
// (docs/rules/classis.md, "Command").
void Board::lose_flagship(const Ship& s) {
  for (auto& [id, c] : commanders_) {
    if (c.lost) continue;
    const auto q = squadrons_.find(c.squadron);
    if (q == squadrons_.end() || q->second.flagship != s.id) continue;
    c.lost = true;
    if (chits_outlive_commander()) {
      say(c.name + " is lost with his flagship " + s.id +
          (c.admiral ? " (the fleet admiral)" : "") + ": squadron " + q->first +
          " is out of command for good; its chits stay in the cup and its ships act "
          "individually (1.5, 1.7)");
      continue;
    }
    int removed = 0;
    while (cup_.take(q->first)) ++removed;
    say(c.name + " is lost with his flagship " + s.id + (c.admiral ? " (the fleet admiral)" : "") +
        ": squadron " + q->first + " is out of command for good" +
        (removed ? " and its " + std::to_string(removed) + " chit(s) leave the cup" : "") +
        " (1.5)");
  }
}

bool Board::has_ships(const std::string& id) const {
  const auto q = squadrons_.find(id);
  if (q == squadrons_.end()) return false;
  for (const auto& [sid, s] : ships_)
    if (!s.sunk && s.squadron == id && s.holder == q->second.side) return true;
  return false;
}

// Everything tying a ship to others goes when it sinks or changes hands.
void Board::clear_links(Ship& s) {
  s.contact.clear();
  s.ram = false;
  for (auto& [id, o] : ships_) {
    if (o.contact == s.id) {
      o.contact.clear();
      o.ram = false;
    }
    o.grappled.erase(s.id);
  }
  s.grappled.clear();
}

// Contacts hold while the engaging ship's bow is in its target's hex (3.1.4).
void Board::prune_contacts() {
  for (auto& [id, s] : ships_) {
    if (s.contact.empty()) continue;
    const Ship* t = find_ship(s.contact);
    if (s.sunk || !t || t->sunk || t->holder == s.holder ||
        galley::ahead({s.hex, s.facing}) != t->hex) {
      s.contact.clear();
      s.ram = false;
    }
  }
  for (auto& [id, s] : ships_) {
    for (auto it = s.grappled.begin(); it != s.grappled.end();) {
      const Ship* t = find_ship(*it);
      it = (!t || t->sunk || s.sunk) ? s.grappled.erase(it) : std::next(it);
    }
  }
}

// Classis 3.1.6: the first cripple takes speed and turning to 1, halves
// boarding and lowers the crew; a second while the first holds sinks her.
void Board::cripple(Ship& s, const std::string& why) {
  if (s.crippled) {
    sink(s, why + "; already crippled, she breaks up and sinks (3.1.6)");
    return;
  }
  s.crippled = true;
  say(describe(s) + " is crippled: " + why + " (3.1.6)");
}

void Board::sink(Ship& s, const std::string& why) {
  if (s.sunk) return;
  s.sunk = true;
  say(describe(s) + " sinks: " + why);
  clear_links(s);
  lose_flagship(s);
  note_losses();
}

// Classis 3.1.7: a captured ship keeps no marines (boarding 0), is held by
// the captor's side in the capturing ship's squadron, and its speed and
// turning fall to 1 and its crew to Green for good. Its grapples with ships
// of its new side go; the grapple with its captor stays until released.
void Board::capture(Ship& s, const Ship& by) {
  const bool flagship = std::any_of(squadrons_.begin(), squadrons_.end(),
                                    [&](const auto& q) { return q.second.flagship == s.id; });
  s.holder = by.holder;
  s.squadron = by.squadron;
  s.prize = true;
  s.crew = Crew::Green;
  s.contact.clear();
  s.ram = false;
  for (auto& [id, o] : ships_) {
    if (o.holder == s.holder && o.id != s.id) {
      if (o.contact == s.id) {
        o.contact.clear();
        o.ram = false;
      }
      if (o.id != by.id) {
        o.grappled.erase(s.id);
        s.grappled.erase(o.id);
      }
    }
  }
  if (flagship) lose_flagship(s);
  prune_contacts();
  note_losses();
}

// Classis 4.0, 3.2.10: a side's lost ships are those sunk and those the
// enemy holds (a recaptured ship is no longer lost).
int Board::losses(Side side) const {
  int n = 0;
  for (const auto& [id, s] : ships_) n += s.owner == side && (s.sunk || s.holder != side);
  return n;
}

int Board::ram_losses(Side side) const {
  int n = 0;
  for (const auto& [id, s] : ships_)
    if (s.owner == side && (s.sunk || s.holder != side)) n += type(s).ram;
  return n;
}

// Classis 2.1: a side's Morale Check chit joins the cup from the turn after
// its first loss.
void Board::note_losses() {
  for (Side s : {Side::First, Side::Second}) {
    if (first_loss_[static_cast<std::size_t>(index(s))] == 0 && losses(s) > 0)
      first_loss_[static_cast<std::size_t>(index(s))] = std::max(1, turn_);
  }
}

std::string Board::cited(std::string text, std::string_view cites) const {
  if (rules_.value < 2) return text;
  if (cites.front() != '(') return text + " (" + std::string(cites) + ")";
  return text + " " + std::string(cites);
}

}  // namespace naumachia::classis
