// Spans of time read from what people type and put into words (render/durations.h):
// one reading for the client, the server and the admin tool, one wording for
// every message that names a span.
#include <doctest/doctest.h>

#include "durations.h"

namespace naumachia::render {

TEST_CASE("a duration is a positive number with an optional unit s, m, h or d") {
  CHECK(parse_duration("90s") == 90);
  CHECK(parse_duration("30m") == 1800);
  CHECK(parse_duration("48h") == 172800);
  CHECK(parse_duration("2d") == 172800);
  CHECK(parse_duration("600") == 600);
  CHECK(parse_duration("999999999d") == 999999999LL * 86400);
  for (const char* bad : {"", "0", "0h", "h", "12x", "-5m", "1.5h", "12 h", "1000000000s"})
    CHECK_MESSAGE(!parse_duration(bad), bad);
}

TEST_CASE("a span in words: every unit, two units, a whole unit or one unit rounded up") {
  CHECK(duration_words(90061) == "1 day 1 hour 1 minute 1 second");
  CHECK(duration_words(7200) == "2 hours");
  CHECK(duration_words(0) == "0 seconds");
  CHECK(duration_words(-5) == "0 seconds");
  CHECK(duration_words(90061, Precision::TwoUnits) == "1 day 1 hour");
  CHECK(duration_words(86460, Precision::TwoUnits) == "1 day");
  CHECK(duration_words(61, Precision::TwoUnits) == "1 minute 1 second");
  CHECK(duration_words(5400, Precision::WholeUnit) == "90 minutes");
  CHECK(duration_words(259200, Precision::WholeUnit) == "3 days");
  CHECK(duration_words(3601, Precision::WholeUnit) == "3601 seconds");
  CHECK(duration_words(1, Precision::RoundedUp) == "1 second");
  CHECK(duration_words(119, Precision::RoundedUp) == "119 seconds");
  CHECK(duration_words(121, Precision::RoundedUp) == "3 minutes");
  CHECK(duration_words(7201, Precision::RoundedUp) == "3 hours");
}

}  // namespace naumachia::render
