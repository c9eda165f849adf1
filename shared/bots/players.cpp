#include "bots/diplomacy.h"
#include "bots/player.h"
#include "bots/search.h"

namespace naumachia::bots {

std::unique_ptr<Player> player_for(std::string_view game_id) {
  // The Fall of Constantinople is offered under the Diplomacy game and
  // under an id of its own.
  if (game_id == "diplomacy" || game_id == "fall-of-constantinople") return diplomacy_player();
  return searching_player();
}

}  // namespace naumachia::bots
