#pragma once
// What the network front end bounds: every input of a connection (its
// handshake time, time to sign in, time idle, frame size, request rate
// weighted by cost, requests read ahead of their answers, its queue of
// answers), the answers queued on the whole server, the connections in
// all, per address, per IPv6 /64 and before signing in, and who may read the
// server's figures.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "base/addresses.h"
#include "base/log.h"

namespace naumachia::server {

struct NetLimits {
  std::size_t hard_frame_max = 1024 * 1024;          // larger: the connection is closed (1009)
  std::size_t queue_limit = 256;                     // frames queued for a slow reader
  std::size_t queue_bytes_limit = 32 * 1024 * 1024;  // bytes queued for a slow reader
  // Answers and pushes queued for all connections together: past it, a
  // connection holding more than its share is closed.
  std::size_t queue_bytes_total = 256 * 1024 * 1024;
  // A connection's requests are read only while fewer than this many bytes
  // of answers wait for it and fewer than `max_in_flight` of its requests
  // wait for their answers: a client that does not read stops being read,
  // and its further requests wait in its own socket, not in the server.
  std::size_t pause_reading_bytes = 1024 * 1024;
  std::size_t max_in_flight = 16;
  // Every frame counts, text and undecodable ones as 1; requests weighted by
  // request_cost(): a log-in counts 10, a replay 20, others 1.
  double requests_per_second = 40;
  double request_burst = 200;
  // Refused frames have a budget of this many, refilled at the request rate:
  // a connection that spends it (floods on after being refused) is closed.
  double refusals_before_close = 500;
  std::size_t max_connections = 1024;
  // Connections not signed in (yet) may hold at most this many of the places:
  // the rest are kept for signed-in users. 0: three quarters of max_connections.
  std::size_t max_unauthenticated = 0;
  std::size_t max_connections_per_address = 32;
  std::size_t max_connections_per_ipv6_64 = 64;  // an IPv6 host is given a /64 whole
  std::chrono::seconds handshake_timeout{10};    // TCP accept to the WebSocket upgrade
  std::chrono::seconds login_timeout{30};        // from the WebSocket handshake to signing in
  // A WebSocket that receives nothing is pinged after half of this and closed
  // when nothing (not even the ping's answer) came by its end.
  std::chrono::seconds idle_timeout{120};
  // A connection from these addresses (the load balancers that pass TLS
  // through) starts with a PROXY header naming the client
  // (transport/proxy_header.h), which is believed; others have none.
  std::vector<AddressRange> proxy_from;
  // Who may read the server's figures (GET /metrics): clients from these
  // ranges; others are answered as for a path that names no file. Empty:
  // nobody. They tell how busy the server is, never a game's secrets.
  std::vector<AddressRange> metrics_from = loopback_ranges();

  std::size_t unauthenticated_cap() const {
    if (max_unauthenticated) return max_unauthenticated;
    return max_connections - max_connections / 4;
  }
};

// Open connections: in all, signed in or not, per address and per IPv6 /64.
// Sessions hold a Ticket; its destruction gives the place back.
class ConnectionCount : public std::enable_shared_from_this<ConnectionCount> {
 public:
  class Ticket {
   public:
    Ticket(std::shared_ptr<ConnectionCount> count, std::string address, std::string range)
        : count_(std::move(count)), address_(std::move(address)), range_(std::move(range)) {}
    ~Ticket() { count_->release(*this); }
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    // The connection signed in (its place is no longer one of the
    // unauthenticated ones), or was signed out.
    void signed_in(bool in) { count_->signed_in(*this, in); }

   private:
    friend class ConnectionCount;
    std::shared_ptr<ConnectionCount> count_;
    std::string address_;
    std::string range_;  // the IPv6 /64, or empty
    bool signed_in_ = false;
  };

  // A ticket, or why there is none. `address` is canonical
  // (base/addresses.h).
  std::variant<std::unique_ptr<Ticket>, std::string> admit(const std::string& address,
                                                           const NetLimits& limits);

 private:
  void release(const Ticket& t);
  void signed_in(Ticket& t, bool in);

  std::mutex mutex_;
  std::size_t total_ = 0;
  std::size_t unauthenticated_ = 0;
  std::unordered_map<std::string, std::size_t> by_address_;
  std::unordered_map<std::string, std::size_t> by_range_;
};

// The bytes of answers and pushes queued for every connection together, and
// the connections that hold some: past the budget, each may hold its share.
class QueuedBytes {
 public:
  explicit QueuedBytes(std::size_t budget) : budget_(budget) {}
  // Whether a connection holding `mine` bytes may queue `more`: always under
  // the budget; over it, only within its share of it.
  bool allows(std::size_t mine, std::size_t more) const;
  void add(std::size_t mine_before, std::size_t n);
  void remove(std::size_t mine_after, std::size_t n);
  std::size_t total() const { return total_.load(); }
  std::size_t budget() const { return budget_; }
  // Where sessions log a pause in reading: a flood of them is one line.
  ThrottledLog& pauses() { return pauses_; }

 private:
  std::size_t budget_;
  std::atomic<std::size_t> total_{0};
  std::atomic<std::size_t> holders_{0};
  ThrottledLog pauses_{std::chrono::seconds(10)};
};

}  // namespace naumachia::server
