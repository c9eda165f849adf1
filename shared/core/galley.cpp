#include "core/galley.h"

#include <cstdlib>

namespace naumachia::galley {

hex::HexId ahead(const Pose& p) {
  return hex::neighbour(p.hex, p.facing);
}

hex::HexId astern(const Pose& p) {
  return hex::neighbour(p.hex, hex::opposite(p.facing));
}

Course::Course(const Rules& rules, Pose start, int allowance, int spent_before,
               std::optional<Pose> ram_target)
    : rules_(rules),
      pose_(start),
      allowance_(allowance),
      spent_(spent_before),
      ram_target_(ram_target) {}

std::optional<Refusal> Course::turn(int sixths) {
  if (turns_here_ >= rules_.turns_per_hex) return Refusal::TurnsPerHex;
  if (ram_target_) {
    if (ram_turns_ + 1 > rules_.ram_max_turns) return Refusal::RamTurns;
    if (hex::distance(pose_.hex, ram_target_->hex) < rules_.ram_turn_min_distance)
      return Refusal::RamTurnTooClose;
    ++ram_turns_;
  }
  spent_ += rules_.turn_cost + (turns_here_ > 0 ? rules_.extra_turn_cost : 0);
  ++turns_here_;
  pose_.facing = hex::turn(pose_.facing, sixths);
  if (spent_ > allowance_) return Refusal::OutOfPoints;
  return std::nullopt;
}

std::optional<Refusal> Course::advance(int cost) {
  spent_ += cost;
  if (spent_ > allowance_) return Refusal::OutOfPoints;
  pose_.hex = ahead(pose_);
  turns_here_ = 0;
  moved_ = true;
  return std::nullopt;
}

std::optional<Refusal> backing_problem(const Rules& rules, int hexes) {
  if (hexes > rules.max_backward) return Refusal::TooFarBackward;
  return std::nullopt;
}

std::optional<Refusal> ram_start_problem(const Rules& rules, hex::HexId from, hex::HexId target) {
  if (hex::distance(from, target) < rules.ram_min_start) return Refusal::RamStartTooClose;
  return std::nullopt;
}

std::optional<Aspect> aspect(const Pose& target, hex::HexId from) {
  const auto d = hex::direction_to(target.hex, from);
  if (!d) return std::nullopt;
  if (*d == target.facing) return Aspect::Bow;
  if (*d == hex::opposite(target.facing)) return Aspect::Stern;
  return Aspect::Broadside;
}

std::array<hex::HexId, 4> broadside_hexes(const Pose& target) {
  return {hex::neighbour(target.hex, hex::turn(target.facing, 1)),
          hex::neighbour(target.hex, hex::turn(target.facing, 2)),
          hex::neighbour(target.hex, hex::turn(target.facing, -2)),
          hex::neighbour(target.hex, hex::turn(target.facing, -1))};
}

int approach_angle(const Pose& rammer, const Pose& target) {
  return hex::turns_between(rammer.facing, target.facing);
}

RamGeometry ram_geometry(const Pose& rammer, const Pose& target) {
  const auto to_target = hex::direction_to(rammer.hex, target.hex);
  if (!to_target) return RamGeometry::NotAdjacent;
  if (*to_target != rammer.facing) return RamGeometry::NotFacing;
  if (aspect(target, rammer.hex) != Aspect::Broadside) return RamGeometry::BowOrStern;
  return RamGeometry::Ok;
}

std::optional<Expected<Pose>> parse_entry(const std::vector<std::string_view>& words,
                                          std::string_view example, std::string_view notation) {
  if (words.size() != 4 || text::lower(words[0]) != "enter" || text::lower(words[2]) != "facing")
    return std::nullopt;
  const auto h = hex::parse_hex(words[1]);
  const auto d = hex::parse_dir(words[3]);
  if (!h || !d)
    return fail("'enter HEX facing DIR', e.g. '" + std::string(example) + "' " +
                std::string(notation));

  return Pose{*h, *d};
}

std::string format_entry(const Pose& p) {
  return "enter " + hex::format_hex(p.hex) + " facing " + hex::name(p.facing);
}

std::optional<int> parse_hand(std::string_view word) {
  const std::string w = text::lower(word);
  if (w == "l" || w == "left") return -1;
  if (w == "r" || w == "right") return 1;
  return std::nullopt;
}

std::string format_turn(int sixths) {
  return std::string("turn ") + (sixths < 0 ? "L" : "R") + (std::abs(sixths) == 2 ? "2" : "");
}

std::optional<std::string> parse_ram(const std::vector<std::string_view>& words) {
  if (words.size() != 2 || text::lower(words[0]) != "ram") return std::nullopt;
  return text::upper(words[1]);
}

std::string format_ram(const std::string& target) {
  return "ram " + target;
}

}  // namespace naumachia::galley
