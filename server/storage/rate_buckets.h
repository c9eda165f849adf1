#pragma once
// Token buckets in the database (the rate_buckets table, PostgreSQL's
// schema), for the limits that must hold across several servers on one
// database: what users send each other, log-in and sign-up throttles
// (docs/scaling.md). Each take is one statement that refills and takes
// atomically, so two servers taking at once take one after the other.
// Tokens are kept in billionths and times in Unix milliseconds, on the
// servers' wall clocks.
#include <cstdint>
#include <functional>
#include <string>

#include "base/throttle.h"
#include "storage/tables.h"

namespace naumachia::server {

class DatabaseBuckets : public SharedBuckets {
 public:
  using MillisClock = std::function<std::int64_t()>;
  // Statements run on `tables`' connection, on its thread.
  explicit DatabaseBuckets(Tables& tables, MillisClock clock = nullptr);

  bool take(const std::string& key, const RateSpec& spec, double cost) override;
  void refund(const std::string& key, const RateSpec& spec, double cost) override;
  double wait(const std::string& key, const RateSpec& spec, double cost) override;
  // Removes the buckets that have filled up again: they say nothing.
  void sweep();

 private:
  Tables& tables_;
  MillisClock clock_;
};

}  // namespace naumachia::server
