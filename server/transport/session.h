#pragma once
// One connection (after Beast's async-ssl and chat-multi examples): TLS, then
// the web client's files to a browser's plain requests or the WebSocket; a
// session owns itself through shared_from_this, runs on a strand (its own, or
// on a server of one thread the one strand of every connection and the
// service, where handing a request to the service and its answer back are
// calls, not hops), decodes each frame there and hands the request to the
// service, and writes one frame at a time from a bounded queue of answers and
// pushes (gathered into one TLS record while a write is under way,
// transport/gathered_writes.h). Every input is bounded (transport/limits.h).
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "base/throttle.h"
#include "protocol/connection.h"
#include "protocol/handler.h"
#include "protocol/outbox.h"
#include "transport/gathered_writes.h"
#include "transport/limits.h"

namespace naumachia::server {

// The Beast and Asio names the transport's files use.
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Session : public Outbox, public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, net::ssl::context& ssl, RequestHandler& handler,
          const NetLimits& limits, std::string peer,
          std::unique_ptr<ConnectionCount::Ticket> ticket, std::shared_ptr<QueuedBytes> all_queued);
  ~Session() override;

  void run();

  // From the service's strand: the frame is handed to this connection's
  // (queued at once when the two are one).
  void send(std::string frame) override;
  void send_shared(SharedFrame frame) override;
  // From any thread: the answer to one of this connection's requests; with
  // one answered, the next request may be read.
  void answer(std::string frame, std::shared_ptr<void> hold) override;
  void unanswered() override;

  // From the service's strand: a connection must sign in within the login
  // timeout, again after it is signed out.
  void signed_in(bool in) override;

  // For a server stop, from any thread: a polite close when the WebSocket is
  // up, else drop the socket.
  void stop();

 private:
  // A frame waiting to be written (its own, or one shared with other
  // connections), and what it holds until then.
  struct Out {
    std::string own;
    SharedFrame shared;
    std::shared_ptr<void> hold;
    const std::string& bytes() const { return shared ? *shared : own; }
  };

  // Runs `f` on this connection's strand: at once when this thread runs it.
  template <class F>
  void on_strand(F&& f);

  // On this connection's strand.
  void enqueue(Out out);
  void enqueue(std::string frame) { enqueue(Out{std::move(frame), nullptr, nullptr}); }
  // Reads the next request unless one is being read, or the connection has
  // as many requests waiting for answers or as many answers waiting to be
  // read as it may (then it is read again once they drain).
  void read_more();
  void answered();

  void start_login_timer();

  void shutdown();

  void close(websocket::close_code code);

  void on_handshake(beast::error_code ec);

  // The port serves the WebSocket and, to a browser's plain requests, the
  // web client's files (transport/http_files.h). The first request must arrive whole within
  // the handshake timeout; a keep-alive connection waits for its next one
  // only a short while, so that a browser's idle connections do not hold
  // the address's places.
  static constexpr std::chrono::seconds kKeepAliveIdle{5};
  static constexpr std::chrono::seconds kAnswerTimeout{60};

  void read_request(bool first = true);

  void on_request(beast::error_code ec, std::size_t);

  void end_tls();

  void on_accept(beast::error_code ec);

  void read_next();

  void on_read(beast::error_code ec, std::size_t);

  void write_next();

  void on_write(beast::error_code ec, std::size_t);

  void fail(beast::error_code ec, const char* what);

  using Strand = net::strand<net::io_context::executor_type>;
  // The WebSocket over gathered writes over TLS; the HTTP requests before it
  // and TLS's own steps use the TLS stream (tls()) directly.
  using Tls = beast::ssl_stream<beast::tcp_stream>;
  websocket::stream<GatheredWrites<Tls>> ws_;
  Tls& tls() { return ws_.next_layer().next_layer(); }
  std::optional<Strand> strand_;  // the socket's, which the listener gives every session
  RequestHandler& handler_;
  NetLimits limits_;
  Bucket rate_;            // requests, weighted by request_cost()
  Bucket refusal_budget_;  // frames refused over the rate
  net::steady_timer login_timer_;
  net::steady_timer pause_timer_;  // a connection paused this long does not read: closed
  std::unique_ptr<ConnectionCount::Ticket> ticket_;
  std::shared_ptr<QueuedBytes> all_queued_;
  ConnectionState conn_;
  std::shared_ptr<ServerFigures> figures_;  // the handler's; null: none kept
  beast::flat_buffer buffer_;
  static constexpr std::uint32_t kHeaderLimit = 8192;
  beast::flat_buffer http_buffer_{kHeaderLimit};
  std::optional<http::request_parser<http::empty_body>> request_;
  std::deque<Out> queue_;
  std::size_t queued_bytes_ = 0;
  std::size_t in_flight_ = 0;  // requests handed to the service and not yet answered
  std::string peer_;
  int refusals_ = 0;
  bool reading_ = false;
  bool paused_ = false;
  bool open_ = false;
  bool closing_ = false;
  bool authenticated_ = false;
};

}  // namespace naumachia::server
