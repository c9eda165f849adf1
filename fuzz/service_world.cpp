#include "service_world.h"

#include <unistd.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <deque>

#include "app/service.h"
#include "core/text.h"
#include "deterministic_rand.h"
#include "protocol/codec.h"
#include "storage/database.h"
#include "storage/tables.h"
#include "support.h"

namespace naumachia::fuzz {

namespace {

using server::ConnectionState;
using server::Outbox;

// The clock when the database is prepared (Unix seconds, 2023-11-14).
constexpr std::int64_t kStart = 1'700'000'000;
// A day: a step deadline any limit allows.
constexpr std::int64_t kDeadline = 24 * 3600;
// Far more than any request takes, even a replay under the sanitizers.
constexpr auto kAnswerWithin = std::chrono::seconds(60);

// The running games of the prepared database: a game of every scenario (and
// Diplomacy with every seat taken).
struct Plan {
  const char* scenario;
  int players;
};
constexpr Plan kRunning[] = {
    {"diplomacy/standard", 7}, {"diplomacy/standard", 2},   {"tyre/naval", 2},
    {"tyre/siege", 2},         {"constantinople/naval", 2}, {"classis/patrol", 2},
    {"classis/actium", 2},     {"classis/oneoff", 2},
};

// What the service sends one connection. Every frame must be an Envelope of
// this protocol version; answers are kept in order, pushes counted.
struct Box final : Outbox {
  std::vector<proto::Envelope> answers;
  std::size_t pushes = 0;
  void send(std::string frame) override {
    proto::Envelope e;
    if (!e.ParseFromString(frame)) broken("the service sent a frame that is not an Envelope");
    if (e.version() != proto::PROTOCOL_VERSION)
      broken("the service sent a frame of version " + std::to_string(e.version()));
    if (e.has_event() || e.has_press_message() || e.has_game_made() || e.has_signed_out()) {
      if (e.request_id() != 0)
        broken("a push carries request id " + std::to_string(e.request_id()));
      ++pushes;
      return;
    }
    answers.push_back(std::move(e));
  }
};

struct Connection {
  ConnectionState state;
  std::shared_ptr<Box> box = std::make_shared<Box>();
  std::size_t asked = 0;
};

// A service on a database, and connections to it.
class Session {
 public:
  Session(const std::string& db, std::int64_t now)
      : now_(now),
        service_(
            ioc_, db, shipped_modules(), [this] { return now_; }, quiet()) {}

  // Notices are queued but not delivered: the world sends nothing out; and
  // sign-ups pay no proof of work, so that the fuzzer reaches what follows.
  static server::ServiceLimits quiet() {
    server::ServiceLimits limits;
    limits.notify.deliver = false;
    limits.auth.signup_work_bits = 0;
    return limits;
  }

  ~Session() {
    settle();
    for (const Connection& c : connections_) {
      if (c.box->answers.size() != c.asked)
        broken(std::to_string(c.asked) + " requests got " + std::to_string(c.box->answers.size()) +
               " answers");
    }
  }

  Connection& connect() { return connections_.emplace_back(); }

  // Sends a request and waits for its answer, which must be the one answer
  // to it and no internal error (bad input gets a precise error).
  const proto::Envelope& ask(Connection& c, proto::Envelope request) {
    const std::uint64_t id = request.request_id();
    ++c.asked;
    service_.handle(c.state, c.box, std::move(request));
    const auto give_up = std::chrono::steady_clock::now() + kAnswerWithin;
    // The work guard keeps run_one_for waiting for the writer's and the
    // workers' completions instead of returning at once.
    const auto guard = boost::asio::make_work_guard(ioc_);
    while (c.box->answers.size() < c.asked) {
      ioc_.restart();
      ioc_.run_one_for(std::chrono::milliseconds(100));
      if (std::chrono::steady_clock::now() > give_up) broken("a request got no answer");
    }
    const proto::Envelope& answer = c.box->answers.back();
    if (answer.request_id() != id)
      broken("the answer to request " + std::to_string(id) + " carries id " +
             std::to_string(answer.request_id()));
    if (answer.body_case() == proto::Envelope::BODY_NOT_SET) broken("an answer without a body");
    if (answer.has_error()) {
      if (answer.error().code() == proto::INTERNAL)
        broken("an internal error: " + answer.error().message());
      if (answer.error().message().empty()) broken("an error without a message");
    }
    return answer;
  }

  // Hands the service everything it has to do, and waits until it is done.
  void settle() {
    for (;;) {
      service_.flush();
      ioc_.restart();
      if (ioc_.poll() == 0) return;
    }
  }

  void tick(std::int64_t seconds) {
    now_ += seconds;
    service_.check_deadlines();
    settle();
  }

  void drop(Connection& c) {
    service_.disconnect(c.state, c.box);
    settle();
  }

  std::int64_t now() const { return now_; }
  std::size_t max_frame() const { return service_.max_frame(); }

 private:
  std::int64_t now_;
  boost::asio::io_context ioc_;
  server::Service service_;
  std::deque<Connection> connections_;  // each lives as long as the service
};

proto::Envelope request() {
  proto::Envelope e;
  e.set_version(proto::PROTOCOL_VERSION);
  static std::uint64_t next = 1;
  e.set_request_id(next++);
  return e;
}

const proto::Envelope& must(const proto::Envelope& answer, const char* what) {
  if (answer.has_error())
    broken(std::string("preparing the database: ") + what + ": " + answer.error().message());
  return answer;
}

// Signs the connection in with a session token; false when the session is
// over (an input may have logged it out).
bool resume(Session& s, Connection& c, const std::string& token) {
  proto::Envelope r = request();
  r.mutable_resume()->set_token(token);
  return s.ask(c, std::move(r)).has_session();
}

std::int64_t create(Session& s, Connection& c, const std::string& scenario, int players,
                    std::int64_t deadline) {
  proto::Envelope r = request();
  auto& g = *r.mutable_create_game();
  g.set_scenario(scenario);
  g.set_seat(0);
  g.set_players(static_cast<std::uint32_t>(players));
  g.set_deadline_seconds(static_cast<std::uint64_t>(deadline));
  return static_cast<std::int64_t>(must(s.ask(c, std::move(r)), "create").game().id());
}

void join(Session& s, Connection& c, std::int64_t game, int seat) {
  proto::Envelope r = request();
  r.mutable_join_game()->set_game_id(static_cast<std::uint64_t>(game));
  r.mutable_join_game()->set_seat(seat);
  must(s.ask(c, std::move(r)), "join");
}

std::filesystem::path temp_dir() {
  // Memory, where there is one: every commit of the service is an fsync.
  const std::filesystem::path base =
      access("/dev/shm", W_OK) == 0 ? "/dev/shm" : std::filesystem::temp_directory_path();
  std::string name = (base / "naumachia-fuzz-XXXXXX").string();
  if (!mkdtemp(name.data())) broken("cannot make a directory under " + base.string());
  return name;
}

}  // namespace

std::vector<Op> read_ops(const std::uint8_t* data, std::size_t size) {
  std::vector<Op> ops;
  std::size_t at = 0;
  const auto u16 = [&] {
    const std::uint16_t lo = at < size ? data[at] : 0;
    const std::uint16_t hi = at + 1 < size ? data[at + 1] : 0;
    at += 2;
    return static_cast<std::uint16_t>(lo | hi << 8);
  };
  while (at < size && ops.size() < kMaxOps) {
    Op op;
    const std::uint8_t b = data[at++];
    if (b == kTick) {
      op.kind = Op::Kind::Tick;
      op.minutes = u16();
    } else if (b == kReconnect) {
      op.kind = Op::Kind::Reconnect;
      op.connection = at < size ? data[at] % kConnections : 0;
      ++at;
    } else {
      op.connection = b % kConnections;
      const std::size_t n = u16();
      const std::size_t from = std::min(at, size);
      op.frame.assign(reinterpret_cast<const char*>(data) + from, std::min(n, size - from));
      at = from + op.frame.size();
    }
    ops.push_back(std::move(op));
  }
  return ops;
}

std::string write_ops(const std::vector<Op>& ops) {
  std::string out;
  const auto u16 = [&](std::size_t v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>(v >> 8 & 0xFF);
  };
  for (const Op& op : ops) {
    switch (op.kind) {
      case Op::Kind::Tick:
        out += static_cast<char>(kTick);
        u16(op.minutes);
        break;
      case Op::Kind::Reconnect:
        out += static_cast<char>(kReconnect);
        out += static_cast<char>(op.connection);
        break;
      case Op::Kind::Frame:
        if (op.frame.size() > 0xFFFF) broken("a frame longer than an input may hold");
        out += static_cast<char>(op.connection);
        u16(op.frame.size());
        out += op.frame;
        break;
    }
  }
  return out;
}

const std::vector<std::string>& World::users() {
  static const std::vector<std::string> names{"alice", "bruno", "carla", "dario",
                                              "elena", "fabio", "gaia"};
  return names;
}

World::World() : dir_(temp_dir()), prepared_(dir_ / "prepared.db") {
  install_deterministic_rand();
  restart_rand(0);
  { server::Database migrated(prepared_.string(), server::builtin_migrations()); }
  {
    Session s(prepared_.string(), kStart);
    std::vector<Connection*> seats;
    for (const std::string& name : users()) {
      s.tick(3600);  // an hour apart, well within any sign-up throttle
      Connection& c = s.connect();
      proto::Envelope r = request();
      r.mutable_register_()->set_name(name);
      r.mutable_register_()->set_password("a long fuzzing password of " + name);
      tokens_.push_back(must(s.ask(c, std::move(r)), "register").session().token());
      seats.push_back(&c);
    }
    for (const Plan& p : kRunning) {
      const std::int64_t id = create(s, *seats[0], p.scenario, p.players, kDeadline);
      for (int seat = 1; seat < p.players; ++seat)
        join(s, *seats[static_cast<std::size_t>(seat)], id, seat);
    }
    create(s, *seats[1], "tyre/naval", 2, kDeadline);  // stays open
    const std::int64_t over = create(s, *seats[1], "classis/patrol", 2, 0);
    join(s, *seats[2], over, 1);
    proto::Envelope resign = request();
    resign.mutable_resign()->set_game_id(static_cast<std::uint64_t>(over));
    must(s.ask(*seats[2], std::move(resign)), "resign");
    // Two steps of every running game, by deadline with default orders.
    s.tick(kDeadline + 1);
    s.tick(kDeadline + 1);
    now_ = s.now();
  }
  server::Database db(prepared_.string());
  server::Tables store(db);
  for (std::int64_t id = 1;; ++id) {
    const auto row = store.game(id);
    if (!row) break;
    PreparedGame g;
    g.id = id;
    g.scenario = row->full_scenario();
    g.players = row->players;
    g.status = row->status;
    g.step = row->step;
    for (PlayerId seat : row->to_order.value_or(std::vector<PlayerId>{}))
      g.to_order.push_back(seat.value);
    if (g.status == server::GameStatus::Running) {
      auto state = shipped_modules().find(row->game)->deserialize(row->state,
                                                                  RulesVersion{row->rules_version});
      if (!state) broken("a prepared game does not read back: " + state.error().message);
      g.state = std::move(*state);
    }
    games_.push_back(std::move(g));
  }
}

World::~World() {
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void World::run(const std::vector<Op>& ops) {
  const std::filesystem::path db = dir_ / "run.db";
  for (const char* suffix : {"-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
  std::filesystem::copy_file(prepared_, db, std::filesystem::copy_options::overwrite_existing);
  restart_rand(1);
  Session s(db.string(), now_);
  std::vector<Connection*> connections{&s.connect()};
  for (int i = 1; i < kConnections; ++i) {
    Connection& c = s.connect();
    if (!resume(s, c, tokens_[static_cast<std::size_t>(i - 1)]))
      broken("a prepared session does not resume");
    connections.push_back(&c);
  }
  for (const Op& op : ops) {
    switch (op.kind) {
      case Op::Kind::Tick:
        s.tick(std::int64_t{op.minutes} * 60);
        break;
      case Op::Kind::Reconnect: {
        Connection*& c = connections[static_cast<std::size_t>(op.connection)];
        s.drop(*c);
        c = &s.connect();
        if (op.connection > 0)
          (void)resume(s, *c, tokens_[static_cast<std::size_t>(op.connection - 1)]);
        break;
      }
      case Op::Kind::Frame: {
        server::Decoded d = server::decode_request(op.frame, s.max_frame());
        if (!d.request) {
          proto::Envelope e;
          if (!e.ParseFromString(d.error) || !e.has_error())
            broken("decode_request's error is not an Error envelope");
          break;
        }
        // Each sign-up or log-in costs a deliberate password hash (tens of
        // milliseconds): the fuzzer would do little else. They are left to
        // the server tests; sessions come in through resume.
        if (d.request->has_register_() || d.request->has_login()) break;
        s.ask(*connections[static_cast<std::size_t>(op.connection)], std::move(*d.request));
        break;
      }
    }
  }
}

}  // namespace naumachia::fuzz
