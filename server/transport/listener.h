#pragma once
// The WebSocket-over-TLS front end (after Beast's async-ssl and chat-multi
// examples): one session per connection, owning itself through
// shared_from_this; one write in flight with a bounded queue behind it; every
// input bounded (connections in all and per address, handshake time, time to
// sign in, frame size, request rate weighted by cost, idle time). Each connection runs on a strand
// of its own; requests are decoded there and posted to the service's strand, and answers and pushes
// are posted back.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "app/service.h"

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

class Server {
 public:
  Server(boost::asio::io_context& ioc, boost::asio::ssl::context& ssl, Service& service,
         const boost::asio::ip::tcp::endpoint& endpoint, NetLimits limits = {});
  ~Server();
  boost::asio::ip::tcp::endpoint local_endpoint() const;
  void start();
  // Stops accepting, closes every session, stops the deadline timer.
  void stop();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace naumachia::server
