// naumachia-bench-attack: the memory and worker attacks of the second
// hardening review (docs/security.md) against a real naumachia-server, each
// while a normal user logs in again and again. For each attack a fresh server
// on the same database first serves the same log-ins without it (the
// baseline, in the same run); the table sets the log-in latency and the
// server's memory under the attack beside the baseline's, with the ratio,
// and says whether a log-in stayed under a second.
//
// The attackers' connections come from one address and resume one session
// token, so the caps on connections per address, per user and per session
// (which would stop these attacks before they start) are lifted: what is
// measured is what bounds a client that does not read, and the separate
// queues of the workers. Everything else is the server's default, the
// request rate and the password hash's cost (600,000 iterations) included;
// the attackers stay within the request rate.
#include <sys/wait.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench_common.h"

namespace nb = naumachia::bench;
namespace net = boost::asio;
namespace proto = naumachia::proto;
using nb::Clock;
using nb::fixed;
using std::chrono::milliseconds;

namespace {

constexpr const char* kUsage =
    R"(usage: naumachia-bench-attack --server PATH [--quick] [--steps N]

Runs the attacks of the second hardening review against naumachia-server, each
on a fresh server over the same database, while a normal user logs in 20 times:
256 connections of one session asking list_games{limit: 200} and never reading;
32 asking for a Tyre picture and never reading; 32 connections of one account
replaying a long Tyre game. Prints the log-in latency (p50, max) and the
server's resident memory (peak) under each attack beside the same figures
without it, measured on the same server just before, and whether a log-in
stayed under a second.

  --server PATH   naumachia-server
  --quick         5 log-ins, a shorter warm-up and a 40-step game: a smoke run
  --steps N       steps of the Tyre game replayed (default 195)
)";

constexpr const char* kPassword = "bench-password";
constexpr const char* kScenario = "tyre/naval";

struct Settings {
  std::string server_path;
  int sign_ins = 20;                   // log-ins timed in each phase
  milliseconds sign_in_gap{500};       // between two log-ins
  double warmup_seconds = 5;           // the attack runs this long before the first log-in
  std::uint64_t long_steps = 195;      // steps of the replayed game
  std::size_t lobby_games = 250;       // games on the server: a full page of 200 to list
  std::size_t list_attackers = 256;    // attack 1: list_games{limit: 200}
  std::size_t picture_attackers = 32;  // attack 1: a Tyre picture
  std::size_t replay_attackers = 32;   // attack 2: replays of the long game
};

// What the attacks ask for: the games and the attacker's session.
struct World {
  std::string token;  // the attacker's session
  std::uint64_t picture_game = 0;
  std::uint64_t long_game = 0;
  std::uint64_t long_steps = 0;  // steps the long game has resolved
  std::size_t list_bytes = 0;    // one list_games{limit: 200} answer
  std::size_t picture_bytes = 0;
  std::size_t replay_bytes = 0;  // one page of the replay, with its pictures
};

struct Attack {
  std::string name;
  std::size_t connections = 0;
  proto::Envelope request;
  milliseconds every{0};  // each connection sends one request this often
  std::size_t answer_bytes = 0;
};

// One phase's figures: the log-ins, and the server's memory meanwhile.
struct Phase {
  nb::Latencies sign_in;
  double rss_start_mb = 0;
  double rss_peak_mb = 0;
  std::size_t failed_sign_ins = 0;
  std::size_t attackers_closed = 0;  // attack connections the server closed
  std::uint64_t requests_sent = 0;
};

struct AttackResult {
  Attack attack;
  Phase baseline;
  Phase under;
};

struct Results {
  std::vector<AttackResult> attacks;
  World world;
  std::vector<std::string> failures;
};

// The servers' common options: see the comment at the top.
std::vector<std::string> server_argv(const Settings& s, const std::string& db) {
  // clang-format off
  return {s.server_path, "--db", db, "--listen", "127.0.0.1:0",
          "--max-connections-per-address", "20000", "--max-connections-per-user", "20000",
          "--max-connections-per-session", "20000", "--logins-per-address", "1000000000",
          "--signups-per-address", "1000000000", "--signups-per-network", "1000000000",
          "--signup-work-bits", "0", "--max-open-games", "1000000"};
  // clang-format on
}

double rss_mb(pid_t pid) {
  return static_cast<double>(nb::rss_kib(pid)) / 1024.0;
}

net::awaitable<std::shared_ptr<nb::Client>> connect(nb::ClientContext& ctx,
                                                    const nb::Endpoint& at) {
  auto c = std::make_shared<nb::Client>(ctx);
  co_await c->open(at);
  co_return c;
}

net::awaitable<proto::Envelope> expect(nb::Client& c, proto::Envelope req,
                                       proto::Envelope::BodyCase body, const std::string& what) {
  co_return co_await c.call_expect(std::move(req), body, what);
}

proto::Envelope list_page(std::uint32_t limit) {
  proto::Envelope e;
  e.mutable_list_games()->set_limit(limit);
  return e;
}

proto::Envelope picture(std::uint64_t game) {
  proto::Envelope e = nb::requests::get_game(game);
  e.mutable_get_game()->set_picture(true);
  return e;
}

proto::Envelope replay(std::uint64_t game) {
  proto::Envelope e = nb::requests::replay(game);
  e.mutable_replay()->set_pictures(true);
  return e;
}

// The users, the games on the server, and a long Tyre game played with empty
// ready orders (the defaults) by both seats, on a server whose request rate
// is lifted so that setting up goes fast.
net::awaitable<World> build_world(const Settings& s, nb::ClientContext& ctx,
                                  const nb::Endpoint& at) {
  using B = proto::Envelope;
  World w;
  const auto user = [&](const std::string& name) -> net::awaitable<std::shared_ptr<nb::Client>> {
    auto c = co_await connect(ctx, at);
    co_await expect(*c, nb::requests::register_user(name, kPassword), B::kSession,
                    "register " + name);
    co_return c;
  };
  auto raider = co_await user("raider");
  auto rival = co_await user("rival");
  auto lobbyist = co_await user("lobbyist");
  auto citizen = co_await user("citizen");
  citizen->close();
  std::cerr << "making " << s.lobby_games << " games\n";
  for (std::size_t i = 0; i < s.lobby_games; ++i)
    co_await expect(*lobbyist, nb::requests::create_game(kScenario, 0, 2), B::kGame, "create_game");
  lobbyist->close();
  const auto two_player_game = [&]() -> net::awaitable<std::uint64_t> {
    const auto made =
        co_await expect(*raider, nb::requests::create_game(kScenario, 0, 2), B::kGame, "create");
    const std::uint64_t id = made.game().id();
    co_await expect(*rival, nb::requests::join_game(id, 1), B::kGame, "join");
    co_return id;
  };
  w.picture_game = co_await two_player_game();
  w.long_game = co_await two_player_game();
  std::cerr << "playing " << s.long_steps << " steps of " << kScenario << "\n";
  for (std::uint64_t played = 0; played < s.long_steps; ++played) {
    const auto d =
        co_await expect(*raider, nb::requests::get_game(w.long_game), B::kDetail, "get_game");
    if (d.detail().summary().status() == proto::OVER) break;
    for (const auto& seat : d.detail().summary().seats()) {
      if (!seat.must_order()) continue;
      co_await expect(
          seat.seat() == 0 ? *raider : *rival,
          nb::requests::submit_orders(w.long_game, d.detail().summary().step(), {}, true),
          B::kOrdersAccepted, "submit_orders");
    }
  }
  const auto d =
      co_await expect(*raider, nb::requests::get_game(w.long_game), B::kDetail, "get_game");
  w.long_steps = d.detail().summary().step() - 1;
  w.list_bytes = (co_await expect(*raider, list_page(200), B::kGames, "list_games")).ByteSizeLong();
  w.picture_bytes =
      (co_await expect(*raider, picture(w.picture_game), B::kDetail, "picture")).ByteSizeLong();
  w.replay_bytes =
      (co_await expect(*raider, replay(w.long_game), B::kReplayResult, "replay")).ByteSizeLong();
  raider->close();
  // The attacker's session, from a log-in of its own.
  auto attacker = co_await connect(ctx, at);
  const auto session = co_await expect(*attacker, nb::requests::login("raider", kPassword),
                                       B::kSession, "login raider");
  w.token = session.session().token();
  attacker->close();
  rival->close();
  co_return w;
}

// Set when the scope ends, however it ends: tells a detached coroutine to stop.
struct StopOnExit {
  std::shared_ptr<bool> flag = std::make_shared<bool>(false);
  ~StopOnExit() { *flag = true; }
};

// Samples the server's resident memory every 100 ms until `done`, into `peak`.
net::awaitable<void> sample_rss(pid_t pid, std::shared_ptr<bool> done,
                                std::shared_ptr<double> peak) {
  while (!*done) {
    *peak = std::max(*peak, rss_mb(pid));
    co_await nb::sleep_for(milliseconds(100));
  }
}

// A normal user's log-ins, one after another: a new connection (TCP, TLS,
// WebSocket) and a log-in with the password, timed to the session's answer.
net::awaitable<void> sign_ins(const Settings& s, nb::ClientContext& ctx, const nb::Endpoint& at,
                              pid_t pid, Phase& p) {
  p.rss_start_mb = rss_mb(pid);
  auto peak = std::make_shared<double>(p.rss_start_mb);
  {
    StopOnExit sampling;
    net::co_spawn(co_await net::this_coro::executor, sample_rss(pid, sampling.flag, peak),
                  net::detached);
    for (int i = 0; i < s.sign_ins; ++i) {
      const auto start = Clock::now();
      try {
        auto c = co_await connect(ctx, at);
        co_await c->call_expect(nb::requests::login("citizen", kPassword),
                                proto::Envelope::kSession, "log-in", milliseconds(30000));
        p.sign_in.add(Clock::now() - start);
        c->close();
      } catch (const nb::BenchError& e) {
        ++p.failed_sign_ins;
        std::cerr << "  a log-in failed: " << e.what() << "\n";
      }
      co_await nb::sleep_for(s.sign_in_gap);
    }
  }
  p.rss_peak_mb = std::max(*peak, rss_mb(pid));
}

// The attack's connections, which stopped reading, each send their request
// every `attack.every` (one at most waiting in the client) until `stop`.
net::awaitable<void> run_attackers(std::vector<std::shared_ptr<nb::Client>> clients,
                                   proto::Envelope req, milliseconds every,
                                   std::shared_ptr<bool> stop,
                                   std::shared_ptr<std::uint64_t> sent) {
  req.set_version(proto::PROTOCOL_VERSION);
  req.set_request_id(1);
  const std::string frame = req.SerializeAsString();
  while (!*stop) {
    for (auto& c : clients) {
      if (c->is_open() && c->unsent() == 0) {
        c->send(frame);
        ++*sent;
      }
    }
    co_await nb::sleep_for(every);
  }
}

net::awaitable<void> run_attack(const Settings& s, nb::ClientContext& ctx, const nb::Endpoint& at,
                                pid_t pid, const World& w, AttackResult& r) {
  std::cerr << r.attack.name << ": baseline\n";
  co_await sign_ins(s, ctx, at, pid, r.baseline);
  const double before = rss_mb(pid);
  std::cerr << r.attack.name << ": opening " << r.attack.connections << " connections\n";
  auto clients = co_await nb::open_clients(ctx, at, r.attack.connections);
  nb::CloseOnExit closer(clients);
  for (auto& c : clients) {
    co_await expect(*c, nb::requests::resume(w.token), proto::Envelope::kSession, "resume");
    c->stop_reading();
  }
  auto sent = std::make_shared<std::uint64_t>(0);
  {
    StopOnExit attacking;
    net::co_spawn(co_await net::this_coro::executor,
                  run_attackers(clients, r.attack.request, r.attack.every, attacking.flag, sent),
                  net::detached);
    co_await nb::sleep_for(std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(s.warmup_seconds)));
    std::cerr << r.attack.name << ": log-ins under the attack\n";
    co_await sign_ins(s, ctx, at, pid, r.under);
  }
  r.under.rss_start_mb = before;  // the growth counts the attack's whole run
  r.under.requests_sent = *sent;
  for (auto& c : clients) r.under.attackers_closed += c->is_open() ? 0 : 1;
}

std::vector<Attack> attacks(const Settings& s, const World& w) {
  return {
      {"256 connections of one session asking list_games{limit: 200}, never reading",
       s.list_attackers, list_page(200), milliseconds(50), w.list_bytes},
      {"32 connections of one session asking for a Tyre picture, never reading",
       s.picture_attackers, picture(w.picture_game), milliseconds(50), w.picture_bytes},
      // A replay counts as 20 requests against the rate of 40 a second.
      {"32 connections of one account replaying a " + std::to_string(w.long_steps) +
           "-step Tyre game (pictures), never reading",
       s.replay_attackers, replay(w.long_game), milliseconds(600), w.replay_bytes},
  };
}

void print_results(std::ostream& out, const Settings& s, Results& r) {
  out << "\nnaumachia attack benchmark: " << s.sign_ins << " log-ins per phase, "
      << s.sign_in_gap.count() << " ms apart, the attack running " << fixed(s.warmup_seconds, 1)
      << " s before the first; answers: list_games{limit: 200} " << r.world.list_bytes / 1024
      << " KiB, a Tyre picture " << r.world.picture_bytes / 1024 << " KiB, a replay page "
      << r.world.replay_bytes / 1024 << " KiB\n\n";
  nb::Table t("no attack", "attack");
  for (AttackResult& a : r.attacks) {
    t.section(a.attack.name);
    t.add("log-in, p50 ms", a.baseline.sign_in.percentile_ms(0.5),
          a.under.sign_in.percentile_ms(0.5), 1);
    t.add("log-in, max ms", a.baseline.sign_in.max_ms(), a.under.sign_in.max_ms(), 1);
    t.add("server RSS, peak MB", a.baseline.rss_peak_mb, a.under.rss_peak_mb, 1);
    t.add("server RSS, growth over the phase (attack included) MB",
          a.baseline.rss_peak_mb - a.baseline.rss_start_mb,
          a.under.rss_peak_mb - a.under.rss_start_mb, 1);
  }
  t.print(out);
  out << "\ntargets (a normal log-in under a second during each attack)\n";
  for (AttackResult& a : r.attacks) {
    const bool all = a.under.failed_sign_ins == 0 && a.under.sign_in.count() > 0;
    const double worst = a.under.sign_in.max_ms();
    out << "  " << a.attack.name << ": max " << fixed(worst, 1) << " ms"
        << (a.under.failed_sign_ins ? ", " + std::to_string(a.under.failed_sign_ins) + " failed"
                                    : "")
        << ": " << (all && worst < 1000 ? "target met" : "TARGET MISSED") << "\n";
    out << "    " << a.under.requests_sent << " requests sent; " << a.under.attackers_closed
        << " of " << a.attack.connections << " attack connections closed by the server\n";
  }
}

net::awaitable<void> run(const Settings& s, nb::ClientContext& ctx, Results& r,
                         const std::string& dir, int cpu) {
  const std::string db = dir + "/attack.db";
  {
    nb::Endpoint at;
    auto argv = server_argv(s, db);
    for (const char* o : {"--request-rate", "1000000000", "--request-burst", "1000000000"})
      argv.push_back(o);
    auto server =
        nb::start_server("naumachia-server (setting up)", argv, dir + "/setup.log", cpu, at);
    r.world = co_await build_world(s, ctx, at);
    nb::stop_server("naumachia-server (setting up)", *server, r.failures);
  }
  int n = 0;
  const std::vector<Attack> all = attacks(s, r.world);
  r.attacks.reserve(all.size());
  for (const Attack& a : all) {
    nb::Endpoint at;
    const std::string log = dir + "/attack-" + std::to_string(++n) + ".log";
    auto server = nb::start_server("naumachia-server", server_argv(s, db), log, cpu, at);
    r.attacks.push_back(AttackResult{a, {}, {}});
    try {
      co_await run_attack(s, ctx, at, server->pid(), r.world, r.attacks.back());
    } catch (const std::exception& e) {
      r.failures.push_back(a.name + ": " + e.what());
    }
    nb::stop_server("naumachia-server", *server, r.failures);
  }
}

int parse_options(int argc, char** argv, Settings& s) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return -1;
    } else if (a == "--server" && has_value) {
      s.server_path = argv[++i];
    } else if (a == "--quick") {
      s.sign_ins = 5;
      s.warmup_seconds = 2;
      s.long_steps = 40;
    } else if (a == "--steps" && has_value) {
      s.long_steps = std::stoull(argv[++i]);
    } else {
      std::cerr << "naumachia-bench-attack: unknown or incomplete option '" << a << "'\n\n"
                << kUsage;
      return 2;
    }
  }
  if (s.server_path.empty()) {
    std::cerr << "naumachia-bench-attack: --server is required\n\n" << kUsage;
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  if (const int rc = parse_options(argc, argv, settings)) return rc < 0 ? 0 : rc;
  GOOGLE_PROTOBUF_VERIFY_VERSION;
  Results results;
  std::string dir;
  try {
    std::cerr << "open file limit: " << nb::raise_file_limit() << "\n";
    // As in the load benchmark: the server on one CPU, the clients on another.
    const std::vector<int> cpus = nb::usable_cpus();
    int cpu = -1;
    if (cpus.size() >= 2 && nb::pin_self(cpus[1])) {
      cpu = cpus[0];
      std::cerr << "server pinned to CPU " << cpus[0] << ", clients to CPU " << cpus[1] << "\n";
    }
    dir = nb::make_temp_dir("naumachia-attack-");
    std::cerr << "working directory " << dir << "\n";
    net::io_context io(1);
    nb::ClientContext ctx(io);
    net::co_spawn(io, run(settings, ctx, results, dir, cpu), [&](std::exception_ptr e) {
      ctx.close_all();
      io.stop();
      if (!e) return;
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        results.failures.push_back(x.what());
      }
    });
    io.run();
  } catch (const std::exception& e) {
    results.failures.push_back(e.what());
  }
  print_results(std::cout, settings, results);
  if (!results.failures.empty()) {
    std::cout << "\nFAILURES\n";
    for (const std::string& f : results.failures) std::cout << "  " << f << "\n";
    if (!dir.empty()) std::cout << "logs and database kept in " << dir << "\n";
    return 1;
  }
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return 0;
}
