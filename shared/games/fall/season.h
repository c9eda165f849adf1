#pragma once
// The Fall of Constantinople: a season's orders checked against the position,
// and the movement seasons resolved on the Diplomacy module's adjudicator
// (forces, games/diplomacy/forces.h): moves, supports and convoys, sieges,
// pillage, the Multiplicity (10) disbands at sea, retreats, and the winter's
// count of provinces. Pure functions; rule choices in
// docs/rules/fall-of-constantinople.md, "Seasons, sieges and pillage".
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "games/diplomacy/forces.h"
#include "games/fall/economy.h"
#include "games/fall/orders.h"

namespace naumachia::fall {

// Which orders the position takes: spring and autumn movement (with food
// purchases), their retreats, the summer's meal, the winter's adjustments
// (the rows of the sequence of play, sequence.cpp).
enum class Phase { Movement, Retreats, Summer, Winter };
Phase phase_of(const Position& pos);

// FoC Mapboard b: the majority of the 53 cities wins.
inline constexpr int kCitiesToWin = 27;
int cities_of(const Position& pos, const std::string& power);
// Components of the power's units on the board (rebels: kRebels).
int components_of(const Position& pos, const std::string& power);
// Whether the power is still in the game: it owns a city or has a unit.
bool in_game(const Position& pos, const std::string& power);

struct PowerOrder {
  std::string power;
  Order order;
};

// Checks one order of `power` against the position, one function for each
// phase, and returns it with its places as the units stand (a fleet's coast
// filled in, a "2A Athens -> Athens" resolved to entering or leaving the
// city). The error says why, citing the rule.
//
// Spring and autumn: a unit's order (hold, move, support, convoy, besiege,
// pillage), or food bought or sold (FoC Building b).
Expected<Order> check_movement_order(const Scenario& scenario, const Position& pos,
                                     const std::string& power, Order order);
// Retreats: a dislodged unit retreats or disbands; the fleets' owners name
// the armies an unseaworthy A/F loses (Multiplicity Plus (10)).
Expected<Order> check_retreat_order(const Scenario& scenario, const Position& pos,
                                    const std::string& power, Order order);
// Summer, for a power short of food: disbands and unfed units (FoC Sequence 2).
Expected<Order> check_summer_order(const Scenario& scenario, const Position& pos,
                                   const std::string& power, Order order);
// Winter: builds, disbands and unfed units (FoC Building).
Expected<Order> check_winter_order(const Scenario& scenario, const Position& pos,
                                   const std::string& power, Order order);

// Checks a power's checked orders together: no more units ordered from a
// place than stand there, no unit in two orders, garrisons within the city's
// size, what stays at sea seaworthy, one retreat per dislodged force. Each
// problem as (index into orders, message).
std::vector<std::pair<std::size_t, std::string>> check_together(const Scenario& scenario,
                                                                const Position& pos,
                                                                const std::string& power,
                                                                const std::vector<Order>& orders);

struct SeasonResult {
  Position next;
  std::vector<std::string> notes;  // outcomes and what followed, in order
};

// A spring or autumn: food trades and purchases first (settle_food_orders),
// then movement adjudicated, then pillage, sieges and the disbands at sea;
// dislodged forces wait for retreats (next.retreats) when they have somewhere
// to go. Units without orders hold; rebels pillage where they stand. Refused
// when the adjudicator cannot read the forces made of the position (never for
// a position the rules made).
Expected<SeasonResult> resolve_movement(const Scenario& scenario, const Position& pos,
                                        const std::vector<PowerOrder>& orders,
                                        const diplomacy::Rulings& rulings);

// Multiplicity Plus (10): the powers owning fleets in a sea (who choose the
// armies lost there).
std::set<std::string> fleet_owners(const Position& pos, const std::string& sea);
// Disbands `excess` armies in `sea`: those `named` first (whose army, how
// many), then by the text's default, one army of each power in turn, the
// powers in the scenario's order.
void disband_at_sea(const Scenario& scenario, Position& pos, const std::string& sea, int excess,
                    const std::vector<std::pair<std::string, int>>& named,
                    std::vector<std::string>& notes);

// Where a dislodged force may retreat: standard Diplomacy's places (next to
// it, empty, not where the attack came from, not left empty by a bounce),
// and for armies their own city in the province they were dislodged from,
// when it has room.
std::vector<Place> retreat_options(const Scenario& scenario, const Position& pos,
                                   const Dislodged& d);

// The retreats: a force not ordered to retreat is disbanded, as are forces
// of different powers retreating to one place; one power's merge. The
// disbands at sea the fleets' owners name ("disband A aeg of Venice") are
// made first, the rest by the default (disband_at_sea).
SeasonResult resolve_retreats(const Scenario& scenario, const Position& pos,
                              const std::vector<PowerOrder>& orders);

// The winter count (FoC Sequence 4): a land or island province with units
// of one power only outside its city, and no siege by another, passes to
// that power. Rebels hold no province.
SeasonResult count_holdings(const Scenario& scenario, const Position& pos);

// The economy's order types, from checked orders of the season.
std::vector<FoodOrder> food_orders(const std::vector<PowerOrder>& orders);
std::map<std::string, FoodOrders> summer_orders(const std::vector<PowerOrder>& orders);
std::map<std::string, WinterOrders> winter_orders(const std::vector<PowerOrder>& orders);

}  // namespace naumachia::fall
