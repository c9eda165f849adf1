#include "storage/writer.h"

#include <boost/asio/post.hpp>
#include <vector>

#include "base/log.h"

namespace naumachia::server {

namespace {
// Bounds one transaction, so that a flood of writes still commits (and
// acknowledges) in steady steps.
constexpr std::size_t kMaxBatch = 1024;
// How often a job that lost a race to another server's transaction
// (DbError::conflict) is written again before its failure is handed on.
constexpr int kMaxConflicts = 3;

bool lost_a_race(const std::exception_ptr& failure) {
  if (!failure) return false;
  try {
    std::rethrow_exception(failure);
  } catch (const DbError& e) {
    return e.conflict();
  } catch (...) {
    return false;
  }
}
}  // namespace

StorageWriter::StorageWriter(const std::string& path, boost::asio::any_io_executor completions,
                             std::int64_t max_bytes, CommitFigures* figures)
    : db_(path),
      store_(db_),
      completions_(std::move(completions)),
      figures_(figures),
      thread_([this] { run(); }) {
  // Before the first job: the thread waits for one under the mutex.
  std::lock_guard lock(mutex_);
  db_.limit_size(max_bytes);
}

StorageWriter::~StorageWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void StorageWriter::submit(Work work, Done done) {
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(Job{std::move(work), std::move(done), now});
  }
  wake_.notify_one();
}

void StorageWriter::flush() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && !writing_; });
}

StorageWriter::Stats StorageWriter::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void StorageWriter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing is left to write
    std::deque<Job> batch;
    while (!queue_.empty() && batch.size() < kMaxBatch) {
      batch.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    const std::size_t jobs = batch.size();
    writing_ = true;
    lock.unlock();
    write_batch(batch);  // hands the jobs on to their completions
    lock.lock();
    writing_ = false;
    ++stats_.batches;
    stats_.jobs += jobs;
    if (queue_.empty()) idle_.notify_all();
  }
}

void StorageWriter::write_batch(std::deque<Job>& batch) {
  std::vector<std::exception_ptr> results(batch.size());
  try {
    Transaction tx(db_);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      {
        Savepoint sp(db_);
        try {
          batch[i].work(store_);
          sp.release();
        } catch (...) {
          results[i] = std::current_exception();
        }
      }
      // SQLite may end the whole transaction on a failure (a full disk, an
      // I/O error): then every job of the batch is lost with it, those that
      // ran before too, and none may be told its writes are durable.
      if (!db_.in_transaction()) {
        std::rethrow_exception(results[i] ? results[i]
                                          : std::make_exception_ptr(DbError(
                                                "storage: the transaction ended unexpectedly")));
      }
    }
    tx.commit();  // one fsync for the whole batch
    if (figures_) {
      const auto durable = std::chrono::steady_clock::now();
      figures_->batches.add();
      figures_->batch_writes.observe(static_cast<double>(batch.size()));
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (results[i]) continue;  // its savepoint was undone: nothing of it is durable
        figures_->seconds.observe(
            std::chrono::duration<double>(durable - batch[i].handed_in).count());
      }
    }
  } catch (...) {
    log_line("storage: a batch of " + std::to_string(batch.size()) +
             " write(s) failed to commit; each request is told");
    if (figures_) figures_->failed_batches.add();
    const auto failed = std::current_exception();
    for (auto& r : results) {
      if (!r) r = failed;
    }
  }
  // A job that lost a race to another server's transaction changed
  // nothing: it is written again in the next batch, after this one's commit
  // has let the other transaction go on (within this one it would wait for
  // the same rows again). A change of a game then meets the other server's
  // change at its fence, and is made again against the game as stored.
  std::deque<Job> again;
  for (std::size_t i = batch.size(); i-- > 0;) {
    if (!lost_a_race(results[i]) || batch[i].conflicts >= kMaxConflicts) continue;
    ++batch[i].conflicts;
    again.push_front(std::move(batch[i]));
    batch.erase(batch.begin() + static_cast<std::ptrdiff_t>(i));
    results.erase(results.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (!again.empty()) {
    log_line("storage: " + std::to_string(again.size()) +
             " write(s) lost a race to another server's transaction; written again");
    std::lock_guard lock(mutex_);
    queue_.insert(queue_.begin(), std::make_move_iterator(again.begin()),
                  std::make_move_iterator(again.end()));
  }
  // One hop to the service's executor for the whole batch.
  boost::asio::post(completions_, [batch = std::move(batch), results = std::move(results)] {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (batch[i].done) batch[i].done(results[i]);
    }
  });
}

}  // namespace naumachia::server
