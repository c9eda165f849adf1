#pragma once
// What the network front end hands each connection's requests to: the
// service (app/service.h). The transport knows nothing more of the server:
// it decodes frames (protocol/codec.h), hands the requests on, and sends what
// comes back through the connection's Outbox.
#include <cstddef>
#include <memory>

#include "base/metrics.h"
#include "naumachia.pb.h"
#include "protocol/connection.h"
#include "protocol/outbox.h"

namespace naumachia::server {

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;
  // Any thread. Handles `request`; the response (and any pushes) go to
  // `outbox`. `conn` must live as long as `outbox`.
  virtual void handle(ConnectionState& conn, std::shared_ptr<Outbox> outbox,
                      proto::Envelope request) = 0;
  // Any thread: the connection is gone; it gets no more pushes. `conn` must
  // live as long as `outbox`.
  virtual void disconnect(ConnectionState& conn, std::shared_ptr<Outbox> outbox) = 0;
  // Frames larger than this are answered TOO_LARGE.
  virtual std::size_t max_frame() const = 0;
  // Any thread: whether the server serves requests now: its games' clock
  // runs and its database answered the clock's last reading. A load
  // balancer's health check (GET /healthz) asks it.
  virtual bool ready() const = 0;
  // The server's figures, which the transport counts in too (connections,
  // the frames it refuses itself) and shows (GET /metrics); null: none kept.
  // Shared: a session may end after the handler (when the server stops).
  virtual std::shared_ptr<ServerFigures> figures() { return nullptr; }
};

}  // namespace naumachia::server
