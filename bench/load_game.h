#pragma once
// The naumachia side of the load benchmark: users seated in running
// Diplomacy games, the orders they send, and games played step by step.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "load_client.h"

namespace naumachia::bench {

inline constexpr const char* kScenario = "diplomacy/standard";
inline constexpr unsigned kSeats = 7;
inline constexpr const char* kPassword = "bench-password";

// A registered user sitting in a running game.
struct Player {
  std::string name;
  std::string token;  // from the SessionResponse: a later connection resumes with it
  std::uint64_t game = 0;
  std::uint64_t step = 0;  // the game's step when it started
  unsigned seat = 0;
  std::string side;  // "Austria", ...
};

// Registers 7 users per game, one after another per game (`parallel` games
// at a time), and fills `games` Diplomacy games with them; every game is
// running when this returns. Names are `prefix`, game and seat numbers.
net::awaitable<std::vector<Player>> seat_players(ClientContext& ctx, const Endpoint& at,
                                                 std::size_t games, const std::string& prefix,
                                                 std::size_t parallel);

// `games` games, each with one active player (returned, seat g % 7 in game
// g, so that every power's orders are sent) and six bystanders, the same six
// users in every game, whose connections close once the games have started:
// an order is then acknowledged to its sender alone, the durable order path
// with nobody else online to tell.
net::awaitable<std::vector<Player>> seat_solo_players(ClientContext& ctx, const Endpoint& at,
                                                      std::size_t games, const std::string& prefix,
                                                      std::size_t parallel);

// Opens one connection per player and resumes the player's session on it.
net::awaitable<std::vector<std::shared_ptr<Client>>> resume_clients(
    ClientContext& ctx, const Endpoint& at, const std::vector<Player>& players);

// Spring 1901 movement orders for every unit of `side`: real moves (the
// common openings) and holds, all legal.
std::vector<std::string> opening_orders(const std::string& side);

// The measured request: the player's opening orders for the game's first
// step, not ready, so the step never resolves and the request can repeat.
proto::Envelope order_request(const Player& p);

// How empty ready order sets (default orders) fared, per kind of phase.
struct PhaseTally {
  unsigned empty_accepted = 0;
  unsigned empty_refused = 0;
  unsigned scripted_accepted = 0;
};

struct PlayLog {
  std::uint64_t steps = 0;                   // steps that resolved
  bool over = false;                         // the game ended before the steps ran out
  std::map<std::string, PhaseTally> phases;  // by "movement", "retreats", "adjustments"
  std::vector<std::string> notes;            // refusals worth reporting
};

// Plays `steps` steps of a running game whose seat i is played on
// `seats[i]`: each step, every seat that must order submits ready orders
// (a scripted 1901 with a dislodgement and builds; from then on empty sets,
// the defaults: holds, disbands, waived builds) and the step must resolve.
net::awaitable<void> play_steps(std::vector<std::shared_ptr<Client>>& seats, std::uint64_t game,
                                std::uint64_t steps, PlayLog& log);

}  // namespace naumachia::bench
