#pragma once
// Empires in Harm 3.0 naval combat (1.1 to 1.1.7): the data (the Naval Combat
// Chart and Combat Resolution Chart of data/tables.txt, the nations and the
// battles of data/scenarios.txt) and the position of one battle. The rules
// over it are declared in rules.h; every reading of the text the project had
// to make is in docs/rules/eih-naval.md.
#include <array>
#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace naumachia::eih_naval {

// ------------------------------------------------------------------ numbers

// A decimal with two places: a morale of 3.5 is 350, a morale loss of 0.7 is
// 70, a ratio of 1.5 is 150. Exact, so that "reaches or exceeds" (1.1.2.7)
// never depends on floating point.
struct Hundredths {
  int value = 0;
  auto operator<=>(const Hundredths&) const = default;
  Hundredths& operator+=(Hundredths o) {
    value += o.value;
    return *this;
  }
};
// "3.5", "0.25", "4", "99": at most two decimals, not negative.
Expected<Hundredths> parse_decimal(std::string_view word);
// 350 -> "3.5", 400 -> "4.0", 25 -> "0.25".
std::string format(Hundredths h);
// A modifier or points with their sign: "+2", "-1", "0".
std::string signed_number(int v);

// ------------------------------------------------------------------ ships

// The three kinds of ship a fleet holds (1.1.7: "heavy ships, light ships
// and galleys").
enum class ShipType { Heavy = 0, Light = 1, Galley = 2 };
inline constexpr std::array<ShipType, 3> kShipTypes{ShipType::Heavy, ShipType::Light,
                                                    ShipType::Galley};
const char* type_word(ShipType t);  // "heavy", "light", "galleys"
std::optional<ShipType> parse_type(std::string_view word);

struct Ships {
  std::array<int, 3> n{};
  int& operator[](ShipType t) { return n[static_cast<std::size_t>(t)]; }
  int operator[](ShipType t) const { return n[static_cast<std::size_t>(t)]; }
  int total() const { return n[0] + n[1] + n[2]; }
  bool empty() const { return total() == 0; }
  Ships& operator+=(const Ships& o) {
    for (std::size_t i = 0; i < 3; ++i) n[i] += o.n[i];
    return *this;
  }
  Ships& operator-=(const Ships& o) {
    for (std::size_t i = 0; i < 3; ++i) n[i] -= o.n[i];
    return *this;
  }
  friend Ships operator+(Ships a, const Ships& b) { return a += b; }
  friend Ships operator-(Ships a, const Ships& b) { return a -= b; }
  bool operator==(const Ships&) const = default;
};
// "heavy 12 light 4 galleys 0": the one form a fleet's ships are written in,
// in views, events and orders alike (the secrecy check looks for it).
std::string composition(const Ships& s);
// "12 heavy, 4 light" (only the kinds present), for prose.
std::string ships_text(const Ships& s);

// ------------------------------------------------------------------ tables

inline constexpr int kLowestRoll = -1;  // a d6 of 1 with the -2 limit (1.1.2.6)
inline constexpr int kHighestRoll = 8;  // a d6 of 6 with the +2 limit
inline constexpr int kRolls = kHighestRoll - kLowestRoll + 1;

// One line of a Combat Resolution Chart table (1.1.2.5): the enemy ships
// damaged, as a whole-number percentage of the firing side's strength, and
// the enemy's morale loss.
struct CrtResult {
  int percent = 0;
  Hundredths morale;
};

// One cell of the Naval Combat Chart (1.1.2.3, 1.1.2.5.1).
struct ChartCell {
  std::string attacker, defender;  // the tables each side fires on
  int close = 0;                   // a melee side closes on a d6 of this or less; 0: no melee
  std::string closed_attacker, closed_defender;  // from the round after closing
};

struct RatioStep {
  Hundredths ratio;  // at least this many to one
  int modifier = 0;
};

struct ChaseBand {  // 1.1.2.8: the victor's total morale loss, inclusive
  Hundredths from, to;
  std::string table;
};

struct DieRange {
  int lo = 0, hi = 0;
  bool contains(int r) const { return r >= lo && r <= hi; }
};

// data/tables.txt (the reconstructed charts; format in the file's header).
struct Tables {
  std::string reconstruction;
  int version = 0;
  std::vector<std::string> chits;  // in the file's order
  std::map<std::pair<std::string, std::string>, ChartCell> chart;
  std::map<std::string, std::array<CrtResult, kRolls>> crt;
  std::vector<RatioStep> odds;               // ascending
  std::vector<RatioStep> heavy_superiority;  // ascending
  int light_only = 0, multiple_majors = 0, multiple_minors = 0;
  int clamp_min = 0, clamp_max = 0;
  std::vector<ChaseBand> chase;  // ascending, the last to 99
  int chase_line_of_battle = 0;
  std::string blockading, blockaded;
  std::string guns_in, guns_out;
  std::array<std::string, 3> raid_attacker, raid_defender;
  Hundredths morale_default;
  std::map<std::string, Hundredths> morale, morale_home;
  int evasion = 0;           // a d6 of this or less evades (1.1.2.1)
  int serious_max = 0;       // first casualty roll (2d6): serious wound at or below
  int light_min = 0;         // light wound at or above
  DieRange killed, wounded;  // second roll, for a serious wound
  int second_sides = 6;      // the second roll's die: d6 (1-6) or 2d6 (2-12)
  int second_dice = 1;
  int pp_per_fleet = 0, pp_cap = 0, pp_nelson = 0;

  bool has_chit(std::string_view c) const;
  const CrtResult& result(const std::string& table, int roll) const;  // roll clamped to -1..8
  const ChartCell& cell(const std::string& attacker, const std::string& defender) const;
};

// The tables in `text`, or an error naming the line (or, for a missing
// entry, what is missing).
Expected<Tables> parse_tables(std::string_view text);

// ------------------------------------------------------------------ wars

// Two powers at war (1.1.1.2), kept in order so that a war is one value
// whichever power is named first. A position writes it 'war POWER POWER' and
// refuses an unknown nation or the pair out of order.
struct War {
  std::string first, second;  // first < second
  static War between(const std::string& p, const std::string& q) {
    return p < q ? War{p, q} : War{q, p};
  }
  auto operator<=>(const War&) const = default;
};
using Wars = std::set<War>;

// A declaration of war the attacker made (1.1.1.2): the declarer loses the
// political points of 4.4.1.
struct Declaration {
  std::string declarer, enemy;
};

// ------------------------------------------------------------------ battles

struct Nation {
  std::string id;  // "britain"
  std::string name;
  bool major = false;  // a Major Power, else a minor country
};

enum class Where { Sea, Blockade, Port };
const char* where_word(Where w);

// A port a side's ships may reach (1.1.2.9.1, 1.1.2.10.1), with its distance
// in movement points from the battle.
struct PortSpec {
  std::string id;  // one lower-case word, as orders name it
  std::string name;
  int distance = 0;
  int side = 0;                     // whose retreats may end there
  std::vector<std::string> powers;  // whose damaged ships may go there (empty: the side's)
  bool blockaded = false;           // no retreat into it (1.1.2.9.1: "unblockaded")
};

struct FleetSpec {
  std::string id;  // short, unique in the battle: "B1"
  std::string name;
  std::string nation;
  int stack = 0;
  Ships ships;
  std::string leader;  // "" = none
  bool nelson = false;
};

struct StackSpec {
  int id = 0;
  int side = 0;
  std::string name;
  // 1.1.1.2: the powers whose corps its fleets transport (or could), and the
  // powers whose forces it supplies.
  std::vector<std::string> carries, supplying;
};

struct CorpsSpec {
  std::string nation;
  int factors = 0;
  std::string fleet;  // the fleet transporting it
};

struct SeatSpec {
  std::string name;
  int side = 0;
  std::vector<std::string> powers;  // the powers whose decisions the seat makes
};

struct Battle {
  std::string id, title, about;
  std::array<std::string, 2> sides;
  int attacker = 0;  // the side that attacks (1.1.1.1)
  bool interception = false;
  Where where = Where::Sea;
  std::string place;
  // Blockade box (1.1.3): the blockading side; chits when a force solely
  // from an adjacent sea area attacks the blockaders; the side whose stack
  // came out of the port (it must retreat there, 1.1.2.9.2); sides for
  // which the port is friendly (the victor may enter it).
  int blockading = -1;
  bool blockade_chits = false;
  int from_port = -1;
  std::vector<int> friendly;
  // Port (1.1.4): harbour defence number, the power controlling the port,
  // whether a garrison or corps of it is there, whether it denied access.
  int harbour_defence = 0;
  std::string port_controller;
  bool garrison = false;
  bool access_denied = false;
  Wars wars;
  std::vector<std::vector<std::string>> combined;  // groups with combined movement
  std::map<std::string, std::string> control;      // minor -> its controlling power
  std::set<std::string> free_states, non_player, home_waters;
  bool melee_unlocked = false;
  int transport = 0;  // army factors a fleet may transport
  std::vector<StackSpec> stacks;
  std::vector<FleetSpec> fleets;
  std::vector<CorpsSpec> corps;
  std::vector<PortSpec> ports;
  std::array<std::string, 2> retreat_sea;      // 1.1.2.9.1 with no port within five MP
  std::map<int, std::vector<SeatSpec>> seats;  // by number of players
  // A custom battle: each seat orders its forces in the first steps.
  bool custom = false;
  int max_fleets = 0, max_ships = 0;

  int min_players() const { return seats.begin()->first; }
  int max_players() const { return seats.rbegin()->first; }
  const StackSpec* stack(int stack_id) const;
};

struct Data {
  Tables tables;
  std::vector<Nation> nations;
  std::vector<Battle> battles;  // in menu order
  int war_cost = 0;             // political points per declaration of war (4.4.1)
  const Nation* nation(std::string_view id) const;
  const Battle* battle(std::string_view id) const;
};

// The compiled-in data files, or the given texts (the data fuzzer feeds its own).
Expected<Data> load_data();
Expected<Data> load_data(std::string_view tables, std::string_view scenarios);

// A name as written in a line: quoted when it holds a blank.
std::string quoted(const std::string& name);

// ------------------------------------------------------------------ position

enum class Phase {
  Opening,    // nobody orders: the stacks meet, the attacker's command (1.1.1, 1.1.2.2)
  Forces,     // a custom battle: one seat orders its fleets
  Defender,   // 1.1.1.1: the attacker chooses the defending stack
  War,        // 1.1.1.2: attack without a declaration of war, or declare it
  Evasion,    // 1.1.2, 1.1.2.1
  Chits,      // 1.1.2.2: both commanding powers, in secret
  Guns,       // 1.1.4.1: the port's controller may use the harbour defences
  Surrender,  // 1.1.6: both commanding powers, before a round; then the round
  Follow,     // 1.1.6: the other powers of a side whose commander surrendered
  Odd,        // 1.1.7: odd losses between nations, by agreement or competitive d6
  Chase,      // 1.1.2.8
  Retreat,    // 1.1.2.9, 1.1.2.9.2, 1.1.4.1.3; and an evading stack's retreat (1.1.2.1)
  Damaged,    // 1.1.2.10, 1.1.2.10.1: destinations of damaged ships
  Over,
};

// How a battle ended (1.1.2.7, 1.1.4.1.2, 1.1.6).
enum class Outcome {
  Fighting,
  Victory,       // `victor` won
  Draw,          // both sides defeated at once (1.1.2.7), or a port raid without a victor
  Inconclusive,  // three rounds, nobody defeated (1.1.2.7.2), or surrenders that cancel
  NoBattle,      // evaded (1.1.2.1), or nobody left to attack
};

// Where the flow goes once odd losses are settled.
enum class Next { Surrender, AfterRound, EndOfCombat, Retreat };

struct Fleet {
  std::string id, name, nation;
  int stack = 0;
  std::string leader;
  bool nelson = false;
  std::string leader_fate;  // "" or "killed", "seriously wounded", ... (1.1.5, 1.1.2.11)
  Ships start;              // at the start
  Ships ships;              // undamaged, with the fleet
  Ships damaged;            // damaged, kept by its own side (1.1.2.10)
  Ships taken;              // damaged and held by the enemy: captured (1.1.2.8, 1.1.2.10)
  Ships sunk;               // permanently eliminated (1.1.2.10.1, 1.1.4.1.3)
  Ships saved;              // damaged vessels that reached a friendly port
  Ships prizes;             // taken ships the captor brought into port
  Ships yielded;            // surrendered (1.1.6)
  std::string taken_by;     // the power holding `taken` and `yielded`
  bool fought = false;      // in the combat when the forces were revealed (1.1.2.7.3)
  bool evaded = false;
  bool surrendered = false;
  std::string at;  // where it went after the battle; "" = where it fought
};

struct Corps {
  std::string nation;
  int factors = 0;
  std::string fleet;
  int surrendered = 0;  // army factors that surrendered (1.1.6)
};

// Losses of one side still to be shared among its nations (1.1.7): those
// settled, and `odd` more among `candidates`, one each at most.
struct Allocation {
  int side = 0;
  bool capture = false;  // chase hits: the enemy takes them (1.1.2.8)
  std::string cause;     // "round 2", "the harbour guns", ...
  std::map<std::string, int> settled;
  std::vector<std::string> candidates;  // the likeliest first
  int odd = 0;
  bool spare = false;  // the candidates were rounded up: the competitive d6 spares the highest
};

struct Position {
  std::int64_t step_ = 1;
  Phase seg_ = Phase::Opening;  // the phase of the sequence of play (sequence.cpp)
  int round_ = 0;               // rounds fought
  int forces_seat_ = 0;         // Phase::Forces: whose forces
  std::vector<SeatSpec> seats_;
  std::map<std::string, std::string> control_;  // minor -> power (custom forces add to it)
  std::vector<Fleet> fleets_;                   // in the scenario's order
  std::vector<Corps> corps_;
  Wars wars_;
  std::vector<Declaration> declared_;
  int defending_ = 0;                     // the defending stack; 0 = none yet
  bool after_evasion_ = false;            // a choice after an evasion: 'defender none' allowed
  int evading_ = 0;                       // the stack retreating after its evasion
  std::array<std::string, 2> commander_;  // commanding power of each side (1.1.2.2)
  bool revealed_ = false;                 // Step Three done (1.1.2.4)
  std::array<std::string, 2> chit_;       // "" = none (1.1.3, 1.1.4)
  int nelson_ = 0;                        // Nelson's closing modifier (1.1.2.5.1)
  bool closed_ = false;
  std::array<long long, 2> morale_sum_{}, morale_ships_{};  // 1.1.2.4.2
  std::array<Hundredths, 2> loss_;                          // cumulative morale loss
  std::array<int, 2> lost_{};  // ships lost in the combat: damaged or surrendered
  std::array<int, 2> hit_{};   // enemy ships each side damaged (1.1.4.1.2)
  bool guns_ = false;          // the harbour defences are used (1.1.4.1)
  bool no_reply_ = false;      // the raid's defenders broke (1.1.4.1.1)
  std::set<std::string> surrendered_;
  std::vector<std::string> follow_;  // Phase::Follow: the powers that decide
  std::vector<Allocation> pending_;
  Next resume_ = Next::Surrender;
  Outcome outcome_ = Outcome::Fighting;
  int victor_ = -1;
  bool victory_counts_ = true;  // 1.1.2.7.3: not when the victor lost more ships
  std::map<std::string, int> pp_;
  bool melee_by_nelson_ = false;
  std::string result_;
};

}  // namespace naumachia::eih_naval
