#pragma once
// The Fall of Constantinople: the scenario, read from the map data
// (games/fall/data/fall-of-constantinople-map.json): the board, the seven
// powers with what their sovereign kingdoms send them each winter, and the
// starting position of Winter 1354. Rule choices:
// docs/rules/fall-of-constantinople.md.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/diplomacy/map.h"
#include "games/fall/position.h"

namespace naumachia::fall {

// What a power's sovereign kingdom adds to its income every winter, beyond
// what its cities and provinces yield (FoC Building a): Aragon 10£/1M/1F,
// Genoa 28£, the Hospitallers 9£/6M/10F, Naples 5£/1M/1F, Venice 27£; the
// Ottomans and Byzantium nothing.
struct Sovereign {
  Stock extra;
};

struct PowerInfo {
  std::string name;       // "Venice"
  std::string adjective;  // "Venetian"
  Sovereign sovereign;
};

class Scenario {
 public:
  // Reads the map JSON: the board (diplomacy::Map::load on the same text) and
  // the "powers" block. Malformed data (an unknown province, a city that does
  // not exist, a unit where it cannot stand, ...) is an error, not a crash.
  static Expected<Scenario> load(std::string_view json_text);

  const diplomacy::Map& map() const { return map_; }
  // The map's drawing (the pictures only; no rule reads it).
  void set_geometry(std::shared_ptr<const diplomacy::Geometry> geometry) {
    map_.set_geometry(std::move(geometry));
  }
  // The powers in the data's order (alphabetical in the shipped file).
  const std::vector<PowerInfo>& powers() const { return powers_; }
  const PowerInfo* power(std::string_view name) const;
  // The position the game begins in: Winter 1354, the first winter (FoC
  // Building c), holdings, stocks and units as the data give them.
  Position initial_position() const { return initial_; }

 private:
  diplomacy::Map map_;
  std::vector<PowerInfo> powers_;
  Position initial_;
};

// The compiled-in scenario (data::fall_of_constantinople_map()), drawn from
// data::fall_of_constantinople_geometry().
Expected<Scenario> load_scenario();

}  // namespace naumachia::fall
