#include "durations.h"

#include <array>
#include <cctype>

namespace naumachia::render {

namespace {

struct Unit {
  std::int64_t size;
  const char* name;
  char letter;
};
constexpr std::array<Unit, 4> kUnits{
    {{86400, "day", 'd'}, {3600, "hour", 'h'}, {60, "minute", 'm'}, {1, "second", 's'}}};

std::string count(std::int64_t n, const Unit& u) {
  return std::to_string(n) + " " + u.name + (n == 1 ? "" : "s");
}

void append(std::string& out, const std::string& part) {
  out += (out.empty() ? "" : " ") + part;
}

}  // namespace

std::optional<std::int64_t> parse_duration(std::string_view text) {
  std::int64_t unit = 1;
  if (!text.empty() && !std::isdigit(static_cast<unsigned char>(text.back()))) {
    bool known = false;
    for (const Unit& u : kUnits) {
      if (text.back() == u.letter) {
        unit = u.size;
        known = true;
      }
    }
    // A unit other than these is a mistake, not seconds.
    if (!known) return std::nullopt;
    text.remove_suffix(1);
  }
  // Nine digits of days still fit in 64 bits of seconds.
  if (text.empty() || text.size() > 9) return std::nullopt;
  std::int64_t n = 0;
  for (const char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n == 0) return std::nullopt;
  return n * unit;
}

std::string duration_words(std::int64_t seconds, Precision precision) {
  if (seconds <= 0) return "0 seconds";
  std::string out;
  switch (precision) {
    case Precision::Exact:
      for (const Unit& u : kUnits) {
        if (const std::int64_t n = seconds / u.size; n > 0) append(out, count(n, u));
        seconds %= u.size;
      }
      return out;
    case Precision::TwoUnits:
      // The largest unit in the span, and the next one down when it is not
      // zero: "1 day 1 hour", "1 hour" for an hour and a second.
      for (std::size_t i = 0; i < kUnits.size(); ++i) {
        const std::int64_t n = seconds / kUnits[i].size;
        if (n == 0) continue;
        append(out, count(n, kUnits[i]));
        if (i + 1 < kUnits.size()) {
          const std::int64_t next = seconds % kUnits[i].size / kUnits[i + 1].size;
          if (next > 0) append(out, count(next, kUnits[i + 1]));
        }
        return out;
      }
      return out;
    case Precision::WholeUnit:
      for (const Unit& u : kUnits) {
        if (seconds % u.size == 0) return count(seconds / u.size, u);
      }
      return out;
    case Precision::RoundedUp:
      if (seconds < 120) return count(seconds, kUnits[3]);
      if (seconds < 7200) return count((seconds + 59) / 60, kUnits[2]);
      return count((seconds + 3599) / 3600, kUnits[1]);
  }
  return out;
}

}  // namespace naumachia::render
