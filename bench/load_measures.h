#pragma once
// The measurements of naumachia-bench-load, each against the echo baseline
// where one applies, run in one io_context on one thread.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "load_client.h"
#include "load_driver.h"
#include "load_game.h"
#include "load_peer.h"
#include "processes.h"

namespace naumachia::bench {

struct Settings {
  std::string server_path;
  std::string echo_path;
  std::string admin_path;
  bool quick = false;
  std::string postgresql;  // a PostgreSQL server's URI; empty: a SQLite file
  double seconds = 5;      // each measurement window
  double warmup_seconds = 1;
  std::vector<std::size_t> levels{1, 16, 64, 256};  // closed-loop connections
  std::vector<std::size_t> idle_sizes{1000, 5000, 10000};
  std::size_t open_loop_connections = 64;
  std::size_t world_games = 300;    // games on the server for the request costs
  std::uint64_t history_steps = 8;  // steps of the game whose events and replay are read
  std::uint64_t long_steps = 64;    // steps of the game the admin tool replays
  std::size_t cost_loaders = 4;     // connections loading the server while the probe runs
  milliseconds probe_every{5};
  // The peer measured beside naumachia (bench/load_peer.h); its closed loops
  // run at these numbers of connections, each also measured for naumachia.
  bool peer = true;
  std::string peer_dir;  // bench/peer
  std::string node;      // empty: looked up on PATH
  std::vector<std::size_t> peer_levels{1, 16, 64};
  double peer_prime_seconds = 5;  // play, not measured, before the peer's first window

  Timing timing() const;
};

// The servers under test, already started.
struct Servers {
  ChildProcess* echo = nullptr;
  ChildProcess* ours = nullptr;
  // With PostgreSQL: a second naumachia-server on the same database, pinned
  // to the same CPU (docs/scaling.md); none on SQLite.
  ChildProcess* second = nullptr;
  Endpoint echo_at;
  Endpoint ours_at;
  Endpoint second_at;
  std::string dir;            // the temporary directory
  std::string db;             // naumachia-server's database
  int cpu = -1;               // the CPU the servers (and the admin tool) are pinned to; -1 = none
  int generator_cpu = -1;     // the load generator's CPU (the peer's generator too); -1 = none
  bool ours_stopped = false;  // stopped on purpose, before the admin replay
};

// One request type on a server holding many games.
struct CostResult {
  std::string name;   // with what it reads, e.g. "list_games (301 games, 120 KiB)"
  LoadResult alone;   // one connection, closed loop
  ProbedLoad loaded;  // `cost_loaders` connections, closed loop, with the probe
  // The same beside `open_loop_connections` order submitters, with the probe
  // (when there are that many order players).
  std::optional<ProbedLoad> beside_orders;
};

// The choices request a click sends, in one scenario's opening (the
// position with every piece on the board), from a seat that orders in it.
struct ChoicesCost {
  std::string name;  // "tyre/siege: the decisions (12)"
  LoadResult alone;  // one connection, closed loop
};

// CPU use over a measurement window, in percent of one CPU; -1 = unknown.
// A load generator near 100% means the figure measures the generator, not
// the server.
struct CpuUse {
  double generator = -1;
  double server = -1;
};

struct Results {
  double fdatasync_ms = 0;  // median
  double fdatasync_p99_ms = 0;
  // The submit_orders frames over the seats (each echo connection sends
  // frames of its seat's size).
  std::size_t frame_bytes = 0;  // median
  std::size_t frame_min = 0, frame_max = 0;
  std::map<std::size_t, LoadResult> closed_echo, closed_ours;
  std::map<std::size_t, CpuUse> closed_cpu_echo, closed_cpu_ours;
  // Closed loop at open_loop_connections with all seven seats of each game
  // online: every order also pushed to six other players.
  std::optional<LoadResult> fanout;
  CpuUse fanout_cpu;
  // With a second server: the solo players at open_loop_connections, half
  // on each server; and whole tables with their seats alternating between
  // the servers (every game changed by both).
  std::optional<LoadResult> two_servers, two_servers_tables;
  double open_rate = 0;
  std::optional<LoadResult> open_echo, open_ours;
  CpuUse open_cpu_echo, open_cpu_ours;
  std::map<std::size_t, double> idle_echo, idle_ours;  // KiB per idle connection
  std::optional<LoadResult> probe_idle;
  std::vector<CostResult> costs;
  std::optional<ProbedLoad> orders_probe;  // submit_orders at open_loop_connections
  std::vector<ChoicesCost> choices;
  PlayLog history;
  PlayLog long_game;
  std::optional<double> admin_ms;
  std::uint64_t admin_steps = 0;
  std::uint64_t pushes = 0;  // pushes read (and ignored) during the order loads
  // The peer: its runs (in memory, FlatFile), or why it was not measured.
  std::vector<PeerRun> peer;
  std::string peer_skipped;
  std::vector<std::string> failures;
};

// Runs every measurement; a measurement that fails is recorded in
// results.failures and the others still run where they can. Stops
// naumachia-server before the admin replay.
net::awaitable<void> run_measurements(const Settings& settings, ClientContext& ctx,
                                      Servers& servers, Results& results);

}  // namespace naumachia::bench
