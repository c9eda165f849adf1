#pragma once
// Where the frames for one connection go: its answers and the pushes it gets.
// The transport's session implements it; the service and the fan-out send
// through it, never to a socket.
#include <string>

namespace naumachia::server {

// send() may be called from the service's strand only; an implementation
// hands the frame to its own connection's.
class Outbox {
 public:
  virtual ~Outbox() = default;
  virtual void send(std::string frame) = 0;
  // The connection signed in, or was signed out (a connection must sign in
  // within a time limit). From the service's strand.
  virtual void signed_in(bool) {}
};

}  // namespace naumachia::server
