// Tyre: what the players see (both see everything): the board's tokens and
// the notes.
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

View Board::view() const {
  // Tyre's naval war is played in the open: both players see every ship.
  View v;
  v.board_kind = BoardKind::Hex;
  for (const HexId h : sc_->map.all_hexes()) {
    Cell c;
    c.id = hex::format_hex(h);
    c.col = h.col;
    c.row = h.row;
    const Terrain t = sc_->map.terrain(h);
    c.terrain = Map::name(t);
    switch (t) {
      case Terrain::Sea:
        c.fill = Fill::Water;
        break;
      case Terrain::HarbourWater:
      case Terrain::TyrianPort:
      case Terrain::MainlandPort:
        c.fill = Fill::Harbour;
        break;
      case Terrain::Boom:
        c.fill = Fill::Boom;
        break;
      case Terrain::Beach:
        c.fill = Fill::Shore;
        break;
      case Terrain::PrimaryWall:
      case Terrain::SecondaryWall:
        c.fill = Fill::Wall;
        break;
      case Terrain::City:
      case Terrain::Temple:
      case Terrain::Agenorium:
        c.fill = Fill::Town;
        break;
      default:
        c.fill = Fill::Land;
        break;
    }
    c.label = std::string(1, Map::symbol(t));
    // A beach prints its grounding number (8.31).
    if (const auto g = sc_->map.grounding(h); t == Terrain::Beach && g)
      c.label += std::to_string(*g);
    if (t == Terrain::Boom && broken_boom_at(h)) c.label = "x";
    for (const auto& [id, s] : ships_) {
      if (s.on_map && !s.sunk && s.hex == h) c.tokens.push_back(token(s));
    }
    if (siege_) add_land_tokens(c, h);
    v.cells.push_back(std::move(c));
  }
  v.notes = notes();
  add_siege_notes(v.notes);
  return v;
}

void Board::add_land_tokens(Cell& c, HexId h) const {
  for (const auto& [id, u] : units_) {
    if (u.at != Where::Hex || u.hex != h) continue;
    Token t;
    t.owner = static_cast<int>(u.t.side);
    t.kind = kind_name(u.t.kind);
    t.label = id;
    // The land counter prints melee and movement.
    t.values = std::to_string(u.t.melee) + "-" + std::to_string(u.t.move);
    t.details = {
        std::string(kind_name(u.t.kind)) + " unit of the " + u.t.contingent + " contingent",
        "melee " + std::to_string(u.t.melee) + ", movement " + std::to_string(u.t.move)};
    if (u.disrupted) t.marks.push_back("disrupted");
    c.tokens.push_back(std::move(t));
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.at != Where::Hex || l.hex != h) continue;
    Token t;
    t.owner = static_cast<int>(l.t.side);
    t.kind = "leader";
    t.label = id;
    // The leader counter prints morale-bonus-radius-move (15.0).
    t.values = std::to_string(l.t.morale) + "-" + std::to_string(l.t.bonus) + "-" +
               std::to_string(l.t.radius) + "-" + std::to_string(l.t.move);
    t.details = {"land leader: morale " + std::to_string(l.t.morale) + ", bonus " +
                 std::to_string(l.t.bonus) + ", command radius " + std::to_string(l.t.radius) +
                 ", movement " + std::to_string(l.t.move)};
    if (!l.t.contingents.empty())
      t.details.push_back("commands " +
                          text::join({l.t.contingents.begin(), l.t.contingents.end()}, ", "));
    c.tokens.push_back(std::move(t));
  }
  for (const auto& [id, e] : engines_) {
    if (e.at != Where::Hex || e.hex != h) continue;
    Token t;
    t.owner = static_cast<int>(side_of(e.kind));
    t.kind = kind_name(e.kind);
    t.label = id;
    t.details = {std::string("siege engine: ") + kind_name(e.kind)};
    c.tokens.push_back(std::move(t));
  }
  if (walls_.count(h)) c.label = walls_.at(h) >= kBreach ? "*" : std::to_string(walls_.at(h));
  if (boulders_.count(h)) c.label = "b";
  if (mole_.count(h)) c.label = "M";
}

void Board::add_cargo_marks(Token& t, const Ship& s) const {
  if (!siege_) return;
  const Cargo c = cargo(s.id);
  std::vector<std::string> all = c.units;
  all.insert(all.end(), c.engines.begin(), c.engines.end());
  all.insert(all.end(), c.leaders.begin(), c.leaders.end());
  if (!all.empty()) {
    t.marks.push_back("transport");
    t.details.push_back("carrying " + text::join(all, " "));
  }
  if (s.beached) t.marks.push_back("beached");
  if (s.fireship) t.marks.push_back("fireship");
}

void Board::add_siege_notes(std::vector<std::string>& n) const {
  if (!siege_) return;
  n.push_back("plan this Game-Turn: " +
              (plan_ == Plan::None ? std::string("not yet made") : std::string(plan_name(plan_))));
  n.push_back("map labels: 1-5 wall breach damage, * breached wall, b boulders, M mole");
  std::vector<std::string> damage;
  for (const auto& [h, v] : walls_)
    damage.push_back(hex::format_hex(h) + ":" + (v >= kBreach ? "BREACH" : std::to_string(v)));
  n.push_back("walls: " + (damage.empty() ? std::string("undamaged") : text::join(damage, " ")));
  n.push_back("mole: " + std::to_string(mole_.size()) + " of " +
              std::to_string(sc_->siege.mole_sequence().size()) + " hexes built (14.1)");
  n.push_back("army morale: Tyrian " + std::to_string(morale_[0]) + ", Macedonian " +
              std::to_string(morale_[1]) +
              "; Macedonian land units lost: " + std::to_string(macedonian_losses_));
  std::vector<std::string> park, out;
  for (const auto& [id, e] : engines_) {
    if (e.at == Where::Off) park.push_back(id);
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.at == Where::Off && l.back_in)
      out.push_back(id + " (wounded, back in Game-Turn " + std::to_string(l.back_in) + ")");
    if (l.at == Where::Dead) out.push_back(id + " (dead)");
  }
  n.push_back("siege park: " + (park.empty() ? std::string("empty") : text::join(park, " ")));
  if (!out.empty()) n.push_back("leaders out of play: " + text::join(out, ", "));
  n.push_back("objectives (18.1): Temple of Hercules " +
              std::string(objective_held(Terrain::Temple) ? "HELD" : "not held") + ", Agenorium " +
              (objective_held(Terrain::Agenorium) ? "HELD" : "not held") + " by the Macedonian");
}

// A ship's counter prints melee-speed-ramming speed; its marks are the
// markers on it, a word each, with what they mean in its details.
Token Board::token(const Ship& s) const {
  Token t;
  t.owner = static_cast<int>(s.side);
  t.kind = type_name(s.type);
  t.label = s.id;
  t.facing = static_cast<int>(s.facing);
  const ShipValues& v = values(s);
  t.values = std::to_string(v.melee) + "-" + std::to_string(v.speed) + "-" +
             std::to_string(v.ramming_speed);
  t.details.push_back(std::string(type_name(s.type)) + (s.damaged ? ", damaged" : "") + ": melee " +
                      std::to_string(v.melee) + ", speed " + std::to_string(v.speed) +
                      ", ramming speed " + std::to_string(v.ramming_speed));
  if (s.damaged) t.marks.push_back("damaged");
  add_cargo_marks(t, s);
  if (!s.pinned_with.empty()) {
    t.marks.push_back("pinned");
    t.details.push_back("pinned to " + s.pinned_with);
  }
  if (s.exhausted_in >= abs_impulse()) t.marks.push_back("exhausted");
  if (s.disrupted_in >= abs_impulse()) t.marks.push_back("disrupted");
  for (const auto& [id, l] : leaders_) {
    if (l.ship == s.id && !l.drowned) {
      t.marks.push_back("leader");
      const bool shaken = l.idle_until >= abs_impulse();
      if (shaken) t.marks.push_back("shaken");
      t.details.push_back("leader " + id + " " + std::to_string(l.ram) + "-" +
                          std::to_string(l.melee) + "-" + std::to_string(l.radius) +
                          " (ram, melee, radius)" + (shaken ? ", shaken (16.41)" : ""));
    }
  }
  return t;
}

std::vector<std::string> Board::notes() const {
  std::vector<std::string> n{
      label(),
      "map: . sea  B beach  H harbour  h port  O boom (x destroyed)  P mainland port  "
      "W wall  w secondary wall  l open ground  c city  T temple  A Agenorium  M mole  L "
      "mainland"};
  for (const auto& [h, intact] : booms_)
    n.push_back("the " + h + " boom is " + (intact ? "intact" : "destroyed"));
  for (const Fleet& f : sc_->fleets) {
    if (f.side != Side::Macedonian) continue;
    std::vector<std::string> waiting;
    int afloat = 0;
    for (const auto& [id, s] : ships_) {
      if (s.fleet != f.id || s.sunk) continue;
      ++afloat;
      if (!s.on_map) waiting.push_back(id);
    }
    std::string line = "fleet " + f.name + ": " +
                       (arrived_.count(f.id) ? "arrived" : "not arrived") + ", " +
                       std::to_string(afloat) + " ship(s) afloat";
    if (arrived_.count(f.id) && !waiting.empty()) line += "; to enter: " + text::join(waiting, " ");
    n.push_back(line);
  }
  int sunk[2] = {0, 0};
  for (const auto& [id, s] : ships_) sunk[static_cast<int>(s.side)] += s.sunk;
  n.push_back("ships sunk: Tyrian " + std::to_string(sunk[0]) + ", Macedonian " +
              std::to_string(sunk[1]));
  return n;
}

}  // namespace naumachia::tyre
