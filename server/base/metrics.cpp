#include "base/metrics.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace naumachia::server {

Histogram::Histogram(std::initializer_list<double> bounds) {
  if (bounds.size() > kMaxBounds) throw std::invalid_argument("a histogram has too many buckets");
  for (const double b : bounds) {
    if (size_ > 0 && !(b > bounds_[size_ - 1]))
      throw std::invalid_argument("a histogram's bounds must increase");
    bounds_[size_++] = b;
  }
}

void Histogram::observe(double value) {
  std::size_t i = 0;
  while (i < size_ && value > bounds_[i]) ++i;
  counts_[i].fetch_add(1, std::memory_order_relaxed);
  // One writer at a time in practice (the storage writer's thread): the
  // loop runs once.
  double sum = sum_.load(std::memory_order_relaxed);
  while (!sum_.compare_exchange_weak(sum, sum + value, std::memory_order_relaxed)) {
  }
}

Histogram::Snapshot Histogram::snapshot() const {
  Snapshot s;
  s.bounds.assign(bounds_.begin(), bounds_.begin() + static_cast<std::ptrdiff_t>(size_));
  std::uint64_t total = 0;
  for (std::size_t i = 0; i <= size_; ++i) {
    total += counts_[i].load(std::memory_order_relaxed);
    s.cumulative.push_back(total);
  }
  s.sum = sum_.load(std::memory_order_relaxed);
  return s;
}

std::string exposition_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  // Plain decimals where they stay short ("0.0005", not "5e-04"): a
  // bucket's le is a label, read by eye as often as by machine.
  char buf[64];
  const double size = std::fabs(value);
  const auto r = size == 0 || (size >= 1e-6 && size < 1e15)
                     ? std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed)
                     : std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, r.ptr);
}

namespace {

// HELP text escapes backslashes and line feeds; label values double quotes
// too (the format's rules).
void append_escaped(std::string& out, std::string_view text, bool quotes) {
  for (const char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '"' && quotes) {
      out += "\\\"";
    } else {
      out += c;
    }
  }
}

const char* type_name(Exposition::Type t) {
  switch (t) {
    case Exposition::Type::counter:
      return "counter";
    case Exposition::Type::gauge:
      return "gauge";
    case Exposition::Type::histogram:
      return "histogram";
  }
  return "untyped";
}

}  // namespace

void Exposition::family(std::string_view name, std::string_view help, Type type) {
  text_ += "# HELP ";
  text_ += name;
  text_ += ' ';
  append_escaped(text_, help, false);
  text_ += "\n# TYPE ";
  text_ += name;
  text_ += ' ';
  text_ += type_name(type);
  text_ += '\n';
}

void Exposition::sample_text(std::string_view name, std::initializer_list<Label> labels,
                             std::string_view extra_label, std::string_view value) {
  text_ += name;
  if (labels.size() > 0 || !extra_label.empty()) {
    text_ += '{';
    bool first = true;
    for (const Label& l : labels) {
      if (!first) text_ += ',';
      first = false;
      text_ += l.name;
      text_ += "=\"";
      append_escaped(text_, l.value, true);
      text_ += '"';
    }
    if (!extra_label.empty()) {
      if (!first) text_ += ',';
      text_ += extra_label;
    }
    text_ += '}';
  }
  text_ += ' ';
  text_ += value;
  text_ += '\n';
}

void Exposition::sample(std::string_view name, std::initializer_list<Label> labels,
                        std::uint64_t value) {
  sample_text(name, labels, {}, std::to_string(value));
}

void Exposition::sample(std::string_view name, std::initializer_list<Label> labels,
                        std::int64_t value) {
  sample_text(name, labels, {}, std::to_string(value));
}

void Exposition::sample(std::string_view name, std::initializer_list<Label> labels, double value) {
  sample_text(name, labels, {}, exposition_number(value));
}

void Exposition::histogram(std::string_view name, std::initializer_list<Label> labels,
                           const Histogram::Snapshot& h) {
  const std::string bucket = std::string(name) + "_bucket";
  for (std::size_t i = 0; i < h.cumulative.size(); ++i) {
    const std::string le = i < h.bounds.size() ? exposition_number(h.bounds[i]) : "+Inf";
    sample_text(bucket, labels, "le=\"" + le + "\"", std::to_string(h.cumulative[i]));
  }
  sample_text(std::string(name) + "_sum", labels, {}, exposition_number(h.sum));
  const std::uint64_t count = h.cumulative.empty() ? 0 : h.cumulative.back();
  sample_text(std::string(name) + "_count", labels, {}, std::to_string(count));
}

ServerFigures::ServerFigures()
    : start_time(std::chrono::duration_cast<std::chrono::seconds>(
                     std::chrono::system_clock::now().time_since_epoch())
                     .count()) {}

std::string exposition(const ServerFigures& f, const FigureNames& names) {
  using T = Exposition::Type;
  Exposition e;
  e.family("naumachia_start_time_seconds", "When the server process started, in Unix seconds.",
           T::gauge);
  e.sample("naumachia_start_time_seconds", {}, f.start_time);
  e.family("naumachia_connections",
           "Open connections: WebSockets, and browsers' plain HTTPS requests, admitted within "
           "the connection limits.",
           T::gauge);
  e.sample("naumachia_connections", {}, f.connections.value());

  e.family("naumachia_requests_total",
           "Frames received, by the kind of request they hold (none: a frame that is not a "
           "request envelope; other: an envelope that is not a request); refused ones too.",
           T::counter);
  for (std::size_t k = 0; k < kRequestKinds && k < names.kinds.size(); ++k) {
    if (names.kinds[k].empty()) continue;
    e.sample("naumachia_requests_total", {{"type", names.kinds[k]}}, f.requests[k].value());
  }
  e.family("naumachia_errors_total",
           "Error answers, by the kind of request and the protocol's error code; only the pairs "
           "that occurred.",
           T::counter);
  for (std::size_t k = 0; k < kRequestKinds && k < names.kinds.size(); ++k) {
    if (names.kinds[k].empty()) continue;
    for (std::size_t c = 0; c < kErrorCodes && c < names.codes.size(); ++c) {
      const std::uint64_t n = f.errors[k][c].value();
      if (n == 0 || names.codes[c].empty()) continue;
      e.sample("naumachia_errors_total", {{"type", names.kinds[k]}, {"code", names.codes[c]}}, n);
    }
  }

  e.family("naumachia_commit_batches_total",
           "Transactions the storage writer committed, each holding every write waiting when it "
           "began (group commit).",
           T::counter);
  e.sample("naumachia_commit_batches_total", {}, f.commits.batches.value());
  e.family("naumachia_commit_failures_total",
           "Transactions of the storage writer that failed to commit; each of their requests was "
           "told nothing was kept.",
           T::counter);
  e.sample("naumachia_commit_failures_total", {}, f.commits.failed_batches.value());
  e.family("naumachia_commit_batch_writes", "Requests' writes per committed transaction.",
           T::histogram);
  e.histogram("naumachia_commit_batch_writes", {}, f.commits.batch_writes.snapshot());
  e.family("naumachia_commit_seconds",
           "Seconds from a write's hand-in to the storage writer until it is durable (its "
           "transaction committed).",
           T::histogram);
  e.histogram("naumachia_commit_seconds", {}, f.commits.seconds.snapshot());

  e.family("naumachia_games_in_memory", "Games held in memory (running, or read lately).",
           T::gauge);
  e.sample("naumachia_games_in_memory", {}, f.games_in_memory.value());
  if (f.notices_counted.load(std::memory_order_relaxed)) {
    e.family("naumachia_notices_waiting",
             "Notices in the outbox not yet delivered nor given up, as the courier last counted "
             "them (each second).",
             T::gauge);
    e.sample("naumachia_notices_waiting", {}, f.notices_waiting.value());
  }
  return e.text();
}

}  // namespace naumachia::server
