#pragma once
// The Fall of Constantinople: orders as players write them, in the text's own
// notations ("2A/1F Otranto -> city", "F Rhodes leaves city", "3A Niš B",
// "buy 2 food from the bank"), read leniently and echoed in one canonical
// form. Whether an order is possible in a position is the game's to judge.
#include <string>
#include <string_view>

#include "core/result.h"
#include "games/diplomacy/map.h"
#include "games/fall/position.h"

namespace naumachia::fall {

// How many units of each type an order moves or names: "2A/1F", "A", "3F".
struct Units {
  int armies = 0;
  int fleets = 0;
  auto operator<=>(const Units&) const = default;
};

enum class OrderKind {
  Hold,
  Move,     // to a province, or into or out of a city (garrison, ungarrison)
  Support,  // to hold, or a move
  Convoy,
  Besiege,  // FoC Movement c.i
  Pillage,  // FoC Movement c.iii
  BuyBank,  // FoC Building b: 3£ a unit of food
  Buy,      // FoC Building b: from another power, at an agreed price
  Sell,
  Build,    // FoC Building c
  Disband,  // FoC Building b: units the power chooses not to maintain; with
            // other_power, that power's army at sea (Multiplicity Plus (10))
  Unfed,    // FoC Building b: units the power chooses not to feed (they rebel)
};

struct Order {
  OrderKind kind = OrderKind::Hold;
  Units units;
  Place from;
  Place to;                  // Move
  bool city_toggle = false;  // "2A Athens -> Athens": into the city or out of it,
                             // as the units stand
  Units target_units;        // Support, Convoy
  Place target;
  std::string target_dest;  // empty: support to hold
  int amount = 0;           // food
  int price = 0;            // £
  std::string other_power;  // Buy, Sell; Disband: whose army
  bool mercenary = false;   // Build
  auto operator<=>(const Order&) const = default;
};

Expected<Order> parse_order(const diplomacy::Map& map, std::string_view text);
// The citation of a refusal of how an order is written (docs/rules/
// fall-of-constantinople.md, "Orders"): "(notation: docs/rules/
// fall-of-constantinople.md)".
std::string order_notation();

std::string format_order(const Order& order);
std::string format_units(Units u);
std::string format_place(const Place& p);

}  // namespace naumachia::fall
