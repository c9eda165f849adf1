#include "base/work_queue.h"

#include "base/background.h"
#include "base/log.h"

namespace naumachia::server {

WorkQueue::WorkQueue(std::string name, QueueLimits limits)
    : name_(std::move(name)), limits_(limits) {
  for (int i = 0; i < std::max(1, limits_.threads); ++i) threads_.emplace_back([this] { work(); });
}

void WorkQueue::stop(Waiting waiting) {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    if (waiting == Waiting::drop) {
      for (const std::string& key : turn_) {
        Key& k = keys_[key];
        jobs_ -= k.waiting.size();
        k.waiting.clear();
        if (k.running == 0) keys_.erase(key);
      }
      turn_.clear();
    }
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

bool WorkQueue::post(const std::string& key, std::function<void()> job,
                     std::function<void()> then) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_ >= limits_.capacity) return false;
    Key& k = keys_[key];
    if (k.waiting.size() + k.running >= limits_.per_key) return false;
    if (k.waiting.empty()) turn_.push_back(key);
    k.waiting.push_back(Job{std::move(job), std::move(then)});
    ++jobs_;
  }
  wake_.notify_one();
  return true;
}

void WorkQueue::work() {
  as_background_work();
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !turn_.empty(); });
    if (turn_.empty()) return;  // stopping, and every queued job done
    // The key whose turn it is gives one job, and goes to the back of the
    // line if it has more.
    const std::string key = std::move(turn_.front());
    turn_.pop_front();
    Key& k = keys_[key];
    Job job = std::move(k.waiting.front());
    k.waiting.pop_front();
    ++k.running;
    if (!k.waiting.empty()) turn_.push_back(key);
    lock.unlock();
    try {
      job.run();
    } catch (const std::exception& e) {
      log_line(name_ + ": a job failed: " + e.what());
    }
    job.run = nullptr;  // what the job holds is freed before the next is taken
    lock.lock();
    Key& done = keys_[key];
    --done.running;
    --jobs_;
    if (done.running == 0 && done.waiting.empty()) keys_.erase(key);
    if (job.then) {
      lock.unlock();
      try {
        job.then();
      } catch (const std::exception& e) {
        log_line(name_ + ": a job's answer failed: " + e.what());
      }
      job.then = nullptr;
      lock.lock();
    }
  }
}

}  // namespace naumachia::server
