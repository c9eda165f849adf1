#pragma once
// Notifications to players who are away: the server's options for them, the
// requests that set where and about what a user hears (NotifyRequest,
// UnsubscribeRequest), and the write that puts a change's notices in the
// outbox with the change itself. The courier (courier.h) delivers them.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/throttle.h"
#include "notices/game_notices.h"
#include "notices/notice_tables.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "protocol/fanout.h"
#include "storage/tables.h"
#include "storage/writer.h"

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

// The write that puts `notices` in the outbox, each marked with whether its
// user has a connection open now (a user who hears only while away is
// spared what they were pushed). Null when there are none.
std::function<void(Tables&)> outbox_write(const std::vector<Notice>& notices, const Fanout& fanout,
                                          std::int64_t now);

// The settings requests, on the service's strand: reads with the reader
// connection, writes through the storage writer, answers once durable.
class Notifications {
 public:
  using Clock = std::function<std::int64_t()>;
  // `queued` runs (on the strand) when a write put notices in the outbox.
  Notifications(Tables& reader, StorageWriter& writer, KeyedBuckets& send_budget, Clock clock,
                const NotifyOptions& options, std::function<void()> queued);

  void handle(const ConnectionState& conn, const proto::NotifyRequest& r, const ReplyPtr& reply);
  // Needs no session: the token is the capability.
  void unsubscribe(const proto::UnsubscribeRequest& r, const ReplyPtr& reply);

 private:
  void set_email(std::int64_t user, const std::string& name, const std::string& address,
                 const ReplyPtr& reply);
  void confirm_email(std::int64_t user, const std::string& code, const ReplyPtr& reply);
  void set_webhook(std::int64_t user, const proto::Webhook& w, const ReplyPtr& reply);
  void remove(std::int64_t user, NotifyChannel channel, const ReplyPtr& reply);
  void test(std::int64_t user, const ReplyPtr& reply);
  // Stores `write`, then answers with the user's settings and `note`.
  void write_then_answer(std::int64_t user, std::function<void(NoticeTables&)> write,
                         const std::string& note, const ReplyPtr& reply, bool notices);
  void fill(std::int64_t user, const std::string& note, proto::NotifySettings& out);
  NotifySettingsRow settings(std::int64_t user);

  NoticeTables reader_;  // on the reader connection
  StorageWriter& writer_;
  KeyedBuckets& send_budget_;
  Clock clock_;
  const NotifyOptions& options_;
  std::function<void()> queued_;
};

}  // namespace naumachia::server
