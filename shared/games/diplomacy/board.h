#pragma once
// Diplomacy: a game in play. The Board is the position the adjudicator
// works on (rules.h) with what a game adds to it: the map, the seats the
// powers are dealt to, the rulings of the game's rules version, the step and
// the winner. The game's rules over it are in files named for what they do:
// the sequence of play (sequence.cpp), an order read as a seat writes it
// (checks.cpp), the candidate orders (candidates.cpp), the view (view.cpp)
// and the stored bytes (serialise.cpp).
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/adjudication.h"
#include "core/sequence.h"
#include "games/diplomacy/rules.h"
#include "games/diplomacy/seats.h"

namespace naumachia::diplomacy {

// What a seat's lines have claimed so far: a unit takes one order, and a
// power builds no more than it may.
struct Claims {
  std::set<std::string> units;        // provinces of the units ordered
  std::map<std::string, int> builds;  // power -> builds ordered
};

struct Board;
using SegmentRule = naumachia::SegmentRule<Board, PhaseKind, PlayerId, Claims>;
using SequenceOfPlay = Sequence<SegmentRule, 3>;

const char* season_name(Season s);
std::optional<Season> season_named(std::string_view name);

struct Board : Position, Adjudication {
  Board(std::shared_ptr<const Map> map, int players, Position pos, Rulings rulings);

  std::shared_ptr<const Map> map_;
  PowerSeats seats_;
  Rulings rulings_;
  std::int64_t step_ = 1;
  std::string winner_;  // the power that won; empty while the game goes on
  bool over_ = false;   // someone has won
  std::string result_;  // how the game ended

  // --- The sequence of play (sequence.cpp) --------------------------------
  static const SequenceOfPlay& sequence();
  PhaseKind segment() const { return phase; }
  std::vector<PlayerId> seats() const { return seats_.seats(); }
  std::string seat_name(PlayerId seat) const { return seats_.seat_name(seat); }
  std::string label() const;  // "Spring 1901 movement"
  std::vector<SideId> winners() const { return seats_.winners(winner_); }
  void resolve(const Orders& orders, Dice& dice, std::vector<Event>& events);
  bool must_adjust(const std::string& power) const;
  // Every line of `orders` read again by `read` (they were validated).
  std::vector<Order> orders_read(const Orders& orders,
                                 Expected<Order> (Board::*read)(PlayerId, const std::string&)
                                     const) const;
  // The phase's outcome: each order's, then what followed; the position after it.
  void report(PhaseResult r);
  void end_of_season();
  void declare_winner(const std::string& power);

  // --- Orders as a seat writes them, read against the phase (checks.cpp) -
  Expected<Order> read_move(PlayerId seat, const std::string& line) const;
  Expected<Order> read_retreat(PlayerId seat, const std::string& line) const;
  Expected<Order> read_adjustment(PlayerId seat, const std::string& line) const;
  // The order's canonical line, once it claims no unit ordered before and no
  // build beyond the power's.
  Expected<std::string> claim(Expected<Order> order, Claims& claims) const;

  // --- What a power has ---------------------------------------------------
  int centers(const std::string& power) const;
  int vacant_homes(const std::string& power) const;

  // --- Candidate orders (candidates.cpp) ----------------------------------
  std::vector<std::vector<std::string>> movement_candidates(PlayerId seat) const;
  std::vector<std::vector<std::string>> retreat_candidates(PlayerId seat) const;
  std::vector<std::vector<std::string>> adjustment_candidates(PlayerId seat) const;

  // --- Orders choice by choice (choices.cpp) ------------------------------
  std::vector<Decision> movement_decisions(PlayerId seat) const;
  std::vector<Choice> movement_ways(PlayerId seat, const Decision& d,
                                    const std::vector<std::string>& path) const;
  std::vector<Decision> retreat_decisions(PlayerId seat) const;
  std::vector<Choice> retreat_ways(PlayerId seat, const Decision& d,
                                   const std::vector<std::string>& path) const;
  std::vector<Decision> adjustment_decisions(PlayerId seat) const;
  std::vector<Choice> adjustment_ways(PlayerId seat, const Decision& d,
                                      const std::vector<std::string>& path) const;

  // --- How a seat stands, for a computer player (standing.cpp) -----------
  double standing(PlayerId seat) const;

  // --- What players see (view.cpp) ----------------------------------------
  View view() const;
  std::string order_help() const;

  // --- Stored bytes (serialise.cpp) ---------------------------------------
  std::string serialize() const;
  // Reads a stored position into this board (its map and rulings kept);
  // why not, or nullopt.
  std::optional<std::string> parse(std::string_view bytes);

 private:
  Expected<Order> read_unit_order(PlayerId seat, const std::string& line,
                                  const std::map<std::string, Unit>& standing,
                                  const std::string& missing) const;
};

}  // namespace naumachia::diplomacy
