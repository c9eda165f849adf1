// Notifications without a network: how notices look, which addresses the
// server accepts, and what a change puts in the outbox for whom.
#include <doctest/doctest.h>

#include "durations.h"
#include "notices/courier.h"
#include "notices/formats.h"
#include "notices/game_notices.h"
#include "notices/notice_tables.h"
#include "support/requests.h"
#include "support/service_harness.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

proto::Envelope notify(Harness& h, Player& p, const proto::NotifyRequest& r) {
  return h.call(p, notify_request(r));
}

}  // namespace

TEST_CASE("notice format: base64, JSON strings and mail headers a player cannot break") {
  CHECK(base64("") == "");
  CHECK(base64("f") == "Zg==");
  CHECK(base64("fo") == "Zm8=");
  CHECK(base64("foobar") == "Zm9vYmFy");
  CHECK(json_string("a\"b\\c\nd\x01") == "\"a\\\"b\\\\c\\nd\\u0001\"");
  const std::string m = mail_message("games@example.org", "bob@example.org",
                                     "hi\r\nBcc: evil@example.org", "text", "id@x", 0);
  CHECK(has(m, "Subject: hi  Bcc: evil@example.org\r\n"));
  CHECK_FALSE(has(m, "\r\nBcc:"));
  CHECK(has(m, "Content-Transfer-Encoding: base64\r\n\r\ndGV4dA==\r\n"));
  CHECK(has(mail_message("a@b.cd", "c@d.ef", "Kōnstantinoupolis", "x", "i@x", 0),
            "Subject: =?UTF-8?B?"));
  const std::string long_text(5000, 'x');
  const std::string discord =
      webhook_body(WebhookFormat::Discord, "message", 3, "subject", long_text, "stop");
  CHECK(discord.size() < 2100);
  CHECK(has(discord, "...\\n\\nstop\"}"));
  CHECK(webhook_body(WebhookFormat::Slack, "message", 3, "s", "t", "u") ==
        "{\"text\":\"*s*\\nt\\n\\nu\"}");
  CHECK(webhook_body(WebhookFormat::Json, "over", 3, "s", "t", "u") ==
        "{\"kind\":\"over\",\"game\":3,\"subject\":\"s\",\"text\":\"t\",\"unsubscribe\":\"u\"}");
}

TEST_CASE("notice format: the unsubscribe link is the web client's page on the server's port") {
  CHECK(unsubscribe_link("wss://games.example.org:8443", "ab12") ==
        "https://games.example.org:8443/#unsubscribe=ab12");
  CHECK(unsubscribe_link("wss://[::1]:8443/", "ab12") == "https://[::1]:8443/#unsubscribe=ab12");
  CHECK(unsubscribe_link("https://example.org/play", "ab12") ==
        "https://example.org/play/#unsubscribe=ab12");
  const std::string text = unsubscribe_text("wss://h.test:1", "ab12", NotifyChannel::Email);
  CHECK(has(text, "open https://h.test:1/#unsubscribe=ab12 "));
  CHECK(has(text, "naumachia --server wss://h.test:1 unsubscribe ab12"));
}

TEST_CASE("notice format: which e-mail addresses and webhooks the server takes") {
  CHECK_FALSE(email_problem("alice@example.org"));
  CHECK(email_problem("alice"));
  CHECK(email_problem("alice@localhost"));
  CHECK(email_problem("a b@example.org"));
  CHECK(email_problem("<a@example.org>"));
  CHECK_FALSE(webhook_problem("https://discord.com/api/webhooks/1/abc", false));
  CHECK(webhook_problem("http://localhost:8080/x", false));
  CHECK(webhook_problem("http://10.1.2.3/x", false));
  CHECK(webhook_problem("http://[::1]:80/x", false));
  CHECK_FALSE(webhook_problem("http://127.0.0.1:80/x", true));
  CHECK(webhook_problem("file:///etc/passwd", true));
  CHECK(webhook_problem("https://u:p@example.org/", true));
  for (const char* a :
       {"127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1",
        "0.0.0.0", "224.0.0.1", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1"}) {
    INFO(a);
    CHECK(private_address(a));
  }
  for (const char* a : {"93.184.216.34", "172.32.0.1", "2606:4700::1111"}) {
    INFO(a);
    CHECK_FALSE(private_address(a));
  }
  CHECK(masked_email("alice@example.org") == "a***@example.org");
  using render::duration_words;
  using render::Precision;
  CHECK(duration_words(90061, Precision::TwoUnits) == "1 day 1 hour");
  CHECK(duration_words(3600, Precision::TwoUnits) == "1 hour");
  CHECK(duration_words(59, Precision::TwoUnits) == "59 seconds");
}

TEST_CASE("courier: a webhook whose address is on a private network is refused at connection") {
  OutboxRow n;
  n.target.channel = NotifyChannel::Webhook;
  n.target.address = "http://127.0.0.1:9/hook";
  n.target.format = "json";
  NotifyOptions o;
  const Delivery d = Courier::deliver(n, o, 0);
  CHECK_FALSE(d.ok);
  CHECK(d.permanent);
  CHECK(has(d.error, "private address"));
  n.target.channel = NotifyChannel::Email;
  const Delivery mail = Courier::deliver(n, o, 0);
  CHECK_FALSE(mail.ok);
  CHECK(has(mail.error, "no SMTP relay"));
}

TEST_CASE("notifications: what a message puts in the outbox, for whom and when") {
  Harness h;
  Player a = h.signed_up("alice"), b = h.signed_up("bob");
  proto::NotifyRequest hook;
  hook.mutable_set_webhook()->set_url("https://hooks.example.org/alice");
  REQUIRE(notify(h, a, hook).has_notify_settings());
  const auto game = h.start_duel(a, b);
  const auto say = [&](const std::string& text) {
    proto::Envelope req;
    req.mutable_send_press()->set_game_id(game);
    req.mutable_send_press()->set_text(text);
    REQUIRE(h.call(b, req).has_press_sent());
  };
  // Alice is connected and hears only while away: nothing is queued.
  say("while you are here");
  CHECK(NoticeTables(h.db).due_notices(h.now, 10).empty());
  proto::NotifyRequest always;
  always.set_always(true);
  CHECK(notify(h, a, always).notify_settings().always());
  say("now you hear");
  auto due = NoticeTables(h.db).due_notices(h.now, 10);
  REQUIRE(due.size() == 1);
  CHECK(due[0].kind == "message");
  CHECK(due[0].target.address == "https://hooks.example.org/alice");
  CHECK(has(due[0].body, "now you hear"));
  // Messages turned off: nothing more is queued.
  proto::NotifyRequest kinds;
  kinds.mutable_kinds()->add_kinds(proto::ORDERS_DUE);
  CHECK(notify(h, a, kinds).notify_settings().kinds_size() == 1);
  say("not told");
  CHECK(NoticeTables(h.db).due_notices(h.now, 10).size() == 1);
  // Bob, who sent them, hears of none (he has no address anyway).
  proto::NotifyRequest remove;
  remove.set_remove_webhook(true);
  CHECK(has(notify(h, a, remove).notify_settings().note(), "was removed"));
  CHECK(NoticeTables(h.db).due_notices(h.now, 10).empty());
}
