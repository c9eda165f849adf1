#include "connection.h"

#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <functional>
#include <memory>

#include "digest.h"

namespace naumachia::client {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

Endpoint parse_url(const std::string& url) {
  const std::string scheme = "wss://";
  if (url.rfind(scheme, 0) != 0)
    throw ClientError("server URL must start with wss:// (got '" + url + "')");
  std::string rest = url.substr(scheme.size());
  Endpoint e;
  const auto slash = rest.find('/');
  if (slash != std::string::npos) {
    e.path = rest.substr(slash);
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || colon + 1 == rest.size() || rest.back() == ']') {
    throw ClientError("server URL needs a port: wss://HOST:PORT (got '" + url + "')");
  }
  e.host = rest.substr(0, colon);
  e.port = rest.substr(colon + 1);
  if (e.host.size() > 1 && e.host.front() == '[') e.host = e.host.substr(1, e.host.size() - 2);
  if (e.host.empty()) throw ClientError("server URL has no host (got '" + url + "')");
  return e;
}

struct Connection::Impl {
  net::io_context ioc;
  net::ssl::context ssl{net::ssl::context::tls_client};
  websocket::stream<beast::ssl_stream<beast::tcp_stream>> ws{ioc, ssl};
  beast::flat_buffer buffer;
  std::deque<std::string> inbox;
  beast::error_code read_error;
  std::string broken;  // what timed out, when the client closed the connection for it
  bool open = false;

  // Runs the loop until `done` holds or the time is up.
  bool pump(const std::function<bool()>& done, ms timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
      const auto left = deadline - std::chrono::steady_clock::now();
      if (left <= std::chrono::steady_clock::duration::zero()) return false;
      if (ioc.stopped()) ioc.restart();
      ioc.run_one_for(left);
    }
    return true;
  }

  // What one asynchronous step reports. The completion handler shares it:
  // after a timeout `step` returns while the operation is still pending, and
  // the handler runs whenever the loop next runs (with operation_aborted), so
  // it must not point into the stack of a call that has returned.
  struct StepOutcome {
    bool done = false;
    beast::error_code ec;
  };

  // Runs one asynchronous step to completion, throwing on error or timeout.
  // A timeout closes the socket: the connection is unusable afterwards.
  template <class Start>
  void step(const std::string& what, ms timeout, Start start) {
    const auto outcome = std::make_shared<StepOutcome>();
    start([outcome](beast::error_code e, auto&&...) {
      outcome->ec = e;
      outcome->done = true;
    });
    if (!pump([&] { return outcome->done; }, timeout)) {
      beast::get_lowest_layer(ws).close();
      broken = what + " timed out";
      throw ClientError(what + ": timed out");
    }
    if (outcome->ec) throw ClientError(what + ": " + outcome->ec.message());
  }

  void arm_read() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        read_error = ec;
        open = false;
        return;
      }
      inbox.push_back(beast::buffers_to_string(buffer.data()));
      buffer.consume(buffer.size());
      arm_read();
    });
  }
};

namespace {

struct X509Free {
  void operator()(X509* c) const { X509_free(c); }
};

// The certificate the server showed, and whether it verifies against the
// system's certificate authorities for the host name (OpenSSL checked it
// during the handshake; verify_none only let the handshake go on).
ServerCertificate shown_certificate(SSL* ssl) {
  const std::unique_ptr<X509, X509Free> cert(SSL_get1_peer_certificate(ssl));
  if (!cert) throw ClientError("TLS: the server showed no certificate");
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (!X509_digest(cert.get(), EVP_sha256(), md, &n))
    throw ClientError("TLS: cannot hash the server's certificate");
  auto fingerprint = Fingerprint::parse(to_hex(std::string(reinterpret_cast<char*>(md), n)));
  if (!fingerprint) throw ClientError("TLS: the certificate's SHA-256 digest is not 32 bytes");
  const long result = SSL_get_verify_result(ssl);
  return ServerCertificate{*fingerprint, result == X509_V_OK,
                           result == X509_V_OK ? "" : X509_verify_cert_error_string(result)};
}

}  // namespace

Connection::Connection(const std::string& url, const CertificateCheck& check, ms timeout)
    : impl_(std::make_unique<Impl>()) {
  const Endpoint e = parse_url(url);
  Impl& m = *impl_;
  // The handshake goes on whatever the certificate; `check` decides after it,
  // before anything is sent. OpenSSL still verifies the chain against the
  // system's authorities and the host name, for check to read.
  m.ssl.set_default_verify_paths();
  m.ssl.set_verify_mode(net::ssl::verify_none);
  SSL* ssl = m.ws.next_layer().native_handle();
  X509_VERIFY_PARAM* names = SSL_get0_param(ssl);
  if (!X509_VERIFY_PARAM_set1_ip_asc(names, e.host.c_str()) &&
      !X509_VERIFY_PARAM_set1_host(names, e.host.c_str(), 0)) {
    throw ClientError("TLS: cannot check certificates for the host name '" + e.host + "'");
  }
  tcp::resolver resolver(m.ioc);
  beast::error_code ec;
  const auto results = resolver.resolve(e.host, e.port, ec);
  if (ec) throw ClientError("cannot resolve '" + e.host + "': " + ec.message());
  m.step("connecting to " + e.host + ":" + e.port, timeout,
         [&](auto h) { beast::get_lowest_layer(m.ws).async_connect(results, h); });
  // Requests are small and each waits for its answer: no Nagle delay.
  beast::get_lowest_layer(m.ws).socket().set_option(tcp::no_delay(true), ec);
  if (!SSL_set_tlsext_host_name(ssl, e.host.c_str())) {
    throw ClientError("TLS: cannot set the server name");
  }
  m.step("TLS handshake", timeout,
         [&](auto h) { m.ws.next_layer().async_handshake(net::ssl::stream_base::client, h); });
  try {
    check(shown_certificate(ssl));
  } catch (...) {
    beast::get_lowest_layer(m.ws).close();
    throw;
  }
  m.ws.binary(true);
  m.ws.read_message_max(64 * 1024 * 1024);
  m.step("WebSocket handshake", timeout,
         [&](auto h) { m.ws.async_handshake(e.host + ":" + e.port, e.path, h); });
  m.open = true;
  m.arm_read();
}

Connection::~Connection() {
  close();
}

bool Connection::is_open() const {
  return impl_->open;
}

void Connection::close() {
  if (!impl_->open) return;
  impl_->open = false;
  beast::get_lowest_layer(impl_->ws).close();
}

void Connection::send_raw(std::string bytes, bool binary, ms timeout) {
  Impl& m = *impl_;
  // After a timeout an operation may still be pending on the stream, and a
  // stream takes one write at a time.
  if (!m.broken.empty()) throw ClientError("the connection was closed: " + m.broken);
  if (!m.open) throw ClientError("the connection is closed");
  m.ws.binary(binary);
  // The write may still be pending after a timeout: its handler keeps the bytes.
  const auto kept = std::make_shared<std::string>(std::move(bytes));
  m.step("send", timeout, [&](auto h) {
    m.ws.async_write(net::buffer(*kept),
                     [kept, h](beast::error_code ec, std::size_t n) mutable { h(ec, n); });
  });
  m.ws.binary(true);
}

std::optional<std::string> Connection::next_raw(ms timeout) {
  Impl& m = *impl_;
  m.pump([&] { return !m.inbox.empty() || !m.open; }, timeout);
  if (m.inbox.empty()) {
    if (!m.broken.empty()) throw ClientError("the connection was closed: " + m.broken);
    if (!m.open && m.read_error) {
      throw ClientError("connection closed by the server: " + m.read_error.message());
    }
    return std::nullopt;
  }
  std::string frame = std::move(m.inbox.front());
  m.inbox.pop_front();
  received_.push_back(frame);
  return frame;
}

namespace {
proto::Envelope decode(const std::string& frame) {
  proto::Envelope env;
  if (!env.ParseFromString(frame)) throw ClientError("the server sent an unreadable frame");
  return env;
}

// What the server sends unasked: game events, press messages and games made.
bool is_push(const proto::Envelope& env) {
  return env.has_event() || env.has_press_message() || env.has_game_made() || env.has_signed_out();
}
}  // namespace

proto::Envelope Connection::call(proto::Envelope request, ms timeout) {
  const std::uint64_t id = next_id_++;
  request.set_version(proto::PROTOCOL_VERSION);
  request.set_request_id(id);
  send_raw(request.SerializeAsString());
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<ms>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw ClientError("the server did not answer in time");
    auto frame = next_raw(left);
    if (!frame) continue;
    proto::Envelope env = decode(*frame);
    if (env.request_id() == id) return env;
    if (is_push(env)) {
      pushes_.push_back(std::move(env));
    } else if (env.request_id() == 0 && env.has_error()) {
      return env;  // refused before decoding (rate limit, bad frame)
    }
  }
}

std::optional<proto::Envelope> Connection::next_push(ms timeout) {
  if (!pushes_.empty()) {
    proto::Envelope env = std::move(pushes_.front());
    pushes_.pop_front();
    return env;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<ms>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto frame = next_raw(left);
    if (!frame) return std::nullopt;
    proto::Envelope env = decode(*frame);
    if (is_push(env)) return env;
  }
}

}  // namespace naumachia::client
