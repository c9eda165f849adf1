#pragma once
// The peer naumachia-bench-load measures beside naumachia-server:
// boardgame.io's own server (bench/peer/server.js, Node.js) serving a
// minimal game whose move is checked and stored, driven by a Node load
// generator speaking its socket.io protocol (bench/peer/load.js) in closed
// loops. The server runs pinned to the servers' CPU and the generator to the
// load generator's, as naumachia-server and the benchmark itself are; CPU is
// read from /proc when each window opens and closes, as it is for naumachia.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace naumachia::bench {

struct PeerOptions {
  std::string node;       // the Node.js program
  std::string dir;        // bench/peer, with its node_modules
  std::string work_dir;   // the benchmark's temporary directory (FlatFile's files go under it)
  std::string cert, key;  // the TLS pair naumachia-server serves, served by the peer too
  std::vector<std::size_t> levels{1, 16, 64};
  double warmup_seconds = 1;
  double seconds = 5;
  // Play at 16 connections, not measured, before the first window: V8
  // compiles the hot code of the server (and of the generator) meanwhile.
  double prime_seconds = 5;
  int server_cpu = -1;     // -1: not pinned
  int generator_cpu = -1;  // -1: not pinned
};

// One closed loop at one number of connections; CPU in % of one CPU, -1 unknown.
struct PeerLevel {
  double per_second = 0;
  double p50_ms = 0;
  double p99_ms = 0;
  double server_cpu = -1;
  double generator_cpu = -1;
  std::uint64_t failed = 0;
  std::uint64_t unanswered = 0;
  std::uint64_t log_min = 0, log_max = 0;  // moves in each match's log at the end
  // Moves/s in the window's first and last fifths (the logs grow meanwhile).
  double first_fifth = 0, last_fifth = 0;
};

struct PeerRun {
  std::string store;  // "memory" or "flatfile"
  std::map<std::size_t, PeerLevel> levels;
};

// The first program called `name` on PATH; empty when there is none.
std::string find_program(const std::string& name);

// Empty when the peer can run with `node` from `dir`; else why not.
std::string peer_unavailable(const std::string& node, const std::string& dir);

// Measures boardgame.io's in-memory store, then its FlatFile store, each on a
// server of its own started for it and stopped after. What fails is added to
// `failures`; the runs measured are returned.
std::vector<PeerRun> measure_peer(const PeerOptions& o, std::vector<std::string>& failures);

}  // namespace naumachia::bench
