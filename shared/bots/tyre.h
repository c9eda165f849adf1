#pragma once
// Tyre's computer player (docs/computer.md, "Tyre").
#include <memory>

#include "bots/player.h"

namespace naumachia::bots {

std::unique_ptr<Player> tyre_player();

}  // namespace naumachia::bots
