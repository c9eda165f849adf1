#include "auth.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cctype>

#include "background.h"
#include "log.h"

namespace naumachia::server {

namespace net = boost::asio;

namespace {

bool valid_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

void require_signed_out(const ConnectionState& conn) {
  if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
}

}  // namespace

Auth::Auth(Store& reader, StorageWriter& writer, Fanout& fanout, net::thread_pool& workers,
           net::any_io_executor strand, Clock clock)
    : reader_(reader),
      writer_(writer),
      fanout_(fanout),
      workers_(workers),
      strand_(std::move(strand)),
      clock_(std::move(clock)),
      decoy_salt_(random_bytes(16)) {}

void Auth::signed_in(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     const UserRow& user, const Bytes& token_hash) {
  conn.user_id = user.id;
  conn.user_name = user.name;
  conn.session_token_hash = token_hash;
  fanout_.add(user.id, outbox);
}

void Auth::start_session(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                         const UserRow& user, const ReplyPtr& reply,
                         std::function<void(Store&)> before) {
  const Bytes token = random_bytes(32);
  const Bytes token_hash = sha256(token);
  auto id = std::make_shared<std::int64_t>(user.id);
  const std::int64_t at = clock_();
  writer_.submit(
      [before = std::move(before), token_hash, id, at, name = user.name](Store& s) {
        if (before) {
          before(s);
          *id = s.db().last_insert_id();
        }
        s.create_session(token_hash, *id, at);
      },
      [this, &conn, outbox, user, token, token_hash, id, reply](std::exception_ptr failure) {
        guarded(reply, [&] {
          if (failure) std::rethrow_exception(failure);
          if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
          UserRow u = user;
          u.id = *id;
          signed_in(conn, outbox, u, token_hash);
          auto& s = *reply->out().mutable_session();
          s.set_token(hex(token));
          s.set_name(u.name);
          s.set_user_id(static_cast<std::uint64_t>(u.id));
          log_line("user '" + u.name + "' signed in");
          reply->send();
        });
      });
}

void Auth::register_user(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                         const proto::RegisterRequest& r, const ReplyPtr& reply) {
  require_signed_out(conn);
  if (!valid_name(r.name()))
    refuse(proto::INVALID_ARGUMENT, "a name is 3 to 32 letters, digits, '_' or '-'");
  if (r.password().size() < 8 || r.password().size() > 256)
    refuse(proto::INVALID_ARGUMENT, "a password is 8 to 256 bytes long");
  if (reader_.user_by_name(r.name()))
    refuse(proto::NAME_TAKEN, "the name '" + r.name() + "' is taken");
  const Bytes salt = random_bytes(16);
  net::post(workers_, [this, &conn, outbox, name = r.name(), password = r.password(), salt, reply] {
    as_background_work();
    const Bytes hash = password_hash(password, salt);
    net::post(strand_, [this, &conn, outbox, name, salt, hash, reply] {
      guarded(reply, [&] {
        const std::int64_t at = clock_();
        // The name may have been taken while the password was hashed: the
        // writer checks again inside the transaction.
        start_session(conn, outbox, UserRow{0, name, salt, hash}, reply,
                      [name, salt, hash, at](Store& s) {
                        if (s.user_by_name(name))
                          refuse(proto::NAME_TAKEN, "the name '" + name + "' is taken");
                        s.create_user(name, salt, hash, at);
                      });
      });
    });
  });
}

void Auth::login(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                 const proto::LoginRequest& r, const ReplyPtr& reply) {
  require_signed_out(conn);
  const auto user = reader_.user_by_name(r.name());
  // An unknown name costs the same hashing as a known one.
  const Bytes salt = user ? user->pw_salt : decoy_salt_;
  net::post(workers_, [this, &conn, outbox, user, salt, password = r.password(), reply] {
    as_background_work();
    const Bytes hash = password_hash(password, salt);
    const bool ok = user && constant_time_equal(hash, user->pw_hash);
    net::post(strand_, [this, &conn, outbox, user, ok, reply] {
      guarded(reply, [&] {
        if (!ok) refuse(proto::BAD_CREDENTIALS, "unknown user or wrong password");
        start_session(conn, outbox, *user, reply);
      });
    });
  });
}

void Auth::resume(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                  const proto::ResumeRequest& r, const ReplyPtr& reply) {
  require_signed_out(conn);
  const Bytes token = unhex(r.token());
  if (token.size() != 32) refuse(proto::BAD_CREDENTIALS, "that is not a session token");
  const Bytes token_hash = sha256(token);
  const auto user = reader_.user_by_token(token_hash, clock_());
  if (!user) refuse(proto::BAD_CREDENTIALS, "unknown or expired session token; log in again");
  signed_in(conn, outbox, *user, token_hash);
  // Last use is bookkeeping: the answer does not wait for it.
  writer_.submit([token_hash, at = clock_()](Store& s) { s.touch_session(token_hash, at); },
                 nullptr);
  auto& s = *reply->out().mutable_session();
  s.set_token(r.token());
  s.set_name(user->name);
  s.set_user_id(static_cast<std::uint64_t>(user->id));
  reply->send();
}

}  // namespace naumachia::server
