#pragma once
// Standard Diplomacy adjudication (2000 rulebook, with the DATC preferences
// listed in docs/rules/diplomacy.md): positions, orders, and the three kinds of
// phase. Pure functions of a map, a position and orders.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/ids.h"
#include "core/result.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy {

enum class Season { Spring, Fall, Winter };
enum class PhaseKind { Movement, Retreat, Adjustment };

struct Unit {
  UnitType type = UnitType::Army;
  std::string power;
  std::string location;  // with coast for a fleet on a split coast
  auto operator<=>(const Unit&) const = default;
};

// Why a dislodged unit may not go where (DATC rules on retreats).
struct Dislodgement {
  Unit unit;
  std::string attacker_from;  // province; empty when the attack came by convoy (4.A.5)
};

struct Position {
  Season season = Season::Spring;
  int year = 1901;
  PhaseKind phase = PhaseKind::Movement;
  std::map<std::string, Unit> units;              // by province
  std::map<std::string, Dislodgement> dislodged;  // by province, in a retreat phase
  std::set<std::string> standoffs;                // provinces left empty by a bounce
  std::map<std::string, std::string> owners;      // supply centre -> power
};

enum class OrderKind { Hold, Move, Support, Convoy, Build, Remove };

struct Order {
  std::string power;
  OrderKind kind = OrderKind::Hold;
  UnitType type = UnitType::Army;
  std::string location;  // the ordered unit (or the build) as written, coast included
  // Support and convoy: the unit supported or convoyed, and where it goes
  // (target_dest empty = support to hold).
  UnitType target_type = UnitType::Army;
  std::string target;
  std::string target_dest;
  std::string dest;  // move or retreat destination, coast included when given
  bool via_convoy = false;
};

// Parses one order as players write it ("A Par - Bur", "F lon S F nth - eng",
// "A lon - bel via convoy", "F Bul/ec - Con", "Build A par", "A Mun B", ...).
// `power` is filled in by the caller.
Expected<Order> parse_order(const Map& map, std::string_view text);
// The citation of a refusal of how an order is written (docs/rules/
// diplomacy.md, "Orders"): "(notation: docs/rules/diplomacy.md)".
std::string order_notation();

// The canonical spelling: "A par - bur", "F nth C A lon - bel", "Build F stp/nc".
std::string format_order(const Order& order);
std::string format_unit(const Unit& unit);

enum class Outcome { Succeeds, Fails, Illegal };

struct OrderResult {
  Order order;
  Outcome outcome = Outcome::Succeeds;
  std::string note;  // "bounced", "cut", "void: ...", "dislodged", ...
};

// An order's outcome as reported: "succeeds", "fails (bounced)", "illegal,
// ignored (...)".
std::string outcome_text(Outcome outcome, const std::string& note);

// What becomes of a dislodged unit ("France's A par"): it must retreat, or
// with no place to retreat to it is disbanded.
std::string dislodged_note(const std::string& unit, bool may_retreat);

struct PhaseResult {
  Position next;  // the position after the phase (not yet advanced to the next phase)
  std::vector<OrderResult> results;
  std::vector<std::string> notes;  // disbands, civil disorder, ...
};

// The sea provinces holding fleets: those that may convoy.
std::set<std::string> fleets_at_sea(const Map& map, const Position& pos);
// Whether a fleet in `sea` could be part of a convoy from `from` to `to`: the
// chain of `fleets` (sea provinces holding fleets) it belongs to touches both.
bool could_convoy(const Map& map, const std::set<std::string>& fleets, const std::string& sea,
                  const std::string& from, const std::string& to);

// Adjudication rulings that changed between the module's rules versions, so
// that a stored game keeps being adjudicated as it was created
// (docs/rules/diplomacy.md, "Rules versions").
struct Rulings {
  // DATC 4.A.2 with several routes: a convoyed army spares the support of an
  // attack on one of its convoying fleets only when it has no route free of
  // attacks without that fleet (version 2). Version 1 spared it always.
  bool spare_only_needed_fleets = true;
  // DATC 4.A.3: intent to convoy (an own fleet's convoy order, or "via
  // convoy") sends an army that could go by land by convoy only when the
  // fleets ordered to convoy it could form a route (version 2). Version 1 sent
  // it by convoy regardless, and it then stood still for want of a route.
  bool intent_needs_route = true;
  // DATC 4.A.3 with 4.E.1 (6.G.7): a convoy order whose fleet could never be
  // part of a route from the army to its destination, through the fleets now
  // at sea, is impossible: refused, ignored, and it shows no intent to convoy
  // (version 3). Versions 1 and 2 took it, and an own fleet's such order sent
  // the army by a foreign fleet's convoy.
  bool convoy_needs_own_chain = true;
  // The Fall of Constantinople's reports (FoC Movement c.i, c.iii): a unit
  // dislodged where it stood (holding, besieging, pillaging, supporting) is
  // reported failed, before the siege or pillage it held is lifted (version
  // 3). Versions 1 and 2 reported its order as it was adjudicated, as their
  // replays must.
  bool dislodged_holder_fails = true;
  // Multiplicity Plus (3), (4) as The Fall of Constantinople uses them: units
  // of one power never bounce each other; their moves into one space attack
  // together, and a move into a space the power holds reinforces it.
  bool multiplicity = false;
};
Rulings rulings_for(RulesVersion rules);

// Why an order could never be carried out on this position under `rulings`,
// or nullopt. Used to refuse such orders at submission; the adjudicator
// treats them as holds.
std::optional<std::string> impossible(const Map& map, const Position& pos, const Order& order,
                                      const Rulings& rulings);

PhaseResult adjudicate_movement(const Map& map, const Position& pos,
                                const std::vector<Order>& orders, const Rulings& rulings = {});
PhaseResult adjudicate_retreats(const Map& map, const Position& pos,
                                const std::vector<Order>& orders);
PhaseResult adjudicate_adjustments(const Map& map, const Position& pos,
                                   const std::vector<Order>& orders);

// Legal retreat destinations (provinces, or coasts for fleets) of a dislodged unit.
std::vector<std::string> retreat_options(const Map& map, const Position& pos,
                                         const Dislodgement& d);
// Builds (positive) or removals (negative) a power must make in an adjustment phase.
int adjustment_count(const Map& map, const Position& pos, const std::string& power);
// Supply centres each unit's power gains by standing on them (after Fall).
void update_ownership(const Map& map, Position& pos);

}  // namespace naumachia::diplomacy
