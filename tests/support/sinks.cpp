#include "support/sinks.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace naumachia::testing {

namespace fs = std::filesystem;

std::string Received::field(const std::string& name) const {
  const auto it = fields.find(name);
  return it == fields.end() ? "" : it->second;
}

Sink::Sink(const std::string& kind, const fs::path& dir, std::vector<std::string> args)
    : dir_(dir) {
  fs::create_directories(dir_);
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> all{"/usr/bin/python3", NAUMACHIA_TEST_SINKS, kind, "--dir",
                               dir_.string()};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string log = (dir_ / ("sink-" + kind + ".log")).string();
  pid_ = fork();
  if (pid_ == 0) {
    dup2(fds[1], STDOUT_FILENO);
    FILE* f = std::fopen(log.c_str(), "a");
    if (f) dup2(fileno(f), STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, 1000) < 0) break;
    if (p.revents & (POLLIN | POLLHUP)) {
      char buf[64];
      const ssize_t n = read(fds[0], buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, static_cast<std::size_t>(n));
    }
  }
  close(fds[0]);
  if (line.rfind("port ", 0) != 0) {
    stop();
    std::ifstream in(log);
    std::stringstream err;
    err << in.rdbuf();
    throw std::runtime_error("the " + kind +
                             " sink did not start (is python3-aiosmtpd "
                             "installed?): " +
                             line + "\n" + err.str());
  }
  port_ = std::stoi(line.substr(5));
}

Sink::~Sink() {
  stop();
}

void Sink::stop() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

std::vector<Received> Sink::received() const {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir_)) {
    if (e.path().extension() == ".txt") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Received> out;
  for (const fs::path& f : files) {
    std::ifstream in(f);
    Received r;
    std::string line;
    while (std::getline(in, line) && !line.empty()) {
      const auto colon = line.find(": ");
      if (colon != std::string::npos) r.fields[line.substr(0, colon)] = line.substr(colon + 2);
    }
    std::stringstream rest;
    rest << in.rdbuf();
    r.text = rest.str();
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Received> Sink::wait_for(std::size_t count, std::chrono::seconds within) const {
  const auto deadline = std::chrono::steady_clock::now() + within;
  for (;;) {
    auto got = received();
    if (got.size() >= count || std::chrono::steady_clock::now() > deadline) return got;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

std::vector<Received> for_address(const std::vector<Received>& all, const std::string& field,
                                  const std::string& value) {
  std::vector<Received> out;
  for (const Received& r : all) {
    if (r.field(field) == value) out.push_back(r);
  }
  return out;
}

}  // namespace naumachia::testing
