#pragma once
// HAProxy in front of test servers, with the configuration an operator
// installs (deploy/haproxy.cfg), changed only where a test must: its front
// on a free loopback port, the test's servers behind it, and nothing of the
// system's (user, chroot, log, stats socket). Started by the test, stopped
// with it.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace naumachia::testing {

class Balancer {
 public:
  // `servers`: each server's "wss://HOST:PORT" (ServerProcess::url()).
  Balancer(const std::filesystem::path& dir, const std::vector<std::string>& servers);
  ~Balancer();
  Balancer(const Balancer&) = delete;
  Balancer& operator=(const Balancer&) = delete;

  // wss://127.0.0.1:PORT: where players connect.
  std::string url() const { return url_; }
  std::string log() const;

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  std::string url_;
};

}  // namespace naumachia::testing
