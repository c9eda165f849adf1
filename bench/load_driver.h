#pragma once
// Load shapes over streams of requests: closed loops (each connection sends,
// waits for the answer, sends again) and open loops (requests leave on a
// fixed schedule whatever the answers do, and latency counts from the
// scheduled time, so a stalled server cannot hide its stall by slowing the
// sender down).
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "load_client.h"

namespace naumachia::bench {

// One connection's source of requests. A stream owns its connection and
// closes it when destroyed, which drops any answer still outstanding.
class Stream {
 public:
  // `from`: the time the request's latency counts from; `failure` empty on success.
  using Finished =
      std::function<void(Stream& stream, Clock::time_point from, std::string_view failure)>;
  virtual ~Stream() = default;
  // Starts one request that counts from `stamp`.
  virtual void issue(Clock::time_point stamp) = 0;
  void set_finished(Finished f) { finished_ = std::move(f); }

 protected:
  void finish(Clock::time_point from, std::string_view failure) {
    if (finished_) finished_(*this, from, failure);
  }

 private:
  Finished finished_;
};

// Binary frames of a fixed size to the echo server; answers come back in order.
class EchoStream final : public Stream {
 public:
  EchoStream(std::shared_ptr<Client> client, std::size_t frame_size);
  ~EchoStream() override;
  void issue(Clock::time_point stamp) override;

 private:
  std::shared_ptr<Client> client_;
  std::string frame_;
  std::deque<Clock::time_point> sent_;
};

// One protocol request, sent again and again; the answer must have body `expected`.
class RequestStream final : public Stream {
 public:
  RequestStream(std::shared_ptr<Client> client, proto::Envelope request,
                proto::Envelope::BodyCase expected);
  ~RequestStream() override;
  void issue(Clock::time_point stamp) override;
  Client& client() { return *client_; }

 private:
  std::shared_ptr<Client> client_;
  proto::Envelope request_;
  proto::Envelope::BodyCase expected_;
};

// Requests that need a connection of their own (login, register: a
// connection signs in once). Each one opens a connection, sends the request
// and closes the connection; only the request counts, not the handshakes.
class FreshConnectionStream final : public Stream {
 public:
  using MakeRequest = std::function<proto::Envelope()>;
  FreshConnectionStream(ClientContext& ctx, Endpoint at, MakeRequest make,
                        proto::Envelope::BodyCase expected);
  ~FreshConnectionStream() override;
  void issue(Clock::time_point stamp) override;

 private:
  net::awaitable<void> run();

  ClientContext& ctx_;
  Endpoint at_;
  MakeRequest make_;
  proto::Envelope::BodyCase expected_;
  std::shared_ptr<Client> current_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

// Checks an answer: empty when it has body `expected`, else what is wrong.
std::string check_answer(const Answer& a, proto::Envelope::BodyCase expected);

struct Timing {
  Clock::duration warmup;
  Clock::duration window;
  Clock::duration drain = std::chrono::seconds(30);  // for answers after the window
};

// Told when the measurement window opens and closes, e.g. to read CPU counters.
class WindowObserver {
 public:
  virtual ~WindowObserver() = default;
  virtual void opened() = 0;
  virtual void closed() = 0;
};

struct LoadResult {
  std::size_t connections = 0;
  double window_seconds = 0;
  std::uint64_t completed = 0;   // closed loop: answered in the window; open: scheduled in it
  std::uint64_t failed = 0;      // error answers and transport failures
  std::uint64_t unanswered = 0;  // still outstanding when the drain time ran out
  std::string first_failure;
  Latencies latency;

  double per_second() const {
    return window_seconds > 0 ? static_cast<double>(completed) / window_seconds : 0;
  }
  bool ok() const { return failed == 0 && unanswered == 0; }
  // "" when ok, else a one-line account of what went wrong.
  std::string problems() const;
};

// Each stream keeps one request outstanding. A stream whose request fails
// stops (its failure is counted and the first one kept).
net::awaitable<LoadResult> closed_loop(const std::vector<Stream*>& streams, Timing t,
                                       WindowObserver* observer = nullptr);

// Requests at `per_second` in total, dealt round-robin over the streams.
net::awaitable<LoadResult> open_loop(const std::vector<Stream*>& streams, double per_second,
                                     Timing t, WindowObserver* observer = nullptr);

struct ProbedLoad {
  LoadResult load;
  LoadResult probe;
};

// A closed loop on `load` while `probe` sends a request every `probe_every`:
// how long the load makes unrelated requests wait.
net::awaitable<ProbedLoad> closed_loop_with_probe(const std::vector<Stream*>& load, Stream& probe,
                                                  Clock::duration probe_every, Timing t,
                                                  WindowObserver* observer = nullptr);

template <class S>
std::vector<Stream*> stream_pointers(std::vector<std::unique_ptr<S>>& streams) {
  std::vector<Stream*> out;
  for (auto& s : streams) out.push_back(s.get());
  return out;
}

}  // namespace naumachia::bench
