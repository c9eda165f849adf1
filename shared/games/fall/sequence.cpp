// The Fall of Constantinople: the sequence of play (FoC Sequence 1-4). One
// table of phases: spring and autumn movement (with food bought), their
// retreats, the summer's meal, the winter's adjustments; between them the
// built units appear, the seasons turn, and in the autumn the provinces are
// counted, victory is checked and the year's income collected. Every power
// orders in secret and all orders are revealed when the phase resolves; a
// phase in which nobody orders is played without orders (the summer's meal
// is eaten all the same).
#include <algorithm>
#include <array>

#include "games/fall/board.h"
#include "games/fall/units.h"

namespace naumachia::fall {

namespace {

// ------------------------------------------------------------ who orders

bool has_units(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& p) { return components_of(b, p) > 0; });
}
bool retreating(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& p) {
    return std::any_of(b.dislodged.begin(), b.dislodged.end(),
                       [&](const Dislodged& d) { return d.power == p; }) ||
           std::any_of(b.sea_disbands.begin(), b.sea_disbands.end(),
                       [&](const SeaDisband& sd) { return fleet_owners(b, sd.sea).count(p) > 0; });
  });
}
// FoC Building b: the GM asks who goes unfed only of a power short of food.
bool short_of_food(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& p) {
    const auto s = b.stocks.find(p);
    return components_of(b, p) > (s == b.stocks.end() ? 0 : s->second.food);
  });
}
bool in_the_game(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& p) { return in_game(b, p); });
}

// ------------------------------------------------------------ checks

// A line read and checked by `Check`, as "Power: order".
template <OrderCheck Check>
Expected<std::string> check(Board& b, PlayerId seat, const std::string& line, Claims& c) {
  auto read = b.read_line(seat, line, Check);
  if (!read) return fail(read.error().message);
  c.read.push_back(*read);
  return read->power + ": " + format_order(read->order);
}

// ------------------------------------------------------------ whole orders

// Each power's orders together (check_together); the lines by power, in the
// powers' order of names.
LineFaults together(const Board& b, PlayerId, const Claims& c, std::vector<std::string>& lines) {
  std::map<std::string, std::vector<std::size_t>> by_power;
  for (std::size_t k = 0; k < c.read.size(); ++k) by_power[c.read[k].power].push_back(k);
  LineFaults faults;
  std::vector<std::string> grouped;
  for (const auto& [power, read] : by_power) {
    std::vector<Order> orders;
    for (std::size_t k : read) orders.push_back(c.read[k].order);
    for (auto& [index, message] : check_together(*b.sc_, b, power, orders))
      faults.emplace_back(read[index], std::move(message));
    for (std::size_t k : read) grouped.push_back(lines[k]);
  }
  lines = std::move(grouped);
  return faults;
}

// ------------------------------------------------------------ candidates

using Groups = std::vector<std::vector<std::string>>;
Groups movement_candidates(const Board& b, PlayerId seat) {
  return b.movement_candidates(seat);
}
Groups retreat_candidates(const Board& b, PlayerId seat) {
  return b.retreat_candidates(seat);
}
Groups summer_candidates(const Board& b, PlayerId seat) {
  return b.summer_candidates(seat);
}
Groups winter_candidates(const Board& b, PlayerId seat) {
  return b.winter_candidates(seat);
}

// ------------------------------------------------------------ choices

using Path = std::vector<std::string>;
std::vector<Decision> movement_decisions(const Board& b, PlayerId seat) {
  return b.movement_decisions(seat);
}
std::vector<Choice> movement_ways(const Board& b, PlayerId seat, const Decision& d, const Path& p) {
  return b.movement_ways(seat, d, p);
}
std::vector<Decision> retreat_decisions(const Board& b, PlayerId seat) {
  return b.retreat_decisions(seat);
}
std::vector<Choice> retreat_ways(const Board& b, PlayerId seat, const Decision& d, const Path& p) {
  return b.retreat_ways(seat, d, p);
}
std::vector<Decision> summer_decisions(const Board& b, PlayerId seat) {
  return b.summer_decisions(seat);
}
std::vector<Choice> summer_ways(const Board& b, PlayerId seat, const Decision& d, const Path& p) {
  return b.summer_ways(seat, d, p);
}
std::vector<Decision> winter_decisions(const Board& b, PlayerId seat) {
  return b.winter_decisions(seat);
}
std::vector<Choice> winter_ways(const Board& b, PlayerId seat, const Decision& d, const Path& p) {
  return b.winter_ways(seat, d, p);
}

// ------------------------------------------------------------ labels

// "Spring 1355 movement", "Summer 1355: food".
template <Literal Title>
std::string season_title(const Board& b) {
  return units::season_name(b.season) + " " + std::to_string(b.year) + Title.text;
}

// ------------------------------------------------------------ plays

void play_movement(Board& b, const Orders& orders) {
  auto r = resolve_movement(*b.sc_, b, b.orders_read(orders, check_movement_order), b.rulings_);
  if (r)
    b.take(std::move(*r));
  else  // never expected: said, not dropped in silence
    b.say("The season could not be adjudicated, and every unit stands: " + r.error().message);
  std::sort(b.groups.begin(), b.groups.end());
}
void play_retreats(Board& b, const Orders& orders) {
  b.take(resolve_retreats(*b.sc_, b, b.orders_read(orders, check_retreat_order)));
  std::sort(b.groups.begin(), b.groups.end());
}
void play_summer(Board& b, const Orders& orders) {
  b.take(feed_units(*b.sc_, b, summer_orders(b.orders_read(orders, check_summer_order))));
}
void play_winter(Board& b, const Orders& orders) {
  b.take(winter_adjustments(*b.sc_, b, winter_orders(b.orders_read(orders, check_winter_order))));
}

// ------------------------------------------------------------ what follows

// When nobody is left to order and no power is on the board, the game ends.
void unless_nobody_is_left(Board& b);

// Dislodged units retreat (or armies are chosen to go from an unseaworthy
// A/F); without any, the season's movement is over.
void after_movement(Board& b) {
  if (!b.retreats) b.end_of_movement();
  unless_nobody_is_left(b);
}
void after_retreats(Board& b) {
  b.end_of_movement();
  unless_nobody_is_left(b);
}
// FoC Sequence 3, Building c: the autumn, when the fleets built last winter appear.
void after_summer(Board& b) {
  b.season = Season::Autumn;
  b.take(raise_pending_builds(*b.sc_, b));
  std::sort(b.groups.begin(), b.groups.end());
  unless_nobody_is_left(b);
}
// FoC Sequence 1, Building c: the spring of the next year, when the armies
// built (and the first winter's fleets) appear.
void after_winter(Board& b) {
  b.season = Season::Spring;
  ++b.year;
  b.take(raise_pending_builds(*b.sc_, b));
  std::sort(b.groups.begin(), b.groups.end());
  unless_nobody_is_left(b);
}

// clang-format off
constexpr SequenceOfPlay kSequence{{{
    // phase, name, label,
    //   who orders, check, whole orders, candidates, play, next, orders together,
    //   decisions, ways
    {Phase::Movement, "movement", season_title<" movement">,
     has_units, check<check_movement_order>, nullptr, movement_candidates, play_movement,
     after_movement, together, movement_decisions, movement_ways},
    {Phase::Retreats, "retreats", season_title<" retreats">,
     retreating, check<check_retreat_order>, nullptr, retreat_candidates, play_retreats,
     after_retreats, together, retreat_decisions, retreat_ways},
    {Phase::Summer, "food", season_title<": food">,
     short_of_food, check<check_summer_order>, nullptr, summer_candidates, play_summer,
     after_summer, together, summer_decisions, summer_ways},
    {Phase::Winter, "adjustments", season_title<" adjustments">,
     in_the_game, check<check_winter_order>, nullptr, winter_candidates, play_winter,
     after_winter, together, winter_decisions, winter_ways},
}}, IdleSeats::Checked, IdleSegments::Played};
// clang-format on
static_assert(kSequence.indexed_by_segment(), "the rows stand in the order of Phase");

void unless_nobody_is_left(Board& b) {
  if (b.over_ || kSequence.anyone_orders(b)) return;
  const auto& powers = b.sc_->powers();
  if (std::none_of(powers.begin(), powers.end(),
                   [&](const PowerInfo& p) { return in_game(b, p.name); }))
    b.end("no power is left on the board", "");
}

}  // namespace

const SequenceOfPlay& Board::sequence() {
  return kSequence;
}

Board::Board(std::shared_ptr<const Scenario> scenario, int players, Position pos,
             diplomacy::Rulings rulings)
    : Position(std::move(pos)),
      sc_(std::move(scenario)),
      seats_(sc_->map(), players),
      rulings_(rulings) {}

std::string Board::label() const {
  return kSequence.label(*this);
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  kSequence.resolve(*this, orders, dice, events);
}

// After a spring's movement and retreats the summer; after an autumn's the
// winter.
void Board::end_of_movement() {
  if (season == Season::Spring)
    season = Season::Summer;
  else
    enter_winter();
}

// FoC Sequence 4, Building a: the count of provinces, the victory check
// (FoC Mapboard b: 27 cities), then the year's income.
void Board::enter_winter() {
  take(count_holdings(*sc_, *this));
  season = Season::Winter;
  for (const PowerInfo& p : sc_->powers()) {
    const int n = cities_of(*this, p.name);
    if (n >= kCitiesToWin) {
      const std::string why =
          p.name + " holds " + std::to_string(n) + " of the 53 cities and wins (FoC Mapboard b)";
      say(why);
      end(why, p.name);
      return;
    }
  }
  take(collect_income(*sc_, *this));
}

void Board::end(const std::string& result, const std::string& winner) {
  over_ = true;
  result_ = result;
  winner_ = winner;
}

}  // namespace naumachia::fall
