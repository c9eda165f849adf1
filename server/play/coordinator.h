#pragma once
// The game coordinator: owns every live game in memory (state, seats, the
// current step's orders) and is its one writer. A request that changes a game
// reads top to bottom here: check it against the game in memory, apply it,
// resolve any step that became ready, hand the writes to the storage writer,
// and, once they are durable, push the events and answer. Runs on the
// service's strand only.
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
#include "facts/offers.h"
#include "facts/step_clock.h"
#include "notices/options.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "protocol/fanout.h"
#include "storage/tables.h"
#include "storage/writer.h"

namespace naumachia::server {

struct CoordinatorLimits {
  std::int64_t min_deadline_seconds = 60;  // a shorter step deadline cannot be played
  std::int64_t max_deadline_seconds = 30LL * 24 * 3600;
  int max_order_lines = 1000;           // per submission: far above any game's needs
  std::size_t max_order_line = 500;     // bytes per order line
  std::size_t max_cached_games = 4096;  // idle games beyond this leave memory
  int list_page = 50;                   // games per list_games page by default
  int list_page_max = 200;
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
  bool pictures = false;                // boards also drawn as SVG
  std::vector<std::string> seat_names;  // for the pictures' legend
  std::string title;                    // "game 12", for the pictures' titles
  std::optional<ApiError> unplayable;   // a rules version this build lacks
};

class Coordinator {
 public:
  using Clock = std::function<std::int64_t()>;

  // `send_budget` is the users' budget of messages and proposals (press.h).
  // `notices_queued` runs when a change put notices in the outbox.
  Coordinator(Tables& reader, StorageWriter& writer, const Registry& registry, Fanout& fanout,
              KeyedBuckets& send_budget, Clock clock, CoordinatorLimits limits = {},
              NotifyOptions notify = {}, std::function<void()> notices_queued = nullptr);

  void create_game(const ConnectionState& conn, const proto::CreateGameRequest& r,
                   const ReplyPtr& reply);
  void list_games(const ConnectionState& conn, const proto::ListGamesRequest& r,
                  const ReplyPtr& reply);
  void join_game(const ConnectionState& conn, const proto::JoinGameRequest& r,
                 const ReplyPtr& reply);
  void get_game(const ConnectionState& conn, const proto::GetGameRequest& r, const ReplyPtr& reply);
  void submit_orders(const ConnectionState& conn, const proto::SubmitOrdersRequest& r,
                     const ReplyPtr& reply);
  void resign(const ConnectionState& conn, const proto::ResignRequest& r, const ReplyPtr& reply);
  void events(const ConnectionState& conn, const proto::EventsRequest& r, const ReplyPtr& reply);
  // Agreements between the players (agreements.cpp).
  void propose(const ConnectionState& conn, const proto::ProposeRequest& r, const ReplyPtr& reply);
  void answer_proposal(const ConnectionState& conn, const proto::AnswerProposalRequest& r,
                       const ReplyPtr& reply);
  // Replacement players (replacement.cpp): a user takes over an offered seat.
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

 private:
  // The writes of one request, in order, and the events it records.
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
  using GamePtr = std::shared_ptr<LiveGame>;

  GamePtr live(std::int64_t id);
  // Reads a game into memory, and resolves its step if every seat that must
  // order is ready (the server may have stopped before it could).
  GamePtr load(const GameRow& row);
  void resolve_ready_games();
  // Puts the reminders due at `now` in the outbox (NotifyOptions::reminders).
  void remind(std::int64_t now);
  void evict_idle();
  std::int64_t now() const { return clock_(); }

  // Hands `w` to the storage writer; once durable, pushes its events to the
  // game's readers and runs `then`. A failed write fails the reply (nothing
  // was changed); a failure after the writes are durable fails it with what
  // was kept (w.kept). `finally` runs either way, after the rest.
  void commit(const GamePtr& g, Writes w, const ReplyPtr& reply, std::function<void()> then,
              std::function<void()> finally = nullptr);
  // Pushes durable events to their readers. A connection that cannot take
  // them fails no request: the failure is logged, and readers catch up with
  // an EventsRequest.
  void push(std::int64_t game_id, const std::vector<proto::GameEvent>& events,
            const std::vector<Reader>& readers, const Outbox* requester = nullptr,
            std::uint64_t answered = 0);
  // Numbers `e` as the game's next event, stamped `at` (default: now).
  proto::GameEvent record(LiveGame& g, Writes& w, proto::GameEvent e,
                          std::optional<std::int64_t> at = std::nullopt);
  proto::GameEvent joined_event(LiveGame& g, Writes& w, int seat, const std::string& player,
                                bool started);
  proto::GameEvent over_event(LiveGame& g, Writes& w);
  void write_row(LiveGame& g, Writes& w);

  // Records `state` as the game's current position, reached at `at`.
  void set_position(LiveGame& g, std::unique_ptr<State> state, std::int64_t at);
  std::unique_ptr<State> initial_state(const LiveGame& g) const;
  PlayerId acting_seat(const LiveGame& g, const ConnectionState& conn,
                       const std::optional<std::uint32_t>& for_seat) const;
  void end_if_decided(LiveGame& g, Writes& w);

  // Agreements (agreements.cpp). Records the proposal `p` as it now stands
  // (in memory, in the proposals table, and as an event); returns the event.
  proto::GameEvent record_proposal(LiveGame& g, Writes& w, const ProposalRow& p,
                                   proto::ProposalStep what, std::optional<int> seat,
                                   const std::string& why = "",
                                   std::optional<std::int64_t> at = std::nullopt);
  // What a carried proposal decides takes effect.
  void carry_out(LiveGame& g, Writes& w, const ProposalRow& p);
  // Every open proposal (of `kind` only, when given) lapses, `why`.
  void lapse_proposals(LiveGame& g, Writes& w, const std::string& why,
                       std::optional<std::int64_t> at = std::nullopt,
                       std::optional<ProposalKind> kind = std::nullopt);
  // Changes the current step's deadline clock, as a carried proposal
  // (`proposal`) or the administrator (0) asked: checked before
  // (clock_problem). Records the event; proposals the change makes moot
  // lapse; a resumed step whose seats are all ready resolves.
  void change_clock(LiveGame& g, Writes& w, ClockChange change, std::int64_t seconds,
                    std::int64_t proposal);
  // Refuses an extension of other than `min` to `max` seconds.
  void check_extension(std::int64_t seconds, std::int64_t max) const;

  // Replacement (replacement.cpp). Counts the seats whose orders were
  // defaulted at a deadline (`played`) as having missed it.
  void count_missed(LiveGame& g, Writes& w, const std::vector<SeatOrders>& played,
                    bool by_deadline);
  // `seat` ordered: its missed deadlines are over, and so is its disorder.
  void seat_ordered(LiveGame& g, Writes& w, PlayerId seat);
  // Tells everyone of the seats offered now that were not `before`, and of
  // those no longer offered; nothing once the game is over.
  void announce_offers(LiveGame& g, Writes& w, const std::vector<Offer>& before,
                       std::optional<std::int64_t> at = std::nullopt);
  // `user` plays `seat` from now on: the seat's history, the event, the
  // previous player told, open proposals lapsed. Checked before.
  void hand_over(LiveGame& g, Writes& w, int seat, std::int64_t user, const std::string& name,
                 bool by_admin, std::optional<OfferReason> reason);
  // The administrator's replacement of a seat's player: checked, then handed over.
  void replace_for_admin(LiveGame& g, Writes& w, const AdminRequestRow& r);

  // Resolves steps while every seat that must order is ready (or resigned);
  // returns whether any did. A failing resolution is logged and leaves the
  // game as it was: the request that triggered it still stands.
  bool resolve_ready(LiveGame& g, Writes& w, bool by_deadline);
  bool resolve_once(LiveGame& g, Writes& w, bool by_deadline);
  std::optional<std::vector<SeatOrders>> orders_for_resolution(const LiveGame& g,
                                                               const State& state,
                                                               bool by_deadline) const;

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
};

int choose_seat(int requested, int players, const std::vector<SeatRow>& taken);

}  // namespace naumachia::server
