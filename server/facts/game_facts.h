#pragma once
// What a game's stored facts say about a reader: the seats they control,
// what they may see, and the summary they are shown; and the event a
// resolved step is told by. Pure: the coordinator's live games
// (play/live_game.h) are made of these facts, and the audit and the notices
// read them too.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "facts/offers.h"
#include "records/step.h"
#include "records/visibility.h"
#include "storage/rows.h"

namespace naumachia::server {

// The facts of a game that its seats and summary are made from; all a list
// of games needs, without the game's state.
struct GameFacts {
  GameRow row;  // row.state is empty unless the game is live
  std::vector<SeatRow> seats;
  std::vector<OrdersRow> orders;          // the current step's, while running
  std::vector<ProposalRow> proposals;     // the open ones, by id
  std::vector<ComputerSeatRow> computer;  // every time the computer played a seat, in order
  const Game* module = nullptr;           // null when this server cannot play the game
  ScenarioInfo scenario;
  Seating who;

  // Module, scenario and seating from the registry; a game this server cannot
  // play (module, scenario or rules version missing) gets numbered seats.
  void attach(const Registry& registry);
  bool playable() const { return module != nullptr; }

  std::optional<SeatRow> seat_of(std::optional<std::int64_t> user) const;
  std::vector<bool> resigned() const;
  // The computer's play of `seat` now, if it plays it (docs/computer.md).
  std::optional<ComputerSeatRow> computer_play(int seat) const;
  // The seats nobody may join: those taken, and those the computer plays.
  std::vector<int> taken_seats() const;
  // The seats offered to a new player (facts/offers.h); none unless running.
  std::vector<Offer> offers() const;
  // The seats `user` orders for: their own while they have not resigned, and
  // (when the game hands a resigned seat's forces to its partners) every
  // resigned seat sharing a side with it.
  std::vector<PlayerId> controlled_seats(std::optional<std::int64_t> user) const;
  // What the user may read: everything once the game is over; else what the
  // seats they hold may read; an observer (or a resigned player) only what
  // is public, a resigned player keeping what their own seat saw.
  Viewer viewer_of(std::optional<std::int64_t> user) const;
  // What the user may read of the game's press: as viewer_of, except that a
  // game created with private press keeps each private message to its
  // channel once it is over.
  Viewer press_viewer_of(std::optional<std::int64_t> user) const;
  // Every seated user with what they may read: the readers of an event.
  std::vector<Reader> readers() const;
  // The same for a message of the game's press.
  std::vector<Reader> press_readers() const;
  std::vector<PlayerId> to_order() const;
  void fill_summary(std::optional<std::int64_t> user, proto::GameSummary& s) const;
  // How the game ended, as its GameOver event tells: from the row (over).
  proto::GameOver game_over() const;
};

// The deadline of the step that follows one resolved at `resolved_at`: none
// when the game has no deadlines or is over.
std::optional<std::int64_t> next_deadline(const GameRow& g, const StepInfo& next,
                                          std::int64_t resolved_at);

// The event telling a step's readers what happened, whole (it is cut to each
// reader on the way out): the orders played with their audiences, the
// happenings, the resulting state hash, the step that follows, and (for a
// game whose record hashes are keyed) the step's record hash. The audit
// expects exactly this event stored for each step.
proto::GameEvent step_resolved_event(const GameRow& g, const PlayedStep& p,
                                     const std::vector<SeatOrders>& orders, const StepInfo& next);

// Whether the game's chain hashes may be shown to its players now: always for
// keyed records; an unkeyed record hash covers hidden orders and events and
// would be an oracle for them, so only once the game is over.
bool chain_shown(const GameRow& g);

std::string game_label(std::int64_t id);
// "seat 2 (France)"; the seat's name when the game has one for it.
std::string seat_label(const GameFacts& g, int seat);
// The seat a request names, which exists in the game; else INVALID_ARGUMENT.
int existing_seat(const GameFacts& g, std::int64_t seat);
// Refuses with GAME_NOT_RUNNING, saying why, unless the game is running.
void require_running(const GameFacts& g);

}  // namespace naumachia::server
