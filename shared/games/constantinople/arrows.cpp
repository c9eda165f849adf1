// Constantinople: the orders of the step that led to a position, drawn on
// the board (State::order_arrows): moves along the hexes entered (14.1,
// 14.2, arrival 19.1; the trails recorded as the step was played), the
// Great Portage (17.22) and storm havens (14.29) from hex to hex, rams
// (15.1) and melee (15.2).
#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

std::vector<Arrow> Board::order_arrows(const RevealedLines& lines) const {
  std::vector<Arrow> out;
  const auto ship = [&](std::string_view word) -> const Ship* {
    const auto s = ships_.find(text::upper(word));
    return s == ships_.end() || !s->second.on_map ? nullptr : &s->second;
  };
  const auto attack = [&](const Ship* from, const Ship* to, ArrowKind kind, int owner,
                          const std::string& line) {
    if (from && to && from->hex != to->hex)
      out.push_back(hex_arrow(from->hex, to->hex, kind, owner, line));
  };
  for (const auto& [seat, seat_lines] : lines) {
    const int owner = seat.value;
    for (const std::string& line : seat_lines) {
      const auto parts = split_line(line);
      if (!parts) continue;
      const auto& [id, rest] = *parts;
      if (text::lower(rest).rfind("attack ", 0) == 0) {
        // 15.24: "G1: attack VENICE" or "VENICE: attack G1 2, T1 1".
        // Kept: the pieces split from it point into it.
        const std::string targets(rest.substr(7));
        for (auto target : text::split(targets, ",")) {
          const auto w = text::split(target);
          if (!w.empty()) attack(ship(id), ship(w[0]), ArrowKind::Melee, owner, line);
        }
        continue;
      }
      if (auto move = trails_.move(text::upper(id), owner, line)) out.push_back(std::move(*move));
      const auto actions = galley::parse_actions(id, rest, parse_action, order_notation());
      if (actions && !actions->empty() && actions->back().kind == Action::Ram)
        attack(ship(id), ship(actions->back().target), ArrowKind::Ram, owner, line);
    }
  }
  return out;
}

}  // namespace naumachia::constantinople
