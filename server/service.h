#pragma once
// The server's behaviour, independent of the network: decodes a request frame,
// applies it to the store through the rules engine, and returns the response
// frame; events go to every connected player of the game through their
// outboxes. Runs on the server's single I/O thread, so it needs no locks.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"
#include "naumachia.pb.h"
#include "store.h"

namespace naumachia::server {

// Where pushes for one connection go.
class Outbox {
 public:
  virtual ~Outbox() = default;
  virtual void send(std::string frame) = 0;
};

// What the service remembers about one connection.
struct ConnectionState {
  std::optional<std::int64_t> user_id;
  std::string user_name;
};

struct ServiceLimits {
  std::size_t max_frame = 64 * 1024;  // larger frames get TOO_LARGE
  std::int64_t max_deadline_seconds = 30LL * 24 * 3600;
};

class Service {
 public:
  using Clock = std::function<std::int64_t()>;  // Unix seconds

  Service(Store& store, const Registry& registry, Clock clock, ServiceLimits limits = {});

  // One request frame in, one response frame out.
  std::string handle(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     std::string_view frame);
  // A response frame for a request refused before decoding (rate limit, size).
  static std::string error_frame(std::uint64_t request_id, proto::ErrorCode code,
                                 const std::string& message);

  void disconnect(const std::shared_ptr<Outbox>& outbox);
  // Resolves every step whose deadline has passed.
  void check_deadlines();

 private:
  friend struct Handlers;
  Store& store_;
  const Registry& registry_;
  Clock clock_;
  ServiceLimits limits_;
  std::multimap<std::int64_t, std::weak_ptr<Outbox>> outboxes_;  // by user id
};

}  // namespace naumachia::server
