#pragma once
// The game coordinator: owns every live game in memory (play/live_game.h:
// state, seats, the current step's orders) and is its one writer. A request
// that changes a game reads top to bottom here: check it against the game in
// memory, apply it (the changes of play/agreements.h, play/replacement.h and
// play/resolution.h), hand the writes to the storage writer, and, once they
// are durable, push the events and answer. Runs on the service's strand only.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "base/throttle.h"
#include "facts/game_facts.h"
#include "notices/options.h"
#include "play/computer.h"
#include "play/live_game.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "protocol/fanout.h"
#include "storage/cluster_news.h"
#include "storage/tables.h"
#include "storage/writer.h"

namespace naumachia::server {

struct CoordinatorLimits {
  std::int64_t min_deadline_seconds = 60;  // a shorter step deadline cannot be played
  std::int64_t max_deadline_seconds = 30LL * 24 * 3600;
  // Games one user has created that still wait for players: a script cannot
  // fill the lobby.
  std::int64_t max_open_games_per_user = 20;
  int max_order_lines = 1000;           // per submission: far above any game's needs
  std::size_t max_order_line = 500;     // bytes per order line
  std::size_t max_cached_games = 4096;  // idle games beyond this leave memory
  int list_page = 50;                   // games per list_games page by default
  int list_page_max = 200;
  // A replay's answer is a page of steps (ReplayRequest.limit): a client
  // that does not read holds a bounded answer however long the game.
  int replay_page = 50;  // steps per page by default
  int replay_page_max = 200;
  // A page ends once its steps' orders and happenings pass this size.
  std::size_t replay_page_bytes = 256 * 1024;
  std::int64_t max_extension_seconds = 7LL * 24 * 3600;  // one extension the players agree on
};

// What a replay by one reader may show, settled on the strand; the replay
// itself runs on a worker.
struct ReplayPlan {
  std::int64_t game_id = 0;
  Viewer viewer;
  bool boards = false;                  // a seat's board (or every board once over)
  std::optional<PlayerId> eyes;         // whose board; none: the whole board
  std::int64_t view_step = 0;           // the step whose board is sent
  std::int64_t after_step = 0;          // the page holds the steps after this one
  int page_steps = 0;                   // at most this many
  std::size_t page_bytes = 0;           // and ends once they pass this size
  bool pictures = false;                // boards also drawn as SVG
  std::vector<std::string> seat_names;  // for the pictures' legend
  std::string title;                    // "game 12", for the pictures' titles
  std::optional<ApiError> unplayable;   // a rules version this build lacks
};

class Coordinator {
 public:
  using Clock = std::function<std::int64_t()>;

  // `send_budget` is the users' budget of messages and proposals (play/press.h).
  // `notices_queued` runs when a change put notices in the outbox.
  Coordinator(Tables& reader, StorageWriter& writer, const Registry& registry, Fanout& fanout,
              KeyedBuckets& send_budget, Clock clock, CoordinatorLimits limits = {},
              NotifyOptions notify = {}, std::function<void()> notices_queued = nullptr,
              ComputerRunner computer = {});

  void create_game(const ConnectionState& conn, const proto::CreateGameRequest& r,
                   const ReplyPtr& reply);
  void list_games(const ConnectionState& conn, const proto::ListGamesRequest& r,
                  const ReplyPtr& reply);
  void join_game(const ConnectionState& conn, const proto::JoinGameRequest& r,
                 const ReplyPtr& reply);
  void get_game(const ConnectionState& conn, const proto::GetGameRequest& r, const ReplyPtr& reply);
  void submit_orders(const ConnectionState& conn, const proto::SubmitOrdersRequest& r,
                     const ReplyPtr& reply);
  // Orders choice by choice: the seat's decisions in the step, or the ways
  // on from a partial order of one (core/choices.h).
  void choices(const ConnectionState& conn, const proto::ChoicesRequest& r, const ReplyPtr& reply);
  void resign(const ConnectionState& conn, const proto::ResignRequest& r, const ReplyPtr& reply);
  void events(const ConnectionState& conn, const proto::EventsRequest& r, const ReplyPtr& reply);
  // Agreements between the players (play/agreements.h).
  void propose(const ConnectionState& conn, const proto::ProposeRequest& r, const ReplyPtr& reply);
  void answer_proposal(const ConnectionState& conn, const proto::AnswerProposalRequest& r,
                       const ReplyPtr& reply);
  // A user takes over a seat offered to a new player (play/replacement.h).
  void take_seat(const ConnectionState& conn, const proto::TakeSeatRequest& r,
                 const ReplyPtr& reply);
  ReplayPlan plan_replay(const ConnectionState& conn, const proto::ReplayRequest& r);
  // A game's facts for reading: from memory when it is live, else from the
  // database without deserialising its state. NOT_FOUND when there is none.
  GameFacts facts(std::int64_t id);

  // Applies what the administrator asked with naumachia-admin (pause,
  // resume, extend, replace) and records what came of each request.
  void apply_admin_requests();
  // Resolves every step whose deadline has passed. The first call also
  // resolves the steps left ready when the server stopped (every seat that
  // must order was ready, and nothing resolved it). Then reminds the players
  // whose orders are not ready of deadlines drawing near.
  void check_deadlines();
  std::size_t cached_games() const { return games_.size(); }

  // Several servers on one database (docs/scaling.md): this server's changes
  // are told to the others through `link` (none: one server alone).
  void tell_other_servers(const ClusterLink* link) { cluster_ = link; }
  // Another server changed a game: the copy here, now older than the
  // database, is dropped (one with a change in flight fails its fence and
  // is read again), and the change's events go to the readers connected here.
  void changed_elsewhere(const ClusterNews& news);
  // Another server made a game: those watching for new games here see it.
  void created_elsewhere(std::int64_t id);
  // News from the other servers may have been missed (the session that
  // listens was lost): every copy without a change in flight is dropped,
  // to be read again as stored.
  void forget_copies();
  // This server's clock takes over the games' deadlines (from another
  // server, or at start): it first resolves the steps left ready and reads
  // the computer's games, as at a start.
  void clock_taken() { resolved_left_ready_ = false; }

  // The computer (play/computer.h, coordinator's part in play/computer.cpp).
  // Reads the running games with a seat the computer plays, which start
  // thinking (the first call of check_deadlines does this once).
  void load_computer_games();

 private:
  using GamePtr = std::shared_ptr<LiveGame>;

  GamePtr live(std::int64_t id);
  // The game `id` for a request, or null when a change of it is in flight:
  // then `retry` (the request again) runs once that change is durable or
  // undone, so that no answer, refusal or view is made of a change that may
  // still fail (reads serve only what is durable).
  GamePtr settled(std::int64_t id, const ReplyPtr& reply, std::function<void()> retry);
  // Reads a game into memory, and (`resolve`) resolves its step if every
  // seat that must order is ready (the server may have stopped before it
  // could).
  GamePtr load(const GameRow& row, bool resolve = true);
  void resolve_ready_games();
  // Resolves game `id`'s step if its deadline has passed at `t`; after the
  // change in flight, if there is one.
  void resolve_at_deadline(std::int64_t id, std::int64_t t);
  // Puts the reminders due at `now` in the outbox (NotifyOptions::reminders).
  void remind(std::int64_t now);
  // The reminder `lead` seconds before the deadline of game `id`, if it is
  // due at `now` and no shorter one of `leads` is.
  void remind_of(std::int64_t id, std::int64_t now, std::int64_t lead,
                 const std::vector<std::int64_t>& leads);
  void evict_idle();
  std::int64_t now() const { return clock_(); }

  // Gives each seat the computer plays that must order in the game's step,
  // and has no job yet, a job on the computer's queue (the game's position
  // is durable: called once a change is, and when a game is read).
  void think(const GamePtr& g);
  // On the strand: the job's answer, sent now or parked until it is due.
  void computer_answered(ComputerAnswer a);
  // The computer's orders, as a seat's SubmitOrders (place_orders), for the
  // step they were made for only: a stale step drops them.
  void send_computer_orders(const ComputerAnswer& a);
  // Sends the parked answers that are due at `t`.
  void send_due_computer_orders(std::int64_t t);

  // The orders `lines` of seat `me` for the game's current step, checked,
  // committed, stored and counted, and the step resolved when every seat is
  // ready; `reply` (none for the computer) is answered once durable. The one
  // way orders enter a game.
  void place_orders(const GamePtr& g, PlayerId me, const std::vector<std::string>& lines,
                    bool ready, bool by_computer, const ReplyPtr& reply);

  // Hands `w` to the storage writer; once durable, pushes its events to the
  // game's readers and runs `then`. A failed write fails the reply (nothing
  // was changed: STORAGE_FULL or INTERNAL) and drops the game from memory, to
  // be read again as stored; a failure after the writes are durable fails it
  // with what was kept (w.kept). `finally` runs either way, after the rest;
  // then the requests that waited for the change (settled).
  void commit(const GamePtr& g, Writes w, const ReplyPtr& reply, std::function<void()> then,
              std::function<void()> finally = nullptr);
  // Pushes durable events to their readers (`encoded`: their bytes as
  // stored, Fanout::push). A connection that cannot take them fails no
  // request: the failure is logged, and readers catch up with an
  // EventsRequest.
  void push(std::int64_t game_id, const std::vector<proto::GameEvent>& events,
            const std::vector<Reader>& readers, const Outbox* requester = nullptr,
            std::uint64_t answered = 0, const std::vector<std::string>* encoded = nullptr);

  // A game's facts from its stored row: its seats and, while it runs, its
  // open proposals and (`with_orders`) the current step's orders.
  GameFacts stored_facts(GameRow row, bool with_orders) const;
  std::unique_ptr<State> initial_state(const LiveGame& g) const;
  PlayerId acting_seat(const LiveGame& g, const ConnectionState& conn,
                       const std::optional<std::uint32_t>& for_seat) const;
  // The seat that orders for `conn` (its own, or `for_seat` it controls) in
  // the running game's current step, which the request (of `what`: "orders",
  // "choices") names; refused otherwise.
  PlayerId ordering_seat(const LiveGame& g, const ConnectionState& conn,
                         std::optional<std::uint32_t> for_seat, std::uint64_t step,
                         const char* what) const;
  // The administrator's request `r` applied to `g` (play/agreements.h,
  // play/replacement.h), checked first.
  void apply_admin_request(LiveGame& g, Writes& w, const AdminRequestRow& r);
  View with_arrows(LiveGame& g, View view, const ConnectionState& conn);
  Tables& reader_;
  StorageWriter& writer_;
  const Registry& registry_;
  Fanout& fanout_;
  KeyedBuckets& send_budget_;
  Clock clock_;
  CoordinatorLimits limits_;
  std::unordered_map<std::int64_t, GamePtr> games_;
  std::uint64_t use_counter_ = 0;
  bool resolved_left_ready_ = false;        // the start-up pass of check_deadlines ran
  std::set<std::int64_t> admin_in_flight_;  // admin requests being applied, not yet stored
  NotifyOptions notify_;
  std::function<void()> notices_queued_;
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> reminding_;  // game, step, lead
  ComputerRunner computer_;
  const ClusterLink* cluster_ = nullptr;
  std::set<std::tuple<std::int64_t, std::int64_t, int>> thought_;  // game, step, seat: asked once
  std::vector<ComputerAnswer> parked_;  // answers waiting for their due time (--computer-delay)
};

// The seat a new player gets: `requested`, or (negative) one at random of
// those not `taken`; refused when it does not exist or is taken.
int choose_seat(int requested, int players, const std::vector<int>& taken);

}  // namespace naumachia::server
