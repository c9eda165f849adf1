// naumachia-bench-load: load on naumachia-server against a TLS WebSocket
// echo server (naumachia-bench-echo) measured in the same run on the same
// machine, so that the ratios mean something where the absolute figures do
// not. Both servers run pinned to one CPU and the load generator to another;
// every client runs asynchronously on the generator's one thread. A peer,
// boardgame.io's own server (bench/peer), is then measured in closed loops
// at 1, 16 and 64 connections, pinned the same way, beside naumachia's rows.
//
// It prints progress on stderr and, at the end, a table (measure | echo |
// naumachia | ratio) and the targets, met or missed, on stdout. Exit status
// 1 only when something failed (a server that would not start or died, an
// error answer, a request never answered); missed targets are results.
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench_common.h"
#include "bench_database.h"
#include "load_measures.h"

namespace nb = naumachia::bench;
using nb::fixed;

namespace {

constexpr const char* kUsage =
    R"(usage: naumachia-bench-load --server PATH --echo PATH --admin PATH [--quick] [--seconds N]
                            [--postgresql URI] [--no-peer] [--peer DIR] [--node PATH]

Measures naumachia-server under load next to a TLS WebSocket echo server:
closed loops at 1, 16, 64 and 256 connections, an open loop at half of
naumachia's best rate, server memory per idle connection, the cost of
heavier requests (login, register, list_games, events, replay with and
without pictures, get_game with its picture, sending and reading press, the
notice settings) and the delay they impose on a probe connection, alone and
beside 64 order submitters, the choices request a click on the board sends
(in the opening of each game's largest scenario), and naumachia-admin's
replay of a long game. The servers run in a fresh temporary directory, which is removed at
the end (and kept, with the servers' logs, when something failed).

  --server PATH   naumachia-server
  --echo PATH     naumachia-bench-echo
  --admin PATH    naumachia-admin
  --quick         short windows and small sizes: a smoke run of about a minute
  --seconds N     length of each measurement window (default 5; 1 with --quick)
  --postgresql URI  naumachia-server keeps its games in PostgreSQL instead of a
                  SQLite file: a new database made on the server URI names
                  (its maintenance database, e.g. postgresql://USER@HOST:PORT/postgres)
                  and dropped at the end. `cmake --build build --target
                  bench-load-postgresql` starts a PostgreSQL of its own for it
                  (bench/load_postgresql.sh). A second naumachia-server is
                  started on the same database (docs/scaling.md), pinned to
                  the same CPU, for the rows "two servers": the order load
                  with its connections half on each, and whole tables whose
                  seats alternate between them
  --no-peer       do not measure the peer: boardgame.io 0.50 serving a minimal
                  game (a move checked and stored) over its socket.io protocol,
                  its server pinned to the servers' CPU and its load generator
                  (Node.js) to the load generator's, in closed loops at 1, 16
                  and 64 connections, with its in-memory store and with its
                  FlatFile store (docs/performance.md). Without Node.js or the
                  peer's npm packages the peer is not measured, and the output
                  says so
  --peer DIR      the peer's directory, with its npm packages installed
                  (default: this source tree's bench/peer; scripts/install-deps.sh
                  --bench installs them)
  --node PATH     Node.js (default: node on PATH)
)";

// Returns 0 to go on, else an exit status (the message printed).
int parse_options(int argc, char** argv, nb::Settings& s) {
  std::optional<double> seconds;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return -1;
    } else if (a == "--server" && has_value) {
      s.server_path = argv[++i];
    } else if (a == "--echo" && has_value) {
      s.echo_path = argv[++i];
    } else if (a == "--admin" && has_value) {
      s.admin_path = argv[++i];
    } else if (a == "--quick") {
      s.quick = true;
    } else if (a == "--postgresql" && has_value) {
      s.postgresql = argv[++i];
    } else if (a == "--no-peer") {
      s.peer = false;
    } else if (a == "--peer" && has_value) {
      s.peer_dir = argv[++i];
    } else if (a == "--node" && has_value) {
      s.node = argv[++i];
    } else if (a == "--seconds" && has_value) {
      try {
        seconds = std::stod(argv[++i]);
      } catch (const std::exception&) {
        seconds = 0;
      }
      if (!(*seconds > 0)) {
        std::cerr << "naumachia-bench-load: --seconds wants a positive number\n";
        return 2;
      }
    } else {
      std::cerr << "naumachia-bench-load: unknown or incomplete option '" << a << "'\n\n" << kUsage;
      return 2;
    }
  }
  if (s.server_path.empty() || s.echo_path.empty() || s.admin_path.empty()) {
    std::cerr << "naumachia-bench-load: --server, --echo and --admin are required\n\n" << kUsage;
    return 2;
  }
  if (s.quick) {
    s.seconds = 1;
    s.warmup_seconds = 0.3;
    s.idle_sizes = {1000};
    s.world_games = 60;
    s.history_steps = 6;
    s.long_steps = 10;
    s.peer_prime_seconds = 1;
  }
  if (seconds) s.seconds = *seconds;
  if (s.peer_dir.empty()) s.peer_dir = NAUMACHIA_PEER_DIR;
  if (s.node.empty()) s.node = nb::find_program("node");
  return 0;
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

template <class Map>
std::optional<double> rate_at(Map& m, std::size_t n) {
  const auto it = m.find(n);
  if (it == m.end()) return std::nullopt;
  return it->second.per_second();
}

template <class Map>
std::optional<double> percentile_at(Map& m, std::size_t n, double q) {
  const auto it = m.find(n);
  if (it == m.end()) return std::nullopt;
  return it->second.latency.percentile_ms(q);
}

std::optional<double> cpu_at(const std::map<std::size_t, nb::CpuUse>& m, std::size_t n,
                             bool generator) {
  const auto it = m.find(n);
  if (it == m.end()) return std::nullopt;
  const double v = generator ? it->second.generator : it->second.server;
  if (v < 0) return std::nullopt;
  return v;
}

// The peer's closed loops beside naumachia's at the same numbers of
// connections: the peer in the baseline column, so that the ratio is
// naumachia's figure over the peer's.
void add_peer_rows(nb::Table& t, const nb::Settings& s, nb::Results& r) {
  if (!r.peer_skipped.empty()) {
    t.section("peer, boardgame.io: NOT MEASURED (" + r.peer_skipped + ")");
    return;
  }
  for (const nb::PeerRun& run : r.peer) {
    const std::string store = run.store == "memory" ? "in memory" : "FlatFile";
    t.section("peer: boardgame.io 0.50 (its server, socket.io over TLS), its " +
              (run.store == "memory" ? std::string("InMemory") : store) +
              " store, one match per connection, a move checked and stored, closed loop; "
              "baseline column: boardgame.io, ratio: naumachia's submit_orders over it");
    for (std::size_t n : s.peer_levels) {
      const auto it = run.levels.find(n);
      const auto peer = [&](double nb::PeerLevel::*field) -> std::optional<double> {
        if (it == run.levels.end() || it->second.*field < 0) return std::nullopt;
        return it->second.*field;
      };
      const std::string c = "boardgame.io " + store + ", " + plural(n, "connection");
      t.add(c + ": moves/s", peer(&nb::PeerLevel::per_second), rate_at(r.closed_ours, n), 1);
      t.add(c + ": p50", peer(&nb::PeerLevel::p50_ms), percentile_at(r.closed_ours, n, 0.5), 3);
      t.add(c + ": p99", peer(&nb::PeerLevel::p99_ms), percentile_at(r.closed_ours, n, 0.99), 3);
      t.add(c + ": server CPU", peer(&nb::PeerLevel::server_cpu),
            cpu_at(r.closed_cpu_ours, n, false), 0);
      t.add(c + ": load generator CPU", peer(&nb::PeerLevel::generator_cpu),
            cpu_at(r.closed_cpu_ours, n, true), 0);
    }
  }
}

nb::Table build_table(const nb::Settings& s, nb::Results& r) {
  nb::Table t("echo (baseline)", "naumachia");
  t.section(
      "closed loop: submit_orders (naumachia; each connection the one player online in its "
      "game), frames of the same sizes (echo); latencies in ms; CPU in % of one CPU");
  for (std::size_t n : s.levels) {
    const std::string c = "closed loop, " + plural(n, "connection");
    t.add(c + ": requests/s", rate_at(r.closed_echo, n), rate_at(r.closed_ours, n), 1);
    t.add(n == 1 ? "one connection, submit to ack, median" : c + ": p50",
          percentile_at(r.closed_echo, n, 0.5), percentile_at(r.closed_ours, n, 0.5), 3);
    t.add(c + ": p99", percentile_at(r.closed_echo, n, 0.99), percentile_at(r.closed_ours, n, 0.99),
          3);
    t.add(c + ": server CPU", cpu_at(r.closed_cpu_echo, n, false),
          cpu_at(r.closed_cpu_ours, n, false), 0);
    t.add(c + ": load generator CPU", cpu_at(r.closed_cpu_echo, n, true),
          cpu_at(r.closed_cpu_ours, n, true), 0);
  }
  if (r.fanout) {
    const std::string c = "whole tables online, " + plural(s.open_loop_connections, "connection");
    const auto echo_rate = rate_at(r.closed_echo, s.open_loop_connections);
    t.add(c + ": requests/s", echo_rate, r.fanout->per_second(), 1);
    t.add(c + ": p50", percentile_at(r.closed_echo, s.open_loop_connections, 0.5),
          r.fanout->latency.percentile_ms(0.5), 3);
    t.add(c + ": p99", percentile_at(r.closed_echo, s.open_loop_connections, 0.99),
          r.fanout->latency.percentile_ms(0.99), 3);
  }
  // PostgreSQL only: a second server on the database, both pinned to the
  // one server CPU (this machine has no other to spare).
  const auto two = [&](const std::string& c, std::optional<nb::LoadResult>& l) {
    if (!l) return;
    const std::size_t n = s.open_loop_connections;
    t.add(c + ": requests/s", rate_at(r.closed_echo, n), l->per_second(), 1);
    t.add(c + ": p50", percentile_at(r.closed_echo, n, 0.5), l->latency.percentile_ms(0.5), 3);
    t.add(c + ": p99", percentile_at(r.closed_echo, n, 0.99), l->latency.percentile_ms(0.99), 3);
  };
  two("two servers, " + plural(s.open_loop_connections, "connection") + ", half on each",
      r.two_servers);
  two("two servers, whole tables, seats alternating", r.two_servers_tables);
  add_peer_rows(t, s, r);
  t.section("open loop: " + plural(s.open_loop_connections, "connection") + " at " +
            fixed(r.open_rate, 1) +
            " requests/s (half of naumachia's best); latency from the "
            "scheduled send, ms");
  const auto open = [&](std::optional<nb::LoadResult>& l, double q) -> std::optional<double> {
    if (!l) return std::nullopt;
    return q < 0 ? l->per_second() : l->latency.percentile_ms(q);
  };
  t.add("open loop: answered/s", open(r.open_echo, -1), open(r.open_ours, -1), 1);
  t.add("open loop: p50", open(r.open_echo, 0.5), open(r.open_ours, 0.5), 3);
  t.add("open loop: p99", open(r.open_echo, 0.99), open(r.open_ours, 0.99), 3);
  t.add("open loop: p99.9", open(r.open_echo, 0.999), open(r.open_ours, 0.999), 3);
  const auto cpu = [](const nb::CpuUse& u) -> std::optional<double> {
    if (u.server < 0) return std::nullopt;
    return u.server;
  };
  t.add("open loop: server CPU", cpu(r.open_cpu_echo), cpu(r.open_cpu_ours), 0);
  t.section("server memory per idle connection (TLS + WebSocket handshakes done), KiB");
  for (std::size_t n : s.idle_sizes) {
    const auto e = r.idle_echo.find(n);
    const auto o = r.idle_ours.find(n);
    t.add("idle, " + plural(n, "connection") + ": KiB each",
          e == r.idle_echo.end() ? std::nullopt : std::optional<double>(e->second),
          o == r.idle_ours.end() ? std::nullopt : std::optional<double>(o->second), 1);
  }
  t.section("request costs with " + std::to_string(s.world_games) +
            " games on the server (naumachia only), ms; the probe is list_scenarios every " +
            std::to_string(s.probe_every.count()) + " ms");
  if (r.probe_idle) {
    t.add("probe, idle server: p50", {}, r.probe_idle->latency.percentile_ms(0.5), 3);
    t.add("probe, idle server: p99", {}, r.probe_idle->latency.percentile_ms(0.99), 3);
  }
  for (nb::CostResult& c : r.costs) {
    t.add(c.name + ": p50", {}, c.alone.latency.percentile_ms(0.5), 3);
    t.add(c.name + ": p99", {}, c.alone.latency.percentile_ms(0.99), 3);
    const std::string under = "probe under " + std::to_string(c.loaded.load.connections) + " x " +
                              c.name.substr(0, c.name.find(' '));
    t.add(under + ": p50", {}, c.loaded.probe.latency.percentile_ms(0.5), 3);
    t.add(under + ": p99", {}, c.loaded.probe.latency.percentile_ms(0.99), 3);
    t.add(under + ": max", {}, c.loaded.probe.latency.max_ms(), 3);
    if (c.beside_orders) {
      const std::size_t orders = c.beside_orders->load.connections - c.loaded.load.connections;
      const std::string beside = under + " beside " + std::to_string(orders) + " x submit_orders";
      t.add(beside + ": p50", {}, c.beside_orders->probe.latency.percentile_ms(0.5), 3);
      t.add(beside + ": p99", {}, c.beside_orders->probe.latency.percentile_ms(0.99), 3);
    }
  }
  if (r.orders_probe) {
    const std::string under =
        "probe under " + std::to_string(r.orders_probe->load.connections) + " x submit_orders";
    t.add(under + ": p50", {}, r.orders_probe->probe.latency.percentile_ms(0.5), 3);
    t.add(under + ": p99", {}, r.orders_probe->probe.latency.percentile_ms(0.99), 3);
    t.add(under + ": max", {}, r.orders_probe->probe.latency.max_ms(), 3);
  }
  t.section(
      "order choices in each game's largest opening, one connection in a closed loop, ms "
      "(baseline: an echo at one connection)");
  for (nb::ChoicesCost& c : r.choices) {
    t.add(c.name + ": p50", percentile_at(r.closed_echo, 1, 0.5),
          c.alone.latency.percentile_ms(0.5), 3);
    t.add(c.name + ": p99", percentile_at(r.closed_echo, 1, 0.99),
          c.alone.latency.percentile_ms(0.99), 3);
  }
  t.section("naumachia-admin replay of a long game (server stopped)");
  if (r.admin_ms) {
    t.add("admin replay, " + plural(r.admin_steps, "step") + ": total ms", {}, *r.admin_ms, 1);
    t.add("admin replay: ms per step", {}, *r.admin_ms / static_cast<double>(r.admin_steps), 3);
  }
  return t;
}

void print_target(std::ostream& out, const std::string& text, std::optional<bool> met) {
  out << "  " << text << ": "
      << (!met   ? "NOT MEASURED"
          : *met ? "target met"
                 : "TARGET MISSED")
      << "\n";
}

void print_targets(std::ostream& out, const nb::Settings& s, nb::Results& r) {
  out << "\ntargets\n";
  {
    const auto e = rate_at(r.closed_echo, 64);
    const auto o = rate_at(r.closed_ours, 64);
    std::string text = "(1) closed loop at 64 connections, naumachia >= 0.5 x echo";
    if (e && o) {
      text += ": " + fixed(*o, 1) + " vs 0.5 x " + fixed(*e, 1) + " = " + fixed(*e / 2, 1) +
              " requests/s";
    }
    print_target(out, text, e && o ? std::optional<bool>(*o >= 0.5 * *e) : std::nullopt);
  }
  {
    const auto o = percentile_at(r.closed_ours, 1, 0.5);
    const double limit = 1.0 + r.fdatasync_ms;
    std::string text = "(2) one connection, submit to ack, median < 1 ms + one fdatasync (" +
                       fixed(r.fdatasync_ms, 3) + " ms) = " + fixed(limit, 3) + " ms";
    if (o) text += ": " + fixed(*o, 3) + " ms";
    print_target(out, text, o ? std::optional<bool>(*o < limit) : std::nullopt);
  }
  {
    std::string text = "(3) open loop at half load, naumachia p99 <= 2 x echo p99";
    std::optional<bool> met;
    if (r.open_echo && r.open_ours) {
      const double e = r.open_echo->latency.percentile_ms(0.99);
      const double o = r.open_ours->latency.percentile_ms(0.99);
      text += " (2 x " + fixed(e, 3) + " = " + fixed(2 * e, 3) + " ms): " + fixed(o, 3) +
              " ms (one fdatasync alone: p99 " + fixed(r.fdatasync_p99_ms, 3) + " ms)";
      met = o <= 2 * e;
    }
    print_target(out, text, met);
  }
  if (!r.probe_idle) {
    print_target(out, "(4) probe p99 under load <= probe idle p99 + 5 ms", std::nullopt);
    return;
  }
  const double limit = r.probe_idle->latency.percentile_ms(0.99) + 5.0;
  out << "  (4) probe p99 under load <= probe idle p99 + 5 ms = " << fixed(limit, 3) << " ms:\n";
  const auto probe_target = [&](const std::string& load, nb::LoadResult& probe) {
    const double p99 = probe.latency.percentile_ms(0.99);
    print_target(out, "      under " + load + ": p99 " + fixed(p99, 3) + " ms", p99 <= limit);
  };
  for (nb::CostResult& c : r.costs) {
    probe_target(
        std::to_string(c.loaded.load.connections) + " x " + c.name.substr(0, c.name.find(' ')),
        c.loaded.probe);
  }
  if (r.orders_probe) {
    probe_target(std::to_string(r.orders_probe->load.connections) + " x submit_orders",
                 r.orders_probe->probe);
  } else {
    print_target(out, "      under " + std::to_string(s.open_loop_connections) + " x submit_orders",
                 std::nullopt);
  }
}

void print_protocol_notes(std::ostream& out, nb::Results& r) {
  out << "\nplayed games (ready orders each step; a scripted 1901, then empty order sets)\n";
  const auto print_log = [&](const std::string& what, const nb::PlayLog& log) {
    out << "  " << what << ": " << log.steps << " steps resolved" << (log.over ? ", game over" : "")
        << "\n";
    for (const auto& [phase, t] : log.phases) {
      out << "    " << phase << ": scripted sets accepted " << t.scripted_accepted
          << ", empty sets accepted " << t.empty_accepted << ", empty sets refused "
          << t.empty_refused << "\n";
    }
    for (const std::string& n : log.notes) out << "    note: " << n << "\n";
  };
  print_log("game read by events/replay", r.history);
  print_log("game replayed by naumachia-admin", r.long_game);
  out << "pushes read and ignored during the order loads: " << r.pushes << "\n";
  for (const nb::PeerRun& run : r.peer) {
    out << "boardgame.io " << (run.store == "memory" ? "in memory" : "FlatFile")
        << ", one match per connection; moves in each match's log at the end of each loop, "
           "and moves/s in the window's first and last fifths:\n";
    for (const auto& [n, l] : run.levels) {
      out << "  " << plural(n, "connection") << ": " << l.log_min << " to " << l.log_max
          << " moves; " << fixed(l.first_fifth, 1) << " then " << fixed(l.last_fifth, 1)
          << " moves/s\n";
    }
  }
}

// The peer runs once naumachia's servers are stopped, on the same CPUs, with
// naumachia-server's TLS pair.
void run_peer(const nb::Settings& s, const nb::Servers& servers, nb::Results& r) {
  if (!s.peer) {
    r.peer_skipped = "--no-peer";
    return;
  }
  if (servers.dir.empty()) {
    r.peer_skipped = "the benchmark failed before it started";
    return;
  }
  r.peer_skipped = nb::peer_unavailable(s.node, s.peer_dir);
  const std::string cert = servers.dir + "/cert.pem", key = servers.dir + "/key.pem";
  std::error_code ec;
  if (r.peer_skipped.empty() &&
      (!std::filesystem::exists(cert, ec) || !std::filesystem::exists(key, ec))) {
    r.peer_skipped = "no TLS pair in " + servers.dir;
  }
  if (!r.peer_skipped.empty()) {
    std::cerr << "the peer, boardgame.io, is not measured: " << r.peer_skipped << "\n";
    return;
  }
  nb::PeerOptions o;
  o.node = s.node;
  o.dir = s.peer_dir;
  o.work_dir = servers.dir;
  o.cert = cert;
  o.key = key;
  o.levels = s.peer_levels;
  o.warmup_seconds = s.warmup_seconds;
  o.seconds = s.seconds;
  o.prime_seconds = s.peer_prime_seconds;
  o.server_cpu = servers.cpu;
  o.generator_cpu = servers.generator_cpu;
  std::cerr << "the peer, boardgame.io (" << s.peer_dir << ", " << s.node << ")...\n";
  r.peer = nb::measure_peer(o, r.failures);
}

}  // namespace

int main(int argc, char** argv) {
  nb::Settings settings;
  if (const int rc = parse_options(argc, argv, settings)) return rc < 0 ? 0 : rc;
  GOOGLE_PROTOBUF_VERIFY_VERSION;
  nb::Results results;
  nb::Servers servers;
  std::optional<nb::BenchDatabase> postgresql;
  std::unique_ptr<nb::ChildProcess> echo, ours, second;
  try {
    const long files = nb::raise_file_limit();
    std::cerr << "open file limit: " << files << "\n";
    const std::vector<int> cpus = nb::usable_cpus();
    if (cpus.size() >= 2 && nb::pin_self(cpus[1])) {
      servers.cpu = cpus[0];
      servers.generator_cpu = cpus[1];
      std::cerr << "servers pinned to CPU " << cpus[0] << ", load generator to CPU " << cpus[1]
                << "\n";
    } else {
      std::cerr << "could not pin: " << cpus.size()
                << " usable CPU(s); servers and load generator share the machine\n";
    }
    servers.dir = nb::make_temp_dir("naumachia-bench-");
    if (settings.postgresql.empty()) {
      servers.db = servers.dir + "/bench.db";
    } else {
      postgresql.emplace(settings.postgresql, "naumachia_bench_" + std::to_string(getpid()));
      servers.db = postgresql->uri();
      std::cerr << "database " << postgresql->name() << " on PostgreSQL\n";
    }
    std::cerr << "working directory " << servers.dir << "\n";
    const nb::SyncTimes sync = nb::fdatasync_times(servers.dir, 200);
    results.fdatasync_ms = sync.median_ms;
    results.fdatasync_p99_ms = sync.p99_ms;
    std::cerr << "fdatasync of a small write in it: median " << fixed(sync.median_ms, 3)
              << " ms, p99 " << fixed(sync.p99_ms, 3) << " ms\n";
    echo = nb::start_server("naumachia-bench-echo", {settings.echo_path, "--listen", "127.0.0.1:0"},
                            servers.dir + "/echo.log", servers.cpu, servers.echo_at);
    // The load comes from one address and signs up hundreds of players, and
    // a few of them make the hundreds of open games: the per-connection,
    // per-address, sign-up, press and open-game limits are lifted, and idle
    // connections may stay unsigned. Passwords are hashed at 100,000
    // iterations, the figure docs/performance.md was first measured at (the
    // server's default is 600,000).
    const std::vector<std::string> server_args{// clang-format off
        settings.server_path, "--db", servers.db, "--listen", "127.0.0.1:0",
        "--request-rate", "1000000000", "--request-burst", "1000000000",
        "--max-connections", "20000", "--max-connections-per-address", "20000",
        "--login-timeout", "1d", "--password-iterations", "100000",
        "--logins-per-address", "1000000000",
        "--signups-per-address", "1000000000",
        "--signups-per-network", "1000000000", "--signup-work-bits", "0",
        "--password-checks", "1000000000", "--sends-per-minute", "1000000000",
        "--max-open-games", "1000000",
        "--cert", servers.dir + "/cert.pem", "--key", servers.dir + "/key.pem"};
    // clang-format on
    ours = nb::start_server("naumachia-server", server_args, servers.dir + "/naumachia-server.log",
                            servers.cpu, servers.ours_at);
    if (postgresql) {
      second =
          nb::start_server("the second naumachia-server", server_args,
                           servers.dir + "/naumachia-server-2.log", servers.cpu, servers.second_at);
      servers.second = second.get();
    }
    servers.echo = echo.get();
    servers.ours = ours.get();

    boost::asio::io_context io(1);
    nb::ClientContext ctx(io);
    boost::asio::co_spawn(io, nb::run_measurements(settings, ctx, servers, results),
                          [&](std::exception_ptr e) {
                            // Whatever a failed measurement left open is closed,
                            // so that the loop ends.
                            ctx.close_all();
                            io.stop();
                            if (!e) return;
                            try {
                              std::rethrow_exception(e);
                            } catch (const std::exception& x) {
                              results.failures.push_back(x.what());
                            }
                          });
    io.run();
  } catch (const std::exception& e) {
    results.failures.push_back(e.what());
  }
  if (echo) nb::stop_server("naumachia-bench-echo", *echo, results.failures);
  if (ours && !servers.ours_stopped) nb::stop_server("naumachia-server", *ours, results.failures);
  if (second) nb::stop_server("the second naumachia-server", *second, results.failures);
  run_peer(settings, servers, results);

  postgresql.reset();  // the server is gone: its database is dropped
  std::cout << "\nnaumachia load benchmark" << (settings.quick ? " (--quick)" : "")
            << (settings.postgresql.empty() ? "" : ", games in PostgreSQL") << ": "
            << fixed(settings.seconds, 1) << " s windows after "
            << fixed(settings.warmup_seconds, 1) << " s warm-up; fdatasync median "
            << fixed(results.fdatasync_ms, 3) << " ms, p99 " << fixed(results.fdatasync_p99_ms, 3)
            << " ms; submit_orders frames " << results.frame_min << " to " << results.frame_max
            << " bytes over the seats (median " << results.frame_bytes << ")\n\n";
  build_table(settings, results).print(std::cout);
  print_targets(std::cout, settings, results);
  print_protocol_notes(std::cout, results);
  if (!results.failures.empty()) {
    std::cout << "\nFAILURES\n";
    for (const std::string& f : results.failures) std::cout << "  " << f << "\n";
    if (!servers.dir.empty()) std::cout << "logs and database kept in " << servers.dir << "\n";
    return 1;
  }
  std::error_code ec;
  std::filesystem::remove_all(servers.dir, ec);
  return 0;
}
