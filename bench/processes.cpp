#include "processes.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace naumachia::bench {

namespace {

std::runtime_error system_error(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

}  // namespace

long raise_file_limit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) != 0) throw system_error("getrlimit");
  if (r.rlim_cur != r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &r) != 0) throw system_error("setrlimit");
  }
  return static_cast<long>(r.rlim_cur);
}

std::vector<int> usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> out;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &set)) out.push_back(cpu);
  }
  return out;
}

bool pin_self(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0;
}

ChildProcess::ChildProcess(const Options& o) : log_path_(o.log_path) {
  if (o.argv.empty()) throw std::invalid_argument("ChildProcess: no program");
  // Everything the child needs is prepared before fork: after it, the child
  // only makes system calls.
  std::vector<char*> argv;
  for (const std::string& a : o.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const int log_fd = ::open(o.log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log_fd < 0) throw system_error("cannot create '" + o.log_path + "'");
  int out_fds[2] = {-1, -1};
  if (o.stdout_path.empty()) {
    if (pipe2(out_fds, O_CLOEXEC) != 0) {
      ::close(log_fd);
      throw system_error("pipe");
    }
  } else {
    out_fds[1] = ::open(o.stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out_fds[1] < 0) {
      ::close(log_fd);
      throw system_error("cannot create '" + o.stdout_path + "'");
    }
  }
  pid_ = fork();
  if (pid_ < 0) throw system_error("fork");
  if (pid_ == 0) {
    // A benchmark that dies must not leave servers behind.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (o.cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(o.cpu, &set);
      sched_setaffinity(0, sizeof set, &set);
    }
    dup2(out_fds[1], STDOUT_FILENO);
    dup2(log_fd, STDERR_FILENO);
    // The benchmark's own sockets must not live on in the server.
    close_range(3, ~0U, 0);
    execv(argv[0], argv.data());
    const char msg[] = "exec failed\n";
    [[maybe_unused]] const auto n = write(STDERR_FILENO, msg, sizeof msg - 1);
    _exit(127);
  }
  ::close(log_fd);
  ::close(out_fds[1]);
  stdout_fd_ = out_fds[0];
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !status_) stop();
  if (stdout_fd_ >= 0) ::close(stdout_fd_);
}

std::optional<std::string> ChildProcess::read_line(std::chrono::milliseconds timeout) {
  if (stdout_fd_ < 0) return std::nullopt;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto nl = pending_.find('\n');
    if (nl != std::string::npos) {
      std::string line = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{stdout_fd_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char buf[512];
    const ssize_t n = ::read(stdout_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    pending_.append(buf, static_cast<std::size_t>(n));
  }
}

bool ChildProcess::running() {
  if (status_) return false;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) status_ = status;
  return !status_;
}

int ChildProcess::wait() {
  while (!status_) {
    int status = 0;
    const pid_t r = waitpid(pid_, &status, 0);
    if (r == pid_) status_ = status;
    if (r < 0 && errno != EINTR) throw system_error("waitpid");
  }
  return *status_;
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
  if (!running()) return *status_;
  kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (running() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (running()) kill(pid_, SIGKILL);
  return wait();
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "wait status " + std::to_string(status);
}

long rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      std::istringstream fields(line.substr(6));
      long kib = -1;
      fields >> kib;
      return kib;
    }
  }
  return -1;
}

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The command name (field 2) may hold spaces; fields after it are plain.
  const auto paren = stat.rfind(')');
  if (paren == std::string::npos) return -1;
  std::istringstream fields(stat.substr(paren + 1));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  // Fields 3..13 come first; utime and stime are fields 14 and 15.
  for (int i = 3; i <= 13; ++i) fields >> field;
  if (!(fields >> utime >> stime)) return -1;
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

long open_fds(pid_t pid) {
  std::error_code ec;
  long n = 0;
  for (std::filesystem::directory_iterator it("/proc/" + std::to_string(pid) + "/fd", ec), end;
       !ec && it != end; it.increment(ec)) {
    ++n;
  }
  return ec ? -1 : n;
}

SyncTimes fdatasync_times(const std::string& dir, int samples) {
  const std::string path = dir + "/fdatasync-probe";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw system_error("cannot create '" + path + "'");
  std::vector<double> ms;
  const char record[64] = "a small record, as a database commit appends to its log";
  for (int i = 0; i < samples; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const off_t at = static_cast<off_t>(i) * static_cast<off_t>(sizeof record);
    if (pwrite(fd, record, sizeof record, at) != static_cast<ssize_t>(sizeof record) ||
        fdatasync(fd) != 0) {
      ::close(fd);
      throw system_error("writing '" + path + "'");
    }
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  ::close(fd);
  std::filesystem::remove(path);
  std::sort(ms.begin(), ms.end());
  return SyncTimes{ms[ms.size() / 2], ms[ms.size() * 99 / 100]};
}

std::string make_temp_dir(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw system_error("mkdtemp");
  return pattern;
}

}  // namespace naumachia::bench
