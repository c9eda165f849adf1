#include "core/seating.h"

#include <algorithm>

namespace naumachia {

Seating Seating::one_side_each(const std::vector<std::string>& sides, int players) {
  Seating s;
  s.side_names = sides;
  for (int i = 0; i < players; ++i) {
    s.seat_names.push_back(i < static_cast<int>(sides.size())
                               ? sides[static_cast<std::size_t>(i)]
                               : "seat " + std::to_string(i));
    s.seat_sides.push_back({SideId{i}});
  }
  return s;
}

Seating Seating::dealt_round_robin(const std::vector<std::string>& sides, int players) {
  Seating s;
  s.side_names = sides;
  s.seat_names.resize(static_cast<std::size_t>(players));
  s.seat_sides.resize(static_cast<std::size_t>(players));
  for (std::size_t i = 0; i < sides.size(); ++i) {
    const std::size_t seat = i % static_cast<std::size_t>(players);
    std::string& name = s.seat_names[seat];
    name += (name.empty() ? "" : "+") + sides[i];
    s.seat_sides[seat].push_back(SideId{static_cast<int>(i)});
  }
  return s;
}

Seating Seating::partnered(const std::vector<std::string>& sides,
                           const std::vector<std::string>& seat_names,
                           const std::vector<int>& side_of_seat) {
  Seating s;
  s.side_names = sides;
  s.seat_names = seat_names;
  for (int side : side_of_seat) s.seat_sides.push_back({SideId{side}});
  return s;
}

const std::vector<SideId>& Seating::sides_of(PlayerId seat) const {
  static const std::vector<SideId> none;
  if (seat.value < 0 || seat.value >= seats()) return none;
  return seat_sides[static_cast<std::size_t>(seat.value)];
}

std::vector<PlayerId> Seating::seats_of(SideId side) const {
  std::vector<PlayerId> out;
  for (int i = 0; i < seats(); ++i) {
    const auto& mine = seat_sides[static_cast<std::size_t>(i)];
    if (std::find(mine.begin(), mine.end(), side) != mine.end()) out.push_back(PlayerId{i});
  }
  return out;
}

bool Seating::partners(PlayerId a, PlayerId b) const {
  if (a == b) return false;
  const auto& x = sides_of(a);
  const auto& y = sides_of(b);
  return std::any_of(x.begin(), x.end(),
                     [&](SideId s) { return std::find(y.begin(), y.end(), s) != y.end(); });
}

std::vector<PlayerId> Seating::side_mates(PlayerId seat) const {
  std::vector<PlayerId> out{seat};
  for (int i = 0; i < seats(); ++i) {
    if (partners(seat, PlayerId{i})) out.push_back(PlayerId{i});
  }
  std::sort(out.begin(), out.end());
  return out;
}

Audience Seating::side_audience(SideId side) const {
  return Audience::seats(seats_of(side));
}

std::string Seating::problem() const {
  if (seat_names.size() != seat_sides.size()) return "every seat needs a list of sides";
  for (std::size_t i = 0; i < seat_sides.size(); ++i) {
    if (seat_sides[i].empty()) return "seat " + std::to_string(i) + " plays no side";
    for (SideId s : seat_sides[i]) {
      if (s.value < 0 || s.value >= static_cast<int>(side_names.size()))
        return "seat " + std::to_string(i) + " plays side " + std::to_string(s.value) +
               ", which does not exist";
    }
  }
  return "";
}

Standing standing(const Seating& seating, const std::vector<bool>& resigned) {
  Standing out;
  std::vector<PlayerId> active;
  for (int i = 0; i < seating.seats(); ++i) {
    const bool gone = static_cast<std::size_t>(i) < resigned.size() &&
                      resigned[static_cast<std::size_t>(i)];
    if (!gone) active.push_back(PlayerId{i});
  }
  for (PlayerId p : active) {
    for (SideId s : seating.sides_of(p)) {
      if (std::find(out.remaining.begin(), out.remaining.end(), s) == out.remaining.end())
        out.remaining.push_back(s);
    }
  }
  std::sort(out.remaining.begin(), out.remaining.end());
  out.decided = std::all_of(active.begin(), active.end(), [&](PlayerId p) {
    const auto& mine = seating.sides_of(p);
    return std::all_of(out.remaining.begin(), out.remaining.end(), [&](SideId s) {
      return std::find(mine.begin(), mine.end(), s) != mine.end();
    });
  });
  return out;
}

std::vector<PlayerId> winning_seats(const Seating& seating, const std::vector<SideId>& sides,
                                    const std::vector<bool>& resigned) {
  std::vector<PlayerId> out;
  for (int i = 0; i < seating.seats(); ++i) {
    if (static_cast<std::size_t>(i) < resigned.size() && resigned[static_cast<std::size_t>(i)])
      continue;
    const auto& mine = seating.sides_of(PlayerId{i});
    if (std::any_of(mine.begin(), mine.end(), [&](SideId s) {
          return std::find(sides.begin(), sides.end(), s) != sides.end();
        }))
      out.push_back(PlayerId{i});
  }
  return out;
}

}  // namespace naumachia
