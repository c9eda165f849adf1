#pragma once
// Small protocol helpers shared by the integration tests.
#include <memory>
#include <string>

#include "connection.h"
#include "server_process.h"

namespace naumachia::testing {

// Registers `name` on the server and returns the signed-in connection.
std::unique_ptr<client::Connection> sign_up(const ServerProcess& server, const std::string& name);
// The requester's view of a game (GetGame).
proto::GameDetail game_detail(client::Connection& c, std::uint64_t game);

}  // namespace naumachia::testing
