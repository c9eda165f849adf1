#pragma once
// The Tyre data files compiled into the engine.
#include "games/tyre/map.h"
#include "games/tyre/tables.h"

namespace naumachia::tyre {

Expected<Map> load_map();             // data/map.txt
Expected<NavalTables> load_tables();  // data/naval-tables.txt

}  // namespace naumachia::tyre
