#pragma once
// The notification tests' loopback sinks (tests/support/sinks.py): a real SMTP
// server and an HTTP server that record what the naumachia server sends.
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace naumachia::testing {

// One mail or POST the sink took: its fields ("to", "subject", "login",
// "field.text" ...) and its text (a mail's decoded body, a POST's raw body).
struct Received {
  std::map<std::string, std::string> fields;
  std::string text;
  std::string field(const std::string& name) const;
};

class Sink {
 public:
  // Starts `sinks.py KIND --dir DIR ARGS...` and waits for its port.
  Sink(const std::string& kind, const std::filesystem::path& dir,
       std::vector<std::string> args = {});
  ~Sink();
  Sink(const Sink&) = delete;
  Sink& operator=(const Sink&) = delete;

  int port() const { return port_; }
  // Everything received so far, in order.
  std::vector<Received> received() const;
  // Waits until at least `count` pieces came (or the time is up); returns them all.
  std::vector<Received> wait_for(std::size_t count,
                                 std::chrono::seconds within = std::chrono::seconds(30)) const;
  void stop();

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  int port_ = 0;
};

// The pieces received by `address` (a mail's "to", a webhook's path).
std::vector<Received> for_address(const std::vector<Received>& all, const std::string& field,
                                  const std::string& value);

}  // namespace naumachia::testing
