#pragma once
// Empires in Harm 3.0 naval combat: the rules, as pure functions of data
// (each in the file named in its heading) and the Board, a battle's position
// with the sequence of play over it. Every rule cites its case (EiH 1.1.2.6,
// footnote [3]); grep the number to find it, here and in the tests. The
// readings of unclear cases are in docs/rules/eih-naval-play.md.
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
#include "games/eih_naval/position.h"

namespace naumachia::eih_naval {

inline constexpr int kRounds = 3;        // 1.1.2.7.2
inline constexpr int kRetreatReach = 5;  // 1.1.2.9.1: five movement points

// ------------------------------------------------------------ engagement.cpp (1.1.1, 1.1.2.1)

// A nation's power: a minor's controlling Major Power, else the nation itself
// (a Major Power, or a minor country no power controls).
std::string power_of(const Battle& b, const std::string& nation);
bool combined(const Battle& b, const std::string& p, const std::string& q);
bool at_war(const Wars& wars, const std::string& p, const std::string& q);
// Whether any of `powers` is at war with `p`.
bool at_war(const Wars& wars, const std::set<std::string>& powers, const std::string& p);

// 1.1.1.2: whether the attacking powers may attack a stack of `powers`, and
// whether that needs no declaration of war.
enum class Attack { Refused, AtWar, WithoutDeclaration };
struct Enemy {
  Attack attack = Attack::Refused;
  std::string why;
  std::vector<std::string> not_at_war;  // the stack's powers a declaration would be against
};
Enemy may_attack(const Battle& b, const Wars& wars, const std::set<std::string>& attackers,
                 const StackSpec& stack, const std::set<std::string>& powers);

// 1.1.2.1: the evading commander's d6.
bool evades(const Tables& t, int roll);

// ------------------------------------------------------------ forces.cpp
// (1.1.2.2, 1.1.2.4.2, 1.1.7, [5])

// 1.1.2.4.2: a ship's morale by nationality (Danish in home waters 3.5).
Hundredths ship_morale(const Tables& t, const Battle& b, const std::string& nation);
// A stack's final morale: the sum over its ships (in hundredths) and their number.
struct MoraleLevel {
  long long sum = 0;
  long long ships = 0;
};
// The level shown, rounded to two decimals (3.5909 -> 3.59).
Hundredths level_of(const MoraleLevel& m);
// 1.1.2.7: broken when the cumulative loss reaches or exceeds the level.
bool broken(const MoraleLevel& m, Hundredths loss);

// 1.1.2.2: the powers tied for the most ships (one: it commands).
std::vector<std::string> most_ships(const std::vector<std::pair<std::string, int>>& ships);

// 1.1.7, footnote [7] (docs/rules/eih-naval.md, reading 3): a side's losses
// are shared in proportion to the composition at the start of the battle,
// cumulatively: each share's target is its starting part of all the losses
// so far, rounded .5 up; it takes the difference from what it lost before,
// within what it has left. When the shares do not add up, `odd` losses go to
// as many of the `candidates` (one each, the likeliest first): by agreement
// or competitive d6 between nations, by the largest fraction between types.
struct Share {
  std::string key;
  int start = 0;  // at the start of the battle
  int lost = 0;   // lost before this time
  int room = 0;   // undamaged now: the most it can lose
};
struct Split {
  std::vector<std::pair<std::string, int>> settled;  // in the order of the shares
  std::vector<std::string> candidates;
  int odd = 0;
  bool spare = false;  // the rounded shares were too many: the candidates were rounded up
  int of(const std::string& key) const;
};
Split cumulative_split(const std::vector<Share>& shares, int losses);
// The same from a fresh start (nothing lost yet, every ship left).
Split proportional_split(const std::vector<std::pair<std::string, int>>& counts, int losses);
// A nation's losses by ship type, from its own starting composition; an odd
// loss goes to the type with the largest fraction left over, a tie to the
// lighter type.
Ships type_losses(const Ships& start, const Ships& lost, const Ships& room, int losses);

// Footnote [5]: ships of a free state or non-player power raid a port only
// escorted by at least as many player-power ships of each type.
std::optional<std::string> escort_problem(const Ships& escorts, const Ships& escorted);

// ------------------------------------------------------------ modifiers.cpp (1.1.2.6, [3])

// A side's ships taking part in a round: undamaged, with their nations.
struct Force {
  Ships ships;
  std::set<std::string> majors, minors;
};
struct Modifier {
  std::string why;
  int value = 0;
};
struct Modifiers {
  std::vector<Modifier> parts;
  int raw = 0;               // before the limits
  int total = 0;             // clamped (1.1.2.6: never beyond -2/+2)
  std::string text() const;  // "odds 45 to 10 +3, heavy superiority +1, limited to +2"
};
Modifiers round_modifiers(const Tables& t, const Force& own, const Force& enemy);

// ------------------------------------------------------------ rounds.cpp (1.1.2.5-1.1.2.7, 1.1.5)

// 1.1.2.6: ships damaged by fire of `percent` from `strength` ships, .5 up.
int damage_of(int percent, int strength);
// 1.1.5, footnote [2]: the first casualty roll's bands with Nelson's modifier.
struct CasualtyBands {
  int serious_max = 0;
  int light_min = 0;
};
CasualtyBands casualty_bands(const Tables& t, int nelson_modifier);

// ------------------------------------------------------------ political.cpp (1.1.2.7.3, 1.1.6)

struct PowerInBattle {
  std::string power;
  int side = 0;
  int fleets = 0;  // fleets that fought (its own and its minors')
  bool surrendered = false;
  bool nelson = false;  // Nelson's power, and Nelson commanded its side
};
struct PoliticalCase {
  std::vector<PowerInBattle> powers;
  int victor = -1;                           // -1: no victor
  bool victory_counts = true;                // false when the victor lost more ships (1.1.2.7.3)
  std::array<bool, 2> received_surrender{};  // a power of the other side surrendered to it
};
std::map<std::string, int> political_points(const Tables& t, const PoliticalCase& c);

// ------------------------------------------------------------ standing.cpp (1.1.2.7, 1.1.2.7.3)

// How a side came out of a finished battle, by the rules' own measures: the
// political points its powers gained or lost (1.1.2.7.3, 1.1.1.2), the ships
// it lost (1.1.2.7.3) and the ships it fought with. Ships lost are counted
// in halves: a ship lost for good (sunk, taken, surrendered: 1.1.2.10.1,
// 1.1.2.10, 1.1.6) two, a damaged ship that reached port one (a damaged
// vessel, repaired in time: 1.1.2.10.1).
struct Account {
  int political = 0;
  int lost = 0;  // in half ships
  int ships = 0;
};
// Whether `side` came out ahead (docs/computer.md, "Empires in Harm naval
// combat"): the victor if there is one (1.1.2.7; `victor` -1 for none);
// with none, the side with more political points (1.1.1.2: a declaration
// of war costs its maker); political points level, the side that lost fewer
// ships both in number (the rules' own comparison of losses, 1.1.2.7.3,
// 1.1.4.1.2) and as a share of its ships (so that a larger fleet does not
// come out ahead merely by being larger), a ship lost for good weighing
// twice a damaged one that reached port. A tie in either is not ahead.
bool came_out_ahead(int victor, const std::array<Account, 2>& sides, int side);

// ------------------------------------------------------------ chase.cpp (1.1.2.8)

const std::string& chase_table(const Tables& t, Hundredths victor_loss);

// ------------------------------------------------------------ damaged.cpp (1.1.2.10.1)

// A damaged ship's d6 against the distance: 1 always sinks, 6 always arrives.
bool reaches_port(int distance, int roll);
bool may_use(const PortSpec& p, const Battle& b, const std::string& power, int side);
const PortSpec* port_for(const Battle& b, int side, const std::string& power);

// ------------------------------------------------------------ port_raid.cpp (1.1.4.1)

enum class Guns { Unused, Used, Optional };
Guns harbour_guns(const Battle& b, const Wars& wars, const std::set<std::string>& attackers,
                  const std::set<std::string>& defenders);

// ------------------------------------------------------------ orders.cpp

// What a seat decides in a phase: the keyword its order lines begin with.
enum class Duty {
  Fleet,      // a custom battle's fleets
  Defender,   // 1.1.1.1
  War,        // 1.1.1.2
  Evade,      // 1.1.2.1
  Chit,       // 1.1.2.2
  Nelson,     // 1.1.2.5.1
  Guns,       // 1.1.4.1
  Surrender,  // 1.1.6
  Odd,        // 1.1.7
  Chase,      // 1.1.2.8
  Retreat,    // 1.1.2.9, 1.1.2.9.1
  Pursue,     // 1.1.2.9.1
  Enter,      // 1.1.2.9.2 EXCEPTION
  Withdraw,   // 1.1.4.1.3
  Damaged,    // 1.1.2.10.1
};
using Duties = std::vector<Duty>;
const char* duty_word(Duty d);
// The duty an order line's first word names; none for an unknown word.
std::optional<Duty> parse_duty(std::string_view word);

// What one seat's order lines of a phase have claimed so far, so that each
// line is checked after those before it.
struct Claims {
  std::set<Duty> given;             // the keywords a seat gives once
  std::set<std::string> decided;    // Phase::Follow: 'surrender POWER yes|no', by power
  std::string chit;                 // 1.1.2.2
  bool nelson = false;              // 1.1.2.5.1
  std::map<std::size_t, int> odd;   // 1.1.7: odd losses named, by pending allocation
  std::set<std::string> odd_named;  // the nations named
  std::vector<FleetSpec> fleets;    // Phase::Forces
};

using Groups = std::vector<std::vector<std::string>>;

struct Board;

// What a custom battle's seat is offered (orders.cpp): the likeliest nations
// to bring (the first two Major Powers no seat has taken, then minors, three
// in all), fleets of typical compositions, Nelson's, and a fleet's proposed
// name ("Britain squadron 1-2": the seat's 1-based number, then the fleet's).
std::vector<const Nation*> likeliest_nations(const Board& b);
const std::vector<std::string>& typical_fleets();
// "heavy 8 light 3 galleys 0" as ships (sampling.cpp).
Ships composition_of(std::string_view words);
inline constexpr const char* kNelsonFleet = "heavy 12 light 3 galleys 0";
std::string squadron_name(const Nation& n, int seat, int k);

// A row of the sequence of play (sequence.cpp): a segment of core/sequence.h
// with the order keywords each seat may use in it and the order help.
struct PhaseRule : naumachia::SegmentRule<Board, Phase, int, Claims> {
  Duties (*duties)(const Board& b, int seat);
  std::string (*help)(const Board& b);
};
using SequenceOfPlay = Sequence<PhaseRule, 14>;

// ------------------------------------------------------------ help.cpp: the order help of a phase

// The citation of a refusal of how an order is written (docs/rules/
// eih-naval-play.md, "The steps"): "(notation: docs/rules/eih-naval-play.md)".
std::string order_notation();
std::string no_orders_help(const Board& b);

std::string forces_help(const Board& b);
std::string defender_help(const Board& b);
std::string war_help(const Board& b);
std::string evasion_help(const Board& b);
std::string chits_help(const Board& b);
std::string guns_help(const Board& b);
std::string surrender_help(const Board& b);
std::string follow_help(const Board& b);
std::string odd_help(const Board& b);
std::string chase_help(const Board& b);
std::string retreat_help(const Board& b);
std::string damaged_help(const Board& b);

// ------------------------------------------------------------ the Board

struct Board : Position, Adjudication {
  Board(std::shared_ptr<const Data> data, const Battle* battle, RulesVersion rules, int players);

  std::shared_ptr<const Data> data_;
  const Battle* battle_;
  RulesVersion rules_;
  int players_;

  const Battle& battle() const { return *battle_; }
  const Tables& tables() const { return data_->tables; }

  // Dice and events: roll, rolls_so_far, said_with_rolls, say_to (core/adjudication.h).

  // ---------------------------------------------------------- who is who (forces.cpp)
  std::string power(const std::string& nation) const;
  std::string nation_name(const std::string& nation) const;
  bool major(const std::string& nation) const;
  int side_of(const Fleet& f) const;
  const std::string& side_name(int side) const;
  int attacking_stack() const;
  int engaged_stack(int side) const;  // the side's stack in the combat; 0 = none
  bool engaged(const Fleet& f) const;
  std::vector<Fleet*> engaged_fleets(int side);
  std::vector<const Fleet*> engaged_fleets(int side) const;
  std::set<std::string> stack_powers(int stack) const;
  Fleet* fleet(const std::string& id);
  bool nation_taken(const std::string& nation) const;  // a seat brought its fleets
  std::optional<int> seat_of(const std::string& power) const;
  bool holds(const std::string& power, int seat) const;  // the seat decides for the power
  bool commands(int side, int seat) const;  // the seat decides for the side's commander
  Audience side_audience(int side) const;
  int side_of_seat(int seat) const;
  bool revealed(const Fleet& f) const;            // its ships are known to both sides
  std::string fleet_label(const Fleet& f) const;  // B1 "Weather Division" (Britain)
  std::string fleet_token(const Fleet& f) const;  // "Weather Division" heavy 12 light 2 galleys 0
  // The undamaged ships of each power of `fleets`, the powers in the
  // fleets' order.
  std::vector<std::pair<std::string, int>> ships_by_power(
      const std::vector<const Fleet*>& fleets) const;
  Force force(int side) const;
  bool nelson_commands(int side) const;        // 1.1.2.2, 1.1.2.7.3
  bool purely_british(int side) const;         // 1.1.2.5.1
  bool melee_allowed(int side) const;          // 1.1.2.2 NOTE
  void decide_command(int side);               // 1.1.2.2
  void set_morale();                           // 1.1.2.4.2
  MoraleLevel present_morale(int side) const;  // over the ships engaged now
  MoraleLevel morale_level(int side) const;
  bool defeated(int side) const;       // 1.1.2.7
  int pending_losses(int side) const;  // losses shared out but not yet taken (Phase::Odd)
  int undamaged(int side) const;       // after those
  // 1.1.7: shares `count` losses of `side` among its nations; odd losses
  // wait in pending_ for Phase::Odd.
  void allocate(int side, int count, bool capture, const std::string& cause);
  void apply_allocation(const Allocation& a, const std::map<std::string, int>& by_nation);
  void settle_odd(const Orders& orders);
  // Custom battles: one fleet line of a seat, after its lines before it
  // (the fleet goes into the claims), and the fleets a seat's lines order.
  Expected<std::string> fleet_line(int seat, const std::string& line, Claims& claims) const;
  std::optional<std::string> forces_complete(const Claims& claims) const;
  Expected<std::vector<FleetSpec>> ordered_fleets(int seat,
                                                  const std::vector<std::string>& lines) const;
  void muster(const Orders& orders);  // Phase::Forces: the ordering seat's fleets
  void take_forces(int seat, const std::vector<FleetSpec>& fleets);

  // ---------------------------------------------------------- engagement.cpp
  void open();                          // 1.1.1: the stacks meet
  std::vector<int> attackable() const;  // 1.1.1, 1.1.1.2: eligible stacks
  Enemy enemy(int stack) const;
  void attack_chosen(const Orders& orders);  // 1.1.1.1: Phase::Defender
  void choose_defender(int stack);
  void declare_war();
  void attempt_evasion();

  // ---------------------------------------------------------- chits.cpp
  void choose_chits(const Orders& orders);  // 1.1.2.2, 1.1.2.3
  void reveal();                            // 1.1.2.4

  // ---------------------------------------------------------- rounds.cpp
  std::string table_for(int side) const;
  void fight_round();
  void closing_rolls();
  void judge_round();
  void leader_casualties();

  // ---------------------------------------------------------- political.cpp
  PoliticalCase political_case() const;  // the battle as it stands (1.1.2.7.3, 1.1.6)
  void score();

  // ---------------------------------------------------------- port_raid.cpp
  Guns guns() const;
  void fire_guns(bool out);
  void end_raid();

  // ---------------------------------------------------------- surrender.cpp
  void offer_surrenders(const Orders& orders);   // Phase::Surrender
  void follow_surrenders(const Orders& orders);  // Phase::Follow
  void surrender(const std::string& power);
  void after_surrenders(const std::array<bool, 2>& commander_surrendered);
  void transported_corps();

  // ---------------------------------------------------------- chase.cpp
  bool chase_possible() const;
  void chase();

  // ---------------------------------------------------------- retreat.cpp
  struct RetreatCase {
    int retreating = -1;             // the side that must retreat; -1 none
    int stack = 0;                   // its stack
    int pursuing = -1;               // the side that may pursue; -1 none
    bool to_port = false;            // 1.1.2.9.2: back into the port it came from
    std::array<bool, 2> may_stay{};  // no victor: each side may stay or retreat
    int may_enter = -1;              // 1.1.2.9.2 EXCEPTION: the victor may enter the port
    bool withdraw = false;           // 1.1.4.1.3: the raider chooses box or sea area
  };
  RetreatCase retreat_case() const;
  std::string retreat_commander(const RetreatCase& rc) const;
  std::vector<const PortSpec*> retreat_ports(int side, bool nearest_only) const;
  Duties retreat_duties(int seat) const;
  void retreat(const Orders& orders);

  // ---------------------------------------------------------- damaged.cpp
  std::map<std::string, Ships> held_damaged() const;  // by holding power
  Duties damaged_duties(int seat) const;
  void return_damaged(const Orders& orders);
  void consolidate();

  // ---------------------------------------------------------- sequence.cpp
  static const SequenceOfPlay& sequence();
  std::vector<int> seats() const;
  std::string seat_name(int seat) const;
  bool over() const { return seg_ == Phase::Over; }
  std::vector<SideId> winners() const;
  std::string label() const;
  std::string order_help() const;
  void resolve(const Orders& orders, Dice& dice, std::vector<Event>& events);
  void go_defender();
  void go_war();
  void go_evasion();
  void join();
  void proceed(Next next);
  void fight_or_end();
  void after_round();
  void end_of_combat();
  void after_retreat();
  void go_damaged();
  void finish();
  std::string result_text() const;

  // ---------------------------------------------------------- orders.cpp
  // The order keywords `seat` may use in this phase (none: it does not order).
  Duties duties(int seat) const;
  // One keyword line of a seat, after its lines before it: its canonical
  // form, or why it is refused (every error cites its rule).
  Expected<std::string> keyword_line(int seat, const std::string& line, Claims& claims) const;
  // The seat's lines at a deadline (docs/rules/eih-naval-play.md): the
  // default line of each keyword of the seat's that has one.
  std::optional<std::string> default_line(int seat, Duty duty) const;
  std::vector<std::string> default_lines(int seat) const;
  // The lines `seat` might order, one group per decision (random play).
  Groups candidates(int seat) const;
  // The value of a seat's one-word order ("chit line-of-battle" -> "line-of-battle").
  std::string order_value(const Orders& orders, int seat, Duty duty,
                          const std::string& fallback) const;
  // The same for the seat of the side's commander.
  std::string answer(const Orders& orders, int side, Duty duty, const std::string& fallback) const;

  // ---------------------------------------------------------- choices.cpp
  // Orders choice by choice (core/choices.h): a decision for each keyword
  // of the seat's (a fleet slot, an odd loss, a type of damaged ship where
  // lines repeat), and the module's ways on from a partial line.
  std::vector<Decision> decisions(int seat) const;
  std::vector<Choice> ways(int seat, const Decision& d, const std::vector<std::string>& path) const;

  // ---------------------------------------------------------- serialise.cpp, view.cpp
  std::string serialize() const;
  std::optional<std::string> parse(std::string_view bytes);
  std::optional<std::string> consistent() const;
  View view(std::optional<PlayerId> seat) const;
  std::vector<Secret> secrets() const;

  // ---------------------------------------------------------- standing.cpp, sampling.cpp
  // For a computer player (State::standing, State::sampled_for): how the
  // seat's side stands by the rules' measure (1.1.2.7, 1.1.2.7.3, 1.1.2.10),
  // the battle still to fight reckoned from its tables (1.1.2.5, 1.1.2.6);
  // and the ships of the fleets hidden from the seat (1.1.2.4.1) drawn anew.
  double standing(int seat) const;
  double battle_prospect(int side) const;
  double forces_prospect(int side) const;
  Account account(int side) const;  // at the end (came_out_ahead)
  void draw_hidden(int seat, Dice& rng);
};

}  // namespace naumachia::eih_naval
