#include "load_driver.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace naumachia::bench {

namespace {

void note_failure(LoadResult& r, std::string_view failure) {
  ++r.failed;
  if (r.first_failure.empty()) r.first_failure = std::string(failure);
}

double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

// Waits until nothing is outstanding or the deadline passes.
net::awaitable<void> drain(const std::size_t& outstanding, Clock::time_point deadline) {
  while (outstanding > 0 && Clock::now() < deadline) co_await sleep_for(milliseconds(2));
}

}  // namespace

std::string check_answer(const Answer& a, proto::Envelope::BodyCase expected) {
  if (!a.envelope) return std::string(a.failure);
  if (a.envelope->body_case() == expected) return "";
  if (a.envelope->has_error()) return describe_error(*a.envelope);
  return "unexpected answer (body " + std::to_string(a.envelope->body_case()) + ")";
}

std::string LoadResult::problems() const {
  if (ok()) return "";
  std::string out;
  if (failed) out += std::to_string(failed) + " failed (first: " + first_failure + ")";
  if (unanswered) {
    out += (out.empty() ? "" : "; ") + std::to_string(unanswered) + " never answered";
  }
  return out;
}

EchoStream::EchoStream(std::shared_ptr<Client> client, std::size_t frame_size)
    : client_(std::move(client)), frame_(frame_size, '\x5a') {
  client_->set_raw_handler([this](std::string_view frame) {
    if (sent_.empty()) return finish(Clock::now(), "a frame nobody asked for");
    const Clock::time_point from = sent_.front();
    sent_.pop_front();
    finish(from, frame.size() == frame_.size() ? "" : "an echo of another size");
  });
}

EchoStream::~EchoStream() {
  client_->close();
}

void EchoStream::issue(Clock::time_point stamp) {
  sent_.push_back(stamp);
  client_->send(frame_);
}

RequestStream::RequestStream(std::shared_ptr<Client> client, proto::Envelope request,
                             proto::Envelope::BodyCase expected)
    : client_(std::move(client)), request_(std::move(request)), expected_(expected) {}

RequestStream::~RequestStream() {
  client_->close();
}

void RequestStream::issue(Clock::time_point stamp) {
  client_->request(request_,
                   [this, stamp](const Answer& a) { finish(stamp, check_answer(a, expected_)); });
}

FreshConnectionStream::FreshConnectionStream(ClientContext& ctx, Endpoint at, MakeRequest make,
                                             proto::Envelope::BodyCase expected)
    : ctx_(ctx), at_(std::move(at)), make_(std::move(make)), expected_(expected) {}

FreshConnectionStream::~FreshConnectionStream() {
  *alive_ = false;
  if (current_) current_->close();
}

void FreshConnectionStream::issue(Clock::time_point) {
  net::co_spawn(ctx_.io(), run(), [](std::exception_ptr) {});
}

net::awaitable<void> FreshConnectionStream::run() {
  const auto alive = alive_;
  auto client = std::make_shared<Client>(ctx_);
  current_ = client;
  std::string failure;
  try {
    co_await client->open(at_);
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (!*alive) co_return;
  if (!failure.empty()) {
    finish(Clock::now(), failure);
    co_return;
  }
  proto::Envelope request = make_();
  const Clock::time_point from = Clock::now();
  client->request(request, [this, from, client](const Answer& a) {
    const std::string problem = check_answer(a, expected_);
    client->close();
    finish(from, problem);
  });
}

net::awaitable<LoadResult> closed_loop(const std::vector<Stream*>& streams, Timing t,
                                       WindowObserver* observer) {
  LoadResult r;
  r.connections = streams.size();
  r.window_seconds = seconds(t.window);
  const Clock::time_point measure_from = Clock::now() + t.warmup;
  const Clock::time_point until = measure_from + t.window;
  std::size_t outstanding = 0;
  for (Stream* s : streams) {
    s->set_finished([&](Stream& stream, Clock::time_point from, std::string_view failure) {
      --outstanding;
      if (!failure.empty()) return note_failure(r, failure);
      const Clock::time_point now = Clock::now();
      if (now >= measure_from && now < until) {
        ++r.completed;
        r.latency.add(now - from);
      }
      if (now < until) {
        ++outstanding;
        stream.issue(now);
      }
    });
  }
  for (Stream* s : streams) {
    ++outstanding;
    s->issue(Clock::now());
  }
  co_await sleep_until(measure_from);
  if (observer) observer->opened();
  co_await sleep_until(until);
  if (observer) observer->closed();
  co_await drain(outstanding, until + t.drain);
  r.unanswered = outstanding;
  for (Stream* s : streams) s->set_finished(nullptr);
  co_return r;
}

net::awaitable<LoadResult> open_loop(const std::vector<Stream*>& streams, double per_second,
                                     Timing t, WindowObserver* observer) {
  LoadResult r;
  r.connections = streams.size();
  r.window_seconds = seconds(t.window);
  const Clock::time_point start = Clock::now() + milliseconds(1);
  const Clock::time_point measure_from = start + t.warmup;
  const Clock::time_point until = measure_from + t.window;
  std::size_t outstanding = 0;
  std::vector<bool> stopped(streams.size(), false);
  for (std::size_t i = 0; i < streams.size(); ++i) {
    streams[i]->set_finished([&, i](Stream&, Clock::time_point from, std::string_view failure) {
      --outstanding;
      if (!failure.empty()) {
        stopped[i] = true;
        return note_failure(r, failure);
      }
      if (from >= measure_from && from < until) {
        ++r.completed;
        r.latency.add(Clock::now() - from);
      }
    });
  }
  const std::chrono::duration<double> interval(1.0 / per_second);
  const auto ex = co_await net::this_coro::executor;
  net::steady_timer timer(ex);
  bool window_open = false;
  unsigned without_pause = 0;
  for (std::uint64_t k = 0; !streams.empty(); ++k) {
    const Clock::time_point due =
        start + std::chrono::duration_cast<Clock::duration>(interval * static_cast<double>(k));
    if (due >= until) break;
    if (due > Clock::now()) {
      timer.expires_at(due);
      co_await timer.async_wait(net::use_awaitable);
      without_pause = 0;
    } else if (++without_pause == 64) {
      // Behind schedule: let the answers in before sending more.
      co_await net::post(ex, net::use_awaitable);
      without_pause = 0;
    }
    if (!window_open && due >= measure_from) {
      window_open = true;
      if (observer) observer->opened();
    }
    const std::size_t i = k % streams.size();
    if (stopped[i]) continue;
    ++outstanding;
    streams[i]->issue(due);
  }
  if (Clock::now() < until) co_await sleep_until(until);
  if (observer && window_open) observer->closed();
  co_await drain(outstanding, until + t.drain);
  r.unanswered = outstanding;
  for (Stream* s : streams) s->set_finished(nullptr);
  co_return r;
}

net::awaitable<ProbedLoad> closed_loop_with_probe(const std::vector<Stream*>& load, Stream& probe,
                                                  Clock::duration probe_every, Timing t,
                                                  WindowObserver* observer) {
  using namespace net::experimental::awaitable_operators;
  const std::vector<Stream*> probes{&probe};
  const double rate = 1.0 / seconds(probe_every);
  auto [l, p] = co_await (closed_loop(load, t, observer) && open_loop(probes, rate, t));
  co_return ProbedLoad{std::move(l), std::move(p)};
}

}  // namespace naumachia::bench
