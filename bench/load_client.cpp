#include "load_client.h"

#include <openssl/ssl.h>

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <cmath>
#include <optional>
#include <tuple>

namespace naumachia::bench {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using net::as_tuple;
using net::use_awaitable;
using tcp = net::ip::tcp;

Endpoint Endpoint::parse_listening_line(const std::string& line) {
  const std::string prefix = "listening on wss://";
  const auto colon = line.rfind(':');
  if (line.rfind(prefix, 0) != 0 || colon == std::string::npos || colon < prefix.size()) {
    throw BenchError("expected 'listening on wss://HOST:PORT', got '" + line + "'");
  }
  Endpoint e;
  e.host = line.substr(prefix.size(), colon - prefix.size());
  if (e.host.size() > 2 && e.host.front() == '[') e.host = e.host.substr(1, e.host.size() - 2);
  try {
    const unsigned long port = std::stoul(line.substr(colon + 1));
    if (port == 0 || port > 65535) throw std::out_of_range("port");
    e.port = static_cast<unsigned short>(port);
  } catch (const std::exception&) {
    throw BenchError("no port in '" + line + "'");
  }
  return e;
}

namespace {

// What routing a frame needs, read from the Envelope's top-level fields on
// the wire without parsing the body: pushes (a game's event, a press message,
// a game made, a sign-out), most of the frames under load (every order is
// pushed to each connected player of its game), are only counted, so the
// client's work per push stays small.
struct Routing {
  bool readable = false;
  bool is_push = false;
  std::uint64_t request_id = 0;
};

Routing route(std::string_view frame) {
  constexpr std::uint64_t kRequestIdField = 2;
  // The push bodies: Envelope fields 60 (event) to 63 (signed_out).
  constexpr std::uint64_t kFirstPushField = 60;
  constexpr std::uint64_t kLastPushField = 63;
  Routing r;
  const auto* p = reinterpret_cast<const unsigned char*>(frame.data());
  const auto* const end = p + frame.size();
  const auto varint = [&](std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64 && p < end; shift += 7) {
      const unsigned char b = *p++;
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  };
  while (p < end) {
    std::uint64_t tag = 0, v = 0;
    if (!varint(tag)) return r;
    const std::uint64_t field = tag >> 3;
    switch (tag & 7) {
      case 0:  // varint
        if (!varint(v)) return r;
        if (field == kRequestIdField) r.request_id = v;
        break;
      case 1:  // 64-bit
        if (end - p < 8) return r;
        p += 8;
        break;
      case 2:  // length-delimited
        if (!varint(v) || v > static_cast<std::uint64_t>(end - p)) return r;
        if (field >= kFirstPushField && field <= kLastPushField) r.is_push = true;
        p += v;
        break;
      case 5:  // 32-bit
        if (end - p < 4) return r;
        p += 4;
        break;
      default:
        return r;
    }
  }
  r.readable = true;
  return r;
}

}  // namespace

double Latencies::percentile_us(double q) {
  if (samples_.empty()) return 0;
  if (!sorted_) {
    std::sort(samples_.begin(), samples_.end());
    sorted_ = true;
  }
  const double rank = std::ceil(q * static_cast<double>(samples_.size()));
  const std::size_t i = static_cast<std::size_t>(std::clamp(rank, 1.0, double(samples_.size())));
  return samples_[i - 1];
}

std::string describe_error(const proto::Envelope& env) {
  if (!env.has_error()) return "";
  const proto::Error& e = env.error();
  std::string out = proto::ErrorCode_Name(e.code()) + ": " + e.message();
  for (const proto::OrderError& oe : e.order_errors()) {
    out += " [line " + std::to_string(oe.line()) + ": " + oe.message() + "]";
  }
  return out;
}

ClientContext::ClientContext(net::io_context& io) : io_(io), tls_(net::ssl::context::tls_client) {
  tls_.set_verify_mode(net::ssl::verify_none);
  SSL_CTX_set_mode(tls_.native_handle(), SSL_MODE_RELEASE_BUFFERS);
}

void ClientContext::track(const std::shared_ptr<Client>& c) {
  clients_.push_back(c);
  if (clients_.size() < prune_at_) return;
  std::erase_if(clients_, [](const std::weak_ptr<Client>& w) { return w.expired(); });
  prune_at_ = std::max<std::size_t>(1024, 2 * clients_.size());
}

void ClientContext::close_all() {
  for (auto& w : clients_) {
    if (auto c = w.lock()) c->close();
  }
  clients_.clear();
}

Client::Client(ClientContext& ctx) : ctx_(ctx), ws_(ctx.io(), ctx.tls()) {}

Client::~Client() = default;

net::awaitable<void> Client::open(Endpoint at, milliseconds timeout) {
  auto& lowest = beast::get_lowest_layer(ws_);
  const tcp::endpoint peer(net::ip::make_address(at.host), at.port);
  lowest.expires_after(timeout);
  auto [ec] = co_await lowest.async_connect(peer, as_tuple(use_awaitable));
  if (ec) throw BenchError("connecting to " + at.text() + ": " + ec.message());
  // Requests are small and each waits for its answer: no Nagle delay.
  lowest.socket().set_option(tcp::no_delay(true), ec);
  std::tie(ec) = co_await ws_.next_layer().async_handshake(net::ssl::stream_base::client,
                                                           as_tuple(use_awaitable));
  if (ec) throw BenchError("TLS handshake with " + at.text() + ": " + ec.message());
  lowest.expires_never();
  websocket::stream_base::timeout limits{};
  limits.handshake_timeout = timeout;
  limits.idle_timeout = websocket::stream_base::none();
  limits.keep_alive_pings = false;
  ws_.set_option(limits);
  ws_.binary(true);
  // Replays of long games are large answers.
  ws_.read_message_max(256 * 1024 * 1024);
  std::tie(ec) = co_await ws_.async_handshake(at.text(), "/", as_tuple(use_awaitable));
  if (ec) throw BenchError("WebSocket handshake with " + at.text() + ": " + ec.message());
  open_ = true;
  ctx_.track(shared_from_this());
  read_next();
}

void Client::close() {
  open_ = false;
  raw_ = nullptr;
  pending_.clear();
  // The outbox stays: a write in flight still refers to its front.
  beast::get_lowest_layer(ws_).close();
}

void Client::send(std::string frame) {
  if (!open_) return;
  outbox_.push_back(std::move(frame));
  if (outbox_.size() == 1) write_next();
}

void Client::write_next() {
  ws_.async_write(net::buffer(outbox_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    self->outbox_.pop_front();
                    if (ec) {
                      if (self->open_) {
                        self->open_ = false;
                        self->fail_all("write failed: " + ec.message());
                        beast::get_lowest_layer(self->ws_).close();
                      }
                      self->outbox_.clear();
                      return;
                    }
                    if (!self->outbox_.empty() && self->open_) self->write_next();
                  });
}

void Client::read_next() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    self->on_read(ec);
  });
}

void Client::on_read(beast::error_code ec) {
  if (ec) {
    if (open_) {
      open_ = false;
      raw_ = nullptr;
      fail_all("connection lost: " + ec.message());
    }
    return;
  }
  if (!reading_) return;  // no more reads, and the frame is dropped
  const auto data = buffer_.cdata();
  on_frame(std::string_view(static_cast<const char*>(data.data()), data.size()));
  buffer_.consume(buffer_.size());
  if (open_) read_next();
}

void Client::on_frame(std::string_view frame) {
  if (raw_) {
    raw_(frame);
    return;
  }
  const Routing r = route(frame);
  if (r.is_push && r.readable) {
    ++pushes_;
    return;
  }
  if (!r.readable || !incoming_.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    fail_all("the server sent a frame that is not an Envelope");
    return;
  }
  // Request id 0: refused before decoding (rate limit, bad frame); it answers
  // the oldest request, the one the server read first.
  auto it = pending_.begin();
  if (incoming_.request_id() != 0) {
    it = std::find_if(pending_.begin(), pending_.end(),
                      [id = incoming_.request_id()](const Pending& p) { return p.id == id; });
  }
  if (it == pending_.end()) return;  // a request already given up on
  AnswerHandler done = std::move(it->done);
  pending_.erase(it);
  done(Answer{&incoming_, {}});
}

void Client::fail_all(std::string_view why) {
  std::deque<Pending> failed;
  failed.swap(pending_);
  const std::string reason(why);
  for (Pending& p : failed) p.done(Answer{nullptr, reason});
}

void Client::request(proto::Envelope& env, AnswerHandler done) {
  env.set_version(proto::PROTOCOL_VERSION);
  env.set_request_id(next_id_++);
  if (!open_) {
    // Later, not now: a caller that issues its next request from the handler
    // must not recurse.
    net::post(ws_.get_executor(), [done = std::move(done)] {
      done(Answer{nullptr, "the connection is closed"});
    });
    return;
  }
  pending_.push_back(Pending{env.request_id(), std::move(done)});
  send(env.SerializeAsString());
}

net::awaitable<proto::Envelope> Client::call(proto::Envelope env, milliseconds timeout) {
  struct Waiter {
    explicit Waiter(const net::any_io_executor& ex) : timer(ex) {}
    net::steady_timer timer;
    bool answered = false;
    std::optional<proto::Envelope> reply;
    std::string failure;
  };
  auto w = std::make_shared<Waiter>(ws_.get_executor());
  w->timer.expires_after(timeout);
  request(env, [w](const Answer& a) {
    w->answered = true;
    if (a.envelope) {
      w->reply = *a.envelope;
    } else {
      w->failure = a.failure;
    }
    w->timer.cancel();
  });
  while (!w->answered) {
    auto [ec] = co_await w->timer.async_wait(as_tuple(use_awaitable));
    if (!ec) break;  // the time is up
  }
  if (!w->answered) {
    throw BenchError("no answer within " + std::to_string(timeout.count()) + " ms");
  }
  if (!w->reply) throw BenchError(w->failure);
  co_return std::move(*w->reply);
}

net::awaitable<proto::Envelope> Client::call_expect(proto::Envelope env,
                                                    proto::Envelope::BodyCase expected,
                                                    const std::string& what, milliseconds timeout) {
  proto::Envelope answer;
  try {
    answer = co_await call(std::move(env), timeout);
  } catch (const BenchError& e) {
    throw BenchError(what + ": " + e.what());
  }
  if (answer.body_case() != expected) {
    throw BenchError(what + ": " +
                     (answer.has_error()
                          ? describe_error(answer)
                          : "unexpected answer (body " + std::to_string(answer.body_case()) + ")"));
  }
  co_return answer;
}

net::awaitable<void> sleep_for(Clock::duration d) {
  net::steady_timer t(co_await net::this_coro::executor);
  t.expires_after(d);
  co_await t.async_wait(use_awaitable);
}

net::awaitable<void> sleep_until(Clock::time_point at) {
  net::steady_timer t(co_await net::this_coro::executor);
  t.expires_at(at);
  co_await t.async_wait(use_awaitable);
}

net::awaitable<void> run_all(std::vector<std::function<net::awaitable<void>()>> tasks,
                             std::size_t limit) {
  struct Shared {
    explicit Shared(const net::any_io_executor& ex) : all_done(ex, Clock::time_point::max()) {}
    std::vector<std::function<net::awaitable<void>()>> tasks;
    std::size_t next = 0;
    std::size_t running = 0;
    std::exception_ptr first_failure;
    net::steady_timer all_done;
  };
  const auto ex = co_await net::this_coro::executor;
  auto s = std::make_shared<Shared>(ex);
  s->tasks = std::move(tasks);
  s->running = std::min(std::max<std::size_t>(limit, 1), s->tasks.size());
  const std::size_t workers = s->running;
  for (std::size_t i = 0; i < workers; ++i) {
    net::co_spawn(
        ex,
        [s]() -> net::awaitable<void> {
          while (s->next < s->tasks.size() && !s->first_failure) {
            auto& task = s->tasks[s->next++];
            try {
              co_await task();
            } catch (...) {
              if (!s->first_failure) s->first_failure = std::current_exception();
            }
          }
        },
        [s](std::exception_ptr) {
          if (--s->running == 0) s->all_done.cancel();
        });
  }
  while (s->running > 0) co_await s->all_done.async_wait(as_tuple(use_awaitable));
  if (s->first_failure) std::rethrow_exception(s->first_failure);
}

net::awaitable<std::vector<std::shared_ptr<Client>>> open_clients(ClientContext& ctx,
                                                                  const Endpoint& at, std::size_t n,
                                                                  std::size_t in_flight) {
  std::vector<std::shared_ptr<Client>> out(n);
  std::vector<std::function<net::awaitable<void>()>> tasks;
  tasks.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    tasks.push_back([&ctx, &at, &out, i]() -> net::awaitable<void> {
      auto c = std::make_shared<Client>(ctx);
      co_await c->open(at);
      out[i] = std::move(c);
    });
  }
  std::exception_ptr failure;
  try {
    co_await run_all(std::move(tasks), in_flight);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    close_all(out);
    std::rethrow_exception(failure);
  }
  co_return out;
}

void close_all(std::vector<std::shared_ptr<Client>>& clients) {
  for (auto& c : clients) {
    if (c) c->close();
  }
  clients.clear();
}

namespace requests {

proto::Envelope register_user(const std::string& name, const std::string& password) {
  proto::Envelope e;
  e.mutable_register_()->set_name(name);
  e.mutable_register_()->set_password(password);
  return e;
}

proto::Envelope login(const std::string& name, const std::string& password) {
  proto::Envelope e;
  e.mutable_login()->set_name(name);
  e.mutable_login()->set_password(password);
  return e;
}

proto::Envelope resume(const std::string& token) {
  proto::Envelope e;
  e.mutable_resume()->set_token(token);
  return e;
}

proto::Envelope list_scenarios() {
  proto::Envelope e;
  e.mutable_list_scenarios();
  return e;
}

proto::Envelope list_games() {
  proto::Envelope e;
  e.mutable_list_games();
  return e;
}

proto::Envelope create_game(const std::string& scenario, int seat, unsigned players) {
  proto::Envelope e;
  auto& c = *e.mutable_create_game();
  c.set_scenario(scenario);
  c.set_seat(seat);
  c.set_players(players);
  c.set_deadline_seconds(0);
  return e;
}

proto::Envelope join_game(std::uint64_t game, int seat) {
  proto::Envelope e;
  e.mutable_join_game()->set_game_id(game);
  e.mutable_join_game()->set_seat(seat);
  return e;
}

proto::Envelope get_game(std::uint64_t game, bool picture) {
  proto::Envelope e;
  e.mutable_get_game()->set_game_id(game);
  e.mutable_get_game()->set_picture(picture);
  return e;
}

proto::Envelope submit_orders(std::uint64_t game, std::uint64_t step,
                              const std::vector<std::string>& lines, bool ready) {
  proto::Envelope e;
  auto& s = *e.mutable_submit_orders();
  s.set_game_id(game);
  s.set_step(step);
  for (const std::string& l : lines) s.add_lines(l);
  s.set_ready(ready);
  return e;
}

proto::Envelope events(std::uint64_t game, std::uint64_t after_seq) {
  proto::Envelope e;
  e.mutable_events()->set_game_id(game);
  e.mutable_events()->set_after_seq(after_seq);
  return e;
}

proto::Envelope replay(std::uint64_t game, bool pictures) {
  proto::Envelope e;
  e.mutable_replay()->set_game_id(game);
  e.mutable_replay()->set_pictures(pictures);
  return e;
}

proto::Envelope send_press(std::uint64_t game, const std::string& text) {
  proto::Envelope e;
  e.mutable_send_press()->set_game_id(game);
  e.mutable_send_press()->set_text(text);
  return e;
}

proto::Envelope press(std::uint64_t game) {
  proto::Envelope e;
  e.mutable_press()->set_game_id(game);
  return e;
}

proto::Envelope notify_show() {
  proto::Envelope e;
  e.mutable_notify()->set_show(true);
  return e;
}

proto::Envelope choices(std::uint64_t game, std::uint64_t step, const std::string& decision) {
  proto::Envelope e;
  auto& c = *e.mutable_choices();
  c.set_game_id(game);
  c.set_step(step);
  c.set_decision(decision);
  return e;
}

}  // namespace requests

}  // namespace naumachia::bench
