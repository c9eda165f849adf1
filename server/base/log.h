#pragma once
// Server log: one line per event on stderr, prefixed with UTC time. Never log
// order contents or tokens: logs may be shown to people who are not players.
#include <string_view>

namespace naumachia::server {

void log_line(std::string_view message);

}  // namespace naumachia::server
