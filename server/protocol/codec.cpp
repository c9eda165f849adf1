#include "protocol/codec.h"

#include <algorithm>

#include "base/log.h"
#include "storage/database.h"

namespace naumachia::server {

void refuse(proto::ErrorCode code, std::string message) {
  throw ApiError{code, std::move(message), {}};
}

std::string error_frame(std::uint64_t request_id, proto::ErrorCode code,
                        const std::string& message) {
  proto::Envelope env;
  env.set_version(proto::PROTOCOL_VERSION);
  env.set_request_id(request_id);
  env.mutable_error()->set_code(code);
  env.mutable_error()->set_message(message);
  return env.SerializeAsString();
}

Decoded decode_request(std::string_view frame, std::size_t max_frame) {
  Decoded d;
  if (frame.size() > max_frame) {
    d.code = proto::TOO_LARGE;
    d.error = error_frame(0, d.code,
                          "the frame has " + std::to_string(frame.size()) +
                              " bytes; the limit is " + std::to_string(max_frame));
    return d;
  }
  proto::Envelope in;
  if (!in.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    d.code = proto::BAD_FRAME;
    d.error = error_frame(0, d.code, "the frame is not a protocol Envelope");
    return d;
  }
  if (in.version() != proto::PROTOCOL_VERSION) {
    d.code = proto::UNSUPPORTED_VERSION;
    d.error = error_frame(in.request_id(), d.code,
                          "this server speaks protocol version " +
                              std::to_string(proto::PROTOCOL_VERSION) +
                              ", the request is version " + std::to_string(in.version()));
    return d;
  }
  d.request = std::move(in);
  return d;
}

double request_cost(const proto::Envelope& request) {
  using B = proto::Envelope;
  switch (request.body_case()) {
    case B::kRegister:
    case B::kLogin:
      return 10;  // a password hash: tens of milliseconds of a worker
    case B::kChangePassword:
      return 20;  // a password hash: tens of milliseconds of a worker
    case B::kReplay:
      return 20;  // every step of the game played again
    case B::kLogout:
      return 5;  // a durable write
    case B::kGetGame:
      // A picture is drawn on the service's strand.
      return request.get_game().picture() ? 5 : 1;
    default:
      return 1;
  }
}

Reply::Reply(std::uint64_t request_id, std::shared_ptr<Outbox> outbox)
    : outbox_(std::move(outbox)) {
  out_.set_version(proto::PROTOCOL_VERSION);
  out_.set_request_id(request_id);
}

Reply::~Reply() {
  if (!sent_ && outbox_) outbox_->unanswered();
}

bool Reply::handle_again(const std::shared_ptr<Reply>& self) {
  if (sent_ || !again_ || handled_again_ >= kMaxAgain) return false;
  ++handled_again_;
  const std::uint64_t id = out_.request_id();
  out_.Clear();
  out_.set_version(proto::PROTOCOL_VERSION);
  out_.set_request_id(id);
  again_(self);
  return true;
}

void Reply::send() {
  if (sent_) return;
  if (outbox_) outbox_->answer(out_.SerializeAsString(), std::move(hold_));
  sent_ = true;
}

namespace {

std::string capped(const std::string& text) {
  if (text.size() <= kMaxErrorText) return text;
  return text.substr(0, kMaxErrorText) + "... (" + std::to_string(text.size() - kMaxErrorText) +
         " more bytes)";
}

}  // namespace

void Reply::fail(const ApiError& e) {
  if (sent_) return;
  if (figures_) figures_->error(kind_, static_cast<std::size_t>(e.code));
  out_.clear_body();
  auto& err = *out_.mutable_error();
  err.set_code(e.code);
  err.set_message(capped(e.message));
  // Junk submitted in bulk must not come back multiplied: the first errors,
  // then a count of the rest.
  const std::size_t shown = std::min(e.order_errors.size(), kMaxOrderErrors);
  for (std::size_t i = 0; i < shown; ++i) {
    auto& p = *err.add_order_errors();
    p.set_line(static_cast<std::uint32_t>(e.order_errors[i].line));
    p.set_message(capped(e.order_errors[i].message));
  }
  if (shown < e.order_errors.size()) {
    auto& p = *err.add_order_errors();
    p.set_line(0);
    p.set_message("and " + std::to_string(e.order_errors.size() - shown) +
                  " more errors not shown; correct these first");
  }
  send();
}

void Reply::fail_internal(const std::string& what) {
  log_line("request failed: " + what);
  fail(ApiError{proto::INTERNAL, "the server failed on this request; nothing was changed", {}});
}

void Reply::fail_unexpected(const std::exception& e) {
  if (!storage_full(e)) return fail_internal(e.what());
  log_line("request failed: the database cannot grow: " + std::string(e.what()));
  fail(ApiError{proto::STORAGE_FULL,
                "the server's storage is full; nothing was changed. Try again later",
                {}});
}

void Reply::fail_after_commit(const std::string& kept, const std::string& what) {
  log_line("request failed after its writes were stored (" + kept + "): " + what);
  fail(ApiError{proto::INTERNAL,
                kept + ", but the server failed while answering; ask again to see where things"
                       " stand",
                {}});
}

}  // namespace naumachia::server
