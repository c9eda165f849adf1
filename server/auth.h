#pragma once
// Accounts and sessions: sign-up, log-in and resuming a session. Password
// hashing (PBKDF2, tens of milliseconds) runs on the worker pool, so that no
// other player waits for it; the account and session rows go through the
// storage writer and the answer waits for them to be durable.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>

#include "codec.h"
#include "fanout.h"
#include "storage.h"
#include "store.h"

namespace naumachia::server {

class Auth {
 public:
  using Clock = std::function<std::int64_t()>;

  Auth(Store& reader, StorageWriter& writer, Fanout& fanout, boost::asio::thread_pool& workers,
       boost::asio::any_io_executor strand, Clock clock);

  // `conn` outlives the reply (the connection owns both).
  void register_user(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     const proto::RegisterRequest& r, const ReplyPtr& reply);
  void login(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
             const proto::LoginRequest& r, const ReplyPtr& reply);
  void resume(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
              const proto::ResumeRequest& r, const ReplyPtr& reply);

 private:
  // Writes a new session for `user` and, once durable, signs the connection in.
  void start_session(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     const UserRow& user, const ReplyPtr& reply,
                     std::function<void(Store&)> before = nullptr);
  void signed_in(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox, const UserRow& user,
                 const Bytes& token_hash);

  Store& reader_;
  StorageWriter& writer_;
  Fanout& fanout_;
  boost::asio::thread_pool& workers_;
  boost::asio::any_io_executor strand_;
  Clock clock_;
  Bytes decoy_salt_;  // hashed against for unknown names, so that they cost the same
};

}  // namespace naumachia::server
