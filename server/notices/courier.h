#pragma once
// The courier: a thread of its own that delivers the outbox
// (notices/notice_tables.h) with libcurl: mail through the operator's SMTP
// relay, webhooks as JSON POSTs.
// A notice is marked sent only once the relay or the webhook took it; a
// failure is tried again later, each wait twice the last, until the notice
// is given up. Everything it needs is in the database, so a restart loses
// nothing: what was due is sent when the server starts again.
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "base/metrics.h"
#include "notices/notice_tables.h"
#include "notices/options.h"
#include "storage/database.h"

namespace naumachia::server {

// What became of one attempt to deliver a notice.
struct Delivery {
  bool ok = false;
  bool permanent = false;  // trying again cannot help (a refused address, a gone webhook)
  std::string error;       // for the log and the outbox row; never the notice's text
};

class Courier {
 public:
  using Clock = std::function<std::int64_t()>;
  // Opens its own connection to the database at `db_path` (migrated already)
  // and starts the thread. After each pass over the outbox it counts the
  // notices still waiting in `waiting` (none: not counted).
  Courier(const std::string& db_path, const NotifyOptions& options, Clock clock,
          Gauge* waiting = nullptr);
  // Stops after the delivery in progress (which stops at once).
  ~Courier();
  Courier(const Courier&) = delete;
  Courier& operator=(const Courier&) = delete;

  // Any thread: notices were queued; look now rather than within the second.
  void poke();

  // One delivery, without the outbox: used by the thread, and by tests.
  static Delivery deliver(const OutboxRow& notice, const NotifyOptions& options, std::int64_t now,
                          const std::function<bool()>& stopping = nullptr);

 private:
  void run();
  void deliver_due(NoticeTables& store);

  std::string db_path_;
  const NotifyOptions& options_;
  Clock clock_;
  Gauge* waiting_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace naumachia::server
