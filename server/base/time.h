#pragma once
// The time as the server reads and writes it (durations as people type
// them: render/durations.h).
#include <cstdint>
#include <string>

namespace naumachia::server {

// Now, in Unix seconds.
std::int64_t unix_now();
// `unix_seconds` in UTC as strftime writes it with `format`.
std::string utc_format(std::int64_t unix_seconds, const char* format);

}  // namespace naumachia::server
