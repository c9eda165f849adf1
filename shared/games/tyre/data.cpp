#include "games/tyre/data.h"

namespace naumachia::data {
std::string_view tyre_map();
std::string_view tyre_naval_tables();
std::string_view tyre_land();
std::string_view tyre_land_tables();
}  // namespace naumachia::data

namespace naumachia::tyre {

Expected<Map> load_map() {
  return Map::load(data::tyre_map());
}
Expected<NavalTables> load_tables() {
  return NavalTables::load(data::tyre_naval_tables());
}
Expected<Army> load_army() {
  return Army::load(data::tyre_land());
}
Expected<SiegeTables> load_siege_tables() {
  return SiegeTables::load(data::tyre_land_tables());
}

}  // namespace naumachia::tyre
