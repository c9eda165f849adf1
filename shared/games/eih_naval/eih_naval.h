#pragma once
// Empires in Harm 3.0 naval combat (1.1 to 1.1.7): one battle between stacks
// of fleets, two to four seats in two sides; secret tactical chits, hidden
// forces until Step Three, rounds, chase, retreat, damaged ships, blockade
// battles, port raids, surrender (docs/rules/eih-naval.md and
// docs/rules/eih-naval-play.md).
#include <memory>

#include "core/game.h"

namespace naumachia::eih_naval {

std::unique_ptr<Game> make_eih_naval_game();

}  // namespace naumachia::eih_naval
