#include "transport/session.h"

#include <boost/asio/ssl/stream.hpp>

#include "base/addresses.h"
#include "base/log.h"
#include "protocol/codec.h"
#include "protocol/figures.h"
#include "transport/http_files.h"

namespace naumachia::server {

namespace {

bool quiet(const beast::error_code& ec) {
  return ec == net::error::operation_aborted || ec == websocket::error::closed ||
         ec == net::error::eof || ec == net::ssl::error::stream_truncated ||
         ec == http::error::end_of_stream;
}

}  // namespace

Session::Session(tcp::socket&& socket, net::ssl::context& ssl, RequestHandler& handler,
                 const NetLimits& limits, std::string peer,
                 std::unique_ptr<ConnectionCount::Ticket> ticket,
                 std::shared_ptr<QueuedBytes> all_queued)
    : ws_(std::move(socket), ssl),
      handler_(handler),
      limits_(limits),
      rate_(RateSpec{limits.request_burst, limits.requests_per_second}),
      refusal_budget_(RateSpec{limits.refusals_before_close, limits.requests_per_second}),
      login_timer_(ws_.get_executor()),
      pause_timer_(ws_.get_executor()),
      ticket_(std::move(ticket)),
      all_queued_(std::move(all_queued)),
      figures_(handler.figures()),
      peer_(std::move(peer)) {
  // The executor first: target() points into it.
  const auto executor = ws_.get_executor();
  if (const auto* strand = executor.target<Strand>()) strand_ = *strand;
  conn_.peer = peer_;
  if (figures_) figures_->connections.add(1);
}

Session::~Session() {
  all_queued_->remove(0, queued_bytes_);
  if (figures_) figures_->connections.add(-1);
}

void Session::run() {
  ws_.next_layer().keep_alive(weak_from_this());
  // On the connection's strand from the first step: the listener's runs
  // elsewhere, perhaps on another thread.
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    beast::get_lowest_layer(self->ws_).expires_after(self->limits_.handshake_timeout);
    self->tls().async_handshake(net::ssl::stream_base::server,
                                beast::bind_front_handler(&Session::on_handshake, self));
  });
}

// The service calls these on its strand (or a worker's thread). On a server
// of one thread that strand is this connection's too, and they run at once;
// else they are queued on this connection's strand, never run there from
// the caller's thread: a strand entered from another would run what waits on
// it there too (this connection's next request, say, in the middle of the
// service's work).
template <class F>
void Session::on_strand(F&& f) {
  if (strand_ && strand_->running_in_this_thread()) {
    f();
  } else {
    net::post(ws_.get_executor(), std::forward<F>(f));
  }
}

void Session::send(std::string frame) {
  on_strand([self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->enqueue(std::move(frame));
  });
}

void Session::send_shared(SharedFrame frame) {
  on_strand([self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->enqueue(Out{{}, std::move(frame), nullptr});
  });
}

void Session::answer(std::string frame, std::shared_ptr<void> hold) {
  on_strand(
      [self = shared_from_this(), frame = std::move(frame), hold = std::move(hold)]() mutable {
        self->enqueue(Out{std::move(frame), nullptr, std::move(hold)});
        self->answered();
      });
}

void Session::unanswered() {
  on_strand([self = shared_from_this()] { self->answered(); });
}

void Session::answered() {
  if (in_flight_ > 0) --in_flight_;
  read_more();
}

void Session::signed_in(bool in) {
  on_strand([self = shared_from_this(), in] {
    self->authenticated_ = in;
    self->ticket_->signed_in(in);
    if (in) {
      self->login_timer_.cancel();
    } else {
      self->start_login_timer();
    }
  });
}

void Session::stop() {
  net::post(ws_.get_executor(), [self = shared_from_this()] { self->shutdown(); });
}

void Session::enqueue(Out out) {
  if (closing_) return;
  // A reader that does not read is closed before its queue holds the
  // server's memory: by frames, by its bytes, and by its share of the
  // bytes queued on the whole server (one large answer may pass when
  // nothing else waits for it). Its requests stopped being read long
  // before (read_more), so what fills its queue is pushes.
  const char* over = nullptr;
  if (queue_.size() >= limits_.queue_limit) {
    over = "frames";
  } else if (!queue_.empty() && queued_bytes_ + out.bytes().size() > limits_.queue_bytes_limit) {
    over = "bytes";
  } else if (!queue_.empty() && !all_queued_->allows(queued_bytes_, out.bytes().size())) {
    over = "share of the server's budget for queued bytes";
  }
  if (over) {
    log_line("closing connection from " + peer_ + ": it does not read its messages (" +
             std::to_string(queue_.size()) + " frames, " + std::to_string(queued_bytes_) +
             " bytes queued, over its " + over + "; " + std::to_string(all_queued_->total()) +
             " bytes queued on the server)");
    close(websocket::close_code::policy_error);
    return;
  }
  const std::size_t size = out.bytes().size();
  all_queued_->add(queued_bytes_, size);
  queued_bytes_ += size;
  queue_.push_back(std::move(out));
  if (queue_.size() == 1) write_next();
}

void Session::read_more() {
  if (reading_ || closing_ || !open_) return;
  if (in_flight_ >= limits_.max_in_flight || queued_bytes_ >= limits_.pause_reading_bytes) {
    if (paused_) return;
    paused_ = true;
    all_queued_->pauses().write(
        "pausing reads from " + peer_ + ": " + std::to_string(in_flight_) +
        " requests unanswered, " + std::to_string(queued_bytes_) + " bytes of answers unread (" +
        std::to_string(all_queued_->total()) + " bytes queued on the server)");
    // A client that reads nothing for as long as an idle one may stay is
    // not reading at all.
    pause_timer_.expires_after(limits_.idle_timeout);
    pause_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->paused_) return;
      log_line("closing connection from " + self->peer_ + ": it does not read its messages (" +
               std::to_string(self->queued_bytes_) + " bytes unread for " +
               std::to_string(self->limits_.idle_timeout.count()) + " seconds)");
      self->close(websocket::close_code::policy_error);
    });
    return;
  }
  if (paused_) {
    paused_ = false;
    pause_timer_.cancel();
  }
  reading_ = true;
  read_next();
}

void Session::start_login_timer() {
  if (closing_ || !open_) return;
  login_timer_.expires_after(limits_.login_timeout);
  login_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->authenticated_) return;
    log_line("closing connection from " + self->peer_ + ": not signed in within " +
             std::to_string(self->limits_.login_timeout.count()) + " seconds");
    self->close(websocket::close_code::policy_error);
  });
}

void Session::shutdown() {
  if (open_) {
    close(websocket::close_code::going_away);
  } else {
    beast::get_lowest_layer(ws_).close();
  }
}

void Session::close(websocket::close_code code) {
  if (closing_ || !open_) return;
  closing_ = true;
  // The close frame goes out behind what is queued, not gathered for good.
  ws_.next_layer().uncork();
  login_timer_.cancel();
  pause_timer_.cancel();
  ws_.async_close(code, [self = shared_from_this()](beast::error_code) {});
}

void Session::on_handshake(beast::error_code ec) {
  if (ec) return fail(ec, "TLS handshake");
  read_request();
}

void Session::read_request(bool first) {
  request_.emplace();
  request_->header_limit(kHeaderLimit);
  request_->body_limit(0);
  beast::get_lowest_layer(ws_).expires_after(first
                                                 ? limits_.handshake_timeout
                                                 : std::min<std::chrono::steady_clock::duration>(
                                                       limits_.handshake_timeout, kKeepAliveIdle));
  http::async_read(tls(), http_buffer_, *request_,
                   beast::bind_front_handler(&Session::on_request, shared_from_this()));
}

void Session::on_request(beast::error_code ec, std::size_t) {
  // A browser keeps idle connections open until the timeout closes them.
  if (ec == beast::error::timeout && http_buffer_.size() == 0) return;
  if (ec) return fail(ec, "HTTP request");
  if (websocket::is_upgrade(request_->get())) {
    // A client sends nothing more before the server's answer to the upgrade.
    if (http_buffer_.size() != 0) return beast::get_lowest_layer(ws_).close();
    beast::get_lowest_layer(ws_).expires_never();
    // Signed in or not, a connection that receives nothing (a ping's answer
    // counts) for the idle timeout is closed.
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.handshake_timeout = limits_.handshake_timeout;
    timeouts.idle_timeout = limits_.idle_timeout;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "naumachia"); }));
    ws_.read_message_max(limits_.hard_frame_max);
    ws_.binary(true);
    ws_.async_accept(request_->release(),
                     beast::bind_front_handler(&Session::on_accept, shared_from_this()));
    return;
  }
  const auto& req = request_->get();
  WebAnswer a = answer_http(req.method_string(), req.target(), req[http::field::if_none_match],
                            req[http::field::accept_encoding]);
  // A load balancer's health check: whether to send this server players.
  // It says no more than that (deploy/haproxy.cfg asks it).
  if (a.status != 405 && req.target() == "/healthz") {
    const bool up = handler_.ready();
    a = WebAnswer{};
    a.status = up ? 200 : 503;
    a.content_type = "text/plain; charset=utf-8";
    a.body = up ? "ready\n" : "not ready\n";
    a.head_only = req.method() == http::verb::head;
  }
  // The server's figures, to the clients --metrics-from names; to any other
  // the answer to a path that names no file (a.status is already 404), so
  // that it learns nothing, not even that they exist.
  std::shared_ptr<const std::string> figures_text;
  if (a.status != 405 && req.target() == "/metrics" && figures_ &&
      in_ranges(limits_.metrics_from, peer_)) {
    figures_text = std::make_shared<const std::string>(exposition(*figures_));
    a = WebAnswer{};
    a.content_type = Exposition::kContentType;
    a.body = *figures_text;
    a.head_only = req.method() == http::verb::head;
  }
  // The body is the embedded file's bytes (or a static message, or the
  // figures' text, which the write holds until it is done): no copy.
  auto res = std::make_shared<http::response<http::span_body<const char>>>(
      static_cast<http::status>(a.status), req.version());
  res->set(http::field::server, "naumachia");
  res->set(http::field::content_type, a.content_type);
  for (const auto& [name, value] : web_security_headers()) res->set(name, value);
  if (a.status == 405) res->set(http::field::allow, "GET, HEAD");
  if (!a.etag.empty()) {
    res->set(http::field::etag, a.etag);
    res->set(http::field::vary, "Accept-Encoding");
  }
  if (!a.content_encoding.empty()) res->set(http::field::content_encoding, a.content_encoding);
  res->keep_alive(req.keep_alive());
  if (a.head_only) {
    res->content_length(a.body.size());
  } else {
    res->body() = http::span_body<const char>::value_type(a.body.data(), a.body.size());
    res->prepare_payload();
  }
  beast::get_lowest_layer(ws_).expires_after(kAnswerTimeout);
  http::async_write(
      tls(), *res,
      [self = shared_from_this(), res, figures_text](beast::error_code wec, std::size_t) {
        if (wec) return self->fail(wec, "HTTP answer");
        if (res->need_eof()) return self->end_tls();
        self->read_request(false);
      });
}

void Session::end_tls() {
  beast::get_lowest_layer(ws_).expires_after(limits_.handshake_timeout);
  tls().async_shutdown([self = shared_from_this()](beast::error_code) {
    beast::get_lowest_layer(self->ws_).close();
  });
}

void Session::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "WebSocket accept");
  open_ = true;
  start_login_timer();
  read_more();
}

void Session::read_next() {
  ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this()));
}

void Session::on_read(beast::error_code ec, std::size_t) {
  reading_ = false;
  if (ec) {
    // The connection is gone: nothing more is read or queued.
    closing_ = true;
    login_timer_.cancel();
    pause_timer_.cancel();
    handler_.disconnect(conn_, shared_from_this());
    if (ec == websocket::error::message_too_big) {
      log_line("closed connection from " + peer_ + ": frame over " +
               std::to_string(limits_.hard_frame_max) + " bytes");
    }
    if (ec == beast::error::timeout) {
      log_line("closed connection from " + peer_ + ": idle for " +
               std::to_string(limits_.idle_timeout.count()) + " seconds (no answer to a ping)");
      return;
    }
    return fail(ec, "read");
  }
  const std::string_view frame(static_cast<const char*>(buffer_.data().data()), buffer_.size());
  // Every frame counts against the rate: text and garbage as much as a
  // cheap request.
  std::optional<proto::Envelope> request;
  std::string answer;
  proto::ErrorCode error = proto::BAD_FRAME;
  if (!ws_.got_binary()) {
    answer = error_frame(0, error, "send binary protobuf frames, not text");
  } else {
    Decoded d = decode_request(frame, handler_.max_frame());
    request = std::move(d.request);
    answer = std::move(d.error);
    error = d.code;
  }
  // Consumed before the request is handed on: on a server of one thread the
  // service answers it at once, and the answer may start the next read into
  // this buffer (read_more).
  buffer_.consume(buffer_.size());
  // Every frame is counted, by the kind of request it holds: the answer
  // the service gives counts its own error (Reply::count_in).
  const std::size_t kind = request ? request_kind(*request) : kNoRequest;
  if (figures_) figures_->request(kind);
  const auto now = Bucket::Clock::now();
  if (!rate_.take(now, request ? request_cost(*request) : 1)) {
    ++refusals_;
    // Refusals have a budget of their own, refilled at the request rate: a
    // client that now and then bursts keeps it; one that floods on regardless
    // spends it and is closed.
    if (!refusal_budget_.take(now)) {
      log_line("closing connection from " + peer_ + ": " + std::to_string(refusals_) +
               " frames refused over its request rate");
      return close(websocket::close_code::policy_error);
    }
    if (figures_) figures_->error(kind, proto::RATE_LIMITED);
    enqueue(error_frame(request ? request->request_id() : 0, proto::RATE_LIMITED,
                        "too many requests; slow down"));
  } else {
    if (request) {
      ++in_flight_;
      handler_.handle(conn_, shared_from_this(), std::move(*request));
    } else {
      if (figures_) figures_->error(kind, error);
      enqueue(std::move(answer));
    }
  }
  read_more();
}

void Session::write_next() {
  // The frames queued behind this one go out with it, in one TLS record
  // (transport/gathered_writes.h).
  if (queue_.size() > 1 && !closing_) ws_.next_layer().cork();
  ws_.async_write(net::buffer(queue_.front().bytes()),
                  beast::bind_front_handler(&Session::on_write, shared_from_this()));
}

void Session::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    ws_.next_layer().uncork();
    return fail(ec, "write");
  }
  const std::size_t n = queue_.front().bytes().size();
  queued_bytes_ -= n;
  all_queued_->remove(queued_bytes_, n);
  queue_.pop_front();
  if (queue_.empty()) {
    ws_.next_layer().uncork();
  } else {
    write_next();
  }
  read_more();
}

void Session::fail(beast::error_code ec, const char* what) {
  if (quiet(ec)) return;
  log_line("connection from " + peer_ + ": " + what + ": " + ec.message());
}

}  // namespace naumachia::server
