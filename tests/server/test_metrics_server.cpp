// The real server's figures for Prometheus (GET /metrics on its HTTPS port):
// they parse as a scraper reads them, move by what clients did, and are
// shown only to the clients --metrics-from names.
#include <doctest/doctest.h>

#include <chrono>
#include <ctime>

#include "connection.h"
#include "support/exposition.h"
#include "support/protocol_client.h"
#include "support/server_process.h"

using naumachia::client::Connection;
using naumachia::testing::https_request;
using naumachia::testing::ParsedExposition;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;
using ms = std::chrono::milliseconds;

namespace {

ParsedExposition scrape(const ServerProcess& server) {
  const auto a = https_request(server, "/metrics");
  REQUIRE(a.status == 200);
  CHECK(a.content_type.rfind("text/plain; version=0.0.4", 0) == 0);
  auto parsed = naumachia::testing::parse_exposition(a.body);
  std::string problems;
  for (const auto& p : parsed.problems) problems += p + "\n";
  CHECK_MESSAGE(parsed.problems.empty(), problems);
  return parsed;
}

const std::string kSubmits = "naumachia_requests_total{type=\"submit_orders\"}";
const std::string kRegisters = "naumachia_requests_total{type=\"register\"}";
const std::string kIllegal =
    "naumachia_errors_total{type=\"submit_orders\",code=\"ILLEGAL_ORDERS\"}";
const std::string kBadFrames = "naumachia_errors_total{type=\"none\",code=\"BAD_FRAME\"}";

}  // namespace

TEST_CASE(
    "metrics: GET /metrics parses as Prometheus reads it, and its counts move by what "
    "clients did") {
  TempDir dir;
  const auto started = static_cast<double>(std::time(nullptr));
  ServerProcess server(dir.path());
  const ParsedExposition before = scrape(server);
  for (const char* family :
       {"naumachia_connections", "naumachia_requests_total", "naumachia_errors_total",
        "naumachia_commit_batches_total", "naumachia_commit_batch_writes",
        "naumachia_commit_seconds", "naumachia_games_in_memory", "naumachia_notices_waiting",
        "naumachia_start_time_seconds"}) {
    CAPTURE(family);
    CHECK(before.types.count(family) == 1);
  }
  CHECK(before.value("naumachia_start_time_seconds") >= started - 5);
  CHECK(before.value("naumachia_start_time_seconds") <= static_cast<double>(std::time(nullptr)));
  CHECK(before.has(kSubmits));
  CHECK(before.value(kSubmits) == 0);

  auto a = sign_up(server, "alice");
  auto b = sign_up(server, "bob");
  const auto game = naumachia::testing::start_duel(*a, *b, 0);
  REQUIRE(submit(*a, game, 1, {"bid 4"}).has_orders_accepted());
  const auto refused = submit(*b, game, 1, {"fold"});
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == proto::ILLEGAL_ORDERS);
  // A frame that holds no request at all.
  a->send_raw("not a protocol frame");
  for (bool answered = false; !answered;) {
    const auto frame = a->next_raw(ms(10000));
    REQUIRE(frame);
    proto::Envelope e;
    answered = e.ParseFromString(*frame) && e.error().code() == proto::BAD_FRAME;
  }

  const ParsedExposition after = scrape(server);
  CHECK(after.value(kSubmits) - before.value(kSubmits) == 2);
  CHECK(after.value(kRegisters) - before.value(kRegisters) == 2);
  CHECK(after.value(kIllegal) - before.value(kIllegal) == 1);
  CHECK(after.value(kBadFrames) - before.value(kBadFrames) == 1);
  CHECK(after.value("naumachia_requests_total{type=\"none\"}") -
            before.value("naumachia_requests_total{type=\"none\"}") ==
        1);
  // No other error answer was given.
  double errors = 0;
  for (const auto& [key, v] : after.samples)
    if (key.rfind("naumachia_errors_total{", 0) == 0) errors += v - before.value(key);
  CHECK(errors == 2);
  // The two clients, and the scrape's own connection.
  CHECK(after.value("naumachia_connections") >= 3);
  CHECK(after.value("naumachia_games_in_memory") >= 1);
  // Sign-ups, the game's creation and join, the accepted orders: each wrote,
  // each write was made durable in a batch, and each batch counted once.
  const double batches = after.value("naumachia_commit_batches_total");
  const double writes = after.value("naumachia_commit_batch_writes_sum");
  CHECK(batches >= 1);
  CHECK(after.value("naumachia_commit_batch_writes_count") == batches);
  CHECK(writes >= 5);
  CHECK(after.value("naumachia_commit_seconds_count") == writes);
  CHECK(after.value("naumachia_commit_seconds_count") >
        before.value("naumachia_commit_seconds_count"));
  CHECK(after.value("naumachia_commit_failures_total") == 0);
  CHECK(after.value("naumachia_start_time_seconds") ==
        before.value("naumachia_start_time_seconds"));
  // No label names a game or a user.
  const auto text = https_request(server, "/metrics").body;
  CHECK(text.find("alice") == std::string::npos);
  CHECK(text.find("game=") == std::string::npos);
  CHECK(text.find("user=") == std::string::npos);

  // HEAD gives the headers alone.
  const auto head = https_request(server, "/metrics", "HEAD");
  CHECK(head.status == 200);
  CHECK(head.body.empty());
}

TEST_CASE(
    "metrics: a client --metrics-from does not name is answered as for a path that names "
    "no file, and nothing else") {
  for (const char* from : {"192.0.2.0/24,2001:db8::/32", "none"}) {
    CAPTURE(from);
    TempDir server_dir;
    ServerProcess server(server_dir.path(), {"--metrics-from", from});
    const auto refused = https_request(server, "/metrics");
    const auto unknown = https_request(server, "/no-such-file");
    CHECK(refused.status == 404);
    CHECK(refused.status == unknown.status);
    CHECK(refused.content_type == unknown.content_type);
    CHECK(refused.body == unknown.body);
    CHECK(refused.body.find("naumachia_") == std::string::npos);
  }
  // A range that names the loopback client lets it read them.
  TempDir open_dir;
  ServerProcess open(open_dir.path(), {"--metrics-from", "192.0.2.0/24,127.0.0.1"});
  CHECK(https_request(open, "/metrics").body.find("naumachia_requests_total") != std::string::npos);
}

TEST_CASE("metrics: --metrics-from refuses what names no address or range") {
  const auto r = naumachia::testing::run_command(std::string(NAUMACHIA_TEST_SERVER) +
                                                 " --metrics-from 10.0.0.0/33");
  CHECK(r.status == 2);
  CHECK(r.output.find("--metrics-from wants addresses or ranges") != std::string::npos);
}
