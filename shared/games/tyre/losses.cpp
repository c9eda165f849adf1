// Tyre: losses. Damaged and sunk ships (6.34, 6.35) and their cargo (8.13,
// 8.23); eliminated units and army morale (12.32); leaders killed and the
// Leader Loss Procedure (15.4).
#include "games/tyre/rules.h"

namespace naumachia::tyre {

void Board::damage(Ship& t) {
  if (t.damaged) return sink(t);  // 6.34: damaged twice is sunk
  t.damaged = true;
  say(t.id + " is damaged and flipped to its back (6.34)");
  if (siege_) cargo_losses(t, false);
}

void Board::sink(Ship& t) {
  free_pin(t);
  t.sunk = true;
  say(t.id + " is sunk (6.35)");
  if (siege_) cargo_losses(t, true);
  leader_loss(t);
}

// 8.13, 8.21 (addenda), 8.23: what a damaged or sunk transport loses.
void Board::cargo_losses(const Ship& s, bool sunk) {
  const Cargo c = cargo(s.id);
  for (const auto& id : c.engines) {
    engines_.at(id).at = Where::Dead;
    say("the " + std::string(kind_name(engines_.at(id).kind)) + " " + id + " aboard " + s.id +
        " is lost (8.13)");
  }
  if (sunk) {
    for (const auto& id : c.units) eliminate_unit(id, "it goes down with " + s.id + " (8.23)");
    for (const auto& id : c.leaders) kill_leader(id, "he goes down with " + s.id + " (8.23)");
  } else if (c.units.size() > 1) {
    eliminate_unit(c.units.back(), "a damaged ship carries one land unit (8.21, addenda)");
  }
}

void Board::eliminate_unit(const std::string& id, const std::string& why) {
  LandUnit& u = units_.at(id);
  if (u.at == Where::Dead) return;
  const bool ashore = u.at == Where::Hex;
  const HexId h = u.hex;
  u.at = Where::Dead;
  u.disrupted = false;
  say(id + " is eliminated: " + why);
  if (u.t.side == Side::Macedonian && ++macedonian_losses_ == 6) {
    morale_[1] -= 1;
    say("six Macedonian land units have been eliminated: Macedonian army morale -1 (12.32)");
  }
  if (!ashore) return;
  for (auto& [lid, l] : lleaders_) {
    if (l.at == Where::Hex && l.hex == h && l.t.side == u.t.side) leader_loss_procedure(lid);
  }
}

void Board::kill_leader(const std::string& id, const std::string& why) {
  LandLeader& l = lleaders_.at(id);
  if (l.at == Where::Dead) return;
  l.at = Where::Dead;
  if (auto n = leaders_.find(id); n != leaders_.end()) {
    n->second.drowned = true;
    n->second.ship.clear();
  }
  say(id + " is killed: " + why);
  if (id == "Azemilk") {
    morale_[0] -= 1;
    say("King Azemilk is dead: Tyrian army morale -1 (12.33)");
  }
}

// 15.4, 15.41 (as the addenda and the Leader Loss Procedure read).
void Board::leader_loss_procedure(const std::string& id) {
  LandLeader& l = lleaders_.at(id);
  if (id == "Alexander") {
    // 15.4: Alexander goes to the nearest unit without a roll.
    if (const auto h = nearest_free_unit_hex(l.t.side, l.hex)) {
      l.hex = *h;
      say("Alexander withdraws to the unit at " + hex::format_hex(*h) + " (15.4)");
    } else {
      l.at = Where::Off;
    }
    return;
  }
  const std::size_t first_roll = rolls_so_far();
  const int first = dice_->roll(6, "leader loss of " + id);
  std::string said;
  if (first <= 5) {
    const auto h = nearest_free_unit_hex(l.t.side, l.hex);
    if (h)
      l.hex = *h;
    else
      l.at = Where::Off;
    said = id + " escapes unharmed" +
           (h ? " to the unit at " + hex::format_hex(*h) : std::string()) + " (15.41: 1-5)";
    said_with_rolls(said, first_roll);
    return;
  }
  // Addenda 15.41: killed only on two 6s in succession; else out for the
  // second roll in Game-Turns, doubled for a Macedonian (Leader Loss Procedure).
  const int second = dice_->roll(6, "wound of " + id);
  if (second == 6) {
    said_with_rolls(said, first_roll);
    kill_leader(id, "two 6s in succession (Leader Loss Procedure, addenda 15.41)");
    return;
  }
  l.at = Where::Off;
  l.back_in = turn_ + second * (l.t.side == Side::Macedonian ? 2 : 1);
  said = id + " is wounded and out of play until Game-Turn " + std::to_string(l.back_in) +
         " (Leader Loss Procedure: 6 then " + std::to_string(second) + ")";
  said_with_rolls(said, first_roll);
}

std::optional<HexId> Board::nearest_free_unit_hex(Side side, HexId from) {
  std::optional<HexId> best;
  for (const auto& [id, u] : units_) {
    if (u.at != Where::Hex || u.t.side != side || leader_in(u.hex)) continue;
    if (!best || hex::distance(u.hex, from) < hex::distance(*best, from)) best = u.hex;
  }
  return best;
}

// 4.0 1A: wounded leaders return to play with a friendly combat unit.
void Board::return_wounded_leaders() {
  for (auto& [id, l] : lleaders_) {
    if (l.at != Where::Off || l.back_in == 0 || l.back_in > turn_) continue;
    if (const auto h = nearest_free_unit_hex(l.t.side, temple_hex())) {
      l.at = Where::Hex;
      l.hex = *h;
      l.back_in = 0;
      say(id + " returns from his wound to the unit at " + hex::format_hex(*h) + " (4.0 1A)");
    }
  }
}

}  // namespace naumachia::tyre
