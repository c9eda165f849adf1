#pragma once
// What the views of Diplomacy and its variants share: the map's canvas, a
// province as a cell (its terrain, its place on the canvas, its neighbours
// for drawing, the Long Wall on its borders) and a power's units as a token.
#include <string>
#include <vector>

#include "core/game.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy {

// A map view of `map`'s canvas (its geometry's, when it has one: the
// backdrop of land too) and its powers, with no cells yet.
View map_view(const Map& map);
// The province as a cell, with no label, owner or tokens yet; drawn from
// the map's geometry when it has one (outline, label point).
Cell province_cell(const Map& map, const Province& p);
// Units of `power` (at `seat`, -1 for nobody's), marked with the power's
// name before `marks`.
Token unit_token(int seat, UnitType type, std::string label, const std::string& power,
                 std::vector<std::string> marks);

}  // namespace naumachia::diplomacy
