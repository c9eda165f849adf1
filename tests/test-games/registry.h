#pragma once
// The modules a test build offers: the shipped games and the test-only games
// (Duel; Masks, with hidden information).
#include "core/game.h"

namespace naumachia::testing {

void register_test_games(Registry& registry);  // the test-only games
Registry every_module();                       // shipped + test-only

}  // namespace naumachia::testing
