#pragma once
// Durations as operators type them on the command line of the server and of
// the admin tool.
#include <cstdint>
#include <string>

namespace naumachia::server {

// "90s", "30m", "12h", "30d" or plain seconds, positive; false when `s` is
// none of these.
bool parse_duration(const std::string& s, std::int64_t& seconds);

}  // namespace naumachia::server
