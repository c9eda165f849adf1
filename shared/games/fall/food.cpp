// The Fall of Constantinople: food. Units eat in summer and winter, and go
// over to the rebels when there is none; food is bought from the bank or from
// another power with the spring and autumn orders.
#include <algorithm>

#include "games/fall/economy.h"
#include "games/fall/units.h"

namespace naumachia::fall {

namespace {

const FoodOrders kNoFoodOrders;

// FoC Building b: every component eats 1 food; when the stock is short the
// unfed rebel, those the owner named first, then the farthest from its cities.
void feed(const Scenario& scenario, Position& pos, const std::string& power, const FoodOrders& o,
          EconomyResult& r) {
  // FoC Sequence 2: in the summer the powers maintain or disband their units.
  for (const UnitRef& ref : o.disbands) units::disband_named(pos, power, ref, r);
  const int mouths = units::components(pos, power);
  Stock& stock = pos.stocks[power];
  const auto named_needlessly = [&](const UnitRef& ref, const std::string& why) {
    units::refuse(r, power, "leave " + units::describe(ref) + " unfed", why);
  };
  if (stock.food >= mouths * kFoodEaten) {
    if (mouths > 0) {
      stock.food -= mouths * kFoodEaten;
      r.notes.push_back(power + " feeds its " + std::to_string(mouths) +
                        " units: " + format_stock(Stock{0, 0, mouths * kFoodEaten}) + " eaten, " +
                        format_stock(Stock{0, 0, stock.food}) + " left");
    }
    for (const UnitRef& ref : o.unfed) named_needlessly(ref, "there is food for every unit");
    return;
  }
  int hungry = mouths - stock.food / kFoodEaten;
  r.notes.push_back(power + " has " + std::to_string(stock.food) + "F for " +
                    std::to_string(mouths) + " units: " + std::to_string(hungry) + " go unfed");
  stock.food %= kFoodEaten;
  std::vector<int> unfed(pos.groups.size(), 0);  // components of each group left unfed
  for (const UnitRef& ref : o.unfed) {
    if (hungry == 0) {
      named_needlessly(ref, "enough units were named before it");
      continue;
    }
    int wanted = std::min(ref.count, hungry), found = 0;
    for (std::size_t i = 0; i < pos.groups.size() && wanted > 0; ++i) {
      const Group& g = pos.groups[i];
      if (g.power != power || !units::names(ref, g)) continue;
      const int n = std::min(wanted, g.count - unfed[i]);
      unfed[i] += n;
      wanted -= n;
      hungry -= n;
      found += n;
    }
    if (found == 0) named_needlessly(ref, power + " has no such unit");
  }
  // By default the farthest from the power's cities go unfed.
  const std::vector<std::size_t> order = upkeep_order(scenario, pos, power);
  for (auto it = order.rbegin(); it != order.rend() && hungry > 0; ++it) {
    const int n = std::min(hungry, pos.groups[*it].count - unfed[*it]);
    unfed[*it] += n;
    hungry -= n;
  }
  // They change to neutral status where they stand.
  const std::size_t before = pos.groups.size();
  for (std::size_t i = 0; i < before; ++i) {
    if (unfed[i] == 0) continue;
    Group rebels = pos.groups[i];
    rebels.count = unfed[i];
    r.notes.push_back(units::owned_by(rebels) + (unfed[i] == 1 ? " rebels" : " rebel") +
                      " for want of food");
    pos.groups[i].count -= unfed[i];
    rebels.power = kRebels;
    pos.groups.push_back(rebels);
  }
  units::normalise(pos.groups);
}

bool known_power(const Scenario& scenario, const std::string& name) {
  return scenario.power(name) != nullptr;
}

// Why a food order cannot stand at all, or empty.
std::string malformed(const Scenario& scenario, const FoodOrder& o) {
  if (!known_power(scenario, o.power)) return "there is no power " + o.power;
  if (o.amount < 1) return "buy or sell at least 1 food";
  if (o.deal == FoodDeal::FromBank) return "";
  if (!known_power(scenario, o.other)) return "there is no power " + o.other;
  if (o.other == o.power) return o.power + " cannot trade with itself";
  if (o.price < 0) return "the price cannot be below 0£";
  return "";
}

std::string trade_text(int amount, int price) {
  return std::to_string(amount) + "F for " + std::to_string(price) + "£";
}

// FoC Building b: a purchase from another power succeeds only against a sale
// written by that power to this buyer for the same amount and price. Each
// purchase takes the first such sale; the trades are made in the order of the
// purchases, each only if the seller has the food and the buyer the money then.
void settle_trades(const std::vector<const FoodOrder*>& orders, Position& pos, EconomyResult& r) {
  const std::size_t none = orders.size();
  std::vector<std::size_t> partner(orders.size(), none);
  const auto between = [&](std::size_t buy, std::size_t sale) {
    return orders[buy]->deal == FoodDeal::Buy && orders[sale]->deal == FoodDeal::Sell &&
           orders[sale]->power == orders[buy]->other && orders[sale]->other == orders[buy]->power;
  };
  for (std::size_t b = 0; b < orders.size(); ++b) {
    for (std::size_t s = 0; s < orders.size() && partner[b] == none; ++s) {
      if (partner[s] == none && between(b, s) && orders[s]->amount == orders[b]->amount &&
          orders[s]->price == orders[b]->price) {
        partner[b] = s;
        partner[s] = b;
      }
    }
  }
  for (std::size_t b = 0; b < orders.size(); ++b) {
    if (orders[b]->deal != FoodDeal::Buy || partner[b] == none) continue;
    const FoodOrder& buy = *orders[b];
    const FoodOrder& sale = *orders[partner[b]];
    Stock& buyer = pos.stocks[buy.power];
    Stock& seller = pos.stocks[sale.power];
    std::string why;
    if (seller.food < sale.amount)
      why = sale.power + " has only " + std::to_string(seller.food) + "F: no sale";
    else if (buyer.money < buy.price)
      why = buy.power + " has only " + std::to_string(buyer.money) + "£: no sale";
    if (!why.empty()) {
      units::refuse(r, buy.power, describe(buy), why);
      units::refuse(r, sale.power, describe(sale), why);
      continue;
    }
    seller.food -= sale.amount;
    seller.money += sale.price;
    buyer.food += buy.amount;
    buyer.money -= buy.price;
    r.notes.push_back(sale.power + " sells " + trade_text(sale.amount, sale.price) + " to " +
                      buy.power);
  }
  // The orders left without a partner: nothing changes hands.
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const FoodOrder& o = *orders[i];
    if (o.deal == FoodDeal::FromBank || partner[i] != none) continue;
    std::string why = o.other +
                      (o.deal == FoodDeal::Buy ? " wrote no sale of food to "
                                               : " wrote no purchase of food from ") +
                      o.power;
    for (std::size_t j = 0; j < orders.size(); ++j) {
      if (partner[j] == none && (o.deal == FoodDeal::Buy ? between(i, j) : between(j, i))) {
        why = o.other + " wrote '" + describe(*orders[j]) + "': the amounts must be equal";
        break;
      }
    }
    units::refuse(r, o.power, describe(o), why);
  }
}

// FoC Building b: food from the bank at 3£ a unit, paid in full or not at all.
void buy_from_bank(const std::vector<const FoodOrder*>& orders, Position& pos, EconomyResult& r) {
  for (const FoodOrder* o : orders) {
    if (o->deal != FoodDeal::FromBank) continue;
    Stock& stock = pos.stocks[o->power];
    const int price = o->amount * kBankFoodPrice;
    if (stock.money < price) {
      units::refuse(r, o->power, describe(*o),
                    "it costs " + std::to_string(price) + "£ and " + o->power + " has " +
                        std::to_string(stock.money) + "£");
      continue;
    }
    stock.money -= price;
    stock.food += o->amount;
    r.notes.push_back(o->power + " buys " + trade_text(o->amount, price) + " from the bank");
  }
}

}  // namespace

EconomyResult feed_units(const Scenario& scenario, const Position& pos,
                         const std::map<std::string, FoodOrders>& orders) {
  EconomyResult r{pos, {}, {}};
  for (const auto& [power, o] : orders) {
    if (!known_power(scenario, power))
      units::refuse(r, power, "food orders", "there is no power " + power);
  }
  for (const PowerInfo& p : scenario.powers()) {
    const auto it = orders.find(p.name);
    feed(scenario, r.next, p.name, it == orders.end() ? kNoFoodOrders : it->second, r);
  }
  return r;
}

std::string describe(const FoodOrder& o) {
  const std::string food = std::to_string(o.amount) + " food";
  switch (o.deal) {
    case FoodDeal::FromBank:
      return "buy " + food + " from the bank";
    case FoodDeal::Buy:
      return "buy " + food + " from " + o.other + " by " + std::to_string(o.price) + "£";
    case FoodDeal::Sell:
      return "sell " + food + " to " + o.other + " by " + std::to_string(o.price) + "£";
  }
  return food;
}

EconomyResult settle_food_orders(const Scenario& scenario, const Position& pos,
                                 const std::vector<FoodOrder>& orders) {
  EconomyResult r{pos, {}, {}};
  // FoC Building b: food is bought "with your spring/autumn orders".
  if (pos.season != Season::Spring && pos.season != Season::Autumn) {
    for (const FoodOrder& o : orders)
      units::refuse(r, o.power, describe(o), "food is bought in the spring and the autumn");
    return r;
  }
  // Each power's orders in the order written, the powers in the scenario's
  // order: the outcome does not depend on how the orders were gathered.
  std::vector<const FoodOrder*> sorted;
  for (const PowerInfo& p : scenario.powers()) {
    for (const FoodOrder& o : orders) {
      if (o.power == p.name && malformed(scenario, o).empty()) sorted.push_back(&o);
    }
  }
  for (const FoodOrder& o : orders) {
    if (const std::string why = malformed(scenario, o); !why.empty())
      units::refuse(r, o.power, describe(o), why);
  }
  settle_trades(sorted, r.next, r);
  buy_from_bank(sorted, r.next, r);
  return r;
}

}  // namespace naumachia::fall
