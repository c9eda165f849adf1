#pragma once
// The service without a network, for unit tests: a database in a scratch
// directory, a test clock, connections whose frames are collected, and the
// helpers the audit tests share.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "admin/audit.h"
#include "app/service.h"
#include "protocol/codec.h"
#include "storage/database.h"
#include "storage/tables.h"
#include "support/requests.h"
#include "support/temp_dir.h"
#include "support/test_database.h"
#include "test-games/duel_game.h"

namespace naumachia::testing {

using namespace naumachia::server;

// Collects what the service sends a connection: answers by request id, and
// pushes in arrival order.
struct FakeOutbox : Outbox {
  std::vector<proto::Envelope> pushes;
  std::map<std::uint64_t, proto::Envelope> answers;
  void send(std::string frame) override {
    proto::Envelope e;
    REQUIRE(e.ParseFromString(frame));
    if (e.has_event() || e.has_press_message() || e.has_signed_out()) {
      pushes.push_back(std::move(e));
    } else {
      answers[e.request_id()] = std::move(e);
    }
  }
};

struct Player {
  ConnectionState conn;
  std::shared_ptr<FakeOutbox> box = std::make_shared<FakeOutbox>();
};

// Password hashing at the lowest work factor and no proof of work for
// sign-ups: these tests are about the service, not about the cost of
// guessing. Notices stay in the outbox (the courier would read the test
// clock from its own thread).
inline ServiceLimits cheap_hashes() {
  ServiceLimits limits;
  limits.auth.scheme.iterations = PasswordScheme::kMinIterations;
  limits.auth.signup_work_bits = 0;
  limits.notify.deliver = false;
  return limits;
}

struct Harness {
  TempDir dir;
  TestDatabase database{dir.path()};
  Database db{database.target(), builtin_migrations()};
  Tables store{db};
  Registry registry;
  std::int64_t now = 1'000'000;
  boost::asio::io_context ioc;
  ServiceLimits limits;
  Service service{ioc, database.target(), registry, [this] { return now; }, limits};
  std::uint64_t next_id = 1;

  explicit Harness(ServiceLimits l = cheap_hashes()) : limits(l) {
    registry.add(testing::make_duel_game());
  }

  // Runs the service until nothing is left to do: handlers on its strand,
  // jobs on the workers, writes in the storage writer and their completions.
  void settle() {
    for (int idle = 0; idle < 3;) {
      ioc.restart();
      const std::size_t ran = ioc.run_for(std::chrono::milliseconds(20));
      service.flush();
      idle = ran == 0 ? idle + 1 : 0;
    }
  }

  proto::Envelope call(Player& p, proto::Envelope req) {
    req.set_version(proto::PROTOCOL_VERSION);
    req.set_request_id(next_id++);
    return send(p, req.SerializeAsString(), req.request_id());
  }

  // A raw frame, decoded as the network layer does; the answer to it.
  proto::Envelope send(Player& p, const std::string& frame, std::uint64_t id) {
    Decoded d = decode_request(frame, service.max_frame());
    proto::Envelope res;
    if (!d.request) {
      REQUIRE(res.ParseFromString(d.error));
      return res;
    }
    service.handle(p.conn, p.box, std::move(*d.request));
    // Password hashing runs on a worker: wait for the answer itself.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!p.box->answers.count(id) && std::chrono::steady_clock::now() < give_up) {
      ioc.restart();
      ioc.run_for(std::chrono::milliseconds(5));
    }
    settle();
    const auto it = p.box->answers.find(id);
    REQUIRE(it != p.box->answers.end());
    res = it->second;
    p.box->answers.erase(it);
    return res;
  }

  void check_deadlines() {
    service.check_deadlines();
    settle();
  }

  Player signed_up(const std::string& name) {
    Player p;
    proto::Envelope req;
    req.mutable_register_()->set_name(name);
    req.mutable_register_()->set_password("password-" + name);
    REQUIRE(call(p, req).has_session());
    return p;
  }

  // A Duel created by `a` and joined by `b` (at any free seat), with the
  // given deadlines; the game is running.
  std::uint64_t start_duel(Player& a, Player& b, std::uint64_t deadline = 0,
                           std::optional<std::uint32_t> disorder_after = std::nullopt) {
    const auto created = call(a, create_duel_request(deadline, disorder_after));
    REQUIRE_MESSAGE(created.has_game(), created.error().message());
    REQUIRE(call(b, join_request(created.game().id(), -1)).game().status() == proto::RUNNING);
    return created.game().id();
  }

  proto::Envelope submit(Player& p, std::uint64_t game, std::uint64_t step,
                         const std::vector<std::string>& lines, bool ready = true) {
    return call(p, orders_request(game, step, lines, ready));
  }
};

inline bool any_push_contains(const FakeOutbox& box, const std::string& needle) {
  for (const auto& e : box.pushes) {
    if (e.SerializeAsString().find(needle) != std::string::npos) return true;
  }
  return false;
}

// A server started afresh on the harness's database: it holds no game in
// memory, as after a restart, so it reads what was written by hand.
struct Restarted {
  Harness& h;
  // The harness's limits: cheap password hashes, as the first server had.
  Service service{h.ioc, h.database.target(), h.registry, [this] { return h.now; },
                  h.limits};
  std::uint64_t next_id = 7000;

  void settle() {
    h.settle();
    service.flush();
    h.settle();
  }

  proto::Envelope call(Player& p, proto::Envelope req) {
    req.set_version(proto::PROTOCOL_VERSION);
    req.set_request_id(++next_id);
    const std::uint64_t id = next_id;
    service.handle(p.conn, p.box, req);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!p.box->answers.count(id) && std::chrono::steady_clock::now() < give_up) {
      h.ioc.restart();
      h.ioc.run_for(std::chrono::milliseconds(5));
      service.flush();
    }
    settle();
    REQUIRE(p.box->answers.count(id));
    return p.box->answers[id];
  }

  Player logged_in(const std::string& name) {
    Player p;
    proto::Envelope login;
    login.mutable_login()->set_name(name);
    login.mutable_login()->set_password("password-" + name);
    REQUIRE(call(p, login).has_session());
    return p;
  }
};

inline bool mentions(const AuditReport& r, const std::string& needle) {
  return std::any_of(r.problems.begin(), r.problems.end(),
                     [&](const std::string& p) { return p.find(needle) != std::string::npos; });
}

inline std::string problems_of(const AuditReport& r) {
  std::string out;
  for (const std::string& p : r.problems) out += p + "\n";
  return out;
}

// An edit of a stored game that the audit must catch, naming `named`.
struct SqlTamper {
  std::string what;
  std::string sql;
  std::string named;
};

// Runs each tamper's SQL in a transaction, audits game `id`, rolls back;
// the game verifies again at the end.
inline void check_tampers(Harness& h, std::int64_t id, const std::vector<SqlTamper>& tampers) {
  for (const SqlTamper& t : tampers) {
    CAPTURE(t.what);
    h.db.exec_script("BEGIN");
    h.db.exec_script(t.sql);
    const AuditReport report = audit_game(h.store, h.registry, id);
    h.db.exec_script("ROLLBACK");
    CHECK_FALSE(report.ok());
    CHECK_MESSAGE(mentions(report, t.named), problems_of(report));
  }
  CHECK(audit_game(h.store, h.registry, id).ok());
}

// Rewrites the stored event `seq` of `game` with `edit` applied.
inline void edit_event(Database& db, Tables& store, std::int64_t game, std::int64_t seq,
                       const std::function<void(proto::GameEvent&)>& edit) {
  const auto page = store.events_after(game, seq - 1);
  REQUIRE_FALSE(page.empty());
  proto::GameEvent e;
  REQUIRE(e.ParseFromString(page.front()));
  edit(e);
  const std::string payload = e.SerializeAsString();
  db.prepare("UPDATE events SET payload = ? WHERE game_id = ? AND seq = ?")
      .bind_blob(1, Bytes(payload.begin(), payload.end()))
      .bind(2, game)
      .bind(3, seq)
      .run();
}

// The sequence number of the first stored event of `game` that `pred` picks.
inline std::int64_t event_seq(Tables& store, std::int64_t game,
                              const std::function<bool(const proto::GameEvent&)>& pred) {
  for (const std::string& payload : store.events_after(game, 0)) {
    proto::GameEvent e;
    REQUIRE(e.ParseFromString(payload));
    if (pred(e)) return static_cast<std::int64_t>(e.seq());
  }
  FAIL("no such event");
  return 0;
}

}  // namespace naumachia::testing
