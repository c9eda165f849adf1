#include "bots/player.h"
#include "bots/search.h"

namespace naumachia::bots {

std::unique_ptr<Player> player_for(std::string_view /*game_id*/) {
  return searching_player();
}

}  // namespace naumachia::bots
