#pragma once
// The administrator's tool: lists games and replays any game from its stored
// seed and orders, verifying every step against the stored hash chain; asks
// the running server to pause, resume or extend a game, or to replace a
// seat's player.
#include "core/game.h"

namespace naumachia::server {

int run_admin(int argc, char** argv, const Registry& registry);

}  // namespace naumachia::server
