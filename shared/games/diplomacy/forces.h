#pragma once
// The adjudicator's interface for variants whose spaces hold several units
// (The Fall of Constantinople; games/fall/): each force is some units of one
// power in one space with one order, of any strength; a standard unit is a
// force of one. Adjudicated by the standard game's movement (movement.cpp)
// under the Rulings of rules.h. A space is a province or the city inside one.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/diplomacy/map.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

// A space forces stand in and move to: a province, or the city inside it,
// a space of its own which moves into the province do not reach. As text (a
// force's location, an order's destination or target, the adjudicator's
// notes) a province is its id ("ath") and a city its province's id after an
// '@' ("@ath").
struct Space {
  std::string province;
  bool city = false;

  // A space from its text; anything but "ath" or "@ath" (an empty text, "@",
  // "@@ath", a coast) is no space.
  static Expected<Space> read(std::string_view text);
  std::string text() const;
  auto operator<=>(const Space&) const = default;
};

struct Force {
  Unit unit;  // power (or "Rebels"), type (for reading orders), location (a space's text, or a
              // coast)
  int armies = 0;
  int fleets = 0;
  Order order;         // already found possible by the caller; Hold when none
  bool rebel = false;  // takes no support
};

struct ForceOutcome {
  Outcome outcome = Outcome::Succeeds;
  std::string note;
  bool moved = false;
  bool dislodged = false;
  // Dislodged: the space the attack came from; none when it came by convoy.
  std::optional<Space> attacker_from;
  // Dislodged by a multiple attack: every space it came from (by land).
  std::vector<Space> attackers_from;
  // A force that did not move was attacked by another power with a move that
  // could arrive: what cuts a support cuts any other standing order too
  // (FoC Movement c.iii: pillage).
  bool cut = false;
};

struct ForcesResult {
  std::vector<ForceOutcome> forces;  // one per force, in order
  std::set<Space> standoffs;         // spaces left empty by a bounce
};

// Refused when a force stands in, or moves to, a text that is no space.
Expected<ForcesResult> adjudicate_forces(const Map& map, const std::vector<Force>& forces,
                                         const Rulings& rulings);

}  // namespace naumachia::diplomacy
