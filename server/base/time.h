#pragma once
// Durations as operators type them on the command line of the server and of
// the admin tool, and the time as the server reads and writes it.
#include <cstdint>
#include <string>

namespace naumachia::server {

// "90s", "30m", "12h", "30d" or plain seconds, positive; false when `s` is
// none of these.
bool parse_duration(const std::string& s, std::int64_t& seconds);

// Now, in Unix seconds.
std::int64_t unix_now();
// `unix_seconds` in UTC as strftime writes it with `format`.
std::string utc_format(std::int64_t unix_seconds, const char* format);

}  // namespace naumachia::server
