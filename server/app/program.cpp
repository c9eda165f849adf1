#include "app/program.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/ssl/context.hpp>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/service.h"
#include "base/addresses.h"
#include "base/log.h"
#include "base/time.h"
#include "durations.h"
#include "storage/database.h"
#include "storage/private_files.h"
#include "storage/tables.h"
#include "transport/listener.h"
#include "transport/tls.h"

namespace naumachia::server {

namespace {

constexpr const char* kUsage = R"(usage: naumachia-server [options]

Runs the naumachia game server: WebSockets over TLS, games kept in SQLite
(or PostgreSQL).

options:
  --db PATH            SQLite database file (default: data/naumachia.db);
                       created, and migrated to the current schema, at start;
                       it and its -wal/-shm files are 0600, a directory made
                       for it 0700, whatever the umask; checked at start
                       (PRAGMA quick_check): a damaged database
                       stops the server, saying how to restore a backup
  --db postgresql://USER[:PASSWORD]@HOST[:PORT]/NAME
                       a PostgreSQL database instead (docs/scaling.md):
                       migrated at start; any libpq connection URI
                       (?sslmode=..., a password from ~/.pgpass)
  --max-database-mb N  the database grows to N MiB at most (default: as far
                       as the disk allows); past it, as on a full disk, a
                       change is refused with STORAGE_FULL and nothing of it
                       is kept or shown (a SQLite file only: a PostgreSQL
                       database's size is its server's to limit)
  --listen HOST:PORT   address to listen on (default: 127.0.0.1:8443; port 0 = any free port)
  --cert PATH          TLS certificate, PEM (default: beside the database file,
                       or in data/ for PostgreSQL, naumachia-cert.pem)
  --key PATH           TLS private key, PEM (default: beside the certificate's
                       default, naumachia-key.pem)
                       When both files are missing, a self-signed certificate for
                       localhost is made and saved there (the key 0600); one
                       without the other is an error.
  --proxy-protocol LIST  the load balancers' addresses or ranges, comma-
                       separated (e.g. 10.0.0.2,10.0.0.3): a connection from
                       one of them starts with a PROXY protocol (v1) header
                       naming the client's address, which the server then
                       takes as the client's (deploy/haproxy.cfg, which passes
                       TLS through); others connect as ever (a monitor's
                       scrape of /metrics). Default: none
  --threads N          threads serving the connections (default: the CPUs the
                       server may run on, at most 64): each connection's
                       frames are handled in order, the service's work on one
                       of them at a time (docs/performance.md)
  --request-rate N     requests a connection may make per second on average
                       (default 40; a log-in counts as 10, a replay as 20)
  --request-burst N    requests a connection may make at once (default 200)
  --metrics-from LIST  who may read the server's figures for Prometheus (GET
                       /metrics on the same port; deploy/README.md): addresses
                       or ranges, comma-separated (e.g. 10.0.0.0/8,::1); any
                       other client is answered 404, as for a path that names
                       no file (default 127.0.0.0/8,::1: this host only);
                       none: nobody

connections (DURATION: a number with s, m, h or d, e.g. 90s, 30m, 12h, 30d):
  --max-connections N           open connections in all (default 1024; lowered
                                to fit the open-file limit)
  --max-unauthenticated N       of those, connections not signed in (default
                                three quarters of --max-connections: the rest
                                are kept for signed-in users)
  --max-connections-per-address N  from one address (default 32)
  --max-connections-per-ipv6-64 N  from one IPv6 /64 network (default 64)
  --max-connections-per-user N  signed in as one user at once (default 16)
  --max-connections-per-session N  signed in with one session token at once
                                (default 8)
  --handshake-timeout DURATION  from the TCP connection to the WebSocket
                                upgrade, TLS included (default 10s)
  --login-timeout DURATION      a connection that has not signed in by then is
                                closed (default 30s)
  --idle-timeout DURATION       a connection that sends nothing is pinged after
                                half of this and closed when nothing came back
                                by its end (default 120s)
  --min-deadline DURATION       the shortest step deadline a game may have,
                                and the shortest extension of one (default 60s)
  --queue-bytes N               bytes of answers and pushes queued for a client
                                that does not read before it is closed
                                (default 33554432)
  --queue-bytes-total N         bytes of answers and pushes queued for all
                                clients together; past it, a client holding
                                more than its share is closed (default 268435456)
  --pause-reading-bytes N       a client's requests are not read while this
                                many bytes of answers wait for it, nor while 16
                                of its requests wait for answers (default 1048576)
  --expensive-per-user N        replays, pictures and long lists of games one
                                user may have under way at once, unread answers
                                included (default 4)

accounts:
  --session-idle DURATION       a session unused this long ends (default 30d)
  --session-lifetime DURATION   a session ends this long after log-in whatever
                                its use (default 180d)
  --password-iterations N       PBKDF2-HMAC-SHA256 iterations for new password
                                hashes (default 600000, at least 1000); older,
                                weaker hashes are upgraded at the next log-in
  --logins-per-address N        log-ins from one address per 10 minutes (default 60)
  --login-failures-per-name N   failed log-ins for one name per 15 minutes before
                                that name is refused for a while (default 10)
  --signups-per-address N       sign-ups from one address per hour (default 10)
  --signups-per-network N       sign-ups from one IPv4 /24 or IPv6 /48 per hour
                                (default 30)
  --signup-work-bits N          the proof of work a sign-up pays: leading zero
                                bits of a SHA-256 the client searches for
                                (default 14: a fraction of a second in a
                                browser; 0: none; at most 24)
  --password-checks N           log-ins and sign-ups on the whole server per
                                second (default 5, 20 at once)
  --hashing-queue N             password hashes waiting or under way at once
                                (default 64, 4 per address or IPv6 /64; 2
                                threads of their own); past it a log-in or
                                sign-up is refused
  --replay-queue N              replays waiting or under way at once (default
                                32, 2 per user; 2 threads of their own); past
                                it a replay is refused

games:
  --max-open-games N            games one user has created that may wait for
                                players at once (default 20)
  --sends-per-minute N          press messages and proposals one user may send,
                                across all games, per minute (default 10, twice
                                as many at once)

the computer (seats it plays: docs/computer.md):
  --computer-seconds X          thinking time per decision, in seconds (default 2)
  --computer-playouts N         positions played forward per decision at most
                                (default 400)
  --computer-delay SECONDS      the wait from a step's opening to the
                                computer's orders (default 0)
  --computer-queue N            decisions waiting or under way at once (default
                                64, 8 per game; 1 thread of its own); past it a
                                seat gets the game's defaults at the deadline

notifications (players who are away hear by e-mail or webhook):
  --smtp URL                    the SMTP relay mail goes through:
                                smtp://HOST[:PORT] (STARTTLS required) or
                                smtps://HOST[:PORT]; none: no e-mail is sent
  --smtp-tls MODE               starttls (default) or none: plain SMTP, only for
                                a relay on this host or a trusted network
  --smtp-user NAME              log in to the relay as NAME, with the password
                                from --smtp-password-file, or else from the
                                environment variable NAUMACHIA_SMTP_PASSWORD
  --smtp-password-file PATH     the relay's password: the file's first line
  --smtp-ca PATH                trust these PEM certificates for the relay
                                (default: the system's)
  --mail-from ADDRESS           the sender of notices (default naumachia@localhost)
  --public-url URL              how notices name this server to the players'
                                client (default wss://HOST:PORT of --listen,
                                with the port it got for port 0)
  --reminders LIST              reminders before a deadline, to seats whose orders
                                are not ready: durations, comma-separated
                                (default 24h,1h), or none
  --notify-retry DURATION       the wait before a failed notice is tried again,
                                doubled each time up to 6h (default 1m); given
                                up after 10 attempts
  --webhooks-to-private-networks  also post to webhooks on loopback and private
                                networks (default: refused)

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
  ServiceLimits service;
  std::string smtp_password_file;
  int threads = 0;  // 0: the CPUs the server may run on
};

constexpr int kMaxThreads = 64;

// The CPUs this process may run on (taskset, cgroups' cpusets), which the
// machine's count would overstate.
int usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const auto comma = s.find(',', start);
    out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

// The notification options that need more than one value checked.
int finish_notify(Options& o) {
  auto& n = o.service.notify;
  if (!n.mail.url.empty() && n.mail.url.rfind("smtp://", 0) != 0 &&
      n.mail.url.rfind("smtps://", 0) != 0) {
    std::cerr << "naumachia-server: --smtp wants smtp://HOST[:PORT] or smtps://HOST[:PORT], got '"
              << n.mail.url << "'\n";
    return 2;
  }
  if (n.mail.url.rfind("smtps://", 0) == 0) n.mail.starttls = false;  // TLS from the start
  if (!o.smtp_password_file.empty()) {
    std::ifstream in(o.smtp_password_file);
    if (!in || !std::getline(in, n.mail.password)) {
      std::cerr << "naumachia-server: cannot read the SMTP password from '" << o.smtp_password_file
                << "'\n";
      return 2;
    }
  } else if (const char* env = std::getenv("NAUMACHIA_SMTP_PASSWORD")) {
    n.mail.password = env;
  }
  return 0;
}

// The address notices give players when --public-url is not set: the host of
// --listen and the port the listener got (port 0 asks for any free one).
std::string default_public_url(const std::string& host, unsigned short port) {
  const bool v6 = host.find(':') != std::string::npos;
  return "wss://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

bool parse_count(const std::string& s, std::int64_t& out, std::int64_t min = 1,
                 std::int64_t max = 1'000'000'000) {
  if (s.empty() || s.size() > 10 || !std::all_of(s.begin(), s.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      }))
    return false;
  out = std::stoll(s);
  return out >= min && out <= max;
}

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
// Where the server's own files go by default (the TLS certificate and key):
// beside a SQLite file, or data/ when the database is PostgreSQL's.
std::filesystem::path private_directory(const std::string& db) {
  return names_postgresql(db) ? std::filesystem::path("data")
                              : std::filesystem::path(db).parent_path();
}

int parse(int argc, char** argv, Options& o) {
  using std::chrono::hours;
  using std::chrono::minutes;
  using std::chrono::seconds;
  auto& auth = o.service.auth;
  const std::map<std::string, std::function<void(std::int64_t)>> durations = {
      {"--login-timeout", [&](std::int64_t v) { o.net.login_timeout = seconds(v); }},
      {"--handshake-timeout", [&](std::int64_t v) { o.net.handshake_timeout = seconds(v); }},
      {"--idle-timeout",
       [&](std::int64_t v) { o.net.idle_timeout = seconds(std::max<std::int64_t>(2, v)); }},
      {"--min-deadline", [&](std::int64_t v) { o.service.games.min_deadline_seconds = v; }},
      {"--session-idle", [&](std::int64_t v) { auth.session_idle_seconds = v; }},
      {"--session-lifetime", [&](std::int64_t v) { auth.session_lifetime_seconds = v; }},
      {"--notify-retry",
       [&](std::int64_t v) { o.service.notify.retry_seconds = std::max<std::int64_t>(1, v); }},
  };
  auto& notify = o.service.notify;
  const std::map<std::string, std::string*> texts = {
      {"--smtp", &notify.mail.url},         {"--smtp-user", &notify.mail.user},
      {"--smtp-ca", &notify.mail.ca_file},  {"--mail-from", &notify.mail.from},
      {"--public-url", &notify.server_url}, {"--smtp-password-file", &o.smtp_password_file},
  };
  const auto num = [](std::int64_t v) { return static_cast<double>(v); };
  const std::map<std::string, std::pair<std::int64_t, std::function<void(std::int64_t)>>> counts = {
      {"--max-connections",
       {1, [&](std::int64_t v) { o.net.max_connections = static_cast<std::size_t>(v); }}},
      {"--max-connections-per-address",
       {1,
        [&](std::int64_t v) { o.net.max_connections_per_address = static_cast<std::size_t>(v); }}},
      {"--queue-bytes",
       {4096, [&](std::int64_t v) { o.net.queue_bytes_limit = static_cast<std::size_t>(v); }}},
      {"--queue-bytes-total",
       {4096, [&](std::int64_t v) { o.net.queue_bytes_total = static_cast<std::size_t>(v); }}},
      {"--pause-reading-bytes",
       {1024, [&](std::int64_t v) { o.net.pause_reading_bytes = static_cast<std::size_t>(v); }}},
      {"--max-unauthenticated",
       {1, [&](std::int64_t v) { o.net.max_unauthenticated = static_cast<std::size_t>(v); }}},
      {"--max-connections-per-ipv6-64",
       {1,
        [&](std::int64_t v) { o.net.max_connections_per_ipv6_64 = static_cast<std::size_t>(v); }}},
      {"--max-connections-per-user",
       {1, [&](std::int64_t v) { auth.connections_per_user = static_cast<std::size_t>(v); }}},
      {"--max-connections-per-session",
       {1, [&](std::int64_t v) { auth.connections_per_session = static_cast<std::size_t>(v); }}},
      {"--threads",
       {1,
        [&](std::int64_t v) {
          o.threads = static_cast<int>(std::min<std::int64_t>(v, kMaxThreads + 1));
        }}},
      {"--hashing-queue",
       {1, [&](std::int64_t v) { o.service.hashing.capacity = static_cast<std::size_t>(v); }}},
      {"--replay-queue",
       {1, [&](std::int64_t v) { o.service.replays.capacity = static_cast<std::size_t>(v); }}},
      {"--computer-queue",
       {1, [&](std::int64_t v) { o.service.computer.capacity = static_cast<std::size_t>(v); }}},
      {"--computer-playouts",
       {1, [&](std::int64_t v) { o.service.computer_play.playouts = static_cast<int>(v); }}},
      {"--computer-delay", {0, [&](std::int64_t v) { o.service.computer_play.delay_seconds = v; }}},
      {"--expensive-per-user",
       {1, [&](std::int64_t v) { o.service.expensive_per_user = static_cast<std::size_t>(v); }}},
      {"--password-iterations",
       {PasswordScheme::kMinIterations,
        [&](std::int64_t v) { auth.scheme.iterations = static_cast<int>(v); }}},
      {"--logins-per-address",
       {1, [&](std::int64_t v) { auth.logins_per_address = RateSpec::per(num(v), minutes(10)); }}},
      {"--login-failures-per-name",
       {1, [&](std::int64_t v) { auth.failures_per_name = RateSpec::per(num(v), minutes(15)); }}},
      {"--signups-per-address",
       {1, [&](std::int64_t v) { auth.signups_per_address = RateSpec::per(num(v), hours(1)); }}},
      {"--signups-per-network",
       {1, [&](std::int64_t v) { auth.signups_per_network = RateSpec::per(num(v), hours(1)); }}},
      {"--password-checks",
       {1,
        [&](std::int64_t v) {
          auth.password_checks = RateSpec{4 * num(v), num(v)};
        }}},
      {"--max-database-mb",
       {1, [&](std::int64_t v) { o.service.max_database_bytes = v * 1024 * 1024; }}},
      {"--max-open-games",
       {1, [&](std::int64_t v) { o.service.games.max_open_games_per_user = v; }}},
      {"--sends-per-minute",
       {1,
        [&](std::int64_t v) {
          o.service.sends = RateSpec{2 * num(v), num(v) / 60};
        }}},
  };
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
    } else if (const auto t = texts.find(a); t != texts.end() && has_value) {
      *t->second = argv[++i];
    } else if (a == "--smtp-tls" && has_value) {
      const std::string mode = argv[++i];
      if (mode != "starttls" && mode != "none") {
        std::cerr << "naumachia-server: --smtp-tls wants starttls or none, got '" << mode << "'\n";
        return 2;
      }
      notify.mail.starttls = mode == "starttls";
    } else if ((a == "--metrics-from" || a == "--proxy-protocol") && has_value) {
      const std::string list = argv[++i];
      auto& ranges = a == "--metrics-from" ? o.net.metrics_from : o.net.proxy_from;
      ranges.clear();
      if (list != "none") {
        for (const std::string& part : split_commas(list)) {
          const auto range = parse_address_range(part);
          if (!range) {
            std::cerr << "naumachia-server: " << a << " wants addresses or ranges such as "
                      << "10.0.0.0/8,::1" << (a == "--metrics-from" ? " (or none)" : "")
                      << ", got '" << list << "'\n";
            return 2;
          }
          ranges.push_back(*range);
        }
      }
    } else if (a == "--webhooks-to-private-networks") {
      notify.webhooks_to_private = true;
    } else if (a == "--reminders" && has_value) {
      const std::string list = argv[++i];
      notify.reminders.clear();
      if (list != "none") {
        for (const std::string& part : split_commas(list)) {
          const auto seconds = render::parse_duration(part);
          if (!seconds) {
            std::cerr << "naumachia-server: --reminders wants durations such as 24h,1h (or none), "
                      << "got '" << list << "'\n";
            return 2;
          }
          notify.reminders.push_back(*seconds);
        }
      }
    } else if ((a == "--request-rate" || a == "--request-burst" || a == "--computer-seconds") &&
               has_value) {
      double& target = a == "--request-rate"       ? o.net.requests_per_second
                       : a == "--computer-seconds" ? o.service.computer_play.seconds
                                                   : o.net.request_burst;
      if (!parse_positive(argv[++i], target)) {
        std::cerr << "naumachia-server: " << a << " wants a positive number, got '" << argv[i]
                  << "'\n";
        return 2;
      }
    } else if (const auto d = durations.find(a); d != durations.end() && has_value) {
      const auto seconds = render::parse_duration(argv[++i]);
      if (!seconds) {
        std::cerr << "naumachia-server: " << a << " wants a duration such as 90s, 30m, 12h or 30d, "
                  << "got '" << argv[i] << "'\n";
        return 2;
      }
      d->second(*seconds);
    } else if (a == "--signup-work-bits" && has_value) {
      std::int64_t n = 0;
      if (!parse_count(argv[++i], n, 0, 24)) {
        std::cerr << "naumachia-server: --signup-work-bits wants 0 to 24, got '" << argv[i]
                  << "'\n";
        return 2;
      }
      auth.signup_work_bits = static_cast<int>(n);
    } else if (const auto c = counts.find(a); c != counts.end() && has_value) {
      std::int64_t n = 0;
      if (!parse_count(argv[++i], n, c->second.first)) {
        std::cerr << "naumachia-server: " << a << " wants a whole number of at least "
                  << c->second.first << ", got '" << argv[i] << "'\n";
        return 2;
      }
      c->second.second(n);
    } else {
      std::cerr << "naumachia-server: unknown or incomplete option '" << a << "' (see --help)\n";
      return 2;
    }
  }
  if (const int rc = finish_notify(o)) return rc;
  if (o.threads > kMaxThreads) {
    std::cerr << "naumachia-server: --threads wants 1 to " << kMaxThreads << "\n";
    return 2;
  }
  if (o.threads == 0) o.threads = std::min(usable_cpus(), kMaxThreads);
  if (names_postgresql(o.db) && o.service.max_database_bytes > 0) {
    std::cerr << "naumachia-server: --max-database-mb limits a SQLite file; a PostgreSQL "
                 "database's size is limited by its own server\n";
    return 2;
  }
  const std::filesystem::path dir = private_directory(o.db);
  if (o.cert.empty()) o.cert = (dir / "naumachia-cert.pem").string();
  if (o.key.empty()) o.key = (dir / "naumachia-key.pem").string();
  return 0;
}

// Every connection is a descriptor, and the database, the log and the
// listener need a few: the soft limit is raised to the hard one when the cap
// needs it, and the cap lowered when even that is too few.
void fit_descriptor_limit(NetLimits& net) {
  constexpr rlim_t kReserve = 64;
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return;
  const rlim_t wanted = static_cast<rlim_t>(net.max_connections) + kReserve;
  if (lim.rlim_cur < wanted && lim.rlim_cur != RLIM_INFINITY) {
    rlimit raised = lim;
    raised.rlim_cur = lim.rlim_max == RLIM_INFINITY ? wanted : std::min(wanted, lim.rlim_max);
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
  }
  if (lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < wanted) {
    const std::size_t fit = lim.rlim_cur > 2 * kReserve
                                ? static_cast<std::size_t>(lim.rlim_cur - kReserve)
                                : static_cast<std::size_t>(std::max<rlim_t>(1, lim.rlim_cur / 2));
    log_line("the open-file limit is " + std::to_string(lim.rlim_cur) + ": connections capped at " +
             std::to_string(fit) + " instead of " + std::to_string(net.max_connections));
    net.max_connections = fit;
  }
}

// A damaged database is not served: every request touching a damaged page
// would fail, and writes could spread the damage. SQLite's quick check reads
// every page and b-tree (a second or so per gigabyte); the full check, which
// also matches every index to its table, is naumachia-admin verify's.
void refuse_damaged(Database& db, const std::string& path) {
  const std::vector<std::string> problems = db.check(false);
  if (problems.empty()) return;
  if (db.engine() == Engine::postgresql) {
    throw std::runtime_error("the database '" + redact_target(path) +
                             "' cannot be read: " + problems.front());
  }
  std::string shown;
  for (std::size_t i = 0; i < problems.size() && i < 5; ++i) shown += "\n  " + problems[i];
  if (problems.size() > 5) shown += "\n  (and " + std::to_string(problems.size() - 5) + " more)";
  throw std::runtime_error(
      "the database '" + path + "' is damaged; PRAGMA quick_check reports:" + shown +
      "\nThe server does not start on it. Restore the newest backup that verifies "
      "(deploy/README.md, \"To restore\"): keep the damaged file aside, remove its -wal and "
      "-shm files, put the backup in its place (gzip -dc BACKUP.db.gz > " +
      path + ", mode 0600, owned by the server's user), check it with naumachia-admin --db " +
      path + " verify, and start the server again. Games played since the backup are lost.");
}

// A SQLite file has one server: it is the one writer of its games, which it
// keeps in memory, and a second server would overwrite them. That server
// holds an flock of FILE.lock beside the file while it runs, which a second
// one cannot take, and so refuses to start.
// Several servers may share a PostgreSQL database (docs/scaling.md): every
// change of a game is fenced by its version, so none needs the database to
// itself. One of them keeps the games' clock (deadlines, reminders, the
// administrator's requests): the one holding an advisory lock of its
// session. Each second the others try to take it, so that when its holder
// dies (its session ends with it) another keeps the clock within a second
// or two.
class ServerLock {
 public:
  explicit ServerLock(const std::string& target) {
    if (names_postgresql(target)) {
      session_.emplace(target);
      return;
    }
    const std::string path = target + ".lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd_);
      throw std::runtime_error("another naumachia-server is serving the database '" + target +
                               "': one server per SQLite file (docs/scaling.md)");
    }
  }
  ~ServerLock() {
    if (fd_ >= 0) ::close(fd_);
  }

  // Whether this server keeps the games' clock: always on SQLite; on
  // PostgreSQL while it holds the clock's lock, which it takes if it is free.
  // A session the database ended (a restart) is opened again, without the
  // lock, which is then taken again unless another server took it first. A
  // database that does not answer keeps the last answer (the clock's
  // readings fail meanwhile, and the health check says not ready).
  bool keeps_clock() {
    if (!session_) return true;
    try {
      Stmt held = session_->prepare(
          "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 0"
          " AND objid = 727002 AND objsubid = 1 AND pid = pg_backend_pid()");
      if (held.step() && held.integer(0) > 0) return held_ = true;
      Stmt take = session_->prepare("SELECT pg_try_advisory_lock(727002)");
      held_ = take.step() && take.integer(0) != 0;
    } catch (const DbError&) {
    }
    return held_;
  }
  ServerLock(const ServerLock&) = delete;
  ServerLock& operator=(const ServerLock&) = delete;

 private:
  std::optional<Database> session_;  // PostgreSQL: the session holding the clock's lock
  bool held_ = false;
  int fd_ = -1;  // SQLite: the lock file
};

}  // namespace

int run_server(int argc, char** argv, const Registry& registry, ComputerPlayers players) {
  Options o;
  if (const int rc = parse(argc, argv, o)) return rc < 0 ? 0 : rc;
  try {
    // 0700 when made here; the files in it are 0600 whatever the umask.
    make_private_directory(private_directory(o.db));
    // Before the database is touched: a second server on a SQLite file stops here.
    ServerLock lock(o.db);
    {
      // Created and migrated here; the service opens its own connections.
      Database db(o.db, builtin_migrations());
      refuse_damaged(db, o.db);
      log_line("database " + redact_target(o.db) + " at schema version " +
               std::to_string(db.schema_version()));
    }
    fit_descriptor_limit(o.net);
    // `threads` threads run the loop: each connection's work runs on a
    // strand of its own (on one thread: on the service's), the service's on
    // one strand, the listener's on another; the storage writer and the
    // workers post to them.
    boost::asio::io_context ioc{o.threads};
    auto listening = Listener::open(ioc, {boost::asio::ip::make_address(o.host), o.port});
    if (o.service.notify.server_url.empty())
      o.service.notify.server_url = default_public_url(o.host, listening.local_endpoint().port());
    Service service(ioc, o.db, registry, unix_now, o.service, std::move(players));
    const MailRelay& mail = o.service.notify.mail;
    log_line(mail.configured()
                 ? "notices by e-mail through " + mail.url + (mail.starttls ? " (STARTTLS)" : "") +
                       (mail.user.empty() ? "" : " as " + mail.user)
                 : std::string("no SMTP relay (--smtp): notices by webhook only"));
    boost::asio::ssl::context ssl(boost::asio::ssl::context::tls_server);
    log_line("TLS certificate SHA-256 fingerprint " + load_or_create_identity(ssl, o.cert, o.key));
    // On one thread, every connection runs on the service's strand: a
    // request goes to the service and its answer back without a hop.
    Listener listener(ioc, ssl, service, std::move(listening), o.net,
                      o.threads == 1 ? std::optional(service.strand()) : std::nullopt);
    // The games' deadlines run from now, whether or not anyone connects.
    service.keep_clock(lock.keeps_clock());
    service.start();
    listener.start();

    // The signal is taken on any of the loop's threads; this one stops.
    boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
    std::atomic<int> signalled{0};
    signals.async_wait([&](const boost::system::error_code& ec, int sig) {
      if (!ec) signalled = sig;
    });
    std::optional<std::chrono::steady_clock::time_point> stop_by;
    const auto stop_serving = [&](const std::string& why) {
      log_line(why + ": stopping");
      listener.stop();
      service.stop();
      // Clients get a few seconds to answer the close; then the loop ends anyway.
      stop_by = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    };
    const auto ep = listener.local_endpoint();
    const std::string host =
        ep.address().is_v6() ? "[" + ep.address().to_string() + "]" : ep.address().to_string();
    // The log first: whoever waits for the line on stdout finds it logged.
    log_line("listening on wss://" + host + ":" + std::to_string(ep.port()) + " (" +
             std::to_string(o.threads) + (o.threads == 1 ? " thread)" : " threads)"));
    std::cout << "listening on wss://" << host << ":" << ep.port() << std::endl;
    // The other threads run the loop until it ends; an exception escaping a
    // handler is a bug: it is logged, and the server stops as if signalled.
    std::vector<std::thread> others;
    // Joined however this scope ends (an exception from the loop here too).
    struct JoinOthers {
      boost::asio::io_context& ioc;
      std::vector<std::thread>& threads;
      void join() {
        ioc.stop();
        for (std::thread& t : threads)
          if (t.joinable()) t.join();
      }
      ~JoinOthers() { join(); }
    } join_others{ioc, others};
    for (int i = 1; i < o.threads; ++i) {
      others.emplace_back([&ioc, &signalled] {
        try {
          ioc.run();
        } catch (const std::exception& e) {
          log_line(std::string("a serving thread failed: ") + e.what());
          signalled = SIGTERM;
        }
      });
    }
    // The loop ends by itself once every connection has closed after a stop.
    // Every second it looks whether this server keeps the games' clock.
    auto next_lock_check = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!ioc.stopped()) {
      ioc.run_for(std::chrono::milliseconds(200));
      const auto now = std::chrono::steady_clock::now();
      if (!stop_by && signalled != 0) stop_serving("signal " + std::to_string(signalled.load()));
      if (stop_by && now > *stop_by) break;
      if (!stop_by && now >= next_lock_check) {
        next_lock_check = now + std::chrono::seconds(1);
        service.keep_clock(lock.keeps_clock());
      }
    }
    join_others.join();
    service.flush();
    log_line("stopped");
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-server: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace naumachia::server
