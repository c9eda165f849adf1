#include "games/diplomacy/seats.h"

#include "core/text.h"

namespace naumachia::diplomacy {

PowerSeats::PowerSeats(const Map& map, int players) : players_(players) {
  for (const Power& p : map.powers()) powers_.push_back(p.name);
}

std::vector<PlayerId> PowerSeats::seats() const {
  std::vector<PlayerId> out;
  for (int s = 0; s < players_; ++s) out.push_back(PlayerId{s});
  return out;
}

std::vector<std::string> PowerSeats::powers_of(PlayerId seat) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < powers_.size(); ++i) {
    if (static_cast<int>(i) % players_ == seat.value) out.push_back(powers_[i]);
  }
  return out;
}

std::string PowerSeats::seat_name(PlayerId seat) const {
  return text::join(powers_of(seat), "+");
}

std::optional<SideId> PowerSeats::side_of(std::string_view power) const {
  for (std::size_t i = 0; i < powers_.size(); ++i) {
    if (powers_[i] == power) return SideId{static_cast<int>(i)};
  }
  return std::nullopt;
}

std::vector<SideId> PowerSeats::winners(std::string_view power) const {
  const auto side = side_of(power);
  return side ? std::vector<SideId>{*side} : std::vector<SideId>{};
}

int PowerSeats::seat_of(std::string_view power) const {
  const auto side = side_of(power);
  return side ? side->value % players_ : -1;
}

}  // namespace naumachia::diplomacy
