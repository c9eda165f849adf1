#include "load_game.h"

#include <algorithm>
#include <functional>

namespace naumachia::bench {

namespace {

using Lines = std::vector<std::string>;
using B = proto::Envelope;

// The year 1901 of the played games, by step label and side. Spring: the
// common openings (two bounces: Galicia, the Black Sea). Fall: Germany
// dislodges the French army in Burgundy (a retreat phase follows) and most
// powers take a neutral centre (builds follow in the winter).
const std::map<std::string, std::map<std::string, Lines>>& script() {
  static const std::map<std::string, std::map<std::string, Lines>> orders{
      {"Spring 1901 movement",
       {{"Austria", {"A vie - gal", "A bud - ser", "F tri - alb"}},
        {"England", {"F lon - nth", "F edi - nwg", "A lvp - yor"}},
        {"France", {"A par - bur", "A mar - spa", "F bre - mao"}},
        {"Germany", {"A mun - ruh", "A ber - mun", "F kie - den"}},
        {"Italy", {"A ven H", "A rom - apu", "F nap - ion"}},
        {"Russia", {"A war - gal", "A mos - ukr", "F sev - bla", "F stp/sc - bot"}},
        {"Turkey", {"F ank - bla", "A con - bul", "A smy - arm"}}}},
      {"Fall 1901 movement",
       {{"Austria", {"A vie H", "A ser - gre", "F alb S A ser - gre"}},
        {"England", {"F nwg - nwy", "F nth S F nwg - nwy", "A yor H"}},
        {"France", {"A bur H", "A spa H", "F mao - por"}},
        {"Germany", {"A mun - bur", "A ruh S A mun - bur", "F den H"}},
        {"Italy", {"A ven H", "A apu H", "F ion - tun"}},
        {"Russia", {"A war H", "A ukr - rum", "F sev S A ukr - rum", "F bot - swe"}},
        {"Turkey", {"F ank H", "A bul H", "A arm H"}}}},
  };
  return orders;
}

Lines scripted(const std::string& label, const std::string& side) {
  const auto step = script().find(label);
  if (step == script().end()) return {};
  const auto lines = step->second.find(side);
  return lines == step->second.end() ? Lines{} : lines->second;
}

// "Fall 1901 retreats" -> "retreats".
std::string phase_of(const std::string& label) {
  const auto space = label.rfind(' ');
  return space == std::string::npos ? label : label.substr(space + 1);
}

// Explicit orders that do what defaults do, from the seat's view: holds in
// movement, disbands in retreats. The fallback when a server refuses an
// empty order set.
Lines explicit_defaults(const proto::GameDetail& d, unsigned seat, const std::string& phase) {
  Lines out;
  for (const proto::Cell& c : d.view().cells()) {
    for (const proto::Token& t : c.tokens()) {
      if (t.owner() != static_cast<int>(seat)) continue;
      const bool dislodged =
          std::find(t.marks().begin(), t.marks().end(), "dislodged") != t.marks().end();
      if (phase == "movement" && !dislodged) out.push_back(t.label() + " H");
      if (phase == "retreats" && dislodged) out.push_back(t.label() + " D");
    }
  }
  return out;
}

net::awaitable<proto::Envelope> submit(Client& c, std::uint64_t game, std::uint64_t step,
                                       const Lines& lines) {
  co_return co_await c.call(requests::submit_orders(game, step, lines, true));
}

// One seat's ready orders for the current step; records how they fared.
net::awaitable<void> order_seat(Client& c, std::uint64_t game, const proto::GameSummary& s,
                                unsigned seat, PlayLog& log) {
  const std::string phase = phase_of(s.step_label());
  const std::string side = s.seats(static_cast<int>(seat)).side();
  PhaseTally& tally = log.phases[phase];
  const Lines lines = scripted(s.step_label(), side);
  if (!lines.empty()) {
    const proto::Envelope a = co_await submit(c, game, s.step(), lines);
    if (a.has_orders_accepted()) {
      ++tally.scripted_accepted;
      co_return;
    }
    log.notes.push_back(s.step_label() + ", " + side + ": scripted orders refused (" +
                        describe_error(a) + "); sent the defaults instead");
  }
  const proto::Envelope a = co_await submit(c, game, s.step(), {});
  if (a.has_orders_accepted()) {
    ++tally.empty_accepted;
    co_return;
  }
  ++tally.empty_refused;
  log.notes.push_back(s.step_label() + ", " + side + ": an empty ready order set was refused (" +
                      describe_error(a) + "); sent explicit defaults instead");
  const proto::Envelope d =
      co_await c.call_expect(requests::get_game(game), B::kDetail, "get_game for " + side);
  const Lines defaults = explicit_defaults(d.detail(), seat, phase);
  const proto::Envelope again = co_await submit(c, game, s.step(), defaults);
  if (!again.has_orders_accepted()) {
    throw BenchError("game " + std::to_string(game) + ", " + s.step_label() + ", " + side +
                     ": explicit default orders refused too: " + describe_error(again));
  }
}

}  // namespace

std::vector<std::string> opening_orders(const std::string& side) {
  return scripted("Spring 1901 movement", side);
}

proto::Envelope order_request(const Player& p) {
  return requests::submit_orders(p.game, p.step, opening_orders(p.side), false);
}

net::awaitable<std::vector<Player>> seat_players(ClientContext& ctx, const Endpoint& at,
                                                 std::size_t games, const std::string& prefix,
                                                 std::size_t parallel) {
  std::vector<Player> out(games * kSeats);
  std::vector<std::function<net::awaitable<void>()>> tasks;
  for (std::size_t g = 0; g < games; ++g) {
    tasks.push_back([&ctx, &at, &out, &prefix, g]() -> net::awaitable<void> {
      std::vector<std::shared_ptr<Client>> clients;
      const CloseOnExit closer(clients);
      for (unsigned seat = 0; seat < kSeats; ++seat) {
        Player& p = out[g * kSeats + seat];
        p.name = prefix + std::to_string(g) + "s" + std::to_string(seat);
        p.seat = seat;
        auto c = std::make_shared<Client>(ctx);
        co_await c->open(at);
        clients.push_back(c);
        const proto::Envelope s = co_await c->call_expect(
            requests::register_user(p.name, kPassword), B::kSession, "register " + p.name);
        p.token = s.session().token();
      }
      const proto::Envelope created =
          co_await clients[0]->call_expect(requests::create_game(kScenario, 0, kSeats), B::kGame,
                                           "create_game by " + out[g * kSeats].name);
      const std::uint64_t game = created.game().id();
      proto::GameSummary summary = created.game();
      for (unsigned seat = 1; seat < kSeats; ++seat) {
        const proto::Envelope joined = co_await clients[seat]->call_expect(
            requests::join_game(game, static_cast<int>(seat)), B::kGame,
            "join_game " + std::to_string(game) + " seat " + std::to_string(seat));
        summary = joined.game();
      }
      close_all(clients);
      if (summary.status() != proto::RUNNING) {
        throw BenchError("game " + std::to_string(game) + " did not start with 7 players");
      }
      for (unsigned seat = 0; seat < kSeats; ++seat) {
        Player& p = out[g * kSeats + seat];
        p.game = game;
        p.step = summary.step();
        p.side = summary.seats(static_cast<int>(seat)).side();
      }
    });
  }
  co_await run_all(std::move(tasks), parallel);
  co_return out;
}

net::awaitable<std::vector<Player>> seat_solo_players(ClientContext& ctx, const Endpoint& at,
                                                      std::size_t games, const std::string& prefix,
                                                      std::size_t parallel) {
  std::vector<std::shared_ptr<Client>> bystanders;
  const CloseOnExit closer(bystanders);
  for (unsigned b = 1; b < kSeats; ++b) {
    auto c = std::make_shared<Client>(ctx);
    co_await c->open(at);
    bystanders.push_back(c);
    const std::string name = prefix + "by" + std::to_string(b);
    co_await c->call_expect(requests::register_user(name, kPassword), B::kSession,
                            "register " + name);
  }
  std::vector<Player> out(games);
  std::vector<std::function<net::awaitable<void>()>> tasks;
  for (std::size_t g = 0; g < games; ++g) {
    tasks.push_back([&ctx, &at, &out, &prefix, g]() -> net::awaitable<void> {
      Player& p = out[g];
      p.name = prefix + std::to_string(g);
      p.seat = static_cast<unsigned>(g % kSeats);
      auto c = std::make_shared<Client>(ctx);
      std::vector<std::shared_ptr<Client>> mine{c};
      const CloseOnExit close_mine(mine);
      co_await c->open(at);
      const proto::Envelope s = co_await c->call_expect(requests::register_user(p.name, kPassword),
                                                        B::kSession, "register " + p.name);
      p.token = s.session().token();
      const proto::Envelope created = co_await c->call_expect(
          requests::create_game(kScenario, static_cast<int>(p.seat), kSeats), B::kGame,
          "create_game by " + p.name);
      p.game = created.game().id();
    });
  }
  co_await run_all(std::move(tasks), parallel);
  // The bystanders fill the other seats, one game after another.
  for (Player& p : out) {
    proto::GameSummary summary;
    for (unsigned seat = 0, b = 0; seat < kSeats; ++seat) {
      if (seat == p.seat) continue;
      const proto::Envelope joined = co_await bystanders[b++]->call_expect(
          requests::join_game(p.game, static_cast<int>(seat)), B::kGame,
          "join_game " + std::to_string(p.game) + " seat " + std::to_string(seat));
      summary = joined.game();
    }
    if (summary.status() != proto::RUNNING)
      throw BenchError("game " + std::to_string(p.game) + " did not start with 7 players");
    p.step = summary.step();
    p.side = summary.seats(static_cast<int>(p.seat)).side();
  }
  close_all(bystanders);
  co_return out;
}

net::awaitable<std::vector<std::shared_ptr<Client>>> resume_clients(
    ClientContext& ctx, const Endpoint& at, const std::vector<Player>& players) {
  auto clients = co_await open_clients(ctx, at, players.size());
  std::vector<std::function<net::awaitable<void>()>> tasks;
  for (std::size_t i = 0; i < players.size(); ++i) {
    tasks.push_back([&clients, &players, i]() -> net::awaitable<void> {
      co_await clients[i]->call_expect(requests::resume(players[i].token), B::kSession,
                                       "resume the session of " + players[i].name);
    });
  }
  std::exception_ptr failure;
  try {
    co_await run_all(std::move(tasks), 64);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    close_all(clients);
    std::rethrow_exception(failure);
  }
  co_return clients;
}

net::awaitable<void> play_steps(std::vector<std::shared_ptr<Client>>& seats, std::uint64_t game,
                                std::uint64_t steps, PlayLog& log) {
  const std::string label = "game " + std::to_string(game);
  std::uint64_t previous_step = 0;
  for (std::uint64_t played = 0;;) {
    const proto::Envelope d =
        co_await seats.at(0)->call_expect(requests::get_game(game), B::kDetail, "get_game");
    const proto::GameSummary& s = d.detail().summary();
    if (previous_step != 0) {
      if (s.step() <= previous_step && s.status() == proto::RUNNING) {
        throw BenchError(label + ": step " + std::to_string(previous_step) +
                         " did not resolve although every seat that must order sent ready orders");
      }
      log.steps = ++played;
    }
    if (s.status() == proto::OVER) {
      log.over = true;
      co_return;
    }
    if (s.status() != proto::RUNNING) throw BenchError(label + " is not running");
    if (played == steps) co_return;
    previous_step = s.step();
    for (const proto::Seat& seat : s.seats()) {
      if (!seat.must_order()) continue;
      co_await order_seat(*seats.at(seat.seat()), game, s, seat.seat(), log);
    }
  }
}

}  // namespace naumachia::bench
