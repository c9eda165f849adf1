#pragma once
// Classis (George Arnold, v3.0): ancient galley fleet battles activated by
// chits drawn from a cup. This header holds the data (the Ship Factors Chart,
// the authored scenarios and nationality pools) and the position; the rules
// over it are declared in rules.h. Every reading of the text the project had
// to make is in docs/rules/classis.md.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/cup.h"
#include "core/hex.h"
#include "core/result.h"

namespace naumachia::classis {

using hex::Dir;
using hex::HexId;

enum class Side { First = 0, Second = 1 };
inline Side enemy(Side s) {
  return s == Side::First ? Side::Second : Side::First;
}
inline int index(Side s) {
  return static_cast<int>(s);
}

// 1.4: Green, Average, Expert; one level apart each.
enum class Crew { Green = 0, Average = 1, Expert = 2 };
const char* crew_name(Crew c);

// ------------------------------------------------------------------- ships

// What a type may carry (1.3, Artillery and Towers).
enum class Armour {
  None,        // no engines, no towers
  Cataphract,  // may be given engines (bow, stern) and towers
  Polyreme,    // Six and above: always two towers and two engines
};

// One line of the Ship Factors Chart (1.3), from data/ships.txt.
struct ShipType {
  std::string id;  // "trireme"
  std::string name;
  int ram = 0;
  int board = 0;
  int speed = 0;
  int turn = 0;  // hexsides per speed point
  Armour armour = Armour::None;
  int engine_points = 0;  // per engine (1.3: sizes 3-5 one, 6-10 two, larger three)
};

// 1.3 Towers: four boarding points each, never more tower points than the
// original boarding factor.
constexpr int kTowerPoints = 4;
int max_towers(const ShipType& t);

// ------------------------------------------------------------------- board

enum class Terrain { Sea, Land, Reef };

// ---------------------------------------------------------------- scenarios

struct CommanderSpec {
  std::string id;
  std::string name;
  int side = 0;
  int rating = 0;  // 2, 3 or 4; 0 = rolled on the Commander Quality Chart (1.5)
};

struct SquadronSpec {
  std::string id;
  int side = 0;
  std::string commander;
  std::string flagship;
  bool reserve = false;  // deployed behind the line by default
};

struct ShipSpec {
  std::string id;
  int side = 0;
  std::string squadron;
  std::string type;
  std::optional<Crew> crew;  // nullopt: rolled on the Crew Quality Chart (1.4)
  bool iron = false;         // iron hands, or Agrippa's harpax (3.3.3)
  int towers = 0;
  int engines = 0;
};

// A nationality's pool for one-off battles (1.2): ship types with weights.
struct PoolEntry {
  std::string type;
  int weight = 1;
  bool iron = false;
  int towers = 0;
  int engines = 0;
};
struct Nation {
  std::string id;
  std::string name;
  std::string prefix;  // ship ids: prefix + number
  std::vector<PoolEntry> pool;
};

struct Scenario {
  std::string id;
  std::string title;
  std::string description;
  int cols = 14;
  int rows = 12;
  std::array<std::string, 2> sides;
  std::map<HexId, Terrain> terrain;           // sea where not listed
  std::array<std::pair<int, int>, 2> zone{};  // 1.10: each side's deployment rows, inclusive
  std::optional<Dir> wind;                    // nullopt: rolled (1.9)
  std::vector<CommanderSpec> commanders;      // per side, the admiral first (1.5)
  std::vector<SquadronSpec> squadrons;
  std::vector<ShipSpec> ships;
  // One-off battles (1.2): both fleets drawn from the nationality pools.
  bool random = false;
  int min_ships = 0, max_ships = 0;
};

struct Data {
  std::map<std::string, ShipType> types;
  std::vector<Scenario> scenarios;  // in menu order
  std::vector<Nation> nations;
  const Scenario* scenario(std::string_view id) const;
};

// The compiled-in data files, or the given texts of data/ships.txt,
// nations.txt and scenarios.txt (the data fuzzer feeds its own).
Expected<Data> load_data();
Expected<Data> load_data(std::string_view ships, std::string_view nations,
                         std::string_view scenarios);
Expected<std::map<std::string, ShipType>> parse_ship_types(std::string_view text);

// ---------------------------------------------------------------- position

enum class Segment {
  Muster,      // nobody orders: the server rolls commanders, crews, wind, random fleets
  Setup,       // 1.5, 1.6, 1.10: both sides assign and deploy, in secret
  Activation,  // 2.2-2.4: the activated squadron's side orders its actions
};

struct Ship {
  std::string id;
  std::string type;
  Side owner = Side::First;   // the side it began the battle on
  Side holder = Side::First;  // who controls it now (3.1.7: a prize is the captor's)
  std::string squadron;       // now (a prize joins its captor's squadron)
  std::string home;           // the squadron it began in
  Crew crew = Crew::Average;  // before any cripple (3.1.6)
  bool iron = false;
  int towers = 0;
  int engines = 0;
  HexId hex{};
  Dir facing = Dir::N;
  bool sunk = false;
  bool crippled = false;   // 3.1.6
  bool permanent = false;  // 3.3.6: "permanently crippled"
  bool prize = false;      // 3.1.7: was captured once (boarding 0, speed and turning 1, Green)
  std::string contact;     // 3.1.4: the ship whose hex this ship's bow is in
  bool ram = false;        // the contact is a ram (3.2.3), made on ram_turn
  int ram_turn = 0;
  std::set<std::string> grappled;  // 3.3.3: the ships it is grappled with
  std::set<std::string> done;      // 3.2.11: actions taken in this activation
};

struct Commander {
  std::string id;
  std::string name;
  Side side = Side::First;
  int rating = 3;
  bool admiral = false;  // 1.5: the first rolled
  std::string squadron;  // the squadron he commands
  bool lost = false;     // his flagship sunk or captured (1.5)
};

struct Squadron {
  std::string id;
  Side side = Side::First;
  std::string commander;
  std::string flagship;
};

struct Position {
  std::int64_t step_ = 1;
  Segment seg_ = Segment::Muster;
  int turn_ = 0;
  Cup cup_;
  std::string active_;  // the chit drawn: a squadron
  int points_ = 0;      // initiative points left (3.1.2)
  int rolled_ = 0;      // the 1d6 of this activation (2.2)
  std::optional<Dir> wind_;
  std::array<int, 2> first_loss_{0, 0};  // turn of each side's first loss, 0 = none (2.1)
  std::array<int, 2> start_ships_{0, 0};
  std::array<int, 2> start_ram_{0, 0};
  std::array<std::string, 2> nation_;  // one-off battles: the nations drawn
  std::map<std::string, Ship> ships_;
  std::map<std::string, Commander> commanders_;
  std::map<std::string, Squadron> squadrons_;
  bool over_ = false;
  std::string result_;
  std::optional<Side> winner_;
};

}  // namespace naumachia::classis
