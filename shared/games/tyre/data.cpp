#include "games/tyre/data.h"

namespace naumachia::data {
std::string_view tyre_map();
std::string_view tyre_naval_tables();
}  // namespace naumachia::data

namespace naumachia::tyre {

Expected<Map> load_map() {
  return Map::load(data::tyre_map());
}
Expected<NavalTables> load_tables() {
  return NavalTables::load(data::tyre_naval_tables());
}

}  // namespace naumachia::tyre
