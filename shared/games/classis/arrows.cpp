// Classis: the orders of the activation step that led to a position, drawn
// on the board (State::order_arrows): moves and backwater along the hexes
// passed (3.2.1, 3.2.2; the trails recorded as the step was played), rams,
// follow-ups and rakes (3.2.3-3.2.5), grapples and boarding (3.2.6, 3.2.8);
// a line that failed, and those dropped after it, are drawn as failed.
#include <set>

#include "games/classis/rules.h"

namespace naumachia::classis {

std::vector<Arrow> Board::order_arrows(const RevealedLines& lines) const {
  std::vector<Arrow> out;
  std::set<std::string> moved;
  for (const auto& [seat, seat_lines] : lines) {
    const int owner = seat.value;
    for (const std::string& line : seat_lines) {
      const auto a = parse_action(line);
      if (!a) continue;
      const bool failed = trails_.failed(line);
      // A ship's move and backwater in one activation are one trail.
      for (const auto& [ship, path] : a->moves) {
        if (!moved.insert(ship).second) continue;
        if (auto move = trails_.move(ship, owner, line)) {
          move->failed = failed;
          out.push_back(std::move(*move));
        }
      }
      const ArrowKind kind =
          a->kind == Action::Ram || a->kind == Action::FollowUp || a->kind == Action::Rake
              ? ArrowKind::Ram
          : a->kind == Action::Grapple || a->kind == Action::Board ? ArrowKind::Melee
                                                                   : ArrowKind::Move;
      if (kind == ArrowKind::Move) continue;
      const Ship* s = find_ship(a->actor);
      const Ship* t = find_ship(a->target);
      if (!s || !t || s->hex == t->hex) continue;
      Arrow arrow = hex_arrow(s->hex, t->hex, kind, owner, line);
      arrow.failed = failed;
      out.push_back(std::move(arrow));
    }
  }
  return out;
}

}  // namespace naumachia::classis
