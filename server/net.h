#pragma once
// The WebSocket-over-TLS front end (after Beast's async-ssl and chat-multi
// examples): one session per connection, owning itself through
// shared_from_this; one write in flight with a bounded queue behind it; every
// input bounded (handshake time, frame size, request rate weighted by cost,
// idle time). Each connection runs on a strand of its own; requests are
// decoded there and posted to the service's strand, and answers and pushes
// are posted back.
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
  // Weighted by request_cost(): a log-in counts 10, a replay 20, others 1.
  double requests_per_second = 40;
  double request_burst = 200;
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
