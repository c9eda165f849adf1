// Tyre: naval leaders (16.0): command radius, ratings and leader loss.
#include <algorithm>

#include "core/flood.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

// 16.41: leaders aboard a sunk ship.
void Board::leader_loss(const Ship& t) {
  for (auto& [id, l] : leaders_) {
    if (l.ship != t.id || l.drowned) continue;
    const bool alexander = id == "Alexander";
    const Ship* refuge = nearest_friend(t, alexander);
    if (alexander) {
      l.ship = refuge ? refuge->id : "";
      say("Alexander never undergoes leader loss: he goes to " +
          (refuge ? refuge->id : std::string("no ship (none left)")) + " (16.41)");
      continue;
    }
    const std::size_t first_roll = rolls_so_far();
    const int roll = dice_->roll(6, "leader loss of " + id);
    std::string said;
    if (roll == 6 || !refuge) {
      l.drowned = true;
      l.ship.clear();
      said = id +
             (roll == 6 ? " drowns (16.41)" : " has no friendly ship to reach and is lost (16.41)");
    } else {
      l.ship = refuge->id;
      l.idle_until = abs_impulse() + roll;
      said = id + " reaches " + refuge->id + " but may not use his ratings for " +
             std::to_string(roll) + " impulse(s) (16.41)";
    }
    said_with_rolls(said, first_roll);
  }
  // A leader rated for both wars is one piece (15.0).
  for (const auto& [id, l] : leaders_) {
    auto land = lleaders_.find(id);
    if (land == lleaders_.end() || land->second.at != Where::Ship || land->second.ship != t.id)
      continue;
    if (l.drowned)
      kill_leader(id, "drowned (16.41)");
    else
      set_aboard_naval(id, l.ship);
  }
}

const Ship* Board::nearest_friend(const Ship& t, bool without_leader) const {
  const Ship* best = nullptr;
  for (const auto& [id, s] : ships_) {
    if (s.side != t.side || s.sunk || !s.on_map || id == t.id) continue;
    // Captured by a named reference: clang before 16 cannot capture a structured binding.
    if (without_leader &&
        std::any_of(leaders_.begin(), leaders_.end(),
                    [&ship_id = id](const auto& l) { return l.second.ship == ship_id; }))
      continue;
    if (!best || hex::distance(s.hex, t.hex) < hex::distance(best->hex, t.hex)) best = &s;
  }
  return best;
}

bool Board::commands(const Leader& l, const Ship& s) const {
  if (l.drowned || l.ship.empty() || l.idle_until >= abs_impulse()) return false;
  const auto carrier = ships_.find(l.ship);
  if (carrier == ships_.end() || carrier->second.side != s.side) return false;
  return l.fleet == s.fleet || l.commands_all;  // 16.0; addenda 17.3
}

// The best rating of a leader of the ship's fleet aboard it (16.21, 16.31).
int Board::best_leader(const Ship& s, int Leader::*rating) const {
  int best = 0;
  for (const auto& [id, l] : leaders_) {
    if (l.ship == s.id && commands(l, s)) best = std::max(best, l.*rating);
  }
  return best;
}

// 16.1, 16.12: a ship moves only within a command radius of one of its
// leaders, traced through water hexes (enemy ships do not block it).
std::optional<std::string> Board::command_problem_for(const Ship& s) const {
  if (s.fireship) return std::nullopt;  // 14.41: launched, not commanded
  for (const auto& [id, l] : leaders_) {
    if (!commands(l, s)) continue;
    const Ship& carrier = ships_.at(l.ship);
    if (carrier.on_map && water_distance(carrier.hex, s.hex, l.radius)) return std::nullopt;
  }
  return s.id + " is beyond the command radius of every leader of the " + fleet_name(s.fleet) +
         " fleet and may not move (16.12)";
}

std::optional<std::string> Board::command_problem(Side side) const {
  for (const auto& [id, s] : ships_) {
    if (s.side != side || !s.on_map || s.sunk) continue;
    if (auto why = command_problem_for(s))
      return "17.1: every ship begins within its leaders' command radius: " + *why;
  }
  return std::nullopt;
}

// 16.12: a command radius is counted in hexes of water.
bool Board::water_distance(HexId from, HexId to, int radius) const {
  const auto by_water = [&](HexId, HexId next, int) {
    return navigable(next) ? flood::Step::Through : flood::Step::Blocked;
  };
  return flood::nearest(std::vector<HexId>{from}, radius, hex::neighbours, by_water,
                        [&](HexId h) { return h == to; })
      .has_value();
}

}  // namespace naumachia::tyre
