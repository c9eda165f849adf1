// Tyre: the orders of the step that led to a position, drawn on the board
// (State::order_arrows): naval and land moves along the hexes they passed
// (the trails recorded as the step was played), rams (6.1), naval melee
// (6.2), fire combat (11.0), bombardment and counter-bombardment (7.1, 7.2)
// and land melee (12.0). Each line is read with the words the rules read.
#include "core/galley.h"
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

std::vector<Arrow> Board::order_arrows(const RevealedLines& lines) const {
  std::vector<Arrow> out;
  const auto ship_hex = [&](const std::string& word) -> std::optional<HexId> {
    const auto s = ships_.find(text::upper(word));
    if (s == ships_.end() || !s->second.on_map) return std::nullopt;
    return s->second.hex;
  };
  // Where a piece that gives an order stands: a ship, a land unit or
  // leader (or the ship carrying it), an engine on the map.
  const auto piece_at = [&](std::string_view word) -> std::optional<HexId> {
    if (auto h = ship_hex(std::string(word))) return h;
    const std::string id = piece_id(word);
    if (auto h = piece_hex(id)) return h;
    const auto e = engines_.find(id);
    if (e != engines_.end() && e->second.at == Where::Hex) return e->second.hex;
    return std::nullopt;
  };
  const auto attack = [&](std::optional<HexId> from, std::optional<HexId> to, ArrowKind kind,
                          int owner, const std::string& line) {
    if (from && to && *from != *to) out.push_back(hex_arrow(*from, *to, kind, owner, line));
  };
  for (const auto& [seat, seat_lines] : lines) {
    const int owner = seat.value;
    for (const std::string& line : seat_lines) {
      const auto parts = split_line(line);
      if (!parts) continue;
      const auto& [head, rest] = *parts;
      const auto w = text::split(rest);
      const std::string verb = w.empty() ? "" : text::lower(w[0]);
      if (w.size() == 2 && verb == "attack") {
        // 12.0: units at a hex; 6.2: ships at a ship.
        const auto hex_target = hex::parse_hex(w[1]);
        for (auto attacker : text::split(head, " ,+&")) {
          if (text::lower(attacker) == "and") continue;
          attack(piece_at(attacker), hex_target ? hex_target : ship_hex(std::string(w[1])),
                 ArrowKind::Melee, owner, line);
        }
        continue;
      }
      if (w.size() == 2 && (verb == "fire" || verb == "bombard" || verb == "batter")) {
        // 11.0 fire at a hex; 7.2 a catapult at a ship; 7.1 a ship's catapult
        // bombards a wall, its battering ram batters one.
        const auto target_hex = hex::parse_hex(w[1]);
        attack(piece_at(head), target_hex ? target_hex : ship_hex(std::string(w[1])),
               verb == "batter" ? ArrowKind::Ram : ArrowKind::Fire, owner, line);
        continue;
      }
      // A move: a ship's actions (5.0) or a land unit's hexes (9.1).
      const std::string id = ships_.count(text::upper(head)) ? text::upper(head) : piece_id(head);
      if (auto move = trails_.move(id, owner, line)) out.push_back(std::move(*move));
      const auto actions = galley::parse_actions(head, rest, parse_action, order_notation());
      if (actions && !actions->empty() && actions->back().kind == Action::Ram)
        attack(ship_hex(head), ship_hex(actions->back().target), ArrowKind::Ram, owner, line);
    }
  }
  return out;
}

}  // namespace naumachia::tyre
