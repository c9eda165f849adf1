#pragma once
// The storage writer: the one thread that writes the database. Requests hand
// it their writes as jobs; it runs every job waiting at that moment in one
// transaction (each in a savepoint of its own, so one failing job leaves the
// others alone) and commits them with one fsync: group commit. Each job's
// completion runs on the service's executor only once its batch is durable,
// so an acknowledgement sent from a completion is never lost to a crash.
#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "base/metrics.h"
#include "storage/database.h"
#include "storage/tables.h"

namespace naumachia::server {

class StorageWriter {
 public:
  using Work = std::function<void(Tables&)>;
  // Null when the job's writes are durable; else why they were not made.
  using Done = std::function<void(std::exception_ptr)>;

  struct Stats {
    std::uint64_t batches = 0;
    std::uint64_t jobs = 0;
  };

  // Opens its own connection to the database at `path` (migrated already),
  // which grows the database up to `max_bytes` (0: as far as the disk
  // allows; Database::limit_size). Its batches are counted in `figures`
  // (none: not counted).
  StorageWriter(const std::string& path, boost::asio::any_io_executor completions,
                std::int64_t max_bytes = 0, CommitFigures* figures = nullptr);
  // Finishes every job handed in so far, then stops.
  ~StorageWriter();
  StorageWriter(const StorageWriter&) = delete;
  StorageWriter& operator=(const StorageWriter&) = delete;

  void submit(Work work, Done done);
  // Blocks until every job handed in so far is durable (their completions
  // are posted, not necessarily run).
  void flush();
  Stats stats() const;

 private:
  struct Job {
    Work work;
    Done done;
    std::chrono::steady_clock::time_point handed_in;
    int conflicts = 0;  // times it lost a race to another server's transaction
  };
  void run();
  void write_batch(std::deque<Job>& batch);

  Database db_;
  Tables store_;
  boost::asio::any_io_executor completions_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Job> queue_;
  bool writing_ = false;
  bool stopping_ = false;
  Stats stats_;
  CommitFigures* figures_;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace naumachia::server
