#include "transport/limits.h"

namespace naumachia::server {

std::variant<std::unique_ptr<ConnectionCount::Ticket>, std::string> ConnectionCount::admit(
    const std::string& address, const NetLimits& limits) {
  std::lock_guard lock(mutex_);
  if (total_ >= limits.max_connections)
    return "the server has " + std::to_string(total_) + " connections, its limit";
  std::size_t& mine = by_address_[address];
  if (mine >= limits.max_connections_per_address) {
    return "the address has " + std::to_string(mine) + " connections, the limit per address";
  }
  ++mine;
  ++total_;
  return std::make_unique<Ticket>(shared_from_this(), address);
}

void ConnectionCount::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  --total_;
  if (auto it = by_address_.find(address); it != by_address_.end() && --it->second == 0)
    by_address_.erase(it);
}

}  // namespace naumachia::server
