#pragma once
// The Tyre data files compiled into the engine.
#include "games/tyre/land.h"
#include "games/tyre/map.h"
#include "games/tyre/tables.h"

namespace naumachia::tyre {

Expected<Map> load_map();                   // data/map.txt
Expected<NavalTables> load_tables();        // data/naval-tables.txt
Expected<Army> load_army();                 // data/land.txt
Expected<SiegeTables> load_siege_tables();  // data/land-tables.txt

}  // namespace naumachia::tyre
