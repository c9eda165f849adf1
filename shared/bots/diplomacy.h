#pragma once
// The computer player of Diplomacy and of its variant The Fall of
// Constantinople (bots/diplomacy.cpp).
#include "bots/player.h"
#include "bots/search.h"

namespace naumachia::bots {

// Standard Diplomacy: province values spread from the supply centres and
// coordinated supports, after DumbBot. The Fall of Constantinople: the
// searching player with fall_search_options(), judged by its standing.
std::unique_ptr<Player> diplomacy_player();
SearchOptions fall_search_options();

}  // namespace naumachia::bots
