#include "transport/listener.h"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <list>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "base/addresses.h"
#include "base/log.h"
#include "transport/proxy_header.h"
#include "transport/session.h"

namespace naumachia::server {

struct Listener::Impl : std::enable_shared_from_this<Listener::Impl> {
  Impl(net::io_context& io, net::ssl::context& ssl_ctx, RequestHandler& handler_ref,
       tcp::acceptor listening, NetLimits lim, std::optional<Strand> shared)
      : ioc(io),
        connections_strand(std::move(shared)),
        strand(net::make_strand(io)),
        ssl(ssl_ctx),
        handler(handler_ref),
        limits(lim),
        acceptor(std::move(listening)),
        accept_pause(strand),
        count(std::make_shared<ConnectionCount>()),
        all_queued(std::make_shared<QueuedBytes>(lim.queue_bytes_total)) {}

  static constexpr std::chrono::milliseconds kFirstPause{10};
  static constexpr std::chrono::milliseconds kLongestPause{2000};

  net::io_context& ioc;
  std::optional<Strand> connections_strand;  // none: a strand for each connection
  // The listener's state (the sessions, the pause, the logs' throttles) is
  // touched on this strand only: the loop may run on several threads.
  net::strand<net::io_context::executor_type> strand;
  net::ssl::context& ssl;
  RequestHandler& handler;
  NetLimits limits;
  tcp::acceptor acceptor;
  net::steady_timer accept_pause;
  std::chrono::milliseconds pause = kFirstPause;
  std::shared_ptr<ConnectionCount> count;
  std::shared_ptr<QueuedBytes> all_queued;
  std::list<std::weak_ptr<Session>> sessions;
  ThrottledLog accept_errors{std::chrono::seconds(10)};
  ThrottledLog refusals{std::chrono::seconds(10)};
  bool stopped = false;

  void accept() {
    // Each connection on a strand of its own, or all on the one given.
    acceptor.async_accept(
        connections_strand ? *connections_strand : net::make_strand(ioc),
        net::bind_executor(
            strand, [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
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
              if (self->from_balancer(socket)) {
                self->read_proxy_header(std::move(socket));
              } else {
                self->admit(std::move(socket), {});
              }
              self->accept();
            }));
  }

  // The PROXY header (transport/proxy_header.h) is read a byte at a time,
  // so that nothing of the TLS handshake behind it is taken; it is short,
  // and read once per connection, within the handshake's time.
  struct ProxyRead {
    explicit ProxyRead(tcp::socket s) : socket(std::move(s)), timer(socket.get_executor()) {}
    tcp::socket socket;
    net::steady_timer timer;
    std::string line;
    char byte = 0;
  };

  bool from_balancer(const tcp::socket& socket) const {
    if (limits.proxy_from.empty()) return false;
    beast::error_code ec;
    const auto peer = socket.remote_endpoint(ec);
    return !ec && in_ranges(limits.proxy_from, canonical_address(peer.address().to_string()));
  }

  void read_proxy_header(tcp::socket socket) {
    auto r = std::make_shared<ProxyRead>(std::move(socket));
    r->timer.expires_after(limits.handshake_timeout);
    r->timer.async_wait(net::bind_executor(strand, [r](beast::error_code ec) {
      if (ec) return;
      beast::error_code ignored;
      r->socket.close(ignored);
    }));
    read_proxy_byte(r);
  }

  void read_proxy_byte(const std::shared_ptr<ProxyRead>& r) {
    net::async_read(
        r->socket, net::buffer(&r->byte, 1),
        net::bind_executor(
            strand, [self = shared_from_this(), r](beast::error_code ec, std::size_t) {
              if (ec || self->stopped) return;
              r->line.push_back(r->byte);
              const bool ended = r->line.ends_with("\r\n");
              if (!ended && r->line.size() < kMaxProxyHeader) return self->read_proxy_byte(r);
              r->timer.cancel();
              beast::error_code ignored;
              const std::string peer =
                  canonical_address(r->socket.remote_endpoint(ignored).address().to_string());
              const auto header =
                  parse_proxy_header(ended ? std::string_view(r->line).substr(0, r->line.size() - 2)
                                           : std::string_view(r->line));
              if (const auto* no = std::get_if<ProxyRefusal>(&header)) {
                self->refusals.write("refused a connection from " + peer + ": " + no->why);
                r->socket.close(ignored);
                return;
              }
              const std::string& source = std::get<ProxySource>(header).address;
              self->admit(std::move(r->socket),
                          source.empty() ? std::optional<std::string>{}
                                         : std::optional<std::string>{canonical_address(source)});
            }));
  }

  // `from`: the client's address as the PROXY header gave it; none: the
  // socket's peer.
  void admit(tcp::socket socket, std::optional<std::string> from) {
    beast::error_code ec;
    const std::string peer =
        from ? *from : canonical_address(socket.remote_endpoint(ec).address().to_string());
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
        std::move(socket), ssl, handler, limits, peer,
        std::move(std::get<std::unique_ptr<ConnectionCount::Ticket>>(ticket)), all_queued);
    sessions.remove_if([](const std::weak_ptr<Session>& w) { return w.expired(); });
    sessions.push_back(session);
    session->run();
  }
};

tcp::acceptor Listener::open(net::io_context& ioc, const tcp::endpoint& endpoint) {
  tcp::acceptor a(ioc);
  a.open(endpoint.protocol());
  a.set_option(net::socket_base::reuse_address(true));
  a.bind(endpoint);
  a.listen(net::socket_base::max_listen_connections);
  return a;
}

Listener::Listener(net::io_context& ioc, net::ssl::context& ssl, RequestHandler& handler,
                   tcp::acceptor listening, NetLimits limits, std::optional<Strand> shared)
    : impl_(std::make_shared<Impl>(ioc, ssl, handler, std::move(listening), limits,
                                   std::move(shared))) {}

Listener::~Listener() = default;

tcp::endpoint Listener::local_endpoint() const {
  return impl_->acceptor.local_endpoint();
}

void Listener::start() {
  net::dispatch(impl_->strand, [impl = impl_] { impl->accept(); });
}

void Listener::stop() {
  net::dispatch(impl_->strand, [impl = impl_] {
    impl->stopped = true;
    beast::error_code ec;
    impl->acceptor.close(ec);
    impl->accept_pause.cancel();
    for (auto& w : impl->sessions) {
      if (auto s = w.lock()) s->stop();
    }
  });
}

}  // namespace naumachia::server
