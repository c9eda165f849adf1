#include "notices/notice_tables.h"

#include <algorithm>

#include "storage/rows.h"

namespace naumachia::server {

namespace {

constexpr const char* kTargetColumns =
    "t.id, t.user_id, t.channel, t.address, t.format, t.confirmed, t.confirm_code,"
    " t.confirm_expires, t.confirm_tries, t.unsubscribe, t.created_at";

constexpr StoredName<NotifyChannel> kChannels[] = {{NotifyChannel::Email, "email"},
                                                   {NotifyChannel::Webhook, "webhook"}};

NotifyTargetRow read_target(const Stmt& s, int first = 0) {
  NotifyTargetRow t;
  t.id = s.integer(first);
  t.user_id = s.integer(first + 1);
  t.channel = value_of(kChannels, s.text(first + 2), "notification channel");
  t.address = s.text(first + 3);
  t.format = s.text(first + 4);
  t.confirmed = s.integer(first + 5) != 0;
  t.confirm_code = s.text(first + 6);
  t.confirm_expires = s.integer(first + 7);
  t.confirm_tries = static_cast<int>(s.integer(first + 8));
  t.unsubscribe = s.text(first + 9);
  t.created_at = s.integer(first + 10);
  return t;
}

}  // namespace

NoticeRow notice_row(const Notice& n) {
  const bool chosen = std::find(std::begin(kChoosableKinds), std::end(kChoosableKinds), n.kind) !=
                      std::end(kChoosableKinds);
  return NoticeRow{n.user_id,
                   notice_kind_text(n.kind),
                   chosen ? notice_bit(n.kind) : 0,
                   n.game_id,
                   n.subject,
                   n.body,
                   n.connected};
}

std::function<void(Tables&)> outbox_write(const std::vector<Notice>& notices, const Fanout& fanout,
                                          std::int64_t now) {
  if (notices.empty()) return nullptr;
  std::vector<NoticeRow> rows;
  rows.reserve(notices.size());
  for (const Notice& n : notices) {
    NoticeRow row = notice_row(n);
    row.connected = fanout.connected(n.user_id);
    rows.push_back(std::move(row));
  }
  return notice_job([rows = std::move(rows), now](NoticeTables& s) {
    for (const NoticeRow& r : rows) s.enqueue_notice(r, default_notice_kinds(), now);
  });
}

std::function<void(Tables&)> notice_job(std::function<void(NoticeTables&)> work) {
  return [work = std::move(work)](Tables& t) {
    NoticeTables notices(t.database());
    work(notices);
  };
}

std::string channel_text(NotifyChannel channel) {
  return text_of(kChannels, channel);
}

std::vector<NotifyTargetRow> NoticeTables::notify_targets(std::int64_t user_id) {
  Stmt s = db_.prepare(std::string("SELECT ") + kTargetColumns +
                       " FROM notify_targets t WHERE t.user_id = ? ORDER BY t.channel");
  s.bind(1, user_id);
  std::vector<NotifyTargetRow> out;
  while (s.step()) out.push_back(read_target(s));
  return out;
}

std::optional<NotifyTargetRow> NoticeTables::notify_target_by_token(const std::string& token) {
  Stmt s = db_.prepare(std::string("SELECT ") + kTargetColumns +
                       " FROM notify_targets t WHERE t.unsubscribe = ?");
  s.bind(1, token);
  if (!s.step()) return std::nullopt;
  return read_target(s);
}

std::int64_t NoticeTables::put_notify_target(const NotifyTargetRow& t) {
  Stmt old = db_.prepare("SELECT id FROM notify_targets WHERE user_id = ? AND channel = ?");
  old.bind(1, t.user_id).bind(2, channel_text(t.channel));
  if (old.step()) delete_notify_target(old.integer(0));
  Stmt s = db_.prepare(
      "INSERT INTO notify_targets(user_id, channel, address, format, confirmed, confirm_code,"
      " confirm_expires, confirm_tries, unsubscribe, created_at) VALUES(?,?,?,?,?,?,?,?,?,?)"
      " RETURNING id");
  s.bind(1, t.user_id)
      .bind(2, channel_text(t.channel))
      .bind(3, t.address)
      .bind(4, t.format)
      .bind(5, t.confirmed ? 1 : 0)
      .bind(6, t.confirm_code)
      .bind(7, t.confirm_expires)
      .bind(8, t.confirm_tries)
      .bind(9, t.unsubscribe)
      .bind(10, t.created_at);
  return inserted_id(s);
}

int NoticeTables::delete_notify_target(std::int64_t target_id) {
  db_.prepare("DELETE FROM notify_outbox WHERE target_id = ?").bind(1, target_id).run();
  db_.prepare("DELETE FROM notify_targets WHERE id = ?").bind(1, target_id).run();
  return db_.changes();
}

void NoticeTables::update_notify_confirmation(const NotifyTargetRow& t) {
  db_.prepare(
         "UPDATE notify_targets SET confirmed = ?, confirm_code = ?, confirm_tries = ?"
         " WHERE id = ?")
      .bind(1, t.confirmed ? 1 : 0)
      .bind(2, t.confirm_code)
      .bind(3, t.confirm_tries)
      .bind(4, t.id)
      .run();
}

std::optional<NotifySettingsRow> NoticeTables::notify_settings(std::int64_t user_id) {
  Stmt s = db_.prepare("SELECT kinds, always FROM notify_settings WHERE user_id = ?");
  s.bind(1, user_id);
  if (!s.step()) return std::nullopt;
  return NotifySettingsRow{s.integer(0), s.integer(1) != 0};
}

void NoticeTables::put_notify_settings(std::int64_t user_id, const NotifySettingsRow& settings) {
  db_.prepare(
         "INSERT INTO notify_settings(user_id, kinds, always) VALUES(?,?,?)"
         " ON CONFLICT(user_id) DO UPDATE SET kinds = excluded.kinds, always = excluded.always")
      .bind(1, user_id)
      .bind(2, settings.kinds)
      .bind(3, settings.always ? 1 : 0)
      .run();
}

int NoticeTables::enqueue_notice(const NoticeRow& n, std::int64_t default_kinds, std::int64_t now) {
  db_.prepare(
         "INSERT INTO notify_outbox(target_id, kind, game_id, subject, body, created_at,"
         " next_attempt) SELECT t.id, ?, ?, ?, ?, ?, ? FROM notify_targets t"
         " LEFT JOIN notify_settings s ON s.user_id = t.user_id"
         " WHERE t.user_id = ? AND t.confirmed = 1"
         " AND (? = 0 OR (COALESCE(s.kinds, ?) & ?) != 0)"
         " AND (? = 0 OR COALESCE(s.always, 0) = 1)")
      .bind(1, n.kind)
      .bind(2, n.game_id)
      .bind(3, n.subject)
      .bind(4, n.body)
      .bind(5, now)
      .bind(6, now)
      .bind(7, n.user_id)
      .bind(8, n.kind_bit)
      .bind(9, default_kinds)
      .bind(10, n.kind_bit)
      .bind(11, n.connected ? 1 : 0)
      .run();
  return db_.changes();
}

void NoticeTables::enqueue_notice_to(std::int64_t target_id, const NoticeRow& n, std::int64_t now) {
  db_.prepare(
         "INSERT INTO notify_outbox(target_id, kind, game_id, subject, body, created_at,"
         " next_attempt) VALUES(?,?,?,?,?,?,?)")
      .bind(1, target_id)
      .bind(2, n.kind)
      .bind(3, n.game_id)
      .bind(4, n.subject)
      .bind(5, n.body)
      .bind(6, now)
      .bind(7, now)
      .run();
}

namespace {

std::string outbox_query(const char* where) {
  return std::string(
             "SELECT o.id, o.kind, o.game_id, o.subject, o.body,"
             " o.created_at, o.next_attempt, o.attempts, o.last_error, ") +
         kTargetColumns + " FROM notify_outbox o JOIN notify_targets t ON t.id = o.target_id" +
         where;
}

OutboxRow read_outbox(const Stmt& s) {
  OutboxRow o;
  o.id = s.integer(0);
  o.kind = s.text(1);
  o.game_id = s.integer(2);
  o.subject = s.text(3);
  o.body = s.text(4);
  o.created_at = s.integer(5);
  o.next_attempt = s.integer(6);
  o.attempts = static_cast<int>(s.integer(7));
  o.last_error = s.text(8);
  o.target = read_target(s, 9);
  return o;
}

}  // namespace

std::vector<OutboxRow> NoticeTables::due_notices(std::int64_t now, int limit) {
  Stmt s =
      db_.prepare(outbox_query(" WHERE o.sent_at IS NULL AND o.given_up = 0 AND o.next_attempt <= ?"
                               " ORDER BY o.next_attempt, o.id LIMIT ?"));
  s.bind(1, now).bind(2, limit);
  std::vector<OutboxRow> out;
  while (s.step()) out.push_back(read_outbox(s));
  return out;
}

std::vector<OutboxRow> NoticeTables::claim_due_notices(std::int64_t now, int limit,
                                                       std::int64_t held_until) {
  // PostgreSQL's several servers: a notice is held by the claiming session,
  // free again once that session has ended (its server died); rows another
  // courier is claiming at this moment are skipped, not waited for. A
  // SQLite file's one server gives back what it held when it starts.
  const bool shared = db_.engine() == Engine::postgresql;
  Stmt claim = db_.prepare(
      std::string("UPDATE notify_outbox SET next_attempt = ?, claimed_by = ") +
      (shared ? "pg_backend_pid()" : "1") +
      " WHERE id IN (SELECT id FROM notify_outbox WHERE sent_at IS NULL AND given_up = 0"
      " AND (next_attempt <= ?" +
      (shared ? " OR (claimed_by IS NOT NULL AND claimed_by NOT IN"
                " (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL))"
              : "") +
      ") ORDER BY next_attempt, id LIMIT ?" + (shared ? " FOR UPDATE SKIP LOCKED" : "") +
      ") RETURNING id");
  claim.bind(1, held_until).bind(2, now).bind(3, limit);
  std::vector<std::int64_t> ids;
  while (claim.step()) ids.push_back(claim.integer(0));
  std::sort(ids.begin(), ids.end());
  std::vector<OutboxRow> out;
  for (const std::int64_t id : ids) {
    Stmt s = db_.prepare(outbox_query(" WHERE o.id = ?"));
    s.bind(1, id);
    if (s.step()) out.push_back(read_outbox(s));
  }
  return out;
}

void NoticeTables::release_claims(std::int64_t at) {
  db_.prepare(
         "UPDATE notify_outbox SET next_attempt = ?, claimed_by = NULL"
         " WHERE claimed_by IS NOT NULL AND sent_at IS NULL")
      .bind(1, at)
      .run();
}

void NoticeTables::release_notice(std::int64_t id, std::int64_t at) {
  db_.prepare(
         "UPDATE notify_outbox SET next_attempt = ?, claimed_by = NULL WHERE id = ? AND"
         " sent_at IS NULL")
      .bind(1, at)
      .bind(2, id)
      .run();
}

std::int64_t NoticeTables::waiting_notices() {
  Stmt s = db_.prepare("SELECT COUNT(*) FROM notify_outbox WHERE sent_at IS NULL AND given_up = 0");
  return s.step() ? s.integer(0) : 0;
}

void NoticeTables::notice_sent(std::int64_t id, std::int64_t now) {
  db_.prepare(
         "UPDATE notify_outbox SET sent_at = ?, attempts = attempts + 1, claimed_by = NULL"
         " WHERE id = ?")
      .bind(1, now)
      .bind(2, id)
      .run();
}

void NoticeTables::notice_failed(std::int64_t id, int attempts, std::int64_t next_attempt,
                                 const std::string& error, bool give_up) {
  db_.prepare(
         "UPDATE notify_outbox SET attempts = ?, next_attempt = ?, last_error = ?, given_up = ?,"
         " claimed_by = NULL WHERE id = ?")
      .bind(1, attempts)
      .bind(2, next_attempt)
      .bind(3, error)
      .bind(4, give_up ? 1 : 0)
      .bind(5, id)
      .run();
}

int NoticeTables::sweep_notices(std::int64_t before) {
  db_.prepare(
         "DELETE FROM notify_outbox WHERE (sent_at IS NOT NULL AND sent_at < ?)"
         " OR (given_up = 1 AND next_attempt < ?)")
      .bind(1, before)
      .bind(2, before)
      .run();
  return db_.changes();
}

std::vector<std::int64_t> NoticeTables::games_due_reminder(std::int64_t now, std::int64_t lead) {
  Stmt s = db_.prepare(
      "SELECT g.id FROM games g WHERE g.status = 'running' AND g.paused = ''"
      " AND g.step_deadline IS NOT NULL AND g.step_deadline > ? AND g.step_deadline <= ?"
      " AND (g.deadline_set_at IS NULL OR g.step_deadline - g.deadline_set_at > ?)"
      " AND NOT EXISTS (SELECT 1 FROM deadline_reminders r WHERE r.game_id = g.id"
      " AND r.step = g.step AND r.deadline = g.step_deadline AND r.lead = ?) ORDER BY g.id");
  s.bind(1, now).bind(2, now + lead).bind(3, lead).bind(4, lead);
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.integer(0));
  return out;
}

void NoticeTables::record_reminder(std::int64_t game_id, std::int64_t step, std::int64_t deadline,
                                   std::int64_t lead) {
  db_.prepare(
         "INSERT INTO deadline_reminders(game_id, step, deadline, lead)"
         " VALUES(?,?,?,?) ON CONFLICT DO NOTHING")
      .bind(1, game_id)
      .bind(2, step)
      .bind(3, deadline)
      .bind(4, lead)
      .run();
}

}  // namespace naumachia::server
