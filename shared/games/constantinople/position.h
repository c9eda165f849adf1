#pragma once
// Constantinople 1453, the naval game (Berg): the map, the counters, the
// tables and the position. Everything in Position is serialised
// (serialise.cpp); the rules over it are declared in rules.h.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/result.h"

namespace naumachia::constantinople {

using hex::Dir;
using hex::HexId;

enum class Side { Ottoman = 0, Byzantine = 1 };
const char* side_name(Side s);
inline Side enemy(Side s) {
  return s == Side::Ottoman ? Side::Byzantine : Side::Ottoman;
}

// ------------------------------------------------------------------ the map

// What a hex is (data/map.txt). Coastal hexes are partial-sea: ships enter
// them (14.11); land hexes never.
enum class Water { Land, Sea, Coast, Harbour, Anchorage };
enum class Region { None, Marmara, Bosphorus, Horn, Harbour };
enum class Shore { None, City, Galata, Pera, Asia, Outside };

struct HexInfo {
  char code = ' ';
  Water water = Water::Land;
  Region region = Region::None;
  Shore shore = Shore::None;
  int shoal = 0;  // 15.53: the number printed in the hex, 0 = none
};

enum class BoomKind { Passage, Closed, Permanent };

class Map {
 public:
  static Expected<Map> parse(std::string_view text);

  bool on_map(HexId h) const;
  const HexInfo& at(HexId h) const;  // off the map: land
  bool enterable(HexId h) const { return on_map(h) && at(h).water != Water::Land; }
  bool in_horn(HexId h) const { return on_map(h) && at(h).region == Region::Horn; }
  // 14.29: at sea = the Marmara and the Bosphorus, not a harbour or the anchorage.
  bool at_sea(HexId h) const;
  std::optional<BoomKind> boom(HexId a, HexId b) const;
  // Whether the hex is on either side of a Boom hexside (not the permanent booms).
  bool beside_boom(HexId h) const;
  const std::vector<std::pair<HexId, HexId>>& boom_sides() const { return boom_list_; }
  const std::array<HexId, 3>& boom_control() const { return control_; }
  HexId anchorage() const { return anchorage_; }
  const std::vector<HexId>& havens() const { return havens_; }  // 14.29, Byzantine
  bool haven(HexId h) const;
  HexId portage_centre() const { return portage_centre_; }
  int portage_radius() const { return portage_radius_; }
  const std::vector<HexId>& south_edge() const { return south_edge_; }  // 19.1
  // The grid direction geographic north lies toward (14.25).
  Dir north() const { return north_; }
  // Geographic compass point -> grid hexside, and back.
  Dir grid(Dir compass) const { return hex::turn(compass, static_cast<int>(north_)); }
  Dir compass(Dir grid_dir) const { return hex::turn(grid_dir, -static_cast<int>(north_)); }
  int first_col() const { return c0_; }
  int last_col() const { return c1_; }
  int first_row() const { return r0_; }
  int last_row() const { return r1_; }
  const std::map<HexId, std::string>& gates() const { return gates_; }
  static const char* terrain_name(const HexInfo& h);

 private:
  int c0_ = 1, c1_ = 0, r0_ = 1, r1_ = 0;
  std::vector<HexInfo> cells_;
  std::map<std::pair<HexId, HexId>, BoomKind> booms_;
  std::vector<std::pair<HexId, HexId>> boom_list_;
  std::array<HexId, 3> control_{};
  HexId anchorage_{};
  std::vector<HexId> havens_;
  HexId portage_centre_{};
  int portage_radius_ = 5;
  std::vector<HexId> south_edge_;
  Dir north_ = Dir::N;
  std::map<HexId, std::string> gates_;
};

// ---------------------------------------------------------------- counters

enum class Kind { Galley, Trireme, Bireme, Fustae };

// One face of a counter (3.22 as the project reads it).
struct Values {
  int melee = 0, ram = 0;
  int defence = 1;  // Ram Defense A-D as 1-4
  int cruise = 0, battle = 0, sail = 0;
};

struct ShipClass {
  std::string id;
  Side side = Side::Ottoman;
  Kind kind = Kind::Galley;
  std::string name;
  Values front, back;
};

// --------------------------------------------------------------------- tables

enum class MeleeResult { None, Ineffective, Damaged, LoseOne };

struct RamEntry {
  int pin_max = 0;         // rolls 1..pin_max pin; 0 = cannot be pinned ('-')
  bool sink_roll = false;  // '*'
};

struct Tables {
  std::array<Dir, 13> wind_direction{};               // by 2d6 (compass)
  std::array<int, 13> wind_velocity{};                // by 2d6; kStorm, 0 = calm
  std::array<std::array<MeleeResult, 8>, 6> melee{};  // [die-1][differential+3]
  std::array<std::array<RamEntry, 4>, 4> ram{};       // [defence-1][strength-1]
  int game_length = 25;
  std::map<int, int> assault_capability;  // Game-Turn -> 7.21 number
  std::map<int, int> pera_guns;           // Game-Turn -> 15.72 points
  int assault_on(int turn) const;
  int guns_on(int turn) const;
  MeleeResult melee_result(int differential, int die) const;
};
constexpr int kStorm = -1;
constexpr int kCalm = 0;

struct Scenario {
  Map map;
  Tables tables;
  std::map<std::string, ShipClass> classes;
  std::vector<std::pair<std::string, std::string>> ships;  // id, class, in order
  std::vector<std::string> leaders;
  std::map<std::string, int> arrives;  // Byzantine ship -> first Game-Turn (19.1)
  std::map<std::string, std::pair<HexId, Dir>> default_setup;
  std::map<std::string, std::string> default_leaders;
};

// The compiled-in data files, or the given texts of data/map.txt, tables.txt
// and forces.txt (the data fuzzer feeds its own).
Expected<Scenario> load_scenario();
Expected<Scenario> load_scenario(std::string_view map_text, std::string_view tables_text,
                                 std::string_view forces_text);
Expected<Tables> parse_tables(std::string_view text);

// ---------------------------------------------------------------- position

// The steps of a Game-Turn: the Naval Phase first (4.0 addition), then what
// the land game's Planning and Bombardment Phases do to ships.
enum class Segment {
  Setup,       // 19.1: the Byzantine galleys in the Golden Horn
  FirstMove,   // 4.0 C
  SecondMove,  // 4.0 D
  Combat,      // 4.0 E, 15.2
  Agreement,   // 4.0 E: fewer impulses by mutual agreement
  StormHaven,  // 14.29: the Byzantine player places his ships
  Planning,    // 16.0 sailors, 17.2 the Great Portage, 15.72 bombardment of ships
};

enum class Propulsion { Oar, Sail };

struct Ship {
  std::string id;
  std::string cls;
  Side side = Side::Ottoman;
  bool on_map = false, sunk = false;
  HexId hex{};
  Dir facing = Dir::N;
  Propulsion prop = Propulsion::Oar;
  bool reduced = false;  // Ottoman: the reduced step (15.35); Byzantine: crew ashore (16.0)
  bool damaged = false;  // 15.34, permanent
  int capability = 0;    // sail: the Movement Capability carried (14.21)
  int battle_in = 0;     // absolute impulse it last used Battle Speed (14.17)
  int ineffective_in =
      0;  // absolute impulse of the Movement and Combat Segments it is Ineffective (15.33)
  int moved_in = 0;            // absolute impulse in which it last entered a hex
  int hexes_last = 0;          // hexes entered in its last Movement Segment (14.18)
  bool to_sail = false;        // changed from oar to sail: sails from its next segment (14.18)
  std::string engaged;         // 15.15: the ship it is engaged with
  bool rammer = false;         // it made the ram that engaged them (15.16)
  std::string leader;          // 15.26: Diedo or Trevisano aboard
  bool seeking_haven = false;  // 14.29: survived a Storm at sea, to be placed in a haven
};

struct Position {
  std::int64_t step_ = 1;
  int turn_ = 1;
  int impulse_ = 1;
  int impulses_played_ = 0;  // impulses begun in the whole game: 14.17, 15.33 span Naval Phases
  Segment seg_ = Segment::Setup;
  Side first_ = Side::Ottoman;  // 4.0 B: this impulse's first player
  Dir wind_ = Dir::N;           // compass: where it blows from (14.23)
  int velocity_ = 8;            // kStorm, kCalm or 2-12
  bool over_ = false;
  std::string result_;
  std::optional<Side> winner_;
  std::map<std::string, Ship> ships_;
  std::map<std::string, std::string> leaders_;  // leader -> ship, "" = ashore (16.0)
  Side boom_owner_ = Side::Byzantine;           // 15.61
  bool boom_broken_ = false;                    // 15.64
  std::map<HexId, Side> last_in_;               // 15.61: the last side in each control hex
  int boom_assaults_ = 0;        // successive Combat Segments with three or more ships at the Boom
  bool portage_earned_ = false;  // 17.1, case 1
  int proposals_ = 0;  // 4.0 E: sides (bit 1 Ottoman, 2 Byzantine) proposing fewer impulses
};

}  // namespace naumachia::constantinople
