#pragma once
// Tyre's siege and land rules that do not depend on the naval game: the
// armies and engines (data/land.txt), the siege and land tables
// (data/land-tables.txt), terrain costs (9.2, 9.28), zones of control (10.0),
// line of sight (11.1), melee odds (12.0) and the simultaneous retreat
// procedure (11.3). The rules over a position (rules.h) ask these questions of a
// LandBoard, so the tests can ask them of a board of their own.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/ids.h"
#include "core/records.h"
#include "core/result.h"
#include "games/tyre/map.h"

namespace naumachia::tyre {

enum class Side { Tyrian = 0, Macedonian = 1 };
const char* side_name(Side s);
// Field i of a data record as a side ("Tyrian", "Macedonian").
Expected<Side> side_field(const records::Record& r, std::size_t i);
inline Side enemy(Side s) {
  return s == Side::Tyrian ? Side::Macedonian : Side::Tyrian;
}

enum class UnitKind { Melee, Fire, FireMelee };
enum class EngineKind { Tower, Catapult, Ram, TyrianCatapult };
const char* kind_name(UnitKind k);
const char* kind_name(EngineKind k);

struct Contingent {
  std::string id;
  Side side = Side::Tyrian;
  std::string name;
};

struct UnitType {
  std::string id;
  std::string contingent;
  Side side = Side::Tyrian;
  UnitKind kind = UnitKind::Melee;
  int melee = 0;
  int move = 0;
  std::string fire_row;  // 11.4 row, fire and fire-melee units only
};

struct LandLeaderType {
  std::string id;
  Side side = Side::Tyrian;
  int morale = 0, bonus = 0, radius = 0, move = 0;  // 15.0
  std::set<std::string> contingents;                // empty = all (addenda 17.3)
  bool commands(const std::string& contingent) const {
    return contingents.empty() || contingents.count(contingent) > 0;
  }
};

struct EngineType {
  std::string id;
  EngineKind kind = EngineKind::Tower;
  Side side() const { return kind == EngineKind::TyrianCatapult ? Side::Tyrian : Side::Macedonian; }
};

enum class Result { None, Disrupted, Retreat, Eliminated };
const char* result_name(Result r);

enum class WallEffect { None, Damaged, Eliminated };

struct Army {
  std::vector<Contingent> contingents;
  std::vector<UnitType> units;
  std::vector<LandLeaderType> leaders;
  std::vector<EngineType> engines;
  std::map<std::string, hex::HexId> deploy;  // default positions (17.1)
  static Expected<Army> load(std::string_view text);
};

class SiegeTables {
 public:
  static Expected<SiegeTables> load(std::string_view text);
  // 11.4: the Range Attenuation Rating of a fire row at a distance (0 = none).
  int attenuation(const std::string& row, int distance) const;
  Result fire(int rating, int die) const;  // 11.5 (die already modified, 1..6)
  // 12.6: the column index 0..7 (1-2 .. 7-1) for two strengths given in
  // half points, rounded for the defender; nullopt below 1-2 (no effect).
  static std::optional<int> melee_column(int attack_halves, int defence_halves);
  static const char* column_name(int column);
  Result melee(int column, int die) const;  // die modified and clamped by the caller
  int bombard(int die) const { return bombard_.at(die); }
  int batter(int die) const { return batter_.at(die); }
  std::pair<WallEffect, WallEffect> counter(int die) const { return counter_.at(die); }
  int repair(int die) const { return repair_.at(die); }
  const std::vector<hex::HexId>& mole_sequence() const { return mole_; }

 private:
  std::map<std::string, std::vector<int>> attenuation_;
  std::map<int, std::vector<Result>> fire_, melee_;
  std::map<int, int> bombard_, batter_, repair_;
  std::map<int, std::pair<WallEffect, WallEffect>> counter_;
  std::vector<hex::HexId> mole_;
};

// ------------------------------------------------------------ the board

// What the land rules read of a position. Only land combat units standing in
// hexes count here; units aboard ships are at sea.
class LandBoard {
 public:
  virtual ~LandBoard() = default;
  virtual Terrain terrain(hex::HexId h) const = 0;  // with the mole as built (14.1)
  virtual bool breached(hex::HexId h) const = 0;    // a wall at six breach points (7.15)
  // The side of the combat unit in `h`, if any.
  virtual std::optional<Side> combat_unit(hex::HexId h) const = 0;
  virtual bool has_siege_unit(hex::HexId h) const = 0;  // 10.11
};

bool is_wall(Terrain t);
bool is_island(Terrain t);     // land hexes of the island of Tyre (walls included)
bool is_land(Terrain t);       // any hex a land unit may stand in
bool blocks_sight(Terrain t);  // 11.11: city and wall hexes

// 10.1: does a combat unit of `side` standing in `from` control `to`?
bool exerts_zoc(const LandBoard& b, hex::HexId from, hex::HexId to);
// Is `h` controlled by a combat unit of `side`'s enemy (10.1)? Units in
// `ignore` exert no zone (retreating units, 11.31).
bool enemy_controlled(const LandBoard& b, Side side, hex::HexId h,
                      const std::set<hex::HexId>& ignore = {});

// 9.2, 9.28 and the addenda: Movement Points, in half points, for a unit of
// `side` to move from `from` into the adjacent `to`; nullopt = prohibited.
// Units in `zoc_ignored` exert no zone where a wall's entry asks for one
// (9.24, 8.33): retreating units, 11.31.
std::optional<int> move_cost_halves(const LandBoard& b, Side side, hex::HexId from, hex::HexId to,
                                    const std::set<hex::HexId>& zoc_ignored = {});

// 11.11, 11.12: a straight line between hex centres that passes through no
// blocking hex, nor along the side of one.
bool line_of_sight(const LandBoard& b, hex::HexId from, hex::HexId to);

// ------------------------------------------------------------ retreats (11.24, 11.3)

struct Retreat {
  std::string unit;
  Side side = Side::Tyrian;
  hex::HexId from{};
  int hexes = 0;
  bool fire_unit = false;  // others may retreat through it (11.24; not fire-melee, addenda)
};

struct RetreatOutcome {
  std::map<std::string, std::vector<hex::HexId>> paths;  // survivors: hexes entered, in order
  std::map<std::string, std::string> eliminated;         // unit -> why
};

// Retreats every unit of `retreats` simultaneously, hex by hex (11.3): each
// step takes a unit one hex farther from where it stood, never into
// prohibited terrain, an enemy-controlled hex (a retreating unit controls only
// the hex it has just left, 11.31), or a hex a unit of the other side could
// also enter (11.32); a unit with nowhere to go is eliminated. Under `rules`
// version 3 and later the zones a wall's entry asks about (9.24, 8.33) are
// read the same way, so a retreating unit controls no wall hex it is not
// leaving (11.31, worked example B); earlier versions counted there the zone
// of every retreating unit where it stood. Where several
// hexes qualify the one farthest from enemy units is taken, then the one
// nearest `refuge` of the unit's side (the city for the Tyrian, the sea for
// the Macedonian; docs/rules/tyre.md), then the lowest hex number. Friends
// never end a step in one hex; under `rules` version 2 and later the unit
// with the fewest free hexes chooses first, so the outcome does not depend on
// the units' names (docs/rules/tyre.md).
RetreatOutcome retreat_simultaneously(const LandBoard& b, const std::vector<Retreat>& retreats,
                                      const std::map<Side, hex::HexId>& refuge, RulesVersion rules);

}  // namespace naumachia::tyre
