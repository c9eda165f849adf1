// Tyre: where the pieces are. The board the land rules read (LandBoard),
// finding pieces by id and by hex, what a ship carries (8.0), and the events
// a resolution records.
#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

Board::Board(std::shared_ptr<const Scenario> sc, bool siege, RulesVersion rules)
    : sc_(std::move(sc)), rules_(rules) {
  for (const Ship& s : sc_->ships) ships_[s.id] = s;
  for (const Leader& l : sc_->leaders) leaders_[l.id] = l;
  for (auto& [id, s] : ships_) {
    const auto d = sc_->deploy.find(id);
    if (d != sc_->deploy.end()) {
      s.on_map = true;
      s.hex = d->second.first;
      s.facing = d->second.second;
    }
  }
  for (const Harbour& h : sc_->map.harbours()) booms_[h.name] = true;
  if (siege) init_siege();
}

int Board::abs_impulse() const {
  return (turn_ - 1) * kImpulses + impulse_;
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
  if (it->second.side != side)
    return cited(id + " is a " + std::string(side_name(it->second.side)) + " ship, not yours",
                 order_notation());
  return cited(id + " has been sunk", "6.35");
}

std::string Board::cited(std::string text, std::string_view cites) const {
  if (!from_rules(3)) return text;
  if (cites.front() != '(') return text + " (" + std::string(cites) + ")";
  return text + " " + std::string(cites);
}

const ShipValues& Board::values(const Ship& s) const {
  const ShipClass& c = sc_->tables.ship_class(s.type);
  return s.damaged ? c.damaged : c.full;
}

const Ship* Board::ship_at(HexId h) const {
  for (const auto& [id, s] : ships_) {
    if (s.on_map && !s.sunk && s.hex == h) return &s;
  }
  return nullptr;
}

std::string Board::fleet_name(const std::string& id) const {
  for (const Fleet& f : sc_->fleets) {
    if (f.id == id) return f.name;
  }
  return id;
}

Terrain Board::terrain(HexId h) const {
  return mole_.count(h) ? Terrain::Mole : sc_->map.terrain(h);
}

bool Board::breached(HexId h) const {
  const auto it = walls_.find(h);
  return it != walls_.end() && it->second >= kBreach;
}

std::optional<Side> Board::combat_unit(HexId h) const {
  for (const auto& [id, u] : units_) {
    if (u.at == Where::Hex && u.hex == h) return u.t.side;
  }
  return std::nullopt;
}

bool Board::has_siege_unit(HexId h) const {
  return engine_at(h) != nullptr;
}

bool Board::navigable(HexId h) const {
  return sc_->map.navigable(h) && !mole_.count(h);
}

const Engine* Board::engine_at(HexId h) const {
  for (const auto& [id, e] : engines_) {
    if (e.at == Where::Hex && e.hex == h) return &e;
  }
  return nullptr;
}

LandUnit* Board::unit_in(HexId h) {
  for (auto& [id, u] : units_) {
    if (u.at == Where::Hex && u.hex == h) return &u;
  }
  return nullptr;
}

LandLeader* Board::leader_in(HexId h) {
  for (auto& [id, l] : lleaders_) {
    if (l.at == Where::Hex && l.hex == h) return &l;
  }
  return nullptr;
}

bool Board::has_tower(HexId h) const {
  const Engine* e = engine_at(h);
  return e && e->kind == EngineKind::Tower;
}

void Board::init_siege() {
  siege_ = true;
  for (const UnitType& t : sc_->army.units)
    units_[t.id] = LandUnit{t, Where::Off, {}, "", false, ""};
  for (const LandLeaderType& t : sc_->army.leaders)
    lleaders_[t.id] = LandLeader{t, Where::Off, {}, "", 0};
  for (const EngineType& t : sc_->army.engines)
    engines_[t.id] = Engine{t.id, t.kind, Where::Off, {}, "", 0, 0, {}, 0};
  for (const auto& [id, h] : sc_->army.deploy) place_piece(id, h);
  // Alexander comes with the Cyprus fleet (17.1, 17.3).
  if (const auto it = leaders_.find("Alexander"); it != leaders_.end())
    set_aboard_naval("Alexander", it->second.ship);
  seg_ = Segment::MacDeploy;
}

void Board::place_piece(const std::string& id, HexId h) {
  if (auto u = units_.find(id); u != units_.end()) {
    u->second.at = Where::Hex;
    u->second.hex = h;
    u->second.ship.clear();
  } else if (auto l = lleaders_.find(id); l != lleaders_.end()) {
    l->second.at = Where::Hex;
    l->second.hex = h;
    l->second.ship.clear();
    if (auto n = leaders_.find(id); n != leaders_.end()) n->second.ship.clear();
  } else if (auto e = engines_.find(id); e != engines_.end()) {
    e->second.at = Where::Hex;
    e->second.hex = h;
    e->second.ship.clear();
  }
}

// A leader rated for both kinds of war (Alexander, Azemilk) is one piece:
// aboard a ship his naval ratings work; ashore his land ratings (15.0).
void Board::set_aboard_naval(const std::string& id, const std::string& ship) {
  if (auto l = lleaders_.find(id); l != lleaders_.end()) {
    l->second.at = ship.empty() ? Where::Off : Where::Ship;
    l->second.ship = ship;
  }
  if (auto n = leaders_.find(id); n != leaders_.end()) n->second.ship = ship;
}

// Case-insensitive lookup of any piece's id; "" if none.
std::string Board::piece_id(std::string_view word) const {
  // Letters compared without case, and without a lowered copy of every id:
  // every order line names its piece.
  const auto same = [&](const std::string& id) {
    return std::equal(id.begin(), id.end(), word.begin(), word.end(), [](char a, char b) {
      return std::tolower(static_cast<unsigned char>(a)) ==
             std::tolower(static_cast<unsigned char>(b));
    });
  };
  auto match = [&](const auto& m) -> std::string {
    for (const auto& [id, x] : m) {
      if (same(id)) return id;
    }
    return "";
  };
  if (std::string id = match(units_); !id.empty()) return id;
  if (std::string id = match(lleaders_); !id.empty()) return id;
  if (std::string id = match(engines_); !id.empty()) return id;
  if (std::string id = match(ships_); !id.empty()) return id;
  return match(leaders_);
}

std::optional<Side> Board::piece_side(const std::string& id) const {
  if (auto u = units_.find(id); u != units_.end()) return u->second.t.side;
  if (auto l = lleaders_.find(id); l != lleaders_.end()) return l->second.t.side;
  if (auto e = engines_.find(id); e != engines_.end()) return side_of(e->second.kind);
  if (auto s = ships_.find(id); s != ships_.end()) return s->second.side;
  if (auto n = leaders_.find(id); n != leaders_.end()) return fleet_side(n->second.fleet);
  return std::nullopt;
}

Side Board::side_of(EngineKind k) {
  return k == EngineKind::TyrianCatapult ? Side::Tyrian : Side::Macedonian;
}

Side Board::fleet_side(const std::string& fleet) const {
  for (const Fleet& f : sc_->fleets) {
    if (f.id == fleet) return f.side;
  }
  return Side::Macedonian;
}

Cargo Board::cargo(const std::string& ship) const {
  Cargo c;
  for (const auto& [id, u] : units_) {
    if (u.at == Where::Ship && u.ship == ship) c.units.push_back(id);
  }
  for (const auto& [id, e] : engines_) {
    if (e.at == Where::Ship && e.ship == ship) c.engines.push_back(id);
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.at == Where::Ship && l.ship == ship && !leaders_.count(id)) c.leaders.push_back(id);
  }
  return c;
}

// 8.0: a ship carrying land units or a siege engine is transporting.
bool Board::transporting(const Ship& s) const {
  const Cargo c = cargo(s.id);
  return !c.units.empty() || !c.engines.empty() || !c.leaders.empty();
}

bool Board::carries(const Ship& s, EngineKind k) const {
  for (const auto& id : cargo(s.id).engines) {
    if (engines_.at(id).kind == k) return true;
  }
  return false;
}

int Board::naval_leaders_aboard(const std::string& ship) const {
  int n = 0;
  for (const auto& [id, l] : leaders_) n += !l.drowned && l.ship == ship;
  return n;
}

bool Board::on_mainland(HexId h) const {
  const Terrain t = terrain(h);
  return t == Terrain::Mainland || t == Terrain::MainlandPort || t == Terrain::Mole;
}

// Where a land piece is: its hex, or the hex of the ship carrying it.
std::optional<HexId> Board::piece_hex(const std::string& id) const {
  Where at = Where::Off;
  HexId h{};
  std::string ship;
  if (auto u = units_.find(id); u != units_.end()) {
    at = u->second.at, h = u->second.hex, ship = u->second.ship;
  } else if (auto l = lleaders_.find(id); l != lleaders_.end()) {
    at = l->second.at, h = l->second.hex, ship = l->second.ship;
  } else {
    return std::nullopt;
  }
  if (at == Where::Hex) return h;
  if (at == Where::Ship) {
    const Ship& s = ships_.at(ship);
    if (s.on_map && !s.sunk) return s.hex;
  }
  return std::nullopt;
}

bool Board::is_leader(const std::string& id) const {
  return lleaders_.count(id) > 0;
}

HexId Board::temple_hex() const {
  for (const HexId h : sc_->map.all_hexes()) {
    if (sc_->map.terrain(h) == Terrain::Temple) return h;
  }
  return {};
}

// Events are recorded only while resolving; validation runs the same code silently.
}  // namespace naumachia::tyre
