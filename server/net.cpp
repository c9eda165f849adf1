#include "net.h"

#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <chrono>
#include <deque>
#include <list>

#include "codec.h"
#include "log.h"

namespace naumachia::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

bool quiet(const beast::error_code& ec) {
  return ec == net::error::operation_aborted || ec == websocket::error::closed ||
         ec == net::error::eof || ec == net::ssl::error::stream_truncated;
}

// Token bucket: `rate` requests a second on average, `burst` at once.
class RateLimit {
 public:
  RateLimit(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
  bool take(double cost) {
    const auto now = std::chrono::steady_clock::now();
    tokens_ =
        std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
    last_ = now;
    // A request dearer than the whole burst passes when the bucket is full.
    if (tokens_ < std::min(cost, burst_)) return false;
    tokens_ -= cost;
    return true;
  }

 private:
  double rate_, burst_, tokens_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

class Session : public Outbox, public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, net::ssl::context& ssl, Service& service, const NetLimits& limits)
      : ws_(std::move(socket), ssl),
        service_(service),
        limits_(limits),
        rate_(limits.requests_per_second, limits.request_burst) {
    beast::error_code ec;
    peer_ = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec).address().to_string();
  }

  void run() {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    ws_.next_layer().async_handshake(
        net::ssl::stream_base::server,
        beast::bind_front_handler(&Session::on_handshake, shared_from_this()));
  }

  // From the service's strand: the frame is handed to this connection's.
  void send(std::string frame) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
      self->enqueue(std::move(frame));
    });
  }

  // For a server stop, from any thread: a polite close when the WebSocket is
  // up, else drop the socket.
  void stop() {
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->shutdown(); });
  }

 private:
  // On this connection's strand.
  void enqueue(std::string frame) {
    if (closing_) return;
    if (queue_.size() >= limits_.queue_limit) {
      log_line("closing connection from " + peer_ + ": it does not read its messages");
      close(websocket::close_code::policy_error);
      return;
    }
    queue_.push_back(std::move(frame));
    if (queue_.size() == 1) write_next();
  }

  void shutdown() {
    if (open_) {
      close(websocket::close_code::going_away);
    } else {
      beast::get_lowest_layer(ws_).close();
    }
  }

  void close(websocket::close_code code) {
    if (closing_ || !open_) return;
    closing_ = true;
    ws_.async_close(code, [self = shared_from_this()](beast::error_code) {});
  }

  void on_handshake(beast::error_code ec) {
    if (ec) return fail(ec, "TLS handshake");
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(beast::http::field::server, "naumachia"); }));
    ws_.read_message_max(limits_.hard_frame_max);
    ws_.binary(true);
    ws_.async_accept(beast::bind_front_handler(&Session::on_accept, shared_from_this()));
  }

  void on_accept(beast::error_code ec) {
    if (ec) return fail(ec, "WebSocket accept");
    open_ = true;
    read_next();
  }

  void read_next() {
    ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) {
      service_.disconnect(shared_from_this());
      if (ec == websocket::error::message_too_big) {
        log_line("closed connection from " + peer_ + ": frame over " +
                 std::to_string(limits_.hard_frame_max) + " bytes");
      }
      return fail(ec, "read");
    }
    const std::string_view frame(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    if (!ws_.got_binary()) {
      enqueue(error_frame(0, proto::BAD_FRAME, "send binary protobuf frames, not text"));
    } else {
      Decoded d = decode_request(frame, service_.max_frame());
      if (!d.request) {
        enqueue(std::move(d.error));
      } else if (!rate_.take(request_cost(*d.request))) {
        enqueue(error_frame(d.request->request_id(), proto::RATE_LIMITED,
                            "too many requests; slow down"));
      } else {
        service_.handle(conn_, shared_from_this(), std::move(*d.request));
      }
    }
    buffer_.consume(buffer_.size());
    read_next();
  }

  void write_next() {
    ws_.async_write(net::buffer(queue_.front()),
                    beast::bind_front_handler(&Session::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return fail(ec, "write");
    queue_.pop_front();
    if (!queue_.empty()) write_next();
  }

  void fail(beast::error_code ec, const char* what) {
    if (quiet(ec)) return;
    log_line("connection from " + peer_ + ": " + what + ": " + ec.message());
  }

  websocket::stream<beast::ssl_stream<beast::tcp_stream>> ws_;
  Service& service_;
  NetLimits limits_;
  RateLimit rate_;
  ConnectionState conn_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::string peer_;
  bool open_ = false;
  bool closing_ = false;
};

}  // namespace

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(net::io_context& io, net::ssl::context& ssl_ctx, Service& svc, NetLimits lim)
      : ioc(io), ssl(ssl_ctx), service(svc), limits(lim), acceptor(io), deadlines(io) {}

  net::io_context& ioc;
  net::ssl::context& ssl;
  Service& service;
  NetLimits limits;
  tcp::acceptor acceptor;
  net::steady_timer deadlines;
  std::list<std::weak_ptr<Session>> sessions;
  bool stopped = false;

  void accept() {
    // Each connection on a strand of its own; the service posts to it.
    acceptor.async_accept(net::make_strand(ioc), [self = shared_from_this()](beast::error_code ec,
                                                                             tcp::socket socket) {
      if (self->stopped) return;
      if (ec) {
        log_line("accept: " + ec.message());
      } else {
        // Frames are small and request/response: Nagle's algorithm with
        // delayed ACKs would hold each response for tens of milliseconds.
        socket.set_option(tcp::no_delay(true), ec);
        auto session =
            std::make_shared<Session>(std::move(socket), self->ssl, self->service, self->limits);
        self->sessions.remove_if([](const std::weak_ptr<Session>& w) { return w.expired(); });
        self->sessions.push_back(session);
        session->run();
      }
      self->accept();
    });
  }

  // Deadlines are rows in the database, so a restart picks them up again here.
  void tick() {
    deadlines.expires_after(std::chrono::seconds(1));
    deadlines.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->stopped) return;
      self->service.check_deadlines();
      self->tick();
    });
  }
};

Server::Server(net::io_context& ioc, net::ssl::context& ssl, Service& service,
               const tcp::endpoint& endpoint, NetLimits limits)
    : impl_(std::make_shared<Impl>(ioc, ssl, service, limits)) {
  auto& a = impl_->acceptor;
  a.open(endpoint.protocol());
  a.set_option(net::socket_base::reuse_address(true));
  a.bind(endpoint);
  a.listen(net::socket_base::max_listen_connections);
}

Server::~Server() = default;

tcp::endpoint Server::local_endpoint() const {
  return impl_->acceptor.local_endpoint();
}

void Server::start() {
  impl_->accept();
  impl_->service.check_deadlines();
  impl_->tick();
}

void Server::stop() {
  impl_->stopped = true;
  beast::error_code ec;
  impl_->acceptor.close(ec);
  impl_->deadlines.cancel();
  for (auto& w : impl_->sessions) {
    if (auto s = w.lock()) s->stop();
  }
}

}  // namespace naumachia::server
