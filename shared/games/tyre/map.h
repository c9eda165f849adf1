#pragma once
// The Tyre game map (a reconstruction, data/map.txt; docs/rules/tyre.md says
// what is quoted from the rules and what the project placed).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/result.h"

namespace naumachia::tyre {

enum class Terrain {
  Sea,
  Beach,
  HarbourWater,  // inside a Tyrian harbour
  TyrianPort,    // port hex in a Tyrian harbour (grounding 0, addenda 8.3)
  Boom,          // across a Tyrian harbour entrance (9.32)
  MainlandPort,  // Macedonian home port (5.31)
  PrimaryWall,
  SecondaryWall,
  OpenGround,
  City,
  Temple,     // Temple of Hercules (18.1)
  Agenorium,  // (18.1)
  Mole,       // (14.11)
  Mainland,
  OffMap,  // beyond the printed map: no ship and no land unit enters it
};

struct Harbour {
  std::string name;             // "north", "south"
  std::set<hex::HexId> inside;  // water and port hexes inside the boom
  std::set<hex::HexId> booms;
};

class Map {
 public:
  static Expected<Map> load(std::string_view text);

  bool on_map(hex::HexId h) const;
  Terrain terrain(hex::HexId h) const;  // off-map hexes read as OffMap
  // Grounding number of a beach or port hex (9.31; ports 0), else nullopt.
  std::optional<int> grounding(hex::HexId h) const;
  // Hexes a naval unit may enter at all (5.0): sea, beach, harbour, port, boom.
  bool navigable(hex::HexId h) const;
  // Beach hexes a ship without land units may enter for 2 MP without a
  // grounding roll (9.31: circumnavigation of the island).
  bool circumnavigation(hex::HexId h) const;
  const std::vector<Harbour>& harbours() const { return harbours_; }
  const Harbour* harbour_of(hex::HexId h) const;
  // Row 1 hexes where Macedonian reinforcements enter (17.22).
  std::vector<hex::HexId> north_edge() const;
  int first_col() const { return col0_; }
  int last_col() const { return col1_; }
  int first_row() const { return row0_; }
  int last_row() const { return row1_; }
  std::vector<hex::HexId> all_hexes() const;
  static char symbol(Terrain t);
  static const char* name(Terrain t);

 private:
  int col0_ = 0, col1_ = -1, row0_ = 0, row1_ = -1;
  std::map<hex::HexId, Terrain> terrain_;
  std::vector<Terrain> grid_;  // terrain_ column by column, for reading in constant time
  std::optional<std::size_t> grid_index(hex::HexId h) const;
  std::map<hex::HexId, int> grounding_;
  std::vector<Harbour> harbours_;
};

}  // namespace naumachia::tyre
