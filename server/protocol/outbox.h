#pragma once
// Where the frames for one connection go: its answers and the pushes it gets.
// The transport's session implements it; the service and the fan-out send
// through it, never to a socket.
#include <memory>
#include <string>

namespace naumachia::server {

// A frame that several connections are sent (an event every reader may see
// whole): encoded once, held by each connection's queue until written.
using SharedFrame = std::shared_ptr<const std::string>;

// send() may be called from the service's strand only; an implementation
// hands the frame to its own connection's (at once, when the connection's
// work runs on that strand too: a server on one thread).
class Outbox {
 public:
  virtual ~Outbox() = default;
  // A push (an event, a message).
  virtual void send(std::string frame) = 0;
  // A push whose frame other connections are sent too; an implementation
  // that queues frames keeps it without a copy.
  virtual void send_shared(SharedFrame frame) { send(*frame); }
  // The answer to a request this connection handed in. `hold` is released
  // once the frame has left the server (written, or the connection gone):
  // an expensive answer holds its user's slot until then (app/service.h).
  virtual void answer(std::string frame, std::shared_ptr<void> hold) {
    (void)hold;
    send(std::move(frame));
  }
  // A request this connection handed in will get no answer (the connection
  // was gone when it completed). From any thread.
  virtual void unanswered() {}
  // The connection signed in, or was signed out (a connection must sign in
  // within a time limit). From the service's strand.
  virtual void signed_in(bool) {}
};

}  // namespace naumachia::server
