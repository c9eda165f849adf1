// The Fall of Constantinople: the scenario read from the map data. The data
// are trusted build inputs, but every name in them is checked against the
// board, so that a slip in the file is an error at load, not a position the
// rules would later trip over.
#include "games/fall/scenario.h"

#include <cmath>
#include <map>
#include <set>

#include "core/json.h"

namespace naumachia::data {
std::string_view fall_of_constantinople_map();
std::string_view fall_of_constantinople_geometry();
}  // namespace naumachia::data

namespace naumachia::fall {

namespace {

using diplomacy::Map;
using diplomacy::province_of;
using diplomacy::Terrain;

// A whole number of at least zero; an absent one is 0 (the treasury names no
// manpower: manpower is never stocked, FoC Building a).
Expected<int> amount(const json::Value& v, const std::string& what) {
  if (v.is_null()) return 0;
  if (v.kind() != json::Value::Kind::Number || v.number() < 0 ||
      v.number() != std::floor(v.number()) || v.number() > 1e6)
    return fail(what + " is not a whole number of at least 0");
  return static_cast<int>(v.number());
}

Expected<Stock> stock(const json::Value& v, const std::string& what) {
  if (!v.is_null() && v.kind() != json::Value::Kind::Object)
    return fail(what + " is not an object");
  Stock s;
  for (auto [key, field] :
       {std::pair{"money", &Stock::money}, std::pair{"manpower", &Stock::manpower},
        std::pair{"food", &Stock::food}}) {
    auto n = amount(v[key], what + " " + key);
    if (!n) return fail(n.error().message);
    s.*field = *n;
  }
  return s;
}

Expected<std::vector<std::string>> names(const json::Value& v, const std::string& what) {
  if (!v.is_null() && v.kind() != json::Value::Kind::Array) return fail(what + " is not a list");
  std::vector<std::string> out;
  for (const auto& e : v.array()) {
    if (e.kind() != json::Value::Kind::String) return fail(what + " holds a non-name");
    out.push_back(e.string());
  }
  return out;
}

// One entry of a power's "units": {type, count, location, in_city}.
Expected<Group> unit(const Map& map, const std::string& power, const json::Value& u,
                     const std::string& what) {
  Group g;
  g.power = power;
  const std::string& type = u["type"].string();
  if (type != "A" && type != "F")
    return fail(what + ": the type '" + type + "' is neither A nor F");
  g.type = type == "A" ? UnitType::Army : UnitType::Fleet;
  auto count = amount(u["count"], what + ": count");
  if (!count) return fail(count.error().message);
  if (*count < 1) return fail(what + ": a count of at least 1");
  g.count = *count;
  g.place.location = u["location"].string();
  g.place.in_city = u["in_city"].boolean();
  const std::string province = province_of(g.place.location);
  if (!map.province(province)) return fail(what + ": the unknown province '" + province + "'");
  if (!map.can_stand(g.type, g.place.location))
    return fail(what + ": " + type + " cannot stand at " + g.place.location);
  if (g.place.in_city) {
    const diplomacy::City* city = map.city(province);
    if (!city) return fail(what + ": there is no city in " + province);
    // Only ports garrison fleets (FoC Movement c ii).
    if (g.type == UnitType::Fleet && !city->port)
      return fail(what + ": " + city->name + " is no port and cannot hold a fleet");
  }
  return g;
}

}  // namespace

const PowerInfo* Scenario::power(std::string_view name) const {
  for (const PowerInfo& p : powers_) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

Expected<Scenario> Scenario::load(std::string_view json_text) {
  auto map = Map::load(json_text);
  if (!map) return fail(map.error().message);
  auto parsed = json::parse(json_text);
  if (!parsed) return fail("map: " + parsed.error().message);
  const json::Value& j = *parsed;

  Scenario s;
  s.map_ = std::move(*map);
  Position& pos = s.initial_;
  // The game begins in the winter of 1354, its first winter (FoC Building c).
  if (j["start"]["season"].string() != "Winter")
    return fail("scenario: the game begins in a winter, not '" + j["start"]["season"].string() +
                "'");
  auto year = amount(j["start"]["year"], "scenario: the start year");
  if (!year) return fail(year.error().message);
  pos.season = Season::Winter;
  pos.year = *year;
  pos.first_winter = true;

  if (j["powers"].object().empty()) return fail("scenario: no powers");
  // json::Value keeps an object's members sorted by name; the shipped file
  // lists the powers alphabetically, so this is also the file's order.
  for (const auto& [name, p] : j["powers"].object()) {
    const std::string what = "scenario: " + name;
    if (name == kRebels) return fail(what + ": the name is kept for rebel units");
    auto sovereign = stock(p["sovereign"], what + ": sovereign");
    if (!sovereign) return fail(sovereign.error().message);
    auto treasury = stock(p["treasury"], what + ": treasury");
    if (!treasury) return fail(treasury.error().message);
    if (treasury->manpower != 0)
      return fail(what + ": the treasury holds no manpower (FoC Building a)");
    s.powers_.push_back({name, p["adjective"].string(), {*sovereign}});
    pos.stocks[name] = *treasury;

    auto cities = names(p["cities"], what + ": cities");
    if (!cities) return fail(cities.error().message);
    for (const std::string& c : *cities) {
      if (!s.map_.city(c)) return fail(what + ": there is no city in '" + c + "'");
      if (!pos.city_owner.emplace(c, name).second)
        return fail(what + ": the city in " + c + " is already " + pos.city_owner[c] + "'s");
    }
    auto provinces = names(p["provinces"], what + ": provinces");
    if (!provinces) return fail(provinces.error().message);
    for (const std::string& id : *provinces) {
      const diplomacy::Province* prov = s.map_.province(id);
      if (!prov) return fail(what + ": the unknown province '" + id + "'");
      // Only land and islands produce food and are held (FoC Mapboard a).
      if (prov->terrain == Terrain::Sea) return fail(what + ": the sea " + id + " is held by none");
      if (!pos.province_owner.emplace(id, name).second)
        return fail(what + ": the province " + id + " is already " + pos.province_owner[id] + "'s");
    }

    if (!p["units"].is_null() && p["units"].kind() != json::Value::Kind::Array)
      return fail(what + ": units is not a list");
    int n = 0;
    for (const auto& u : p["units"].array()) {
      auto g = unit(s.map_, name, u, what + ": unit " + std::to_string(++n));
      if (!g) return fail(g.error().message);
      pos.groups.push_back(std::move(*g));
    }
  }

  // Garrisons: only in a city of the garrison's own power, and no more units
  // than the city's size (FoC Movement c ii).
  std::map<std::string, int> garrison;
  for (const Group& g : pos.groups) {
    if (!g.place.in_city) continue;
    const std::string city = province_of(g.place.location);
    const auto owner = pos.city_owner.find(city);
    if (owner == pos.city_owner.end() || owner->second != g.power)
      return fail("scenario: " + g.power + " garrisons the city in " + city + ", not its own");
    garrison[city] += g.count;
  }
  for (const auto& [city, units] : garrison) {
    if (units > s.map_.city(city)->size)
      return fail("scenario: " + std::to_string(units) + " units garrison the city in " + city +
                  ", more than its size");
  }
  return s;
}

Expected<Scenario> load_scenario() {
  auto s = Scenario::load(data::fall_of_constantinople_map());
  if (!s) return s;
  auto geometry = diplomacy::Geometry::load(data::fall_of_constantinople_geometry());
  if (!geometry) return fail(geometry.error().message);
  s->set_geometry(std::make_shared<const diplomacy::Geometry>(std::move(*geometry)));
  return s;
}

}  // namespace naumachia::fall
