#pragma once
// The Fall of Constantinople: a game in play. The Board is the position
// (position.h) with what a game adds to it: the scenario, the seats the
// powers are dealt to, Diplomacy's rulings under the game's rules version,
// the step and how the game ended. The rules over it are in files named for
// what they do: the sequence of play (sequence.cpp), a line read as a seat
// writes it (checks.cpp), the candidate orders (candidates.cpp), orders
// choice by choice (choices.cpp), the view (view.cpp) and the stored bytes (serialise.cpp), over
// the rule functions of season.h and economy.h.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/adjudication.h"
#include "core/sequence.h"
#include "games/diplomacy/seats.h"
#include "games/fall/season.h"

namespace naumachia::fall {

// The orders of a seat's lines read so far, each with its power.
struct Claims {
  std::vector<PowerOrder> read;
};

struct Board;
using SegmentRule = naumachia::SegmentRule<Board, Phase, PlayerId, Claims>;
using SequenceOfPlay = Sequence<SegmentRule, 4>;

// How one order of a power is checked in a phase (season.h).
using OrderCheck = Expected<Order> (*)(const Scenario& scenario, const Position& pos,
                                       const std::string& power, Order order);

struct Board : Position, Adjudication {
  Board(std::shared_ptr<const Scenario> scenario, int players, Position pos,
        diplomacy::Rulings rulings);

  std::shared_ptr<const Scenario> sc_;
  diplomacy::PowerSeats seats_;
  diplomacy::Rulings rulings_;
  std::int64_t step_ = 1;
  bool over_ = false;
  std::string winner_;  // the power that won; empty for none
  std::string result_;  // how the game ended

  // --- The sequence of play (sequence.cpp) --------------------------------
  static const SequenceOfPlay& sequence();
  Phase segment() const { return phase_of(*this); }
  std::vector<PlayerId> seats() const { return seats_.seats(); }
  std::string seat_name(PlayerId seat) const { return seats_.seat_name(seat); }
  std::string label() const;  // "Spring 1355 movement"
  std::vector<SideId> winners() const { return seats_.winners(winner_); }
  void resolve(const Orders& orders, Dice& dice, std::vector<Event>& events);
  // The position a rule function gives, its notes said in order.
  template <class Result>
  void take(Result r) {
    static_cast<Position&>(*this) = std::move(r.next);
    for (std::string& n : r.notes) say(std::move(n));
  }
  void end_of_movement();
  void enter_winter();
  void end(const std::string& result, const std::string& winner);

  // --- Lines as a seat writes them (checks.cpp) ---------------------------
  // "[Power:] order": without the power, the seat's only power, or the one of
  // its powers whose units the order names; checked by `check`.
  Expected<PowerOrder> read_line(PlayerId seat, const std::string& line, OrderCheck check) const;
  // Every line of `orders` read again (they were validated), in the
  // scenario's order of the powers, whatever the seats'.
  std::vector<PowerOrder> orders_read(const Orders& orders, OrderCheck check);

  // --- Candidate orders (candidates.cpp) ----------------------------------
  std::vector<std::vector<std::string>> movement_candidates(PlayerId seat) const;
  std::vector<std::vector<std::string>> retreat_candidates(PlayerId seat) const;
  std::vector<std::vector<std::string>> summer_candidates(PlayerId seat) const;
  std::vector<std::vector<std::string>> winter_candidates(PlayerId seat) const;

  // --- Orders choice by choice (choices.cpp) ------------------------------
  std::vector<Decision> movement_decisions(PlayerId seat) const;
  std::vector<Choice> movement_ways(PlayerId seat, const Decision& d,
                                    const std::vector<std::string>& path) const;
  std::vector<Decision> retreat_decisions(PlayerId seat) const;
  std::vector<Choice> retreat_ways(PlayerId seat, const Decision& d,
                                   const std::vector<std::string>& path) const;
  std::vector<Decision> summer_decisions(PlayerId seat) const;
  std::vector<Choice> summer_ways(PlayerId seat, const Decision& d,
                                  const std::vector<std::string>& path) const;
  std::vector<Decision> winter_decisions(PlayerId seat) const;
  std::vector<Choice> winter_ways(PlayerId seat, const Decision& d,
                                  const std::vector<std::string>& path) const;

  // --- How a seat stands, for a computer player (standing.cpp) -----------
  double standing(PlayerId seat) const;

  // --- What players see (view.cpp) ----------------------------------------
  View view() const;
  std::string order_help() const;
  Token token(const Group& g, std::vector<std::string> marks) const;
  Cell province_cell(const diplomacy::Province& p) const;
  Cell city_cell(const std::string& id, const diplomacy::City& city) const;
  std::string power_note(const PowerInfo& p) const;

  // --- Stored bytes (serialise.cpp) ---------------------------------------
  std::string serialize() const;
  // Reads a stored game into this board (its scenario and rulings kept);
  // why not, or nullopt.
  std::optional<std::string> parse(std::string_view bytes);
};

}  // namespace naumachia::fall
