#pragma once
// The server's behaviour, independent of the network. A decoded request is
// handled on the service's strand: accounts by Auth, games by the
// Coordinator, messages by Press, notification settings by NoticeSettings;
// their writes go to the storage writer thread (group commit), password
// hashing and replays to queues of workers of their own, and answers and
// pushes to each connection's outbox. Nothing slow runs on the strand, so no request holds up
// another. The service also owns the games' clock, which resolves the steps
// whose deadlines pass.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "accounts/auth.h"
#include "base/metrics.h"
#include "base/slots.h"
#include "base/work_queue.h"
#include "core/game.h"
#include "notices/courier.h"
#include "notices/settings.h"
#include "play/coordinator.h"
#include "play/press.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "protocol/fanout.h"
#include "protocol/handler.h"
#include "storage/cluster_news.h"
#include "storage/database.h"
#include "storage/postgresql_listener.h"
#include "storage/rate_buckets.h"
#include "storage/tables.h"
#include "storage/writer.h"

namespace naumachia::server {

struct ServiceLimits {
  std::size_t max_frame = 64 * 1024;  // larger frames get TOO_LARGE
  CoordinatorLimits games;
  AuthLimits auth;
  PressLimits press;
  NotifyOptions notify;
  // What a user may send the other players of their games (press messages
  // and proposals), across all games: 20 at once, then one every 6 seconds.
  RateSpec sends = RateSpec{20, 1.0 / 6};
  // Password hashing (log-ins and sign-ups) and replays have a queue and
  // threads each, so that neither waits behind the other; each serves its
  // submitters in turn (per address for hashing, per user for replays).
  QueueLimits hashing{2, 64, 4};
  QueueLimits replays{2, 32, 2};
  // The computer's thinking (play/computer.h) has a queue of its own too,
  // served game by game, so that it never delays log-ins or replays; a game
  // may have a job for each seat the computer plays in it.
  QueueLimits computer{1, 64, 8};
  ComputerOptions computer_play;
  // Expensive requests (replays, pictures, pages of games longer than the
  // default) one user (or one address, before signing in) may have under
  // way at once, answers not yet read included.
  std::size_t expensive_per_user = 4;
  std::int64_t session_sweep_seconds = 600;  // how often expired sessions are removed
  // The database grows to this size at most (0: as far as the disk allows);
  // a write beyond is refused with STORAGE_FULL, as on a full disk.
  std::int64_t max_database_bytes = 0;
};

class Service : public RequestHandler {
 public:
  using Clock = std::function<std::int64_t()>;  // Unix seconds

  // `db_path` names a database already migrated to the current schema; the
  // service opens its own reader and writer connections to it.
  // `players` are the computer's players (play/computer.h).
  Service(boost::asio::io_context& ioc, const std::string& db_path, const Registry& registry,
          Clock clock, ServiceLimits limits = {}, ComputerPlayers players = {});
  // Waits for the workers and for every write handed in to be durable.
  ~Service();

  // The strand the service's work runs on. A server of one thread runs its
  // connections on it too (Listener), so that handing a request in and its
  // answer out are calls.
  boost::asio::strand<boost::asio::io_context::executor_type> strand() const { return strand_; }
  // Any thread. Handles `request` on the service's strand; the response (and
  // any pushes) go to `outbox`. `conn` must live as long as `outbox`.
  void handle(ConnectionState& conn, std::shared_ptr<Outbox> outbox,
              proto::Envelope request) override;
  // Any thread: the connection is gone; it gets no more pushes. `conn` must
  // live as long as `outbox`.
  void disconnect(ConnectionState& conn, std::shared_ptr<Outbox> outbox) override;
  std::size_t max_frame() const override { return limits_.max_frame; }
  bool ready() const override { return clock_running_ && database_answers_; }
  // Any thread: the figures GET /metrics shows (base/metrics.h).
  std::shared_ptr<ServerFigures> figures() override { return figures_; }

  // Any thread: starts the games' clock, which checks the deadlines now and
  // then every second (check_deadlines) until stop(). Deadlines are rows in
  // the database, so a restart picks them up again here.
  void start();
  // Any thread: stops the games' clock; requests are still handled.
  void stop();
  // Any thread: applies the administrator's requests, resolves every step
  // whose deadline has passed, and now and then removes expired sessions.
  void check_deadlines();
  // Blocks until every write handed to storage so far is durable.
  void flush();
  // Tells the courier that notices wait.
  void notices_queued();
  StorageWriter::Stats storage_stats() const { return writer_.stats(); }
  // Any thread: whether this server keeps the games' clock (deadlines,
  // reminders, the administrator's requests, expired sessions). One server
  // alone always does (the default); of several on one database, the one
  // holding the clock's lock (app/program.cpp), and a server that takes it
  // over first does what a start does.
  void keep_clock(bool keep);

 private:
  void dispatch(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                const proto::Envelope& in, const ReplyPtr& reply);
  void list_scenarios(proto::Envelope& out) const;
  // An expensive request takes one of its user's slots, held by the reply
  // until the answer has left the server; refused when they are all held.
  void take_expensive_slot(const ConnectionState& conn, const proto::Envelope& in,
                           const ReplyPtr& reply);
  void replay(const ConnectionState& conn, const proto::ReplayRequest& r, const ReplyPtr& reply);
  // On the strand: what check_deadlines does, and the clock's next tick.
  void deadlines_due();
  void tick();
  // On the strand: a payload from the servers that share the database.
  void news(const std::string& payload);

  std::string db_path_;
  const Registry& registry_;
  Clock clock_;
  ServiceLimits limits_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  // Before the parts that count in it; shared with the sessions.
  std::shared_ptr<ServerFigures> figures_ = std::make_shared<ServerFigures>();
  Database reader_db_;
  Tables reader_;
  Fanout fanout_;
  StorageWriter writer_;
  WorkQueue hashing_;
  WorkQueue replays_;
  WorkQueue computer_;
  ComputerPlayers computer_players_;
  KeyedBuckets send_budget_;  // shared by press, proposals and notification requests
  std::shared_ptr<KeyedSlots> expensive_;
  std::unique_ptr<Courier> courier_;  // none when notices are not delivered
  Coordinator coordinator_;
  Press press_;
  NoticeSettings notice_settings_;
  Auth auth_;
  std::int64_t last_session_sweep_ = 0;  // on the strand
  boost::asio::steady_timer ticker_;     // the games' clock, on the strand
  bool ticking_ = false;                 // on the strand
  // For ready(), read from any thread: the clock runs (start() to stop()),
  // and its last reading of the database (the administrator's requests,
  // every second) succeeded.
  std::atomic<bool> clock_running_{false};
  std::atomic<bool> database_answers_{true};
  bool keeps_clock_ = true;  // on the strand
  bool clock_told_ = false;  // keep_clock was called: whose the clock is was logged
  // PostgreSQL: the servers sharing the database, their news, and the token
  // buckets that hold across them.
  std::optional<ClusterLink> cluster_;
  DatabaseBuckets shared_buckets_{reader_};
  std::unique_ptr<PostgresqlListener> listener_;
};

}  // namespace naumachia::server
