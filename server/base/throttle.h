#pragma once
// Token buckets: a budget of `burst` attempts refilled at `per_second`, one
// bucket per key (an address, a user name) or a single one for the whole
// server. Used to slow down password guessing and sign-up floods, what users
// send each other, and each connection's requests (transport/session.h).
#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>

namespace naumachia::server {

struct RateSpec {
  double burst = 1;       // attempts at once
  double per_second = 1;  // refill
  // `count` attempts per `window`, all of them available at once.
  static RateSpec per(double count, std::chrono::seconds window) {
    return {count, count / static_cast<double>(window.count())};
  }
};

class Bucket {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Bucket(RateSpec spec, Clock::time_point now = Clock::now())
      : spec_(spec), tokens_(spec.burst), last_(now) {}

  // Takes `cost` when there is that much; else takes nothing. A cost above
  // the whole burst is taken (into debt) once the bucket is full, so that no
  // attempt is refused for ever.
  bool take(Clock::time_point now, double cost = 1);
  // Gives back `cost` taken for an attempt that turned out not to count (a
  // log-in that succeeded), never above the burst.
  void refund(Clock::time_point now, double cost = 1);
  // Seconds until `cost` could be taken; 0 when it can now.
  double wait(Clock::time_point now, double cost = 1);
  bool full(Clock::time_point now) const;

 private:
  void refill(Clock::time_point now);
  RateSpec spec_;
  double tokens_;
  Clock::time_point last_;
};

// Buckets kept where several server processes see the same ones (a shared
// database: storage/rate_buckets.h), on the processes' wall clocks, by key.
class SharedBuckets {
 public:
  virtual ~SharedBuckets() = default;
  virtual bool take(const std::string& key, const RateSpec& spec, double cost) = 0;
  virtual void refund(const std::string& key, const RateSpec& spec, double cost) = 0;
  virtual double wait(const std::string& key, const RateSpec& spec, double cost) = 0;
};

// One bucket per key. Keys whose buckets have filled up again are dropped
// when the map grows, so memory stays bounded by the recent attempt rate.
class KeyedBuckets {
 public:
  explicit KeyedBuckets(RateSpec spec, std::size_t prune_above = 4096)
      : spec_(spec), prune_above_(prune_above) {}
  // From now on the buckets are `store`'s, under "`name`:key", so that they
  // hold across the processes that share it; the times given are then
  // ignored for the store's clock.
  void share(SharedBuckets* store, std::string name) {
    shared_ = store;
    name_ = std::move(name);
  }
  bool take(const std::string& key, Bucket::Clock::time_point now, double cost = 1);
  void refund(const std::string& key, Bucket::Clock::time_point now, double cost = 1);
  double wait(const std::string& key, Bucket::Clock::time_point now, double cost = 1);
  std::size_t size() const { return buckets_.size(); }

 private:
  Bucket& at(const std::string& key, Bucket::Clock::time_point now);
  RateSpec spec_;
  std::size_t prune_above_;
  std::unordered_map<std::string, Bucket> buckets_;
  SharedBuckets* shared_ = nullptr;
  std::string name_;
};

// "in 3 minutes", "in 40 seconds": when a refused attempt may be retried.
std::string retry_after(double seconds);

}  // namespace naumachia::server
