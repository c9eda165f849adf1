#include "support/server_process.h"

#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace naumachia::testing {

std::vector<std::string> test_server_defaults() {
  return {"--password-iterations",
          "1000",
          "--logins-per-address",
          "100000",
          "--signups-per-address",
          "100000",
          "--signups-per-network",
          "100000",
          "--signup-work-bits",
          "0",
          "--password-checks",
          "100000",
          "--min-deadline",
          "1s",
          "--max-connections-per-address",
          "4096",
          "--sends-per-minute",
          "6000"};
}

std::vector<std::string> unlimited_requests() {
  return {"--request-rate", "100000", "--request-burst", "100000"};
}

ServerProcess::ServerProcess(const std::filesystem::path& dir, std::vector<std::string> options,
                             int open_files)
    : dir_(dir),
      postgresql_(postgresql_server().empty() ? nullptr : std::make_unique<TestDatabase>(dir)),
      db_(postgresql_ ? std::filesystem::path(postgresql_->target()) : dir / "naumachia.db"),
      options_(test_server_defaults()),
      open_files_(open_files) {
  // Beside a SQLite file by default; in the test's directory for PostgreSQL.
  if (postgresql_) {
    options_.insert(options_.end(), {"--cert", (dir / "naumachia-cert.pem").string(), "--key",
                                     (dir / "naumachia-key.pem").string()});
  }
  options_.insert(options_.end(), options.begin(), options.end());
  start("127.0.0.1:0");
}

ServerProcess::ServerProcess(const std::filesystem::path& dir, DatabaseAt db,
                             std::vector<std::string> options)
    : dir_(dir), db_(std::move(db.path)), options_(test_server_defaults()) {
  options_.insert(options_.end(), options.begin(), options.end());
  start("127.0.0.1:0");
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) terminate();
  // The database is dropped after the server is gone (postgresql_'s end).
}

void ServerProcess::start(const std::string& listen) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const std::string db = db_.string();
  const std::string log_path = (dir_ / "server.log").string();
  // Built before the fork: the child only calls what is safe after one.
  std::vector<std::string> args{NAUMACHIA_TEST_SERVER, "--db", db, "--listen", listen};
  args.insert(args.end(), options_.begin(), options_.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    if (open_files_ > 0) {
      const rlimit lim{static_cast<rlim_t>(open_files_), static_cast<rlim_t>(open_files_)};
      setrlimit(RLIMIT_NOFILE, &lim);
    }
    dup2(fds[1], STDOUT_FILENO);
    FILE* log = std::fopen(log_path.c_str(), "a");
    if (log) dup2(fileno(log), STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    execv(NAUMACHIA_TEST_SERVER, argv.data());
    _exit(127);
  }
  close(fds[1]);
  // Wait for "listening on wss://HOST:PORT".
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (line.find('\n') == std::string::npos) {
    pollfd p{fds[0], POLLIN, 0};
    if (std::chrono::steady_clock::now() > deadline || poll(&p, 1, 1000) < 0) break;
    char buf[256];
    if (p.revents & (POLLIN | POLLHUP)) {
      const ssize_t n = read(fds[0], buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, static_cast<std::size_t>(n));
    }
  }
  close(fds[0]);
  const std::string prefix = "listening on ";
  if (line.rfind(prefix, 0) != 0) {
    throw std::runtime_error("the server did not start: " + line + "\n" + log());
  }
  url_ = line.substr(prefix.size(), line.find('\n') - prefix.size());
}

void ServerProcess::crash() {
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

int ServerProcess::terminate() {
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return status;
}

void ServerProcess::restart() {
  if (pid_ > 0) terminate();
  start(url_.substr(std::string("wss://").size()));
}

std::string ServerProcess::log() const {
  std::ifstream in(dir_ / "server.log");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t ServerProcess::resident_bytes() const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;  // "... kB"
  }
  throw std::runtime_error("no VmRSS for the server process");
}

CommandResult run_command(const std::string& command_line, const std::string& stdin_text) {
  const std::string input =
      (std::filesystem::temp_directory_path() / ("naumachia-stdin-" + std::to_string(getpid())))
          .string();
  {
    std::ofstream f(input);
    f << stdin_text;
  }
  CommandResult r;
  FILE* p = popen((command_line + " < " + input + " 2>&1").c_str(), "r");
  if (!p) throw std::runtime_error("popen failed");
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::filesystem::remove(input);
  return r;
}

HttpAnswer https_request(const ServerProcess& server, const std::string& path,
                         const std::string& method) {
  std::string url = server.url();
  url.replace(0, url.find("://"), "https");
  const CommandResult r = run_command(
      "/usr/bin/python3 -c 'import ssl, sys, urllib.request, urllib.error\n"
      "req = urllib.request.Request(sys.argv[1], method=sys.argv[2])\n"
      "try:\n"
      "  r = urllib.request.urlopen(req, context=ssl._create_unverified_context(), timeout=10)\n"
      "except urllib.error.HTTPError as e:\n"
      "  r = e\n"
      "sys.stdout.write(str(r.status) + \"\\n\" + (r.headers.get(\"Content-Type\") or \"\")"
      " + \"\\n\" + r.read().decode())\n' " +
      url + path + " " + method);
  HttpAnswer a;
  const std::size_t first = r.output.find('\n');
  const std::size_t second = first == std::string::npos ? first : r.output.find('\n', first + 1);
  if (r.status != 0 || second == std::string::npos)
    throw std::runtime_error("the HTTPS request failed: " + r.output);
  a.status = std::stoi(r.output.substr(0, first));
  a.content_type = r.output.substr(first + 1, second - first - 1);
  a.body = r.output.substr(second + 1);
  return a;
}

int raw_socket(const ServerProcess& server) {
  const std::string url = server.url();
  const int port = std::stoi(url.substr(url.rfind(':') + 1));
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("no socket for a raw connection");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("the server's port refused a raw connection: " + url);
  }
  return fd;
}

}  // namespace naumachia::testing
