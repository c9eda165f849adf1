#include "games/diplomacy/cells.h"

namespace naumachia::diplomacy {

namespace {

const char* terrain_name(Terrain t) {
  switch (t) {
    case Terrain::Sea:
      return "sea";
    case Terrain::WaterIsland:
      return "water island";
    case Terrain::Coast:
      return "coast";
    case Terrain::Land:
      return "land";
  }
  return "land";
}

}  // namespace

View map_view(const Map& map) {
  View v;
  v.board_kind = BoardKind::Map;
  v.width = map.width();
  v.height = map.height();
  if (const Geometry* g = map.geometry()) {
    v.width = g->width();
    v.height = g->height();
    v.backdrop = g->land();
  }
  for (const Power& p : map.powers()) v.powers.push_back(p.name);
  return v;
}

Cell province_cell(const Map& map, const Province& p) {
  Cell c;
  c.id = p.id;
  c.terrain = terrain_name(p.terrain);
  c.fill = p.terrain == Terrain::Sea ? Fill::Water : Fill::Land;
  c.x = p.x;
  c.y = p.y;
  if (const ProvinceShape* shape = map.geometry() ? map.geometry()->shape(p.id) : nullptr) {
    c.outline = shape->outline;
    c.x = shape->label.x;
    c.y = shape->label.y;
  }
  const auto& near = map.any_neighbours(p.id);
  c.neighbours.assign(near.begin(), near.end());
  const Geometry* g = map.geometry();
  // FoC Mapboard h: the Long Wall, on Constantinople's borders with the
  // Thraces, drawn along them where the geometry marks them.
  for (const Wall& w : map.walls()) {
    if (w.province != p.id) continue;
    for (const std::string& against : w.against) {
      const DrawnLink* drawn = g ? Geometry::find(g->marked_borders(), p.id, against) : nullptr;
      c.edges.push_back(Edge{against, -1, "wall", drawn ? drawn->path : ""});
    }
  }
  // Crossings over water the drawing shows as lines (straits, land
  // bridges), each on the cell of its first province.
  if (g) {
    for (const DrawnLink& l : g->straits())
      if (l.a == p.id) c.edges.push_back(Edge{l.b, -1, l.kind, l.path});
  }
  return c;
}

Token unit_token(int seat, UnitType type, std::string label, const std::string& power,
                 std::vector<std::string> marks) {
  marks.insert(marks.begin(), power);
  return Token{
      seat, type == UnitType::Army ? "army" : "fleet", std::move(label), -1, std::move(marks), {},
      {}};
}

}  // namespace naumachia::diplomacy
