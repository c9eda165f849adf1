#include "games/diplomacy/geometry.h"

#include <cctype>
#include <charconv>

#include "core/json.h"

namespace naumachia::diplomacy {

namespace {

CanvasPoint point_of(const json::Value& v) {
  if (v.array().size() != 2) return {};
  return CanvasPoint{v.array()[0].number(), v.array()[1].number()};
}

// A link: ["a", "b"], or {"between": ["a", "b"], "kind": ..., "path": ...}.
Expected<DrawnLink> link_of(const json::Value& v, const char* default_kind) {
  const json::Value& between = (v.kind() == json::Value::Kind::Object) ? v["between"] : v;
  if (between.array().size() != 2) return fail("geometry: a strait or border joins two provinces");
  DrawnLink l{between.array()[0].string(), between.array()[1].string(), default_kind, ""};
  if ((v.kind() == json::Value::Kind::Object)) {
    if (!v["kind"].string().empty()) l.kind = v["kind"].string();
    l.path = v["path"].string();
    if (!l.path.empty() && !path_rings(l.path))
      return fail("geometry: the line between " + l.a + " and " + l.b + " does not read");
  }
  return l;
}

}  // namespace

Expected<Geometry> Geometry::load(std::string_view json_text) {
  auto parsed = json::parse(json_text);
  if (!parsed) return fail("geometry: " + parsed.error().message);
  const json::Value& j = *parsed;
  Geometry g;
  g.width_ = j["canvas"]["width"].number();
  g.height_ = j["canvas"]["height"].number();
  if (g.width_ <= 0 || g.height_ <= 0) return fail("geometry: no canvas");
  g.land_ = j["land"].string();
  for (const auto& [id, p] : j["provinces"].object()) {
    ProvinceShape s{p["outline"].string(), point_of(p["label"]), {}, std::nullopt};
    if (!path_rings(s.outline)) return fail("geometry: the outline of " + id + " does not read");
    for (const auto& [coast, at] : p["coasts"].object()) s.coasts.emplace(coast, point_of(at));
    if (p["city"].array().size() == 2) s.city = point_of(p["city"]);
    g.shapes_.emplace(id, std::move(s));
  }
  for (const json::Value& v : j["straits"].array()) {
    auto l = link_of(v, "strait");
    if (!l) return fail(l.error().message);
    g.straits_.push_back(std::move(*l));
  }
  for (const json::Value& v : j["borders"].array()) {
    auto l = link_of(v, "wall");
    if (!l) return fail(l.error().message);
    g.marked_.push_back(std::move(*l));
  }
  return g;
}

const DrawnLink* Geometry::find(const std::vector<DrawnLink>& links, std::string_view a,
                                std::string_view b) {
  for (const DrawnLink& l : links) {
    if ((l.a == a && l.b == b) || (l.a == b && l.b == a)) return &l;
  }
  return nullptr;
}

const ProvinceShape* Geometry::shape(std::string_view province) const {
  const auto it = shapes_.find(province);
  return it == shapes_.end() ? nullptr : &it->second;
}

std::optional<CanvasPoint> Geometry::unit_point(std::string_view location) const {
  const auto slash = location.find('/');
  const ProvinceShape* s = shape(location.substr(0, slash));
  if (!s) return std::nullopt;
  if (slash != std::string_view::npos) {
    const auto coast = s->coasts.find(location.substr(slash + 1));
    if (coast != s->coasts.end()) return coast->second;
  }
  return s->label;
}

std::optional<std::vector<std::vector<CanvasPoint>>> path_rings(std::string_view data) {
  std::vector<std::vector<CanvasPoint>> rings;
  std::vector<double> numbers;
  char command = 0;
  // The numbers since the last command letter, as points: absolute after M
  // and L, each relative to the point before after l.
  const auto flush = [&]() -> bool {
    if (numbers.size() % 2 != 0) return false;
    if (numbers.empty()) return true;
    if (rings.empty() || command == 0 || command == 'Z' || command == 'z') return false;
    for (std::size_t i = 0; i < numbers.size(); i += 2) {
      CanvasPoint p{numbers[i], numbers[i + 1]};
      if (command == 'l') {
        if (rings.back().empty()) return false;
        p.x += rings.back().back().x;
        p.y += rings.back().back().y;
      }
      rings.back().push_back(p);
    }
    numbers.clear();
    return true;
  };
  std::size_t i = 0;
  while (i < data.size()) {
    const char c = data[i];
    if (c == 'M' || c == 'L' || c == 'l' || c == 'Z' || c == 'z') {
      if (!flush()) return std::nullopt;
      if (c == 'M') rings.emplace_back();
      command = c;
      ++i;
    } else if (c == ' ' || c == ',') {
      ++i;
    } else {
      double v = 0;
      const auto [end, ec] = std::from_chars(data.data() + i, data.data() + data.size(), v);
      if (ec != std::errc{}) return std::nullopt;
      numbers.push_back(v);
      i = static_cast<std::size_t>(end - data.data());
    }
  }
  if (!flush()) return std::nullopt;
  return rings;
}

}  // namespace naumachia::diplomacy
