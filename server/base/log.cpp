#include "base/log.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace naumachia::server {

void log_line(std::string_view message) {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
  std::fprintf(stderr, "%s %.*s\n", stamp, static_cast<int>(message.size()), message.data());
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
