#pragma once
// Tyre's naval tables, loaded from data/naval-tables.txt: ship classes from
// the counter sheets, the Ramming Table (6.4) and the Naval Melee Combat
// Results Table (6.5), with the die-roll procedures that use them.
#include <map>
#include <string>
#include <string_view>

#include "core/dice.h"
#include "core/result.h"

namespace naumachia::tyre {

enum class ShipType { Bireme, Quinquereme, Trireme };
const char* type_name(ShipType t);

struct ShipValues {
  int melee = 0;
  int speed = 0;
  int ramming_speed = 0;
};

struct ShipClass {
  ShipValues full;
  ShipValues damaged;  // the backprinted side (6.34)
};

enum class RamEffect { None, Pinned, Damaged, Sunk };
enum class MeleeEffect { None, Disrupted, Damaged, Sunk };
const char* effect_name(RamEffect e);
const char* effect_name(MeleeEffect e);

struct RamModifiers {
  int attacker_leader = 0;  // ramming rating added to the first roll (16.22)
  int defender_leader = 0;  // ramming rating subtracted from it (16.22)
  bool defender_damaged = false;
  bool defender_transporting = false;
};

class NavalTables {
 public:
  static Expected<NavalTables> load(std::string_view text);

  const ShipClass& ship_class(ShipType t) const { return classes_.at(t); }

  // One ramming attempt (6.14): first roll against the table, then, where
  // the table says so, the damage roll. Rolls are made on `dice` with purposes.
  RamEffect ram(ShipType rammer, ShipType defender, const RamModifiers& mods, Dice& dice,
                const std::string& who) const;
  // The 6.5 result for a differential (attacker minus defender strength) and a die roll.
  MeleeEffect melee(int differential, int die) const;

 private:
  struct RamEntry {
    int low = 7;
    bool second_roll = false;
  };
  std::map<ShipType, ShipClass> classes_;
  std::map<std::pair<ShipType, ShipType>, RamEntry> ram_;
  std::map<int, RamEffect> damage_;                  // second roll 1..6
  std::map<int, std::map<int, MeleeEffect>> melee_;  // differential -> die -> effect
};

}  // namespace naumachia::tyre
