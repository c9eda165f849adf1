#pragma once
// Who plays what: the sides of a scenario, the seats of a game, and which
// sides each seat plays. A side may have several seats (partners), and a seat
// several sides. Victory, resignation and "one side left" are decided on
// sides, here, for every module and the server alike.
#include <string>
#include <vector>

#include "core/audience.h"
#include "core/ids.h"

namespace naumachia {

struct Seating {
  std::vector<std::string> side_names;          // index = SideId
  std::vector<std::string> seat_names;          // index = PlayerId
  std::vector<std::vector<SideId>> seat_sides;  // the sides each seat plays, ascending

  // Seat i plays side i (sides beyond `players` are not in play).
  static Seating one_side_each(const std::vector<std::string>& sides, int players);
  // Sides dealt to seats in turn; a seat's name joins its sides' with '+'.
  static Seating dealt_round_robin(const std::vector<std::string>& sides, int players);
  // Seats named `seat_names`, seat i playing side `side_of_seat[i]`.
  static Seating partnered(const std::vector<std::string>& sides,
                           const std::vector<std::string>& seat_names,
                           const std::vector<int>& side_of_seat);

  int seats() const { return static_cast<int>(seat_names.size()); }
  const std::vector<SideId>& sides_of(PlayerId seat) const;
  std::vector<PlayerId> seats_of(SideId side) const;
  // Two different seats that play a common side.
  bool partners(PlayerId a, PlayerId b) const;
  // The seats of the sides `seat` plays, itself included.
  std::vector<PlayerId> side_mates(PlayerId seat) const;
  // Every seat of `side`, as an audience.
  Audience side_audience(SideId side) const;
  // Empty when the seating is consistent (names, ranges, every side in play
  // has a seat), else what is wrong.
  std::string problem() const;
};

// Where a game stands when some seats have resigned.
struct Standing {
  std::vector<SideId> remaining;  // sides still played by a seat that has not resigned
  // Nobody is left to play against: every seat still in the game plays every
  // remaining side (one seat, or the partners of one side). The remaining
  // sides win.
  bool decided = false;
};
Standing standing(const Seating& seating, const std::vector<bool>& resigned);

// The seats that win when `sides` win: those playing one of them that have
// not resigned.
std::vector<PlayerId> winning_seats(const Seating& seating, const std::vector<SideId>& sides,
                                    const std::vector<bool>& resigned);

}  // namespace naumachia
