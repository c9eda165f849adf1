#include "load_peer.h"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>

#include "bench_common.h"

namespace naumachia::bench {

namespace {

// A number field of one of the generator's JSON lines; nullopt when absent.
std::optional<double> number_field(const std::string& line, const std::string& name) {
  const std::regex re("\"" + name + "\":(-?[0-9.eE+-]+)");
  std::smatch m;
  if (!std::regex_search(line, m, re)) return std::nullopt;
  try {
    return std::stod(m[1].str());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string string_field(const std::string& line, const std::string& name) {
  const std::regex re("\"" + name + "\":\"([^\"]*)\"");
  std::smatch m;
  return std::regex_search(line, m, re) ? m[1].str() : std::string();
}

std::string store_name(const std::string& store) {
  return store == "memory" ? "boardgame.io (in memory)" : "boardgame.io (FlatFile)";
}

// CPU counters of the server and the generator when a window opens.
struct CpuMark {
  Clock::time_point at;
  double server = -1;
  double generator = -1;
};

double percent(double from, double to, double wall) {
  if (from < 0 || to < 0 || wall <= 0) return -1;
  return 100.0 * (to - from) / wall;
}

// Runs the generator against the server at `url` and reads its lines.
void drive(const PeerOptions& o, const std::string& store, ChildProcess& server,
           const std::string& url, PeerRun& run, std::vector<std::string>& failures) {
  std::ostringstream levels;
  for (std::size_t i = 0; i < o.levels.size(); ++i) levels << (i ? "," : "") << o.levels[i];
  ChildProcess::Options g;
  g.argv = {o.node,      o.dir + "/load.js",  "--url",    url,
            "--levels",  levels.str(),        "--warmup", fixed(o.warmup_seconds, 3),
            "--seconds", fixed(o.seconds, 3), "--prime",  fixed(o.prime_seconds, 3)};
  g.log_path = o.work_dir + "/peer-load-" + store + ".log";
  g.cpu = o.generator_cpu;
  ChildProcess generator(g);
  const std::string who = store_name(store);
  CpuMark mark;
  // The longest wait between two lines: the priming, opening 64 matches and
  // the warm-up; or the window; or the drain (at most 30 s). All fit in this.
  const auto timeout = std::chrono::milliseconds(
      static_cast<long>(1000 * (120 + o.prime_seconds + o.warmup_seconds + o.seconds)));
  for (;;) {
    const std::optional<std::string> line = generator.read_line(timeout);
    if (!line) break;
    const std::string event = string_field(*line, "event");
    if (event == "open") {
      mark = CpuMark{Clock::now(), cpu_seconds(server.pid()), cpu_seconds(generator.pid())};
    } else if (event == "closed") {
      const double wall = std::chrono::duration<double>(Clock::now() - mark.at).count();
      const std::size_t n =
          static_cast<std::size_t>(number_field(*line, "connections").value_or(0));
      PeerLevel& l = run.levels[n];
      l.server_cpu = percent(mark.server, cpu_seconds(server.pid()), wall);
      l.generator_cpu = percent(mark.generator, cpu_seconds(generator.pid()), wall);
    } else if (event == "result") {
      const std::size_t n =
          static_cast<std::size_t>(number_field(*line, "connections").value_or(0));
      PeerLevel& l = run.levels[n];
      l.per_second = number_field(*line, "moves_per_second").value_or(0);
      l.p50_ms = number_field(*line, "p50_ms").value_or(0);
      l.p99_ms = number_field(*line, "p99_ms").value_or(0);
      l.failed = static_cast<std::uint64_t>(number_field(*line, "failed").value_or(0));
      l.unanswered = static_cast<std::uint64_t>(number_field(*line, "unanswered").value_or(0));
      l.log_min = static_cast<std::uint64_t>(number_field(*line, "log_min").value_or(0));
      l.log_max = static_cast<std::uint64_t>(number_field(*line, "log_max").value_or(0));
      l.first_fifth = number_field(*line, "first_fifth_per_second").value_or(0);
      l.last_fifth = number_field(*line, "last_fifth_per_second").value_or(0);
      std::cerr << "closed loop, " << n << " connection" << (n == 1 ? "" : "s") << ", " << who
                << ": " << fixed(l.per_second, 1) << " moves/s, p50 " << fixed(l.p50_ms, 3)
                << " ms, p99 " << fixed(l.p99_ms, 3) << " ms; CPU: load generator "
                << fixed(l.generator_cpu, 0) << "%, server " << fixed(l.server_cpu, 0)
                << "%; each match's log " << l.log_min << " to " << l.log_max
                << " moves; the window's first fifth " << fixed(l.first_fifth, 1)
                << " moves/s, its last " << fixed(l.last_fifth, 1) << "\n";
      if (l.failed || l.unanswered) {
        failures.push_back(who + " at " + std::to_string(n) + " connections: " +
                           std::to_string(l.failed) + " failed, " + std::to_string(l.unanswered) +
                           " unanswered (" + string_field(*line, "first_failure") + ")");
      }
    }
  }
  const int status = generator.stop();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    failures.push_back("the load generator for " + who + " ended with " +
                       describe_wait_status(status) + "; its log: " + g.log_path);
  }
  for (std::size_t n : o.levels) {
    if (!run.levels.count(n)) {
      failures.push_back(who + ": no result at " + std::to_string(n) + " connections");
    }
  }
}

}  // namespace

std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return "";
  std::istringstream dirs(path);
  std::string d;
  while (std::getline(dirs, d, ':')) {
    if (d.empty()) continue;
    const std::string candidate = d + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string peer_unavailable(const std::string& node, const std::string& dir) {
  if (node.empty()) return "Node.js (node) not found on PATH";
  if (access(node.c_str(), X_OK) != 0) return "Node.js: " + node + " is not a program";
  std::error_code ec;
  if (!std::filesystem::exists(dir + "/node_modules/boardgame.io/package.json", ec)) {
    return "its npm packages are not installed in " + dir +
           " (scripts/install-deps.sh --bench, or bench/peer/install.sh)";
  }
  return "";
}

std::vector<PeerRun> measure_peer(const PeerOptions& o, std::vector<std::string>& failures) {
  std::vector<PeerRun> runs;
  for (const char* name : {"memory", "flatfile"}) {
    const std::string store = name;
    const std::string who = store_name(store);
    PeerRun run{store, {}};
    std::vector<std::string> argv{o.node, o.dir + "/server.js", "--store", store};
    if (store == "flatfile") {
      const std::string files = o.work_dir + "/peer-flatfile";
      std::filesystem::create_directories(files);
      argv.insert(argv.end(), {"--dir", files});
    }
    argv.insert(argv.end(), {"--cert", o.cert, "--key", o.key});
    try {
      Endpoint at;
      std::unique_ptr<ChildProcess> server =
          start_server(who, argv, o.work_dir + "/peer-server-" + store + ".log", o.server_cpu, at);
      drive(o, store, *server, "wss://" + at.text(), run, failures);
      stop_server(who, *server, failures);
    } catch (const std::exception& e) {
      std::cerr << who << " FAILED: " << e.what() << "\n";
      failures.push_back(who + ": " + e.what());
    }
    runs.push_back(std::move(run));
  }
  return runs;
}

}  // namespace naumachia::bench
