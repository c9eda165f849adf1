// Tyre: orders choice by choice (core/choices.h) for the siege: the armies'
// set-up (17.1), the secret allocation (4.0 §1A, 14.2, 14.3), strategic
// movement with loading and unloading (9.16, 9.17, 8.1, 8.2), land movement
// (9.0), fire combat (11.0) and land melee (12.0). A land piece, a plan, a
// build, a damaged wall, a damaged ship or a beach to mine is a decision;
// its orders are listed whole, piece by piece, and validation keeps those
// the rules allow.
//
// What the proposals read is on both players' boards (view.cpp: every piece,
// wall damage, boulders, the siege park). The allocation is the one secret:
// each seat's proposals there come from the open position alone, never from
// the other seat's allocation.
#include <algorithm>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

using SiegePath = std::vector<std::string>;

std::string siege_at(HexId h) {
  return hex::format_hex(h);
}

std::string siege_piece_label(const Board& b, const std::string& id) {
  std::string out = id;
  if (const auto u = b.units_.find(id); u != b.units_.end()) {
    out += ", " + u->second.t.contingent + " " + kind_name(u->second.t.kind) + " unit " +
           std::to_string(u->second.t.melee) + "-" + std::to_string(u->second.t.move);
    if (u->second.disrupted) out += ", disrupted";
  } else if (const auto l = b.lleaders_.find(id); l != b.lleaders_.end()) {
    out += ", leader";
  } else if (const auto e = b.engines_.find(id); e != b.engines_.end()) {
    out += std::string(", ") + kind_name(e->second.kind);
  }
  if (const auto h = b.piece_hex(id)) {
    out += " at " + siege_at(*h);
  } else if (const auto e = b.engines_.find(id); e != b.engines_.end()) {
    if (e->second.at == Where::Hex) out += " at " + siege_at(e->second.hex);
    if (e->second.at == Where::Off) out += " in the siege park";
    if (e->second.at == Where::Ship) out += " aboard " + e->second.ship;
  }
  return out;
}

std::vector<std::string> siege_cells(const Board& b, const std::string& id) {
  if (const auto h = b.piece_hex(id)) return {siege_at(*h)};
  if (const auto e = b.engines_.find(id); e != b.engines_.end()) {
    if (e->second.at == Where::Hex) return {siege_at(e->second.hex)};
    if (e->second.at == Where::Ship) return {siege_at(b.ships_.at(e->second.ship).hex)};
  }
  return {};
}

Decision siege_decision(const Board& b, const std::string& id, const std::string& text,
                        std::string otherwise) {
  return {id, siege_piece_label(b, id), text, siege_cells(b, id), std::move(otherwise)};
}

// Every hex of the map that `keep` accepts, as the last piece of an order.
template <class Keep>
std::vector<Option> siege_hex_options(const Board& b, const Piece& before, const std::string& word,
                                      Keep keep) {
  std::vector<Option> out;
  for (const HexId h : b.sc_->map.all_hexes()) {
    if (!keep(h)) continue;
    const std::string at = siege_at(h);
    Piece last{" " + word + " " + at, word + " " + at, {at}};
    if (before.text.empty())
      out.push_back({std::move(last)});
    else
      out.push_back({before, std::move(last)});
  }
  return out;
}

// The land pieces of a side that the set-up places (17.1): combat units,
// land leaders but Alexander (he comes with the Cyprus fleet), siege towers
// and Tyrian catapults.
std::vector<std::string> siege_setup_pieces(const Board& b, Side side) {
  std::vector<std::string> out;
  for (const auto& [id, u] : b.units_) {
    if (u.t.side == side) out.push_back(id);
  }
  for (const auto& [id, l] : b.lleaders_) {
    if (l.t.side == side && id != "Alexander" && !b.leaders_.count(id)) out.push_back(id);
  }
  for (const auto& [id, e] : b.engines_) {
    if (Board::side_of(e.kind) == side &&
        (e.kind == EngineKind::Tower || e.kind == EngineKind::TyrianCatapult))
      out.push_back(id);
  }
  return out;
}

bool siege_island(const Board& b, HexId h) {
  return is_island(b.terrain(h)) && b.terrain(h) != Terrain::Beach;
}

// A naval leader who may change ships in strategic movement (8.0, 16.42):
// aboard a ship afloat in a home port of its side (a fleet yet to arrive
// brings its leaders, 17.21), or a leader of both wars ashore (8.12).
bool siege_leader_boards(const Board& b, const std::string& id, const Leader& l) {
  if (l.drowned) return false;
  if (l.ship.empty()) {
    const auto land = b.lleaders_.find(id);
    return land != b.lleaders_.end() && land->second.at == Where::Hex;
  }
  const Ship& s = b.ships_.at(l.ship);
  return s.on_map && !s.sunk && b.home_hex(s.side, s.hex);
}

Decision siege_naval_leader_decision(const Board& b, const std::string& id, const Leader& l) {
  std::string label = id + ", naval leader " + std::to_string(l.ram) + "-" +
                      std::to_string(l.melee) + "-" + std::to_string(l.radius) + " of the " +
                      b.fleet_name(l.fleet) + " fleet";
  const auto at = b.piece_hex(id);
  if (!l.ship.empty()) {
    const std::string hex = siege_at(b.ships_.at(l.ship).hex);
    return {id,
            label + ", aboard " + l.ship + " at " + hex,
            "",
            {hex},
            "stays aboard " + l.ship + " (16.42)"};
  }
  return {
      id, label + ", ashore at " + siege_at(*at), "", {siege_at(*at)}, "stays where he is (9.16)"};
}

}  // namespace

// ------------------------------------------------------------ set-up (17.1)

std::vector<Decision> Board::deploy_decisions(Side side) const {
  std::vector<Decision> out;
  if (seg_ == Segment::Deploy) out = placement_decisions(side);
  if (!siege_) return out;
  for (const std::string& id : siege_setup_pieces(*this, side))
    out.push_back(siege_decision(*this, id, id + ":", "stays where the set-up puts it (17.1)"));
  return out;
}

std::vector<Choice> Board::deploy_ways(Side side, const Decision& d, const ChoicePath& path) const {
  if (ships_.count(d.id) || d.id == "combine") return placement_ways(side, d, path);
  const auto keep = [&](HexId h) {
    return side == Side::Macedonian ? on_mainland(h) : siege_island(*this, h);
  };
  return ways_among(siege_hex_options(*this, {}, "at", keep), path);
}

// ------------------------------------------------------------ allocation (4.0 §1A)

std::vector<Decision> Board::allocation_decisions(Side side) const {
  std::vector<Decision> out;
  if (side == Side::Macedonian) {
    out.push_back({"plan",
                   "the plan of this Game-Turn: bombard or assault (4.0)",
                   "",
                   {},
                   "bombards (4.0: a Game-Turn without an assault is one of bombardment)"});
    out.push_back({"build",
                   "a catapult or a battering ram for the siege park (14.21)",
                   "build",
                   {},
                   "nothing is built (14.21)"});
    return out;
  }
  // 7.31: more than one Engineer Point may go to a wall hex, each a line of
  // its own ("repair wall 3721" again, one roll each, 7.32): a decision for
  // each point a wall may take, up to the six of a Game-Turn (14.3).
  for (const auto& [h, n] : walls_) {
    const std::string at = siege_at(h);
    const std::string wall = "the wall at " + at + ", breach damage " + std::to_string(n);
    out.push_back({at, wall, "repair wall", {at}, "is not repaired (7.3)"});
    for (int k = 2; k <= kEngineerPoints; ++k) {
      out.push_back({at + "#" + std::to_string(k),
                     wall + ": Engineer Point " + std::to_string(k) + " on it (7.31)",
                     "repair wall",
                     {at},
                     "no Engineer Point " + std::to_string(k) + " goes to it (7.31)"});
    }
  }
  for (const auto& [id, s] : ships_) {
    if (s.side == Side::Tyrian && s.damaged && s.on_map && !s.sunk)
      out.push_back({id,
                     id + ", damaged " + type_name(s.type) + " at " + siege_at(s.hex),
                     "repair ship",
                     {siege_at(s.hex)},
                     "stays damaged (14.32)"});
  }
  for (const HexId h : sc_->map.all_hexes()) {
    if (terrain(h) != Terrain::Beach || boulders_.count(h) ||
        !next_to(h, [&](HexId n) { return is_wall(terrain(n)); }))
      continue;
    const std::string at = siege_at(h);
    out.push_back({at, "the beach at " + at, "boulders", {at}, "is not mined (14.31)"});
  }
  return out;
}

std::vector<Choice> Board::allocation_ways(Side, const Decision& d, const ChoicePath& path) const {
  std::vector<Option> options;
  if (d.id == "plan") {
    options = {{{"bombard", "bombard the walls this Game-Turn", {}}},
               {{"assault", "the amphibious assault this Game-Turn", {}}}};
  } else if (d.id == "build") {
    options = {{{" catapult", "a catapult", {}}}, {{" ram", "a battering ram", {}}}};
  } else if (d.text == "repair wall") {
    const std::string& at = d.cells.front();
    const std::string again = d.id == at ? "" : " again";
    options = {{{" " + at, "repair the wall at " + at + again + " (1 Engineer Point)", d.cells}}};
  } else if (d.text == "repair ship") {
    options = {{{" " + d.id, "take " + d.id + " out for repair (2 Engineer Points)", d.cells}}};
  } else {
    options = {{{" " + d.id, "drop boulders into " + d.id + " (2 Engineer Points)", d.cells}}};
  }
  return ways_among(options, path);
}

// ------------------------------------------------------------ strategic movement (9.16, 9.17)

// A Macedonian piece loads in the mainland harbour, unloads there, or (a
// tower, a fire unit, 13.15, 9.17) relocates on the mainland or the mole. A
// Tyrian unit or leader moves at twice its allowance (9.16), a Tyrian
// catapult goes anywhere within the walls (9.17), King Azemilk goes ashore
// from his ship or aboard one in a Tyrian harbour.
std::vector<Decision> Board::strategic_decisions(Side side) const {
  std::vector<Decision> out;
  for (const std::string& id : siege_setup_pieces(*this, side)) {
    if (piece_hex(id) || (engines_.count(id) && engines_.at(id).at == Where::Hex))
      out.push_back(siege_decision(*this, id, "", "stays where it is (9.16)"));
  }
  if (side == Side::Macedonian) {
    for (const auto& [id, e] : engines_) {
      if (e.kind == EngineKind::Catapult || e.kind == EngineKind::Ram) {
        if (e.at == Where::Off || e.at == Where::Ship)
          out.push_back(siege_decision(*this, id, "", "stays where it is (9.16)"));
      }
    }
  } else if (lleaders_.count("Azemilk") && leaders_.count("Azemilk")) {
    out.push_back(siege_decision(*this, "Azemilk", "", "stays where he is (9.16)"));
  }
  // 8.0, 8.11, 8.21, 16.42: a naval leader goes aboard another ship in a
  // home port ('load Enylus on A3').
  for (const auto& [id, l] : leaders_) {
    const bool decided =
        std::any_of(out.begin(), out.end(), [&id = id](const Decision& d) { return d.id == id; });
    if (fleet_side(l.fleet) == side && !decided && siege_leader_boards(*this, id, l))
      out.push_back(siege_naval_leader_decision(*this, id, l));
  }
  return out;
}

std::vector<Choice> Board::strategic_ways(Side side, const Decision& d,
                                          const ChoicePath& path) const {
  const std::string& id = d.id;
  std::vector<Option> options;
  const Piece named{id + ":", id, siege_cells(*this, id)};
  const Piece load{"load " + id, "load " + id, siege_cells(*this, id)};
  // A naval leader goes aboard another ship than his own (16.42).
  const auto naval = leaders_.find(id);
  const std::string own = naval == leaders_.end() ? "" : naval->second.ship;
  for (const auto& [sid, s] : ships_) {
    if (s.side == side && s.on_map && !s.sunk && home_hex(side, s.hex) && sid != own)
      options.push_back({load, {" on " + sid, "on " + sid, {siege_at(s.hex)}}});
  }
  const auto e = engines_.find(id);
  const auto l = lleaders_.find(id);
  const bool aboard = (units_.count(id) && units_.at(id).at == Where::Ship) ||
                      (l != lleaders_.end() && l->second.at == Where::Ship);
  if (side == Side::Macedonian) {
    if (e != engines_.end() && e->second.at == Where::Ship)
      options.push_back({{"unload " + id, "unload " + id + " into the siege park", {}}});
    if (aboard) {
      const auto ashore = [&](HexId h) { return on_mainland(h) && terrain(h) != Terrain::Mole; };
      for (auto& o : siege_hex_options(*this, {"unload " + id, "unload " + id, {}}, "at", ashore))
        options.push_back(std::move(o));
    }
    // Towers and units relocate (13.15, 9.17, 14.12); leaders do not.
    if ((piece_hex(id) && !is_leader(id)) || (e != engines_.end() && e->second.at == Where::Hex)) {
      // 14.12: a melee unit relocates only into a tower's hex, once the mole grew.
      const bool melee = units_.count(id) && units_.at(id).t.kind == UnitKind::Melee;
      const auto mainland = [&](HexId h) {
        return on_mainland(h) && (!melee || (mole_grew_ && !relocated_melee_ && has_tower(h)));
      };
      // A unit relocates 'to' a hex as it moves (9.16); a tower stands 'at' one.
      const char* word = units_.count(id) ? "to" : "at";
      for (auto& o : siege_hex_options(*this, named, word, mainland))
        options.push_back(std::move(o));
    }
    return ways_among(options, path);
  }
  // A catapult goes to every hex within the walls and a unit or leader
  // ashore to every hex its strategic path search reaches (tyrian_strategic
  // accepts exactly these: land_path searches the same tree), so these
  // moves are vouched for (core/choices.h) rather than searched for again
  // hex by hex.
  std::vector<Option> moves;
  if (e != engines_.end()) {
    moves = siege_hex_options(*this, named, "at", [&](HexId h) { return siege_island(*this, h); });
  } else if (!(aboard && l != lleaders_.end()) && piece_hex(id)) {
    const auto reach = land_reach(id, /*strategic=*/true);
    moves = siege_hex_options(*this, named, "to", [&](HexId h) { return reach.count(h) > 0; });
  }
  if (!moves.empty() && !path.empty() && path.front() == named.text) {
    auto out = ways_among(moves, path);
    for (Choice& c : out) c.vouched = c.complete;
    return out;
  }
  if (!moves.empty()) {
    options.insert(options.end(), moves.begin(), moves.end());
  } else if (aboard && l != lleaders_.end()) {
    const HexId from = ships_.at(l->second.ship).hex;
    const auto beside = [&](HexId h) {
      return hex::distance(h, from) == 1 && is_island(terrain(h));
    };
    for (auto& o : siege_hex_options(*this, named, "at", beside)) options.push_back(std::move(o));
  }
  return ways_among(options, path);
}

// ------------------------------------------------------------ land movement (9.0)

std::vector<Decision> Board::land_move_decisions(Side side) const {
  std::vector<Decision> out;
  for (const auto& [id, u] : units_) {
    if (u.t.side == side && piece_hex(id))
      out.push_back(siege_decision(*this, id, id + ":", "stays where it is (9.0)"));
  }
  for (const auto& [id, l] : lleaders_) {
    if (l.t.side == side && piece_hex(id) &&
        !(side == Side::Tyrian && leaders_.count(id) && l.at == Where::Ship))
      out.push_back(siege_decision(*this, id, id + ":", "stays where he is (9.0)"));
  }
  return out;
}

// Every hex the piece reaches within its allowance (9.1, 15.12), and the
// hex of the ship it goes ashore from (8.31).
std::vector<Choice> Board::land_move_ways(Side, const Decision& d, const ChoicePath& path) const {
  const Piece none{"", "", {}};
  const auto reach = land_reach(d.id, /*strategic=*/false);
  const auto from = piece_hex(d.id);
  const auto reached = [&](HexId h) { return reach.count(h) > 0 || (from && h == *from); };
  return ways_among(siege_hex_options(*this, none, "to", reached), path);
}

// ------------------------------------------------------------ fire combat (11.0)

std::vector<Decision> Board::fire_decisions(Side side) const {
  std::vector<Decision> out;
  std::vector<std::string> firers;
  for (const auto& [id, u] : units_) firers.push_back(id);
  for (const auto& [id, e] : engines_) firers.push_back(id);
  for (const std::string& id : firers) {
    if (firer_hex(id, side))
      out.push_back(siege_decision(*this, id, id + ":", "does not fire (11.0)"));
  }
  return out;
}

// 11.13: at the hex of an enemy unit within range (11.4).
std::vector<Choice> Board::fire_ways(Side side, const Decision& d, const ChoicePath& path) const {
  const auto from = firer_hex(d.id, side);
  if (!from) return {};
  std::set<HexId> targets;
  for (const auto& [tid, t] : units_) {
    const auto at = piece_hex(tid);
    if (t.t.side != side && at && hex::distance(*from, *at) <= 3) targets.insert(*at);
  }
  const Piece none{"", "", {}};
  return ways_among(
      siege_hex_options(*this, none, "fire", [&](HexId h) { return targets.count(h) > 0; }), path);
}

// ------------------------------------------------------------ land melee (12.0)

std::vector<Decision> Board::land_melee_decisions(Side side) const {
  std::vector<Decision> out;
  for (const auto& [id, u] : units_) {
    if (u.t.side != side || u.at != Where::Hex || u.disrupted || u.t.kind == UnitKind::Fire)
      continue;
    for (int k = 0; k < 6; ++k) {
      if (!assault_problem(side, {{id}, hex::neighbour(u.hex, static_cast<Dir>(k)), ""})) {
        out.push_back(siege_decision(*this, id, id, "does not attack (12.0)"));
        break;
      }
    }
  }
  return out;
}

// The unit alone or with up to two others next to the same hex (12.1),
// the hex attacked, then which attacker advances into it, if any (12.5).
std::vector<Choice> Board::land_melee_ways(Side side, const Decision& d,
                                           const ChoicePath& path) const {
  const auto self = units_.find(d.id);
  if (self == units_.end()) return {};
  std::vector<Option> options;
  for (int k = 0; k < 6; ++k) {
    const HexId target = hex::neighbour(self->second.hex, static_cast<Dir>(k));
    std::vector<std::string> others;
    for (const auto& [id, u] : units_) {
      if (id != d.id && u.t.side == side && u.at == Where::Hex && !u.disrupted &&
          u.t.kind != UnitKind::Fire && hex::distance(u.hex, target) == 1)
        others.push_back(id);
    }
    std::vector<std::vector<std::string>> groups{{}};
    for (std::size_t i = 0; i < others.size(); ++i) {
      groups.push_back({others[i]});
      for (std::size_t j = i + 1; j < others.size(); ++j) groups.push_back({others[i], others[j]});
    }
    const std::string at = siege_at(target);
    for (const auto& group : groups) {
      std::vector<std::string> attackers{d.id};
      attackers.insert(attackers.end(), group.begin(), group.end());
      if (assault_problem(side, {attackers, target, ""})) continue;
      Option o;
      for (const std::string& id : group)
        o.push_back(
            {" " + id, "together with " + siege_piece_label(*this, id), siege_cells(*this, id)});
      o.push_back({": attack " + at, "attack " + at, {at}});
      options.push_back(o);
      for (const std::string& id : attackers) {
        Option advancing = o;
        advancing.push_back({", advance " + id, id + " advances into " + at, {at}});
        options.push_back(std::move(advancing));
      }
    }
  }
  return ways_among(options, path);
}

}  // namespace naumachia::tyre
