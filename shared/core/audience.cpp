#include "core/audience.h"

#include <algorithm>

#include "core/text.h"

namespace naumachia {

Audience Audience::seats(std::vector<PlayerId> seats) {
  std::sort(seats.begin(), seats.end());
  seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
  Audience a;
  a.public_ = false;
  a.seats_ = std::move(seats);
  return a;
}

bool Audience::includes(std::optional<PlayerId> viewer) const {
  if (public_) return true;
  return viewer && std::binary_search(seats_.begin(), seats_.end(), *viewer);
}

bool Audience::covers(const Audience& other) const {
  if (public_) return true;
  if (other.public_) return false;
  return std::includes(seats_.begin(), seats_.end(), other.seats_.begin(), other.seats_.end());
}

std::string Audience::text() const {
  if (public_) return "all";
  std::string out = "seats";
  for (PlayerId p : seats_) out += " " + std::to_string(p.value);
  return out;
}

Expected<Audience> Audience::parse(std::string_view s) {
  const auto w = text::split(s);
  if (w.size() == 1 && w[0] == "all") return everyone();
  if (w.empty() || w[0] != "seats") return fail("an audience is 'all' or 'seats N ...'");
  std::vector<PlayerId> seats;
  for (std::size_t i = 1; i < w.size(); ++i) {
    long long n = 0;
    if (!text::parse_int(w[i], n) || n < 0 || n > 1000)
      return fail("'" + std::string(w[i]) + "' is not a seat number");
    seats.push_back(PlayerId{static_cast<int>(n)});
  }
  return Audience::seats(std::move(seats));
}

}  // namespace naumachia
