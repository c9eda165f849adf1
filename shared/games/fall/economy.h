#pragma once
// The Fall of Constantinople: the economy. Money (£), manpower (M) and food
// (F); income in winter, maintenance and builds, food eaten in summer and
// winter, food bought in spring and autumn, and built units appearing.
// Pure functions of a scenario, a position and orders; each returns the next
// position and notes a game can show its players. Rule choices:
// docs/rules/fall-of-constantinople.md, "Economy and seasons".
//
// A winter, in order:
//   collect_income       the year's yield and grants (FoC Building a),
//                        announced before anyone writes orders;
//   winter_adjustments   the orders: disbands, maintenance, builds, then food.
// A summer: feed_units. A spring or autumn: raise_pending_builds, then
// settle_food_orders with the season's orders.
#include <map>
#include <string>
#include <vector>

#include "games/fall/position.h"
#include "games/fall/scenario.h"

namespace naumachia::fall {

// Prices (FoC Building b, c). A component of a multiple unit counts as one
// unit for every one of them.
inline constexpr Stock kArmyUpkeep{1, 1, 0};
inline constexpr Stock kFleetUpkeep{2, 0, 0};
inline constexpr Stock kArmyCost{3, 2, 0};
inline constexpr Stock kFleetCost{5, 1, 0};
inline constexpr Stock kMercenaryCost{9, 0, 0};
inline constexpr int kFoodEaten = 1;      // per component, each summer and winter
inline constexpr int kBankFoodPrice = 3;  // £ per unit of food from the bank

Stock& operator+=(Stock& a, const Stock& b);
Stock& operator-=(Stock& a, const Stock& b);
// Whether `have` pays for `cost` in every one of money, manpower and food.
bool covers(const Stock& have, const Stock& cost);
// "3£ 2M 1F", leaving out what is zero; "nothing" when all are.
std::string format_stock(const Stock& s);
// "A chi", "2A con (city)", "F mes/wc (city)".
std::string describe(const Group& g);

// Some of a power's units named in an order: `count` components of `type`
// at `place`. A province names a fleet on either of its coasts.
struct UnitRef {
  UnitType type = UnitType::Army;
  Place place;
  int count = 1;
};

// An order that was not carried out, and why. It is in the notes as well.
struct Refusal {
  std::string power;
  std::string order;
  std::string reason;
};

struct EconomyResult {
  Position next;
  std::vector<std::string> notes;  // everything that happened, in order
  std::vector<Refusal> refused;
};

// --- Income (FoC Building a) ---------------------------------------------

// A power's yield for the year: the money of its cities not pillaged this
// year, the size of its cities as manpower (Constantinople 3, FoC Mapboard
// h), the food of its provinces not pillaged, plus its sovereign's grant
// while it is still in the game (it owns a city or has a unit).
Stock income(const Scenario& scenario, const Position& pos, const std::string& power);

// The winter collection for every power: money and food are added to the
// stock, manpower replaces it (what was not spent is lost), and the pillage
// marks are cleared, having cost their yield.
EconomyResult collect_income(const Scenario& scenario, const Position& pos);

// --- Winter orders (FoC Building b, c) -------------------------------------

enum class BuildKind { Army, Fleet, Mercenary };

struct BuildOrder {
  BuildKind kind = BuildKind::Army;
  std::string city;   // province id of the city
  std::string coast;  // a fleet in a double-coast province: "wc" or "ec"
};
Stock build_cost(BuildKind kind);
std::string describe(const BuildOrder& b);  // "build F mes/wc", "build mercenary A ath"

struct WinterOrders {
  std::vector<UnitRef> disbands;   // disbanded before maintenance, at no cost
  std::vector<BuildOrder> builds;  // in the order written
  std::vector<UnitRef> unfed;      // who goes without food if food is short
};

// The winter adjustments of every power, each in this order: its named
// disbands; maintenance of every unit left (units the stock cannot maintain
// are disbanded, farthest from the power's cities first, see upkeep_order);
// its builds in the order written (a build the power cannot pay, or in a city
// it does not own, that is besieged, that is no port for a fleet or that has
// no room left, is refused and costs nothing); then food is eaten as in
// feed_units. The first winter ends here. Orders of unknown powers are refused.
EconomyResult winter_adjustments(const Scenario& scenario, const Position& pos,
                                 const std::map<std::string, WinterOrders>& orders);

// The power's units on the board (indices into pos.groups), in the order they
// are kept: nearest the power's cities first (steps between provinces over any
// border, 0 in a province whose city it owns, unreachable last), then units
// inside a city before those outside, armies before fleets, then by location.
// The units that cannot be maintained, and by default the units that go
// unfed, are taken from the back: the farthest first.
std::vector<std::size_t> upkeep_order(const Scenario& scenario, const Position& pos,
                                      const std::string& power);

// --- Food (FoC Building b) -------------------------------------------------

struct FoodOrders {
  std::vector<UnitRef> disbands;  // a summer's disbands (FoC Sequence 2)
  std::vector<UnitRef> unfed;     // who goes without food if food is short
};

// Summer (and, inside winter_adjustments, winter): each power disbands what it
// names, then every component of its units eats 1 food. When the stock is
// short, as many components as are not fed rebel (they pass to kRebels where
// they stand): first those the power named, then by default the farthest
// from its cities (upkeep_order, from the back). Rebels eat nothing.
EconomyResult feed_units(const Scenario& scenario, const Position& pos,
                         const std::map<std::string, FoodOrders>& orders);

enum class FoodDeal {
  FromBank,  // "buy X food from the bank"
  Buy,       // "buy X food from POWER by Y£"
  Sell,      // "sell X food to POWER by Y£"
};

struct FoodOrder {
  std::string power;  // who wrote it
  FoodDeal deal = FoodDeal::FromBank;
  int amount = 0;     // X
  std::string other;  // Buy: the seller, Sell: the buyer
  int price = 0;      // Y: the whole price of the X food, in £
};
std::string describe(const FoodOrder& o);

// Spring and autumn: trades between powers first, then purchases from the
// bank at 3£ a unit; each power's orders in the order written, the powers in
// the scenario's order. A purchase is made only when a sale to the same
// buyer matches it exactly in amount and price, the seller has the food and
// the buyer the money; otherwise nothing changes hands. A bank purchase the
// power cannot pay in full is refused. In a summer or winter every food order
// is refused.
EconomyResult settle_food_orders(const Scenario& scenario, const Position& pos,
                                 const std::vector<FoodOrder>& orders);

// --- Built units appearing (FoC Building c, Sequence 1 and 3) --------------

// At the start of a spring the armies built last winter appear, and at the
// start of an autumn the fleets; the first winter's builds, armies and fleets
// alike, all appear in the spring outside their cities. A unit appears inside
// its city when there is room in the garrison, outside it otherwise, and
// belongs to whoever owns the city then: a fleet whose city fell is CAPTURED
// by the city's new owner. A build whose city has no owner is lost.
EconomyResult raise_pending_builds(const Scenario& scenario, const Position& pos);

}  // namespace naumachia::fall
