// Notifications through the real server to real sinks on loopback: mail
// through an SMTP relay that demands STARTTLS and a login (Debian's aiosmtpd),
// webhooks to an HTTP server. Players who are away hear what is theirs and
// nothing else; a failing webhook is tried again; a crash loses no notice.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <thread>

#include "support/protocol_client.h"
#include "support/requests.h"
#include "support/sinks.h"
#include "support/terminal.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::testing;
using client::Connection;
namespace fs = std::filesystem;

namespace {

proto::NotifySettings notify(Connection& c, const proto::NotifyRequest& r) {
  const auto res = c.call(notify_request(r));
  INFO(res.error().message());
  REQUIRE(res.has_notify_settings());
  return res.notify_settings();
}

proto::Envelope notify_call(Connection& c, const proto::NotifyRequest& r) {
  return c.call(notify_request(r));
}

void set_webhook(Connection& c, const std::string& url, proto::WebhookFormat format) {
  proto::NotifyRequest r;
  r.mutable_set_webhook()->set_url(url);
  r.mutable_set_webhook()->set_format(format);
  CHECK(notify(c, r).webhook_url() == url);
}

// Everything any sink received, as one text per piece, for secrecy checks.
std::string all_text(const std::vector<Received>& pieces) {
  std::string out;
  for (const Received& r : pieces) {
    for (const auto& [k, v] : r.fields) out += k + ": " + v + "\n";
    out += r.text + "\n----\n";
  }
  return out;
}

std::vector<Received> with_subject(const std::vector<Received>& all, const std::string& field,
                                   const std::string& part) {
  std::vector<Received> out;
  for (const Received& r : all) {
    if (has(r.field(field), part)) out.push_back(r);
  }
  return out;
}

// Waits until `pred` holds of what the sink received; returns it then.
template <class Pred>
std::vector<Received> wait_until(const Sink& sink, Pred pred,
                                 std::chrono::seconds within = std::chrono::seconds(30)) {
  const auto deadline = std::chrono::steady_clock::now() + within;
  for (;;) {
    auto got = sink.received();
    if (pred(got) || std::chrono::steady_clock::now() > deadline) return got;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

TEST_CASE(
    "notifications: seven Diplomacy players away hear by mail and webhook when orders are due and "
    "of the press addressed to them, and of nothing else") {
  TempDir dir;
  { ServerProcess first(dir.path()); }  // writes the certificate the relay also uses
  const fs::path cert = dir.path() / "naumachia-cert.pem";
  const fs::path key = dir.path() / "naumachia-key.pem";
  REQUIRE(fs::exists(cert));
  Sink mail("smtp", dir.path() / "mail",
            {"--starttls", cert.string(), key.string(), "--login", "relay:relay-secret"});
  Sink hooks("http", dir.path() / "hooks");
  {
    std::ofstream pw(dir.path() / "relay.pw");
    pw << "relay-secret\n";
  }
  ServerProcess server(
      dir.path(), {"--smtp", "smtp://127.0.0.1:" + std::to_string(mail.port()), "--smtp-user",
                   "relay", "--smtp-password-file", (dir.path() / "relay.pw").string(), "--smtp-ca",
                   cert.string(), "--mail-from", "games@naumachia.test", "--public-url",
                   "wss://naumachia.test:8443", "--webhooks-to-private-networks",
                   // A notice the relay refuses for a moment (a loaded machine) is
                   // tried again within the waits below, not after the default minute.
                   "--notify-retry", "2s"});
  const std::string hook_base = "http://127.0.0.1:" + std::to_string(hooks.port());

  std::vector<std::unique_ptr<Connection>> p;
  for (int i = 0; i < 7; ++i) p.push_back(sign_up(server, "player" + std::to_string(i)));
  const auto address = [](int i) { return "player" + std::to_string(i) + "@example.org"; };

  // Players 0-4 by mail: each confirms the code mailed to them.
  for (int i = 0; i < 5; ++i) {
    proto::NotifyRequest r;
    r.set_set_email(address(i));
    const auto s = notify(*p[static_cast<std::size_t>(i)], r);
    CHECK(has(s.note(), "a code was mailed to " + address(i)));
    CHECK_FALSE(s.email_confirmed());
  }
  const auto codes = wait_until(mail, [](const auto& got) { return got.size() >= 5; });
  REQUIRE(codes.size() == 5);
  for (int i = 0; i < 5; ++i) {
    const auto mine = for_address(codes, "to", address(i));
    REQUIRE(mine.size() == 1);
    const Received& m = mine.front();
    CHECK(m.field("from") == "games@naumachia.test");
    CHECK(m.field("tls") == "yes");
    CHECK(m.field("login") == "relay");
    std::smatch match;
    const std::string subject = m.field("subject");
    REQUIRE(std::regex_search(subject, match, std::regex("your code is ([0-9]{6})")));
    auto& c = *p[static_cast<std::size_t>(i)];
    if (i == 0) {
      proto::NotifyRequest wrong;
      wrong.set_confirm_email(match[1].str() == "000000" ? "111111" : "000000");
      const auto refused = notify_call(c, wrong);
      CHECK(refused.error().code() == proto::INVALID_ARGUMENT);
      CHECK(has(refused.error().message(), "that is not the code; 4 tries left"));
    }
    proto::NotifyRequest confirm;
    confirm.set_confirm_email(match[1].str());
    CHECK(notify(c, confirm).email_confirmed());
  }
  // Players 5 and 6 by webhook, as Discord and Slack take them.
  set_webhook(*p[5], hook_base + "/discord5", proto::WEBHOOK_DISCORD);
  set_webhook(*p[6], hook_base + "/slack6", proto::WEBHOOK_SLACK);

  // Player 0 creates the game, the others join; all but the last go away.
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("diplomacy/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_deadline_seconds(2 * 86400);
  const std::uint64_t game = p[0]->call(create).game().id();
  REQUIRE(game > 0);
  const auto seat_names = [&] {
    std::vector<std::string> out;
    const proto::GameDetail d = game_detail(*p[0], game);
    for (const auto& s : d.summary().seats()) out.push_back(s.side());
    return out;
  }();
  // The server hears a connection close on its own time: a player must be
  // away before what he is to hear of happens, or he hears it by push
  // instead. Player 0 before the others join; player 5, the last to go,
  // before the last join starts the game and its orders fall due.
  const auto heard_away = [] { std::this_thread::sleep_for(std::chrono::milliseconds(1000)); };
  p[0].reset();
  heard_away();
  for (int i = 1; i < 7; ++i) {
    if (i == 6) heard_away();
    proto::Envelope join;
    join.mutable_join_game()->set_game_id(game);
    join.mutable_join_game()->set_seat(static_cast<std::uint32_t>(i));
    REQUIRE(p[static_cast<std::size_t>(i)]->call(join).has_game());
    if (i < 6) p[static_cast<std::size_t>(i)].reset();
  }

  // Orders due: everyone away hears; player 6, connected, is spared (it heard by push).
  const auto due_mail = wait_until(
      mail, [](const auto& got) { return with_subject(got, "subject", "orders due").size() >= 5; });
  for (int i = 0; i < 5; ++i) {
    const auto mine =
        with_subject(for_address(due_mail, "to", address(i)), "subject", "orders due");
    REQUIRE(mine.size() == 1);
    CHECK(has(mine[0].text, "Your orders for " + seat_names[static_cast<std::size_t>(i)]));
    CHECK(has(mine[0].text, "The deadline is "));
    CHECK(has(mine[0].text, "naumachia --server wss://naumachia.test:8443 unsubscribe "));
  }
  const auto due_hooks = wait_until(hooks, [](const auto& got) {
    return with_subject(got, "field.content", "orders due").size() >= 1;
  });
  const auto discord = for_address(due_hooks, "path", "/discord5");
  REQUIRE(with_subject(discord, "field.content", "orders due").size() == 1);
  CHECK(discord.back().field("json") == "ok");
  CHECK(discord.back().field("content-type") == "application/json");
  // Joins were told to those already seated and away: player 0 heard of six.
  const auto joined = wait_until(mail, [&](const auto& got) {
    return with_subject(for_address(got, "to", address(0)), "subject", "joined").size() >= 6;
  });
  CHECK(with_subject(for_address(joined, "to", address(0)), "subject", "joined").size() == 6);

  // Press: a private word from England to France, and a public one.
  p[0] = log_in(server, "player0", "pw-player0-secret");
  p[6].reset();
  const std::string secret = "meet me in the Channel, token-7f3a";
  const std::string open = "greetings to all, token-public-91";
  REQUIRE(say(*p[0], game, secret, {1}).has_press_sent());
  REQUIRE(say(*p[0], game, open).has_press_sent());
  const auto after_mail = wait_until(mail, [&](const auto& got) {
    return with_subject(got, "subject", "a message from").size() >= 5;  // 1 private + 4 public
  });
  const auto after_hooks = wait_until(hooks, [&](const auto& got) {
    return std::count_if(got.begin(), got.end(),
                         [](const Received& r) { return has(r.text, "token-public-91"); }) >= 2;
  });
  std::this_thread::sleep_for(std::chrono::seconds(2));  // anything more would have come by now
  const auto final_mail = mail.received();
  const auto final_hooks = hooks.received();
  const auto france = for_address(final_mail, "to", address(1));
  CHECK(has(all_text(france), secret));
  CHECK(has(all_text(france), "(addressed to " + seat_names[1] + ")"));
  for (int i = 0; i < 7; ++i) {
    if (i == 1) continue;
    const std::string theirs =
        i < 5 ? all_text(for_address(final_mail, "to", address(i)))
              : all_text(for_address(final_hooks, "path", i == 5 ? "/discord5" : "/slack6"));
    INFO("player ", i);
    CHECK_FALSE(has(theirs, "token-7f3a"));
    CHECK(has(theirs, "token-public-91") == (i != 0));  // the sender hears not of their own
  }
  const auto slack = for_address(final_hooks, "path", "/slack6");
  REQUIRE_FALSE(slack.empty());
  CHECK(has(slack.back().field("field.text"), "token-public-91"));
  (void)after_mail;
  (void)after_hooks;

  // Unsubscribe with the token a notice carries, without signing in.
  const auto to_two = for_address(final_mail, "to", address(2));
  REQUIRE_FALSE(to_two.empty());
  std::smatch match;
  REQUIRE(std::regex_search(to_two.back().text, match, std::regex("unsubscribe ([0-9a-f]{32})")));
  Connection anonymous(server.url(), client::accept_any_certificate);
  proto::Envelope unsub;
  unsub.mutable_unsubscribe()->set_token(match[1].str());
  const auto gone = anonymous.call(unsub);
  REQUIRE_MESSAGE(gone.has_unsubscribed(), gone.error().message());
  CHECK(gone.unsubscribed().what() == "the e-mail address p***@example.org gets no more notices");
  CHECK(anonymous.call(unsub).error().code() == proto::NOT_FOUND);
  const std::size_t before = for_address(mail.received(), "to", address(2)).size();
  REQUIRE(say(*p[0], game, "one more, token-after").has_press_sent());
  wait_until(mail, [&](const auto& got) {
    return for_address(with_subject(got, "subject", "a message from"), "to", address(3)).size() >=
           2;
  });
  std::this_thread::sleep_for(std::chrono::seconds(1));
  CHECK(for_address(mail.received(), "to", address(2)).size() == before);
  // The server's log holds neither a message's text nor a code.
  CHECK_FALSE(has(server.log(), "token-7f3a"));
  CHECK_FALSE(has(server.log(), "your code is"));
}

TEST_CASE(
    "notifications: a failing webhook is tried again, later each time, and a crash right after "
    "the acknowledgement loses no notice") {
  TempDir dir;
  const fs::path hold = dir.path() / "hold";
  Sink hooks("http", dir.path() / "hooks", {"--fail", "2", "--hold", hold.string()});
  ServerProcess server(dir.path(), {"--webhooks-to-private-networks", "--notify-retry", "1s"});
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  set_webhook(*alice, "http://127.0.0.1:" + std::to_string(hooks.port()) + "/alice",
              proto::WEBHOOK_JSON);
  const std::uint64_t game = start_duel(*alice, *bob);
  alice.reset();

  REQUIRE(say(*bob, game, "first word").has_press_sent());
  const auto got = hooks.wait_for(1, std::chrono::seconds(30));
  REQUIRE(got.size() == 1);
  CHECK(got[0].field("json") == "ok");
  CHECK(got[0].field("field.kind") == "message");
  CHECK(got[0].field("field.game") == std::to_string(game));
  CHECK(has(got[0].field("field.text"), "first word"));
  CHECK(has(server.log(), "the webhook answered HTTP 503); trying again in 1 s"));
  CHECK(has(server.log(), "the webhook answered HTTP 503); trying again in 2 s"));

  // Held: the webhook answers 503 until the file goes. A message, then a crash.
  { std::ofstream(hold) << "hold"; }
  REQUIRE(say(*bob, game, "second word").has_press_sent());
  server.crash();
  bob.reset();
  CHECK(hooks.received().size() == 1);
  fs::remove(hold);
  server.restart();
  const auto after = hooks.wait_for(2, std::chrono::seconds(60));
  REQUIRE(after.size() == 2);
  CHECK(has(after[1].field("field.text"), "second word"));
}

TEST_CASE(
    "notifications: a reminder before the deadline goes to the seat whose orders are not ready") {
  TempDir dir;
  Sink hooks("http", dir.path() / "hooks");
  ServerProcess server(
      dir.path(), {"--webhooks-to-private-networks", "--min-deadline", "5s", "--reminders", "6s"});
  auto alice = sign_up(server, "alice");
  auto bob = sign_up(server, "bob");
  const std::string base = "http://127.0.0.1:" + std::to_string(hooks.port());
  set_webhook(*alice, base + "/alice", proto::WEBHOOK_JSON);
  set_webhook(*bob, base + "/bob", proto::WEBHOOK_JSON);
  const std::uint64_t game = start_duel(*alice, *bob, 12);
  REQUIRE(submit(*alice, game, 1, {"bid 1"}).has_orders_accepted());
  alice.reset();
  bob.reset();
  const auto got = wait_until(hooks, [](const auto& all) {
    return with_subject(all, "field.kind", "deadline").size() >= 1;
  });
  const auto reminders = with_subject(got, "field.kind", "deadline");
  REQUIRE(reminders.size() == 1);
  CHECK(reminders[0].field("path") == "/bob");
  CHECK(has(reminders[0].field("field.subject"), "left to order for"));
  CHECK(has(reminders[0].field("field.text"), "are not ready"));
  // The step resolves at its deadline; both hear that orders are due again,
  // and no second reminder of the same deadline comes.
  const auto later = wait_until(hooks, [](const auto& all) {
    return with_subject(all, "field.kind", "orders-due").size() >= 2;
  });
  CHECK(with_subject(later, "field.kind", "orders-due").size() >= 2);
  CHECK(with_subject(later, "field.kind", "deadline").size() <= 2);
}

TEST_CASE("notifications: bad settings are refused precisely and change nothing") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto alice = sign_up(server, "alice");
  proto::NotifyRequest r;
  r.set_set_email("alice@example.org");
  auto res = notify_call(*alice, r);
  CHECK(res.error().code() == proto::NOT_CONFIGURED);
  r.mutable_set_webhook()->set_url("http://127.0.0.1:9/hook");
  res = notify_call(*alice, r);
  CHECK(res.error().code() == proto::INVALID_ARGUMENT);
  CHECK(has(res.error().message(), "loopback or private network"));
  r.mutable_set_webhook()->set_url("ftp://example.org/hook");
  CHECK(has(notify_call(*alice, r).error().message(), "starts with https://"));
  r.mutable_set_webhook()->set_url("https://user:pw@example.org/hook");
  CHECK(has(notify_call(*alice, r).error().message(), "no user name or password"));
  r.set_confirm_email("123456");
  CHECK(notify_call(*alice, r).error().code() == proto::NOT_FOUND);
  r.set_remove_webhook(true);
  CHECK(notify_call(*alice, r).error().code() == proto::NOT_FOUND);
  r.set_test(true);
  CHECK(has(notify_call(*alice, r).error().message(), "no confirmed address"));
  r.mutable_kinds()->add_kinds(static_cast<proto::NoticeKind>(99));
  CHECK(notify_call(*alice, r).error().code() == proto::INVALID_ARGUMENT);
  proto::NotifyRequest show;
  show.set_show(true);
  const auto s = notify(*alice, show);
  CHECK(s.email().empty());
  CHECK(s.webhook_url().empty());
  CHECK(s.kinds_size() == 6);  // the defaults: all but "resolved"
  CHECK_FALSE(s.mail_available());
  CHECK(s.reminder_seconds_size() == 2);
  Connection anonymous(server.url(), client::accept_any_certificate);
  proto::Envelope unsub;
  unsub.mutable_unsubscribe()->set_token("not a token");
  CHECK(anonymous.call(unsub).error().code() == proto::INVALID_ARGUMENT);
  proto::Envelope who;
  who.mutable_notify()->set_show(true);
  CHECK(anonymous.call(who).error().code() == proto::UNAUTHENTICATED);
}

TEST_CASE("notifications through the naumachia command: notify, test and unsubscribe") {
  TempDir dir;
  Sink hooks("http", dir.path() / "hooks");
  ServerProcess server(dir.path(), std::vector<std::string>{"--webhooks-to-private-networks"});
  Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  Terminal stranger{(dir.path() / "stranger.conf").string(), server.url()};
  REQUIRE(alice.run("--server " + server.url() + " register alice").status == 0);
  const std::string url = "http://127.0.0.1:" + std::to_string(hooks.port()) + "/alice";

  auto r = alice.run("notify");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "e-mail:  none  (this server sends no e-mail)\n"));
  CHECK(has(r.output, "about:   orders-due, deadline, message, joined, proposal, over\n"));
  CHECK(has(r.output, "reminders: 1d, 1h before a deadline\n"));
  r = alice.run("notify email alice@example.org");
  CHECK(r.status != 0);
  CHECK(has(r.output, "this server sends no e-mail"));
  r = alice.run("notify webhook " + url + " --format slack");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "notices are posted to " + url + " as slack"));
  CHECK(has(r.output, "webhook: " + url + " (slack)\n"));
  r = alice.run("notify off message joined");
  CHECK(has(r.output, "about:   orders-due, deadline, proposal, over\n"));
  CHECK(alice.run("notify on sideways").status != 0);
  CHECK(has(alice.run("notify always").output, "when:    always, also while you are connected\n"));
  r = alice.run("notify test");
  REQUIRE_MESSAGE(r.status == 0, r.output);
  const auto got = hooks.wait_for(1);
  REQUIRE(got.size() == 1);
  CHECK(has(got[0].field("field.text"), "*naumachia: a test notice*"));
  std::smatch match;
  const std::string text = got[0].field("field.text");
  REQUIRE(std::regex_search(text, match, std::regex("unsubscribe ([0-9a-f]{32})")));

  r = stranger.run("--server " + server.url() + " unsubscribe " + match[1].str());
  REQUIRE_MESSAGE(r.status == 0, r.output);
  CHECK(has(r.output, "the webhook gets no more notices"));
  CHECK(has(alice.run("notify").output, "webhook: none\n"));
}
