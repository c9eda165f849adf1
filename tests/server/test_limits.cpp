// The connection limits' counting without a network: places per address,
// per IPv6 /64 and before signing in, and the slots of expensive requests.
#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "base/addresses.h"
#include "base/slots.h"
#include "base/work_queue.h"
#include "transport/limits.h"

using namespace naumachia::server;

namespace {

using TicketPtr = std::unique_ptr<ConnectionCount::Ticket>;

TicketPtr admitted(ConnectionCount& count, const std::string& address, const NetLimits& limits) {
  auto r = count.admit(address, limits);
  auto* t = std::get_if<TicketPtr>(&r);
  return t ? std::move(*t) : nullptr;
}

std::string refusal(ConnectionCount& count, const std::string& address, const NetLimits& limits) {
  auto r = count.admit(address, limits);
  auto* why = std::get_if<std::string>(&r);
  return why ? *why : std::string();
}

}  // namespace

TEST_CASE("limits: addresses are counted as IPv4 when mapped, and ranges by their prefix") {
  CHECK(canonical_address("::ffff:203.0.113.9") == "203.0.113.9");
  CHECK(canonical_address("2001:db8::1") == "2001:db8::1");
  CHECK(canonical_address("not an address") == "not an address");
  CHECK(address_range("203.0.113.9", 24, 64) == "203.0.113.0/24");
  CHECK(address_range("::ffff:203.0.113.9", 24, 64) == "203.0.113.0/24");
  CHECK(address_range("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 24, 64) == "2001:db8:1:2::/64");
  CHECK(address_range("2001:db8:1:2:aaaa::1", 24, 48) == "2001:db8:1::/48");
  CHECK(address_range("2001:db8:1:2:aaaa::1", 24, 60) == "2001:db8:1::/60");
  CHECK(address_range("2001:db8:1:1f:aaaa::1", 24, 60) == "2001:db8:1:10::/60");
  CHECK(is_ipv6("2001:db8::1"));
  CHECK_FALSE(is_ipv6("::ffff:203.0.113.9"));
}

TEST_CASE("limits: connections are capped per IPv6 /64 as well as per address") {
  NetLimits limits;
  limits.max_connections_per_address = 2;
  limits.max_connections_per_ipv6_64 = 3;
  auto count = std::make_shared<ConnectionCount>();
  std::vector<TicketPtr> held;
  // Each address of the /64 has places of its own, the /64 three in all.
  held.push_back(admitted(*count, "2001:db8:0:1::1", limits));
  held.push_back(admitted(*count, "2001:db8:0:1::2", limits));
  held.push_back(admitted(*count, "2001:db8:0:1::3", limits));
  for (const auto& t : held) REQUIRE(t);
  CHECK(refusal(*count, "2001:db8:0:1::4", limits).find("limit per IPv6 /64") != std::string::npos);
  // Another /64, and IPv4, are not affected; the address limit still holds.
  CHECK(admitted(*count, "2001:db8:0:2::1", limits));
  held.push_back(admitted(*count, "203.0.113.9", limits));
  held.push_back(admitted(*count, "203.0.113.9", limits));
  CHECK(refusal(*count, "203.0.113.9", limits).find("limit per address") != std::string::npos);
  // A place given back is taken again.
  held.erase(held.begin());
  CHECK(admitted(*count, "2001:db8:0:1::4", limits));
}

TEST_CASE("limits: connections not signed in may take only part of the places") {
  NetLimits limits;
  limits.max_connections = 4;
  CHECK(limits.unauthenticated_cap() == 3);
  limits.max_connections = 2;
  CHECK(limits.unauthenticated_cap() == 2);
  limits.max_connections = 4;
  limits.max_unauthenticated = 2;
  auto count = std::make_shared<ConnectionCount>();
  auto a = admitted(*count, "203.0.113.1", limits);
  auto b = admitted(*count, "203.0.113.2", limits);
  REQUIRE((a && b));
  CHECK(refusal(*count, "203.0.113.3", limits).find("not signed in") != std::string::npos);
  a->signed_in(true);
  auto c = admitted(*count, "203.0.113.3", limits);
  REQUIRE(c);
  c->signed_in(true);
  auto d = admitted(*count, "203.0.113.4", limits);
  REQUIRE(d);
  // Four in all: no place left, for anyone.
  CHECK(refusal(*count, "203.0.113.5", limits).find("its limit") != std::string::npos);
  // Signed out again, a connection counts as not signed in.
  c->signed_in(false);
  d.reset();
  CHECK(refusal(*count, "203.0.113.5", limits).find("not signed in") != std::string::npos);
}

TEST_CASE("limits: a key holds at most its cap of slots, given back when the hold goes") {
  auto slots = KeyedSlots::make(2);
  auto one = slots->take("user 1");
  auto two = slots->take("user 1");
  REQUIRE((one && two));
  CHECK_FALSE(slots->take("user 1"));
  CHECK(slots->take("user 2"));
  one.reset();
  CHECK(slots->held("user 1") == 1);
  CHECK(slots->take("user 1"));
  two.reset();
  CHECK(slots->held("user 1") == 0);
}

TEST_CASE("limits: a work queue job's answer runs once its place is given back") {
  // A key's share of one: a client answered from `then` who asks again at
  // once is taken, not refused as if the answered job still held the place.
  WorkQueue queue("test jobs", QueueLimits{1, 6, 1});
  std::mutex m;
  std::condition_variable cv;
  std::optional<bool> again;
  bool ran = false;
  REQUIRE(queue.post(
      "user 1", [&] { ran = true; },
      [&] {
        const bool taken = queue.post("user 1", [] {});
        std::lock_guard lock(m);
        again = taken;
        cv.notify_all();
      }));
  {
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return again.has_value(); });
  }
  CHECK(ran);
  CHECK(*again);
  queue.stop();
}

TEST_CASE("limits: the work queue refuses past its shares and serves its submitters in turn") {
  WorkQueue queue("test jobs", QueueLimits{1, 6, 3});
  std::mutex m;
  std::condition_variable cv;
  bool open = false;
  std::vector<std::string> started;
  const auto job = [&](std::string name) {
    return [&, name] {
      std::unique_lock lock(m);
      started.push_back(name);
      cv.notify_all();
      cv.wait(lock, [&] { return open; });
    };
  };
  // The one worker is held by a1 until the gate opens; a's share is 3.
  REQUIRE(queue.post("a", job("a1")));
  {
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return !started.empty(); });
  }
  REQUIRE(queue.post("a", job("a2")));
  REQUIRE(queue.post("a", job("a3")));
  CHECK_FALSE(queue.post("a", job("a4")));
  REQUIRE(queue.post("b", job("b1")));
  REQUIRE(queue.post("b", job("b2")));
  REQUIRE(queue.post("c", job("c1")));
  CHECK_FALSE(queue.post("d", job("d1")));  // six in all
  {
    std::lock_guard lock(m);
    open = true;
  }
  cv.notify_all();
  queue.stop();
  // The keys in turn: b and c wait behind one more of a's jobs, not all.
  CHECK(started == std::vector<std::string>{"a1", "a2", "b1", "c1", "a3", "b2"});
  // Stopped, it takes nothing more.
  CHECK_FALSE(queue.post("e", [] {}));
}

TEST_CASE("limits: a work queue stopped dropping its waiting jobs finishes the running one only") {
  WorkQueue queue("test jobs", QueueLimits{1, 6, 3});
  std::mutex m;
  std::condition_variable cv;
  bool running = false;
  std::vector<std::string> done;
  // The running job ends once it sees the queue stopping, as the
  // computer's thinking does.
  REQUIRE(queue.post("a", [&] {
    {
      std::lock_guard lock(m);
      running = true;
    }
    cv.notify_all();
    while (!queue.stopping()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::lock_guard lock(m);
    done.push_back("a1");
  }));
  {
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return running; });
  }
  REQUIRE(queue.post("a", [&] { done.push_back("a2"); }));
  REQUIRE(queue.post("b", [&] { done.push_back("b1"); }));
  queue.stop(WorkQueue::Waiting::drop);
  CHECK(done == std::vector<std::string>{"a1"});
  CHECK_FALSE(queue.post("c", [] {}));
}
