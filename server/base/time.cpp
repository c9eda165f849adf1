#include "base/time.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>

namespace naumachia::server {

bool parse_duration(const std::string& s, std::int64_t& seconds) {
  if (s.empty()) return false;
  std::int64_t unit = 1;
  std::string digits = s;
  switch (s.back()) {
    case 's':
      unit = 1;
      break;
    case 'm':
      unit = 60;
      break;
    case 'h':
      unit = 3600;
      break;
    case 'd':
      unit = 86400;
      break;
    default:
      // A unit other than these is a mistake, not seconds.
      if (!std::isdigit(static_cast<unsigned char>(s.back()))) return false;
      break;
  }
  if (!std::isdigit(static_cast<unsigned char>(s.back()))) digits.pop_back();
  if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      }))
    return false;
  seconds = std::stoll(digits) * unit;
  return seconds > 0;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string utc_format(std::int64_t unix_seconds, const char* format) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[64];
  const std::size_t n = std::strftime(text, sizeof text, format, &tm);
  return std::string(text, n);
}

}  // namespace naumachia::server
