#pragma once
// The server program: options, database, TLS identity, the listener, and a
// clean stop on SIGINT/SIGTERM. main() is one call, so that test builds can run
// the same program with extra game modules registered.
#include "core/game.h"

namespace naumachia::server {

int run_server(int argc, char** argv, const Registry& registry);

}  // namespace naumachia::server
