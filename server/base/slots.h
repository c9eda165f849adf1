#pragma once
// Things held at once, counted per key (a user) against a cap: a slot is
// taken for a piece of work and given back when its holder is destroyed,
// from whatever thread that happens on. Used for the expensive requests a
// user may have under way at once (app/service.h).
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace naumachia::server {

class KeyedSlots : public std::enable_shared_from_this<KeyedSlots> {
 public:
  // Held while the work is under way; its destruction gives the slot back.
  using Hold = std::shared_ptr<void>;

  static std::shared_ptr<KeyedSlots> make(std::size_t per_key) {
    return std::shared_ptr<KeyedSlots>(new KeyedSlots(per_key));
  }
  // A slot for `key`, or null when `key` holds its cap already.
  Hold take(const std::string& key);
  std::size_t held(const std::string& key) const;
  std::size_t per_key() const { return per_key_; }

 private:
  explicit KeyedSlots(std::size_t per_key) : per_key_(per_key) {}
  void give_back(const std::string& key);

  std::size_t per_key_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> held_;  // keys holding none are dropped
};

}  // namespace naumachia::server
