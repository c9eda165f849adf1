// What the client checks on its own: which server certificates it accepts
// (trust on first use), the commitments and the dice seed a game reveals, and
// its connection's handling of a timed-out step.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "connection.h"
#include "digest.h"
#include "history_check.h"
#include "support/server_process.h"
#include "support/protocol_client.h"
#include "support/text.h"
#include "trust.h"

namespace nc = naumachia::client;
namespace proto = naumachia::proto;
using naumachia::testing::has;
using naumachia::testing::ServerProcess;
using naumachia::testing::TempDir;
using ms = std::chrono::milliseconds;

namespace {

const std::string kUrl = "wss://127.0.0.1:8443";

nc::Fingerprint fp(char digit) {
  return *nc::Fingerprint::parse(std::string(64, digit));
}

nc::ServerCertificate self_signed(char digit) {
  return {fp(digit), false, "self-signed certificate"};
}

nc::ServerCertificate from_authority(char digit) {
  return {fp(digit), true, ""};
}

}  // namespace

TEST_CASE("trust: a fingerprint is read as the server logs it, in either case, with colons") {
  const std::string hex(64, 'a');
  CHECK(nc::Fingerprint::parse(hex)->hex() == hex);
  CHECK(nc::Fingerprint::parse(std::string(64, 'A'))->hex() == hex);
  std::string colons;
  for (int i = 0; i < 32; ++i) colons += std::string(i ? ":" : "") + "AA";
  CHECK(nc::Fingerprint::parse(colons)->hex() == hex);
  CHECK_FALSE(nc::Fingerprint::parse(std::string(62, 'a')));  // 31 bytes
  CHECK_FALSE(nc::Fingerprint::parse(std::string(63, 'a')));
  CHECK_FALSE(nc::Fingerprint::parse(std::string(64, 'g')));
  CHECK_FALSE(nc::Fingerprint::parse(""));
  CHECK(nc::fingerprint_line(fp('b')) ==
        "TLS certificate SHA-256 fingerprint " + std::string(64, 'b'));
}

TEST_CASE("trust: the first self-signed certificate is pinned, then only it is accepted") {
  const nc::TrustDecision first = nc::decide_trust(kUrl, {}, {}, self_signed('1'));
  CHECK(first.accepted);
  REQUIRE(first.remember);
  CHECK(first.remember->pinned == fp('1'));
  CHECK(has(first.message, "first connection to 127.0.0.1:8443"));
  CHECK(has(first.message, nc::fingerprint_line(fp('1'))));

  const nc::KnownServer pinned = *first.remember;
  const nc::TrustDecision again = nc::decide_trust(kUrl, pinned, {}, self_signed('1'));
  CHECK(again.accepted);
  CHECK_FALSE(again.remember);
  CHECK(again.message.empty());

  // A changed certificate is refused, even one from an authority: the pin
  // means exactly that certificate.
  for (const auto& shown : {self_signed('2'), from_authority('2')}) {
    const nc::TrustDecision changed = nc::decide_trust(kUrl, pinned, {}, shown);
    CHECK_FALSE(changed.accepted);
    CHECK_FALSE(changed.remember);
    CHECK(has(changed.message, "THE SERVER'S CERTIFICATE HAS CHANGED"));
    CHECK(has(changed.message, "pinned:    " + nc::fingerprint_line(fp('1'))));
    CHECK(has(changed.message, "now shown: " + nc::fingerprint_line(fp('2'))));
    CHECK(has(changed.message, "naumachia --server " + kUrl + " trust " + fp('2').hex()));
    CHECK(has(changed.message, "naumachia --server " + kUrl + " forget-server"));
  }
}

TEST_CASE("trust: a server once verified by an authority is refused a certificate that is not") {
  const nc::TrustDecision first = nc::decide_trust(kUrl, {}, {}, from_authority('1'));
  CHECK(first.accepted);
  REQUIRE(first.remember);
  CHECK(first.remember->system_ca);
  CHECK_FALSE(first.remember->pinned);  // renewals stay acceptable
  CHECK(nc::decide_trust(kUrl, *first.remember, {}, from_authority('3')).accepted);

  const nc::TrustDecision downgraded =
      nc::decide_trust(kUrl, *first.remember, {}, self_signed('4'));
  CHECK_FALSE(downgraded.accepted);
  CHECK(has(downgraded.message, "NO LONGER VERIFIES"));
  CHECK(has(downgraded.message, "self-signed certificate"));
  CHECK(has(downgraded.message, nc::fingerprint_line(fp('4'))));
}

TEST_CASE("trust: --insecure accepts anything once, and --fingerprint only its certificate") {
  const nc::KnownServer pinned{fp('1'), false};
  const nc::TrustDecision insecure = nc::decide_trust(
      kUrl, pinned, {.insecure = true, .required = std::nullopt}, self_signed('2'));
  CHECK(insecure.accepted);
  CHECK_FALSE(insecure.remember);
  CHECK(has(insecure.message, "not checked (--insecure, for this command only)"));

  const nc::TrustDecision wrong =
      nc::decide_trust(kUrl, {}, {.insecure = false, .required = fp('5')}, self_signed('6'));
  CHECK_FALSE(wrong.accepted);
  CHECK_FALSE(wrong.remember);
  CHECK(has(wrong.message, "wanted:    " + nc::fingerprint_line(fp('5'))));
  CHECK(has(wrong.message, "now shown: " + nc::fingerprint_line(fp('6'))));

  const nc::TrustDecision right =
      nc::decide_trust(kUrl, pinned, {.insecure = false, .required = fp('5')}, self_signed('5'));
  CHECK(right.accepted);
  REQUIRE(right.remember);
  CHECK(right.remember->pinned == fp('5'));
}

TEST_CASE("trust: what the config file keeps of a server reads back, and nothing else does") {
  for (const nc::KnownServer& k :
       {nc::KnownServer{}, nc::KnownServer{fp('7'), false}, nc::KnownServer{std::nullopt, true}}) {
    const auto back = nc::KnownServer::from_text(k.to_text());
    REQUIRE(back);
    CHECK(back->pinned == k.pinned);
    CHECK(back->system_ca == k.system_ca);
  }
  CHECK_FALSE(nc::KnownServer::from_text("yes"));
  CHECK_FALSE(nc::KnownServer::from_text("1"));
  CHECK(nc::server_key("wss://[::1]:8443/x") == "[::1]:8443");
  CHECK(nc::server_key("wss://example.org:443") == "example.org:443");
}

TEST_CASE("connection: the certificate check sees what the server logs, before anything is sent") {
  TempDir dir;
  ServerProcess server(dir.path());
  std::optional<nc::ServerCertificate> seen;
  {
    nc::Connection c(server.url(), [&](const nc::ServerCertificate& shown) { seen = shown; });
    CHECK(c.is_open());
  }
  REQUIRE(seen);
  CHECK(has(server.log(), nc::fingerprint_line(seen->fingerprint)));
  CHECK_FALSE(seen->system_trusted);  // the server's own self-signed certificate
  CHECK_FALSE(seen->system_problem.empty());

  const auto refuse = [](const nc::ServerCertificate&) { throw nc::ClientError("refused"); };
  CHECK_THROWS_WITH_AS(nc::Connection(server.url(), refuse), "refused", nc::ClientError);
}

// A handler that wrote into the finished call's stack is reported by
// AddressSanitizer (cmake -DNAUMACHIA_SANITIZE=ON) as stack-use-after-scope.
TEST_CASE("connection: a timed-out send leaves no handler pointing into its finished call") {
  TempDir dir;
  ServerProcess server(dir.path());
  nc::Connection c(server.url(), nc::accept_any_certificate);
  // With no time at all the write is still under way when the send gives up.
  CHECK_THROWS_WITH_AS(c.send_raw("first", true, ms(0)), "send: timed out", nc::ClientError);
  // A timed-out connection takes no more sends (a write may still be pending).
  CHECK_THROWS_WITH_AS(c.send_raw("second"), "the connection was closed: send timed out",
                       nc::ClientError);
  // Waiting for a frame runs the loop, which completes the abandoned write:
  // its handler must not write into the stack of the send that returned.
  CHECK_THROWS_WITH_AS(c.next_raw(ms(1000)), "the connection was closed: send timed out",
                       nc::ClientError);
}

namespace {

// Two players bid through a whole duel; the first replaces a draft once.
std::uint64_t play_duel(nc::Connection& red, nc::Connection& blue) {
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  const auto created = red.call(create);
  REQUIRE(created.has_game());
  const std::uint64_t id = created.game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(id);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(blue.call(join).has_game());
  for (int guard = 0; guard < 20; ++guard) {
    const auto d = naumachia::testing::game_detail(red, id);
    if (d.summary().status() == proto::OVER) return id;
    const std::uint64_t step = d.summary().step();
    proto::Envelope draft;
    draft.mutable_submit_orders()->set_game_id(id);
    draft.mutable_submit_orders()->set_step(step);
    draft.mutable_submit_orders()->add_lines("bid 2");
    REQUIRE(red.call(draft).has_orders_accepted());
    REQUIRE(naumachia::testing::submit(red, id, step, {"bid 1"}).has_orders_accepted());
    REQUIRE(naumachia::testing::submit(blue, id, step, {"bid 0"}).has_orders_accepted());
  }
  FAIL("the duel did not end");
  return id;
}

std::vector<proto::GameEvent> all_events(nc::Connection& c, std::uint64_t id) {
  std::vector<proto::GameEvent> out;
  for (;;) {
    proto::Envelope req;
    req.mutable_events()->set_game_id(id);
    req.mutable_events()->set_after_seq(out.empty() ? 0 : out.back().seq());
    const auto res = c.call(req);
    REQUIRE(res.has_events_result());
    if (res.events_result().events().empty()) return out;
    for (const auto& e : res.events_result().events()) out.push_back(e);
  }
}

proto::RevealedOrders& first_revealed(std::vector<proto::GameEvent>& events, std::uint32_t seat) {
  for (auto& e : events) {
    if (!e.has_resolved()) continue;
    for (auto& o : *e.mutable_resolved()->mutable_orders()) {
      if (o.seat() == seat) return o;
    }
  }
  FAIL("no revealed orders");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("history check: a whole game verifies, and each tampered part is named") {
  TempDir dir;
  ServerProcess server(dir.path());
  auto red = naumachia::testing::sign_up(server, "redcheck");
  auto blue = naumachia::testing::sign_up(server, "bluecheck");
  const std::uint64_t id = play_duel(*red, *blue);
  const auto summary = naumachia::testing::game_detail(*red, id).summary();
  const std::vector<std::string> sides{"Red", "Blue"};
  const auto events = all_events(*red, id);

  const nc::HistoryCheck good = nc::check_history(events, summary.seed_hash());
  INFO(good.report(sides));
  CHECK(good.ok());
  CHECK(good.seed_verified);
  const auto resolved = std::count_if(events.begin(), events.end(),
                                      [](const proto::GameEvent& e) { return e.has_resolved(); });
  CHECK(resolved >= 2);
  CHECK(good.verified == 2 * resolved);
  CHECK(has(good.report(sides), "all " + std::to_string(good.verified) +
                                    " commitments verified; dice seed matches its hash"));

  SUBCASE("a revealed order changed") {
    auto bad = events;
    first_revealed(bad, 0).set_lines(0, "bid 3");
    const auto check = nc::check_history(bad, summary.seed_hash());
    REQUIRE(check.problems.size() == 1);
    CHECK(check.problems[0].step == 1);
    CHECK(check.problems[0].seat == 0u);
    CHECK(has(check.report(sides), "HISTORY CHECK FAILED"));
    CHECK(has(check.report(sides), "step 1, seat 0 (Red): the revealed orders and nonce hash to"));
  }
  SUBCASE("orders and their commitment both replaced, unlike what was published") {
    auto bad = events;
    auto& o = first_revealed(bad, 1);
    o.set_lines(0, "bid 2");
    o.set_commitment(nc::commitment_of(*nc::from_hex(o.nonce()), {"bid 2"}));
    const auto check = nc::check_history(bad, summary.seed_hash());
    REQUIRE(check.problems.size() == 1);
    CHECK(check.problems[0].seat == 1u);
    CHECK(has(check.report(sides), "step 1, seat 1 (Blue): the revealed orders hash to"));
    CHECK(has(check.report(sides), "but the seat committed"));
  }
  SUBCASE("the draft's commitment does not count: the last one does") {
    auto bad = events;
    // Drop every commitment but the first per seat and step (red's draft).
    std::set<std::pair<std::uint64_t, std::uint32_t>> kept;
    std::erase_if(bad, [&](const proto::GameEvent& e) {
      return e.has_committed() && !kept.insert({e.committed().step(), e.committed().seat()}).second;
    });
    const auto check = nc::check_history(bad, summary.seed_hash());
    CHECK_FALSE(check.ok());
    CHECK(has(check.report(sides), "step 1, seat 0 (Red): the revealed orders hash to"));
  }
  SUBCASE("a commitment that was never published") {
    auto bad = events;
    std::erase_if(bad, [](const proto::GameEvent& e) {
      return e.has_committed() && e.committed().step() == 2 && e.committed().seat() == 1;
    });
    const auto check = nc::check_history(bad, summary.seed_hash());
    REQUIRE(check.problems.size() == 1);
    CHECK(has(check.report(sides),
              "step 2, seat 1 (Blue): orders were revealed, but no "
              "commitment to them was published"));
  }
  SUBCASE("another dice seed") {
    auto bad = events;
    for (auto& e : bad) {
      if (e.has_over()) e.mutable_over()->set_seed(std::string(64, '0'));
    }
    const auto check = nc::check_history(bad, summary.seed_hash());
    REQUIRE(check.problems.size() == 1);
    CHECK_FALSE(check.seed_verified);
    CHECK(has(check.report(sides), "the game: the revealed dice seed hashes to"));
  }
}
