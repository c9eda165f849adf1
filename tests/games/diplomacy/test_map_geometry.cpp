// The province maps drawn from geography (data/standard-geometry.json and
// games/fall/data/fall-of-constantinople-geometry.json, tools/mapgeo): a drawing a player can trust
// shows a border between two provinces exactly where the engine lets units cross. The borders are
// read from the committed path data: two outlines share a border where segments of both lie on one
// line and overlap.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "games/diplomacy/diplomacy.h"
#include "games/diplomacy/geometry.h"
#include "games/diplomacy/map.h"
#include "games/fall/scenario.h"

using namespace naumachia;
using namespace naumachia::diplomacy;

namespace {

struct Segment {
  CanvasPoint a, b;
  std::size_t area;
};

using Pair = std::pair<std::string, std::string>;

// The length of border each two areas share (both ends of a segment of one
// within `kTolerance` of a segment of the other's line, overlapping along
// it): path data is rounded to 0.1, and a coast cut at a province's edge
// ends part-way along the other side's coast segment.
std::map<Pair, double> shared_borders(const std::map<std::string, std::string>& outlines) {
  constexpr double kTolerance = 0.25, kCell = 8;
  std::vector<std::string> ids;
  std::vector<Segment> segments;
  for (const auto& entry : outlines) {
    const std::string& id = entry.first;
    const auto rings = path_rings(entry.second);
    REQUIRE_MESSAGE(rings.has_value(), id);
    for (const auto& ring : *rings) {
      for (std::size_t i = 0; i < ring.size(); ++i)
        segments.push_back(Segment{ring[i], ring[(i + 1) % ring.size()], ids.size()});
    }
    ids.push_back(id);
  }
  const auto cell_of = [](double v) { return static_cast<long>(std::floor(v / kCell)); };
  const auto key = [](long x, long y) { return (x << 20) ^ y; };
  std::unordered_map<long, std::vector<std::size_t>> grid;
  const auto cells = [&](const Segment& s, auto&& visit) {
    for (long x = cell_of(std::min(s.a.x, s.b.x)); x <= cell_of(std::max(s.a.x, s.b.x)); ++x)
      for (long y = cell_of(std::min(s.a.y, s.b.y)); y <= cell_of(std::max(s.a.y, s.b.y)); ++y)
        visit(key(x, y));
  };
  for (std::size_t i = 0; i < segments.size(); ++i)
    cells(segments[i], [&](long k) { grid[k].push_back(i); });
  std::map<Pair, double> shared;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    const double len = std::hypot(s.b.x - s.a.x, s.b.y - s.a.y);
    if (len < 1e-9) continue;
    const double ux = (s.b.x - s.a.x) / len, uy = (s.b.y - s.a.y) / len;
    std::set<std::size_t> seen;
    cells(s, [&](long k) {
      for (const std::size_t j : grid[k]) {
        const Segment& t = segments[j];
        if (t.area <= s.area || !seen.insert(j).second) continue;
        const auto off = [&](CanvasPoint p) {
          return std::abs((p.x - s.a.x) * uy - (p.y - s.a.y) * ux);
        };
        if (off(t.a) > kTolerance || off(t.b) > kTolerance) continue;
        const double ta = (t.a.x - s.a.x) * ux + (t.a.y - s.a.y) * uy,
                     tb = (t.b.x - s.a.x) * ux + (t.b.y - s.a.y) * uy;
        const double overlap = std::min(len, std::max(ta, tb)) - std::max(0.0, std::min(ta, tb));
        if (overlap > 0) shared[{ids[s.area], ids[t.area]}] += overlap;
      }
    });
  }
  return shared;
}

// Pairs whose drawn border is longer than half a canvas unit.
std::set<Pair> drawn_borders(const std::map<std::string, std::string>& outlines) {
  std::set<Pair> out;
  for (const auto& [pair, length] : shared_borders(outlines))
    if (length > 0.5) out.insert(pair);
  return out;
}

void check_borders_match_adjacency(const Map& map) {
  const Geometry* g = map.geometry();
  REQUIRE(g != nullptr);
  std::map<std::string, std::string> outlines;
  for (const auto& province : map.provinces()) {
    const std::string& id = province.first;
    const auto& p = province.second;
    const ProvinceShape* s = g->shape(id);
    REQUIRE_MESSAGE(s != nullptr, id << " has no outline");
    CHECK_MESSAGE(!s->outline.empty(), id);
    CHECK_MESSAGE(
        (s->label.x > 0 && s->label.x < g->width() && s->label.y > 0 && s->label.y < g->height()),
        id << "'s label is off the canvas");
    for (const std::string& coast : p.coasts)
      CHECK_MESSAGE(s->coasts.count(coast) == 1, id << "/" << coast << " has no place drawn");
    outlines[id] = s->outline;
  }
  CHECK(g->shapes().size() == map.provinces().size());
  std::set<Pair> adjacent;
  for (const auto& [id, p] : map.provinces())
    for (const std::string& n : map.any_neighbours(id)) adjacent.insert(std::minmax(id, n));
  std::set<Pair> straits;
  for (const DrawnLink& l : g->straits()) straits.insert(std::minmax(l.a, l.b));
  const std::set<Pair> drawn = drawn_borders(outlines);
  for (const Pair& p : adjacent) {
    CHECK_MESSAGE((drawn.count(p) == 1 || straits.count(p) == 1),
                  p.first << " and " << p.second << " are adjacent but share no drawn border");
  }
  for (const Pair& p : drawn) {
    CHECK_MESSAGE(adjacent.count(p) == 1,
                  p.first << " and " << p.second << " share a drawn border but are not adjacent");
  }
  for (const Pair& p : straits) CHECK_MESSAGE(adjacent.count(p) == 1, p.first << "-" << p.second);
}

}  // namespace

TEST_CASE("map geometry: the border finder sees a shared edge and no border across a gap") {
  // Two unit squares side by side share x = 10 from y = 0 to 10; the third
  // lies a canvas unit apart; the fourth touches the first at a corner only.
  const std::map<std::string, std::string> outlines{{"a", "M0 0L10 0L10 10L0 10Z"},
                                                    {"b", "M10 2L20 2L20 12L10 12Z"},
                                                    {"c", "M0 11L8 11L8 20L0 20Z"},
                                                    {"d", "M-10 -10L0 -10L0 0L-10 0Z"}};
  const auto shared = shared_borders(outlines);
  REQUIRE(shared.count({"a", "b"}) == 1);
  CHECK(shared.at({"a", "b"}) == doctest::Approx(8));
  CHECK(drawn_borders(outlines) == std::set<Pair>{{"a", "b"}});
}

TEST_CASE(
    "standard map geometry: provinces adjacent in the engine's map, and only they, share a "
    "drawn border") {
  check_borders_match_adjacency(*standard_map());
}

TEST_CASE(
    "Fall of Constantinople map geometry: provinces adjacent in the engine's map, and only they, "
    "share a drawn border or a drawn strait or land bridge, and its cities and wall are drawn") {
  const auto scenario = fall::load_scenario();
  REQUIRE(scenario.has_value());
  const Map& map = scenario->map();
  check_borders_match_adjacency(map);
  const Geometry& g = *map.geometry();
  for (const auto& province : map.provinces()) {
    const std::string& id = province.first;
    if (!map.city(id)) continue;
    const auto at = g.shape(id)->city;
    REQUIRE_MESSAGE(at.has_value(), id << "'s city has no place drawn");
    CHECK_MESSAGE((at->x > 0 && at->x < g.width() && at->y > 0 && at->y < g.height()), id);
  }
  // FoC Movement b: the eight land bridges are drawn as such.
  int bridges = 0;
  for (const auto& province : map.provinces()) {
    const std::string& a = province.first;
    for (const std::string& b : map.any_neighbours(a)) {
      if (a > b || !map.land_bridge(a, b)) continue;
      ++bridges;
      const DrawnLink* l = Geometry::find(g.straits(), a, b);
      REQUIRE_MESSAGE(l != nullptr, a << "-" << b << " is not drawn");
      CHECK(l->kind == "land bridge");
      CHECK_FALSE(l->path.empty());
    }
  }
  CHECK(bridges == 8);
  // FoC Mapboard h: the Long Wall on Constantinople's borders with the Thraces.
  for (const Wall& w : map.walls())
    for (const std::string& against : w.against)
      CHECK_MESSAGE(Geometry::find(g.marked_borders(), w.province, against) != nullptr, against);
}

TEST_CASE("map geometry: path data with relative lines reads as absolute points, else is refused") {
  const auto square = path_rings("M10 20l5 0 0 5-5 0zM0 0L1 0 1 1z");
  REQUIRE(square.has_value());
  REQUIRE(square->size() == 2);
  const std::vector<CanvasPoint>& first = (*square)[0];
  REQUIRE(first.size() == 4);
  CHECK(first[2].x == 15);
  CHECK(first[2].y == 25);
  CHECK(first[3].x == 10);
  CHECK((*square)[1][2].y == 1);
  CHECK_FALSE(path_rings("M1 2l3").has_value());  // half a point
  CHECK_FALSE(path_rings("l1 2").has_value());    // no ring begun
  CHECK_FALSE(path_rings("M1 2C3 4").has_value());
}
