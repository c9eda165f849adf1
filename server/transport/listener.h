#pragma once
// The WebSocket-over-TLS front end: the listener accepts each connection on
// a strand of its own, admits it within the limits of connections in all and
// per address (transport/limits.h), and hands it to a session
// (transport/session.h), which hands its requests to the service through
// protocol/handler.h. Out of descriptors, it backs off instead of spinning.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>
#include <memory>
#include <optional>

#include "protocol/handler.h"
#include "transport/limits.h"

namespace naumachia::server {

class Listener {
 public:
  // A socket bound to `endpoint` and listening (port 0: any free port), for
  // the constructor; opened first so that what is configured before the
  // listener (the address notices give players) can name the port it got.
  static boost::asio::ip::tcp::acceptor open(boost::asio::io_context& ioc,
                                             const boost::asio::ip::tcp::endpoint& endpoint);
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  // Each connection runs on a strand of its own, or, given `shared`, every
  // connection on that one (on a server of one thread, the handler's: then
  // a request handed to the handler and its answer handed back are calls,
  // not hops through the loop's queue).
  Listener(boost::asio::io_context& ioc, boost::asio::ssl::context& ssl, RequestHandler& handler,
           boost::asio::ip::tcp::acceptor listening, NetLimits limits = {},
           std::optional<Strand> shared = std::nullopt);
  ~Listener();
  boost::asio::ip::tcp::endpoint local_endpoint() const;
  void start();
  // Stops accepting and closes every session.
  void stop();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace naumachia::server
