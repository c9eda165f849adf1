// Constantinople: the wind (14.23, 14.31, 14.32), drift's direction (14.26)
// and sailing into it or on it (14.24).
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

const char* compass_name(Dir d) {
  static const char* const kNames[] = {"North", "North-East", "South-East",
                                       "South", "South-West", "North-West"};
  return kNames[static_cast<int>(d)];
}

}  // namespace

// 14.26: ships drift the way the wind blows; with no wind, north to south.
Dir Board::wind_toward() const {
  const Dir from = velocity_ == kCalm ? Dir::N : wind_;
  return sc_->map.grid(hex::opposite(from));
}

std::string Board::wind_text() const {
  if (velocity_ == kStorm) return "Storm";
  if (velocity_ == kCalm)
    return "No Wind (ships drift to the map's " + std::string(hex::name(wind_toward())) + ")";
  return std::string("from the ") + compass_name(wind_) + ", velocity " +
         std::to_string(velocity_) + " (it blows toward the map's " + hex::name(wind_toward()) +
         " hexside)";
}

// 14.23: two dice on the Direction table, two on the Velocity table, at the
// start of each Naval Phase; the first Naval Phase has the North wind of
// velocity eight (13.1, 14.23).
void Board::roll_wind() {
  if (turn_ == 1) {
    wind_ = Dir::N;
    velocity_ = 8;
    say("Game-Turn 1: the wind is " + wind_text() + " (13.1, 14.23)");
    return;
  }
  const std::size_t first = rolls_so_far();
  const int d = roll(6, "wind direction") + roll(6, "wind direction");
  const int v = roll(6, "wind velocity") + roll(6, "wind velocity");
  wind_ = sc_->tables.wind_direction[static_cast<std::size_t>(d)];
  velocity_ = sc_->tables.wind_velocity[static_cast<std::size_t>(v)];
  said_with_rolls("Game-Turn " + std::to_string(turn_) + ": direction roll " + std::to_string(d) +
                      ", velocity roll " + std::to_string(v) + ": the wind is " + wind_text() +
                      " (14.23, 14.31, 14.32)",
                  first);
}

// 19.1: the Genoese galley arrives on a favourable wind: one blowing from the
// south quarter toward the city (S, SE, SW), neither Storm nor No Wind.
bool Board::favourable_wind() const {
  return velocity_ > 0 && (wind_ == Dir::S || wind_ == Dir::SE || wind_ == Dir::SW);
}

// 14.24: a sail ship may not face into the wind (the grid hexside it blows
// from); on the wind, a hexside off it, each hex costs two Movement Points.
bool Board::into_wind(Dir facing) const {
  return velocity_ > 0 && facing == sc_->map.grid(wind_);
}
bool Board::on_wind(Dir facing) const {
  return velocity_ > 0 && hex::turns_between(facing, sc_->map.grid(wind_)) == 1;
}

}  // namespace naumachia::constantinople
