#include "games/tyre/map.h"

#include "core/text.h"

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

Expected<hex::HexId> hex_word(std::string_view w, int line) {
  auto h = hex::parse_hex(w);
  if (!h)
    return fail("map line " + std::to_string(line) + ": '" + std::string(w) +
                "' is not a hex number");
  return *h;
}

}  // namespace

char Map::symbol(Terrain t) {
  for (const Symbol& s : kSymbols) {
    if (s.t == t) return s.c;
  }
  return '?';
}

const char* Map::name(Terrain t) {
  for (const Symbol& s : kSymbols) {
    if (s.t == t) return s.name;
  }
  return "?";
}

Expected<Map> Map::load(std::string_view text_in) {
  Map m;
  bool grid = false;
  int n = 0;
  for (std::string_view raw : text::lines(text_in)) {
    ++n;
    const std::string_view line = text::trim(raw.substr(0, raw.find('#')));
    if (line.empty()) continue;
    const auto w = text::split(line);
    long long a = 0, b = 0;
    if (grid) {
      if (w.size() != 2 || !text::parse_int(w[0], a))
        return fail("map line " + std::to_string(n) + ": expected 'RR cells'");
      const int row = static_cast<int>(a);
      if (row < m.row0_ || row > m.row1_ ||
          static_cast<int>(w[1].size()) != m.col1_ - m.col0_ + 1) {
        return fail("map line " + std::to_string(n) + ": row out of range or of the wrong width");
      }
      for (std::size_t i = 0; i < w[1].size(); ++i) {
        const Symbol* s = nullptr;
        for (const Symbol& x : kSymbols) {
          if (x.c == w[1][i]) s = &x;
        }
        if (!s)
          return fail("map line " + std::to_string(n) + ": unknown terrain '" +
                      std::string(1, w[1][i]) + "'");
        m.terrain_[{m.col0_ + static_cast<int>(i), row}] = s->t;
      }
    } else if (w[0] == "columns" && w.size() == 3 && text::parse_int(w[1], a) &&
               text::parse_int(w[2], b)) {
      m.col0_ = static_cast<int>(a);
      m.col1_ = static_cast<int>(b);
    } else if (w[0] == "rows" && w.size() == 3 && text::parse_int(w[1], a) &&
               text::parse_int(w[2], b)) {
      m.row0_ = static_cast<int>(a);
      m.row1_ = static_cast<int>(b);
    } else if (w[0] == "beach" && w.size() == 3 && text::parse_int(w[2], b)) {
      auto h = hex_word(w[1], n);
      if (!h) return fail(h.error().message);
      m.grounding_[*h] = static_cast<int>(b);
    } else if (w[0] == "harbour" && w.size() >= 2) {
      Harbour hb{std::string(w[1]), {}, {}};
      bool booms = false;
      for (std::size_t i = 2; i < w.size(); ++i) {
        if (w[i] == "boom") {
          booms = true;
          continue;
        }
        auto h = hex_word(w[i], n);
        if (!h) return fail(h.error().message);
        (booms ? hb.booms : hb.inside).insert(*h);
      }
      m.harbours_.push_back(std::move(hb));
    } else if (w[0] == "grid" && w.size() == 1) {
      grid = true;
    } else {
      return fail("map line " + std::to_string(n) + ": not understood");
    }
  }
  if (m.terrain_.size() !=
      static_cast<std::size_t>((m.col1_ - m.col0_ + 1) * (m.row1_ - m.row0_ + 1))) {
    return fail("map: the grid does not cover every row");
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

bool Map::on_map(hex::HexId h) const {
  return terrain_.count(h) > 0;
}

Terrain Map::terrain(hex::HexId h) const {
  const auto it = terrain_.find(h);
  return it == terrain_.end() ? Terrain::Mainland : it->second;
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
