#include "transport/limits.h"

#include "base/addresses.h"

namespace naumachia::server {

std::variant<std::unique_ptr<ConnectionCount::Ticket>, std::string> ConnectionCount::admit(
    const std::string& address, const NetLimits& limits) {
  std::lock_guard lock(mutex_);
  if (total_ >= limits.max_connections)
    return "the server has " + std::to_string(total_) + " connections, its limit";
  if (unauthenticated_ >= limits.unauthenticated_cap()) {
    return "the server has " + std::to_string(unauthenticated_) +
           " connections not signed in, its limit (the other places are kept for signed-in users)";
  }
  std::size_t& mine = by_address_[address];
  if (mine >= limits.max_connections_per_address) {
    return "the address has " + std::to_string(mine) + " connections, the limit per address";
  }
  const std::string range = is_ipv6(address) ? address_range(address, 32, 64) : std::string();
  if (!range.empty()) {
    std::size_t& ours = by_range_[range];
    if (ours >= limits.max_connections_per_ipv6_64) {
      if (mine == 0) by_address_.erase(address);
      return "its network " + range + " has " + std::to_string(ours) +
             " connections, the limit per IPv6 /64";
    }
    ++ours;
  }
  ++mine;
  ++total_;
  ++unauthenticated_;
  return std::make_unique<Ticket>(shared_from_this(), address, range);
}

void ConnectionCount::signed_in(Ticket& t, bool in) {
  std::lock_guard lock(mutex_);
  if (t.signed_in_ == in) return;
  t.signed_in_ = in;
  if (in) {
    --unauthenticated_;
  } else {
    ++unauthenticated_;
  }
}

void ConnectionCount::release(const Ticket& t) {
  std::lock_guard lock(mutex_);
  --total_;
  if (!t.signed_in_) --unauthenticated_;
  if (auto it = by_address_.find(t.address_); it != by_address_.end() && --it->second == 0)
    by_address_.erase(it);
  if (t.range_.empty()) return;
  if (auto it = by_range_.find(t.range_); it != by_range_.end() && --it->second == 0)
    by_range_.erase(it);
}

bool QueuedBytes::allows(std::size_t mine, std::size_t more) const {
  if (total_.load() + more <= budget_) return true;
  const std::size_t holders = std::max<std::size_t>(1, holders_.load());
  return mine + more <= budget_ / holders;
}

void QueuedBytes::add(std::size_t mine_before, std::size_t n) {
  if (mine_before == 0 && n > 0) ++holders_;
  total_ += n;
}

void QueuedBytes::remove(std::size_t mine_after, std::size_t n) {
  if (mine_after == 0 && n > 0) --holders_;
  total_ -= n;
}

}  // namespace naumachia::server
