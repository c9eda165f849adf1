#pragma once
// The requests that set where and about what a user hears while away
// (NotifyRequest) and that stop the notices to an address (UnsubscribeRequest).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/throttle.h"
#include "notices/notice.h"
#include "notices/notice_tables.h"
#include "notices/options.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "storage/tables.h"
#include "storage/writer.h"

namespace naumachia::server {

// The settings requests, on the service's strand: reads with the reader
// connection, writes through the storage writer, answers once durable.
class NoticeSettings {
 public:
  using Clock = std::function<std::int64_t()>;
  // `queued` runs (on the strand) when a write put notices in the outbox.
  NoticeSettings(Tables& reader, StorageWriter& writer, KeyedBuckets& send_budget, Clock clock,
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
