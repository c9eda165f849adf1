#pragma once
// The machine side of the load benchmark: child processes (the servers under
// test, the admin tool) pinned to their own CPU, the file-descriptor limit,
// and what /proc says about a process.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace naumachia::bench {

// Raises the soft RLIMIT_NOFILE to the hard limit (children inherit it).
// Returns the new soft limit.
long raise_file_limit();

// The CPUs this process may run on, lowest first.
std::vector<int> usable_cpus();

// Pins the calling process to `cpu`; false when the system refuses.
bool pin_self(int cpu);

// A child process: stdout to a pipe (or a file), stderr to a log file.
class ChildProcess {
 public:
  struct Options {
    std::vector<std::string> argv;  // argv[0] is the program's path
    std::string log_path;           // stderr
    std::string stdout_path;        // empty: a pipe, read with read_line()
    int cpu = -1;                   // pin the child to this CPU; -1 = not pinned
  };
  explicit ChildProcess(const Options& options);
  ~ChildProcess();  // stops it (SIGTERM) when still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  const std::string& log_path() const { return log_path_; }

  // One line of the child's stdout without its newline; nullopt on end of
  // file or when `timeout` passes first.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);

  // Whether it still runs (reaps it when it has exited).
  bool running();
  // Waits for it to exit; returns the wait status.
  int wait();
  // SIGTERM, up to `grace` to exit, then SIGKILL. Returns the wait status.
  int stop(std::chrono::milliseconds grace = std::chrono::milliseconds(10000));

 private:
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::string pending_;
  std::string log_path_;
  std::optional<int> status_;
};

// "exit status 3", "killed by signal 9".
std::string describe_wait_status(int status);

// VmRSS of a process, in KiB; -1 when unreadable.
long rss_kib(pid_t pid);
// CPU time (user + system) a process has used, in seconds; -1 when unreadable.
double cpu_seconds(pid_t pid);
// Open file descriptors of a process; -1 when unreadable.
long open_fds(pid_t pid);

// Times of a small write followed by fdatasync, in a file in `dir`: the
// floor under any durable acknowledgement on this disk.
struct SyncTimes {
  double median_ms = 0;
  double p99_ms = 0;
};
SyncTimes fdatasync_times(const std::string& dir, int samples);

// A new empty directory under the system's temporary directory.
std::string make_temp_dir(const std::string& prefix);

}  // namespace naumachia::bench
