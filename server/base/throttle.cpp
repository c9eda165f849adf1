#include "base/throttle.h"

#include <algorithm>
#include <cmath>

#include "durations.h"

namespace naumachia::server {

void Bucket::refill(Clock::time_point now) {
  if (now <= last_) return;
  const double elapsed = std::chrono::duration<double>(now - last_).count();
  tokens_ = std::min(spec_.burst, tokens_ + elapsed * spec_.per_second);
  last_ = now;
}

bool Bucket::take(Clock::time_point now, double cost) {
  refill(now);
  if (tokens_ < std::min(cost, spec_.burst)) return false;
  tokens_ -= cost;
  return true;
}

void Bucket::refund(Clock::time_point now, double cost) {
  refill(now);
  tokens_ = std::min(spec_.burst, tokens_ + cost);
}

double Bucket::wait(Clock::time_point now, double cost) {
  refill(now);
  if (tokens_ >= cost) return 0;
  return spec_.per_second > 0 ? (cost - tokens_) / spec_.per_second : HUGE_VAL;
}

bool Bucket::full(Clock::time_point now) const {
  const double elapsed = now > last_ ? std::chrono::duration<double>(now - last_).count() : 0;
  return tokens_ + elapsed * spec_.per_second >= spec_.burst;
}

Bucket& KeyedBuckets::at(const std::string& key, Bucket::Clock::time_point now) {
  auto it = buckets_.find(key);
  if (it != buckets_.end()) return it->second;
  if (buckets_.size() >= prune_above_) {
    std::erase_if(buckets_, [now](const auto& kv) { return kv.second.full(now); });
  }
  return buckets_.emplace(key, Bucket(spec_, now)).first->second;
}

bool KeyedBuckets::take(const std::string& key, Bucket::Clock::time_point now, double cost) {
  if (shared_) return shared_->take(name_ + ":" + key, spec_, cost);
  return at(key, now).take(now, cost);
}

void KeyedBuckets::refund(const std::string& key, Bucket::Clock::time_point now, double cost) {
  if (shared_) return shared_->refund(name_ + ":" + key, spec_, cost);
  at(key, now).refund(now, cost);
}

double KeyedBuckets::wait(const std::string& key, Bucket::Clock::time_point now, double cost) {
  if (shared_) return shared_->wait(name_ + ":" + key, spec_, cost);
  const auto it = buckets_.find(key);
  return it == buckets_.end() ? 0 : it->second.wait(now, cost);
}

std::string retry_after(double seconds) {
  const auto s = static_cast<std::int64_t>(std::ceil(std::max(1.0, seconds)));
  return "in " + render::duration_words(s, render::Precision::RoundedUp);
}

}  // namespace naumachia::server
