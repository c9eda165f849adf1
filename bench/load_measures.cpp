#include "load_measures.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <regex>
#include <sstream>

namespace naumachia::bench {

namespace {

using B = proto::Envelope;

std::string fixed(double v, int decimals) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << v;
  return out.str();
}

std::string kib(std::size_t bytes) {
  return fixed(static_cast<double>(bytes) / 1024.0, 1) + " KiB";
}

// Reads CPU counters when the window opens and closes.
class CpuWatch final : public WindowObserver {
 public:
  explicit CpuWatch(pid_t server) : server_(server) {}
  void opened() override {
    start_ = Clock::now();
    generator_start_ = cpu_seconds(getpid());
    server_start_ = cpu_seconds(server_);
  }
  void closed() override {
    const double wall = std::chrono::duration<double>(Clock::now() - start_).count();
    const double generator = cpu_seconds(getpid());
    const double server = cpu_seconds(server_);
    if (wall <= 0) return;
    if (generator >= 0 && generator_start_ >= 0)
      use.generator = 100.0 * (generator - generator_start_) / wall;
    if (server >= 0 && server_start_ >= 0) use.server = 100.0 * (server - server_start_) / wall;
  }
  CpuUse use;

 private:
  pid_t server_;
  Clock::time_point start_;
  double generator_start_ = -1;
  double server_start_ = -1;
};

// A progress line on stderr; a load that had failures also goes on the
// failure list.
void report(Results& res, const std::string& what, LoadResult& r, bool tail = false,
            const CpuUse* cpu = nullptr) {
  std::cerr << what << ": " << fixed(r.per_second(), 1) << " requests/s, p50 "
            << fixed(r.latency.percentile_ms(0.5), 3) << " ms, p99 "
            << fixed(r.latency.percentile_ms(0.99), 3) << " ms";
  if (tail) {
    std::cerr << ", p99.9 " << fixed(r.latency.percentile_ms(0.999), 3) << " ms, max "
              << fixed(r.latency.max_ms(), 3) << " ms";
  }
  if (cpu) {
    std::cerr << "; CPU: load generator " << fixed(cpu->generator, 0) << "%, server "
              << fixed(cpu->server, 0) << "%";
  }
  if (!r.ok()) {
    std::cerr << "; " << r.problems();
    res.failures.push_back(what + ": " + r.problems());
  }
  std::cerr << "\n";
}

std::uint64_t pushes_of(std::vector<std::unique_ptr<RequestStream>>& streams) {
  std::uint64_t n = 0;
  for (auto& s : streams) n += s->client().pushes();
  return n;
}

class Run {
 public:
  Run(const Settings& s, ClientContext& ctx, Servers& srv, Results& res)
      : s_(s), ctx_(ctx), srv_(srv), res_(res) {}

  net::awaitable<void> all() {
    const bool seated = co_await guarded("seating the order players", &Run::seat_order_players);
    if (seated) {
      co_await guarded("closed loops", &Run::closed_loops);
      co_await guarded("open loop", &Run::open_loops);
    }
    co_await guarded("idle connection memory", &Run::idle_memory);
    co_await guarded("request costs", &Run::costs);
    co_await guarded("order choices", &Run::choices_costs);
    co_await guarded("admin replay", &Run::admin_replay);
  }

 private:
  using Section = net::awaitable<void> (Run::*)();

  // Runs one section; its failure is recorded, and the run goes on.
  // (Sections are member pointers, not lambdas: GCC 12 destroys a lambda
  // temporary in a co_await expression twice.)
  net::awaitable<bool> guarded(const char* name, Section section) {
    std::string failure;
    try {
      co_await (this->*section)();
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (failure.empty()) co_return true;
    std::cerr << name << " FAILED: " << failure << "\n";
    res_.failures.push_back(name + (": " + failure));
    co_return false;
  }

  // ------------------------------------------------------------ order load

  net::awaitable<void> seat_order_players() {
    std::size_t most = s_.open_loop_connections;
    for (std::size_t n : s_.levels) most = std::max(most, n);
    std::cerr << "registering " << most + kSeats - 1 << " users and starting " << most
              << " Diplomacy games on naumachia, one player of each online...\n";
    const auto t0 = Clock::now();
    // Four sign-ups at once: the server hashes at most four passwords of one
    // address at a time (--hashing-queue) and refuses a fifth.
    order_players_ = co_await seat_solo_players(ctx_, srv_.ours_at, most, "solo", 4);
    // For the fan-out row: whole tables, every seat online.
    const std::size_t tables = (s_.open_loop_connections + kSeats - 1) / kSeats;
    std::cerr << "registering " << tables * kSeats << " users and starting " << tables
              << " Diplomacy games with all seven players online...\n";
    table_players_ = co_await seat_players(ctx_, srv_.ours_at, tables, "t", 4);
    std::cerr << "  done in " << fixed(std::chrono::duration<double>(Clock::now() - t0).count(), 1)
              << " s\n";
    for (const Player& p : order_players_) {
      B env = order_request(p);
      env.set_version(proto::PROTOCOL_VERSION);
      env.set_request_id(std::uint64_t{1} << 21);  // the width every request id has
      frame_sizes_.push_back(env.ByteSizeLong());
    }
    std::vector<std::size_t> sorted = frame_sizes_;
    std::sort(sorted.begin(), sorted.end());
    res_.frame_bytes = sorted[sorted.size() / 2];
    res_.frame_min = sorted.front();
    res_.frame_max = sorted.back();
    std::cerr << "submit_orders frames: " << res_.frame_min << " to " << res_.frame_max
              << " bytes over the seats (median " << res_.frame_bytes
              << "); echo connection i sends frames of seat i's size\n";
  }

  net::awaitable<std::vector<std::unique_ptr<EchoStream>>> echo_streams(std::size_t n) {
    auto clients = co_await open_clients(ctx_, srv_.echo_at, n);
    std::vector<std::unique_ptr<EchoStream>> out;
    for (std::size_t i = 0; i < n; ++i) {
      out.push_back(std::make_unique<EchoStream>(clients[i], frame_sizes_.at(i)));
    }
    co_return out;
  }

  net::awaitable<std::vector<std::unique_ptr<RequestStream>>> order_streams(
      std::size_t n, bool whole_tables = false) {
    const std::vector<Player>& from = whole_tables ? table_players_ : order_players_;
    const std::vector<Player> players(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(n));
    auto clients = co_await resume_clients(ctx_, srv_.ours_at, players);
    std::vector<std::unique_ptr<RequestStream>> out;
    for (std::size_t i = 0; i < n; ++i) {
      out.push_back(std::make_unique<RequestStream>(clients[i], order_request(players[i]),
                                                    B::kOrdersAccepted));
    }
    co_return out;
  }

  net::awaitable<void> closed_loops() {
    for (std::size_t n : s_.levels) {
      const std::string what =
          "closed loop, " + std::to_string(n) + " connection" + (n == 1 ? "" : "s");
      {
        auto streams = co_await echo_streams(n);
        CpuWatch cpu(srv_.echo->pid());
        LoadResult r = co_await closed_loop(stream_pointers(streams), s_.timing(), &cpu);
        report(res_, what + ", echo", r, false, &cpu.use);
        res_.closed_echo[n] = std::move(r);
        res_.closed_cpu_echo[n] = cpu.use;
      }
      {
        auto streams = co_await order_streams(n);
        CpuWatch cpu(srv_.ours->pid());
        LoadResult r = co_await closed_loop(stream_pointers(streams), s_.timing(), &cpu);
        res_.pushes += pushes_of(streams);
        report(res_, what + ", naumachia", r, false, &cpu.use);
        res_.closed_ours[n] = std::move(r);
        res_.closed_cpu_ours[n] = cpu.use;
      }
    }
    // The same orders when every seat of each game is online: each order is
    // also pushed (as a commitment) to the six other players of its game.
    const std::size_t n = s_.open_loop_connections;
    auto streams = co_await order_streams(n, true);
    CpuWatch cpu(srv_.ours->pid());
    LoadResult r = co_await closed_loop(stream_pointers(streams), s_.timing(), &cpu);
    res_.pushes += pushes_of(streams);
    report(res_,
           "closed loop, " + std::to_string(n) + " connections, whole tables online, naumachia", r,
           false, &cpu.use);
    res_.fanout = std::move(r);
    res_.fanout_cpu = cpu.use;
    if (!srv_.second) co_return;
    // Two servers on the one PostgreSQL database: the same loads, each
    // player on one server or the other.
    for (int pass = 0; pass < 2; ++pass) {
      const bool tables = pass == 1;
      const std::vector<Player>& from = tables ? table_players_ : order_players_;
      std::vector<std::unique_ptr<RequestStream>> split;
      for (std::size_t i = 0; i < n; ++i) {
        std::vector<Player> who;
        who.push_back(from[i]);
        const Endpoint at = i % 2 ? srv_.second_at : srv_.ours_at;
        auto one = co_await resume_clients(ctx_, at, who);
        split.push_back(
            std::make_unique<RequestStream>(one.at(0), order_request(from[i]), B::kOrdersAccepted));
      }
      LoadResult two = co_await closed_loop(stream_pointers(split), s_.timing(), nullptr);
      res_.pushes += pushes_of(split);
      report(res_,
             "closed loop, " + std::to_string(n) + " connections over two servers" +
                 (tables ? ", whole tables online, seats alternating" : "") + ", naumachia",
             two);
      (tables ? res_.two_servers_tables : res_.two_servers) = std::move(two);
    }
  }

  net::awaitable<void> open_loops() {
    double best = 0;
    for (auto& [n, r] : res_.closed_ours) best = std::max(best, r.per_second());
    if (best <= 0) throw BenchError("naumachia has no closed-loop rate to take half of");
    res_.open_rate = best / 2;
    const std::size_t n = s_.open_loop_connections;
    const std::string what = "open loop, " + std::to_string(n) + " connections at " +
                             fixed(res_.open_rate, 1) + " requests/s";
    {
      auto streams = co_await echo_streams(n);
      CpuWatch cpu(srv_.echo->pid());
      LoadResult r =
          co_await open_loop(stream_pointers(streams), res_.open_rate, s_.timing(), &cpu);
      report(res_, what + ", echo", r, true, &cpu.use);
      res_.open_echo = std::move(r);
      res_.open_cpu_echo = cpu.use;
    }
    {
      auto streams = co_await order_streams(n);
      CpuWatch cpu(srv_.ours->pid());
      LoadResult r =
          co_await open_loop(stream_pointers(streams), res_.open_rate, s_.timing(), &cpu);
      res_.pushes += pushes_of(streams);
      report(res_, what + ", naumachia", r, true, &cpu.use);
      res_.open_ours = std::move(r);
      res_.open_cpu_ours = cpu.use;
    }
  }

  // ------------------------------------------------------------ idle memory

  // Server memory per idle connection: TLS and WebSocket handshakes done,
  // nothing sent. The closes are awaited (the server's descriptor count
  // falls back) so that the next measurement starts from a quiet server.
  net::awaitable<double> idle_kib(const Endpoint& at, pid_t pid, std::size_t n) {
    const long fds_before = open_fds(pid);
    const long before = rss_kib(pid);
    auto clients = co_await open_clients(ctx_, at, n, 200);
    const CloseOnExit closer(clients);
    co_await sleep_for(std::chrono::seconds(1));
    const long after = rss_kib(pid);
    close_all(clients);
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (open_fds(pid) > fds_before + 8 && Clock::now() < deadline) {
      co_await sleep_for(milliseconds(50));
    }
    if (before < 0 || after < 0)
      throw BenchError("cannot read VmRSS of process " + std::to_string(pid));
    co_return static_cast<double>(after - before) / static_cast<double>(n);
  }

  net::awaitable<void> idle_memory() {
    for (std::size_t n : s_.idle_sizes) {
      const std::string what = "idle connections, " + std::to_string(n);
      res_.idle_echo[n] = co_await idle_kib(srv_.echo_at, srv_.echo->pid(), n);
      std::cerr << what << ", echo: " << fixed(res_.idle_echo[n], 1) << " KiB each\n";
      res_.idle_ours[n] = co_await idle_kib(srv_.ours_at, srv_.ours->pid(), n);
      std::cerr << what << ", naumachia: " << fixed(res_.idle_ours[n], 1) << " KiB each\n";
    }
  }

  // ------------------------------------------------------------ request costs

  using Streams = std::vector<std::unique_ptr<Stream>>;

  // Signed-in connections (the hosts' sessions, round-robin) each sending `request`.
  net::awaitable<Streams> signed_in_streams(const B& request, B::BodyCase expected) {
    std::vector<Player> who;
    for (std::size_t i = 0; i < s_.cost_loaders; ++i) who.push_back(hosts_[i % hosts_.size()]);
    auto clients = co_await resume_clients(ctx_, srv_.ours_at, who);
    Streams out;
    for (auto& c : clients) out.push_back(std::make_unique<RequestStream>(c, request, expected));
    co_return out;
  }

  Streams fresh_connection_streams(FreshConnectionStream::MakeRequest make) {
    Streams out;
    for (std::size_t i = 0; i < s_.cost_loaders; ++i) {
      out.push_back(std::make_unique<FreshConnectionStream>(ctx_, srv_.ours_at, make, B::kSession));
    }
    return out;
  }

  // Fills the server: the game whose history is read, then open and running
  // games up to `world_games`.
  net::awaitable<void> build_world(std::vector<std::shared_ptr<Client>>& hosts) {
    co_await play_steps(hosts, history_game_, s_.history_steps, res_.history);
    std::vector<std::function<net::awaitable<void>()>> tasks;
    for (std::size_t g = 1; g < s_.world_games; ++g) {
      tasks.push_back([&hosts, g]() -> net::awaitable<void> {
        // Every third game runs (all seven seats taken); the others stay open
        // with one to four players.
        const bool running = g % 3 == 0;
        const std::size_t creator = running ? 0 : g % kSeats;
        const std::size_t joins = running ? kSeats - 1 : g % 4;
        const B created = co_await hosts[creator]->call_expect(
            requests::create_game(kScenario, 0, kSeats), B::kGame, "create_game");
        for (std::size_t k = 1; k <= joins; ++k) {
          co_await hosts[(creator + k) % kSeats]->call_expect(
              requests::join_game(created.game().id(), static_cast<int>(k)), B::kGame, "join_game");
        }
      });
    }
    co_await run_all(std::move(tasks), 4);
  }

  // One line on what a request reads, from one answer to it.
  net::awaitable<std::string> describe_answer(Client& c, const B& request, B::BodyCase expected,
                                              const std::string& name) {
    const B a = co_await c.call_expect(request, expected, name);
    const std::string size = kib(a.ByteSizeLong());
    if (a.has_games()) co_return std::to_string(a.games().games_size()) + " games, " + size;
    if (a.has_events_result()) {
      co_return std::to_string(a.events_result().events_size()) + " events, " + size;
    }
    if (a.has_replay_result()) {
      co_return std::to_string(a.replay_result().steps_size()) + " steps, " + size;
    }
    if (a.has_detail() && !a.detail().picture().empty())
      co_return "a picture of " + kib(a.detail().picture().size()) + ", " + size;
    if (a.has_press_result()) {
      co_return std::to_string(a.press_result().messages_size()) + " messages, " + size;
    }
    co_return size;
  }

  net::awaitable<void> measure_cost(const std::string& name, Streams streams, Stream& probe) {
    CostResult c;
    c.name = name;
    const std::vector<Stream*> all = stream_pointers(streams);
    const std::vector<Stream*> first(all.begin(), all.begin() + 1);
    c.alone = co_await closed_loop(first, s_.timing());
    report(res_, name + ", one connection", c.alone);
    c.loaded = co_await closed_loop_with_probe(all, probe, s_.probe_every, s_.timing());
    report(res_, name + ", " + std::to_string(all.size()) + " connections", c.loaded.load);
    report(res_, "  probe meanwhile", c.loaded.probe, true);
    // Beside the order submitters: what a player waits for while others
    // order and some read or draw heavier things.
    if (order_players_.size() >= s_.open_loop_connections) {
      auto orders = co_await order_streams(s_.open_loop_connections);
      std::vector<Stream*> both = stream_pointers(orders);
      both.insert(both.end(), all.begin(), all.end());
      ProbedLoad p = co_await closed_loop_with_probe(both, probe, s_.probe_every, s_.timing());
      res_.pushes += pushes_of(orders);
      report(res_,
             name + ", " + std::to_string(all.size()) + " connections beside " +
                 std::to_string(orders.size()) + " x submit_orders",
             p.load);
      report(res_, "  probe meanwhile", p.probe, true);
      c.beside_orders = std::move(p);
    }
    res_.costs.push_back(std::move(c));
  }

  net::awaitable<void> costs() {
    std::cerr << "building the world: " << s_.world_games << " games (every third running), one "
              << "played for " << s_.history_steps << " steps...\n";
    const auto t0 = Clock::now();
    hosts_ = co_await seat_players(ctx_, srv_.ours_at, 1, "h", 1);
    history_game_ = hosts_.front().game;
    auto host_clients = co_await resume_clients(ctx_, srv_.ours_at, hosts_);
    const CloseOnExit close_hosts(host_clients);
    co_await build_world(host_clients);
    std::cerr << "  done in " << fixed(std::chrono::duration<double>(Clock::now() - t0).count(), 1)
              << " s\n";

    const B games = requests::list_games();
    const B events = requests::events(history_game_, 0);
    const B replay = requests::replay(history_game_);
    const B replay_pictures = requests::replay(history_game_, true);
    const B picture = requests::get_game(history_game_, true);
    const B press_send = requests::send_press(history_game_, "a public message of the benchmark");
    const B press_read = requests::press(history_game_);
    const B notices = requests::notify_show();
    Client& first = *host_clients.front();
    const std::string games_note = co_await describe_answer(first, games, B::kGames, "list_games");
    const std::string events_note =
        co_await describe_answer(first, events, B::kEventsResult, "events");
    const std::string replay_note =
        co_await describe_answer(first, replay, B::kReplayResult, "replay");
    const std::string replay_pictures_note =
        co_await describe_answer(first, replay_pictures, B::kReplayResult, "replay");
    const std::string picture_note =
        co_await describe_answer(first, picture, B::kDetail, "get_game");
    close_all(host_clients);

    auto probe_clients = co_await open_clients(ctx_, srv_.ours_at, 1);
    const CloseOnExit close_probe(probe_clients);
    RequestStream probe(probe_clients.front(), requests::list_scenarios(), B::kScenarios);
    {
      const std::vector<Stream*> probes{&probe};
      LoadResult idle = co_await open_loop(
          probes, 1.0 / std::chrono::duration<double>(s_.probe_every).count(), s_.timing());
      report(res_,
             "probe (list_scenarios every " + std::to_string(s_.probe_every.count()) +
                 " ms), idle server",
             idle, true);
      res_.probe_idle = std::move(idle);
    }

    // The request makers are named locals: GCC 12 destroys a lambda
    // temporary inside a co_await expression twice.
    const std::string login_name = hosts_.front().name;
    const FreshConnectionStream::MakeRequest login = [login_name] {
      return requests::login(login_name, kPassword);
    };
    Streams logins = fresh_connection_streams(login);
    co_await measure_cost("login", std::move(logins), probe);

    auto registered = std::make_shared<std::size_t>(0);
    const FreshConnectionStream::MakeRequest register_next = [registered] {
      return requests::register_user("reg" + std::to_string(++*registered), kPassword);
    };
    Streams registers = fresh_connection_streams(register_next);
    co_await measure_cost("register", std::move(registers), probe);

    Streams listers = co_await signed_in_streams(games, B::kGames);
    co_await measure_cost("list_games (" + games_note + ")", std::move(listers), probe);
    Streams readers = co_await signed_in_streams(events, B::kEventsResult);
    co_await measure_cost("events after_seq 0 (" + events_note + ")", std::move(readers), probe);
    Streams replayers = co_await signed_in_streams(replay, B::kReplayResult);
    co_await measure_cost("replay (" + replay_note + ")", std::move(replayers), probe);
    Streams drawn_replayers = co_await signed_in_streams(replay_pictures, B::kReplayResult);
    co_await measure_cost("replay_with_pictures (" + replay_pictures_note + ")",
                          std::move(drawn_replayers), probe);
    Streams drawers = co_await signed_in_streams(picture, B::kDetail);
    co_await measure_cost("get_game_with_picture (" + picture_note + ")", std::move(drawers),
                          probe);
    // Each message sent is stored and pushed to the game's six other
    // players; the reads after it then page through those messages.
    Streams senders = co_await signed_in_streams(press_send, B::kPressSent);
    co_await measure_cost("send_press (public, to a game of seven)", std::move(senders), probe);
    Streams press_readers = co_await signed_in_streams(press_read, B::kPressResult);
    co_await measure_cost("press (the game's messages from the first)", std::move(press_readers),
                          probe);
    Streams settings_readers = co_await signed_in_streams(notices, B::kNotifySettings);
    co_await measure_cost("notify (the notice settings)", std::move(settings_readers), probe);

    if (order_players_.size() >= s_.open_loop_connections) {
      auto streams = co_await order_streams(s_.open_loop_connections);
      ProbedLoad p = co_await closed_loop_with_probe(stream_pointers(streams), probe,
                                                     s_.probe_every, s_.timing());
      res_.pushes += pushes_of(streams);
      report(res_, "submit_orders, " + std::to_string(streams.size()) + " connections", p.load);
      report(res_, "  probe meanwhile", p.probe, true);
      res_.orders_probe = std::move(p);
    }
  }

  // ------------------------------------------------------------ order choices

  // The largest scenario of each game: its opening has every piece.
  static constexpr const char* kChoicesScenarios[] = {
      "diplomacy/standard", "diplomacy/fall-of-constantinople",
      "tyre/siege",         "constantinople/naval",
      "classis/actium",     "eih-naval/trafalgar"};

  // A running game of `scenario` seated by `clients` (as many as it takes).
  net::awaitable<proto::GameSummary> running_game(std::vector<std::shared_ptr<Client>>& clients,
                                                  const std::string& scenario, unsigned players) {
    const B created = co_await clients[0]->call_expect(requests::create_game(scenario, 0, players),
                                                       B::kGame, "create_game");
    proto::GameSummary game = created.game();
    for (unsigned k = 1; k < players; ++k) {
      const B joined = co_await clients[k]->call_expect(
          requests::join_game(game.id(), static_cast<int>(k)), B::kGame, "join_game");
      game = joined.game();
    }
    co_return game;
  }

  // On a connection of its own: the stream closes it when done. (Names and
  // results are named locals, not temporaries in a co_await expression:
  // GCC 12 mishandles those.)
  net::awaitable<void> measure_choices(const Player& who, const B& request, std::string name) {
    const std::vector<Player> just_one{who};
    auto client = co_await resume_clients(ctx_, srv_.ours_at, just_one);
    RequestStream stream(client.front(), request, B::kChoicesResult);
    const std::vector<Stream*> one{&stream};
    LoadResult alone = co_await closed_loop(one, s_.timing());
    report(res_, "choices, " + name, alone);
    res_.choices.push_back(ChoicesCost{std::move(name), std::move(alone)});
  }

  net::awaitable<void> choices_costs() {
    std::cerr << "order choices: the opening of each game's largest scenario...\n";
    const auto users = co_await seat_players(ctx_, srv_.ours_at, 1, "c", 1);
    auto clients = co_await resume_clients(ctx_, srv_.ours_at, users);
    const CloseOnExit close(clients);
    const B listed =
        co_await clients[0]->call_expect(requests::list_scenarios(), B::kScenarios, "scenarios");
    for (const std::string scenario : kChoicesScenarios) {
      unsigned players = 0;
      for (const auto& sc : listed.scenarios().scenarios())
        if (sc.id() == scenario) players = std::min<unsigned>(sc.max_players(), kSeats);
      if (players == 0) throw BenchError("the server offers no scenario " + scenario);
      const proto::GameSummary game = co_await running_game(clients, scenario, players);
      // The first seat that orders in the opening and is offered decisions.
      bool measured = false;
      for (unsigned k = 0; k < players && !measured; ++k) {
        const B decisions = requests::choices(game.id(), game.step(), "");
        const B answer = co_await clients[k]->call(decisions);
        if (!answer.has_choices_result() || answer.choices_result().decisions().empty()) continue;
        const std::string first = answer.choices_result().decisions(0).id();
        const B ways = requests::choices(game.id(), game.step(), first);
        const B ways_answer = co_await clients[k]->call_expect(ways, B::kChoicesResult, "choices");
        const std::string listing = scenario + ": the decisions (" +
                                    std::to_string(answer.choices_result().decisions_size()) + ")";
        co_await measure_choices(users[k], decisions, listing);
        const std::string going_on = scenario + ": the ways on of " + first + " (" +
                                     std::to_string(ways_answer.choices_result().choices_size()) +
                                     ")";
        co_await measure_choices(users[k], ways, going_on);
        measured = true;
      }
      if (!measured) std::cerr << "choices, " << scenario << ": no seat is offered decisions\n";
    }
  }

  // ------------------------------------------------------------ admin replay

  net::awaitable<void> admin_replay() {
    std::cerr << "playing a Diplomacy game for " << s_.long_steps << " steps...\n";
    const auto players = co_await seat_players(ctx_, srv_.ours_at, 1, "l", 1);
    const std::uint64_t game = players.front().game;
    auto clients = co_await resume_clients(ctx_, srv_.ours_at, players);
    const CloseOnExit closer(clients);
    const auto t0 = Clock::now();
    co_await play_steps(clients, game, s_.long_steps, res_.long_game);
    close_all(clients);
    std::cerr << "  " << res_.long_game.steps << " steps in "
              << fixed(std::chrono::duration<double>(Clock::now() - t0).count(), 1) << " s"
              << (res_.long_game.over ? " (the game ended)" : "") << "\n";

    // The admin tool reads the database on its own: the server stops first.
    if (!srv_.ours->running()) {
      throw BenchError("naumachia-server exited during the run; its log: " + srv_.ours->log_path());
    }
    const int status = srv_.ours->stop();
    srv_.ours_stopped = true;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      res_.failures.push_back("naumachia-server stopped with " + describe_wait_status(status) +
                              "; its log: " + srv_.ours->log_path());
    }
    const std::string out_path = srv_.dir + "/admin-replay.out";
    ChildProcess::Options o;
    o.argv = {s_.admin_path, "--db", srv_.db, "replay", std::to_string(game), "--quiet"};
    o.log_path = srv_.dir + "/admin-replay.log";
    o.stdout_path = out_path;
    o.cpu = srv_.cpu;
    const auto start = Clock::now();
    ChildProcess admin(o);
    const int admin_status = admin.wait();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    std::ifstream in(out_path);
    const std::string output((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
    std::smatch m;
    static const std::regex verified(R"(replay verified: (\d+) step)");
    if (!WIFEXITED(admin_status) || WEXITSTATUS(admin_status) != 0 ||
        !std::regex_search(output, m, verified)) {
      throw BenchError("naumachia-admin replay " + std::to_string(game) + " ended with " +
                       describe_wait_status(admin_status) + "; its output: " + out_path +
                       ", its log: " + o.log_path);
    }
    res_.admin_ms = ms;
    res_.admin_steps = std::stoull(m[1].str());
    std::cerr << "naumachia-admin replay of " << res_.admin_steps << " steps: " << fixed(ms, 1)
              << " ms\n";
  }

  const Settings& s_;
  ClientContext& ctx_;
  Servers& srv_;
  Results& res_;
  std::vector<Player> order_players_;     // one online player per game
  std::vector<Player> table_players_;     // every seat online
  std::vector<std::size_t> frame_sizes_;  // of each order player's submit_orders
  std::vector<Player> hosts_;
  std::uint64_t history_game_ = 0;
};

}  // namespace

Timing Settings::timing() const {
  Timing t;
  t.warmup =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(warmup_seconds));
  t.window = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  return t;
}

net::awaitable<void> run_measurements(const Settings& settings, ClientContext& ctx,
                                      Servers& servers, Results& results) {
  Run run(settings, ctx, servers, results);
  co_await run.all();
}

}  // namespace naumachia::bench
