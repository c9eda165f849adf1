#pragma once
// A stream layer between the WebSocket and TLS, so that the frames a
// connection has queued go out together: while the connection has more than
// one frame queued it corks the layer, which gathers the frames written and
// reports each done at once; uncorked, it hands them to TLS together, as one
// record (up to TLS's 16 KiB) and one system call, instead of one of each per
// frame. Frames written while gathered bytes are being handed on are
// gathered too. A lone frame passes straight through. Past kRoom gathered
// bytes a write waits until the bytes before it are handed on, so that a
// reader who does not read still backs the frames up into the connection's
// own queue (transport/session.h), where its limits close it. Everything
// here runs on the connection's strand; the layer keeps its owner (the
// session, which owns the TLS stream) alive while gathered bytes are being
// written, as the stream may not go away under a write.
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

namespace naumachia::server {

template <class NextLayer>
class GatheredWrites {
 public:
  using next_layer_type = NextLayer;
  using executor_type = boost::beast::executor_type<NextLayer>;

  // Bytes gathered beyond which a write waits for the ones before it: one
  // TLS record's worth. What is gathered has left the session's count of
  // queued bytes (docs/security.md), so this is also what a connection may
  // hold beyond that count.
  static constexpr std::size_t kRoom = 16 * 1024;

  template <class... Args>
  explicit GatheredWrites(Args&&... args) : next_(std::forward<Args>(args)...) {}

  // The owner kept alive while gathered bytes are written (a weak pointer:
  // the layer lives inside it).
  void keep_alive(std::weak_ptr<void> owner) { owner_ = std::move(owner); }

  executor_type get_executor() noexcept { return next_.get_executor(); }
  NextLayer& next_layer() noexcept { return next_; }
  const NextLayer& next_layer() const noexcept { return next_; }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return next_.async_read_some(buffers, std::forward<Token>(token));
  }

  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& b) { this->gather(b, std::move(handler)); }, token,
        buffers);
  }

  // Gathers what is written from now on, until uncork().
  void cork() { corked_ = true; }
  // Hands on what was gathered.
  void uncork() {
    corked_ = false;
    if (!state_->writing && !state_->gathered.empty()) write_gathered();
  }

  // Runs `then` once every gathered byte has been handed on (or writing
  // failed): a closing connection's last frames go out before TLS ends.
  template <class Then>
  void when_written(Then then) {
    uncork();
    if (!state_->writing) return post(std::move(then));
    state_->when_written = deferred(std::move(then));
  }

 private:
  // A move-only job for later (a waiting write's completion, a teardown).
  struct Deferred {
    virtual ~Deferred() = default;
    virtual void run() = 0;
  };
  template <class F>
  struct DeferredOf final : Deferred {
    F f;
    explicit DeferredOf(F fn) : f(std::move(fn)) {}
    void run() override { f(); }
  };
  template <class F>
  static std::unique_ptr<Deferred> deferred(F f) {
    return std::make_unique<DeferredOf<F>>(std::move(f));
  }

  // What a write under way needs, which outlives nothing it refers to.
  struct State {
    std::string gathered;  // waiting for the write under way to end
    std::string writing_bytes;
    bool writing = false;
    boost::beast::error_code failed;
    // A write past kRoom; at most one, as Beast writes one frame at once.
    std::unique_ptr<Deferred> waiting;
    std::unique_ptr<Deferred> when_written;
  };

  template <class F>
  void post(F f) {
    boost::asio::post(get_executor(), std::move(f));
  }

  template <class ConstBuffers, class Handler>
  void gather(const ConstBuffers& buffers, Handler handler) {
    State& s = *state_;
    if (s.failed) return post([h = std::move(handler), ec = s.failed]() mutable { h(ec, 0); });
    // A lone frame, nothing gathered nor being written: straight through.
    if (!corked_ && !s.writing && s.gathered.empty()) {
      return next_.async_write_some(buffers, std::move(handler));
    }
    const std::size_t n = boost::asio::buffer_size(buffers);
    const std::size_t before = s.gathered.size();
    s.gathered.resize(before + n);
    boost::asio::buffer_copy(boost::asio::buffer(s.gathered.data() + before, n), buffers);
    if (!s.writing && (!corked_ || s.gathered.size() > kRoom)) write_gathered();
    if (s.gathered.size() <= kRoom) {
      return post([h = std::move(handler), n]() mutable { h(boost::beast::error_code{}, n); });
    }
    // Its handler keeps the session, so the layer, alive: a plain pointer.
    s.waiting = deferred([h = std::move(handler), n, state = state_.get()]() mutable {
      h(state->failed, state->failed ? 0 : n);
    });
  }

  void write_gathered() {
    auto owner = owner_.lock();
    State& s = *state_;
    if (!owner) {
      // The session is going: nothing more is written.
      s.failed = boost::asio::error::operation_aborted;
      s.gathered.clear();
      return;
    }
    s.writing = true;
    s.writing_bytes.swap(s.gathered);
    s.gathered.clear();
    // Room again: a write that waited for it is done.
    if (s.waiting) post([w = std::move(s.waiting)] { w->run(); });
    boost::asio::async_write(
        next_, boost::asio::buffer(s.writing_bytes),
        [this, owner = std::move(owner), state = state_](boost::beast::error_code ec, std::size_t) {
          state->writing = false;
          state->writing_bytes.clear();
          if (ec && !state->failed) state->failed = ec;
          if (state->failed) {
            state->gathered.clear();
            if (std::unique_ptr<Deferred> w = std::move(state->waiting)) w->run();
          } else if (!state->gathered.empty() && (!corked_ || state->gathered.size() > kRoom)) {
            return write_gathered();
          }
          if (state->when_written && (state->failed || state->gathered.empty())) {
            std::unique_ptr<Deferred> then = std::move(state->when_written);
            then->run();
          }
        });
  }

  NextLayer next_;
  std::shared_ptr<State> state_ = std::make_shared<State>();
  std::weak_ptr<void> owner_;
  bool corked_ = false;
};

// A WebSocket's close ends TLS only once what was gathered, its close frame
// too, has gone.
template <class NextLayer, class TeardownHandler>
void async_teardown(boost::beast::role_type role, GatheredWrites<NextLayer>& stream,
                    TeardownHandler&& handler) {
  stream.when_written([&stream, role, h = std::forward<TeardownHandler>(handler)]() mutable {
    using boost::beast::websocket::async_teardown;
    async_teardown(role, stream.next_layer(), std::move(h));
  });
}

}  // namespace naumachia::server
