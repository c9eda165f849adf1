#include "app.h"

#include <boost/asio/signal_set.hpp>
#include <boost/asio/ssl/context.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "db.h"
#include "log.h"
#include "net.h"
#include "private_files.h"
#include "service.h"
#include "store.h"
#include "tls.h"

namespace naumachia::server {

namespace {

constexpr const char* kUsage = R"(usage: naumachia-server [options]

Runs the naumachia game server: WebSockets over TLS, games kept in SQLite.

options:
  --db PATH            SQLite database file (default: data/naumachia.db);
                       created, and migrated to the current schema, at start;
                       it and its -wal/-shm files are 0600, a directory made
                       for it 0700, whatever the umask
  --listen HOST:PORT   address to listen on (default: 127.0.0.1:8443; port 0 = any free port)
  --cert PATH          TLS certificate, PEM (default: beside the database, naumachia-cert.pem)
  --key PATH           TLS private key, PEM (default: beside the database, naumachia-key.pem)
                       When both files are missing, a self-signed certificate for
                       localhost is made and saved there (the key 0600); one
                       without the other is an error.
  --request-rate N     requests a connection may make per second on average
                       (default 40; a log-in counts as 10, a replay as 20)
  --request-burst N    requests a connection may make at once (default 200)
  --help               this text

The server logs to stderr and prints one line "listening on wss://HOST:PORT" to
stdout once it accepts connections. SIGINT or SIGTERM stops it cleanly.
)";

struct Options {
  std::string db = "data/naumachia.db";
  std::string host = "127.0.0.1";
  unsigned short port = 8443;
  std::string cert;
  std::string key;
  NetLimits net;
};

bool parse_positive(const std::string& s, double& out) {
  try {
    std::size_t used = 0;
    const double v = std::stod(s, &used);
    if (used != s.size() || !(v > 0)) return false;
    out = v;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

bool parse_listen(const std::string& s, Options& o) {
  const auto colon = s.rfind(':');
  if (colon == std::string::npos) return false;
  o.host = s.substr(0, colon);
  if (o.host.size() > 1 && o.host.front() == '[' && o.host.back() == ']') {
    o.host = o.host.substr(1, o.host.size() - 2);
  }
  try {
    const unsigned long port = std::stoul(s.substr(colon + 1));
    if (port > 65535) return false;
    o.port = static_cast<unsigned short>(port);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// Returns 0 to go on, else an exit code (with the message printed).
int parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return -1;
    } else if (a == "--db" && has_value) {
      o.db = argv[++i];
    } else if (a == "--listen" && has_value) {
      if (!parse_listen(argv[++i], o)) {
        std::cerr << "naumachia-server: --listen wants HOST:PORT, got '" << argv[i] << "'\n";
        return 2;
      }
    } else if (a == "--cert" && has_value) {
      o.cert = argv[++i];
    } else if (a == "--key" && has_value) {
      o.key = argv[++i];
    } else if ((a == "--request-rate" || a == "--request-burst") && has_value) {
      double& target = a == "--request-rate" ? o.net.requests_per_second : o.net.request_burst;
      if (!parse_positive(argv[++i], target)) {
        std::cerr << "naumachia-server: " << a << " wants a positive number, got '" << argv[i]
                  << "'\n";
        return 2;
      }
    } else {
      std::cerr << "naumachia-server: unknown or incomplete option '" << a << "' (see --help)\n";
      return 2;
    }
  }
  const std::filesystem::path dir = std::filesystem::path(o.db).parent_path();
  if (o.cert.empty()) o.cert = (dir / "naumachia-cert.pem").string();
  if (o.key.empty()) o.key = (dir / "naumachia-key.pem").string();
  return 0;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int run_server(int argc, char** argv, const Registry& registry) {
  Options o;
  if (const int rc = parse(argc, argv, o)) return rc < 0 ? 0 : rc;
  try {
    // 0700 when made here; the files in it are 0600 whatever the umask.
    make_private_directory(std::filesystem::path(o.db).parent_path());
    {
      // Created and migrated here; the service opens its own connections.
      Db db(o.db, builtin_migrations());
      log_line("database " + o.db + " at schema version " + std::to_string(db.schema_version()));
    }
    boost::asio::io_context ioc;
    Service service(ioc, o.db, registry, unix_now);
    boost::asio::ssl::context ssl(boost::asio::ssl::context::tls_server);
    log_line("TLS certificate SHA-256 fingerprint " + load_or_create_identity(ssl, o.cert, o.key));
    const auto address = boost::asio::ip::make_address(o.host);
    Server server(ioc, ssl, service, {address, o.port}, o.net);
    server.start();

    boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
    std::optional<std::chrono::steady_clock::time_point> stop_by;
    signals.async_wait([&](const boost::system::error_code& ec, int sig) {
      if (ec) return;
      log_line("signal " + std::to_string(sig) + ": stopping");
      server.stop();
      // Clients get a few seconds to answer the close; then the loop ends anyway.
      stop_by = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    });
    const auto ep = server.local_endpoint();
    const std::string host =
        ep.address().is_v6() ? "[" + ep.address().to_string() + "]" : ep.address().to_string();
    std::cout << "listening on wss://" << host << ":" << ep.port() << std::endl;
    log_line("listening on wss://" + host + ":" + std::to_string(ep.port()));
    // The loop ends by itself once every connection has closed after a stop.
    while (!ioc.stopped()) {
      ioc.run_for(std::chrono::milliseconds(200));
      if (stop_by && std::chrono::steady_clock::now() > *stop_by) break;
    }
    service.flush();
    log_line("stopped");
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-server: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace naumachia::server
