#pragma once
// A province map's drawing from geography (data/standard-geometry.json,
// games/fall/data/fall-of-constantinople-geometry.json, written by
// tools/mapgeo from Natural Earth's coastline): each province's outline as
// SVG path data on the canvas, the point where its label and unit stand, on
// split coasts where a fleet on each coast stands, where its city stands,
// the crossings over water drawn as such and the borders drawn with a mark
// (a wall). Drawing only: no rule reads it.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace naumachia::diplomacy {

struct CanvasPoint {
  double x = 0, y = 0;
};

struct ProvinceShape {
  std::string outline;  // SVG path data: M x y L x y ... Z, rings in turn
  CanvasPoint label;
  std::map<std::string, CanvasPoint, std::less<>> coasts;  // "nc", "sc", ...
  std::optional<CanvasPoint> city;                         // maps with cities
};

// Two provinces joined by a line drawn on the map: a crossing over water the
// drawing leaves open (a strait, a land bridge), or a border drawn with a
// mark (a wall); `path` is SVG path data on the canvas.
struct DrawnLink {
  std::string a, b;
  std::string kind;  // "strait", "land bridge", "wall"
  std::string path;
};

class Geometry {
 public:
  static Expected<Geometry> load(std::string_view json_text);

  double width() const { return width_; }
  double height() const { return height_; }
  // All the land in the frame, impassable land included.
  const std::string& land() const { return land_; }
  const ProvinceShape* shape(std::string_view province) const;
  const std::map<std::string, ProvinceShape, std::less<>>& shapes() const { return shapes_; }
  // Where a unit at `location` ("spa/nc", "par") is drawn; nullopt when the
  // province has no shape.
  std::optional<CanvasPoint> unit_point(std::string_view location) const;
  // Pairs of provinces joined across water the drawing leaves open (a
  // strait or land bridge drawn as such), each pair once.
  const std::vector<DrawnLink>& straits() const { return straits_; }
  // Borders drawn with a mark (the Long Wall), each once.
  const std::vector<DrawnLink>& marked_borders() const { return marked_; }
  // The drawn link between `a` and `b` of `links`, either way round.
  static const DrawnLink* find(const std::vector<DrawnLink>& links, std::string_view a,
                               std::string_view b);

 private:
  double width_ = 0;
  double height_ = 0;
  std::string land_;
  std::map<std::string, ProvinceShape, std::less<>> shapes_;
  std::vector<DrawnLink> straits_;
  std::vector<DrawnLink> marked_;
};

// The rings of SVG path data made of M, L, l and Z/z commands (the
// geometry's form: each ring's first point absolute, the rest relative), as
// lists of absolute points; nullopt when it holds anything else.
std::optional<std::vector<std::vector<CanvasPoint>>> path_rings(std::string_view data);

}  // namespace naumachia::diplomacy
