#pragma once
// The server's options for notices to players who are away: the operator's
// SMTP relay, the reminders before a deadline, and how the courier
// (notices/courier.h) retries.
#include <cstdint>
#include <string>
#include <vector>

namespace naumachia::server {

// The SMTP relay the operator gives (--smtp and its companions).
struct MailRelay {
  std::string url;  // smtp://HOST[:PORT] or smtps://HOST[:PORT]; empty: no e-mail
  std::string user;
  std::string password;
  bool starttls = true;  // smtp://: STARTTLS required (false: plain, for a relay on this host)
  std::string ca_file;   // PEM certificates trusted for the relay; empty: the system's
  std::string from = "naumachia@localhost";
  bool configured() const { return !url.empty(); }
};

struct NotifyOptions {
  MailRelay mail;
  // Reminders this long before a deadline, to seats whose orders are not ready.
  std::vector<std::int64_t> reminders{24 * 3600, 3600};
  bool webhooks_to_private = false;  // allow loopback and private networks (tests, intranets)
  std::int64_t retry_seconds = 60;   // the first retry; each later one waits twice as long
  std::int64_t retry_max_seconds = 6 * 3600;
  int max_attempts = 10;                  // then the notice is given up
  std::int64_t code_seconds = 24 * 3600;  // an e-mail confirmation code's life
  int code_tries = 5;
  std::int64_t keep_seconds = 7 * 24 * 3600;  // sent and given-up notices are kept this long
  // How notices name this server to the players' client; empty: the URL the
  // server listens on.
  std::string server_url;
  bool deliver = true;  // false: notices stay in the outbox (tests of what is queued)
};

}  // namespace naumachia::server
