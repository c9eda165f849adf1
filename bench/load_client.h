#pragma once
// The load generator's client side: TLS WebSocket connections driven
// asynchronously from one thread, with the protocol's request/response
// matching on top. Callbacks carry the hot paths (one request after another
// on hundreds of connections); coroutines carry the set-up and the scenario
// logic, where clarity matters more than a few hundred nanoseconds.
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "naumachia.pb.h"

namespace naumachia::bench {

namespace net = boost::asio;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A failure that ends the measurement it happens in (set-up steps, protocol
// errors in answers that must succeed).
struct BenchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Where a server listens, from its "listening on wss://HOST:PORT" line.
struct Endpoint {
  std::string host;
  unsigned short port = 0;
  static Endpoint parse_listening_line(const std::string& line);
  std::string text() const { return host + ":" + std::to_string(port); }
};

// Latency samples in microseconds; percentiles by nearest rank.
class Latencies {
 public:
  void add(Clock::duration d) {
    samples_.push_back(std::chrono::duration<double, std::micro>(d).count());
    sorted_ = false;
  }
  std::size_t count() const { return samples_.size(); }
  // q in [0, 1]; 0 when there are no samples.
  double percentile_us(double q);
  double percentile_ms(double q) { return percentile_us(q) / 1000.0; }
  double max_ms() { return percentile_us(1.0) / 1000.0; }

 private:
  std::vector<double> samples_;
  bool sorted_ = true;
};

// What a request came to: the server's answer, or why there is none.
struct Answer {
  const proto::Envelope* envelope = nullptr;  // null when the request failed in transport
  std::string_view failure;                   // set when envelope is null
};
using AnswerHandler = std::function<void(const Answer&)>;

// "INVALID_ARGUMENT: a name is ..." plus any order errors; empty when no error body.
std::string describe_error(const proto::Envelope& env);

// The client's shared TLS settings: no verification (the servers under test
// use self-signed certificates), buffers released while idle so that ten
// thousand idle connections stay cheap on the client side.
class Client;
class ClientContext {
 public:
  explicit ClientContext(net::io_context& io);
  net::io_context& io() { return io_; }
  net::ssl::context& tls() { return tls_; }

  // Every opened client is tracked, so that the run can end by closing
  // whatever a failed measurement left open (an open client keeps the
  // io_context busy with its pending read).
  void track(const std::shared_ptr<Client>& c);
  void close_all();

 private:
  net::io_context& io_;
  net::ssl::context tls_;
  std::vector<std::weak_ptr<Client>> clients_;
  std::size_t prune_at_ = 1024;
};

// One client connection: TLS WebSocket with binary frames, one write in
// flight and a queue behind it, a read always pending. In protocol mode it
// matches answers to requests by request_id and counts pushes; in raw mode
// (for the echo server) every frame goes to one handler.
class Client : public std::enable_shared_from_this<Client> {
 public:
  using RawHandler = std::function<void(std::string_view frame)>;

  explicit Client(ClientContext& ctx);
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // TCP connect (TCP_NODELAY set), TLS and WebSocket handshakes. Throws BenchError.
  net::awaitable<void> open(Endpoint at, milliseconds timeout = milliseconds(30000));

  // Stops at once: handlers and pending requests are dropped without being
  // called, the socket is closed.
  void close();
  bool is_open() const { return open_; }

  // Raw mode: frames are sent as given and every received frame goes to `h`.
  void set_raw_handler(RawHandler h) { raw_ = std::move(h); }
  void send(std::string frame);

  // Protocol mode: sets version and a fresh request_id on `env`, sends it and
  // calls `done` with the answer (or the transport failure). Request ids
  // start at 2^21 so that each takes four bytes on the wire: frame sizes stay
  // constant as the count grows.
  void request(proto::Envelope& env, AnswerHandler done);
  // The same as a coroutine: the answer (which may carry an error body), or
  // BenchError on transport failure or timeout.
  net::awaitable<proto::Envelope> call(proto::Envelope env,
                                       milliseconds timeout = milliseconds(60000));
  // call() that also requires the answer's body to be `expected`; `what`
  // names the request in the error.
  net::awaitable<proto::Envelope> call_expect(proto::Envelope env,
                                              proto::Envelope::BodyCase expected,
                                              const std::string& what,
                                              milliseconds timeout = milliseconds(60000));

  std::uint64_t pushes() const { return pushes_; }
  std::size_t pending() const { return pending_.size(); }
  // Frames sent and not yet written to the socket.
  std::size_t unsent() const { return outbox_.size(); }

  // Reads nothing more, as a client that does not read: a frame already on
  // its way is dropped, and the server's answers fill the socket's buffers.
  void stop_reading() { reading_ = false; }

 private:
  struct Pending {
    std::uint64_t id;
    AnswerHandler done;
  };

  void read_next();
  void on_read(boost::beast::error_code ec);
  void on_frame(std::string_view frame);
  void write_next();
  void fail_all(std::string_view why);

  ClientContext& ctx_;
  boost::beast::websocket::stream<boost::beast::ssl_stream<boost::beast::tcp_stream>> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  std::deque<Pending> pending_;
  RawHandler raw_;
  proto::Envelope incoming_;  // reused: parsing into it keeps its allocations
  std::uint64_t next_id_ = std::uint64_t{1} << 21;
  std::uint64_t pushes_ = 0;
  bool open_ = false;
  bool reading_ = true;
};

// Sleeps on the calling coroutine's executor.
net::awaitable<void> sleep_for(Clock::duration d);
net::awaitable<void> sleep_until(Clock::time_point t);

// Runs `tasks` concurrently, at most `limit` at a time, and returns when all
// have finished; rethrows the first failure then.
net::awaitable<void> run_all(std::vector<std::function<net::awaitable<void>()>> tasks,
                             std::size_t limit);

// Opens `n` connections, at most `in_flight` handshakes at a time (more
// would overflow the server's SYN backlog and cost retransmission delays).
net::awaitable<std::vector<std::shared_ptr<Client>>> open_clients(ClientContext& ctx,
                                                                  const Endpoint& at, std::size_t n,
                                                                  std::size_t in_flight = 200);

void close_all(std::vector<std::shared_ptr<Client>>& clients);

// Closes the clients when the scope ends, however it ends: a client left
// open would live on, kept by its pending read, and go on receiving pushes.
class CloseOnExit {
 public:
  explicit CloseOnExit(std::vector<std::shared_ptr<Client>>& clients) : clients_(clients) {}
  ~CloseOnExit() { close_all(clients_); }
  CloseOnExit(const CloseOnExit&) = delete;
  CloseOnExit& operator=(const CloseOnExit&) = delete;

 private:
  std::vector<std::shared_ptr<Client>>& clients_;
};

// Envelope builders for the requests the benchmark sends.
namespace requests {
proto::Envelope register_user(const std::string& name, const std::string& password);
proto::Envelope login(const std::string& name, const std::string& password);
proto::Envelope resume(const std::string& token);
proto::Envelope list_scenarios();
proto::Envelope list_games();
proto::Envelope create_game(const std::string& scenario, int seat, unsigned players);
proto::Envelope join_game(std::uint64_t game, int seat);
// With `picture`, also the board drawn as SVG (GameDetail.picture).
proto::Envelope get_game(std::uint64_t game, bool picture = false);
proto::Envelope submit_orders(std::uint64_t game, std::uint64_t step,
                              const std::vector<std::string>& lines, bool ready);
proto::Envelope events(std::uint64_t game, std::uint64_t after_seq);
// The first page; with `pictures`, each board drawn as SVG too.
proto::Envelope replay(std::uint64_t game, bool pictures = false);
// A public message to the game's press.
proto::Envelope send_press(std::uint64_t game, const std::string& text);
// The game's press the user may read, from the first message.
proto::Envelope press(std::uint64_t game);
// The user's notice settings, unchanged (NotifyRequest.show).
proto::Envelope notify_show();
// The decisions of the step (decision "") or the ways on of one.
proto::Envelope choices(std::uint64_t game, std::uint64_t step, const std::string& decision);
}  // namespace requests

}  // namespace naumachia::bench
