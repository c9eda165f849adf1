#include "notices/settings.h"

#include <algorithm>

#include "base/crypto.h"
#include "notices/formats.h"
#include "protocol/connection.h"

namespace naumachia::server {

namespace {

// Six digits, uniformly drawn: typed by a person, guessed by nobody in five tries.
std::string confirmation_code() {
  for (;;) {
    const Bytes b = random_bytes(4);
    const std::uint32_t v = (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) |
                            (std::uint32_t{b[2]} << 8) | b[3];
    if (v >= 4'294'000'000u) continue;  // a multiple of 10^6: no digit is likelier
    std::string code = std::to_string(v % 1'000'000);
    return std::string(6 - code.size(), '0') + code;
  }
}

std::optional<NotifyTargetRow> target_on(NoticeTables& store, std::int64_t user,
                                         NotifyChannel channel) {
  for (const NotifyTargetRow& t : store.notify_targets(user)) {
    if (t.channel == channel) return t;
  }
  return std::nullopt;
}

proto::WebhookFormat format_proto(const std::string& text) {
  switch (webhook_format(text).value_or(WebhookFormat::Json)) {
    case WebhookFormat::Discord:
      return proto::WEBHOOK_DISCORD;
    case WebhookFormat::Slack:
      return proto::WEBHOOK_SLACK;
    case WebhookFormat::Json:
      break;
  }
  return proto::WEBHOOK_JSON;
}

}  // namespace

NoticeSettings::NoticeSettings(Tables& reader, StorageWriter& writer, KeyedBuckets& send_budget,
                               Clock clock, const NotifyOptions& options,
                               std::function<void()> queued)
    : reader_(reader.database()),
      writer_(writer),
      send_budget_(send_budget),
      clock_(std::move(clock)),
      options_(options),
      queued_(std::move(queued)) {}

NotifySettingsRow NoticeSettings::settings(std::int64_t user) {
  return reader_.notify_settings(user).value_or(NotifySettingsRow{default_notice_kinds(), false});
}

void NoticeSettings::fill(std::int64_t user, const std::string& note, proto::NotifySettings& out) {
  for (const NotifyTargetRow& t : reader_.notify_targets(user)) {
    if (t.channel == NotifyChannel::Email) {
      out.set_email(t.address);
      out.set_email_confirmed(t.confirmed);
    } else {
      out.set_webhook_url(t.address);
      out.set_webhook_format(format_proto(t.format));
    }
  }
  const NotifySettingsRow s = settings(user);
  for (const NoticeKind k : chosen_kinds(s.kinds)) out.add_kinds(to_proto(k));
  out.set_always(s.always);
  out.set_mail_available(options_.mail.configured());
  for (const std::int64_t lead : options_.reminders) out.add_reminder_seconds(lead);
  out.set_note(note);
}

void NoticeSettings::write_then_answer(std::int64_t user, std::function<void(NoticeTables&)> write,
                                       const std::string& note, const ReplyPtr& reply,
                                       bool notices) {
  writer_.submit(notice_job(std::move(write)),
                 [this, user, note, reply, notices](std::exception_ptr failure) {
                   if (failure) return guarded(reply, [&] { std::rethrow_exception(failure); });
                   if (notices && queued_) queued_();
                   guarded_after_commit(reply, "your notification settings were changed", [&] {
                     fill(user, note, *reply->out().mutable_notify_settings());
                     reply->send();
                   });
                 });
}

void NoticeSettings::handle(const ConnectionState& conn, const proto::NotifyRequest& r,
                            const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  using C = proto::NotifyRequest;
  switch (r.change_case()) {
    case C::CHANGE_NOT_SET:
    case C::kShow:
      fill(user, "", *reply->out().mutable_notify_settings());
      return reply->send();
    case C::kSetEmail:
      return set_email(user, conn.user_name, r.set_email(), reply);
    case C::kConfirmEmail:
      return confirm_email(user, r.confirm_email(), reply);
    case C::kSetWebhook:
      return set_webhook(user, r.set_webhook(), reply);
    case C::kRemoveEmail:
      return remove(user, NotifyChannel::Email, reply);
    case C::kRemoveWebhook:
      return remove(user, NotifyChannel::Webhook, reply);
    case C::kKinds: {
      NotifySettingsRow s = settings(user);
      s.kinds = 0;
      for (const int k : r.kinds().kinds()) {
        const auto kind = from_proto(static_cast<proto::NoticeKind>(k));
        if (!kind)
          refuse(proto::INVALID_ARGUMENT, "notice kind " + std::to_string(k) + " is not one");
        s.kinds |= notice_bit(*kind);
      }
      std::string names;
      for (const NoticeKind k : chosen_kinds(s.kinds))
        names += (names.empty() ? "" : ", ") + notice_kind_text(k);
      return write_then_answer(
          user, [user, s](NoticeTables& st) { st.put_notify_settings(user, s); },
          names.empty() ? "you hear about nothing now" : "you hear about " + names, reply, false);
    }
    case C::kAlways: {
      NotifySettingsRow s = settings(user);
      s.always = r.always();
      return write_then_answer(
          user, [user, s](NoticeTables& st) { st.put_notify_settings(user, s); },
          s.always ? "you are notified also while connected"
                   : "you are notified only while no connection of yours is open",
          reply, false);
    }
    case C::kTest:
      return test(user, reply);
  }
  refuse(proto::INVALID_ARGUMENT, "that notification change is not one this server knows");
}

void NoticeSettings::set_email(std::int64_t user, const std::string& name,
                               const std::string& address, const ReplyPtr& reply) {
  if (!options_.mail.configured()) {
    refuse(proto::NOT_CONFIGURED,
           "this server sends no e-mail (its operator gave no SMTP relay); a webhook works");
  }
  if (const auto why = email_problem(address)) refuse(proto::INVALID_ARGUMENT, *why);
  // A code costs a mail to a stranger's address: it draws on the user's
  // budget of messages.
  take_send_budget(send_budget_, user, "messages, proposals and codes");
  const std::int64_t now = clock_();
  NotifyTargetRow t;
  t.user_id = user;
  t.channel = NotifyChannel::Email;
  t.address = address;
  t.confirm_code = confirmation_code();
  t.confirm_expires = now + options_.code_seconds;
  t.unsubscribe = hex(random_bytes(16));
  t.created_at = now;
  NoticeRow code;
  code.user_id = user;
  code.kind = notice_kind_text(NoticeKind::Confirmation);
  code.subject = "naumachia: your code is " + t.confirm_code;
  code.body = "Someone (you, we hope) signed in as " + name +
              " asked naumachia to send notices to this address. To confirm it, run:\n\n"
              "    naumachia notify confirm " +
              t.confirm_code +
              "\n\nThe code is good for a day. If you did not ask for this, do nothing: no "
              "other mail follows.";
  write_then_answer(
      user,
      [t, code, now](NoticeTables& s) {
        const std::int64_t id = s.put_notify_target(t);
        s.enqueue_notice_to(id, code, now);
      },
      "a code was mailed to " + address + "; confirm it with: naumachia notify confirm CODE", reply,
      true);
}

void NoticeSettings::confirm_email(std::int64_t user, const std::string& code,
                                   const ReplyPtr& reply) {
  auto t = target_on(reader_, user, NotifyChannel::Email);
  if (!t) refuse(proto::NOT_FOUND, "you have no e-mail address to confirm: notify email ADDRESS");
  if (t->confirmed) {
    fill(user, t->address + " is confirmed already", *reply->out().mutable_notify_settings());
    return reply->send();
  }
  if (t->confirm_tries >= options_.code_tries || clock_() > t->confirm_expires) {
    refuse(proto::INVALID_ARGUMENT, "the code for " + t->address +
                                        " is no longer good (too old, or too many wrong tries);"
                                        " set the address again for a new one");
  }
  const bool right = code.size() == t->confirm_code.size() &&
                     constant_time_equal(Bytes(code.begin(), code.end()),
                                         Bytes(t->confirm_code.begin(), t->confirm_code.end()));
  if (!right) {
    // A wrong try counts, so that the code cannot be guessed: that much is written.
    NotifyTargetRow counted = *t;
    ++counted.confirm_tries;
    const int left = options_.code_tries - counted.confirm_tries;
    writer_.submit(
        notice_job([counted](NoticeTables& s) { s.update_notify_confirmation(counted); }),
        [reply, left](std::exception_ptr failure) {
          guarded(reply, [&] {
            if (failure) std::rethrow_exception(failure);
            refuse(proto::INVALID_ARGUMENT, "that is not the code; " + std::to_string(left) +
                                                (left == 1 ? " try" : " tries") + " left");
          });
        });
    return;
  }
  t->confirmed = true;
  t->confirm_code.clear();
  write_then_answer(
      user, [c = *t](NoticeTables& s) { s.update_notify_confirmation(c); },
      t->address + " is confirmed: notices go there now", reply, false);
}

void NoticeSettings::set_webhook(std::int64_t user, const proto::Webhook& w,
                                 const ReplyPtr& reply) {
  if (const auto why = webhook_problem(w.url(), options_.webhooks_to_private))
    refuse(proto::INVALID_ARGUMENT, *why);
  WebhookFormat format = WebhookFormat::Json;
  switch (w.format()) {
    case proto::WEBHOOK_FORMAT_UNSPECIFIED:
    case proto::WEBHOOK_JSON:
      break;
    case proto::WEBHOOK_DISCORD:
      format = WebhookFormat::Discord;
      break;
    case proto::WEBHOOK_SLACK:
      format = WebhookFormat::Slack;
      break;
    default:
      refuse(proto::INVALID_ARGUMENT,
             "webhook format " + std::to_string(w.format()) + " is not one (json, discord, slack)");
  }
  NotifyTargetRow t;
  t.user_id = user;
  t.channel = NotifyChannel::Webhook;
  t.address = w.url();
  t.format = format_text(format);
  t.confirmed = true;
  t.unsubscribe = hex(random_bytes(16));
  t.created_at = clock_();
  write_then_answer(
      user, [t](NoticeTables& s) { s.put_notify_target(t); },
      "notices are posted to " + w.url() + " as " + t.format +
          "; naumachia notify test sends one now",
      reply, false);
}

void NoticeSettings::remove(std::int64_t user, NotifyChannel channel, const ReplyPtr& reply) {
  const auto t = target_on(reader_, user, channel);
  if (!t) refuse(proto::NOT_FOUND, "you have no " + channel_text(channel) + " address to remove");
  write_then_answer(
      user, [id = t->id](NoticeTables& s) { s.delete_notify_target(id); },
      (channel == NotifyChannel::Email ? "the e-mail address " : "the webhook ") + t->address +
          " was removed, with anything waiting for it",
      reply, false);
}

void NoticeSettings::test(std::int64_t user, const ReplyPtr& reply) {
  const auto targets = reader_.notify_targets(user);
  const bool any = std::any_of(targets.begin(), targets.end(),
                               [](const NotifyTargetRow& t) { return t.confirmed; });
  if (!any) {
    refuse(proto::INVALID_ARGUMENT,
           "you have no confirmed address: notify email ADDRESS, or notify webhook URL");
  }
  take_send_budget(send_budget_, user, "messages, proposals and tests");
  Notice n;
  n.user_id = user;
  n.kind = NoticeKind::Test;
  n.subject = "naumachia: a test notice";
  n.body = "This is the test notice you asked for: notices reach you here.";
  const NoticeRow row = notice_row(n);
  const std::int64_t now = clock_();
  write_then_answer(
      user, [row, now](NoticeTables& s) { s.enqueue_notice(row, default_notice_kinds(), now); },
      "a test notice is on its way to every confirmed address", reply, true);
}

void NoticeSettings::unsubscribe(const proto::UnsubscribeRequest& r, const ReplyPtr& reply) {
  const std::string& token = r.token();
  const bool well_formed =
      token.size() == 32 && std::all_of(token.begin(), token.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      });
  if (!well_formed) refuse(proto::INVALID_ARGUMENT, "an unsubscribe token is 32 hex digits");
  const auto t = reader_.notify_target_by_token(token);
  if (!t) refuse(proto::NOT_FOUND, "no address has that token: it was removed already");
  const std::string what = t->channel == NotifyChannel::Email
                               ? "the e-mail address " + masked_email(t->address)
                               : std::string("the webhook");
  writer_.submit(notice_job([id = t->id](NoticeTables& s) { s.delete_notify_target(id); }),
                 [reply, what](std::exception_ptr failure) {
                   if (failure) return guarded(reply, [&] { std::rethrow_exception(failure); });
                   guarded_after_commit(reply, "the address was removed", [&] {
                     reply->out().mutable_unsubscribed()->set_what(what + " gets no more notices");
                     reply->send();
                   });
                 });
}

}  // namespace naumachia::server
