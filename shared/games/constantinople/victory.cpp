// Constantinople: victory in the naval game alone, which is the project's
// (docs/rules/constantinople.md).
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

// The naval game's victory (the project's, docs/rules/constantinople.md):
// the Ottoman player wins when five or more of his ships are in the Golden
// Horn with no Byzantine ship afloat there (the command of the Golden Horn
// that 11.41 and 13.0 make the key to the siege), or when the Byzantine fleet
// is gone; the Byzantine player wins if the Ottoman fleet is gone, or if the
// Golden Horn is still contested at the end of the last Game-Turn.
void Board::check_victory(bool last_turn) {
  int ott_horn = 0, byz_horn = 0, ott = 0, byz = 0;
  for (const auto& [id, s] : ships_) {
    if (s.sunk) continue;
    (s.side == Side::Ottoman ? ott : byz) += 1;
    if (afloat(s) && sc_->map.in_horn(s.hex)) (s.side == Side::Ottoman ? ott_horn : byz_horn) += 1;
  }
  if (byz == 0) return end_game(Side::Ottoman, "Ottoman victory: the Byzantine fleet is destroyed");
  if (ott == 0)
    return end_game(Side::Byzantine, "Byzantine victory: the Ottoman fleet is destroyed");
  if (ott_horn >= 5 && byz_horn == 0)
    return end_game(Side::Ottoman, "Ottoman victory: " + std::to_string(ott_horn) +
                                       " Ottoman ships command the Golden Horn (11.41, 13.0)");
  if (last_turn)
    end_game(Side::Byzantine,
             "Byzantine victory: the Golden Horn is not lost by the end of "
             "Game-Turn " +
                 std::to_string(turn_));
}

std::vector<SideId> Board::winners() const {
  if (!winner_) return {};
  return {SideId{static_cast<int>(*winner_)}};
}

void Board::end_game(std::optional<Side> winner, const std::string& why) {
  over_ = true;
  winner_ = winner;
  result_ = why;
  say(why);
}

}  // namespace naumachia::constantinople
