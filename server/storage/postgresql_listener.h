#pragma once
// A thread that LISTENs on a PostgreSQL channel with a session of its own and
// hands each notification's payload on (storage/cluster_news.h). A lost
// session is opened again every second until it is back; notifications sent
// meanwhile are lost, so `connected` runs after each (re)opening: whoever
// relies on the news then reads again what may have changed.
#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace naumachia::server {

class PostgresqlListener {
 public:
  using OnPayload = std::function<void(std::string payload)>;
  using OnConnected = std::function<void()>;
  // Both run on the listener's thread.
  PostgresqlListener(std::string target, std::string channel, OnPayload on_payload,
                     OnConnected connected);
  // Stops within a quarter of a second.
  ~PostgresqlListener();
  PostgresqlListener(const PostgresqlListener&) = delete;
  PostgresqlListener& operator=(const PostgresqlListener&) = delete;

 private:
  void run();

  std::string target_;
  std::string channel_;
  OnPayload on_payload_;
  OnConnected connected_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace naumachia::server
