#pragma once
// The server program: options, database, TLS identity, the listener, and a
// clean stop on SIGINT/SIGTERM. main() is one call, so that test builds can run
// the same program with extra game modules registered.
#include "core/game.h"
#include "play/computer.h"

namespace naumachia::server {

// `players`: the computer's players, bots::player_for's unless set for a game.
int run_server(int argc, char** argv, const Registry& registry, ComputerPlayers players = {});

}  // namespace naumachia::server
