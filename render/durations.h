#pragma once
// Spans of time as people type and read them: the one reading of "90s",
// "30m", "48h", "2d" for the client, the server and the admin tool, and the
// one way of putting seconds into words for every message that names a span.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace naumachia::render {

// "90s", "30m", "12h", "2d" or plain seconds ("600"): at most nine digits
// and a unit; positive. nullopt for anything else.
std::optional<std::int64_t> parse_duration(std::string_view text);

// How closely a span is put into words.
enum class Precision {
  Exact,      // every unit: "1 day 2 hours 3 seconds"
  TwoUnits,   // the largest unit and the next, rounded down: "1 day 1 hour"
  WholeUnit,  // the largest unit that divides it exactly: "90 minutes", "3 days"
  RoundedUp,  // one unit, rounded up: seconds under 2 minutes, minutes under 2 hours, else hours
};

// `seconds` in words ("0 seconds" for none or less).
std::string duration_words(std::int64_t seconds, Precision precision = Precision::Exact);

}  // namespace naumachia::render
