#pragma once
// The server's figures for Prometheus (GET /metrics, deploy/README.md):
// counters, gauges and histograms that the request path moves with relaxed
// atomic adds (no lock, no allocation), the registry of every figure the
// server keeps (ServerFigures), and their text exposition format, version
// 0.0.4. The figures count the whole server: no label names a game or a user.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::server {

// Only ever goes up (a restart starts it again at 0, as Prometheus expects).
class Counter {
 public:
  void add(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

// A level that goes up and down.
class Gauge {
 public:
  void set(std::int64_t v) { value_.store(v, std::memory_order_relaxed); }
  void add(std::int64_t n) { value_.fetch_add(n, std::memory_order_relaxed); }
  std::int64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::int64_t> value_{0};
};

// Observations counted in buckets of fixed upper bounds (increasing; each
// bucket holds the values up to its bound, above the one before), with
// their sum. Each bucket is counted on its own; the exposition adds them up
// (Prometheus's buckets are cumulative).
class Histogram {
 public:
  static constexpr std::size_t kMaxBounds = 16;

  struct Snapshot {
    std::vector<double> bounds;
    std::vector<std::uint64_t> cumulative;  // one per bound, then +Inf: the count
    double sum = 0;
  };

  // At most kMaxBounds bounds, increasing (else std::invalid_argument).
  Histogram(std::initializer_list<double> bounds);
  void observe(double value);
  // The counts as they stand, each bucket read once: its cumulative counts
  // never fall from one bucket to the next.
  Snapshot snapshot() const;

 private:
  std::array<double, kMaxBounds> bounds_{};
  std::size_t size_ = 0;
  std::array<std::atomic<std::uint64_t>, kMaxBounds + 1> counts_{};  // the last: above every bound
  std::atomic<double> sum_{0};
};

// The text exposition format, version 0.0.4: each family's HELP and TYPE
// lines, then its samples.
class Exposition {
 public:
  enum class Type { counter, gauge, histogram };
  struct Label {
    std::string_view name;
    std::string_view value;  // escaped here: any text may be given
  };

  static constexpr std::string_view kContentType = "text/plain; version=0.0.4; charset=utf-8";

  // Begins the family `name`; its samples follow.
  void family(std::string_view name, std::string_view help, Type type);
  void sample(std::string_view name, std::initializer_list<Label> labels, std::uint64_t value);
  void sample(std::string_view name, std::initializer_list<Label> labels, std::int64_t value);
  void sample(std::string_view name, std::initializer_list<Label> labels, double value);
  // A histogram's samples: NAME_bucket{le=...} for each bound and +Inf,
  // NAME_sum and NAME_count.
  void histogram(std::string_view name, std::initializer_list<Label> labels,
                 const Histogram::Snapshot& h);
  const std::string& text() const { return text_; }

 private:
  void sample_text(std::string_view name, std::initializer_list<Label> labels,
                   std::string_view extra_label, std::string_view value);
  std::string text_;
};

// A number as the exposition writes it: the shortest text that reads back
// as the same double, in plain decimals unless very large or small ("0.0005",
// "1024", "1e-09"), +Inf, -Inf or NaN.
std::string exposition_number(double value);

// What the storage writer's group commit does (storage/writer.h).
struct CommitFigures {
  Counter batches;  // committed
  Counter failed_batches;
  // Requests' writes per committed batch (at most 1024, the writer's bound).
  Histogram batch_writes{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  // Seconds from a write's hand-in to its batch's commit returning.
  Histogram seconds{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
};

// Requests are counted by kind: the number of the protocol's field that
// holds the request (protocol/figures.h names them), 0 for a frame that holds
// none. Error answers by kind and by the protocol's error code.
inline constexpr std::size_t kRequestKinds = 64;
inline constexpr std::size_t kErrorCodes = 32;

// Every figure the server keeps, one registry per server. Counted from any
// thread.
struct ServerFigures {
  ServerFigures();

  // Kinds and codes out of range are counted as 0.
  void request(std::size_t kind) { requests[kind < kRequestKinds ? kind : 0].add(); }
  void error(std::size_t kind, std::size_t code) {
    errors[kind < kRequestKinds ? kind : 0][code < kErrorCodes ? code : 0].add();
  }

  Gauge connections;  // open: WebSockets and the plain HTTPS requests' alike
  std::array<Counter, kRequestKinds> requests;
  std::array<std::array<Counter, kErrorCodes>, kRequestKinds> errors;
  CommitFigures commits;
  Gauge games_in_memory;
  // Notices not yet sent nor given up, as the courier last counted them;
  // shown only when `notices_counted` (a server that delivers notices).
  Gauge notices_waiting;
  std::atomic<bool> notices_counted{false};
  const std::int64_t start_time;  // Unix seconds
};

// The label values of request kinds and error codes by their numbers; an
// empty name is no kind (or code) of the protocol.
struct FigureNames {
  std::vector<std::string> kinds;
  std::vector<std::string> codes;
};

// The whole exposition of `f`: every request kind named (counted or not),
// the pairs of kind and error code that were counted, and the other figures.
std::string exposition(const ServerFigures& f, const FigureNames& names);

}  // namespace naumachia::server
