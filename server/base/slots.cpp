#include "base/slots.h"

namespace naumachia::server {

KeyedSlots::Hold KeyedSlots::take(const std::string& key) {
  {
    std::lock_guard lock(mutex_);
    std::size_t& n = held_[key];
    if (n >= per_key_) return nullptr;
    ++n;
  }
  // Points at the owner, so that a hold tests true; the deleter frees nothing.
  auto self = shared_from_this();
  return Hold(static_cast<void*>(self.get()), [self, key](void*) { self->give_back(key); });
}

std::size_t KeyedSlots::held(const std::string& key) const {
  std::lock_guard lock(mutex_);
  const auto it = held_.find(key);
  return it == held_.end() ? 0 : it->second;
}

void KeyedSlots::give_back(const std::string& key) {
  std::lock_guard lock(mutex_);
  if (auto it = held_.find(key); it != held_.end() && --it->second == 0) held_.erase(it);
}

}  // namespace naumachia::server
