#pragma once
// A Diplomacy map, loaded from data (the standard map is data/standard-map.json;
// a variant brings its own file). Nothing about a particular map is code.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/result.h"
#include "games/diplomacy/geometry.h"

namespace naumachia::diplomacy {

enum class UnitType { Army, Fleet };
// WaterIsland: an island a fleet crosses like a sea, on which armies may
// stand (The Fall of Constantinople's "water islands"). An island province of
// land with a coast is Coast with `island` set.
enum class Terrain { Sea, Coast, Land, WaterIsland };

struct Province {
  std::string id;
  std::string name;
  Terrain terrain = Terrain::Land;
  bool supply_center = false;
  std::string home_of;              // power, or empty
  std::vector<std::string> coasts;  // "nc", "sc", ... for split-coast provinces
  bool island = false;              // a land island (or a water island)
  int food = 0;                     // food a year, in maps with an economy
  double x = 0, y = 0;              // label position on the map's drawing
};

// A city inside a province: a space of its own (maps with cities).
struct City {
  std::string province;
  std::string name;
  int money = 0;      // money a year
  int size = 1;       // manpower a year and garrison capacity
  bool port = false;  // may hold fleets
  double x = 0, y = 0;
};

// The Long Wall: an army standing in `province` defends with one uncuttable
// support against attacks from the `against` provinces.
struct Wall {
  std::string province;
  std::set<std::string> against;
};

struct StartingUnit {
  UnitType type;
  std::string location;
};

struct Power {
  std::string name;
  std::vector<std::string> home_centers;
  std::vector<StartingUnit> starting_units;
};

// A location is a province id, or "prov/coast" for a fleet on a split coast.
std::string province_of(std::string_view location);

class Map {
 public:
  static Expected<Map> load(std::string_view json_text);

  const std::string& name() const { return name_; }
  int victory_centers() const { return victory_centers_; }
  int start_year() const { return start_year_; }
  // The canvas the provinces' x, y (and cities') are drawn on; 0 when the map
  // has no coordinates.
  double width() const { return width_; }
  double height() const { return height_; }
  const std::vector<Power>& powers() const { return powers_; }
  const Power* power(std::string_view name) const;
  const Province* province(std::string_view id) const;
  const std::map<std::string, Province, std::less<>>& provinces() const { return provinces_; }
  // Finds a province by id or full name, any case; nullptr when unknown.
  const Province* lookup(std::string_view word) const;
  // Words in the longest province name, as order text is split into words
  // ("mid-atlantic ocean": 3): a longer run of words is no name.
  std::size_t longest_name_words() const { return longest_name_words_; }
  // Lower-case names with hyphens ("mid-atlantic ocean"), each with the
  // hyphens as spaces: order text is tokenised around them.
  const std::vector<std::pair<std::string, std::string>>& hyphenated_names() const {
    return hyphenated_;
  }

  bool army_adjacent(std::string_view from, std::string_view to) const;
  // Fleet locations a fleet at `from` (a fleet location) can move to.
  const std::vector<std::string>& fleet_moves(std::string_view from) const;
  bool fleet_can_stand(std::string_view location) const;
  // Whether a unit of `type` may stand at `location`: an army in a land or
  // coastal province (never on a named coast), a fleet where fleet_can_stand.
  bool can_stand(UnitType type, std::string_view location) const;
  // Coasts (fleet locations) of `province` that a fleet at `from` can reach.
  std::vector<std::string> fleet_reach(std::string_view from, std::string_view province) const;
  // Whether a unit at `location` could move into `province` (support reach).
  bool can_reach(UnitType type, std::string_view location, std::string_view province) const;
  // Province-level neighbours by sea (for convoy routes) and by any border.
  const std::set<std::string>& sea_neighbours(std::string_view province) const;
  const std::set<std::string>& any_neighbours(std::string_view province) const;
  // Each province's distance over any border to the nearest of `sources`
  // (0 for a source); provinces no source reaches are absent.
  std::map<std::string, int> distances_from(const std::vector<std::string>& sources) const;
  // Whether a chain of provinces in `links` (sea provinces holding convoying
  // fleets) leads from one coastal province to another: a convoy route.
  bool convoy_chain(const std::string& from, const std::string& to,
                    const std::set<std::string>& links) const;
  // The provinces of `fleets` (where fleets able to convoy stand) joined to
  // `sea` through others of them by sea: the chain a fleet in `sea` could be
  // part of (`sea` included).
  std::set<std::string> fleet_chain(const std::set<std::string>& fleets,
                                    const std::string& sea) const;
  // The coastal provinces touching a chain of seas: where the armies it
  // could carry stand, and where they could land.
  std::set<std::string> shores(const std::set<std::string>& chain) const;
  // A location as a person reads it: "Spain (north coast)" for spa/nc.
  std::string place_name(std::string_view location) const;

  // Maps with cities, land bridges and walls (empty on the standard map).
  const std::map<std::string, City, std::less<>>& cities() const { return cities_; }
  const City* city(std::string_view province) const;
  bool land_bridge(std::string_view a, std::string_view b) const;
  const std::vector<Wall>& walls() const { return walls_; }
  // Whether fleets cross `province` as they cross a sea (seas, water islands).
  bool fleet_water(std::string_view province) const;

  // The map drawn from geography, when it has such a drawing (nullptr
  // otherwise: the provinces' x, y on the canvas above).
  const Geometry* geometry() const { return geometry_.get(); }
  void set_geometry(std::shared_ptr<const Geometry> geometry) { geometry_ = std::move(geometry); }

 private:
  // Indexes made once at load, so that reading an order is a few look-ups.
  void index_names();
  std::optional<std::string> load_extras(const json::Value& j);  // the error, if any

  std::string name_;
  int victory_centers_ = 18;
  int start_year_ = 1901;
  double width_ = 0;
  double height_ = 0;
  std::vector<Power> powers_;
  std::map<std::string, Province, std::less<>> provinces_;
  std::map<std::string, std::set<std::string>, std::less<>> army_;
  std::map<std::string, std::vector<std::string>, std::less<>> fleet_;
  std::map<std::string, std::set<std::string>, std::less<>> sea_neighbours_;
  std::map<std::string, std::set<std::string>, std::less<>> any_neighbours_;
  std::map<std::string, std::string, std::less<>> id_by_name_;  // lower, and squeezed
  std::vector<std::pair<std::string, std::string>> hyphenated_;
  std::size_t longest_name_words_ = 1;
  std::map<std::string, City, std::less<>> cities_;
  std::set<std::pair<std::string, std::string>> bridges_;  // both directions
  std::vector<Wall> walls_;
  std::shared_ptr<const Geometry> geometry_;
};

}  // namespace naumachia::diplomacy
