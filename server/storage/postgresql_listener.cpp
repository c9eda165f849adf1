#include "storage/postgresql_listener.h"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <memory>
#include <utility>

#include "base/log.h"
#include "storage/database.h"

namespace naumachia::server {

namespace {

struct CloseConnection {
  void operator()(PGconn* c) const { PQfinish(c); }
};
using Session = std::unique_ptr<PGconn, CloseConnection>;

// A session LISTENing on `channel`, or null with `why` set.
Session open_listening(const std::string& target, const std::string& channel, std::string& why) {
  Session c(PQconnectdb(target.c_str()));
  if (!c || PQstatus(c.get()) != CONNECTION_OK) {
    why = c ? PQerrorMessage(c.get()) : "out of memory";
    return nullptr;
  }
  char* quoted = PQescapeIdentifier(c.get(), channel.c_str(), channel.size());
  if (!quoted) {
    why = PQerrorMessage(c.get());
    return nullptr;
  }
  const std::string sql = std::string("LISTEN ") + quoted;
  PQfreemem(quoted);
  PGresult* r = PQexec(c.get(), sql.c_str());
  const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
  if (!ok) why = PQresultErrorMessage(r);
  PQclear(r);
  if (!ok) return nullptr;
  return c;
}

}  // namespace

PostgresqlListener::PostgresqlListener(std::string target, std::string channel,
                                       OnPayload on_payload, OnConnected connected)
    : target_(std::move(target)),
      channel_(std::move(channel)),
      on_payload_(std::move(on_payload)),
      connected_(std::move(connected)),
      thread_([this] { run(); }) {}

PostgresqlListener::~PostgresqlListener() {
  stopping_ = true;
  thread_.join();
}

void PostgresqlListener::run() {
  bool failing = false;  // said once per outage, not every second
  while (!stopping_) {
    std::string why;
    Session c = open_listening(target_, channel_, why);
    if (!c) {
      while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
      if (!std::exchange(failing, true))
        log_line("listening to the other servers failed (" + why + "); trying every second");
      for (int i = 0; i < 4 && !stopping_; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
      continue;
    }
    if (std::exchange(failing, false)) log_line("listening to the other servers again");
    try {
      if (connected_) connected_();
    } catch (const std::exception& e) {
      log_line(std::string("after listening again: ") + e.what());
    }
    while (!stopping_) {
      pollfd p{PQsocket(c.get()), POLLIN, 0};
      if (::poll(&p, 1, 250) < 0) continue;  // a signal: look again
      if (!PQconsumeInput(c.get()) || PQstatus(c.get()) != CONNECTION_OK) break;
      while (PGnotify* n = PQnotifies(c.get())) {
        std::string payload = n->extra ? n->extra : "";
        PQfreemem(n);
        try {
          on_payload_(std::move(payload));
        } catch (const std::exception& e) {
          log_line(std::string("news from another server failed: ") + e.what());
        }
      }
    }
    if (!stopping_) {
      log_line("the session listening to the other servers ended; opening it again");
      failing = true;
    }
  }
}

}  // namespace naumachia::server
