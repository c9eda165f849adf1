#pragma once
// Tyre (SPI 1978): the rules, as functions over a position (Board). Each
// group below is defined in the file named in its heading; every rule cites
// its case. The sequence of play is one table of segments (sequence.cpp).
//
// Validation and resolution run the same code (core/adjudication.h).
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/adjudication.h"
#include "core/dice.h"
#include "core/game.h"
#include "core/sequence.h"
#include "games/tyre/orders.h"
#include "games/tyre/position.h"

namespace naumachia::tyre {

// What one side's orders of a segment have claimed so far.
struct Claims {
  std::set<std::string> ordered;         // pieces given an order
  std::map<std::string, int> attackers;  // melee: target -> attackers
  std::set<HexId> placed;                // deploy/regroup: hexes given by orders
  std::set<std::string> placed_ships;    // ships placed by orders
  std::set<std::string> displaced;       // ships lifted off a hex another order took
  Allocation alloc;                      // planning: points and choices so far
  std::set<HexId> targets;               // land melee: hexes attacked so far
};

struct Cargo {
  std::vector<std::string> units, engines, leaders;  // leaders: land mode or naval passengers
};

struct Attack {
  Side side;
  std::vector<std::string> attackers;
  std::string target;
};

struct Shot {
  std::string firer;
  HexId target{};
  int rating = 0, modifier = 0;
  bool catapult = false;
};

struct Assault {
  std::vector<std::string> attackers;
  HexId target{};
  std::string advance;
};

struct Board;

// One segment of the sequence of play (4.0), a row of the table in sequence.cpp.
using SegmentRule = naumachia::SegmentRule<Board, Segment, Side, Claims>;
using SequenceOfPlay = Sequence<SegmentRule, 17>;

struct Board : Position, LandBoard, Adjudication {
  Board(std::shared_ptr<const Scenario> sc, bool siege, RulesVersion rules);

  std::shared_ptr<const Scenario> sc_;
  // The rules version the game was created under (docs/rules/tyre.md, "Rules
  // versions"); not part of the position, the server stores it with the game.
  RulesVersion rules_;
  bool from_rules(int version) const { return rules_.value >= version; }
  // A refusal citing `cites` ("9.12", or order_notation()) after its text. Games of
  // rules versions 1 and 2 keep the wording without it: an order no longer
  // possible when carried out is reported in the step's events with its
  // refusal, and a replay reproduces every stored event.
  std::string cited(std::string text, std::string_view cites) const;

  // ---------------------------------------------------------- board.cpp
  int abs_impulse() const;
  Ship* own_ship(Side side, const std::string& id);
  std::string ship_problem(Side side, const std::string& id) const;
  const ShipValues& values(const Ship& s) const;
  const Ship* ship_at(HexId h) const;
  std::string fleet_name(const std::string& id) const;
  Terrain terrain(HexId h) const override;
  bool breached(HexId h) const override;
  std::optional<Side> combat_unit(HexId h) const override;
  bool has_siege_unit(HexId h) const override;
  bool navigable(HexId h) const;
  const Engine* engine_at(HexId h) const;
  LandUnit* unit_in(HexId h);
  LandLeader* leader_in(HexId h);
  bool has_tower(HexId h) const;
  void init_siege();
  void place_piece(const std::string& id, HexId h);
  void set_aboard_naval(const std::string& id, const std::string& ship);
  std::string piece_id(std::string_view word) const;
  std::optional<Side> piece_side(const std::string& id) const;
  static Side side_of(EngineKind k);
  Side fleet_side(const std::string& fleet) const;
  Cargo cargo(const std::string& ship) const;
  bool transporting(const Ship& s) const;
  bool carries(const Ship& s, EngineKind k) const;
  int naval_leaders_aboard(const std::string& ship) const;
  bool on_mainland(HexId h) const;
  std::optional<HexId> piece_hex(const std::string& id) const;
  bool is_leader(const std::string& id) const;
  HexId temple_hex() const;
  template <class F>
  bool next_to(HexId h, F pred) const {
    for (int k = 0; k < 6; ++k) {
      if (pred(hex::neighbour(h, static_cast<Dir>(k)))) return true;
    }
    return false;
  }

  // ---------------------------------------------------------- sequence.cpp
  static const SequenceOfPlay& sequence();
  static constexpr std::array<Side, 2> seats() { return {Side::Tyrian, Side::Macedonian}; }
  static std::string seat_name(Side s) { return side_name(s); }
  std::vector<SideId> winners() const { return {SideId{static_cast<int>(winner_)}}; }
  Side mover() const;
  std::string label() const;
  // "Turn 3: <title>", or within an impulse "Turn 3, impulse 2: <title>".
  std::string turn_title(const char* title) const;
  std::string impulse_title(const std::string& title) const;
  // Checks one order line of the segment; see SegmentRule::check.
  Expected<std::string> check_line(Side side, const std::string& line, Claims& claims);
  // Plays the segment's orders and moves on to the next segment that needs
  // orders (or the end of the game), in Mode::Execute.
  void resolve(const Orders& orders, Dice& dice, std::vector<Event>& events);
  void play_lines(const Orders& orders, void (Board::*after_side)(Side, const Claims&) = nullptr);
  void next_naval_impulse();
  void end_of_turn();
  void begin_planning();
  void roll_reinforcements();
  void end_of_impulse();

  // ---------------------------------------------------------- naval_movement.cpp
  bool has_ship_to_move(Side side) const;
  Expected<std::string> ship_line(Side side, const std::string& line,
                                  std::set<std::string>& ordered);
  void check_booms();
  bool next_to_tyrian(HexId h) const;
  bool broken_boom_at(HexId h) const;
  int half(int printed) const;
  int allowance(const Ship& s, bool ramming) const;
  std::string entry_problem(Side side, HexId h) const;
  bool is_disrupted(const Ship& s) const;
  std::optional<std::string> move_ship(Ship& s, const std::vector<Action>& actions);
  std::optional<std::string> enter_and_move(Ship& s, const std::vector<Action>& actions);
  bool try_unpin(Ship& s);
  void free_pin(Ship& s);
  std::optional<std::string> move_back(Ship& s, const std::vector<Action>& actions, std::size_t i);
  std::optional<std::string> move_forward(Ship& s, const std::vector<Action>& actions,
                                          std::size_t i, int spent_before = 0);
  bool may_circumnavigate(const Ship& s, HexId h) const;
  std::optional<std::string> ram_position_problem(const Ship& s, const Ship& t) const;
  // Grounding (9.31); false if lost. `moved` reports the move so far, said
  // before a wreck so that the wreck follows the ship's movement line.
  bool enter_effects(Ship& s, const std::function<void()>& moved = {});
  void ram(Ship& s, Ship& t);
  void fireship_rams(Ship& f, Ship& t, RamEffect effect);
  void fireship_reaches_towers(Ship& f);

  // ---------------------------------------------------------- naval_leaders.cpp
  void leader_loss(const Ship& t);
  const Ship* nearest_friend(const Ship& t, bool without_leader) const;
  bool commands(const Leader& l, const Ship& s) const;
  int best_leader(const Ship& s, int Leader::*rating) const;
  std::optional<std::string> command_problem_for(const Ship& s) const;
  std::optional<std::string> command_problem(Side side) const;
  bool water_distance(HexId from, HexId to, int radius) const;

  // ---------------------------------------------------------- naval_melee.cpp
  bool has_melee(Side s) const;
  bool can_attack(const Ship& s) const;
  bool in_port_or_beach(HexId h) const;
  std::string melee_problem(const Ship& a, const Ship& t) const;
  Expected<std::string> melee_line(Side side, const std::string& line,
                                   std::set<std::string>& ordered, Claims& claims);
  void play_melee(const Orders& orders);

  // ---------------------------------------------------------- placement.cpp
  bool has_ship_afloat(Side side) const;
  bool home_hex(Side side, HexId h) const;
  Expected<std::string> place_line(Side side, const std::string& line,
                                   std::set<std::string>& ordered, Claims& claims);
  Expected<std::string> deploy_land_line(Side side, const std::vector<std::string_view>& w,
                                         std::set<std::string>& ordered);
  Expected<std::string> combine(Side side, std::string a, std::string b,
                                std::set<std::string>& ordered);
  void auto_place(Side side, const Claims& claims);
  void auto_place_tyrian(Side side, const Claims& claims);
  void clear_markers_after_regroup();
  std::optional<HexId> free_home_hex(Side side) const;

  // ---------------------------------------------------------- siege_planning.cpp
  Expected<std::string> allocation_line(Side side, const std::string& line, Allocation& a);
  Expected<std::string> check_allocation(Side side, const std::string& line, Allocation& a);
  void play_planning(const Orders& orders);
  void macedonian_construction(const std::vector<std::string>& lines);
  void return_repaired_ships();
  void tyrian_engineering(const std::string& line);
  void repair_wall(HexId h);
  Expected<std::string> strategic_line(Side side, const std::string& line,
                                       std::set<std::string>& ordered);
  Expected<std::string> load_line(Side side, const std::string& word, const std::string& ship_word,
                                  std::set<std::string>& ordered);
  std::optional<std::string> load_problem(const std::string& id, const Ship& s) const;
  Expected<std::string> unload_line(Side side, const std::vector<std::string_view>& w,
                                    std::set<std::string>& ordered);
  Expected<std::string> relocate_macedonian(const std::string& id, HexId h);
  Expected<std::string> tyrian_strategic(const std::string& id, HexId h);

  // ---------------------------------------------------------- bombardment.cpp
  bool has_bombarding_ship() const;
  bool has_counter_target() const;
  const Engine* engine_aboard(const Ship& s, EngineKind k) const;
  Expected<std::string> bombard_line(const std::string& line, std::set<std::string>& ordered);
  void play_bombardment(const OrderSet& orders);
  bool on_wall(const Engine& e) const;
  Expected<std::string> counter_line(const std::string& line, std::set<std::string>& ordered);
  void play_counter(const OrderSet& orders);

  // ---------------------------------------------------------- land_movement.cpp
  bool has_land_mover(Side side) const;
  std::set<HexId> command_area(const LandLeader& l, int radius) const;
  bool in_command(const std::string& unit, int times) const;
  int land_allowance(const std::string& id, bool strategic) const;
  std::optional<int> disembark_cost(const Ship& s, HexId to) const;
  std::string enter_problem(const LandBoard& land, const std::string& id, Side side, HexId h) const;
  Expected<std::vector<HexId>> land_path(const std::string& id, HexId goal, bool strategic) const;
  std::set<HexId> land_reach(const std::string& id, bool strategic) const;
  // The hex each reached hex is entered from on a cheapest path, and the
  // hexes reached from the start after wading in the ship's own hex (8.32).
  struct LandTree {
    std::map<HexId, HexId> came;
    std::set<HexId> waded_first;
  };
  LandTree land_tree(const std::string& id, bool strategic, std::optional<HexId> goal) const;
  std::optional<std::string> check_path(const std::string& id,
                                        const std::vector<HexId>& path) const;
  Expected<std::string> land_move_line(Side side, const std::string& line,
                                       std::set<std::string>& ordered);
  void execute_land_move(const std::string& id, const std::vector<HexId>& path);
  bool ground_to_disembark(Ship& s, HexId to);
  void entered(const std::string& id, Side side, HexId h);
  std::optional<std::string> stacking_problem(Side side) const;

  // ---------------------------------------------------------- losses.cpp
  void damage(Ship& t);
  void sink(Ship& t);
  void cargo_losses(const Ship& s, bool sunk);
  void eliminate_unit(const std::string& id, const std::string& why);
  void kill_leader(const std::string& id, const std::string& why);
  void leader_loss_procedure(const std::string& id);
  std::optional<HexId> nearest_free_unit_hex(Side side, HexId from);
  void return_wounded_leaders();

  // ---------------------------------------------------------- fire.cpp
  bool has_fire(Side side) const;
  std::optional<HexId> firer_hex(const std::string& id, Side side) const;
  std::vector<std::string> fire_targets(Side side, HexId h, bool catapult) const;
  Expected<Shot> plan_shot(Side side, const std::string& id, HexId target) const;
  Expected<std::string> fire_line(Side side, const std::string& line,
                                  std::set<std::string>& ordered);
  void play_fire(const Orders& orders);
  void retreat_units(const std::vector<std::string>& ids);
  bool retreat_aboard(LandUnit& u);

  // ---------------------------------------------------------- land_melee.cpp
  bool has_assault(Side side) const;
  Expected<Assault> parse_assault(Side side, const std::string& line) const;
  bool tower_with(const Assault& a) const;
  std::optional<std::string> assault_problem(Side side, const Assault& a) const;
  Expected<std::string> melee_attack_line(Side side, const std::string& line,
                                          std::set<std::string>& ordered, std::set<HexId>& targets);
  int combat_bonus(const LandUnit& u) const;
  int morale_rating(const std::vector<std::string>& units) const;
  void resolve_assault(Side side, const Assault& a);
  void advance_after(const Assault& a, Side side);
  static std::string halves(int v);

  // ---------------------------------------------------------- victory.cpp
  void end_of_assault_impulse();
  void rally();
  bool objective_held(Terrain t) const;
  void check_macedonian_victory();
  void check_assault_deadlines();
  // The naval scenario from rules version 4: the melee strength a side's
  // ships have lost, sunk or damaged (6.34), and who wins by it (18.0).
  int naval_losses(Side side) const;
  bool naval_victory_by_losses() const;
  void end_naval_scenario();
  void end_game(Side winner, const std::string& why);

  // ---------------------------------------------------------- standing.cpp
  // How `me` stands, for a computer player's judgement (State::standing).
  double standing(Side me) const;
  double ship_worth(const Ship& s) const;
  double naval_standing(Side me) const;
  double boom_progress() const;   // the Macedonian's, naval scenario of rules 4
  double siege_progress() const;  // the Macedonian's; the Tyrian's is its negation
  const std::vector<HexId>& breach_targets() const;

  // ---------------------------------------------------------- serialise.cpp
  std::string serialize() const;
  void write_siege(std::ostringstream& out) const;
  // Reads a serialised position into this board (made for the scenario).
  std::optional<std::string> parse(std::string_view bytes);
  std::optional<std::string> parse_where(const std::vector<std::string_view>& w, std::size_t i,
                                         Where& at, HexId& h, std::string& ship);
  std::optional<std::string> parse_siege_line(const std::vector<std::string_view>& w);
  std::optional<std::string> parse_line(const std::vector<std::string_view>& w);
  std::optional<std::string> parse_ship(const std::vector<std::string_view>& w);

  // ---------------------------------------------------------- view.cpp
  View view() const;
  // ---------------------------------------------------------- arrows.cpp
  // The orders of the step that led here, drawn on the board.
  std::vector<Arrow> order_arrows(const RevealedLines& lines) const;
  void add_land_tokens(Cell& c, HexId h) const;
  void add_cargo_marks(Token& t, const Ship& s) const;
  void add_siege_notes(std::vector<std::string>& n) const;
  Token token(const Ship& s) const;
  std::vector<std::string> notes() const;

  // ---------------------------------------------------------- naval_choices.cpp
  // Orders choice by choice (core/choices.h): each segment's decisions and
  // the ways on from a partial order of one (SegmentRule::decisions, ways).
  using ChoicePath = std::vector<std::string>;
  std::vector<Decision> ship_decisions(Side side) const;
  std::vector<Choice> ship_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> melee_decisions(Side side) const;
  std::vector<Choice> melee_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> placement_decisions(Side side) const;
  std::vector<Choice> placement_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> bombard_decisions(Side side) const;
  std::vector<Choice> bombard_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> counter_decisions(Side side) const;
  std::vector<Choice> counter_ways(Side side, const Decision& d, const ChoicePath& path) const;

  // ---------------------------------------------------------- siege_choices.cpp
  std::vector<Decision> deploy_decisions(Side side) const;
  std::vector<Choice> deploy_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> allocation_decisions(Side side) const;
  std::vector<Choice> allocation_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> strategic_decisions(Side side) const;
  std::vector<Choice> strategic_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> land_move_decisions(Side side) const;
  std::vector<Choice> land_move_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> fire_decisions(Side side) const;
  std::vector<Choice> fire_ways(Side side, const Decision& d, const ChoicePath& path) const;
  std::vector<Decision> land_melee_decisions(Side side) const;
  std::vector<Choice> land_melee_ways(Side side, const Decision& d, const ChoicePath& path) const;

  // ---------------------------------------------------------- candidates.cpp
  // For random play: per piece of the side, the orders of the segment it
  // could plausibly give (validation sorts out which are legal together).
  // The candidate orders of each kind of segment (candidates.cpp).
  std::vector<std::vector<std::string>> allocation_candidates(Side side) const;
  std::vector<std::vector<std::string>> ship_move_candidates(Side side) const;
  std::vector<std::vector<std::string>> naval_melee_candidates(Side side) const;
  std::vector<std::vector<std::string>> bombard_candidates(Side side) const;
  std::vector<std::vector<std::string>> counter_candidates(Side side) const;
  enum class LandOrder { Move, Fire, Melee };
  std::vector<std::vector<std::string>> land_candidates(Side side, LandOrder kind) const;
  std::vector<std::vector<std::string>> loading_candidates(Side side) const;
  std::string order_help() const;
};

}  // namespace naumachia::tyre
