#pragma once
// The SQL of the server's tables of accounts, games and their history, typed:
// every statement is prepared once and kept by the connection; callers group
// writes in a Transaction (the storage writer's batches). The notification
// tables have theirs in notices/notice_tables.h.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/database.h"
#include "storage/rows.h"

namespace naumachia::server {

class Tables {
 public:
  explicit Tables(Database& db) : db_(db) {}
  Database& database() { return db_; }

  std::optional<UserRow> user_by_name(const std::string& name);
  std::optional<UserRow> user_by_id(std::int64_t id);
  std::int64_t create_user(const std::string& name, const Bytes& salt, const Bytes& hash,
                           const std::string& scheme, std::int64_t now);
  void set_password(std::int64_t user_id, const Bytes& salt, const Bytes& hash,
                    const std::string& scheme);
  void create_session(const Bytes& token_hash, std::int64_t user_id, std::int64_t now);
  // The session whatever its age: expiry is the caller's policy.
  std::optional<SessionRow> session(const Bytes& token_hash);
  // The number of rows deleted.
  int delete_session(const Bytes& token_hash);
  int delete_sessions_of(std::int64_t user_id);
  // The hashes of the sessions unused since `idle_before` or made before
  // `created_before`: those delete_expired_sessions deletes.
  std::vector<Bytes> expired_sessions(std::int64_t idle_before, std::int64_t created_before);
  // Every session of the user but the one of `kept` (a token's hash).
  int delete_other_sessions(std::int64_t user_id, const Bytes& kept);
  // Sessions last used before `idle_before` or created before `created_before`.
  int delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before);

  std::int64_t create_game(const GameRow& g, std::int64_t now);
  // Games `user_id` created that still wait for players.
  std::int64_t open_games_created_by(std::int64_t user_id);
  std::optional<GameRow> game(std::int64_t id);
  // Newest first. user_id > 0 with mine_only: only games the user sits in.
  std::vector<GameRow> games(bool mine_only, bool open_only, std::int64_t user_id);
  // A page of games, newest first, with ids below `before_id` (0: from the
  // newest), without their states. `maybe_offered`: only running games with a
  // resigned seat or one in civil disorder (a superset of those with a seat
  // offered; the rules of facts/offers.h decide).
  std::vector<GameRow> game_summaries(bool mine_only, bool open_only, std::int64_t user_id,
                                      std::int64_t before_id, int limit,
                                      bool maybe_offered = false);
  std::vector<std::int64_t> games_past_deadline(std::int64_t now);
  // Running games whose current step may be ready to resolve: with at least as
  // many ready orders and resigned seats as seats to order, or whose seats to
  // order are not recorded. A superset; the coordinator decides.
  std::vector<std::int64_t> games_maybe_ready();
  // Writes status, step, label, deadline, state, hashes, result, winners and
  // the seats to order. (The next event number is read from the events.)
  void update_game(const GameRow& g);
  // Every change of a game starts here, in the transaction that stores it:
  // the game's version goes from `version` (what the change was made
  // against) to the next, or, when the stored version is another (another
  // server changed the game since this one read it), WriteConflict is
  // thrown and the transaction's part for the change is undone.
  void fence_game(std::int64_t id, std::int64_t version);
  // The stored version of game `id`; none when there is no such game.
  std::optional<std::int64_t> game_version(std::int64_t id);

  std::vector<SeatRow> seats(std::int64_t game_id);
  void add_seat(std::int64_t game_id, int seat, std::int64_t user_id, std::int64_t now);
  void set_resigned(std::int64_t game_id, int seat);
  void set_missed(std::int64_t game_id, int seat, int missed);
  // `r.new_user` sits in the seat from now on, not resigned, with no missed
  // deadlines; the change joins the seats' history.
  void replace_seat(std::int64_t game_id, const ReplacementRow& r);
  // The game's changes of players, in order.
  std::vector<ReplacementRow> replacements(std::int64_t game_id);

  // Every time the computer played a seat of the game, in order.
  std::vector<ComputerSeatRow> computer_seats(std::int64_t game_id);
  void add_computer_seat(std::int64_t game_id, const ComputerSeatRow& r);
  // The computer's play numbered `seq` ended in step `until_step`.
  void end_computer_seat(std::int64_t game_id, std::int64_t seq, std::int64_t until_step);
  // Running games with a seat the computer plays now.
  std::vector<std::int64_t> games_with_computer();

  std::vector<OrdersRow> orders(std::int64_t game_id, std::int64_t step);
  void put_orders(std::int64_t game_id, std::int64_t step, const OrdersRow& o, std::int64_t now);

  void insert_step(std::int64_t game_id, const StepRow& s);
  std::vector<StepRow> steps(std::int64_t game_id);

  void insert_event(std::int64_t game_id, std::int64_t seq, const std::string& payload);
  std::vector<std::string> events_after(std::int64_t game_id, std::int64_t after_seq);
  // The same page with each event's number as stored.
  std::vector<std::pair<std::int64_t, std::string>> numbered_events_after(std::int64_t game_id,
                                                                          std::int64_t after_seq);
  std::int64_t last_event_seq(std::int64_t game_id);
  // The game's events numbered below `before_seq`, newest first, at most `limit`.
  std::vector<std::pair<std::int64_t, std::string>> events_before(std::int64_t game_id,
                                                                  std::int64_t before_seq,
                                                                  int limit);

  // Stores `m` as the next message of its channel; returns it with its id
  // and number.
  MessageRow insert_message(MessageRow m);
  // The message numbered `id` among all games', if there is one.
  std::optional<MessageRow> message(std::int64_t id);
  // The channels of a game that hold messages.
  std::vector<Audience> message_channels(std::int64_t game_id);
  // The messages of one channel numbered above `after`, in order, at most `limit`.
  std::vector<MessageRow> channel_messages(std::int64_t game_id, const Audience& channel,
                                           std::int64_t after, int limit);

  void insert_proposal(std::int64_t game_id, const ProposalRow& p);
  // Writes the proposal's accepted seats, state and closing time.
  void update_proposal(std::int64_t game_id, const ProposalRow& p);
  // Every proposal of a game, or the open ones, by id.
  std::vector<ProposalRow> proposals(std::int64_t game_id, bool open_only);
  std::int64_t last_proposal_id(std::int64_t game_id);

  std::int64_t insert_admin_request(const AdminRequestRow& r);
  std::optional<AdminRequestRow> admin_request(std::int64_t id);
  // Requests the server has not applied yet, oldest first.
  std::vector<AdminRequestRow> waiting_admin_requests();
  // Requests of a game the server applied, oldest first.
  std::vector<AdminRequestRow> applied_admin_requests(std::int64_t game_id);
  // Throws WriteConflict when the request is done already: it is applied
  // once, whichever server's clock applies it.
  void finish_admin_request(std::int64_t id, std::int64_t at, const std::string& outcome);
  // Marks a session used now.
  void touch_session(const Bytes& token_hash, std::int64_t now);

 private:
  Database& db_;
};

}  // namespace naumachia::server
