// The notification commands: where and about what the server tells you of
// your games while you are away (notify), and unsubscribe, which needs no
// log-in.
#include <algorithm>
#include <iostream>

#include "commands.h"

namespace naumachia::client {

namespace {

struct KindName {
  proto::NoticeKind kind;
  const char* name;
  const char* what;
};
constexpr KindName kKinds[] = {
    {proto::ORDERS_DUE, "orders-due", "a step begins in which you order"},
    {proto::DEADLINE_NEAR, "deadline",
     "a deadline draws near and your orders are not ready; pauses and extensions"},
    {proto::STEP_RESOLVED, "resolved", "a step resolved and you do not order in the next"},
    {proto::MESSAGE_RECEIVED, "message", "a message you may read, with its text"},
    {proto::PLAYER_JOINED, "joined", "a player joined one of your games"},
    {proto::PROPOSAL_MADE, "proposal", "a proposal awaits your answer"},
    {proto::GAME_ENDED, "over", "a game of yours is over"},
};

std::string kind_name(int kind) {
  for (const KindName& k : kKinds) {
    if (k.kind == kind) return k.name;
  }
  return "kind " + std::to_string(kind);
}

std::string span(std::int64_t seconds) {
  if (seconds % 86400 == 0) return std::to_string(seconds / 86400) + "d";
  if (seconds % 3600 == 0) return std::to_string(seconds / 3600) + "h";
  if (seconds % 60 == 0) return std::to_string(seconds / 60) + "m";
  return std::to_string(seconds) + "s";
}

void print(const proto::NotifySettings& s) {
  if (!s.note().empty()) std::cout << s.note() << "\n";
  std::cout << "e-mail:  "
            << (s.email().empty()     ? std::string("none")
                : s.email_confirmed() ? s.email()
                                      : s.email() + " (waiting for its code)")
            << (s.mail_available() ? "" : "  (this server sends no e-mail)") << "\n";
  static const std::map<int, std::string> formats{{proto::WEBHOOK_JSON, "json"},
                                                  {proto::WEBHOOK_DISCORD, "discord"},
                                                  {proto::WEBHOOK_SLACK, "slack"}};
  std::cout << "webhook: "
            << (s.webhook_url().empty()
                    ? std::string("none")
                    : s.webhook_url() + " (" + formats.at(s.webhook_format()) + ")")
            << "\n";
  std::string kinds;
  for (const int k : s.kinds()) kinds += (kinds.empty() ? "" : ", ") + kind_name(k);
  std::cout << "about:   " << (kinds.empty() ? "nothing" : kinds) << "\n";
  std::cout << "when:    "
            << (s.always() ? "always, also while you are connected"
                           : "while no connection of yours is open")
            << "\n";
  if (s.reminder_seconds_size() > 0) {
    std::string leads;
    for (const auto l : s.reminder_seconds()) leads += (leads.empty() ? "" : ", ") + span(l);
    std::cout << "reminders: " << leads << " before a deadline\n";
  }
}

proto::NotifySettings call(Session& session, const proto::NotifyRequest& r) {
  session.connect();
  proto::Envelope req;
  *req.mutable_notify() = r;
  return session.expect(req).notify_settings();
}

std::vector<proto::NoticeKind> kinds_named(const std::vector<std::string>& names) {
  std::vector<proto::NoticeKind> out;
  for (const std::string& n : names) {
    if (n == "all") {
      for (const KindName& k : kKinds) out.push_back(k.kind);
      continue;
    }
    const auto k = std::find_if(std::begin(kKinds), std::end(kKinds),
                                [&](const KindName& x) { return n == x.name; });
    if (k == std::end(kKinds)) {
      std::string known;
      for (const KindName& x : kKinds) known += std::string(" ") + x.name;
      throw ClientError("no notice kind '" + n + "'; the kinds are" + known + " (or all)");
    }
    out.push_back(k->kind);
  }
  return out;
}

}  // namespace

const std::map<std::string, std::string> kNotifyHelp = {
    {"notify",
     "usage: naumachia notify                   what you hear about, and where\n"
     "       naumachia notify email ADDRESS     mail notices to ADDRESS (a code is mailed\n"
     "                                          first: confirm it)\n"
     "       naumachia notify confirm CODE      confirm the address with the code mailed\n"
     "       naumachia notify webhook URL [--format json|discord|slack]\n"
     "                                          post notices to URL (a Discord or Slack\n"
     "                                          webhook, or any JSON endpoint)\n"
     "       naumachia notify remove email|webhook\n"
     "       naumachia notify on KIND ...       hear about these too (all: everything)\n"
     "       naumachia notify off KIND ...      no longer hear about these\n"
     "       naumachia notify away|always       only while no connection of yours is\n"
     "                                          open (the default), or always\n"
     "       naumachia notify test              send a test notice now\n\n"
     "The server tells you of your games while you are away. The kinds:\n"
     "  orders-due  a step begins in which you order, with its deadline\n"
     "  deadline    a deadline draws near and your orders are not ready (the\n"
     "              server's reminders, e.g. 24h and 1h before); pauses, resumes\n"
     "              and extensions\n"
     "  resolved    a step resolved and you do not order in the next (off unless\n"
     "              chosen)\n"
     "  message     a message you may read, with its text\n"
     "  joined      a player joined one of your games\n"
     "  proposal    a draw, concession, pause or extension awaits your answer\n"
     "  over        a game of yours is over, with its result\n"
     "A notice holds only what you may see in the game, and ends with how to\n"
     "stop them: naumachia unsubscribe TOKEN.\n"},
    {"unsubscribe",
     "usage: naumachia [--server URL] unsubscribe TOKEN\n\nRemoves the address whose notices "
     "carry TOKEN (each notice ends with the\ncommand): it gets no more notices. Needs no "
     "log-in.\n"},
};

int notify(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {"--format"}, {});
  const auto& p = a.positional;
  proto::NotifyRequest r;
  const std::string what = p.empty() ? "" : p[0];
  const auto want = [&](std::size_t n) {
    if (p.size() != n) throw ClientError(kNotifyHelp.at("notify"));
  };
  if (what.empty()) {
    r.set_show(true);
  } else if (what == "email") {
    want(2);
    r.set_set_email(p[1]);
  } else if (what == "confirm") {
    want(2);
    r.set_confirm_email(p[1]);
  } else if (what == "webhook") {
    want(2);
    r.mutable_set_webhook()->set_url(p[1]);
    const std::string format = a.has("--format") ? a.options.at("--format") : "json";
    const std::map<std::string, proto::WebhookFormat> formats{{"json", proto::WEBHOOK_JSON},
                                                              {"discord", proto::WEBHOOK_DISCORD},
                                                              {"slack", proto::WEBHOOK_SLACK}};
    const auto f = formats.find(format);
    if (f == formats.end())
      throw ClientError("--format is json, discord or slack, not '" + format + "'");
    r.mutable_set_webhook()->set_format(f->second);
  } else if (what == "remove") {
    want(2);
    if (p[1] == "email") {
      r.set_remove_email(true);
    } else if (p[1] == "webhook") {
      r.set_remove_webhook(true);
    } else {
      throw ClientError("notify remove takes email or webhook, not '" + p[1] + "'");
    }
  } else if (what == "on" || what == "off") {
    if (p.size() < 2) throw ClientError(kNotifyHelp.at("notify"));
    const auto named = kinds_named({p.begin() + 1, p.end()});
    proto::NotifyRequest show;
    show.set_show(true);
    const auto now = call(session, show);
    std::vector<int> kinds(now.kinds().begin(), now.kinds().end());
    for (const proto::NoticeKind k : named) {
      const auto at = std::find(kinds.begin(), kinds.end(), k);
      if (what == "on" && at == kinds.end()) kinds.push_back(k);
      if (what == "off" && at != kinds.end()) kinds.erase(at);
    }
    auto& set = *r.mutable_kinds();
    for (const int k : kinds) set.add_kinds(static_cast<proto::NoticeKind>(k));
  } else if (what == "always" || what == "away") {
    want(1);
    r.set_always(what == "always");
  } else if (what == "test") {
    want(1);
    r.set_test(true);
  } else {
    throw ClientError("no notify command '" + what + "' (see naumachia notify --help)");
  }
  print(call(session, r));
  return 0;
}

int unsubscribe(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {}, {});
  if (a.positional.size() != 1) throw ClientError(kNotifyHelp.at("unsubscribe"));
  proto::Envelope req;
  req.mutable_unsubscribe()->set_token(a.positional[0]);
  session.connect_anonymous();
  std::cout << session.expect(req).unsubscribed().what() << "\n";
  return 0;
}

}  // namespace naumachia::client
