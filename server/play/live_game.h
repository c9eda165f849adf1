#pragma once
// A game as the server holds it in memory while it is played: its facts
// (facts/game_facts.h) and its deserialised state. The coordinator owns the
// live games and is their one writer; the database follows through the
// storage writer. Also the steps every change to a live game is made of: a
// change is made to the game in memory first, and what stores and tells it
// is gathered in its Writes, which the coordinator hands to the storage
// writer and pushes once durable.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "facts/game_facts.h"
#include "naumachia.pb.h"
#include "protocol/codec.h"
#include "records/visibility.h"
#include "storage/tables.h"

namespace naumachia::server {

struct LiveGame : GameFacts {
  std::unique_ptr<State> state;  // running or over, when playable
  // Why the state could not be had (rules version, unreadable row).
  std::optional<ApiError> state_problem;
  std::int64_t next_proposal = 1;  // the id the game's next proposal gets
  // A change handed to the storage writer and not yet durable: memory is
  // ahead of the database, and nothing may be read or refused from it.
  bool in_flight = false;
  // Requests of the game that came while a change was in flight, run in
  // order once it is durable or, if it failed, against the game read again
  // from the database.
  std::vector<std::function<void()>> waiting;
  std::uint64_t last_used = 0;
  // The event of the step that led to the current position, whole (cut to
  // each reader when used), for drawing its orders; read from the events
  // the first time it is wanted, then kept as steps resolve.
  std::optional<proto::StepResolved> last_resolved;
  bool last_resolved_known = false;

  const State& require_state() const;
};

// The writes of one change to a game, in order, and the events it records.
struct Writes {
  std::vector<std::function<void(Tables&)>> ops;
  std::vector<proto::GameEvent> events;
  std::uint64_t answered = 0;  // an event the answer carries: not pushed to the requester
  // What the requester is told was kept should answering fail once the
  // writes are durable ("your orders for game 3, step 2 were saved").
  std::string kept;
  // Users no longer seated who are told of these events all the same (a
  // replaced player, as the observer they now are).
  std::vector<Reader> also_told;
};

// Numbers `e` as the game's next event, stamped `at`; returns it as recorded.
proto::GameEvent record(LiveGame& g, Writes& w, proto::GameEvent e, std::int64_t at);
// Stores the game's row as it now stands.
void write_row(LiveGame& g, Writes& w);

// Makes `state` the game's current position, reached at `at`: its step,
// the seats to order and the step's deadline; a position that ends the game
// ends it (end_game). The caller writes the row.
void set_position(LiveGame& g, std::unique_ptr<State> state, std::int64_t at);

// The game starts at `initial`, reached at `at`: running, its initial and
// genesis hashes (the genesis names the game's id: a game without one yet
// gets it again once it has), its first step. The caller writes the row.
void start_game(LiveGame& g, std::unique_ptr<State> initial, std::int64_t at);

// The game is over with `result`, won by the sides `winners` (and so by the
// seats that play them and have not resigned): no step awaits a deadline or
// a pause any more. The caller writes the row and records the GameOver
// event (over_event).
void end_game(LiveGame& g, const std::string& result, const std::vector<SideId>& winners);
proto::GameEvent over_event(LiveGame& g, Writes& w, std::int64_t at);

}  // namespace naumachia::server
