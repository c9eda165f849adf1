#include "notices/courier.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <utility>

#include "base/log.h"
#include "notices/formats.h"

namespace naumachia::server {

namespace {

constexpr int kBatch = 20;
constexpr long kConnectSeconds = 10;
constexpr long kTransferSeconds = 30;
// How long the notices a courier claims are its own: the longest its batch
// can take, and a minute.
constexpr std::int64_t kClaimSeconds = kBatch * (kConnectSeconds + kTransferSeconds) + 60;

// libcurl's global state, once per process and before any thread uses it.
void curl_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct EasyFree {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct ListFree {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};
using Easy = std::unique_ptr<CURL, EasyFree>;
using List = std::unique_ptr<curl_slist, ListFree>;

struct Upload {
  std::string data;
  std::size_t sent = 0;
};

std::size_t read_upload(char* buf, std::size_t size, std::size_t n, void* user) {
  auto& u = *static_cast<Upload*>(user);
  const std::size_t room = size * n;
  const std::size_t take = std::min(room, u.data.size() - u.sent);
  std::copy_n(u.data.data() + u.sent, take, buf);
  u.sent += take;
  return take;
}

// A webhook's answer is not read: at most this much is taken, then dropped.
std::size_t discard(char*, std::size_t size, std::size_t n, void* user) {
  auto& taken = *static_cast<std::size_t*>(user);
  taken += size * n;
  return taken > 64 * 1024 ? 0 : size * n;
}

struct Guard {
  bool private_ok = false;
  bool refused = false;  // the address resolved to a network webhooks may not reach
};

// Every address libcurl connects a webhook to is checked here, after the
// name was resolved, so that no name (or redirect) leads into the server's
// own networks.
curl_socket_t open_checked(void* user, curlsocktype, curl_sockaddr* a) {
  auto& guard = *static_cast<Guard*>(user);
  char text[INET6_ADDRSTRLEN] = "";
  if (a->family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&a->addr)->sin_addr, text,
              sizeof text);
  } else if (a->family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&a->addr)->sin6_addr, text,
              sizeof text);
  } else {
    guard.refused = true;
    return CURL_SOCKET_BAD;
  }
  if (!guard.private_ok && private_address(text)) {
    guard.refused = true;
    return CURL_SOCKET_BAD;
  }
  return socket(a->family, a->socktype, a->protocol);
}

int progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto& stopping = *static_cast<const std::function<bool()>*>(user);
  return stopping && stopping() ? 1 : 0;
}

Easy easy(const std::function<bool()>& stopping) {
  curl_once();
  Easy c(curl_easy_init());
  if (!c) return c;
  curl_easy_setopt(c.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c.get(), CURLOPT_CONNECTTIMEOUT, kConnectSeconds);
  curl_easy_setopt(c.get(), CURLOPT_TIMEOUT, kTransferSeconds);
  curl_easy_setopt(c.get(), CURLOPT_PROXY, "");
  curl_easy_setopt(c.get(), CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(c.get(), CURLOPT_XFERINFOFUNCTION, progress);
  curl_easy_setopt(c.get(), CURLOPT_XFERINFODATA, &stopping);
  return c;
}

Delivery failed(CURLcode code, const char* detail) {
  return Delivery{
      false, false,
      std::string(curl_easy_strerror(code)) + (*detail ? std::string(": ") + detail : "")};
}

Delivery send_mail(const OutboxRow& n, const NotifyOptions& o, std::int64_t now,
                   const std::function<bool()>& stopping) {
  const MailRelay& relay = o.mail;
  if (!relay.configured()) return Delivery{false, false, "no SMTP relay is configured (--smtp)"};
  Easy c = easy(stopping);
  if (!c) return Delivery{false, false, "libcurl could not start a transfer"};
  char detail[CURL_ERROR_SIZE] = "";
  Upload upload;
  upload.data = mail_message(
      relay.from, n.target.address, n.subject,
      n.body + "\n\n" + unsubscribe_text(o.server_url, n.target.unsubscribe, n.target.channel),
      "notice-" + std::to_string(n.id) + "." + std::to_string(n.created_at) + "@naumachia", now);
  List rcpt(curl_slist_append(nullptr, ("<" + n.target.address + ">").c_str()));
  const std::string from = "<" + relay.from + ">";
  CURL* h = c.get();
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  curl_easy_setopt(h, CURLOPT_URL, relay.url.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  if (relay.starttls) curl_easy_setopt(h, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  if (!relay.user.empty()) {
    curl_easy_setopt(h, CURLOPT_USERNAME, relay.user.c_str());
    curl_easy_setopt(h, CURLOPT_PASSWORD, relay.password.c_str());
  }
  if (!relay.ca_file.empty()) curl_easy_setopt(h, CURLOPT_CAINFO, relay.ca_file.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt.get());
  curl_easy_setopt(h, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(h, CURLOPT_READDATA, &upload);
  curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
  const CURLcode rc = curl_easy_perform(h);
  if (rc == CURLE_OK) return Delivery{true, false, ""};
  long reply = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &reply);
  Delivery d = failed(rc, detail);
  if (reply > 0) d.error += " (SMTP " + std::to_string(reply) + ")";
  // 550-553: the relay refuses the mailbox itself; anything else may pass.
  d.permanent = reply >= 550 && reply <= 553;
  return d;
}

Delivery post_webhook(const OutboxRow& n, const NotifyOptions& o,
                      const std::function<bool()>& stopping) {
  Easy c = easy(stopping);
  if (!c) return Delivery{false, false, "libcurl could not start a transfer"};
  char detail[CURL_ERROR_SIZE] = "";
  const auto format = webhook_format(n.target.format).value_or(WebhookFormat::Json);
  const std::string body =
      webhook_body(format, n.kind, n.game_id, n.subject, n.body,
                   unsubscribe_text(o.server_url, n.target.unsubscribe, n.target.channel));
  List headers(curl_slist_append(nullptr, "Content-Type: application/json"));
  Guard guard{o.webhooks_to_private, false};
  std::size_t taken = 0;
  CURL* h = c.get();
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  curl_easy_setopt(h, CURLOPT_URL, n.target.address.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(h, CURLOPT_USERAGENT, "naumachia");
  curl_easy_setopt(h, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, discard);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &taken);
  curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_checked);
  curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, &guard);
  const CURLcode rc = curl_easy_perform(h);
  if (guard.refused) {
    return Delivery{false, true,
                    "the webhook's host resolved to a loopback or private address, which this "
                    "server does not post to"};
  }
  if (rc != CURLE_OK) return failed(rc, detail);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  if (status >= 200 && status < 300) return Delivery{true, false, ""};
  Delivery d{false, false, "the webhook answered HTTP " + std::to_string(status)};
  // A 4xx is the request's fault and will not change, except a timeout or a
  // request to slow down.
  d.permanent = status >= 400 && status < 500 && status != 408 && status != 429;
  return d;
}

}  // namespace

Courier::Courier(const std::string& db_path, const NotifyOptions& options, Clock clock,
                 Gauge* waiting)
    : db_path_(db_path), options_(options), clock_(std::move(clock)), waiting_(waiting) {
  curl_once();
  thread_ = std::thread([this] { run(); });
}

Courier::~Courier() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Courier::poke() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

Delivery Courier::deliver(const OutboxRow& notice, const NotifyOptions& options, std::int64_t now,
                          const std::function<bool()>& stopping) {
  return notice.target.channel == NotifyChannel::Email ? send_mail(notice, options, now, stopping)
                                                       : post_webhook(notice, options, stopping);
}

void Courier::deliver_due(NoticeTables& store) {
  const std::function<bool()> stopping = [this] {
    std::lock_guard lock(mutex_);
    return stopping_;
  };
  for (;;) {
    const std::int64_t now = clock_();
    const std::vector<OutboxRow> due = store.claim_due_notices(now, kBatch, now + kClaimSeconds);
    // A stop leaves the claimed notices not yet delivered due at once, for
    // the next start or another server.
    const auto release_from = [&](std::size_t first) {
      for (std::size_t k = first; k < due.size(); ++k) store.release_notice(due[k].id, now);
    };
    for (std::size_t i = 0; i < due.size(); ++i) {
      const OutboxRow& n = due[i];
      if (stopping()) return release_from(i);
      const Delivery d = deliver(n, options_, clock_(), stopping);
      if (stopping() && !d.ok) return release_from(i);  // cut short: not the address's failure
      const std::string what = "notice " + std::to_string(n.id) + " (" + n.kind + ") to the " +
                               channel_text(n.target.channel) + " of user " +
                               std::to_string(n.target.user_id);
      if (d.ok) {
        store.notice_sent(n.id, clock_());
        continue;
      }
      const int attempts = n.attempts + 1;
      const bool give_up = d.permanent || attempts >= options_.max_attempts;
      std::int64_t wait = options_.retry_seconds;
      for (int tried = 1; tried < attempts && wait < options_.retry_max_seconds; ++tried) wait *= 2;
      wait = std::min(wait, options_.retry_max_seconds);
      store.notice_failed(n.id, attempts, clock_() + wait, d.error, give_up);
      log_line(what + " failed (" + d.error + "); " +
               (give_up ? "given up after " + std::to_string(attempts) + " attempts"
                        : "trying again in " + std::to_string(wait) + " s"));
    }
    if (static_cast<int>(due.size()) < kBatch) return;
  }
}

void Courier::run() {
  std::int64_t last_sweep = 0;
  bool failing = false;  // said once per run of failures, not every second
  try {
    Database db(db_path_);
    NoticeTables store(db);
    // A SQLite file has one server: what its courier held when it stopped
    // (a crash) is this courier's to deliver now. On PostgreSQL a claim
    // ends with the session that made it.
    if (db.engine() != Engine::postgresql) store.release_claims(clock_());
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        if (stopping_) return;
        poked_ = false;
      }
      try {
        deliver_due(store);
        // Here, on the courier's thread and connection, once a pass: a
        // scrape of the figures reads the count, never the database.
        if (waiting_) waiting_->set(store.waiting_notices());
        const std::int64_t now = clock_();
        if (now - last_sweep >= 3600) {
          last_sweep = now;
          store.sweep_notices(now - options_.keep_seconds);
        }
        if (std::exchange(failing, false)) log_line("delivering notices again");
      } catch (const std::exception& e) {
        if (!std::exchange(failing, true))
          log_line(std::string("delivering notices failed: ") + e.what());
      }
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, std::chrono::seconds(1), [this] { return poked_ || stopping_; });
    }
  } catch (const std::exception& e) {
    log_line(std::string("the courier could not open the database: ") + e.what());
  }
}

}  // namespace naumachia::server
