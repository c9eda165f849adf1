// The server's figures for Prometheus without a network: the text
// exposition format (families, escapes, histograms), the registry's whole
// exposition as a scraper reads it, the protocol's names for request kinds
// and error codes, the storage writer's counts, and the address ranges that
// may read them.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "base/addresses.h"
#include "base/metrics.h"
#include "protocol/figures.h"
#include "storage/database.h"
#include "storage/writer.h"
#include "support/exposition.h"
#include "support/temp_dir.h"

using namespace naumachia::server;
using naumachia::testing::parse_exposition;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;

namespace {

std::string problems(const naumachia::testing::ParsedExposition& p) {
  std::string out;
  for (const auto& s : p.problems) out += s + "\n";
  return out;
}

}  // namespace

TEST_CASE("figures: a histogram's buckets are cumulative, end in +Inf, and give _sum and _count") {
  Histogram h{1, 2.5, 10};
  // A value on a bound counts in that bound's bucket (le: less or equal).
  for (const double v : {0.5, 1.0, 2.0, 3.0, 11.0, 100.0}) h.observe(v);
  Exposition e;
  e.family("t_seconds", "Help.", Exposition::Type::histogram);
  e.histogram("t_seconds", {}, h.snapshot());
  CHECK(e.text() ==
        "# HELP t_seconds Help.\n"
        "# TYPE t_seconds histogram\n"
        "t_seconds_bucket{le=\"1\"} 2\n"
        "t_seconds_bucket{le=\"2.5\"} 3\n"
        "t_seconds_bucket{le=\"10\"} 4\n"
        "t_seconds_bucket{le=\"+Inf\"} 6\n"
        "t_seconds_sum 117.5\n"
        "t_seconds_count 6\n");
  const auto parsed = parse_exposition(e.text());
  CHECK_MESSAGE(parsed.problems.empty(), problems(parsed));
}

TEST_CASE("figures: an empty histogram shows every bucket at 0, and its labels before le") {
  Histogram h{0.5};
  Exposition e;
  e.family("t", "Help.", Exposition::Type::histogram);
  e.histogram("t", {{"kind", "x"}}, h.snapshot());
  CHECK(e.text() ==
        "# HELP t Help.\n"
        "# TYPE t histogram\n"
        "t_bucket{kind=\"x\",le=\"0.5\"} 0\n"
        "t_bucket{kind=\"x\",le=\"+Inf\"} 0\n"
        "t_sum{kind=\"x\"} 0\n"
        "t_count{kind=\"x\"} 0\n");
}

TEST_CASE("figures: a histogram's bounds must increase, and be few") {
  CHECK_THROWS_AS(Histogram({1, 1}), std::invalid_argument);
  CHECK_THROWS_AS(Histogram({2, 1}), std::invalid_argument);
  CHECK_THROWS_AS(Histogram({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}),
                  std::invalid_argument);
}

TEST_CASE("figures: help text and label values are escaped as the format says") {
  Exposition e;
  e.family("t_total", "a \\ b\nc \"d\"", Exposition::Type::counter);
  e.sample("t_total", {{"a", "x\"y\\z\nw"}, {"b", ""}}, std::uint64_t{3});
  e.sample("t_total", {}, std::int64_t{-2});
  e.sample("t_total", {}, 0.25);
  CHECK(e.text() ==
        "# HELP t_total a \\\\ b\\nc \"d\"\n"
        "# TYPE t_total counter\n"
        "t_total{a=\"x\\\"y\\\\z\\nw\",b=\"\"} 3\n"
        "t_total -2\n"
        "t_total 0.25\n");
}

TEST_CASE("figures: numbers are written shortest, and infinities as the format names them") {
  CHECK(exposition_number(0.005) == "0.005");
  CHECK(exposition_number(0.0005) == "0.0005");
  CHECK(exposition_number(0.000709615) == "0.000709615");
  CHECK(exposition_number(1e-9) == "1e-09");
  CHECK(exposition_number(0) == "0");
  CHECK(exposition_number(1024) == "1024");
  CHECK(exposition_number(2.5) == "2.5");
  CHECK(exposition_number(std::numeric_limits<double>::infinity()) == "+Inf");
  CHECK(exposition_number(-std::numeric_limits<double>::infinity()) == "-Inf");
  CHECK(exposition_number(std::nan("")) == "NaN");
}

TEST_CASE("figures: the check of an exposition finds what a scraper would reject") {
  // So that the server's exposition passing it means something.
  CHECK_FALSE(parse_exposition("t 1\n").problems.empty());  // no TYPE
  CHECK_FALSE(parse_exposition("# TYPE 1t gauge\n1t 1\n").problems.empty());
  CHECK_FALSE(parse_exposition("# TYPE t gauge\nt one\n").problems.empty());
  CHECK_FALSE(parse_exposition("# TYPE t gauge\nt{a=\"b} 1\n").problems.empty());
  CHECK_FALSE(parse_exposition("# TYPE t gauge\n# TYPE u gauge\nt 1\nu 1\nt 2\n").problems.empty());
  CHECK_FALSE(parse_exposition("# TYPE h histogram\nh_bucket{le=\"1\"} 2\n"
                               "h_bucket{le=\"+Inf\"} 1\nh_count 1\n")
                  .problems.empty());  // falls
  CHECK_FALSE(
      parse_exposition("# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_count 1\n").problems.empty());
  CHECK_FALSE(parse_exposition("# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_count 1\n")
                  .problems.empty());
  CHECK(parse_exposition("# TYPE h histogram\nh_bucket{le=\"+Inf\"} 1\nh_count 1\n")
            .problems.empty());
}

TEST_CASE("figures: request kinds are the protocol's request fields, named as they are") {
  proto::Envelope e;
  CHECK(request_kind(e) == kNoRequest);
  e.mutable_submit_orders();
  const std::size_t submit = request_kind(e);
  CHECK(submit == static_cast<std::size_t>(proto::Envelope::kSubmitOrders));
  CHECK(figure_names().kinds[submit] == "submit_orders");
  e.mutable_error();  // a response, sent by a client
  CHECK(request_kind(e) == kNotARequest);
  e.mutable_event();  // a push
  CHECK(request_kind(e) == kNotARequest);
  e.mutable_change_password();
  CHECK(figure_names().kinds[request_kind(e)] == "change_password");
  // Every field of the body that is a request has a name; the rest none.
  std::size_t named = 0;
  for (const auto& k : figure_names().kinds) named += k.empty() ? 0 : 1;
  int requests = 0;
  const auto* body = proto::Envelope::descriptor()->FindOneofByName("body");
  for (int i = 0; i < body->field_count(); ++i) {
    const std::string& type = body->field(i)->message_type()->name();
    if (type.size() > 7 && type.substr(type.size() - 7) == "Request") ++requests;
  }
  CHECK(requests >= 23);
  CHECK(named == static_cast<std::size_t>(requests) + 2);  // and none, other
  CHECK(figure_names().codes[proto::ILLEGAL_ORDERS] == "ILLEGAL_ORDERS");
  CHECK(figure_names().codes[proto::STORAGE_FULL] == "STORAGE_FULL");
}

TEST_CASE(
    "figures: the server's exposition parses, shows every request kind and what was counted") {
  ServerFigures f;
  proto::Envelope submit;
  submit.mutable_submit_orders();
  const std::size_t kind = request_kind(submit);
  f.request(kind);
  f.request(kind);
  f.request(kNoRequest);
  f.error(kind, proto::ILLEGAL_ORDERS);
  f.error(kNoRequest, proto::BAD_FRAME);
  f.error(1000, 1000);  // out of range: counted as none, unspecified; never past the arrays
  f.connections.add(3);
  f.connections.add(-1);
  f.games_in_memory.set(7);
  f.commits.batches.add();
  f.commits.batch_writes.observe(3);
  for (int i = 0; i < 3; ++i) f.commits.seconds.observe(0.002);
  const auto p = parse_exposition(exposition(f));
  CHECK_MESSAGE(p.problems.empty(), problems(p));
  CHECK(p.value("naumachia_requests_total{type=\"submit_orders\"}") == 2);
  CHECK(p.value("naumachia_requests_total{type=\"none\"}") == 1);
  CHECK(p.has("naumachia_requests_total{type=\"login\"}"));  // shown at 0
  CHECK(p.value("naumachia_requests_total{type=\"login\"}") == 0);
  CHECK(p.value("naumachia_errors_total{type=\"submit_orders\",code=\"ILLEGAL_ORDERS\"}") == 1);
  CHECK(p.value("naumachia_errors_total{type=\"none\",code=\"BAD_FRAME\"}") == 1);
  CHECK(p.value("naumachia_errors_total{type=\"none\",code=\"ERROR_UNSPECIFIED\"}") == 1);
  CHECK_FALSE(p.has("naumachia_errors_total{type=\"login\",code=\"BAD_FRAME\"}"));
  CHECK(p.value("naumachia_connections") == 2);
  CHECK(p.value("naumachia_games_in_memory") == 7);
  CHECK(p.value("naumachia_commit_batches_total") == 1);
  CHECK(p.value("naumachia_commit_batch_writes_sum") == 3);
  CHECK(p.value("naumachia_commit_batch_writes_bucket{le=\"2\"}") == 0);
  CHECK(p.value("naumachia_commit_batch_writes_bucket{le=\"4\"}") == 1);
  CHECK(p.value("naumachia_commit_seconds_count") == 3);
  CHECK(p.value("naumachia_commit_seconds_bucket{le=\"0.001\"}") == 0);
  CHECK(p.value("naumachia_commit_seconds_bucket{le=\"0.0025\"}") == 3);
  CHECK(p.value("naumachia_start_time_seconds") == static_cast<double>(f.start_time));
  CHECK(p.types.at("naumachia_commit_seconds") == "histogram");
  CHECK(p.types.at("naumachia_requests_total") == "counter");
  CHECK(p.types.at("naumachia_connections") == "gauge");
  // The outbox's count only when the courier counts it.
  CHECK_FALSE(p.types.count("naumachia_notices_waiting"));
  f.notices_counted = true;
  f.notices_waiting.set(4);
  CHECK(parse_exposition(exposition(f)).value("naumachia_notices_waiting") == 4);
}

TEST_CASE(
    "figures: the storage writer counts its batches, their writes and the durable ones' wait") {
  TempDir dir;
  const std::string path = (dir.path() / "t.db").string();
  { Database db(path, builtin_migrations()); }
  CommitFigures figures;
  boost::asio::io_context ioc;
  {
    StorageWriter writer(path, ioc.get_executor(), 0, &figures);
    writer.submit([](Tables&) {}, nullptr);
    writer.submit([](Tables&) { throw std::runtime_error("this write fails"); }, nullptr);
    writer.submit([](Tables&) {}, nullptr);
    writer.flush();
  }
  const auto writes = figures.batch_writes.snapshot();
  const auto seconds = figures.seconds.snapshot();
  // However the three fell into batches: each batch counted once, each
  // write once, and only the two that became durable waited to be.
  CHECK(figures.batches.value() >= 1);
  CHECK(writes.cumulative.back() == figures.batches.value());
  CHECK(writes.sum == 3);
  CHECK(seconds.cumulative.back() == 2);
  CHECK(seconds.sum > 0);
  CHECK(figures.failed_batches.value() == 0);
}

TEST_CASE("figures: the ranges that may read them: addresses, CIDR ranges, loopback") {
  const auto ten = parse_address_range("10.0.0.0/8");
  REQUIRE(ten.has_value());
  CHECK(in_ranges({*ten}, "10.200.3.4"));
  CHECK(in_ranges({*ten}, "::ffff:10.1.1.1"));  // IPv4 through an IPv6 socket
  CHECK_FALSE(in_ranges({*ten}, "11.0.0.1"));
  CHECK_FALSE(in_ranges({*ten}, "::1"));
  const auto host = parse_address_range("192.0.2.7");
  REQUIRE(host.has_value());
  CHECK(in_ranges({*host}, "192.0.2.7"));
  CHECK_FALSE(in_ranges({*host}, "192.0.2.8"));
  const auto net6 = parse_address_range("2001:db8::/32");
  REQUIRE(net6.has_value());
  CHECK(in_ranges({*net6}, "2001:db8:ffff::1"));
  CHECK_FALSE(in_ranges({*net6}, "2001:db9::1"));
  // Bits past the prefix are ignored, as operators often write them.
  const auto loose = parse_address_range("10.1.2.3/8");
  REQUIRE(loose.has_value());
  CHECK(in_ranges({*loose}, "10.9.9.9"));
  const auto loopback = loopback_ranges();
  CHECK(in_ranges(loopback, "127.0.0.1"));
  CHECK(in_ranges(loopback, "127.1.2.3"));
  CHECK(in_ranges(loopback, "::1"));
  CHECK(in_ranges(loopback, "::ffff:127.0.0.1"));
  CHECK_FALSE(in_ranges(loopback, "192.0.2.1"));
  CHECK_FALSE(in_ranges(loopback, "::2"));
  CHECK_FALSE(in_ranges(loopback, "not an address"));
  CHECK_FALSE(in_ranges({}, "127.0.0.1"));
  for (const char* bad : {"", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "host",
                          "10.0.0.0/8/8", "10.0.0.0/-1"})
    CHECK_FALSE(parse_address_range(bad).has_value());
}
