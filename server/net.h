#pragma once
// The WebSocket-over-TLS front end (after Beast's async-ssl and chat-multi
// examples): one session per connection, owning itself through
// shared_from_this; one write in flight with a bounded queue behind it; every
// input bounded (handshake time, frame size, request rate, idle time).
// Everything runs on one I/O thread, which is also the service's thread.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <string>

#include "service.h"

namespace naumachia::server {

struct NetLimits {
  std::size_t hard_frame_max = 1024 * 1024;  // larger: the connection is closed (1009)
  std::size_t queue_limit = 256;             // pushes queued for a slow reader
  double requests_per_second = 20;
  double request_burst = 40;
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
