#include "games/diplomacy/map.h"

#include <algorithm>

#include "core/flood.h"
#include "core/json.h"
#include "core/text.h"

namespace naumachia::diplomacy {

std::string province_of(std::string_view location) {
  return std::string(location.substr(0, location.find('/')));
}

namespace {

Expected<UnitType> unit_type(const std::string& s) {
  if (s == "A") return UnitType::Army;
  if (s == "F") return UnitType::Fleet;
  return fail("unit type '" + s + "' is neither A nor F");
}

}  // namespace

Expected<Map> Map::load(std::string_view json_text) {
  auto parsed = json::parse(json_text);
  if (!parsed) return fail("map: " + parsed.error().message);
  const json::Value& j = *parsed;
  Map m;
  m.name_ = j["name"].string();
  m.victory_centers_ = static_cast<int>(j["victory_centers"].number());
  m.start_year_ = static_cast<int>(j["start"]["year"].number());
  // The drawing's canvas, when the map has coordinates (0 x 0 otherwise).
  m.width_ = j["canvas"]["width"].number();
  m.height_ = j["canvas"]["height"].number();
  for (const auto& [id, p] : j["provinces"].object()) {
    Province prov{id,
                  p["name"].string(),
                  Terrain::Land,
                  p["supply_center"].boolean(),
                  p["home_center_of"].is_null() ? "" : p["home_center_of"].string(),
                  {}};
    const std::string& t = p["type"].string();
    if (t == "sea") {
      prov.terrain = Terrain::Sea;
    } else if (t == "coast" || t == "land_island") {
      prov.terrain = Terrain::Coast;
    } else if (t == "land") {
      prov.terrain = Terrain::Land;
    } else if (t == "water_island") {
      prov.terrain = Terrain::WaterIsland;
    } else {
      return fail("map: province " + id + " has the unknown type '" + t + "'");
    }
    prov.island = t == "land_island" || t == "water_island";
    prov.food = static_cast<int>(p["food"].number());
    prov.x = p["x"].number();
    prov.y = p["y"].number();
    for (const auto& c : p["coasts"].array()) prov.coasts.push_back(c.string());
    m.provinces_.emplace(id, std::move(prov));
  }
  for (const auto& [name, p] : j["powers"].object()) {
    Power power{name, {}, {}};
    for (const auto& h : p["home_centers"].array()) power.home_centers.push_back(h.string());
    for (const auto& u : p["starting_units"].array()) {
      auto type = unit_type(u["type"].string());
      if (!type) return fail("map: " + type.error().message);
      power.starting_units.push_back({*type, u["location"].string()});
    }
    m.powers_.push_back(std::move(power));
  }
  for (const auto& [from, list] : j["adjacency"]["army"].object()) {
    for (const auto& to : list.array()) {
      m.army_[from].insert(to.string());
      m.any_neighbours_[from].insert(to.string());
    }
  }
  for (const auto& [from, list] : j["adjacency"]["fleet"].object()) {
    auto& moves = m.fleet_[from];
    const std::string from_prov = province_of(from);
    for (const auto& to : list.array()) {
      moves.push_back(to.string());
      const std::string to_prov = province_of(to.string());
      m.any_neighbours_[from_prov].insert(to_prov);
      const Province* a = m.province(from_prov);
      const Province* b = m.province(to_prov);
      if (!a || !b)
        return fail("map: fleet adjacency names an unknown province: " + from + " - " +
                    to.string());
      if (m.fleet_water(from_prov) || m.fleet_water(to_prov)) {
        m.sea_neighbours_[from_prov].insert(to_prov);
      }
    }
  }
  if (m.powers_.empty() || m.provinces_.empty()) return fail("map: no powers or no provinces");
  if (auto why = m.load_extras(j)) return fail("map: " + *why);
  m.index_names();
  return m;
}

// Cities, land bridges and walls, which only some maps have; each names only
// provinces the map has.
std::optional<std::string> Map::load_extras(const json::Value& j) {
  const auto known = [&](const std::string& id,
                         const std::string& what) -> std::optional<std::string> {
    if (!province(id)) return what + " names the unknown province " + id;
    return std::nullopt;
  };
  for (const auto& [id, c] : j["cities"].object()) {
    if (auto why = known(id, "a city")) return why;
    City city{id,
              c["name"].string(),
              static_cast<int>(c["money"].number()),
              static_cast<int>(c["size"].number()),
              c["port"].boolean(),
              c["x"].number(),
              c["y"].number()};
    if (city.size < 1) return "the city in " + id + " has no size";
    cities_.emplace(id, std::move(city));
  }
  for (const auto& pair : j["land_bridges"].array()) {
    const auto& ends = pair.array();
    if (ends.size() != 2) return "a land bridge joins two provinces";
    const std::string a = ends[0].string(), b = ends[1].string();
    for (const auto& e : {a, b}) {
      if (auto why = known(e, "a land bridge")) return why;
    }
    if (!army_adjacent(a, b) || !army_adjacent(b, a))
      return "the land bridge " + a + "-" + b + " is not an army border";
    bridges_.insert({a, b});
    bridges_.insert({b, a});
  }
  if (const auto& w = j["long_wall"]; !w.is_null()) {
    Wall wall{w["city"].string(), {}};
    if (auto why = known(wall.province, "the wall")) return why;
    for (const auto& a : w["against"].array()) {
      if (auto why = known(a.string(), "the wall")) return why;
      wall.against.insert(a.string());
    }
    walls_.push_back(std::move(wall));
  }
  return std::nullopt;
}

void Map::index_names() {
  for (const auto& [id, p] : provinces_) {
    const std::string name = text::lower(p.name);
    std::string squeezed = name;
    std::erase(squeezed, ' ');
    std::erase(squeezed, '.');
    std::erase(squeezed, '-');
    id_by_name_.emplace(name, id);
    id_by_name_.emplace(squeezed, id);
    if (name.find('-') != std::string::npos) {
      std::string spaced = name;
      std::replace(spaced.begin(), spaced.end(), '-', ' ');
      hyphenated_.emplace_back(name, spaced);
    }
    std::string words = name;
    std::replace_if(
        words.begin(), words.end(), [](char c) { return c == '-' || c == '.'; }, ' ');
    longest_name_words_ = std::max(longest_name_words_, text::split(words).size());
  }
}

const Power* Map::power(std::string_view name) const {
  const std::string wanted = text::lower(name);
  for (const Power& p : powers_) {
    if (text::lower(p.name) == wanted) return &p;
  }
  return nullptr;
}

const Province* Map::province(std::string_view id) const {
  const auto it = provinces_.find(id);
  return it == provinces_.end() ? nullptr : &it->second;
}

const Province* Map::lookup(std::string_view word) const {
  const std::string w = text::lower(word);
  if (const Province* p = province(w)) return p;
  if (const auto it = id_by_name_.find(w); it != id_by_name_.end()) return province(it->second);
  std::string squeezed = w;
  std::erase(squeezed, ' ');
  if (const auto it = id_by_name_.find(squeezed); it != id_by_name_.end())
    return province(it->second);
  return nullptr;
}

bool Map::army_adjacent(std::string_view from, std::string_view to) const {
  const auto it = army_.find(from);
  return it != army_.end() && it->second.count(std::string(to)) > 0;
}

const std::vector<std::string>& Map::fleet_moves(std::string_view from) const {
  static const std::vector<std::string> kNone;
  const auto it = fleet_.find(from);
  return it == fleet_.end() ? kNone : it->second;
}

bool Map::fleet_can_stand(std::string_view location) const {
  return fleet_.count(location) > 0;
}

const City* Map::city(std::string_view province) const {
  const auto it = cities_.find(province);
  return it == cities_.end() ? nullptr : &it->second;
}

bool Map::land_bridge(std::string_view a, std::string_view b) const {
  return bridges_.count({std::string(a), std::string(b)}) > 0;
}

bool Map::fleet_water(std::string_view province) const {
  const Province* p = this->province(province);
  return p && (p->terrain == Terrain::Sea || p->terrain == Terrain::WaterIsland);
}

bool Map::can_stand(UnitType type, std::string_view location) const {
  if (type == UnitType::Fleet) return fleet_can_stand(location);
  const Province* p = province(location);
  return p && p->terrain != Terrain::Sea;
}

std::vector<std::string> Map::fleet_reach(std::string_view from, std::string_view province) const {
  std::vector<std::string> out;
  for (const std::string& to : fleet_moves(from)) {
    if (province_of(to) == province) out.push_back(to);
  }
  return out;
}

bool Map::can_reach(UnitType type, std::string_view location, std::string_view province) const {
  if (type == UnitType::Army) return army_adjacent(province_of(location), province);
  return !fleet_reach(location, province).empty();
}

const std::set<std::string>& Map::sea_neighbours(std::string_view province) const {
  static const std::set<std::string> kNone;
  const auto it = sea_neighbours_.find(province);
  return it == sea_neighbours_.end() ? kNone : it->second;
}

std::map<std::string, int> Map::distances_from(const std::vector<std::string>& sources) const {
  return flood::reachable(
      sources, std::nullopt, [&](const std::string& p) { return any_neighbours(p); },
      [](const std::string&, const std::string&, int) { return flood::Step::Through; });
}

const std::set<std::string>& Map::any_neighbours(std::string_view province) const {
  static const std::set<std::string> kNone;
  const auto it = any_neighbours_.find(province);
  return it == any_neighbours_.end() ? kNone : it->second;
}

std::set<std::string> Map::fleet_chain(const std::set<std::string>& fleets,
                                       const std::string& sea) const {
  std::set<std::string> chain{sea};
  std::vector<std::string> todo{sea};
  while (!todo.empty()) {
    const std::string at = todo.back();
    todo.pop_back();
    for (const std::string& n : sea_neighbours(at)) {
      if (fleets.count(n) && chain.insert(n).second) todo.push_back(n);
    }
  }
  return chain;
}

std::set<std::string> Map::shores(const std::set<std::string>& chain) const {
  std::set<std::string> out;
  for (const std::string& sea : chain) {
    for (const std::string& n : any_neighbours(sea)) {
      const Province* p = province(n);
      if (p && p->terrain == Terrain::Coast) out.insert(n);
    }
  }
  return out;
}

std::string Map::place_name(std::string_view location) const {
  const Province* p = province(province_of(location));
  std::string name = p ? p->name : std::string(location);
  const auto slash = location.find('/');
  if (slash != std::string_view::npos) name += " (" + std::string(location.substr(slash + 1)) + ")";
  return name;
}

bool Map::convoy_chain(const std::string& from, const std::string& to,
                       const std::set<std::string>& links) const {
  // A chain of the `links` sea provinces from a sea next to `from` to a sea next to `to`.
  std::vector<std::string> starts;
  for (const auto& p : sea_neighbours(from)) {
    if (links.count(p)) starts.push_back(p);
  }
  const auto through_links = [&](const std::string&, const std::string& next, int) {
    return links.count(next) ? flood::Step::Through : flood::Step::Blocked;
  };
  return flood::nearest(
             starts, std::nullopt,
             [&](const std::string& p) -> const std::set<std::string>& {
               return sea_neighbours(p);
             },
             through_links, [&](const std::string& p) { return sea_neighbours(p).count(to) > 0; })
      .has_value();
}

}  // namespace naumachia::diplomacy
