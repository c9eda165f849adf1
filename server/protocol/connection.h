#pragma once
// What the server remembers about one connection, and the checks every
// request makes of who sent it: that they are signed in, and (for what
// reaches the other players) that they have not spent their budget of sends.
#include <cstdint>
#include <optional>
#include <string>

#include "base/crypto.h"
#include "base/throttle.h"

namespace naumachia::server {

// Read and written on the service's strand only (`peer` is set before the
// first request); the sign-in (accounts/auth.h) writes the session's fields.
struct ConnectionState {
  std::string peer;  // the remote address, for throttles and the log
  std::optional<std::int64_t> user_id;
  std::string user_name;
  Bytes session_token_hash;          // of the session this connection signed in with
  std::int64_t session_created = 0;  // Unix seconds
  std::int64_t session_touched = 0;  // when last_used was last written
  // Why this connection was signed out by the server (a logout elsewhere,
  // expiry); its next request is told so.
  std::string signed_out_because;
  bool disconnected = false;
};

// The signed-in user of the connection; refuses with SESSION_EXPIRED (saying
// why the server signed it out) or UNAUTHENTICATED when there is none.
std::int64_t require_user(const ConnectionState& conn);

// Refuses with RATE_LIMITED, saying when to retry, when `user` has spent
// their budget of things that reach the other players (messages, proposals,
// codes and test notices: `what`), else takes one from it.
void take_send_budget(KeyedBuckets& budget, std::int64_t user, const std::string& what);

}  // namespace naumachia::server
