#pragma once
// Galley movement on a hex grid, as the ancient naval games share it: a ship
// faces a hexside, turns a hexside at a time for a price in movement points,
// goes ahead into the hex it faces or backs water astern, and rams from a
// hex beside its target while facing it. What differs between games (costs,
// how far a ship may back, how a rammer must approach) is a `Rules` value;
// what a hex costs to enter and what happens there stays in the game.
//
// The toolkit answers with reasons as values (`Refusal`); each game words
// them with its own case numbers. The words of a movement order that the
// games share ("T7: enter 3401 facing S, turn R, move 3, ram C4") are read
// and written here too, so that they read alike in every game.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/result.h"
#include "core/text.h"

namespace naumachia::galley {

struct Pose {
  hex::HexId hex;
  hex::Dir facing = hex::Dir::N;
  auto operator<=>(const Pose&) const = default;
};

hex::HexId ahead(const Pose& p);
hex::HexId astern(const Pose& p);

struct Rules {
  int turn_cost = 1;      // movement points per hexside turned (Tyre 5.13)
  int turns_per_hex = 1;  // hexsides a ship may turn before moving and per hex entered (Tyre 5.12)
  int max_backward = 3;   // hexes a ship may back water in one move (Tyre 5.24)
  int ram_min_start = 3;  // a rammer begins at least this far from its target (Tyre 6.11)
  int ram_max_turns = 1;  // hexsides a rammer may turn in its whole attempt (Tyre 6.12)
  int ram_turn_min_distance = 2;  // and only this far or farther from the target (Tyre 6.12)
  // Extra movement points for each hexside beyond the first turned in one hex
  // (Constantinople 14.25: a sail ship's second hexside costs one).
  int extra_turn_cost = 0;
};

enum class Refusal {
  TurnsPerHex,       // a second turn in the same hex
  RamTurns,          // a rammer turning more than it may
  RamTurnTooClose,   // a rammer turning too near its target
  OutOfPoints,       // more movement points than the allowance
  TooFarBackward,    // backing more hexes than allowed
  RamStartTooClose,  // a rammer that begins too near its target
};

// One ship's movement in one segment: position, facing and movement points
// spent so far, under the game's rules. The caller checks each hex entered
// against its map and its other pieces before calling advance().
class Course {
 public:
  // `spent_before`: points already used (e.g. for entering the map).
  // `ram_target`: the pose of the ship to be rammed at the end, if any.
  Course(const Rules& rules, Pose start, int allowance, int spent_before = 0,
         std::optional<Pose> ram_target = std::nullopt);

  const Pose& pose() const { return pose_; }
  int spent() const { return spent_; }
  int allowance() const { return allowance_; }
  int remaining() const { return allowance_ - spent_; }
  bool moved() const { return moved_; }
  bool ramming() const { return ram_target_.has_value(); }

  // Turns one hexside (sixths = -1 port, +1 starboard) for Rules::turn_cost.
  std::optional<Refusal> turn(int sixths);
  // Goes ahead into the hex the ship faces for `cost` movement points.
  std::optional<Refusal> advance(int cost);

 private:
  const Rules& rules_;
  Pose pose_;
  int allowance_;
  int spent_;
  int turns_here_ = 0;
  int ram_turns_ = 0;
  bool moved_ = false;
  std::optional<Pose> ram_target_;
};

// Whether a ship may back water `hexes` hexes (the whole of its move).
std::optional<Refusal> backing_problem(const Rules& rules, int hexes);
// Whether a rammer at `from` is far enough from its target to begin a ram.
std::optional<Refusal> ram_start_problem(const Rules& rules, hex::HexId from, hex::HexId target);

// Where a ram comes from, seen from the target.
enum class Aspect { Bow, Stern, Broadside };
// The aspect of `target` presented to an adjacent hex `from`; nullopt if not adjacent.
std::optional<Aspect> aspect(const Pose& target, hex::HexId from);
// The four hexes beside `target` that are neither dead ahead nor astern.
std::array<hex::HexId, 4> broadside_hexes(const Pose& target);
// Hexsides between two ships' headings (angle of approach): 0 on the same
// heading, 3 head-on.
int approach_angle(const Pose& rammer, const Pose& target);

enum class RamGeometry { Ok, NotAdjacent, NotFacing, BowOrStern };
// A ram needs the rammer beside its target, facing it, on its broadside (Tyre 6.13).
RamGeometry ram_geometry(const Pose& rammer, const Pose& target);

// ------------------------------------------------------------ order words

// "enter HEX facing DIR": a ship entering the map where and as it says. For
// the words of one action: nullopt if they are no entry; the pose; or, when
// the hex or the direction cannot be read, a refusal showing `example`
// ("enter 3401 facing S") and citing `notation` (text::notation_cite).
std::optional<Expected<Pose>> parse_entry(const std::vector<std::string_view>& words,
                                          std::string_view example, std::string_view notation);
std::string format_entry(const Pose& p);

// "L"/"left" a hexside to port (-1), "R"/"right" to starboard (+1).
std::optional<int> parse_hand(std::string_view word);
// "turn L", "turn R", or two hexsides at once "turn L2", "turn R2".
std::string format_turn(int sixths);

// "ram SHIP": the target, or nullopt if the words are no ram.
std::optional<std::string> parse_ram(const std::vector<std::string_view>& words);
std::string format_ram(const std::string& target);

// "turn R, move 3": the actions of `ship`'s movement order, each read by
// `parse`, at least one; an order without any cites `notation`
// (text::notation_cite).
template <class Action>
Expected<std::vector<Action>> parse_actions(const std::string& ship, std::string_view actions,
                                            Expected<Action> (*parse)(std::string_view),
                                            std::string_view notation) {
  std::vector<Action> out;
  for (auto piece : text::split(actions, ",")) {
    auto a = parse(piece);
    if (!a) return fail(a.error().message);
    out.push_back(*a);
  }
  if (out.empty()) return fail("no action for " + ship + " " + std::string(notation));

  return out;
}

// "T7: turn R, move 3", each action written by `format`.
template <class Action>
std::string format_order(const std::string& ship, const std::vector<Action>& actions,
                         std::string (*format)(const Action&)) {
  std::vector<std::string> words;
  for (const Action& a : actions) words.push_back(format(a));
  return ship + ": " + text::join(words, ", ");
}

}  // namespace naumachia::galley
