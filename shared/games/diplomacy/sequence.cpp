// Diplomacy: the sequence of play (2000 rulebook; the DATC's order of
// phases). One table of phases: spring movement, its retreats, fall
// movement, its retreats, then the supply centres change hands and winter
// adjustments follow. Every power orders in secret and all orders are
// revealed when the phase resolves; a phase in which nobody has anything to
// order is skipped.
#include <array>
#include <cassert>

#include "games/diplomacy/board.h"

namespace naumachia::diplomacy {

namespace {

// ------------------------------------------------------------ who orders

bool has_units(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& power) {
    return std::any_of(b.units.begin(), b.units.end(),
                       [&](const auto& u) { return u.second.power == power; });
  });
}
bool has_dislodged(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& power) {
    return std::any_of(b.dislodged.begin(), b.dislodged.end(),
                       [&](const auto& d) { return d.second.unit.power == power; });
  });
}
bool adjusting(const Board& b, PlayerId seat) {
  return b.seats_.any_power(seat, [&](const std::string& power) { return b.must_adjust(power); });
}

// ------------------------------------------------------------ checks

Expected<std::string> move(Board& b, PlayerId seat, const std::string& line, Claims& c) {
  return b.claim(b.read_move(seat, line), c);
}
Expected<std::string> retreat(Board& b, PlayerId seat, const std::string& line, Claims& c) {
  return b.claim(b.read_retreat(seat, line), c);
}
Expected<std::string> adjust(Board& b, PlayerId seat, const std::string& line, Claims& c) {
  return b.claim(b.read_adjustment(seat, line), c);
}

// ------------------------------------------------------------ candidates

using Groups = std::vector<std::vector<std::string>>;
Groups movement_candidates(const Board& b, PlayerId seat) {
  return b.movement_candidates(seat);
}
Groups retreat_candidates(const Board& b, PlayerId seat) {
  return b.retreat_candidates(seat);
}
Groups adjustment_candidates(const Board& b, PlayerId seat) {
  return b.adjustment_candidates(seat);
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
std::vector<Decision> adjustment_decisions(const Board& b, PlayerId seat) {
  return b.adjustment_decisions(seat);
}
std::vector<Choice> adjustment_ways(const Board& b, PlayerId seat, const Decision& d,
                                    const Path& p) {
  return b.adjustment_ways(seat, d, p);
}

// ------------------------------------------------------------ labels

std::string label(const Board& b) {
  return std::string(season_name(b.season)) + " " + std::to_string(b.year) + " " +
         Board::sequence()[b.phase].name;
}

// ------------------------------------------------------------ plays

void play_movement(Board& b, const Orders& orders) {
  b.report(adjudicate_movement(*b.map_, b, b.orders_read(orders, &Board::read_move), b.rulings_));
}
void play_retreats(Board& b, const Orders& orders) {
  b.report(adjudicate_retreats(*b.map_, b, b.orders_read(orders, &Board::read_retreat)));
}
void play_adjustments(Board& b, const Orders& orders) {
  b.report(adjudicate_adjustments(*b.map_, b, b.orders_read(orders, &Board::read_adjustment)));
}

// ------------------------------------------------------------ what follows

// Dislodged units retreat; without any, the season is over.
void after_movement(Board& b) {
  if (!b.dislodged.empty()) {
    b.phase = PhaseKind::Retreat;
    return;
  }
  b.end_of_season();
}
void after_retreats(Board& b) {
  b.end_of_season();
}
void new_year(Board& b) {
  b.season = Season::Spring;
  b.phase = PhaseKind::Movement;
  ++b.year;
}

// clang-format off
constexpr SequenceOfPlay kSequence{{{
    // phase, name, label,
    //   who orders, check, whole orders, candidates, play, next,
    //   lines together, decisions, ways
    {PhaseKind::Movement, "movement", label,
     has_units, move, nullptr, movement_candidates, play_movement, after_movement,
     nullptr, movement_decisions, movement_ways},
    {PhaseKind::Retreat, "retreats", label,
     has_dislodged, retreat, nullptr, retreat_candidates, play_retreats, after_retreats,
     nullptr, retreat_decisions, retreat_ways},
    {PhaseKind::Adjustment, "adjustments", label,
     adjusting, adjust, nullptr, adjustment_candidates, play_adjustments, new_year,
     nullptr, adjustment_decisions, adjustment_ways},
}}, IdleSeats::Checked};
// clang-format on
static_assert(kSequence.indexed_by_segment(), "the rows stand in the order of PhaseKind");

}  // namespace

const SequenceOfPlay& Board::sequence() {
  return kSequence;
}

Board::Board(std::shared_ptr<const Map> map, int players, Position pos, Rulings rulings)
    : Position(std::move(pos)), map_(std::move(map)), seats_(*map_, players), rulings_(rulings) {}

std::string Board::label() const {
  return kSequence.label(*this);
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  kSequence.resolve(*this, orders, dice, events);
}

// A power adjusts when it must remove units, or may build in a vacant home
// centre it owns.
bool Board::must_adjust(const std::string& power) const {
  const int n = adjustment_count(*map_, *this, power);
  return n < 0 || (n > 0 && vacant_homes(power) > 0);
}

std::vector<Order> Board::orders_read(const Orders& orders,
                                      Expected<Order> (Board::*read)(PlayerId, const std::string&)
                                          const) const {
  std::vector<Order> all;
  for (const auto& [player, set] : orders) {
    for (const std::string& line : set.lines) {
      auto o = (this->*read)(player, line);
      assert(o.has_value());  // validated before
      if (o) all.push_back(*o);
    }
  }
  return all;
}

void Board::report(PhaseResult r) {
  for (const OrderResult& o : r.results)
    say(o.order.power + ": " + format_order(o.order) + ": " + outcome_text(o.outcome, o.note));
  for (std::string& n : r.notes) say(std::move(n));
  static_cast<Position&>(*this) = std::move(r.next);
}

// After the spring the fall's movement; after the fall the supply centres
// change hands, a power with enough of them wins, and winter adjustments
// follow.
void Board::end_of_season() {
  dislodged.clear();
  standoffs.clear();
  if (season != Season::Fall) {
    season = Season::Fall;
    phase = PhaseKind::Movement;
    return;
  }
  update_ownership(*map_, *this);
  for (const Power& p : map_->powers()) {
    if (centers(p.name) >= map_->victory_centers()) {
      say(p.name + " controls " + std::to_string(centers(p.name)) + " supply centres: victory");
      declare_winner(p.name);
      return;
    }
  }
  season = Season::Winter;
  phase = PhaseKind::Adjustment;
}

void Board::declare_winner(const std::string& power) {
  winner_ = power;
  over_ = true;
  result_ = power + " controls " + std::to_string(centers(power)) + " supply centres and wins";
}

int Board::centers(const std::string& power) const {
  return static_cast<int>(std::count_if(owners.begin(), owners.end(),
                                        [&](const auto& o) { return o.second == power; }));
}

int Board::vacant_homes(const std::string& power) const {
  int n = 0;
  for (const auto& h : map_->power(power)->home_centers) {
    const auto o = owners.find(h);
    n += o != owners.end() && o->second == power && !units.count(h);
  }
  return n;
}

}  // namespace naumachia::diplomacy
