// Classis: the end of the battle: the fleet's morale check (3.2.10) and
// victory by losses (4.0).
#include <array>

#include "games/classis/rules.h"

namespace naumachia::classis {

// Classis 3.2.10: taken only by a side that has lost more ships than the
// enemy (equal losses: ignored, as lower ones are); the admiral rolls 1d6,
// -1 below average, +1 above, and must beat the ships lost; a lost admiral
// fails it.
void Board::morale_check(Side side) {
  const int mine = losses(side), theirs = losses(enemy(side));
  if (mine <= theirs) {
    say(side_name(side) + " has lost " + std::to_string(mine) + " ship(s) to the enemy's " +
        std::to_string(theirs) + ": the morale check is ignored (3.2.10)");
    return;
  }
  const Commander* admiral = nullptr;
  for (const auto& [id, c] : commanders_)
    if (c.side == side && c.admiral) admiral = &c;
  if (!admiral || admiral->lost) {
    end_game(enemy(side), side_name(side) +
                              "'s fleet admiral is lost and the fleet fails its "
                              "morale check: " +
                              side_name(side) + " concedes (3.2.10)");
    return;
  }
  const auto first = rolls_so_far();
  const int die = roll(6, side_name(side) + "'s morale check (3.2.10)");
  const int mod = admiral->rating == 2 ? -1 : admiral->rating == 4 ? 1 : 0;
  const int total = die + mod;
  const bool pass = total > mine;
  said_with_rolls(side_name(side) + " has lost " + std::to_string(mine) +
                      " ship(s) to the enemy's " + std::to_string(theirs) + ": " + admiral->name +
                      " rolls " + std::to_string(die) + (mod ? (mod > 0 ? " +1" : " -1") : "") +
                      " = " + std::to_string(total) +
                      (pass ? ", more than the ships lost: the fleet fights on"
                            : ", not more than the ships lost: the fleet fails") +
                      " (3.2.10)",
                  first);
  if (!pass)
    end_game(enemy(side), side_name(side) + " fails its morale check and concedes (3.2.10)");
}

// Classis 4.0: the first side to lose a third of its ships or of its
// original ramming factors (a third exactly counts) loses. Both at once: the
// side that lost the larger share loses; equal shares are a draw.
void Board::check_victory() {
  if (over_ || seg_ != Segment::Activation) return;
  std::array<bool, 2> beaten{};
  std::array<std::pair<int, int>, 2> share{};  // the larger of the two fractions
  for (Side s : {Side::First, Side::Second}) {
    const auto i = static_cast<std::size_t>(index(s));
    const int ships = losses(s), ram = ram_losses(s);
    beaten[i] = ships * 3 >= start_ships_[i] || ram * 3 >= start_ram_[i];
    // ships/start vs ram/start_ram: keep the larger as a fraction.
    share[i] = ships * start_ram_[i] >= ram * start_ships_[i] ? std::pair{ships, start_ships_[i]}
                                                              : std::pair{ram, start_ram_[i]};
  }
  const auto why = [&](Side s) {
    const auto i = static_cast<std::size_t>(index(s));
    return side_name(s) + " has lost " + std::to_string(losses(s)) + " of " +
           std::to_string(start_ships_[i]) + " ships and " + std::to_string(ram_losses(s)) +
           " of " + std::to_string(start_ram_[i]) + " ramming factors";
  };
  if (beaten[0] && beaten[1]) {
    const long a = static_cast<long>(share[0].first) * share[1].second;
    const long b = static_cast<long>(share[1].first) * share[0].second;
    if (a == b) {
      end_game(std::nullopt, why(Side::First) + "; " + why(Side::Second) +
                                 ": both reach a third at once, in equal shares: a draw (4.0)");
    } else {
      const Side loser = a > b ? Side::First : Side::Second;
      end_game(enemy(loser), why(Side::First) + "; " + why(Side::Second) +
                                 ": both reach a third at once; " + side_name(loser) +
                                 " has lost the larger share and loses (4.0)");
    }
    return;
  }
  for (Side s : {Side::First, Side::Second}) {
    if (beaten[static_cast<std::size_t>(index(s))]) {
      end_game(enemy(s), why(s) + ": a third, and " + side_name(s) + " loses the battle (4.0)");
      return;
    }
  }
}

std::vector<SideId> Board::winners() const {
  if (!winner_) return {};
  return {SideId{index(*winner_)}};
}

void Board::end_game(std::optional<Side> winner, const std::string& why) {
  over_ = true;
  winner_ = winner;
  result_ = (winner ? side_name(*winner) + " wins: " : std::string("Drawn: ")) + why;
  say(result_);
}

}  // namespace naumachia::classis
