#pragma once
#include "core/game.h"

namespace naumachia {

// Adds every shipped game module to `registry`.
void register_all_games(Registry& registry);

}  // namespace naumachia
