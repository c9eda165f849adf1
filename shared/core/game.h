#pragma once
// The interface every game module implements, and the registry the server and
// the tools find modules in. Pure: no I/O, no clock, no globals. A module's
// scenario data are compiled in as bytes (cmake/EmbedData.cmake) and parsed here.
//
// A game is a sequence of steps. In each step some players must order; their
// orders are validated one player at a time (never changing the state), and
// once every required player has orders the step is resolved with dice into the
// next state and a list of events. States serialise canonically: equal states
// give equal bytes, so a hash of the bytes identifies a position.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.h"
#include "core/ids.h"
#include "core/result.h"

namespace naumachia {

struct ScenarioInfo {
  std::string id;  // unique within its game, e.g. "historical"
  std::string title;
  std::string description;
  std::vector<std::string> sides;  // seat i plays sides[i]
  int min_players = 2;
  int max_players = 2;
};

struct StepInfo {
  StepNo number;
  std::string label;               // e.g. "Turn 3, impulse 2: Tyrian movement"
  std::vector<PlayerId> to_order;  // players who must order in this step
  bool game_over = false;
  std::string result;             // when game_over: how it ended
  std::vector<PlayerId> winners;  // when game_over
};

// Orders of one player for one step, in the module's canonical text form.
struct OrderSet {
  std::vector<std::string> lines;
  auto operator<=>(const OrderSet&) const = default;
};

struct OrderError {
  int line = 0;  // 1-based; 0 = the whole set
  std::string message;
};
using OrderErrors = std::vector<OrderError>;

struct Event {
  std::string text;
  std::vector<DieRoll> rolls;  // the rolls that decided it, in the order rolled
};

// A player's view, as data a thin client can draw without knowing any rule.
struct Token {
  int owner = -1;  // seat, -1 = nobody's
  std::string kind;
  std::string label;
  int facing = -1;  // hex side 0-5, -1 = none
  std::vector<std::string> marks;
};

struct Cell {
  std::string id;
  int col = 0;
  int row = 0;
  std::string terrain;
  std::string label;
  std::vector<Token> tokens;
};

struct View {
  std::string board_kind = "none";  // "hex", "list" or "none"
  std::vector<Cell> cells;
  std::vector<std::string> notes;
};

class State;

struct Resolution {
  std::unique_ptr<State> next;
  std::vector<Event> events;
};

class State {
 public:
  virtual ~State() = default;

  virtual StepInfo step() const = 0;

  // Parses and checks one player's orders for the current step. Returns the
  // canonical form, or every error found (each citing the rule it breaks).
  virtual Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                                   const std::vector<std::string>& lines) const = 0;

  // The orders a player who missed a deadline is given (documented per game).
  virtual OrderSet default_orders(PlayerId player) const = 0;

  // Resolves the current step. `orders` must hold validated orders for exactly
  // the players of step().to_order. Non-virtual so that every module gets the
  // same checks; the work is do_resolve's.
  Resolution resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const;

  // What `player` may see; nullopt = everything (an observer after the game).
  virtual View view(std::optional<PlayerId> player) const = 0;

  // Canonical bytes of the whole state, for storage and hashing.
  virtual std::string serialize() const = 0;

  virtual std::unique_ptr<State> clone() const = 0;

  // A short description of the order syntax, for client help texts.
  virtual std::string order_help() const = 0;

 protected:
  virtual Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string id() const = 0;  // e.g. "tyre"
  virtual std::string title() const = 0;
  virtual std::vector<ScenarioInfo> scenarios() const = 0;
  virtual Expected<std::unique_ptr<State>> new_game(std::string_view scenario,
                                                    int players) const = 0;
  virtual Expected<std::unique_ptr<State>> deserialize(std::string_view bytes) const = 0;
  // The name of each seat of a game with `players` players (by default the
  // scenario's sides; a module dealing several sides to one seat says so).
  virtual std::vector<std::string> seat_names(const ScenarioInfo& scenario, int players) const;
};

// The modules a program offers. Scenario ids across games are "<game>/<scenario>".
class Registry {
 public:
  void add(std::unique_ptr<Game> game);
  const Game* find(std::string_view game_id) const;
  std::vector<const Game*> games() const;
  // Splits "tyre/historical" and finds both parts.
  Expected<std::pair<const Game*, ScenarioInfo>> find_scenario(std::string_view full_id) const;

 private:
  std::map<std::string, std::unique_ptr<Game>, std::less<>> games_;
};

}  // namespace naumachia
