#pragma once
// Constantinople 1453, the naval game: the rules, as functions over a
// position (Board). Each group is defined in the file named in its heading;
// every rule cites its case, and the readings of unclear cases are in
// docs/rules/constantinople.md. The sequence of play is one table of
// segments (sequence.cpp).
//
// Validation and resolution run the same code (core/adjudication.h); in
// Mode::Execute a move is resolved hex by hex and every roll is shown where
// it fell.
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/adjudication.h"
#include "core/dice.h"
#include "core/game.h"
#include "core/sequence.h"
#include "games/constantinople/position.h"

namespace naumachia::constantinople {

constexpr int kImpulses = 5;  // 4.0 E, 13.1

// A hex as the map numbers it, "3429".
inline std::string hx(HexId h) {
  return hex::format_hex(h);
}

// One action of a movement order ("G1: battle, move 3, turn R, move 2, ram VENICE").
struct Action {
  enum Kind { Free, Battle, Speed, Oar, Sail, Turn, Move, Ram, Enter, BreakBoom };
  Action() = default;
  explicit Action(Kind k) : kind(k) {}
  Kind kind = Move;
  int n = 0;  // Turn: hexsides (-2..2, - = port); Move: hexes; Speed: capability
  HexId hex{};
  Dir facing = Dir::N;
  std::string target;
};
Expected<Action> parse_action(std::string_view text);
std::string format_action(const Action& a);
// "G1: move 3" -> ("G1", "move 3").
Expected<std::pair<std::string, std::string>> split_line(std::string_view line);
// The citation of a refusal of how an order is written (docs/rules/
// constantinople.md, "Orders"): "(notation: docs/rules/constantinople.md)".
std::string order_notation();

// One side's melee allotment in a Combat Segment: attacker -> target -> points.
using Allotment = std::map<std::string, std::map<std::string, int>>;

// What one side's order lines of a step have claimed so far.
struct Claims {
  std::set<std::string> used;
  Allotment allot;
  bool proposed = false;
};

struct Board;

// One segment of the sequence of play (4.0), a row of the table in sequence.cpp.
using SegmentRule = naumachia::SegmentRule<Board, Segment, Side, Claims>;
using SequenceOfPlay = Sequence<SegmentRule, 7>;

struct Board : Position, Adjudication {
  Board(std::shared_ptr<const Scenario> sc, RulesVersion rules);

  std::shared_ptr<const Scenario> sc_;
  // The rules version the game was created under (docs/rules/constantinople.md,
  // "Rules versions"); not part of the position, the server stores it.
  RulesVersion rules_;
  bool from_rules(int version) const { return rules_.value >= version; }
  // A refusal citing `cites` ("14.19", or order_notation()) after its text. Games of
  // rules version 1 keep the wording without it: an order no longer possible
  // when carried out is reported in the step's events with its refusal, and a
  // replay reproduces every stored event.
  std::string cited(std::string text, std::string_view cites) const;

  // ------------------------------------------------------------ ships.cpp
  // The impulses played so far, counting this one: the Segment "after" one
  // is the next impulse played, even in a later Game-Turn (14.17, 15.33).
  int abs_impulse() const { return impulses_played_; }
  const ShipClass& cls(const Ship& s) const { return sc_->classes.at(s.cls); }
  const Values& values(const Ship& s) const;
  int ram_defence(const Ship& s) const;
  int melee_defence(const Ship& s) const;
  bool afloat(const Ship& s) const { return s.on_map && !s.sunk; }
  bool at_anchor(const Ship& s) const;
  const Ship* ship_at(HexId h, const std::string& except = "") const;
  Ship* own_ship(Side side, const std::string& id);
  std::string ship_problem(Side side, const std::string& id) const;
  void damage(Ship& s, const std::string& why);
  void sink(Ship& s, const std::string& why);
  void lose_one(Ship& s);
  void release(Ship& s);
  std::string describe(const Ship& s) const;
  std::string counter_text(const Ship& s) const;  // "4 4 C 4/7-10", as the counter reads

  // ------------------------------------------------------------ wind.cpp
  Dir wind_toward() const;  // grid direction the wind carries ships (14.26)
  std::string wind_text() const;
  void roll_wind();                  // 14.23
  bool favourable_wind() const;      // 19.1, the Genoese galley
  bool into_wind(Dir facing) const;  // 14.24: facing the hexside the wind blows from
  bool on_wind(Dir facing) const;    // 14.24: a hexside off it

  // ------------------------------------------------------------ movement.cpp
  bool has_movers(Side s) const;
  Expected<std::string> move_line(Side side, const std::string& line,
                                  std::set<std::string>& ordered);
  std::optional<std::string> move_ship(Ship& s, std::vector<Action> actions);
  std::string entry_problem(const Ship& s, HexId from, HexId to) const;
  std::string passage_problem(const Ship& s, HexId from, HexId to) const;
  std::string exit_problem(const Ship& s, HexId next) const;
  void stop_short(Ship& s, const std::string& why, HexId came_from);
  std::optional<std::string> blocked_ahead(Ship& s, HexId next, HexId came_from, bool& stopped);
  // Shoals (15.53); false if lost. `moved` reports the move so far, said
  // before a wreck so that the wreck follows the ship's movement line.
  bool enter_hex(Ship& s, HexId to, const std::function<void()>& moved = {});
  std::optional<std::string> move_oar(Ship& s, const std::vector<Action>& a, std::size_t i,
                                      int spent_before);
  std::optional<std::string> move_sail(Ship& s, const std::vector<Action>& a, std::size_t i,
                                       int spent_before, std::optional<int> speed, bool fixed);
  bool hold_course(Ship& s, int left, int& entered, const std::function<void()>& moved = {});
  int oar_allowance(const Ship& s, bool battle) const;
  // 14.22: the capabilities a sail ship may set this impulse; 15.34 halves a
  // Damaged ship's sail value (`with_damage` false: as if it were not).
  std::pair<int, int> sail_range(const Ship& s, bool with_damage = true) const;
  void play_moves(const Orders& orders);
  void drift();
  void note_occupant(const Ship& s);
  void update_boom_control();
  bool try_free(Ship& s);
  std::optional<std::string> break_boom(Ship& s);

  // ------------------------------------------------------------ ramming.cpp
  std::optional<std::string> ram_problem(const Ship& s, const Ship& t) const;
  void ram(Ship& s, Ship& t);

  // ------------------------------------------------------------ melee.cpp
  std::vector<const Ship*> melee_targets(const Ship& a) const;
  bool may_melee(const Ship& a, const Ship& t) const;
  bool across_boom(const Ship& a, const Ship& t) const;
  bool has_melee(Side s) const;
  Expected<std::string> melee_line(Side side, const std::string& line, Allotment& allot);
  std::optional<std::string> allotment_problem(Side side, const Allotment& allot) const;
  void play_melee(const Orders& orders);

  // ------------------------------------------------------------ deployment.cpp
  std::string leader_named(const std::string& word) const;
  Expected<std::string> setup_line(const std::string& line, std::set<std::string>& used);
  void play_setup(const Orders& orders);

  // ------------------------------------------------------------ storm.cpp
  void storm();  // 14.29
  // 14.29 with 14.21 (rules 2): a sail ship at capability 0 in a coastal hex
  // is "at anchor" in a Storm (not the Double Columns' 14.19 anchorage).
  bool anchored_in_storm(const Ship& s) const;
  std::vector<std::string> storm_survivors() const;
  Expected<std::string> haven_line(const std::string& line, std::set<std::string>& used);
  void play_havens(const Orders& orders);

  // ------------------------------------------------------------ planning.cpp
  bool has_planning(Side s) const;
  bool portage_open() const;
  Expected<std::string> planning_line(Side side, const std::string& line,
                                      std::set<std::string>& used);
  void play_planning(const Orders& orders);
  void keep_leaders_afloat();                                 // 16.0
  void try_portage(const std::vector<std::string>& portage);  // 17.22
  void bombard_ship(Ship& t);                                 // 15.73

  // ------------------------------------------------------------ sequence.cpp
  static const SequenceOfPlay& sequence();
  static constexpr std::array<Side, 2> seats() { return {Side::Ottoman, Side::Byzantine}; }
  static std::string seat_name(Side s) { return side_name(s); }
  std::string label() const;
  Side mover() const { return seg_ == Segment::FirstMove ? first_ : enemy(first_); }
  void resolve(const Orders& orders, Dice& dice, std::vector<Event>& events);
  void begin_naval_phase();
  void begin_impulse();
  void end_impulse();
  void end_naval_phase();
  void end_turn();

  // ------------------------------------------------------------ victory.cpp
  void check_victory(bool last_turn);
  void end_game(std::optional<Side> winner, const std::string& why);
  std::vector<SideId> winners() const;

  // ------------------------------------------------------------ standing.cpp
  // How `me` stands, for a computer player's judgement (State::standing).
  double standing(Side me) const;
  double ship_worth(const Ship& s) const;
  // Hexes from `s` to the Golden Horn: across the Boom, or by the Great
  // Portage from one of `portage_starts` (17.23) once it is open.
  int distance_to_horn(const Ship& s, const std::vector<HexId>& portage_starts) const;
  double ottoman_progress() const;  // the Byzantine's standing is its negation

  // ------------------------------------------------------------ candidates.cpp
  std::vector<std::vector<std::string>> move_candidates(Side side) const;
  std::vector<std::vector<std::string>> melee_candidates(Side side) const;
  std::vector<std::vector<std::string>> planning_candidates(Side side) const;
  const Ship* nearest_enemy(const Ship& s) const;
  std::vector<std::string> ram_courses(const Ship& s) const;

  // ------------------------------------------------------------ choices.cpp, course.cpp
  // Orders choice by choice (core/choices.h): a ship or a leader is a
  // decision; a movement order is built action by action (course.cpp).
  using Path = std::vector<std::string>;
  std::string ship_label(const Ship& s) const;
  std::vector<Decision> setup_decisions() const;
  std::vector<Choice> setup_ways(const Decision& d, const Path& path) const;
  std::vector<Decision> move_decisions(Side side) const;
  std::vector<Choice> move_ways(Side side, const Decision& d, const Path& path) const;
  std::vector<Decision> melee_decisions(Side side) const;
  std::vector<Choice> melee_ways(const Decision& d, const Path& path) const;
  std::vector<Decision> haven_decisions() const;
  std::vector<Choice> haven_ways(const Decision& d, const Path& path) const;
  std::vector<Decision> planning_decisions(Side side) const;
  std::vector<Choice> planning_ways(Side side, const Decision& d, const Path& path) const;

  // ------------------------------------------------------------ serialise.cpp, view.cpp
  std::string serialize() const;
  std::optional<std::string> parse(std::string_view bytes);
  View view() const;
  // The orders of the step that led here, drawn on the board (arrows.cpp).
  std::vector<Arrow> order_arrows(const RevealedLines& lines) const;
  Token token(const Ship& s) const;  // its counter on the board
  std::string order_help() const;
};

}  // namespace naumachia::constantinople
