// Empires in Harm naval combat: a position drawn to agree with what one seat
// knows, for a computer player's search (State::sampled_for). Until Step
// Three a side sees only the enemy's fleet counters: nation, name, leader
// and the corps aboard (1.1.2.4.1); a stack that evaded or was never
// attacked keeps its ships hidden to the end. Those ships are the only
// secrets of a position (Board::secrets); every one of them is drawn anew,
// never read from the position.
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

Ships composition_of(std::string_view words) {
  Ships s;
  const auto w = text::split(words);
  for (std::size_t k = 0; k + 1 < w.size(); k += 2) {
    long long n = 0;
    if (auto t = parse_type(w[k]); t && text::parse_int(w[k + 1], n)) s[*t] = static_cast<int>(n);
  }
  return s;
}

// A hidden fleet's ships, drawn: half the time one of the module's typical
// fleets (those a custom battle offers, typical_fleets()), half the time one
// like a fleet of the seat's own side (what it knows of fleets of this
// war), each kind scaled by a half to one and a half; never more ships than
// a custom battle allows a fleet, and at least one.
void Board::draw_hidden(int seat, Dice& rng) {
  const int side = side_of_seat(seat);
  std::vector<Ships> own;
  for (const Fleet& f : fleets_)
    if (side_of(f) == side) own.push_back(f.start);
  for (Fleet& f : fleets_) {
    if (side_of(f) == side || revealed(f)) continue;
    Ships s;
    if (own.empty() || rng.roll(2, "a hidden fleet's likeness") == 1) {
      const auto& typical = typical_fleets();
      s = composition_of(typical[static_cast<std::size_t>(
          rng.roll(static_cast<int>(typical.size()), "a typical fleet") - 1)]);
    } else {
      const Ships& like = own[static_cast<std::size_t>(
          own.size() == 1 ? 0
                          : rng.roll(static_cast<int>(own.size()), "a fleet like one's own") - 1)];
      for (ShipType t : kShipTypes)
        s[t] = (like[t] * (49 + rng.roll(101, "a hidden fleet's size")) + 50) / 100;
    }
    const int cap = battle().max_ships > 0 ? battle().max_ships : 40;
    for (ShipType t : kShipTypes) s[t] = std::min(s[t], cap);
    while (s.total() > cap)
      for (ShipType t : kShipTypes)
        if (s[t] > 0 && s.total() > cap) --s[t];
    if (s.empty()) s[ShipType::Heavy] = 1;
    f.start = f.ships = s;
    f.damaged = f.taken = f.sunk = f.saved = f.prizes = f.yielded = Ships{};
  }
}

}  // namespace naumachia::eih_naval
