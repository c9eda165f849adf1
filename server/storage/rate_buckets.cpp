#include "storage/rate_buckets.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace naumachia::server {

namespace {

constexpr double kUnit = 1e9;  // billionths of a token

struct Units {
  std::int64_t burst;  // billionths
  std::int64_t rate;   // billionths per millisecond, at least 1
  std::int64_t fill;   // milliseconds an empty bucket takes to fill up
};

Units units(const RateSpec& spec) {
  Units u{};
  u.burst = std::llround(spec.burst * kUnit);
  u.rate = std::max<std::int64_t>(1, std::llround(spec.per_second * kUnit / 1000));
  u.fill = u.burst / u.rate + 1;
  return u;
}

std::int64_t billionths(double cost) {
  return std::llround(cost * kUnit);
}

}  // namespace

DatabaseBuckets::DatabaseBuckets(Tables& tables, MillisClock clock)
    : tables_(tables), clock_(std::move(clock)) {
  if (!clock_) {
    clock_ = [] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}

// A new bucket starts full; a cost above the whole burst is taken, into
// debt, from a full bucket (as Bucket::take does).
bool DatabaseBuckets::take(const std::string& key, const RateSpec& spec, double cost) {
  const Units u = units(spec);
  const std::int64_t c = billionths(cost);
  Stmt s = tables_.database().prepare(
      "INSERT INTO rate_buckets AS b (key, tokens, at, full_at)"
      " VALUES (?1, CAST(?2 AS BIGINT) - ?4, ?3, CAST(?3 AS BIGINT) + CAST(?4 AS BIGINT) / ?5)"
      " ON CONFLICT (key) DO UPDATE SET"
      " tokens = LEAST(?2, b.tokens + LEAST(?3 - b.at, ?7) * ?5) - ?4,"
      " at = ?3,"
      " full_at = ?3 + (?2 - (LEAST(?2, b.tokens + LEAST(?3 - b.at, ?7) * ?5) - ?4)) / ?5"
      " WHERE LEAST(?2, b.tokens + LEAST(?3 - b.at, ?7) * ?5) >= ?6"
      " RETURNING tokens");
  s.bind(1, key)
      .bind(2, u.burst)
      .bind(3, clock_())
      .bind(4, c)
      .bind(5, u.rate)
      .bind(6, std::min(c, u.burst))
      .bind(7, u.fill);
  const bool taken = s.step();
  s.run();
  return taken;
}

void DatabaseBuckets::refund(const std::string& key, const RateSpec& spec, double cost) {
  const Units u = units(spec);
  tables_.database()
      .prepare(
          "UPDATE rate_buckets SET tokens = LEAST(CAST(?1 AS BIGINT), tokens + ?2) WHERE key = ?3")
      .bind(1, u.burst)
      .bind(2, billionths(cost))
      .bind(3, key)
      .run();
}

double DatabaseBuckets::wait(const std::string& key, const RateSpec& spec, double cost) {
  const Units u = units(spec);
  Stmt s = tables_.database().prepare("SELECT tokens, at FROM rate_buckets WHERE key = ?");
  s.bind(1, key);
  if (!s.step()) return 0;
  const std::int64_t tokens = s.integer(0), at = s.integer(1);
  s.run();
  const std::int64_t elapsed = std::clamp<std::int64_t>(clock_() - at, 0, u.fill);
  const std::int64_t level = std::min(u.burst, tokens + elapsed * u.rate);
  const std::int64_t needed = std::min(billionths(cost), u.burst);
  if (level >= needed) return 0;
  return static_cast<double>(needed - level) / static_cast<double>(u.rate) / 1000;
}

void DatabaseBuckets::sweep() {
  tables_.database().prepare("DELETE FROM rate_buckets WHERE full_at < ?").bind(1, clock_()).run();
}

}  // namespace naumachia::server
