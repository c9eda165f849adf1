#pragma once
// Tyre (SPI 1978): the pieces and the position. The naval war uses ships,
// fleets and naval leaders; the siege adds land units, land leaders and
// siege engines, the walls, the mole and the boulders. Everything here is
// serialised (serialise.cpp); the rules over it are declared in rules.h.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/hex.h"
#include "core/result.h"
#include "games/tyre/land.h"
#include "games/tyre/map.h"
#include "games/tyre/tables.h"

namespace naumachia::tyre {

using hex::Dir;
using hex::HexId;

// The steps of a Game-Turn (4.0). The naval scenario uses Deploy, the
// movement and melee segments and Regroup; the siege uses them all.
enum class Segment {
  MacDeploy,       // 17.1: the Macedonian army
  Deploy,          // 17.1: the Tyrian army and fleet
  Allocation,      // 4.0 §1A: secret plans of both players
  MacStrategic,    // 4.0 §1D, 9.16
  TyrStrategic,    // 4.0 §1D, 9.16, 9.17
  FirstMove,       // 4.0 §2A / §3A
  SecondMove,      // §2B / §3B
  Melee,           // §2C / §3C
  MacBombard,      // §2D, 7.1
  TyrBombard,      // §2E, 7.2
  Regroup,         // §2F, 5.3
  AssaultBombard,  // §3D, 13.4: Tyrian catapults against transports
  MacLand,         // §3E
  TyrLand,         // §3F
  Fire,            // §3G, 11.0
  MacMelee,        // §3H, 12.0
  TyrMelee,        // §3I
};

constexpr int kImpulses = 6;          // 4.0 §2: six impulses
constexpr int kAssaultImpulses = 16;  // 4.0 §3
constexpr int kLastTurn = 12;         // 4.0, 18.2
constexpr int kEngineerPoints = 6;    // 14.3
constexpr int kBreach = 6;            // 7.15: breach damage of a breached wall

struct Fleet {
  std::string id;
  Side side = Side::Macedonian;
  std::string name;
  std::map<int, int> arrival;  // Game-Turn -> highest roll that brings the fleet (17.3)
};

struct Ship {
  std::string id;
  std::string fleet;
  ShipType type = ShipType::Trireme;
  Side side = Side::Tyrian;
  bool damaged = false;
  bool on_map = false;
  bool sunk = false;
  bool fireship = false;   // 14.4
  bool repairing = false;  // out of the water for repair (14.32)
  bool beached = false;    // has rolled for grounding to disembark (8.31)
  HexId hex{};
  Dir facing = Dir::N;
  int exhausted_in = 0;     // absolute impulse in which it moves at half speed (5.21)
  int disrupted_in = 0;     // absolute impulse in which it is disrupted (6.32)
  std::string pinned_with;  // 6.33
  bool rammer = false;      // it initiated the ram that pinned it (6.16)
  std::string boom_watch;   // harbour whose boom it has watched for an impulse (9.32)
};

struct Leader {
  std::string id;
  std::string fleet;
  int ram = 0, melee = 0, radius = 0;
  bool commands_all = false;  // addenda 17.3
  std::string ship;           // the ship carrying him; empty = not on the map
  int idle_until = 0;         // absolute impulse until which he may not use his ratings (16.41)
  bool drowned = false;
};

// ---------------------------------------------------------------- the siege's pieces

enum class Where { Off, Hex, Ship, Dead };

struct LandUnit {
  UnitType t;
  Where at = Where::Off;
  HexId hex{};
  std::string ship;
  bool disrupted = false;  // 11.23
  std::string waded_from;  // the ship a unit wading ashore came from (8.32)
};

struct LandLeader {
  LandLeaderType t;
  Where at = Where::Off;
  HexId hex{};
  std::string ship;
  int back_in = 0;  // wounded: returns in this Game-Turn (Leader Loss Procedure)
};

struct Engine {
  std::string id;
  EngineKind kind = EngineKind::Tower;
  Where at = Where::Off;  // Off = in the siege park (Macedonian catapults and rams)
  HexId hex{};
  std::string ship;
  int used_in = 0;    // absolute impulse it last fired or battered
  int turn_uses = 0;  // battering attempts this Game-Turn (7.14)
  HexId target{};     // this Game-Turn's wall hex of a catapult (7.12)
  int target_turn = 0;
};

const char* where_name(Where w);

struct Scenario {
  Map map;
  NavalTables tables;
  std::vector<Fleet> fleets;
  std::vector<Ship> ships;
  std::vector<Leader> leaders;
  std::map<std::string, std::pair<HexId, Dir>> deploy;
  Army army;
  SiegeTables siege;
};

// The scenario data compiled in (data/scenario.txt and the tables it names).
Expected<Scenario> load_scenario();
// The same, with another text for data/scenario.txt (fleets, ships, leaders,
// arrivals, deployment); unknown sides, fleets and ship types are errors.
Expected<Scenario> load_scenario(std::string_view scenario_text);

// What one player's planning orders have claimed so far (4.0 1A, 14.3).
// The Macedonian's plan of a Game-Turn (4.0 1A); None before it is made.
enum class Plan { None, Bombard, Assault };
const char* plan_name(Plan p);  // "bombard", "assault"; "-" for None
std::optional<Plan> parse_plan(std::string_view word);

struct Allocation {
  int points = 0, boulder_points = 0;
  bool plan = false, build = false;
  std::set<std::string> repaired;  // ships taken out for repair (14.32)
  std::set<HexId> mined;           // beaches given boulders (14.31)
};

// A position of the game: where every piece is and what the turn has done so
// far. Field names end in '_' as the rules functions (Board) read them as
// their own.
struct Position {
  std::int64_t step_ = 1;
  int turn_ = 1;
  int impulse_ = 1;
  Segment seg_ = Segment::Deploy;
  int rolled_turn_ = 0;
  bool over_ = false;
  std::string result_;
  std::set<std::string> arrived_;
  std::map<std::string, bool> booms_;  // harbour -> intact
  std::map<std::string, Ship> ships_;
  std::map<std::string, Leader> leaders_;
  // The siege (scenario "siege"):
  bool siege_ = false;
  Plan plan_ = Plan::None;                                 // this Game-Turn's plan (4.0 1A)
  bool mole_grew_ = false, relocated_melee_ = false;       // 14.12
  bool entered_city_ = false, objective_entered_ = false;  // 12.31, 12.34
  int macedonian_losses_ = 0;                              // 12.32
  int morale_[2] = {0, 0};                                 // army morale levels (12.3)
  Side winner_ = Side::Tyrian;
  bool fireship_used_ = false;  // 14.41
  std::map<std::string, LandUnit> units_;
  std::map<std::string, LandLeader> lleaders_;
  std::map<std::string, Engine> engines_;
  std::map<HexId, int> walls_;  // breach damage of damaged wall hexes (7.15)
  std::set<HexId> mole_;        // mole hexes built (14.1)
  std::set<HexId> boulders_;    // beach hexes mined (14.31)
};

}  // namespace naumachia::tyre
