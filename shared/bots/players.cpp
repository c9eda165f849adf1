#include "bots/player.h"
#include "bots/search.h"
#include "bots/tyre.h"

namespace naumachia::bots {

std::unique_ptr<Player> player_for(std::string_view game_id) {
  if (game_id == "tyre") return tyre_player();
  return searching_player();
}

}  // namespace naumachia::bots
