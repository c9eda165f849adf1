#include "accounts/auth.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cctype>

#include "accounts/password_rules.h"
#include "base/addresses.h"
#include "base/log.h"

namespace naumachia::server {

namespace net = boost::asio;
using Steady = std::chrono::steady_clock;

namespace {

// A live connection's use is written to its session row at most this often.
constexpr std::int64_t kTouchEvery = 3600;

bool valid_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

// Names are unique regardless of case: one throttle per name whatever its case.
std::string name_key(const std::string& name) {
  std::string key = name.substr(0, 64);
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

// A name as it may appear in the log: whatever a client sent, one short line.
std::string loggable(const std::string& name) {
  std::string out = name.substr(0, 40);
  for (char& c : out) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '?';
  }
  return out + (name.size() > 40 ? "..." : "");
}

std::string days(std::int64_t seconds) {
  const std::int64_t d = seconds / 86400;
  if (d >= 1) return std::to_string(d) + (d == 1 ? " day" : " days");
  return std::to_string(seconds) + " seconds";
}

void require_signed_out(const ConnectionState& conn) {
  if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
}

}  // namespace

Auth::Auth(Tables& reader, StorageWriter& writer, Fanout& fanout, WorkQueue& hashing,
           net::any_io_executor strand, Clock clock, AuthLimits limits)
    : reader_(reader),
      writer_(writer),
      fanout_(fanout),
      hashing_(hashing),
      strand_(std::move(strand)),
      clock_(std::move(clock)),
      limits_(limits),
      decoy_salt_(random_bytes(16)),
      logins_by_address_(limits.logins_per_address),
      failures_by_name_(limits.failures_per_name),
      signups_by_address_(limits.signups_per_address),
      password_checks_(limits.password_checks),
      signups_by_network_(limits.signups_per_network),
      signup_work_(limits.signup_work_bits, clock_) {}

void Auth::signed_in(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                     const UserRow& user, const Bytes& token_hash, std::int64_t created) {
  // The connection closed while its sign-in was being written: nothing to do.
  if (conn.disconnected) return;
  conn.user_id = user.id;
  conn.user_name = user.name;
  conn.session_token_hash = token_hash;
  conn.session_created = created;
  conn.session_touched = clock_();
  conn.signed_out_because.clear();
  fanout_.add(user.id, outbox);
  live_.emplace(user.id, Live{&conn, outbox});
  outbox->signed_in(true);
}

void Auth::require_connection_place(std::int64_t user, const Bytes& token_hash) const {
  std::size_t of_user = 0;
  std::size_t of_session = 0;
  const auto [first, last] = live_.equal_range(user);
  for (auto it = first; it != last; ++it) {
    ++of_user;
    if (!token_hash.empty() && it->second.conn->session_token_hash == token_hash) ++of_session;
  }
  if (of_user >= limits_.connections_per_user) {
    refuse(proto::RATE_LIMITED, "you are signed in on " + std::to_string(of_user) +
                                    " connections, the server's limit; close one first");
  }
  if (of_session >= limits_.connections_per_session) {
    refuse(proto::RATE_LIMITED, "this session is signed in on " + std::to_string(of_session) +
                                    " connections, the server's limit; close one, or log in"
                                    " for a session of its own");
  }
}

std::shared_ptr<Outbox> Auth::unlist(const ConnectionState& conn) {
  if (!conn.user_id) return nullptr;
  const auto [first, last] = live_.equal_range(*conn.user_id);
  for (auto it = first; it != last; ++it) {
    if (it->second.conn == &conn) {
      auto outbox = it->second.outbox.lock();
      live_.erase(it);
      return outbox;
    }
  }
  return nullptr;
}

void Auth::sign_out(ConnectionState& conn, const std::string& because, bool tell) {
  if (!conn.user_id) return;
  const std::shared_ptr<Outbox> outbox = unlist(conn);
  conn.user_id.reset();
  conn.user_name.clear();
  conn.session_token_hash.clear();
  conn.signed_out_because = because;
  // No more pushes: what a signed-out connection may see is what anyone may.
  // Told why, it is closed like any connection that has not signed in.
  if (outbox) {
    fanout_.remove(outbox);
    if (tell) {
      proto::Envelope push;
      push.set_version(proto::PROTOCOL_VERSION);
      push.mutable_signed_out()->set_reason(because);
      outbox->send(push.SerializeAsString());
    }
    outbox->signed_in(false);
  }
}

void Auth::sign_out_sessions(std::int64_t user, const Bytes& token_hash, bool all_but,
                             const ConnectionState* asking, const std::string& because) {
  std::vector<ConnectionState*> out;
  const auto [first, last] = live_.equal_range(user);
  for (auto it = first; it != last; ++it) {
    if ((it->second.conn->session_token_hash == token_hash) != all_but)
      out.push_back(it->second.conn);
  }
  for (ConnectionState* c : out) sign_out(*c, because, c != asking);
}

void Auth::forget(ConnectionState& conn) {
  unlist(conn);
  conn.disconnected = true;
}

void Auth::fill_session(const ConnectionState& conn, proto::SessionResponse& s) const {
  s.set_name(conn.user_name);
  s.set_user_id(static_cast<std::uint64_t>(*conn.user_id));
  s.set_idle_expires_unix(clock_() + limits_.session_idle_seconds);
  s.set_expires_unix(conn.session_created + limits_.session_lifetime_seconds);
}

void Auth::start_session(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                         const UserRow& user, const ReplyPtr& reply, SessionBefore before) {
  const Bytes token = random_bytes(32);
  const Bytes token_hash = sha256(token);
  auto id = std::make_shared<std::int64_t>(user.id);
  const std::int64_t at = clock_();
  writer_.submit(
      [before = std::move(before), token_hash, id, at](Tables& s) {
        if (before) before(s, *id);
        s.create_session(token_hash, *id, at);
      },
      [this, &conn, outbox, user, token, token_hash, id, at, reply](std::exception_ptr failure) {
        guarded(reply, [&] {
          if (failure) std::rethrow_exception(failure);
          if (conn.user_id) refuse(proto::INVALID_ARGUMENT, "this connection is already signed in");
          require_connection_place(*id, {});
          UserRow u = user;
          u.id = *id;
          signed_in(conn, outbox, u, token_hash, at);
          if (!conn.user_id) return;  // disconnected meanwhile
          auto& s = *reply->out().mutable_session();
          s.set_token(hex(token));
          fill_session(conn, s);
          log_line("user '" + u.name + "' signed in from " + conn.peer);
          reply->send();
        });
      });
}

void Auth::take_password_check(Steady::time_point now) {
  if (!password_checks_.take(now)) {
    refuse(proto::TOO_MANY_ATTEMPTS, "the server is checking too many passwords; try again " +
                                         retry_after(password_checks_.wait(now)));
  }
}

void Auth::hash_for(const ConnectionState& conn, std::function<void()> job) {
  if (!hashing_.post(address_range(conn.peer, 32, 64), std::move(job))) {
    refuse(proto::TOO_MANY_ATTEMPTS,
           "the server is checking as many passwords as it queues (or as many from your address as"
           " it takes at once); try again in a few seconds");
  }
}

void Auth::register_user(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                         const proto::RegisterRequest& r, const ReplyPtr& reply) {
  require_signed_out(conn);
  if (!valid_name(r.name()))
    refuse(proto::INVALID_ARGUMENT, "a name is 3 to 32 letters, digits, '_' or '-'");
  if (const auto why = password_problem(r.password(), r.name()))
    refuse(proto::INVALID_ARGUMENT, *why);
  // The work is checked first: a sign-up that did not pay it spends no
  // budget of anyone's.
  signup_work_.check(r.challenge(), r.nonce());
  const auto now = Steady::now();
  if (!signups_by_address_.take(conn.peer, now)) {
    log_line("sign-up refused for " + conn.peer + ": too many from that address");
    refuse(proto::TOO_MANY_ATTEMPTS, "too many sign-ups from your address; try again " +
                                         retry_after(signups_by_address_.wait(conn.peer, now)));
  }
  const std::string network = address_range(conn.peer, 24, 48);
  if (!signups_by_network_.take(network, now)) {
    log_line("sign-up refused for " + conn.peer + ": too many sign-ups from " + network);
    refuse(proto::TOO_MANY_ATTEMPTS, "too many sign-ups from your network; try again " +
                                         retry_after(signups_by_network_.wait(network, now)));
  }
  take_password_check(now);
  if (reader_.user_by_name(r.name()))
    refuse(proto::NAME_TAKEN, "the name '" + r.name() + "' is taken");
  const Bytes salt = random_bytes(16);
  const PasswordScheme scheme = limits_.scheme;
  hash_for(conn,
           [this, &conn, outbox, name = r.name(), password = r.password(), salt, scheme, reply] {
             const Bytes hash = password_hash(password, salt, scheme);
             net::post(strand_, [this, &conn, outbox, name, salt, hash, scheme, reply] {
               guarded(reply, [&] {
                 const std::int64_t at = clock_();
                 // The name may have been taken while the password was hashed: the
                 // writer checks again inside the transaction.
                 start_session(conn, outbox, UserRow{0, name, salt, hash, scheme.text()}, reply,
                               [name, salt, hash, scheme, at](Tables& s, std::int64_t& id) {
                                 if (s.user_by_name(name))
                                   refuse(proto::NAME_TAKEN, "the name '" + name + "' is taken");
                                 id = s.create_user(name, salt, hash, scheme.text(), at);
                               });
               });
             });
           });
}

void Auth::login(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                 const proto::LoginRequest& r, const ReplyPtr& reply) {
  require_signed_out(conn);
  const auto now = Steady::now();
  // Checked for every name alike, known or not, so that the answer tells
  // nothing about which names exist.
  const std::string key = name_key(r.name());
  if (const double wait = failures_by_name_.wait(key, now); wait > 0) {
    log_line("log-in refused for '" + loggable(r.name()) + "' from " + conn.peer +
             ": too many failed log-ins for that name");
    refuse(proto::TOO_MANY_ATTEMPTS,
           "too many failed log-ins for this name; try again " + retry_after(wait));
  }
  if (!logins_by_address_.take(conn.peer, now)) {
    log_line("log-in refused for '" + loggable(r.name()) + "' from " + conn.peer +
             ": too many log-ins from that address");
    refuse(proto::TOO_MANY_ATTEMPTS, "too many log-ins from your address; try again " +
                                         retry_after(logins_by_address_.wait(conn.peer, now)));
  }
  take_password_check(now);
  const auto user = reader_.user_by_name(r.name());
  std::optional<PasswordScheme> stored;
  if (user) {
    stored = PasswordScheme::parse(user->pw_scheme);
    if (!stored) {
      throw std::runtime_error("user '" + user->name + "' has an unreadable password scheme '" +
                               user->pw_scheme + "'");
    }
  }
  // An unknown name costs the same hashing as a known one: the decoy is
  // hashed under the current scheme, and a known user whose hash is older
  // and cheaper is padded up to it.
  const PasswordScheme current = limits_.scheme;
  const PasswordScheme used = stored.value_or(current);
  const int padding = std::max(0, current.iterations - used.iterations);
  const Bytes salt = user ? user->pw_salt : decoy_salt_;
  hash_for(conn, [this, &conn, outbox, user, salt, used, current, padding, password = r.password(),
                  reply, key] {
    const Bytes hash = password_hash(password, salt, used);
    if (padding > 0) password_hash(password, decoy_salt_, PasswordScheme{padding});
    const bool ok = user && constant_time_equal(hash, user->pw_hash);
    // A weaker stored hash is replaced by one under the current scheme.
    std::optional<std::pair<Bytes, Bytes>> upgraded;
    if (ok && used.iterations < current.iterations) {
      Bytes fresh = random_bytes(16);
      Bytes fresh_hash = password_hash(password, fresh, current);
      upgraded.emplace(std::move(fresh), std::move(fresh_hash));
    }
    net::post(strand_, [this, &conn, outbox, user, ok, upgraded, current, reply, key] {
      guarded(reply, [&] {
        if (!ok) {
          log_line("failed log-in for '" + loggable(user ? user->name : key) + "' from " +
                   conn.peer);
          refuse(proto::BAD_CREDENTIALS, "unknown user or wrong password");
        }
        failures_by_name_.refund(key, Steady::now());
        SessionBefore before;
        if (upgraded) {
          before = [id = user->id, upgraded, current](Tables& s, std::int64_t&) {
            s.set_password(id, upgraded->first, upgraded->second, current.text());
          };
          log_line("user '" + user->name + "': password hash upgraded to " + current.text());
        }
        start_session(conn, outbox, *user, reply, std::move(before));
      });
    });
  });
  // The guess is charged to its name as its hash is queued (a guess the
  // queue refused is not), and given back if it was right: guesses sent at
  // once cannot all pass the check above before the first of them has
  // failed. (The check above left room for it.) The hash's answer comes
  // back on this strand, after this.
  failures_by_name_.take(key, now);
}

void Auth::resume(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                  const proto::ResumeRequest& r, const ReplyPtr& reply) {
  require_signed_out(conn);
  const Bytes token = unhex(r.token());
  if (token.size() != 32) refuse(proto::BAD_CREDENTIALS, "that is not a session token");
  const Bytes token_hash = sha256(token);
  const auto session = reader_.session(token_hash);
  if (!session) {
    refuse(proto::SESSION_EXPIRED,
           "that session has expired or was logged out (or never existed); log in again");
  }
  const std::int64_t now = clock_();
  std::string expired;
  if (now - session->last_used >= limits_.session_idle_seconds) {
    expired = "your session expired after " + days(limits_.session_idle_seconds) + " unused";
  } else if (now - session->created_at >= limits_.session_lifetime_seconds) {
    expired = "your session expired: sessions last " + days(limits_.session_lifetime_seconds);
  }
  if (!expired.empty()) {
    writer_.submit([token_hash](Tables& s) { s.delete_session(token_hash); }, nullptr);
    refuse(proto::SESSION_EXPIRED, expired + "; log in again");
  }
  require_connection_place(session->user.id, token_hash);
  signed_in(conn, outbox, session->user, token_hash, session->created_at);
  // Last use is bookkeeping: the answer does not wait for it.
  writer_.submit([token_hash, now](Tables& s) { s.touch_session(token_hash, now); }, nullptr);
  auto& s = *reply->out().mutable_session();
  s.set_token(r.token());
  fill_session(conn, s);
  reply->send();
}

void Auth::logout(ConnectionState& conn, const proto::LogoutRequest& r, const ReplyPtr& reply) {
  if (!conn.user_id) {
    if (!conn.signed_out_because.empty()) refuse(proto::SESSION_EXPIRED, conn.signed_out_because);
    refuse(proto::UNAUTHENTICATED, "this connection is not signed in");
  }
  const std::int64_t user = *conn.user_id;
  const Bytes token_hash = conn.session_token_hash;
  const bool everywhere = r.everywhere();
  auto ended = std::make_shared<int>(0);
  writer_.submit(
      [user, token_hash, everywhere, ended](Tables& s) {
        *ended = everywhere ? s.delete_sessions_of(user) : s.delete_session(token_hash);
      },
      [this, &conn, user, token_hash, everywhere, ended, reply](std::exception_ptr failure) {
        guarded(reply, [&] {
          if (failure) std::rethrow_exception(failure);
          // Every connection that used an ended session is signed out,
          // this one included.
          if (everywhere) {
            // A token no session has: every session of the user but none.
            sign_out_sessions(user, Bytes{}, true, &conn,
                              "your sessions were logged out from another connection; log in "
                              "again");
          } else {
            sign_out_sessions(user, token_hash, false, &conn,
                              "your session was logged out from another connection; log in again");
          }
          // The requester's own connection was signed out above, untold: its
          // answer says it.
          conn.signed_out_because = "you logged out; log in again";
          log_line("user " + std::to_string(user) + " logged out" +
                   (everywhere ? " everywhere (" + std::to_string(*ended) + " sessions)" : ""));
          reply->out().mutable_logged_out()->set_sessions_ended(static_cast<std::uint32_t>(*ended));
          reply->send();
        });
      });
}

void Auth::change_password(ConnectionState& conn, const proto::ChangePasswordRequest& r,
                           const ReplyPtr& reply) {
  const std::int64_t user_id = require_user(conn);
  if (const auto why = password_problem(r.new_password(), conn.user_name))
    refuse(proto::INVALID_ARGUMENT, "the new password: " + *why);
  if (r.new_password() == r.old_password())
    refuse(proto::INVALID_ARGUMENT, "the new password is the current one");
  // The current password is guessed as a log-in's is: the same limits.
  const auto now = Steady::now();
  const std::string key = name_key(conn.user_name);
  if (const double wait = failures_by_name_.wait(key, now); wait > 0) {
    refuse(proto::TOO_MANY_ATTEMPTS,
           "too many wrong passwords for this name; try again " + retry_after(wait));
  }
  take_password_check(now);
  failures_by_name_.take(key, now);
  const auto user = reader_.user_by_id(user_id);
  if (!user) refuse(proto::SESSION_EXPIRED, "your account is gone");
  const auto stored = PasswordScheme::parse(user->pw_scheme);
  if (!stored) {
    throw std::runtime_error("user '" + user->name + "' has an unreadable password scheme '" +
                             user->pw_scheme + "'");
  }
  const PasswordScheme current = limits_.scheme;
  const Bytes token_hash = conn.session_token_hash;
  hash_for(conn, [this, &conn, account = *user, used = *stored, current, token_hash, key,
                  old_password = r.old_password(), new_password = r.new_password(), reply] {
    const bool ok =
        constant_time_equal(password_hash(old_password, account.pw_salt, used), account.pw_hash);
    Bytes salt, hash;
    if (ok) {
      salt = random_bytes(16);
      hash = password_hash(new_password, salt, current);
    }
    net::post(strand_, [this, &conn, account, ok, salt, hash, current, token_hash, key, reply] {
      guarded(reply, [&] {
        if (!ok) {
          log_line("wrong current password for '" + account.name + "' changing it, from " +
                   conn.peer);
          refuse(proto::BAD_CREDENTIALS, "the current password is wrong");
        }
        failures_by_name_.refund(key, Steady::now());
        auto ended = std::make_shared<int>(0);
        writer_.submit(
            [id = account.id, salt, hash, current, token_hash, ended](Tables& s) {
              s.set_password(id, salt, hash, current.text());
              *ended = s.delete_other_sessions(id, token_hash);
            },
            [this, &conn, id = account.id, name = account.name, token_hash, ended,
             reply](std::exception_ptr failure) {
              guarded(reply, [&] {
                if (failure) std::rethrow_exception(failure);
                sign_out_sessions(id, token_hash, true, &conn,
                                  "your password was changed; log in again");
                log_line("user '" + name + "' changed their password; " + std::to_string(*ended) +
                         " other session(s) ended");
                reply->out().mutable_password_changed()->set_sessions_ended(
                    static_cast<std::uint32_t>(*ended));
                reply->send();
              });
            });
      });
    });
  });
}

void Auth::check_session(ConnectionState& conn) {
  if (!conn.user_id) return;
  const std::int64_t now = clock_();
  if (now - conn.session_created >= limits_.session_lifetime_seconds) {
    sign_out(conn,
             "your session expired: sessions last " + days(limits_.session_lifetime_seconds) +
                 "; log in again",
             false);
    refuse(proto::SESSION_EXPIRED, conn.signed_out_because);
  }
  // Unused too long, as the session's row says (another connection of the
  // same session may have used it since this one did).
  if (now - conn.session_touched >= limits_.session_idle_seconds) {
    const auto row = reader_.session(conn.session_token_hash);
    if (!row || now - row->last_used >= limits_.session_idle_seconds) {
      sign_out(conn,
               "your session expired after " + days(limits_.session_idle_seconds) +
                   " unused; log in again",
               false);
      refuse(proto::SESSION_EXPIRED, conn.signed_out_because);
    }
  }
  if (now - conn.session_touched >= kTouchEvery) {
    conn.session_touched = now;
    writer_.submit([token_hash = conn.session_token_hash,
                    now](Tables& s) { s.touch_session(token_hash, now); },
                   nullptr);
  }
}

void Auth::expire_sessions() {
  const std::int64_t now = clock_();
  const std::int64_t idle_before = now - limits_.session_idle_seconds;
  const std::int64_t created_before = now - limits_.session_lifetime_seconds;
  auto ended = std::make_shared<std::vector<Bytes>>();
  writer_.submit(
      [idle_before, created_before, ended](Tables& s) {
        *ended = s.expired_sessions(idle_before, created_before);
        const int n = s.delete_expired_sessions(idle_before, created_before);
        if (n > 0) log_line("removed " + std::to_string(n) + " expired sessions");
      },
      [this, ended, created_before](std::exception_ptr failure) {
        if (failure) return;  // tried again at the next sweep
        // Every connection of an ended session is signed out now, whether or
        // not it asks for anything again.
        std::vector<ConnectionState*> expired;
        for (const auto& [user, live] : live_) {
          const Bytes& token = live.conn->session_token_hash;
          if (std::find(ended->begin(), ended->end(), token) != ended->end())
            expired.push_back(live.conn);
        }
        for (ConnectionState* c : expired) {
          sign_out(*c,
                   c->session_created < created_before
                       ? "your session expired: sessions last " +
                             days(limits_.session_lifetime_seconds) + "; log in again"
                       : "your session expired after " + days(limits_.session_idle_seconds) +
                             " unused; log in again",
                   true);
        }
      });
}

}  // namespace naumachia::server
