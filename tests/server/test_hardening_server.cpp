// The server against an attacker on loopback: sessions that end, password
// guessing slowed and equal for every name, connection floods, junk in bulk.
// Each case is one finding of the hardening review (docs/security.md).
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "connection.h"
#include "support/protocol_client.h"
#include "support/requests.h"
#include "support/scripted_game.h"
#include "support/server_process.h"
#include "support/sql_file.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;
using ms = std::chrono::milliseconds;

namespace {

constexpr std::int64_t kDay = 86400;

proto::Envelope registration(const std::string& name, const std::string& password) {
  proto::Envelope req;
  req.mutable_register_()->set_name(name);
  req.mutable_register_()->set_password(password);
  return req;
}

proto::Envelope login_request(const std::string& name, const std::string& password) {
  proto::Envelope req;
  req.mutable_login()->set_name(name);
  req.mutable_login()->set_password(password);
  return req;
}

proto::Envelope resume_request(const std::string& token) {
  proto::Envelope req;
  req.mutable_resume()->set_token(token);
  return req;
}

proto::Envelope logout_request(bool everywhere) {
  proto::Envelope req;
  req.mutable_logout()->set_everywhere(everywhere);
  return req;
}

proto::Envelope list_games() {
  proto::Envelope req;
  req.mutable_list_games();
  return req;
}

std::string password_of(const std::string& name) {
  return "pw-" + name + "-secret";
}

struct Player {
  std::unique_ptr<Connection> conn;
  std::string token;
};

Player new_player(const ServerProcess& server, const std::string& name) {
  Player p{std::make_unique<Connection>(server.url(), client::accept_any_certificate), {}};
  const auto res = p.conn->call(registration(name, password_of(name)));
  REQUIRE_MESSAGE(res.has_session(), res.error().message());
  p.token = res.session().token();
  return p;
}

Player returning_player(const ServerProcess& server, const std::string& name) {
  Player p{std::make_unique<Connection>(server.url(), client::accept_any_certificate), {}};
  const auto res = p.conn->call(login_request(name, password_of(name)));
  REQUIRE_MESSAGE(res.has_session(), res.error().message());
  p.token = res.session().token();
  return p;
}

proto::Envelope resume(const ServerProcess& server, const std::string& token) {
  Connection c(server.url(), client::accept_any_certificate);
  return c.call(resume_request(token));
}

// Polls `pred` for up to ten seconds: for what the server does in the
// background (a sweep, a close), never as a measure of speed.
template <class Pred>
bool eventually(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until) {
    if (pred()) return true;
    std::this_thread::sleep_for(ms(50));
  }
  return pred();
}

std::uint64_t new_duel(Connection& c, std::uint64_t deadline_seconds = 0) {
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  create.mutable_create_game()->set_deadline_seconds(deadline_seconds);
  const auto created = c.call(create);
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  return created.game().id();
}

}  // namespace

// ---------------------------------------------------------------- sessions

TEST_CASE("sessions: a logout ends the token on the server and signs out its other connections") {
  TempDir dir;
  ServerProcess server(dir.path());
  Player alice = new_player(server, "alice");
  Connection second(server.url(), client::accept_any_certificate);
  REQUIRE(second.call(resume_request(alice.token)).has_session());

  const auto out = alice.conn->call(logout_request(false));
  REQUIRE_MESSAGE(out.has_logged_out(), out.error().message());
  CHECK(out.logged_out().sessions_ended() == 1);
  // The token saved before the logout no longer resumes...
  const auto again = resume(server, alice.token);
  CHECK(again.error().code() == proto::SESSION_EXPIRED);
  CHECK(again.error().message().find("log in again") != std::string::npos);
  // ...and a connection that had resumed it is signed out, and told why.
  const auto refused = second.call(list_games());
  CHECK(refused.error().code() == proto::SESSION_EXPIRED);
  CHECK(refused.error().message().find("logged out") != std::string::npos);
  CHECK(alice.conn->call(list_games()).error().code() == proto::SESSION_EXPIRED);
  CHECK(SqlFile(server.db()).integer("SELECT COUNT(*) FROM sessions") == 0);
}

TEST_CASE("sessions: log out everywhere ends every session of the user and stops their pushes") {
  TempDir dir;
  ServerProcess server(dir.path());
  Player alice = new_player(server, "alice");
  Player laptop = returning_player(server, "alice");
  Player bob = new_player(server, "bob");
  const auto game = new_duel(*laptop.conn);
  while (laptop.conn->next_push(ms(300))) {
  }

  const auto out = alice.conn->call(logout_request(true));
  REQUIRE_MESSAGE(out.has_logged_out(), out.error().message());
  CHECK(out.logged_out().sessions_ended() == 2);
  CHECK(resume(server, alice.token).error().code() == proto::SESSION_EXPIRED);
  CHECK(resume(server, laptop.token).error().code() == proto::SESSION_EXPIRED);
  CHECK(resume(server, bob.token).has_session());  // another user's session is untouched

  // The laptop's connection is signed out and told so; when bob joins
  // alice's game, no event of it reaches the connection any more.
  const std::optional<proto::Envelope> told = laptop.conn->next_push(ms(5000));
  REQUIRE(told.has_value());
  CHECK(told->has_signed_out());
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(bob.conn->call(join).has_game());
  CHECK_FALSE(laptop.conn->next_push(ms(1500)).has_value());
  CHECK(laptop.conn->call(list_games()).error().code() == proto::SESSION_EXPIRED);
}

TEST_CASE("sessions: idle and absolute expiry refuse the token, and the row is removed") {
  TempDir dir;
  ServerProcess server(dir.path());
  Player idle = new_player(server, "idler");
  Player old = new_player(server, "oldtimer");
  // Unused for 31 days (the default idle limit is 30)...
  SqlFile(server.db())
      .exec("UPDATE sessions SET last_used = last_used - " + std::to_string(31 * kDay) +
            " WHERE user_id = (SELECT id FROM users WHERE name = 'idler')");
  // ...and signed in 181 days ago though used today (the limit is 180).
  SqlFile(server.db())
      .exec("UPDATE sessions SET created_at = created_at - " + std::to_string(181 * kDay) +
            " WHERE user_id = (SELECT id FROM users WHERE name = 'oldtimer')");
  const auto a = resume(server, idle.token);
  CHECK(a.error().code() == proto::SESSION_EXPIRED);
  CHECK(a.error().message().find("unused") != std::string::npos);
  const auto b = resume(server, old.token);
  CHECK(b.error().code() == proto::SESSION_EXPIRED);
  CHECK(b.error().message().find("sessions last 180 days") != std::string::npos);
  CHECK(eventually(
      [&] { return SqlFile(server.db()).integer("SELECT COUNT(*) FROM sessions") == 0; }));
}

TEST_CASE("sessions: expired rows are removed at start-up without anyone resuming them") {
  TempDir dir;
  ServerProcess server(dir.path());
  Player a = new_player(server, "alice");
  Player b = new_player(server, "bob");
  server.terminate();
  SqlFile(server.db())
      .exec("UPDATE sessions SET last_used = last_used - " + std::to_string(40 * kDay) +
            " WHERE user_id = (SELECT id FROM users WHERE name = 'alice')");
  server.restart();
  CHECK(eventually(
      [&] { return SqlFile(server.db()).integer("SELECT COUNT(*) FROM sessions") == 1; }));
  CHECK(resume(server, b.token).has_session());
}

TEST_CASE("sessions: a connection is signed out when its session reaches its absolute age") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--session-lifetime", "3s"});
  Player alice = new_player(server, "alice");
  REQUIRE(alice.conn->call(list_games()).has_games());
  std::this_thread::sleep_for(std::chrono::seconds(4));
  const auto r = alice.conn->call(list_games());
  CHECK(r.error().code() == proto::SESSION_EXPIRED);
  CHECK(resume(server, alice.token).error().code() == proto::SESSION_EXPIRED);
}

TEST_CASE("sessions: the session response says when it expires") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--session-idle", "2d", "--session-lifetime", "10d"});
  Connection c(server.url(), client::accept_any_certificate);
  const auto r = c.call(registration("alice", password_of("alice")));
  REQUIRE(r.has_session());
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  CHECK(std::abs(r.session().idle_expires_unix() - (now + 2 * kDay)) < 60);
  CHECK(std::abs(r.session().expires_unix() - (now + 10 * kDay)) < 60);
}

// ---------------------------------------------------------------- passwords

TEST_CASE("passwords: a new password has at least 12 characters") {
  TempDir dir;
  ServerProcess server(dir.path());
  Connection c(server.url(), client::accept_any_certificate);
  const auto r = c.call(registration("alice", "elevenchars"));
  CHECK(r.error().code() == proto::INVALID_ARGUMENT);
  CHECK(r.error().message().find("12") != std::string::npos);
  CHECK(c.call(registration("alice", "twelve-chars")).has_session());
}

TEST_CASE(
    "passwords: counted in characters, and the user's name, repeats, runs and keyboard rows are "
    "refused") {
  TempDir dir;
  ServerProcess server(dir.path());
  Connection c(server.url(), client::accept_any_certificate);
  const auto refused = [&](const std::string& password, const std::string& why) {
    const auto r = c.call(registration("alice", password));
    INFO(password);
    CHECK(r.error().code() == proto::INVALID_ARGUMENT);
    CHECK(r.error().message().find(why) != std::string::npos);
  };
  // Twelve bytes each, but three and six characters.
  refused("\xF0\x9F\x98\x80\xF0\x9F\x98\x81\xF0\x9F\x98\x82", "12 to 256 characters");
  refused("\xC3\xA9\xC3\xA9\xC3\xA8\xC3\xA8\xC3\xAA\xC3\xAA", "12 to 256 characters");
  refused(std::string(12, ' '), "different characters");
  refused("aaaaaaaaaaaa", "different characters");
  refused("abababababab", "different characters");
  refused("AliceAlice12", "your name");
  refused("alice-2024!!", "your name");
  refused("abcdefghijklm", "run of consecutive characters");
  refused("987654321098", "run of consecutive characters");
  refused("qwertyuiopas", "row of the keyboard");
  // Twelve characters in fifteen bytes; the name with enough beside it.
  CHECK(c.call(registration("alice", "p\xC3\xA2te-\xC3\xA0-cr\xC3\xAApe")).has_session());
  Connection d(server.url(), client::accept_any_certificate);
  CHECK(d.call(registration("alicia", "alicia's long password")).has_session());
}

TEST_CASE(
    "passwords: a change needs the current password, follows the rules and ends the user's other "
    "sessions, which are told") {
  TempDir dir;
  ServerProcess server(dir.path());
  Player alice = new_player(server, "alice");
  Player laptop = returning_player(server, "alice");
  Player bob = new_player(server, "bob");
  const auto change = [](const std::string& old_password, const std::string& new_password) {
    proto::Envelope req;
    req.mutable_change_password()->set_old_password(old_password);
    req.mutable_change_password()->set_new_password(new_password);
    return req;
  };
  const std::string fresh = "a brand new passphrase";
  auto r = alice.conn->call(change("pw-alice-wrong", fresh));
  CHECK(r.error().code() == proto::BAD_CREDENTIALS);
  r = alice.conn->call(change(password_of("alice"), "aaaaaaaaaaaaaaaa"));
  CHECK(r.error().code() == proto::INVALID_ARGUMENT);
  CHECK(r.error().message().find("the new password") != std::string::npos);
  Connection anonymous(server.url(), client::accept_any_certificate);
  CHECK(anonymous.call(change(password_of("alice"), fresh)).error().code() ==
        proto::UNAUTHENTICATED);

  r = alice.conn->call(change(password_of("alice"), fresh));
  REQUIRE_MESSAGE(r.has_password_changed(), r.error().message());
  CHECK(r.password_changed().sessions_ended() == 1);
  // The laptop's connection is told, and signed out; this one stays in.
  bool told = false;
  while (const auto push = laptop.conn->next_push(ms(3000))) {
    if (push->has_signed_out()) {
      told = push->signed_out().reason().find("password was changed") != std::string::npos;
      break;
    }
  }
  CHECK(told);
  CHECK(laptop.conn->call(list_games()).error().code() == proto::SESSION_EXPIRED);
  CHECK(resume(server, laptop.token).error().code() == proto::SESSION_EXPIRED);
  CHECK(alice.conn->call(list_games()).has_games());
  CHECK(resume(server, alice.token).has_session());
  CHECK(resume(server, bob.token).has_session());  // another user's session is untouched
  // The old password no longer logs in; the new one does.
  Connection again(server.url(), client::accept_any_certificate);
  CHECK(again.call(login_request("alice", password_of("alice"))).error().code() ==
        proto::BAD_CREDENTIALS);
  CHECK(again.call(login_request("alice", fresh)).has_session());
}

TEST_CASE("passwords: the stored scheme is raised at the next log-in") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--password-iterations", "1000"});
  new_player(server, "alice");
  const std::string before = SqlFile(server.db()).text("SELECT hex(pw_hash) FROM users").value();
  CHECK(SqlFile(server.db()).text("SELECT pw_scheme FROM users") == "pbkdf2-sha256:1000");
  server.terminate();
  ServerProcess stronger(dir.path(), {"--password-iterations", "3000"});
  // A wrong password changes nothing.
  Connection c(stronger.url(), client::accept_any_certificate);
  CHECK(c.call(login_request("alice", "not-her-password")).error().code() ==
        proto::BAD_CREDENTIALS);
  CHECK(SqlFile(stronger.db()).text("SELECT pw_scheme FROM users") == "pbkdf2-sha256:1000");
  returning_player(stronger, "alice");
  CHECK(SqlFile(stronger.db()).text("SELECT pw_scheme FROM users") == "pbkdf2-sha256:3000");
  CHECK(SqlFile(stronger.db()).text("SELECT hex(pw_hash) FROM users").value() != before);
  returning_player(stronger, "alice");  // and the new hash checks
}

TEST_CASE("passwords: failed log-ins are throttled per name, known or not, and logged") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--login-failures-per-name", "3"});
  new_player(server, "alice");
  new_player(server, "bob");
  Connection c(server.url(), client::accept_any_certificate);
  std::vector<proto::Envelope> known, unknown;
  for (int i = 0; i < 4; ++i) {
    known.push_back(c.call(login_request("alice", "wrong-guess-" + std::to_string(i))));
    unknown.push_back(c.call(login_request("nobody", "wrong-guess-" + std::to_string(i))));
  }
  for (int i = 0; i < 3; ++i) {
    CHECK(known[static_cast<std::size_t>(i)].error().code() == proto::BAD_CREDENTIALS);
    CHECK(unknown[static_cast<std::size_t>(i)].error().code() == proto::BAD_CREDENTIALS);
  }
  // The fourth guess is refused for both names alike: the answer does not
  // tell whether the name exists.
  CHECK(known[3].error().code() == proto::TOO_MANY_ATTEMPTS);
  CHECK(unknown[3].error().code() == proto::TOO_MANY_ATTEMPTS);
  CHECK(known[3].error().message() == unknown[3].error().message());
  // Even the right password waits now (case does not help)...
  CHECK(c.call(login_request("ALICE", password_of("alice"))).error().code() ==
        proto::TOO_MANY_ATTEMPTS);
  // ...but other names are not locked out.
  returning_player(server, "bob");
  const std::string log = server.log();
  CHECK(log.find("failed log-in for 'alice' from 127.0.0.1") != std::string::npos);
  CHECK(log.find("failed log-in for 'nobody' from 127.0.0.1") != std::string::npos);
  CHECK(log.find("wrong-guess") == std::string::npos);  // never a password
}

TEST_CASE(
    "passwords: guesses sent at once are charged to their name before they are hashed, so no "
    "more are checked than the limit") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--login-failures-per-name", "3"});
  new_player(server, "alice");
  Connection c(server.url(), client::accept_any_certificate);
  constexpr int kGuesses = 12;
  for (int i = 0; i < kGuesses; ++i) {
    proto::Envelope e = login_request("alice", "wrong-guess-" + std::to_string(i));
    e.set_version(proto::PROTOCOL_VERSION);
    e.set_request_id(static_cast<std::uint64_t>(i + 1));
    c.send_raw(e.SerializeAsString());
  }
  int checked = 0, refused = 0;
  for (int i = 0; i < kGuesses; ++i) {
    const auto frame = c.next_raw(std::chrono::milliseconds(30000));
    REQUIRE(frame.has_value());
    proto::Envelope answer;
    REQUIRE(answer.ParseFromString(*frame));
    checked += answer.error().code() == proto::BAD_CREDENTIALS;
    refused += answer.error().code() == proto::TOO_MANY_ATTEMPTS;
  }
  CHECK(checked == 3);
  CHECK(refused == kGuesses - 3);
  // A right password is not a failure: it gives its charge back, and bob
  // logs in more often than the limit with his failures still to come.
  new_player(server, "bob");
  for (int i = 0; i < 5; ++i) returning_player(server, "bob");
  for (int i = 0; i < 3; ++i)
    CHECK(c.call(login_request("bob", "wrong-guess-" + std::to_string(i))).error().code() ==
          proto::BAD_CREDENTIALS);
}

TEST_CASE("games: one user's games waiting for players are capped, also when asked for at once") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--max-open-games", "2"});
  Player alice = new_player(server, "alice");
  // Four asked for at once: the count is kept where the games are stored.
  for (int i = 0; i < 4; ++i) {
    proto::Envelope e = testing::create_duel_request();
    e.set_version(proto::PROTOCOL_VERSION);
    e.set_request_id(static_cast<std::uint64_t>(i + 1));
    alice.conn->send_raw(e.SerializeAsString());
  }
  std::vector<std::uint64_t> created;
  int refused = 0;
  for (int answers = 0; answers < 4;) {
    const auto frame = alice.conn->next_raw(std::chrono::milliseconds(30000));
    REQUIRE(frame.has_value());
    proto::Envelope answer;
    REQUIRE(answer.ParseFromString(*frame));
    if (answer.request_id() == 0) continue;  // a push: the creator's own 'joined'
    ++answers;
    if (answer.has_game()) created.push_back(answer.game().id());
    if (answer.error().code() == proto::TOO_MANY_GAMES) {
      ++refused;
      CHECK(answer.error().message().find("2 games waiting for players") != std::string::npos);
    }
  }
  CHECK(created.size() == 2);
  CHECK(refused == 2);
  CHECK(SqlFile(server.db()).integer("SELECT COUNT(*) FROM games") == 2);
  // Once one starts, another may be made.
  Player bob = new_player(server, "bob");
  REQUIRE(bob.conn->call(testing::join_request(created.at(0), -1)).has_game());
  CHECK(alice.conn->call(testing::create_duel_request()).has_game());
  CHECK(alice.conn->call(testing::create_duel_request()).error().code() == proto::TOO_MANY_GAMES);
}

TEST_CASE("passwords: log-ins and sign-ups are throttled per address, per network and overall") {
  TempDir dir;
  SUBCASE("log-ins per address") {
    ServerProcess server(dir.path(), {"--logins-per-address", "3"});
    new_player(server, "alice");
    Connection c(server.url(), client::accept_any_certificate);
    for (int i = 0; i < 3; ++i)
      CHECK(c.call(login_request("bob" + std::to_string(i), "some-password-here")).error().code() ==
            proto::BAD_CREDENTIALS);
    const auto r = c.call(login_request("alice", password_of("alice")));
    CHECK(r.error().code() == proto::TOO_MANY_ATTEMPTS);
    CHECK(r.error().message().find("your address") != std::string::npos);
  }
  SUBCASE("sign-ups per address") {
    ServerProcess server(dir.path(), {"--signups-per-address", "2"});
    new_player(server, "one");
    new_player(server, "two");
    Connection c(server.url(), client::accept_any_certificate);
    const auto r = c.call(registration("three", password_of("three")));
    CHECK(r.error().code() == proto::TOO_MANY_ATTEMPTS);
    CHECK(SqlFile(server.db()).integer("SELECT COUNT(*) FROM users") == 2);
  }
  SUBCASE("sign-ups per network") {
    ServerProcess server(dir.path(), {"--signups-per-network", "1"});
    new_player(server, "one");
    Connection c(server.url(), client::accept_any_certificate);
    const auto r = c.call(registration("two", password_of("two")));
    CHECK(r.error().code() == proto::TOO_MANY_ATTEMPTS);
    CHECK(r.error().message().find("your network") != std::string::npos);
  }
  SUBCASE("password checks overall") {
    // One a second, four at once: a quick run of guesses meets the limit.
    ServerProcess server(dir.path(), {"--password-checks", "1"});
    Connection c(server.url(), client::accept_any_certificate);
    int refused = 0;
    for (int i = 0; i < 12; ++i) {
      const auto r = c.call(login_request("name" + std::to_string(i), "some-password-here"));
      if (r.error().code() == proto::TOO_MANY_ATTEMPTS) ++refused;
    }
    CHECK(refused > 0);
  }
}

// ---------------------------------------------------------------- connections

TEST_CASE("connections: capped per address and in all / a freed place is taken again") {
  TempDir dir;
  SUBCASE("per address") {
    ServerProcess server(dir.path(), {"--max-connections-per-address", "3"});
    std::vector<std::unique_ptr<Connection>> open;
    for (int i = 0; i < 3; ++i)
      open.push_back(std::make_unique<Connection>(server.url(), client::accept_any_certificate));
    CHECK_THROWS_AS(Connection(server.url(), client::accept_any_certificate, ms(5000)),
                    client::ClientError);
    open.pop_back();
    CHECK(eventually([&] {
      try {
        Connection c(server.url(), client::accept_any_certificate, ms(5000));
        return true;
      } catch (const client::ClientError&) {
        return false;
      }
    }));
    CHECK(server.log().find("refused a connection from 127.0.0.1") != std::string::npos);
  }
  SUBCASE("in all") {
    ServerProcess server(dir.path(), {"--max-connections", "2"});
    Connection a(server.url(), client::accept_any_certificate),
        b(server.url(), client::accept_any_certificate);
    CHECK_THROWS_AS(Connection(server.url(), client::accept_any_certificate, ms(5000)),
                    client::ClientError);
  }
}

TEST_CASE("connections: one that does not sign in within the login timeout is closed") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--login-timeout", "2s"});
  Connection idle(server.url(), client::accept_any_certificate);
  Player alice = new_player(server, "alice");
  CHECK(eventually([&] {
    try {
      (void)idle.next_raw(ms(100));
    } catch (const client::ClientError&) {
    }
    return !idle.is_open();
  }));
  CHECK(server.log().find("not signed in within 2 seconds") != std::string::npos);
  // A signed-in connection stays.
  CHECK(alice.conn->call(list_games()).has_games());
}

TEST_CASE("connections: out of file descriptors, the server neither spins nor floods its log") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--max-connections", "100000"}, /*open_files=*/64);
  std::vector<int> flood;
  for (int i = 0; i < 200; ++i) flood.push_back(raw_socket(server));
  std::this_thread::sleep_for(std::chrono::seconds(3));
  CHECK(std::filesystem::file_size(dir.path() / "server.log") < 64 * 1024);
  for (int fd : flood) ::close(fd);
  // Once the flood is gone the server serves again.
  CHECK(eventually([&] {
    try {
      Connection c(server.url(), client::accept_any_certificate, ms(5000));
      return c.call(registration("alice", password_of("alice"))).has_session();
    } catch (const client::ClientError&) {
      return false;
    }
  }));
}

TEST_CASE("connections: every frame counts against the rate, text frames too, and a flood is cut") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--request-rate", "5", "--request-burst", "10"});
  Connection c(server.url(), client::accept_any_certificate);
  // Text frames were answered without counting: now they use up the rate.
  for (int i = 0; i < 100; ++i) c.send_raw("junk text frame", /*binary=*/false);
  int limited = 0;
  for (int i = 0; i < 100; ++i) {
    const auto frame = c.next_raw(ms(10000));
    REQUIRE(frame.has_value());
    proto::Envelope e;
    REQUIRE(e.ParseFromString(*frame));
    if (e.error().code() == proto::RATE_LIMITED) ++limited;
  }
  CHECK(limited >= 80);
  // A client that keeps on regardless is closed.
  try {
    for (int i = 0; i < 2000 && c.is_open(); ++i) c.send_raw("junk text frame", false);
    while (c.next_raw(ms(2000))) {
    }
  } catch (const client::ClientError&) {
    // closed by the server
  }
  CHECK(eventually([&] {
    return server.log().find("frames refused over its request rate") != std::string::npos;
  }));
}

TEST_CASE("connections: a reader that does not read is closed when its queue passes the cap") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--request-rate", "100000", "--request-burst", "100000",
                                    "--queue-bytes", "65536"});
  Connection c(server.url(), client::accept_any_certificate);
  proto::Envelope req;
  req.set_version(proto::PROTOCOL_VERSION);
  req.mutable_list_scenarios();
  const std::string frame = req.SerializeAsString();
  // Requests without reading a single answer: the answers pile up in the
  // socket buffers, then in the server's queue.
  for (int i = 0; i < 20000 && c.is_open(); ++i) {
    try {
      c.send_raw(frame);
    } catch (const client::ClientError&) {
      break;
    }
    if (i % 1000 == 999 && server.log().find("does not read its messages") != std::string::npos)
      break;
  }
  CHECK(eventually(
      [&] { return server.log().find("does not read its messages") != std::string::npos; }));
}

// ---------------------------------------------------------------- bulk input

TEST_CASE("bulk input: order lines are capped and an error reply stays small") {
  // Classis checks every line on its own: junk in bulk gives an error a line.
  TwoPlayerGame g("classis/patrol", {"navarch", "corsair"});
  const std::uint64_t step = game_detail(*g.p[0], g.game).summary().step();
  const auto submit_junk = [&](int lines, const std::string& line) {
    proto::Envelope req;
    auto& s = *req.mutable_submit_orders();
    s.set_game_id(g.game);
    s.set_step(step);
    for (int i = 0; i < lines; ++i) s.add_lines(line);
    return g.p[0]->call(req);
  };
  // The review's 21,000 lines in 63 KB: refused whole, in a short answer.
  const auto many = submit_junk(21000, "x");
  CHECK(many.error().code() == proto::INVALID_ARGUMENT);
  CHECK(many.error().message().find("at most 1000") != std::string::npos);
  CHECK(many.ByteSizeLong() < 1024);

  const auto some = submit_junk(900, "junk order");
  CHECK(some.error().code() == proto::ILLEGAL_ORDERS);
  REQUIRE(some.error().order_errors_size() == 51);
  CHECK(some.error().order_errors(50).message().find("more errors not shown") != std::string::npos);
  CHECK(some.ByteSizeLong() < 16 * 1024);

  const auto long_line = submit_junk(1, std::string(600, 'x'));
  CHECK(long_line.error().code() == proto::INVALID_ARGUMENT);
  CHECK(long_line.error().message().find("order line 1 has 600 bytes") != std::string::npos);
}

TEST_CASE("bulk input: a step deadline has a minimum") {
  TempDir dir;
  ServerProcess server(dir.path(), {"--min-deadline", "60s"});
  Player alice = new_player(server, "alice");
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_players(2);
  create.mutable_create_game()->set_deadline_seconds(1);
  const auto r = alice.conn->call(create);
  CHECK(r.error().code() == proto::INVALID_ARGUMENT);
  CHECK(r.error().message().find("at least 60 seconds") != std::string::npos);
  CHECK(new_duel(*alice.conn, 60) > 0);
  CHECK(new_duel(*alice.conn, 0) > 0);  // none at all is fine
}
