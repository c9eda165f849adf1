#pragma once
// Accounts and sessions: sign-up, log-in, resuming and ending a session.
//
// Password hashing (PBKDF2, a worker's tenth of a second or more) runs on the
// hashing queue's workers (each address in turn), so that no other player
// waits for it; the account and session
// rows go through the storage writer and the answer waits for them to be
// durable. Guessing is slowed per address, per user name and overall, and an
// unknown name costs the same work as a known one. Sessions expire when idle
// and at an absolute age; a logout ends the session (or every session of the
// user) on the server and signs out every connection that used it.
#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>

#include "accounts/signup_work.h"
#include "base/throttle.h"
#include "base/work_queue.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "protocol/fanout.h"
#include "storage/tables.h"
#include "storage/writer.h"

namespace naumachia::server {

struct AuthLimits {
  PasswordScheme scheme;  // new hashes; weaker stored ones are upgraded at log-in
  std::int64_t session_idle_seconds = 30LL * 24 * 3600;
  std::int64_t session_lifetime_seconds = 180LL * 24 * 3600;
  RateSpec logins_per_address = RateSpec::per(60, std::chrono::minutes(10));
  RateSpec failures_per_name = RateSpec::per(10, std::chrono::minutes(15));
  RateSpec password_checks = {20, 5};  // log-ins and sign-ups of the whole server
  RateSpec signups_per_address = RateSpec::per(10, std::chrono::hours(1));
  // Sign-ups per address range (an IPv4 /24, an IPv6 /48): a flood from a
  // few networks cannot shut sign-ups for everyone else.
  RateSpec signups_per_network = RateSpec::per(30, std::chrono::hours(1));
  int signup_work_bits = 14;  // the proof of work a sign-up pays (accounts/signup_work.h)
  // Connections signed in at once: of one user, and with one session token.
  std::size_t connections_per_user = 16;
  std::size_t connections_per_session = 8;
};

class Auth {
 public:
  using Clock = std::function<std::int64_t()>;

  Auth(Tables& reader, StorageWriter& writer, Fanout& fanout, WorkQueue& hashing,
       boost::asio::any_io_executor strand, Clock clock, AuthLimits limits);

  // `conn` outlives the reply (the connection owns both).
  // A proof-of-work challenge to sign up with.
  proto::SignupChallenge signup_challenge() const { return signup_work_.issue(); }
  void register_user(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     const proto::RegisterRequest& r, const ReplyPtr& reply);
  void login(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
             const proto::LoginRequest& r, const ReplyPtr& reply);
  void resume(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
              const proto::ResumeRequest& r, const ReplyPtr& reply);
  void logout(ConnectionState& conn, const proto::LogoutRequest& r, const ReplyPtr& reply);
  // The current password checked (as a log-in is: on a worker, throttled by
  // name), the new one under register's rules stored, and every other
  // session of the user ended, its connections signed out.
  void change_password(ConnectionState& conn, const proto::ChangePasswordRequest& r,
                       const ReplyPtr& reply);

  // Several servers on one database: the throttles of log-ins and sign-ups
  // hold across them (base/throttle.h). The overall budget of password
  // checks stays each server's own: it guards the server's own processors.
  void share_throttles(SharedBuckets* store) {
    logins_by_address_.share(store, "login-address");
    failures_by_name_.share(store, "login-failures");
    signups_by_address_.share(store, "signup-address");
    signups_by_network_.share(store, "signup-network");
  }

  // Before any other request of a signed-in connection: signs it out when its
  // session has reached its absolute age or been unused too long, and notes
  // its use now and then.
  void check_session(ConnectionState& conn);
  // The connection is gone.
  void forget(ConnectionState& conn);
  // Deletes expired session rows and signs out the connections whose
  // sessions have expired, by age or unused, each told so by a SignedOut
  // push. Called now and then.
  void expire_sessions();

 private:
  struct Live {
    ConnectionState* conn;
    std::weak_ptr<Outbox> outbox;
  };

  // Runs in the session's transaction before the session is written; given
  // the user's id, which a sign-up sets to the new user's.
  using SessionBefore = std::function<void(Tables&, std::int64_t& user_id)>;
  // Writes a new session for `user` and, once durable, signs the connection in.
  void start_session(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     const UserRow& user, const ReplyPtr& reply, SessionBefore before = nullptr);
  void signed_in(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox, const UserRow& user,
                 const Bytes& token_hash, std::int64_t created);
  // `tell`: the connection did not ask for it, and gets a SignedOut push.
  void sign_out(ConnectionState& conn, const std::string& because, bool tell);
  // Signs out every connection of `user` whose session is `token_hash` (or,
  // `all_but`, is not), telling those other than `asking`.
  void sign_out_sessions(std::int64_t user, const Bytes& token_hash, bool all_but,
                         const ConnectionState* asking, const std::string& because);
  // Refuses with RATE_LIMITED when `user` (or, for a session resumed,
  // `token_hash`) is signed in on as many connections as allowed.
  void require_connection_place(std::int64_t user, const Bytes& token_hash) const;
  // Takes a signed-in connection off the list of live ones; its outbox, if
  // it is still there.
  std::shared_ptr<Outbox> unlist(const ConnectionState& conn);
  void fill_session(const ConnectionState& conn, proto::SessionResponse& s) const;
  // Refuses with TOO_MANY_ATTEMPTS when the overall budget is spent.
  void take_password_check(std::chrono::steady_clock::time_point now);

  Tables& reader_;
  StorageWriter& writer_;
  Fanout& fanout_;
  // Queues a hash for the connection's address (an IPv6 /64 as one);
  // refuses with TOO_MANY_ATTEMPTS when the queue or the address's share is full.
  void hash_for(const ConnectionState& conn, std::function<void()> job);

  WorkQueue& hashing_;
  boost::asio::any_io_executor strand_;
  Clock clock_;
  AuthLimits limits_;
  Bytes decoy_salt_;  // hashed against for unknown names, so that they cost the same
  KeyedBuckets logins_by_address_;
  KeyedBuckets failures_by_name_;
  KeyedBuckets signups_by_address_;
  Bucket password_checks_;
  KeyedBuckets signups_by_network_;
  SignupWork signup_work_;
  std::multimap<std::int64_t, Live> live_;  // signed-in connections by user id
};

}  // namespace naumachia::server
