#pragma once
// A pool of worker threads with a bounded queue that serves its submitters
// in turn: jobs wait per key (a user, an address), and the workers take one
// from each key with jobs in rotation, so a key with a hundred jobs waiting
// delays another key's one by at most one job per worker. A key may have at
// most `per_key` jobs waiting or running, and the queue `capacity` in all:
// past either, a job is refused, not queued. The server has one for password
// hashing and one for replays (app/service.h), so that neither kind of work
// waits behind the other.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace naumachia::server {

struct QueueLimits {
  int threads = 1;
  std::size_t capacity = 64;  // jobs waiting or running, all keys together
  std::size_t per_key = 4;    // jobs waiting or running of one key
};

class WorkQueue {
 public:
  // `name` names the queue in refusals ("password checks", "replays").
  WorkQueue(std::string name, QueueLimits limits);
  // What stop does with the jobs still waiting: runs them (a password
  // check, a replay someone waits for), or drops them (work that is done
  // again after a restart anyway, like the computer's thinking).
  enum class Waiting { run, drop };
  // Runs the jobs already queued, then joins the threads.
  ~WorkQueue() { stop(); }
  // The same, before the owner's other members go; takes no jobs afterwards.
  void stop(Waiting waiting = Waiting::run);
  // True once stop began: a long job may end early. Any thread.
  bool stopping() const { return stopping_.load(std::memory_order_relaxed); }
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  // Queues `job` for `key`; false (and nothing queued) when the key or the
  // queue is full, or the queue stopped. Any thread. What a job throws is
  // logged. `then`, when given, runs on the same worker right after `job`,
  // once the job's place in the key's share is given back: a job answers a
  // client there, so that a client who asks again as soon as it is answered
  // finds its place free.
  bool post(const std::string& key, std::function<void()> job,
            std::function<void()> then = nullptr);
  const std::string& name() const { return name_; }
  const QueueLimits& limits() const { return limits_; }

 private:
  struct Job {
    std::function<void()> run;
    std::function<void()> then;
  };
  struct Key {
    std::deque<Job> waiting;
    std::size_t running = 0;
  };
  void work();

  std::string name_;
  QueueLimits limits_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::unordered_map<std::string, Key> keys_;
  std::list<std::string> turn_;  // keys with jobs waiting, in the order they are served
  std::size_t jobs_ = 0;         // waiting or running
  // Set under the mutex; atomic so that stopping() may read it without.
  std::atomic<bool> stopping_{false};
  std::vector<std::thread> threads_;
};

}  // namespace naumachia::server
