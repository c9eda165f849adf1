#pragma once
// The powers of a game of Diplomacy, or of a variant (The Fall of
// Constantinople), dealt to its seats in turn as the game's seating deals
// them (Seating::dealt_round_robin): with as many players as powers one
// each; with fewer, seat s plays every power whose index i has
// i % players == s. A name that is no power (Fall's rebels) has no side
// and no seat.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ids.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy {

class PowerSeats {
 public:
  // The map's powers, in the map's order.
  PowerSeats(const Map& map, int players);

  int players() const { return players_; }
  // Every seat, in order.
  std::vector<PlayerId> seats() const;
  // The powers `seat` plays, in the powers' order.
  std::vector<std::string> powers_of(PlayerId seat) const;
  // "England+Germany+Russia", as the seating names the seat.
  std::string seat_name(PlayerId seat) const;
  // The power's side (its place among the powers); none for a name that is
  // no power.
  std::optional<SideId> side_of(std::string_view power) const;
  // The seat playing the power, as a view names an owner: -1 (nobody's) for
  // a name that is no power.
  int seat_of(std::string_view power) const;
  // Whether `has` holds for some power `seat` plays.
  template <class Has>
  bool any_power(PlayerId seat, const Has& has) const {
    for (const std::string& power : powers_of(seat)) {
      if (has(power)) return true;
    }
    return false;
  }
  // The sides that win when `power` has won: its own; none when nobody has.
  std::vector<SideId> winners(std::string_view power) const;

 private:
  std::vector<std::string> powers_;
  int players_;
};

}  // namespace naumachia::diplomacy
