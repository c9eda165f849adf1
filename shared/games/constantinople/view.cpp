// Constantinople: what the players see (the naval game is played in the
// open) and the order help.
#include <algorithm>

#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// A ship's counter: its values as printed (melee, ram, Ram Defense, cruising
// / battle speed - sail) and how it moves now, oar or sail at its capability
// (14.21); its marks are the markers on it, a word each, and its details say
// what they mean.
Token Board::token(const Ship& s) const {
  Token t;
  t.owner = static_cast<int>(s.side);
  t.kind = cls(s).name;
  t.label = s.id;
  t.facing = static_cast<int>(s.facing);
  const std::string mode =
      s.prop == Propulsion::Oar ? std::string("oar") : "sail " + std::to_string(s.capability);
  t.values = counter_text(s) + " " + mode;
  t.details.push_back(cls(s).name + " " + counter_text(s) +
                      ": melee, ram, Ram Defense, oar cruising/battle speed - sail");
  t.details.push_back(s.prop == Propulsion::Oar
                          ? std::string("under oar")
                          : "under sail, Movement Capability " + std::to_string(s.capability));
  if (s.reduced) {
    t.marks.push_back(s.side == Side::Ottoman ? "reduced" : "crew ashore");
    t.details.push_back(s.side == Side::Ottoman ? "reduced (15.35)" : "crew ashore (16.0)");
  }
  if (s.damaged) {
    t.marks.push_back("damaged");
    t.details.push_back("damaged: movement and Ram Defense halved (15.34)");
  }
  if (s.ineffective_in == abs_impulse()) {
    t.marks.push_back("ineffective");
    t.details.push_back("ineffective this impulse (15.33)");
  }
  if (!s.engaged.empty()) {
    t.marks.push_back("engaged");
    t.details.push_back("engaged with " + s.engaged + " (15.15)");
  }
  if (s.battle_in > 0 && s.battle_in == abs_impulse() - 1) {
    t.marks.push_back("battle speed");
    t.details.push_back("rowed at battle speed last segment (14.17)");
  }
  if (!s.leader.empty()) {
    t.marks.push_back("leader");
    t.details.push_back(s.leader + " aboard (15.26)");
  }
  return t;
}

View Board::view() const {
  View v;
  v.board_kind = BoardKind::Hex;
  const Map& m = sc_->map;
  for (int r = m.first_row(); r <= m.last_row(); ++r) {
    for (int c = m.first_col(); c <= m.last_col(); ++c) {
      const HexId h{c, r};
      const HexInfo& i = m.at(h);
      Cell cell;
      cell.id = hx(h);
      cell.col = c;
      cell.row = r;
      cell.terrain = Map::terrain_name(i);
      cell.fill = i.water == Water::Sea         ? Fill::Water
                  : i.water == Water::Coast     ? (i.code == 'r' ? Fill::Shallows : Fill::Coast)
                  : i.water == Water::Harbour   ? Fill::Harbour
                  : i.water == Water::Anchorage ? Fill::Harbour
                  : i.code == 'C'               ? Fill::Town
                  : i.code == 'W'               ? Fill::Wall
                                                : Fill::Land;
      cell.label = std::string(1, i.code);
      if (i.shoal) {
        cell.label = std::to_string(i.shoal);
        cell.terrain += ", shoal (15.53)";
      }
      if (m.haven(h)) cell.terrain += ", storm haven (14.29)";
      // The Boom's hexsides (15.6) and the harbours' permanent booms.
      for (int d = 0; d < 6; ++d) {
        const auto boom = m.boom(h, hex::neighbour(h, static_cast<hex::Dir>(d)));
        if (!boom) continue;
        cell.edges.push_back(Edge{{},
                                  d,
                                  *boom == BoomKind::Permanent ? "permanent boom"
                                  : boom_broken_               ? "the Boom, broken"
                                  : *boom == BoomKind::Closed  ? "the Boom"
                                                               : "the Boom, passage (15.61)",
                                  {}});
      }
      for (const auto& [id, s] : ships_) {
        if (!afloat(s) || s.hex != h) continue;
        cell.tokens.push_back(token(s));
      }
      v.cells.push_back(std::move(cell));
    }
  }
  v.notes.push_back("Game-Turn " + std::to_string(turn_) + " of " +
                    std::to_string(sc_->tables.game_length) + ", impulse " +
                    std::to_string(impulse_));
  v.notes.push_back("wind: " + wind_text());
  v.notes.push_back(boom_broken_ ? std::string("the Boom is broken")
                                 : std::string("the Boom: controlled by the ") +
                                       side_name(boom_owner_) + " player");
  v.notes.push_back("Assault Capability " + std::to_string(sc_->tables.assault_on(turn_)) +
                    ", Ottoman guns in Pera " + std::to_string(sc_->tables.guns_on(turn_)) +
                    (portage_open() ? "; the Great Portage may be tried" : ""));
  std::vector<std::string> waiting, deploying;
  for (const auto& [id, s] : ships_) {
    if (s.on_map || s.sunk) continue;
    const bool deploys = s.side == Side::Byzantine && !sc_->arrives.count(id);
    (deploys ? deploying : waiting).push_back(id);
  }
  if (!deploying.empty())
    v.notes.push_back("to deploy in the Golden Horn (19.1): " + text::join(deploying, " "));
  if (!waiting.empty()) v.notes.push_back("to arrive (19.1): " + text::join(waiting, " "));
  std::vector<std::string> lost;
  for (const auto& [id, s] : ships_)
    if (s.sunk) lost.push_back(id);
  if (!lost.empty()) v.notes.push_back("lost: " + text::join(lost, " "));
  for (const auto& [l, ship] : leaders_)
    v.notes.push_back(l + ": " + (ship.empty() ? std::string("ashore") : ship));
  if (proposals_) v.notes.push_back("a proposal to end the Naval Phase is pending (4.0 E)");
  if (over_) v.notes.push_back(result_);
  return v;
}

std::string Board::order_help() const {
  return "Constantinople 1453 (naval game). Directions are the map grid's hexsides N NE SE S SW NW "
         "(geographic north is the grid's " +
         std::string(hex::name(sc_->map.north())) +
         ").\n"
         "Deployment: 'VENICE: 3331 facing S', 'Diedo: VENICE'.\n"
         "Movement, one line per ship, actions in order:\n"
         "  oar:  'G1: move 2, turn R, move 1'  'G1: battle, move 4, ram VENICE'  "
         "'G1: move 1, sail'\n"
         "  sail: 'VENICE: speed 7, move 3, turn L, move 2' (the rest of the capability is "
         "spent straight ahead, 14.21); 'turn R2' turns 120 degrees for 1 MP; 'T1: oar, move 3'\n"
         "  arrival: 'G1: enter 2046 facing N, move 3'; engaged: 'G1: free, move 2'; "
         "'G1: break boom'\n"
         "Combat: 'G1: attack VENICE' or, next to several, 'VENICE: attack G1 2, T1 1, F3 5'.\n"
         "'propose end' (movement or combat) proposes ending the Naval Phase; the answer is "
         "'accept' or 'decline'.\n"
         "Storm havens: 'VENICE: 1823'. Planning: 'VENICE: ashore' / 'VENICE: aboard', "
         "'Diedo: VENICE' / 'Diedo: ashore'; 'T1: portage 3624 facing N'; 'bombard VENICE'.";
}

}  // namespace naumachia::constantinople
