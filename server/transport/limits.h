#pragma once
// What the network front end bounds: every input of a connection (its
// handshake time, time to sign in, frame size, request rate weighted by
// cost, its queue of answers), and the connections in all and per address.
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>

namespace naumachia::server {

struct NetLimits {
  std::size_t hard_frame_max = 1024 * 1024;          // larger: the connection is closed (1009)
  std::size_t queue_limit = 256;                     // frames queued for a slow reader
  std::size_t queue_bytes_limit = 32 * 1024 * 1024;  // bytes queued for a slow reader
  // Every frame counts, text and undecodable ones as 1; requests weighted by
  // request_cost(): a log-in counts 10, a replay 20, others 1.
  double requests_per_second = 40;
  double request_burst = 200;
  // Refused frames have a budget of this many, refilled at the request rate:
  // a connection that spends it (floods on after being refused) is closed.
  double refusals_before_close = 500;
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_address = 32;
  std::chrono::seconds handshake_timeout{30};
  std::chrono::seconds login_timeout{60};  // from the WebSocket handshake to signing in
};

// Open connections, in all and per address. Sessions hold a Ticket; its
// destruction gives the place back.
class ConnectionCount : public std::enable_shared_from_this<ConnectionCount> {
 public:
  class Ticket {
   public:
    Ticket(std::shared_ptr<ConnectionCount> count, std::string address)
        : count_(std::move(count)), address_(std::move(address)) {}
    ~Ticket() { count_->release(address_); }
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;

   private:
    std::shared_ptr<ConnectionCount> count_;
    std::string address_;
  };

  // A ticket, or why there is none.
  std::variant<std::unique_ptr<Ticket>, std::string> admit(const std::string& address,
                                                           const NetLimits& limits);

 private:
  void release(const std::string& address);

  std::mutex mutex_;
  std::size_t total_ = 0;
  std::unordered_map<std::string, std::size_t> by_address_;
};

}  // namespace naumachia::server
