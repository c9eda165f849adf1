#pragma once
// A protocol client: one TLS WebSocket connection to a naumachia server,
// request/response by request id, pushes queued in arrival order. Used by the
// `naumachia` command and by the integration tests.
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "naumachia.pb.h"
#include "trust.h"

namespace naumachia::client {

class ClientError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Endpoint {
  std::string host;
  std::string port;
  std::string path = "/";
};

// Parses wss://HOST:PORT[/path]; throws ClientError with the reason.
Endpoint parse_url(const std::string& url);

class Connection {
 public:
  using ms = std::chrono::milliseconds;

  // Connects, and after the TLS handshake asks `check` whether to go on with
  // the certificate the server showed (see trust.h); `timeout` bounds each
  // step of connecting.
  Connection(const std::string& url, const CertificateCheck& check, ms timeout = ms(15000));
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Sends a request (version and request id are filled in) and waits for its
  // response; pushes that arrive meanwhile are queued. Throws ClientError on
  // a broken connection or timeout.
  proto::Envelope call(proto::Envelope request, ms timeout = ms(30000));
  // The next push, waiting at most `timeout`; nullopt when none came.
  std::optional<proto::Envelope> next_push(ms timeout);

  // For tests: raw frames in and out, and every frame received so far.
  // A send that does not finish within `timeout` closes the connection.
  void send_raw(std::string bytes, bool binary = true, ms timeout = ms(15000));
  std::optional<std::string> next_raw(ms timeout);
  const std::vector<std::string>& received() const { return received_; }
  bool is_open() const;
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<std::string> received_;
  std::deque<proto::Envelope> pushes_;
  std::uint64_t next_id_ = 1;
};

}  // namespace naumachia::client
