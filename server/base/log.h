#pragma once
// Server log: one line per event on stderr, prefixed with UTC time. Never log
// order contents or tokens: logs may be shown to people who are not players.
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace naumachia::server {

void log_line(std::string_view message);

// A log line that may repeat in a flood is written at most once per
// interval, with the count of those left out.
class ThrottledLog {
 public:
  explicit ThrottledLog(std::chrono::seconds interval) : interval_(interval) {}
  void write(const std::string& line);

 private:
  std::chrono::seconds interval_;
  std::chrono::steady_clock::time_point last_{};
  std::size_t suppressed_ = 0;
};

}  // namespace naumachia::server
