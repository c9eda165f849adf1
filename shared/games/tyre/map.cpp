#include "games/tyre/map.h"

#include "core/records.h"

namespace naumachia::tyre {

namespace {

struct Symbol {
  char c;
  Terrain t;
  const char* name;
};

constexpr Symbol kSymbols[] = {
    {'.', Terrain::Sea, "sea"},
    {'B', Terrain::Beach, "beach"},
    {'H', Terrain::HarbourWater, "harbour"},
    {'h', Terrain::TyrianPort, "port"},
    {'O', Terrain::Boom, "boom"},
    {'P', Terrain::MainlandPort, "mainland port"},
    {'W', Terrain::PrimaryWall, "primary wall"},
    {'w', Terrain::SecondaryWall, "secondary wall"},
    {'l', Terrain::OpenGround, "open ground"},
    {'c', Terrain::City, "city"},
    {'T', Terrain::Temple, "Temple of Hercules"},
    {'A', Terrain::Agenorium, "Agenorium"},
    {'M', Terrain::Mole, "mole"},
    {'L', Terrain::Mainland, "mainland"},
};

}  // namespace

char Map::symbol(Terrain t) {
  for (const Symbol& s : kSymbols) {
    if (s.t == t) return s.c;
  }
  return '?';
}

const char* Map::name(Terrain t) {
  if (t == Terrain::OffMap) return "off the map";  // no character: never in the data
  for (const Symbol& s : kSymbols) {
    if (s.t == t) return s.name;
  }
  return "?";
}

Expected<Map> Map::load(std::string_view text_in) {
  Map m;
  bool grid = false;
  for (const records::Record& r : records::read(text_in, "map")) {
    if (grid) {
      if (r.size() != 2) return r.error("expected 'RR cells'");
      auto row = r.integer(0, m.row0_, m.row1_);
      if (!row) return fail(row.error().message);
      if (static_cast<int>(r[1].size()) != m.col1_ - m.col0_ + 1)
        return r.error("the row is of the wrong width");
      for (std::size_t i = 0; i < r[1].size(); ++i) {
        const Symbol* s = nullptr;
        for (const Symbol& x : kSymbols) {
          if (x.c == r[1][i]) s = &x;
        }
        if (!s) return r.error("unknown terrain '" + std::string(1, r[1][i]) + "'");
        m.terrain_[{m.col0_ + static_cast<int>(i), *row}] = s->t;
      }
    } else if (r.is("columns", 2) || r.is("rows", 2)) {
      auto a = r.integer(1, 0, 99);
      if (!a) return fail(a.error().message);
      auto b = r.integer(2, *a, 99);
      if (!b) return fail(b.error().message);
      (r.keyword() == "columns" ? m.col0_ : m.row0_) = *a;
      (r.keyword() == "columns" ? m.col1_ : m.row1_) = *b;
    } else if (r.is("beach", 2)) {
      auto h = r.hex(1);
      if (!h) return fail(h.error().message);
      auto g = r.integer(2, 0, 6);
      if (!g) return fail(g.error().message);
      m.grounding_[*h] = *g;
    } else if (r.is("harbour", 1, 99)) {
      Harbour hb{std::string(r[1]), {}, {}};
      bool booms = false;
      for (std::size_t i = 2; i < r.size(); ++i) {
        if (r[i] == "boom") {
          booms = true;
          continue;
        }
        auto h = r.hex(i);
        if (!h) return fail(h.error().message);
        (booms ? hb.booms : hb.inside).insert(*h);
      }
      m.harbours_.push_back(std::move(hb));
    } else if (r.is("grid", 0)) {
      grid = true;
    } else {
      return r.error("not understood");
    }
  }
  if (m.terrain_.size() !=
      static_cast<std::size_t>((m.col1_ - m.col0_ + 1) * (m.row1_ - m.row0_ + 1))) {
    return fail("map: the grid does not cover every row");
  }
  // The terrain by place in the rectangle too: the rules ask it of every hex
  // a search of paths looks at.
  m.grid_.assign(m.terrain_.size(), Terrain::OffMap);
  for (const auto& [h, t] : m.terrain_) {
    const auto at = m.grid_index(h);
    if (!at) return fail("map: hex " + hex::format_hex(h) + " lies outside the columns and rows");
    m.grid_[*at] = t;
  }
  for (const auto& [h, g] : m.grounding_) {
    if (m.terrain(h) != Terrain::Beach)
      return fail("map: beach " + hex::format_hex(h) + " is not a beach in the grid");
  }
  for (const auto& [h, t] : m.terrain_) {
    if (t == Terrain::Beach && !m.grounding_.count(h))
      return fail("map: beach " + hex::format_hex(h) + " has no grounding number");
    if (t == Terrain::TyrianPort || t == Terrain::MainlandPort) m.grounding_[h] = 0;  // addenda 8.3
  }
  for (const Harbour& hb : m.harbours_) {
    for (const auto& h : hb.inside) {
      const Terrain t = m.terrain(h);
      if (t != Terrain::HarbourWater && t != Terrain::TyrianPort)
        return fail("map: harbour hex " + hex::format_hex(h) +
                    " is neither harbour water nor port");
    }
    for (const auto& h : hb.booms) {
      if (m.terrain(h) != Terrain::Boom)
        return fail("map: boom " + hex::format_hex(h) + " is not a boom in the grid");
    }
  }
  return m;
}

std::optional<std::size_t> Map::grid_index(hex::HexId h) const {
  if (h.col < col0_ || h.col > col1_ || h.row < row0_ || h.row > row1_) return std::nullopt;
  return static_cast<std::size_t>((h.col - col0_) * (row1_ - row0_ + 1) + (h.row - row0_));
}

// Every hex of the rectangle is on the map (Map::load).
bool Map::on_map(hex::HexId h) const {
  return grid_index(h).has_value();
}

Terrain Map::terrain(hex::HexId h) const {
  const auto at = grid_index(h);
  return at ? grid_[*at] : Terrain::OffMap;
}

std::optional<int> Map::grounding(hex::HexId h) const {
  const auto it = grounding_.find(h);
  if (it == grounding_.end()) return std::nullopt;
  return it->second;
}

bool Map::navigable(hex::HexId h) const {
  switch (terrain(h)) {
    case Terrain::Sea:
    case Terrain::Beach:
    case Terrain::HarbourWater:
    case Terrain::TyrianPort:
    case Terrain::Boom:
    case Terrain::MainlandPort:
      return true;
    default:
      return false;
  }
}

bool Map::circumnavigation(hex::HexId h) const {
  return h == hex::HexId{28, 1} || h == hex::HexId{29, 1} || h == hex::HexId{30, 1};  // 9.31
}

const Harbour* Map::harbour_of(hex::HexId h) const {
  for (const Harbour& hb : harbours_) {
    if (hb.inside.count(h) || hb.booms.count(h)) return &hb;
  }
  return nullptr;
}

std::vector<hex::HexId> Map::north_edge() const {
  std::vector<hex::HexId> out;
  for (int c = col0_; c <= col1_; ++c) {
    if (terrain({c, row0_}) == Terrain::Sea) out.push_back({c, row0_});
  }
  return out;
}

std::vector<hex::HexId> Map::all_hexes() const {
  std::vector<hex::HexId> out;
  for (const auto& [h, t] : terrain_) out.push_back(h);
  return out;
}

}  // namespace naumachia::tyre
