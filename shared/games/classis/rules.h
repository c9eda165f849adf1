#pragma once
// Classis: the rules, as functions over a position (Board). Each group is
// defined in the file named in its heading; every rule cites its case
// (Classis 3.3.1, ...), and the readings of unclear cases are in
// docs/rules/classis.md. The sequence of play is one table of segments
// (sequence.cpp).
//
// Validation and resolution run the same code (core/adjudication.h): in
// Mode::Check every attempt is assumed to succeed and no die is rolled; in
// Mode::Execute each action is resolved in turn with its rolls shown.
#include <array>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/adjudication.h"
#include "core/dice.h"
#include "core/galley.h"
#include "core/game.h"
#include "core/sequence.h"
#include "games/classis/position.h"

namespace naumachia::classis {

inline constexpr const char* kEndOfTurn = "END-OF-TURN";  // 2.1
std::string morale_chit(Side s);                          // "MORALE-0", 2.1 / 3.2.10
// Ship ids in reading order: "O2" before "O10".
bool natural_less(const std::string& a, const std::string& b);

// One token of a move (3.2.1): ahead one hex, or one hexside to port/starboard.
enum class Step { Ahead, Port, Starboard };

// One order line of an activation (3.2).
struct Action {
  enum Kind {
    Move,       // 3.2.1
    Backwater,  // 3.2.2
    Ram,        // 3.2.3
    FollowUp,   // 3.2.4
    Rake,       // 3.2.5
    Grapple,    // 3.2.6
    Degrapple,  // 3.2.7
    Board,      // 3.2.8
    Repair,     // 3.2.9
    End,        // the activation is declined from here (3.1.2)
  };
  Kind kind = Move;
  std::string actor;   // a ship, or a squadron for a command move
  std::string target;  // ram, follow-up, rake, grapple, degrapple, board
  // Command moves: each ship and its path; single moves: one entry.
  std::vector<std::pair<std::string, std::vector<Step>>> moves;
  bool command = false;  // by the whole command (3.2.1, 3.2.2)
};
Expected<Action> parse_action(std::string_view line);
// The citation of a refusal of how an order is written (docs/rules/
// classis.md, "Actions"): "(notation: docs/rules/classis.md)".
std::string order_notation();
std::string format_action(const Action& a);
const char* action_word(Action::Kind k);
std::string format_path(const std::vector<Step>& path);  // "F F R F"

// Where an attacker lies, seen from its target (3.1.5, reconstructed).
enum class Angle { Bow, BowBeam, QuarterBeam, Stern };
const char* angle_name(Angle a);
Angle angle_of(const Ship& target, HexId attacker);
// Classis 3.3.1: what the angle of a ram adds to its die.
int angle_bonus(Angle a);

// What one side's order lines of a step have claimed so far: an activation's
// list ends at 'end' (3.1.2), and after a refused line the later ones are
// only read (what they would do depends on the refused one).
struct Claims {
  bool ended = false;
  bool refused = false;
};

// Where a move's path takes a ship on the board as it stands (3.2.1, 3.1.4;
// docs/rules/classis.md "Movement"): the cost is reckoned first, then the
// path is walked step by step and stops at the first step the rules refuse.
struct Course {
  std::optional<std::string> problem;  // why the path may not be followed
  bool began = false;                  // within the ship's speed: the walk began
  HexId hex{};                         // where the walk ends, or stopped
  std::vector<HexId> passed;           // the hexes entered, to `hex`
  Dir facing = Dir::N;
  const Ship* engages = nullptr;  // the enemy whose hex its bow enters (3.1.4)
  bool reef = false;              // it ends on a reef
  int cost = 0;                   // speed points the path costs
};

struct Board;

// One segment of the sequence of play (2.1-2.5), a row of the table in sequence.cpp.
using SegmentRule = naumachia::SegmentRule<Board, Segment, Side, Claims>;
using SequenceOfPlay = Sequence<SegmentRule, 3>;

struct Board : Position, Adjudication {
  Board(std::shared_ptr<const Data> data, const Scenario* sc, RulesVersion rules);

  std::shared_ptr<const Data> data_;
  const Scenario* sc_;
  RulesVersion rules_;

  // ------------------------------------------------------------ ships.cpp
  const ShipType& type(const Ship& s) const { return data_->types.at(s.type); }
  bool afloat(const Ship& s) const { return !s.sunk; }
  Crew crew(const Ship& s) const;  // 3.1.6, 3.1.7
  int speed(const Ship& s) const;
  int turning(const Ship& s) const;
  int ram_factor(const Ship& s) const;     // 3.3.1: less half if crippled
  int boarding(const Ship& s) const;       // 3.1.6, 3.1.7, 1.3 towers
  int engine_points(const Ship& s) const;  // 1.3 Artillery
  Terrain terrain(HexId h) const;
  bool on_board(HexId h) const;
  const Ship* ship_at(HexId h) const;
  Ship* find_ship(const std::string& id);
  const Ship* find_ship(const std::string& id) const;
  // The ships afloat (those `holder` controls): what a misspelt name may mean.
  std::vector<std::string> ship_names(std::optional<Side> holder = std::nullopt) const;
  bool engaged(const Ship& s) const;     // 1.5: in contact, rammed or grappled
  bool in_command(const Ship& s) const;  // 1.5
  const Commander* commander_of(const std::string& squadron) const;
  std::string describe(const Ship& s) const;
  void cripple(Ship& s, const std::string& why);  // 3.1.6
  void sink(Ship& s, const std::string& why);
  void capture(Ship& s, const Ship& by);  // 3.1.7
  void lose_flagship(const Ship& s);      // 1.5
  // Whether squadron `id` still has a ship of its side afloat to act (2.1).
  bool has_ships(const std::string& id) const;
  // Rules version 2: a lost commander's chits stay in the cup (1.5, 1.7, 2.5).
  bool chits_outlive_commander() const { return rules_.value >= 2; }
  // A refusal citing `cites` ("3.2.2", or order_notation()) after its text. Games of
  // rules version 1 keep the wording without it: an order that fails when
  // carried out is reported in the step's events with its refusal, and a
  // replay reproduces every stored event.
  std::string cited(std::string text, std::string_view cites) const;

  void clear_links(Ship& s);
  void prune_contacts();
  int losses(Side side) const;      // ships sunk or held by the enemy
  int ram_losses(Side side) const;  // their original ramming factors
  void note_losses();

  // ------------------------------------------------------------ muster.cpp
  void muster();  // 1.2-1.5, 1.9
  void draw_fleet(Side side, const Nation& nation);

  // ------------------------------------------------------------ setup.cpp
  void default_deployment(Side side);
  Expected<std::string> setup_line(Side side, const std::string& line);
  std::optional<std::string> setup_problem(Side side) const;
  void play_setup(const Orders& orders);

  // ------------------------------------------------------------ movement.cpp
  std::optional<std::string> move_problem(const Ship& s) const;
  Course course(const Ship& s, const std::vector<Step>& path) const;
  std::optional<std::string> follow_path(Ship& s, const std::vector<Step>& path);
  std::optional<std::string> backwater_problem(const Ship& s) const;
  std::optional<std::string> backwater(Ship& s);
  bool enter_reef(Ship& s);

  // ------------------------------------------------------------ combat.cpp
  std::optional<std::string> attack_problem(const Action& a, const Ship& s, const Ship& t) const;
  int crew_bonus(const Ship& s, const Ship& other) const;
  void resolve_ram(Ship& s, Ship& t, bool follow_up);
  bool resolve_rake(Ship& s, Ship& t);
  bool resolve_grapple(Ship& s, Ship& t);
  bool resolve_degrapple(Ship& s, Ship& t);
  bool resolve_board(Ship& s, Ship& t);
  bool resolve_repair(Ship& s);

  // ------------------------------------------------------------ actions.cpp
  std::vector<const Ship*> may_act() const;
  bool can_act(const Ship& s) const;
  // Checks (Mode::Check) or carries out (Mode::Execute) one line; in
  // Execute, false when the attempt failed (stop at the first that fails).
  Expected<bool> act(Side side, const Action& a);
  // Checks one line of an activation; see SegmentRule::check.
  Expected<std::string> action_line(Side side, const std::string& line, Claims& claims);
  void play_actions(Side side, const OrderSet& orders);

  // ------------------------------------------------------------ choices.cpp
  // Orders choice by choice (core/choices.h), from the open board.
  std::vector<Decision> setup_decisions(Side side) const;
  std::vector<Choice> setup_ways(Side side, const Decision& d,
                                 const std::vector<std::string>& path) const;
  std::vector<Decision> activation_decisions(Side side) const;
  std::vector<Choice> activation_ways(Side side, const Decision& d,
                                      const std::vector<std::string>& path) const;

  // ------------------------------------------------------------ sequence.cpp
  static const SequenceOfPlay& sequence();
  static constexpr std::array<Side, 2> seats() { return {Side::First, Side::Second}; }
  const std::string& side_name(Side s) const { return sc_->sides[static_cast<std::size_t>(s)]; }
  std::string seat_name(Side s) const { return side_name(s); }
  std::string label() const;
  std::string idle_refusal(Side s) const;  // "this seat has no orders in ..."
  Side active_side() const;
  void resolve(const Orders& orders, Dice& dice, std::vector<Event>& events);
  void begin_turn();
  void draw_chits();
  void end_activation();

  // ------------------------------------------------------------ victory.cpp
  void morale_check(Side side);  // 3.2.10
  void check_victory();          // 4.0
  void end_game(std::optional<Side> winner, const std::string& why);
  std::vector<SideId> winners() const;

  // ------------------------------------------------------------ standing.cpp
  // How `side` stands by the rules' measure (4.0, 3.1.6, 3.3.1, 3.3.5), for
  // a computer player's judgement (State::standing): higher is better.
  double standing(Side side) const;

  // ------------------------------------------------------------ candidates.cpp
  std::vector<std::vector<std::string>> setup_candidates(Side side) const;
  std::vector<std::vector<std::string>> activation_candidates(Side side) const;

  // ------------------------------------------------------------ serialise.cpp, view.cpp
  std::string serialize() const;
  std::optional<std::string> parse(std::string_view bytes);
  std::optional<std::string> reference_problem() const;
  View view() const;
  // The orders of the step that led here, drawn on the board (arrows.cpp).
  std::vector<Arrow> order_arrows(const RevealedLines& lines) const;
  Token token(const Ship& s) const;  // its counter on the board
  std::string order_help() const;
};

}  // namespace naumachia::classis
