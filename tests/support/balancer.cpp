#include "support/balancer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace naumachia::testing {

namespace {

// A loopback port free now (the kernel's pick, released at once).
int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof a;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    close(fd);
    throw std::runtime_error("no free loopback port");
  }
  close(fd);
  return ntohs(a.sin_port);
}

bool accepts(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  close(fd);
  return ok;
}

bool starts_with_word(const std::string& line, const std::string& word) {
  const auto first = line.find_first_not_of(' ');
  return first != std::string::npos && line.compare(first, word.size() + 1, word + " ") == 0;
}

}  // namespace

Balancer::Balancer(const std::filesystem::path& dir, const std::vector<std::string>& servers)
    : dir_(dir) {
  const std::string program = NAUMACHIA_HAPROXY;
  if (program.empty() || !std::filesystem::exists(program))
    throw std::runtime_error("haproxy is not installed (scripts/install-deps.sh --tests)");
  std::ifstream in(NAUMACHIA_HAPROXY_CONFIG);
  if (!in) throw std::runtime_error("cannot read " + std::string(NAUMACHIA_HAPROXY_CONFIG));
  const int port = free_port();
  std::ostringstream cfg;
  std::string line;
  bool servers_written = false;
  while (std::getline(in, line)) {
    if (starts_with_word(line, "user") || starts_with_word(line, "group") ||
        starts_with_word(line, "chroot") || starts_with_word(line, "log") ||
        starts_with_word(line, "stats")) {
      continue;
    }
    if (starts_with_word(line, "bind")) {
      cfg << "    bind 127.0.0.1:" << port << "\n";
      continue;
    }
    if (starts_with_word(line, "server")) {
      if (servers_written) continue;
      servers_written = true;
      for (std::size_t i = 0; i < servers.size(); ++i) {
        const std::string& url = servers[i];
        cfg << "    server naumachia-" << i + 1 << " " << url.substr(url.find("://") + 3) << "\n";
      }
      continue;
    }
    cfg << line << "\n";
  }
  if (!servers_written) throw std::runtime_error("deploy/haproxy.cfg names no server");
  const std::string cfg_path = (dir_ / "haproxy.cfg").string();
  std::ofstream(cfg_path) << cfg.str();
  const std::string log_path = (dir_ / "haproxy.log").string();
  std::vector<std::string> args{program, "-db", "-f", cfg_path};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    FILE* log = std::fopen(log_path.c_str(), "a");
    if (log) {
      dup2(fileno(log), STDOUT_FILENO);
      dup2(fileno(log), STDERR_FILENO);
    }
    execv(args[0].c_str(), argv.data());
    _exit(127);
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!accepts(port)) {
    if (std::chrono::steady_clock::now() > until || waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("haproxy did not start:\n" + log());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  url_ = "wss://127.0.0.1:" + std::to_string(port);
}

Balancer::~Balancer() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  waitpid(pid_, nullptr, 0);
}

std::string Balancer::log() const {
  std::ifstream in(dir_ / "haproxy.log");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace naumachia::testing
