// naumachia-bench-echo: the load benchmark's baseline. A minimal asynchronous
// TLS WebSocket echo server in the shape of Boost.Beast's async SSL WebSocket
// server example, with naumachia-server's transport settings (TLS 1.2+ with
// a self-signed P-256 certificate, TCP_NODELAY, binary frames, 1 MiB frame
// limit, one I/O thread). What it costs per message is the floor for what
// the real server can cost: everything above it is the server's own work.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

constexpr std::size_t kFrameMax = 1024 * 1024;  // as naumachia-server's hard frame limit

template <class T, void (*F)(T*)>
struct Deleter {
  void operator()(T* p) const { F(p); }
};
using PKey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using Cert = std::unique_ptr<X509, Deleter<X509, X509_free>>;

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("making the TLS certificate failed at ") + what);
}

void add_extension(X509* cert, int nid, const char* value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
  X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
  check(ext != nullptr, "extension");
  X509_add_ext(cert, ext, -1);
  X509_EXTENSION_free(ext);
}

// The same kind of identity naumachia-server makes on first start (P-256
// key, self-signed for localhost), kept in memory: handshakes cost the same.
void use_fresh_identity(ssl::context& ctx) {
  PKey key(EVP_EC_gen("P-256"));
  check(key != nullptr, "key generation");
  Cert cert(X509_new());
  X509_set_version(cert.get(), 2);
  unsigned char serial[8];
  check(RAND_bytes(serial, sizeof serial) == 1, "serial number");
  BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
  BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
  BN_free(bn);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24L * 3600);
  X509_set_pubkey(cert.get(), key.get());
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(cert.get(), name);
  add_extension(cert.get(), NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1");
  add_extension(cert.get(), NID_basic_constraints, "critical,CA:FALSE");
  check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "signing");
  ctx.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                  ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
  check(SSL_CTX_use_certificate(ctx.native_handle(), cert.get()) == 1, "using the certificate");
  check(SSL_CTX_use_PrivateKey(ctx.native_handle(), key.get()) == 1, "using the key");
}

// One connection; it owns itself through the handlers it has in flight.
class EchoSession : public std::enable_shared_from_this<EchoSession> {
 public:
  EchoSession(tcp::socket&& socket, ssl::context& ctx) : ws_(std::move(socket), ctx) {}

  void run() {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    ws_.next_layer().async_handshake(
        ssl::stream_base::server,
        beast::bind_front_handler(&EchoSession::on_tls_handshake, shared_from_this()));
  }

 private:
  void on_tls_handshake(beast::error_code ec) {
    if (ec) return;
    // From here the WebSocket's own timeouts apply.
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kFrameMax);
    ws_.binary(true);
    ws_.async_accept(beast::bind_front_handler(&EchoSession::on_accept, shared_from_this()));
  }

  void on_accept(beast::error_code ec) {
    if (ec) return;
    read();
  }

  void read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&EchoSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return;  // closed, reset or timed out: the session ends
    ws_.async_write(buffer_.data(),
                    beast::bind_front_handler(&EchoSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return;
    buffer_.consume(buffer_.size());
    read();
  }

  websocket::stream<beast::ssl_stream<beast::tcp_stream>> ws_;
  beast::flat_buffer buffer_;
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& io, ssl::context& ctx, const tcp::endpoint& at)
      : io_(io), ctx_(ctx), acceptor_(io) {
    acceptor_.open(at.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(at);
    acceptor_.listen(net::socket_base::max_listen_connections);
  }

  tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

  void accept() {
    acceptor_.async_accept(io_,
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }

 private:
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (!ec) {
      // Small request/response frames: Nagle with delayed ACKs would add tens of ms.
      socket.set_option(tcp::no_delay(true), ec);
      std::make_shared<EchoSession>(std::move(socket), ctx_)->run();
    } else if (ec == net::error::operation_aborted) {
      return;
    }
    accept();
  }

  net::io_context& io_;
  ssl::context& ctx_;
  tcp::acceptor acceptor_;
};

bool parse_listen(const std::string& s, std::string& host, unsigned short& port) {
  const auto colon = s.rfind(':');
  if (colon == std::string::npos) return false;
  host = s.substr(0, colon);
  if (host.size() > 1 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  try {
    const unsigned long p = std::stoul(s.substr(colon + 1));
    if (p > 65535) return false;
    port = static_cast<unsigned short>(p);
  } catch (const std::exception&) {
    return false;
  }
  return !host.empty();
}

constexpr const char* kUsage = R"(usage: naumachia-bench-echo [--listen HOST:PORT]

A TLS WebSocket echo server, the baseline of naumachia-bench-load: every
binary frame comes back unchanged. It makes a self-signed certificate in
memory at start, prints "listening on wss://HOST:PORT" once it accepts
(port 0 = any free port; default 127.0.0.1:0), and stops on SIGINT or SIGTERM.
)";

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1";
  unsigned short port = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (a == "--listen" && i + 1 < argc && parse_listen(argv[i + 1], host, port)) {
      ++i;
      continue;
    }
    std::cerr << "naumachia-bench-echo: bad option '" << a << "' (see --help)\n";
    return 2;
  }
  try {
    net::io_context io(1);
    ssl::context ctx(ssl::context::tls_server);
    use_fresh_identity(ctx);
    auto listener =
        std::make_shared<Listener>(io, ctx, tcp::endpoint(net::ip::make_address(host), port));
    listener->accept();
    net::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](beast::error_code, int) { io.stop(); });
    const tcp::endpoint at = listener->local_endpoint();
    const std::string shown =
        at.address().is_v6() ? "[" + at.address().to_string() + "]" : at.address().to_string();
    std::cout << "listening on wss://" << shown << ":" << at.port() << std::endl;
    io.run();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-bench-echo: " << e.what() << "\n";
    return 1;
  }
}
