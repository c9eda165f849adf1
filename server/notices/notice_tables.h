#pragma once
// The notification tables (migrations/008_notifications.sql) and their SQL:
// where users hear (notify_targets), what they want to hear
// (notify_settings), the outbox of notices waiting for delivery
// (notify_outbox) and the deadline reminders made (deadline_reminders).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "notices/notice.h"
#include "protocol/fanout.h"
#include "storage/database.h"
#include "storage/tables.h"

namespace naumachia::server {

// Where a user hears about their games while away (notify_targets).
enum class NotifyChannel { Email, Webhook };
std::string channel_text(NotifyChannel channel);  // "email", "webhook"

struct NotifyTargetRow {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  NotifyChannel channel = NotifyChannel::Email;
  std::string address;  // the e-mail address, or the webhook's URL
  std::string format;   // a webhook's body: "json", "discord", "slack"
  bool confirmed = false;
  std::string confirm_code;  // an e-mail address's, until confirmed
  std::int64_t confirm_expires = 0;
  int confirm_tries = 0;
  std::string unsubscribe;  // the token every notice to it carries
  std::int64_t created_at = 0;
};

// What a user hears about: bits of NoticeKind (notices/notice.h), and whether also
// while connected.
struct NotifySettingsRow {
  std::int64_t kinds = 0;
  bool always = false;
};

// A notice waiting in the outbox for one address, with the address.
struct OutboxRow {
  std::int64_t id = 0;
  NotifyTargetRow target;
  std::string kind;  // notice_kind_text()
  std::int64_t game_id = 0;
  std::string subject;
  std::string body;
  std::int64_t created_at = 0;
  std::int64_t next_attempt = 0;
  int attempts = 0;
  std::string last_error;
};

// A notice to store: to every confirmed address of `user_id` that wants its
// kind (`kind_bit`; 0: every address whatever it wants), unless the user
// was connected and hears only while away.
struct NoticeRow {
  std::int64_t user_id = 0;
  std::string kind;
  std::int64_t kind_bit = 0;
  std::int64_t game_id = 0;
  std::string subject;
  std::string body;
  bool connected = false;
};

// The statements on one connection; as cheap to make as a reference, so
// that a storage writer's job makes one on the writer's connection
// (Tables::database()).
class NoticeTables {
 public:
  explicit NoticeTables(Database& db) : db_(db) {}

  std::vector<NotifyTargetRow> notify_targets(std::int64_t user_id);
  std::optional<NotifyTargetRow> notify_target_by_token(const std::string& token);
  // Puts `t` in place of the user's address on its channel (and what was
  // waiting for the old one); returns its id.
  std::int64_t put_notify_target(const NotifyTargetRow& t);
  // Removes an address and what waits for it; the number of addresses removed.
  int delete_notify_target(std::int64_t target_id);
  void update_notify_confirmation(const NotifyTargetRow& t);
  std::optional<NotifySettingsRow> notify_settings(std::int64_t user_id);
  void put_notify_settings(std::int64_t user_id, const NotifySettingsRow& s);
  // Stores `n` for every address of its user that should have it (NoticeRow),
  // using `default_kinds` for a user who has chosen none; the rows stored.
  int enqueue_notice(const NoticeRow& n, std::int64_t default_kinds, std::int64_t now);
  // Stores `n` for one address, whatever its settings (a confirmation code).
  void enqueue_notice_to(std::int64_t target_id, const NoticeRow& n, std::int64_t now);
  // Notices due at `now`, oldest first.
  std::vector<OutboxRow> due_notices(std::int64_t now, int limit);
  // Notices due at `now`, oldest first, claimed for delivery: none is due
  // again before `held_until`, unless the database session that claimed it
  // has ended (PostgreSQL: its server died), so that of several servers'
  // couriers one delivers it. The delivery's outcome sets its next attempt.
  std::vector<OutboxRow> claim_due_notices(std::int64_t now, int limit, std::int64_t held_until);
  // A claimed notice not attempted: due again at `at`.
  void release_notice(std::int64_t id, std::int64_t at);
  // Every claimed notice, due again at `at`: a SQLite file's one server
  // starting again after a crash gives back what it held.
  void release_claims(std::int64_t at);
  // Notices neither sent nor given up, due or not (the outbox's partial
  // index holds these only: counting them reads no others).
  std::int64_t waiting_notices();
  void notice_sent(std::int64_t id, std::int64_t now);
  // A failed attempt: tried again at `next_attempt`, or never (`give_up`).
  void notice_failed(std::int64_t id, int attempts, std::int64_t next_attempt,
                     const std::string& error, bool give_up);
  // Removes notices sent or given up before `before`; the number removed.
  int sweep_notices(std::int64_t before);
  // Running, unpaused games whose deadline is within `lead` seconds of `now`
  // (and not past), set more than `lead` ahead, without a reminder of that
  // lead for that step and deadline.
  std::vector<std::int64_t> games_due_reminder(std::int64_t now, std::int64_t lead);
  void record_reminder(std::int64_t game_id, std::int64_t step, std::int64_t deadline,
                       std::int64_t lead);

 private:
  Database& db_;
};

// The write that puts `notices` in the outbox, each marked with whether its
// user has a connection open now (a user who hears only while away is
// spared what they were pushed). Null when there are none.
// The row that stores `n`: with its kind's bit when its user may choose
// whether to hear of that kind, else none (it goes whatever they chose).
NoticeRow notice_row(const Notice& n);

std::function<void(Tables&)> outbox_write(const std::vector<Notice>& notices, const Fanout& fanout,
                                          std::int64_t now);

// `work` on the notification tables as a storage writer's job (on the
// writer's connection, in its batch).
std::function<void(Tables&)> notice_job(std::function<void(NoticeTables&)> work);

}  // namespace naumachia::server
