#include "base/log.h"

#include <chrono>
#include <cstdio>

#include "base/time.h"

namespace naumachia::server {

void log_line(std::string_view message) {
  const std::string stamp = utc_format(unix_now(), "%Y-%m-%dT%H:%M:%SZ");
  std::fprintf(stderr, "%s %.*s\n", stamp.c_str(), static_cast<int>(message.size()),
               message.data());
  std::fflush(stderr);
}

void ThrottledLog::write(const std::string& line) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < interval_) {
    ++suppressed_;
    return;
  }
  log_line(suppressed_ ? line + " (and " + std::to_string(suppressed_) + " more like it)" : line);
  suppressed_ = 0;
  last_ = now;
}

}  // namespace naumachia::server
