#pragma once
// Hex geometry for the hex-and-counter games, on SPI's numbering: hex XXYY is
// column XX, row YY. Columns run north-south; hexes have flat tops, so their
// six sides face N, NE, SE, S, SW, NW. Odd and even columns are staggered: an
// even column sits half a hex lower than the odd columns beside it (the
// convention every reconstructed map of this project uses; see docs/rules/).
//
// Internally hexes are axial coordinates (q = column, r = row - (column +
// (column & 1)) / 2), in which neighbours, distance and lines are exact.
#include <array>
#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::hex {

// A hexside direction, clockwise from north.
enum class Dir { N = 0, NE = 1, SE = 2, S = 3, SW = 4, NW = 5 };

Dir turn(Dir d, int sixths);  // + clockwise, - counter-clockwise
Dir opposite(Dir d);
const char* name(Dir d);
std::optional<Dir> parse_dir(std::string_view s);  // "N", "ne", ...
// Hexsides between two directions (0..3).
int turns_between(Dir a, Dir b);

struct HexId {
  int col = 0;
  int row = 0;
  auto operator<=>(const HexId&) const = default;
};

// "3731" -> {37, 31}; accepts 4 digits (or 3, for columns below 10).
std::optional<HexId> parse_hex(std::string_view s);
std::string format_hex(HexId h);

HexId neighbour(HexId h, Dir d);
// The six neighbours of h, in direction order N, NE, SE, S, SW, NW.
std::array<HexId, 6> neighbours(HexId h);
int distance(HexId a, HexId b);
// The direction from a to an adjacent hex b, if b is adjacent.
std::optional<Dir> direction_to(HexId a, HexId b);
// The hexes a straight line from a to b passes through, both ends included
// (hex centres; ties along a hexside resolved toward the first hex of a pair
// by a fixed nudge, so the result is the same on every machine).
std::vector<HexId> line(HexId a, HexId b);
// The same line nudged to the other side: where a line runs along a hexside,
// line() and line_other_side() give the hexes on either side of it.
std::vector<HexId> line_other_side(HexId a, HexId b);
// Hexes at exactly `radius` from the centre.
std::vector<HexId> ring(HexId centre, int radius);

}  // namespace naumachia::hex
