#pragma once
// Classis's computer player (docs/computer.md, "Classis").
#include <memory>

#include "bots/player.h"
#include "bots/search.h"

namespace naumachia::bots {

// The searching player's settings for Classis's setup (the commander of
// each squadron), which the Classis player hands over to it.
SearchOptions classis_setup_options();

std::unique_ptr<Player> classis_player();

}  // namespace naumachia::bots
