#pragma once
// The protocol at the edge: request frames decoded and checked, responses and
// errors encoded, the one way a request fails (ApiError), and the reply of a
// request that may complete later (after a storage batch or a worker's job).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/log.h"
#include "base/metrics.h"
#include "core/game.h"
#include "naumachia.pb.h"
#include "protocol/outbox.h"

namespace naumachia::server {

// Thrown inside a handler (or passed to Reply::fail); becomes an Error
// response. Nothing the request would have written is written.
struct ApiError {
  proto::ErrorCode code;
  std::string message;
  std::vector<OrderError> order_errors;
};

// An error reply stays small whatever the request: at most this many order
// errors (the rest counted in one last line) and this many bytes of text each.
inline constexpr std::size_t kMaxOrderErrors = 50;
inline constexpr std::size_t kMaxErrorText = 1000;

[[noreturn]] void refuse(proto::ErrorCode code, std::string message);

std::string error_frame(std::uint64_t request_id, proto::ErrorCode code,
                        const std::string& message);

// A request decoded, or the error frame to answer it with.
struct Decoded {
  std::optional<proto::Envelope> request;
  std::string error;
  proto::ErrorCode code = proto::ERROR_UNSPECIFIED;  // the error's
};
Decoded decode_request(std::string_view frame, std::size_t max_frame);

// What a request costs against a connection's request budget: most cost 1;
// those that make the server work hard cost more.
double request_cost(const proto::Envelope& request);

// The answer to one request, sent exactly once to the requester's outbox.
class Reply {
 public:
  Reply(std::uint64_t request_id, std::shared_ptr<Outbox> outbox);
  // A reply dropped unsent tells its outbox that no answer comes.
  ~Reply();
  Reply(const Reply&) = delete;
  Reply& operator=(const Reply&) = delete;
  // Something the answer holds until it has left the server (a user's slot
  // for expensive requests).
  void hold(std::shared_ptr<void> h) { hold_ = std::move(h); }
  // An error answer is counted in `figures` under the request's `kind`
  // (protocol/figures.h).
  void count_in(ServerFigures* figures, std::size_t kind) {
    figures_ = figures;
    kind_ = kind;
  }
  // The response being built (version and request id set).
  proto::Envelope& out() { return out_; }
  // Sends the response unless one was sent; a send that throws sends nothing,
  // so that the request may still be failed.
  void send();
  void fail(const ApiError& e);
  // An unexpected failure before anything of the request was stored: logged,
  // and the requester told nothing changed.
  void fail_internal(const std::string& what);
  // A failure before anything of the request was stored, of any kind: a
  // database that cannot grow is STORAGE_FULL, anything else INTERNAL
  // (fail_internal).
  void fail_unexpected(const std::exception& e);
  // An unexpected failure once the request's writes were durable: logged, and
  // the requester told what was kept (`kept`, e.g. "your orders for game 3,
  // step 2 were saved"), never that nothing changed.
  void fail_after_commit(const std::string& kept, const std::string& what);
  bool sent() const { return sent_; }
  const Outbox* outbox() const { return outbox_.get(); }

  // How the request is handled again from the start, when a change it made
  // was not stored because another server changed the game first
  // (WriteConflict): `again` gets this reply, its response cleared.
  using Again = std::function<void(const std::shared_ptr<Reply>&)>;
  void handle_again_by(Again again) { again_ = std::move(again); }
  // Handles the request again (at most kMaxAgain times); false when it may
  // not be, and the caller fails it.
  static constexpr int kMaxAgain = 10;
  bool handle_again(const std::shared_ptr<Reply>& self);

 private:
  std::shared_ptr<Outbox> outbox_;
  proto::Envelope out_;
  Again again_;
  int handled_again_ = 0;
  std::shared_ptr<void> hold_;
  ServerFigures* figures_ = nullptr;
  std::size_t kind_ = 0;
  bool sent_ = false;
};
using ReplyPtr = std::shared_ptr<Reply>;

// Runs `fn`, turning what it throws into the reply's error. For work done
// before the request stored anything.
template <class Fn>
void guarded(const ReplyPtr& reply, Fn&& fn) {
  try {
    fn();
  } catch (const ApiError& e) {
    reply->fail(e);
  } catch (const std::exception& e) {
    reply->fail_unexpected(e);
  }
}

// Runs `fn` where nobody waits for an answer (a deadline, a reminder, a game
// loaded to resolve its step): what it throws is logged, "`what`: why", and
// goes no further.
template <class Fn>
void logging_failure(const std::string& what, Fn&& fn) {
  try {
    fn();
  } catch (const ApiError& e) {
    log_line(what + ": " + e.message);
  } catch (const std::exception& e) {
    log_line(what + ": " + e.what());
  }
}

// Runs `fn` once the request's writes are durable: whatever it throws fails
// the reply (if one is still to be sent) with what was kept.
template <class Fn>
void guarded_after_commit(const ReplyPtr& reply, const std::string& kept, Fn&& fn) {
  std::string why;
  try {
    fn();
    return;
  } catch (const ApiError& e) {
    why = e.message;
  } catch (const std::exception& e) {
    why = e.what();
  }
  if (reply && !reply->sent()) reply->fail_after_commit(kept, why);
}

}  // namespace naumachia::server
