#include "transport/listener.h"

#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <chrono>
#include <deque>
#include <list>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <variant>

#include "base/log.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "transport/http_files.h"

namespace naumachia::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

bool quiet(const beast::error_code& ec) {
  return ec == net::error::operation_aborted || ec == websocket::error::closed ||
         ec == net::error::eof || ec == net::ssl::error::stream_truncated ||
         ec == http::error::end_of_stream;
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
                                                           const NetLimits& limits) {
    std::lock_guard lock(mutex_);
    if (total_ >= limits.max_connections)
      return "the server has " + std::to_string(total_) + " connections, its limit";
    std::size_t& mine = by_address_[address];
    if (mine >= limits.max_connections_per_address) {
      return "the address has " + std::to_string(mine) + " connections, the limit per address";
    }
    ++mine;
    ++total_;
    return std::make_unique<Ticket>(shared_from_this(), address);
  }

 private:
  void release(const std::string& address) {
    std::lock_guard lock(mutex_);
    --total_;
    if (auto it = by_address_.find(address); it != by_address_.end() && --it->second == 0)
      by_address_.erase(it);
  }

  std::mutex mutex_;
  std::size_t total_ = 0;
  std::unordered_map<std::string, std::size_t> by_address_;
};

// A log line that may repeat in a flood is written at most once per
// interval, with the count of those left out.
class ThrottledLog {
 public:
  explicit ThrottledLog(std::chrono::seconds interval) : interval_(interval) {}
  void write(const std::string& line) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < interval_) {
      ++suppressed_;
      return;
    }
    log_line(suppressed_ ? line + " (and " + std::to_string(suppressed_) + " more like it)" : line);
    suppressed_ = 0;
    last_ = now;
  }

 private:
  std::chrono::seconds interval_;
  std::chrono::steady_clock::time_point last_{};
  std::size_t suppressed_ = 0;
};

class Session : public Outbox, public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, net::ssl::context& ssl, Service& service, const NetLimits& limits,
          std::string peer, std::unique_ptr<ConnectionCount::Ticket> ticket)
      : ws_(std::move(socket), ssl),
        service_(service),
        limits_(limits),
        rate_(limits.requests_per_second, limits.request_burst),
        refusal_budget_(limits.requests_per_second, limits.refusals_before_close),
        login_timer_(ws_.get_executor()),
        ticket_(std::move(ticket)),
        peer_(std::move(peer)) {
    conn_.peer = peer_;
  }

  void run() {
    beast::get_lowest_layer(ws_).expires_after(limits_.handshake_timeout);
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

  // From the service's strand: a connection must sign in within the login
  // timeout, again after it is signed out.
  void signed_in(bool in) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), in] {
      self->authenticated_ = in;
      if (in) {
        self->login_timer_.cancel();
      } else {
        self->start_login_timer();
      }
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
    // A reader that does not read is closed before its queue holds the
    // server's memory: by frames, and by bytes (one large answer may pass
    // when nothing else waits).
    if (queue_.size() >= limits_.queue_limit ||
        (!queue_.empty() && queued_bytes_ + frame.size() > limits_.queue_bytes_limit)) {
      log_line("closing connection from " + peer_ + ": it does not read its messages (" +
               std::to_string(queue_.size()) + " frames, " + std::to_string(queued_bytes_) +
               " bytes queued)");
      close(websocket::close_code::policy_error);
      return;
    }
    queued_bytes_ += frame.size();
    queue_.push_back(std::move(frame));
    if (queue_.size() == 1) write_next();
  }

  void start_login_timer() {
    if (closing_ || !open_) return;
    login_timer_.expires_after(limits_.login_timeout);
    login_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->authenticated_) return;
      log_line("closing connection from " + self->peer_ + ": not signed in within " +
               std::to_string(self->limits_.login_timeout.count()) + " seconds");
      self->close(websocket::close_code::policy_error);
    });
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
    login_timer_.cancel();
    ws_.async_close(code, [self = shared_from_this()](beast::error_code) {});
  }

  void on_handshake(beast::error_code ec) {
    if (ec) return fail(ec, "TLS handshake");
    read_request();
  }

  // The port serves the WebSocket and, to a browser's plain requests, the
  // web client's files (web.h). The first request must arrive whole within
  // the handshake timeout; a keep-alive connection waits for its next one
  // only a short while, so that a browser's idle connections do not hold
  // the address's places.
  static constexpr std::chrono::seconds kKeepAliveIdle{5};
  static constexpr std::chrono::seconds kAnswerTimeout{60};

  void read_request(bool first = true) {
    request_.emplace();
    request_->header_limit(kHeaderLimit);
    request_->body_limit(0);
    beast::get_lowest_layer(ws_).expires_after(
        first ? limits_.handshake_timeout
              : std::min<std::chrono::steady_clock::duration>(limits_.handshake_timeout,
                                                              kKeepAliveIdle));
    http::async_read(ws_.next_layer(), http_buffer_, *request_,
                     beast::bind_front_handler(&Session::on_request, shared_from_this()));
  }

  void on_request(beast::error_code ec, std::size_t) {
    // A browser keeps idle connections open until the timeout closes them.
    if (ec == beast::error::timeout && http_buffer_.size() == 0) return;
    if (ec) return fail(ec, "HTTP request");
    if (websocket::is_upgrade(request_->get())) {
      // A client sends nothing more before the server's answer to the upgrade.
      if (http_buffer_.size() != 0) return beast::get_lowest_layer(ws_).close();
      beast::get_lowest_layer(ws_).expires_never();
      ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
      ws_.set_option(websocket::stream_base::decorator(
          [](websocket::response_type& res) { res.set(http::field::server, "naumachia"); }));
      ws_.read_message_max(limits_.hard_frame_max);
      ws_.binary(true);
      ws_.async_accept(request_->release(),
                       beast::bind_front_handler(&Session::on_accept, shared_from_this()));
      return;
    }
    const auto& req = request_->get();
    const WebAnswer a =
        answer_http(req.method_string(), req.target(), req[http::field::if_none_match]);
    // The body is the embedded file's bytes (or a static message): no copy.
    auto res = std::make_shared<http::response<http::span_body<const char>>>(
        static_cast<http::status>(a.status), req.version());
    res->set(http::field::server, "naumachia");
    res->set(http::field::content_type, a.content_type);
    for (const auto& [name, value] : web_security_headers()) res->set(name, value);
    if (a.status == 405) res->set(http::field::allow, "GET, HEAD");
    if (!a.etag.empty()) res->set(http::field::etag, a.etag);
    res->keep_alive(req.keep_alive());
    if (a.head_only) {
      res->content_length(a.body.size());
    } else {
      res->body() = http::span_body<const char>::value_type(a.body.data(), a.body.size());
      res->prepare_payload();
    }
    beast::get_lowest_layer(ws_).expires_after(kAnswerTimeout);
    http::async_write(ws_.next_layer(), *res,
                      [self = shared_from_this(), res](beast::error_code wec, std::size_t) {
                        if (wec) return self->fail(wec, "HTTP answer");
                        if (res->need_eof()) return self->end_tls();
                        self->read_request(false);
                      });
  }

  void end_tls() {
    beast::get_lowest_layer(ws_).expires_after(limits_.handshake_timeout);
    ws_.next_layer().async_shutdown([self = shared_from_this()](beast::error_code) {
      beast::get_lowest_layer(self->ws_).close();
    });
  }

  void on_accept(beast::error_code ec) {
    if (ec) return fail(ec, "WebSocket accept");
    open_ = true;
    start_login_timer();
    read_next();
  }

  void read_next() {
    ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) {
      login_timer_.cancel();
      service_.disconnect(conn_, shared_from_this());
      if (ec == websocket::error::message_too_big) {
        log_line("closed connection from " + peer_ + ": frame over " +
                 std::to_string(limits_.hard_frame_max) + " bytes");
      }
      return fail(ec, "read");
    }
    const std::string_view frame(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    // Every frame counts against the rate: text and garbage as much as a
    // cheap request.
    std::optional<proto::Envelope> request;
    std::string answer;
    if (!ws_.got_binary()) {
      answer = error_frame(0, proto::BAD_FRAME, "send binary protobuf frames, not text");
    } else {
      Decoded d = decode_request(frame, service_.max_frame());
      request = std::move(d.request);
      answer = std::move(d.error);
    }
    if (!rate_.take(request ? request_cost(*request) : 1)) {
      ++refusals_;
      // Refusals have a budget of their own, refilled at the request rate: a
      // client that now and then bursts keeps it; one that floods on regardless
      // spends it and is closed.
      if (!refusal_budget_.take(1)) {
        log_line("closing connection from " + peer_ + ": " + std::to_string(refusals_) +
                 " frames refused over its request rate");
        buffer_.consume(buffer_.size());
        return close(websocket::close_code::policy_error);
      }
      enqueue(error_frame(request ? request->request_id() : 0, proto::RATE_LIMITED,
                          "too many requests; slow down"));
    } else {
      if (request) {
        service_.handle(conn_, shared_from_this(), std::move(*request));
      } else {
        enqueue(std::move(answer));
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
    queued_bytes_ -= queue_.front().size();
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
  RateLimit refusal_budget_;
  net::steady_timer login_timer_;
  std::unique_ptr<ConnectionCount::Ticket> ticket_;
  ConnectionState conn_;
  beast::flat_buffer buffer_;
  static constexpr std::uint32_t kHeaderLimit = 8192;
  beast::flat_buffer http_buffer_{kHeaderLimit};
  std::optional<http::request_parser<http::empty_body>> request_;
  std::deque<std::string> queue_;
  std::size_t queued_bytes_ = 0;
  std::string peer_;
  int refusals_ = 0;
  bool open_ = false;
  bool closing_ = false;
  bool authenticated_ = false;
};

}  // namespace

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(net::io_context& io, net::ssl::context& ssl_ctx, Service& svc, NetLimits lim)
      : ioc(io),
        ssl(ssl_ctx),
        service(svc),
        limits(lim),
        acceptor(io),
        deadlines(io),
        accept_pause(io),
        count(std::make_shared<ConnectionCount>()) {}

  static constexpr std::chrono::milliseconds kFirstPause{10};
  static constexpr std::chrono::milliseconds kLongestPause{2000};

  net::io_context& ioc;
  net::ssl::context& ssl;
  Service& service;
  NetLimits limits;
  tcp::acceptor acceptor;
  net::steady_timer deadlines;
  net::steady_timer accept_pause;
  std::chrono::milliseconds pause = kFirstPause;
  std::shared_ptr<ConnectionCount> count;
  std::list<std::weak_ptr<Session>> sessions;
  ThrottledLog accept_errors{std::chrono::seconds(10)};
  ThrottledLog refusals{std::chrono::seconds(10)};
  bool stopped = false;

  void accept() {
    // Each connection on a strand of its own; the service posts to it.
    acceptor.async_accept(net::make_strand(ioc), [self = shared_from_this()](beast::error_code ec,
                                                                             tcp::socket socket) {
      if (self->stopped) return;
      if (ec) {
        // Out of descriptors (or memory) the next accept fails at once:
        // back off, doubling up to a limit, instead of spinning and
        // filling the log.
        self->accept_errors.write("accept: " + ec.message() + "; pausing accepts for " +
                                  std::to_string(self->pause.count()) + " ms");
        self->accept_pause.expires_after(self->pause);
        self->pause = std::min(self->pause * 2, kLongestPause);
        self->accept_pause.async_wait([self](beast::error_code wec) {
          if (!wec && !self->stopped) self->accept();
        });
        return;
      }
      self->pause = kFirstPause;
      self->admit(std::move(socket));
      self->accept();
    });
  }

  void admit(tcp::socket socket) {
    beast::error_code ec;
    const std::string peer = socket.remote_endpoint(ec).address().to_string();
    if (ec) return;  // gone already
    auto ticket = count->admit(peer, limits);
    if (auto* why = std::get_if<std::string>(&ticket)) {
      refusals.write("refused a connection from " + peer + ": " + *why);
      socket.close(ec);
      return;
    }
    // Frames are small and request/response: Nagle's algorithm with
    // delayed ACKs would hold each response for tens of milliseconds.
    socket.set_option(tcp::no_delay(true), ec);
    auto session = std::make_shared<Session>(
        std::move(socket), ssl, service, limits, peer,
        std::move(std::get<std::unique_ptr<ConnectionCount::Ticket>>(ticket)));
    sessions.remove_if([](const std::weak_ptr<Session>& w) { return w.expired(); });
    sessions.push_back(session);
    session->run();
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
  impl_->accept_pause.cancel();
  for (auto& w : impl_->sessions) {
    if (auto s = w.lock()) s->stop();
  }
}

}  // namespace naumachia::server
