#include "protocol/connection.h"

#include "protocol/codec.h"

namespace naumachia::server {

std::int64_t require_user(const ConnectionState& conn) {
  if (!conn.user_id) {
    // Signed out by the server (a logout elsewhere, an expired session).
    if (!conn.signed_out_because.empty()) refuse(proto::SESSION_EXPIRED, conn.signed_out_because);
    refuse(proto::UNAUTHENTICATED, "log in (or resume a session) first");
  }
  return *conn.user_id;
}

void take_send_budget(KeyedBuckets& budget, std::int64_t user, const std::string& what) {
  const auto now = Bucket::Clock::now();
  const std::string key = std::to_string(user);
  if (budget.take(key, now)) return;
  refuse(proto::RATE_LIMITED, "you have sent too many " + what + " in a short time; try again " +
                                  retry_after(budget.wait(key, now)));
}

}  // namespace naumachia::server
