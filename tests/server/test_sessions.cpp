// A live connection lasts no longer than its session: when the session
// expires, by age or unused, the connection is signed out at the next sweep
// without asking anything, and told why by a SignedOut push.
#include <doctest/doctest.h>

#include "support/service_harness.h"

using namespace naumachia;
using namespace naumachia::server;
using namespace naumachia::testing;

namespace {

// The reasons of the SignedOut pushes the player received.
std::vector<std::string> sign_outs(const Player& p) {
  std::vector<std::string> out;
  for (const auto& e : p.box->pushes) {
    if (e.has_signed_out()) out.push_back(e.signed_out().reason());
  }
  return out;
}

proto::Envelope list_games() {
  proto::Envelope r;
  r.mutable_list_games();
  return r;
}

}  // namespace

TEST_CASE("sessions: a live connection whose session expires unused is signed out and told") {
  ServiceLimits limits = cheap_hashes();
  limits.auth.session_idle_seconds = 2 * 3600;
  limits.session_sweep_seconds = 600;
  Harness h(limits);
  Player alice = h.signed_up("alice"), bob = h.signed_up("bob");
  h.check_deadlines();
  // Bob keeps using his session; Alice's connection stays open, unused.
  for (int hour = 0; hour < 3; ++hour) {
    h.now += 3600;
    REQUIRE(h.call(bob, list_games()).has_games());
  }
  h.now += 601;
  h.check_deadlines();
  const auto told = sign_outs(alice);
  REQUIRE(told.size() == 1);
  CHECK(told[0].find("unused") != std::string::npos);
  CHECK(sign_outs(bob).empty());
  CHECK(h.call(alice, list_games()).error().code() == proto::SESSION_EXPIRED);
  CHECK(h.call(bob, list_games()).has_games());
}

TEST_CASE("sessions: a live connection whose session reaches its age is signed out and told") {
  ServiceLimits limits = cheap_hashes();
  limits.auth.session_lifetime_seconds = 3600;
  Harness h(limits);
  Player alice = h.signed_up("alice");
  h.check_deadlines();
  h.now += 3600 + 601;
  h.check_deadlines();
  const auto told = sign_outs(alice);
  REQUIRE(told.size() == 1);
  CHECK(told[0].find("sessions last") != std::string::npos);
  CHECK(h.call(alice, list_games()).error().code() == proto::SESSION_EXPIRED);
}
