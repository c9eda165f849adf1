#include "play/computer.h"

#include <algorithm>
#include <chrono>

#include "base/crypto.h"
#include "base/log.h"
#include "bots/port.h"
#include "core/dice.h"
#include "play/coordinator.h"

namespace naumachia::server {

std::unique_ptr<bots::Player> ComputerPlayers::for_game(std::string_view game_id) const {
  if (const auto it = made_.find(game_id); it != made_.end()) return it->second();
  return bots::player_for(game_id);
}

ComputerAnswer computer_decides(const Game& module, int rules_version, const std::string& state,
                                int seat, const ComputerPlayers& players,
                                const ComputerOptions& options, std::function<bool()> cancelled) {
  ComputerAnswer a;
  a.seat = seat;
  try {
    auto position = module.deserialize(state, RulesVersion{rules_version});
    if (!position) throw std::runtime_error("the position cannot be read");
    // The computer's own generator, from the server's secure randomness:
    // the game's dice stay the game's.
    Seed seed{};
    const Bytes bytes = random_bytes(seed.size());
    std::copy(bytes.begin(), bytes.end(), seed.begin());
    SeededDice rng(seed, StepNo{0});
    // The engine reads no clock: the budget's stop checks the time limit.
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(options.seconds));
    bots::Budget budget;
    budget.playouts = options.playouts;
    budget.stop = [until, cancelled = std::move(cancelled)] {
      return std::chrono::steady_clock::now() >= until || (cancelled && cancelled());
    };
    const bots::StatePort port(**position, PlayerId{seat});
    a.lines = players.for_game(module.id())->decide(port, rng, budget).lines;
  } catch (...) {
    // What failed may tell of the position: the log says only that it did.
    a.failed = true;
  }
  return a;
}

// ------------------------------------------------------------ the coordinator's part

void Coordinator::load_computer_games() {
  if (!computer_.queue) return;
  try {
    for (const std::int64_t id : reader_.games_with_computer()) {
      logging_failure(game_label(id) + ": cannot be read for the computer to play", [&] {
        if (const auto it = games_.find(id); it != games_.end()) {
          if (!it->second->in_flight) think(it->second);
        } else {
          live(id);  // thinks once read
        }
      });
    }
  } catch (const std::exception& e) {
    log_line(std::string("reading the games the computer plays failed: ") + e.what());
  }
}

void Coordinator::think(const GamePtr& g) {
  if (!computer_.queue || !computer_.players || !g->state || !g->module) return;
  const std::int64_t id = g->row.id, step = g->row.step;
  // Jobs of the game's earlier steps, or of a game over, are done with.
  const bool running = g->row.status == GameStatus::Running;
  for (auto it = thought_.lower_bound({id, 0, 0}); it != thought_.end() && std::get<0>(*it) == id;)
    it = (!running || std::get<1>(*it) < step) ? thought_.erase(it) : std::next(it);
  // A paused game resolves nothing: the computer orders once it runs again.
  if (!running || g->row.paused != Pause::None) return;
  for (const PlayerId p : g->to_order()) {
    if (!g->computer_play(p.value)) continue;
    const bool ready = std::any_of(g->orders.begin(), g->orders.end(), [&](const OrdersRow& o) {
      return o.seat == p.value && o.ready;
    });
    if (ready || !thought_.insert({id, step, p.value}).second) continue;
    const std::int64_t due = now() + computer_.options.delay_seconds;
    // The job gets the durable position as stored, not the live game.
    auto job = [this, module = g->module, rules = g->row.rules_version, state = g->row.state, id,
                step, seat = p.value, due] {
      ComputerAnswer a =
          computer_decides(*module, rules, state, seat, *computer_.players, computer_.options,
                           [queue = computer_.queue] { return queue->stopping(); });
      a.game_id = id;
      a.step = step;
      a.due = due;
      computer_.to_strand([this, a = std::move(a)]() mutable { computer_answered(std::move(a)); });
    };
    if (!computer_.queue->post(game_label(id), std::move(job))) {
      log_line(game_label(id) + ": the computer's queue is full; " + seat_label(*g, p.value) +
               " gets the game's defaults at the deadline of step " + std::to_string(step));
    }
  }
}

void Coordinator::computer_answered(ComputerAnswer a) {
  if (a.failed) {
    log_line(game_label(a.game_id) + ": the computer could not order for seat " +
             std::to_string(a.seat) + " in step " + std::to_string(a.step) +
             "; it gets the game's defaults at the deadline");
    return;
  }
  if (a.due > now()) {
    parked_.push_back(std::move(a));
    return;
  }
  send_computer_orders(a);
}

void Coordinator::send_due_computer_orders(std::int64_t t) {
  std::vector<ComputerAnswer> due;
  const auto later = std::stable_partition(parked_.begin(), parked_.end(),
                                           [t](const ComputerAnswer& a) { return a.due > t; });
  due.assign(std::make_move_iterator(later), std::make_move_iterator(parked_.end()));
  parked_.erase(later, parked_.end());
  for (const ComputerAnswer& a : due) send_computer_orders(a);
}

void Coordinator::send_computer_orders(const ComputerAnswer& a) {
  logging_failure(game_label(a.game_id) + ": the computer's orders for seat " +
                      std::to_string(a.seat) + " were not taken",
                  [&] {
                    const GamePtr g = live(a.game_id);
                    if (g->in_flight) {
                      g->waiting.push_back([this, a] { send_computer_orders(a); });
                      return;
                    }
                    // For their step only, and while the computer plays the seat.
                    const auto must = g->to_order();
                    if (g->row.status != GameStatus::Running || g->row.step != a.step ||
                        !g->computer_play(a.seat) ||
                        std::find(must.begin(), must.end(), PlayerId{a.seat}) == must.end())
                      return;
                    place_orders(g, PlayerId{a.seat}, a.lines, true, true, nullptr);
                  });
}

}  // namespace naumachia::server
