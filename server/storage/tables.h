#pragma once
// Typed access to the server's tables: the only place SQL is written. Every
// query is a prepared statement kept by the connection; callers group writes
// in a Transaction (the storage writer's batches).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/crypto.h"
#include "core/audience.h"
#include "core/ids.h"
#include "storage/database.h"

namespace naumachia::server {

// What messages a game's players may send each other (games.press).
enum class PressMode {
  Full,        // public messages, and private ones to chosen seats
  PublicOnly,  // public messages only
  None,        // no messages ("gunboat")
};
std::string press_text(PressMode mode);  // "full", "public", "none"
// Throws DbError for a text that names no mode.
PressMode press_mode(const std::string& text);

struct UserRow {
  std::int64_t id = 0;
  std::string name;
  Bytes pw_salt;
  Bytes pw_hash;
  std::string pw_scheme;  // PasswordScheme::text() of the hash
};

// A signed-in session: whose, and since when (Unix seconds).
struct SessionRow {
  UserRow user;
  std::int64_t created_at = 0;
  std::int64_t last_used = 0;
};

// Whether a game's deadline clock is stopped, and by whom (games.paused).
enum class Pause {
  None,    // running
  Agreed,  // by every player; their agreement resumes it
  Admin,   // by the server's administrator, who alone resumes it
};
std::string pause_text(Pause pause);  // "", "agreed", "admin"
Pause pause_of(const std::string& text);

struct GameRow {
  std::int64_t id = 0;
  std::string game;
  std::string scenario;
  int players = 2;
  std::int64_t created_by = 0;
  std::int64_t deadline_seconds = 0;
  Bytes seed;
  Bytes seed_hash;
  std::string status;  // open, running, over
  std::int64_t step = 0;
  std::string step_label;
  std::optional<std::int64_t> step_deadline;
  std::string state;
  Bytes state_hash;
  Bytes initial_hash;
  Bytes chain_hash;
  std::string result;
  std::string winners;                  // winning seats, space-separated
  std::string winning_sides;            // winning sides, space-separated
  int rules_version = 1;                // the module's rules version the game was created under
  int hash_scheme = 3;                  // GameHasher::kCurrent; stored games keep their own
  std::int64_t next_event = 1;          // the sequence number the next event gets (read: one
                                        // past the game's last stored event)
  std::optional<std::string> to_order;  // seats ordering now, space-separated; unknown: null
  PressMode press = PressMode::Full;
  bool private_press = false;  // private messages stay private once the game is over
  Pause paused = Pause::None;
  // While paused: what the step's deadline had left; none when it had no deadline.
  std::optional<std::int64_t> paused_remaining;
  // When the step's deadline was last set (the step began, or its clock
  // changed): a reminder is due only when it was set further ahead than the
  // reminder's lead. None for games stored before reminders existed.
  std::optional<std::int64_t> deadline_set_at;
  // Missed deadlines in a row that put a seat in civil disorder; 0: never.
  int disorder_after = 0;

  std::string full_scenario() const { return game + "/" + scenario; }
};

struct SeatRow {
  int seat = 0;
  std::int64_t user_id = 0;
  std::string name;
  bool resigned = false;
  int missed = 0;  // deadlines in a row at which its orders were defaulted
};

// A change of a seat's player (replacement.h has the rules). Who held a seat
// when is its seats row and these, back from it.
struct ReplacementRow {
  std::int64_t seq = 0;  // the SeatReplaced event
  int seat = 0;
  std::int64_t old_user = 0;
  std::int64_t new_user = 0;
  std::int64_t at = 0;
  bool by_admin = false;
};

struct OrdersRow {
  int seat = 0;
  std::vector<std::string> lines;
  Bytes nonce;
  Bytes commitment;
  bool ready = false;
  bool defaulted = false;
};

struct StepRow {
  std::int64_t step = 0;
  std::string label;
  std::string rolls;
  std::string events;
  Bytes state_hash;
  Bytes prev_hash;
  Bytes record_hash;
  bool by_deadline = false;
  std::int64_t resolved_at = 0;  // Unix seconds
};

// One message of a game's press. Its channel is its audience: public, or the
// sender and the addressees; it is numbered within that channel.
struct MessageRow {
  std::int64_t id = 0;  // orders the messages of every channel; never shown
  std::int64_t game_id = 0;
  Audience channel;
  std::int64_t number = 0;  // 1, 2, 3 ... within the channel
  int from_seat = 0;
  std::int64_t from_user = 0;
  std::string from_name;  // the sender's user name (read, not written)
  std::int64_t step = 0;  // the game's step when sent; 0 while open
  std::int64_t sent_at = 0;
  std::string body;
};

// What players may agree on, and where a proposal stands (proposals.h has the rules).
enum class ProposalKind { Draw, Concession, Pause, Resume, Extension };
enum class ProposalState { Open, Carried, Refused, Withdrawn, Lapsed };
std::string kind_text(ProposalKind kind);  // "draw", "concession", "pause", "resume", "extension"
std::string state_text(ProposalState state);
// Throw DbError for a text that names none.
ProposalKind proposal_kind(const std::string& text);
ProposalState proposal_state(const std::string& text);

struct ProposalRow {
  std::int64_t id = 0;  // 1, 2, 3 ... per game
  ProposalKind kind = ProposalKind::Draw;
  int proposer = 0;                // seat
  std::vector<SideId> sides;       // draw: the drawing sides; concession: the side conceded to
  std::int64_t seconds = 0;        // extension: the time to add
  std::int64_t step = 0;           // the step it was made in
  std::vector<PlayerId> voters;    // the seats whose acceptance it needs
  std::vector<PlayerId> accepted;  // those that have accepted, in the order they did
  ProposalState state = ProposalState::Open;
  std::int64_t made_at = 0;
  std::optional<std::int64_t> closed_at;
};

// What the administrator asked of a game with naumachia-admin; the server
// applies it as the game's one writer.
enum class AdminAction { Pause, Resume, Extend, Replace };
std::string action_text(AdminAction action);  // "pause", "resume", "extend", "replace"
AdminAction admin_action(const std::string& text);

struct AdminRequestRow {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  AdminAction action = AdminAction::Pause;
  std::int64_t seconds = 0;  // extend
  int seat = 0;              // replace: the seat
  std::int64_t user_id = 0;  // replace: its new player
  std::int64_t requested_at = 0;
  std::optional<std::int64_t> done_at;  // none while waiting for the server
  std::string outcome;                  // "applied", or "refused: why"
};

// Where a user hears about their games while away (notify_targets).
enum class NotifyChannel { Email, Webhook };
std::string channel_text(NotifyChannel channel);  // "email", "webhook"

struct NotifyTargetRow {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  NotifyChannel channel = NotifyChannel::Email;
  std::string address;  // the e-mail address, or the webhook's URL
  std::string format;   // a webhook's body: "json", "discord", "slack"
  bool confirmed = false;
  std::string confirm_code;  // an e-mail address's, until confirmed
  std::int64_t confirm_expires = 0;
  int confirm_tries = 0;
  std::string unsubscribe;  // the token every notice to it carries
  std::int64_t created_at = 0;
};

// What a user hears about: bits of NoticeKind (notices.h), and whether also
// while connected.
struct NotifySettingsRow {
  std::int64_t kinds = 0;
  bool always = false;
};

// A notice waiting in the outbox for one address, with the address.
struct OutboxRow {
  std::int64_t id = 0;
  NotifyTargetRow target;
  std::string kind;  // notice_kind_text()
  std::int64_t game_id = 0;
  std::string subject;
  std::string body;
  std::int64_t created_at = 0;
  std::int64_t next_attempt = 0;
  int attempts = 0;
  std::string last_error;
};

// A notice to store: to every confirmed address of `user_id` that wants its
// kind (`kind_bit`; 0: every address whatever it wants), unless the user
// was connected and hears only while away.
struct NoticeRow {
  std::int64_t user_id = 0;
  std::string kind;
  std::int64_t kind_bit = 0;
  std::int64_t game_id = 0;
  std::string subject;
  std::string body;
  bool connected = false;
};

class Store {
 public:
  explicit Store(Db& db) : db_(db) {}
  Db& db() { return db_; }

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
  // Sessions last used before `idle_before` or created before `created_before`.
  int delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before);

  std::int64_t create_game(const GameRow& g, std::int64_t now);
  std::optional<GameRow> game(std::int64_t id);
  // Newest first. user_id > 0 with mine_only: only games the user sits in.
  std::vector<GameRow> games(bool mine_only, bool open_only, std::int64_t user_id);
  // A page of games, newest first, with ids below `before_id` (0: from the
  // newest), without their states. `maybe_offered`: only running games with a
  // resigned seat or one in civil disorder (a superset of those with a seat
  // offered; the rules of replacement.h decide).
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

  std::vector<SeatRow> seats(std::int64_t game_id);
  void add_seat(std::int64_t game_id, int seat, std::int64_t user_id, std::int64_t now);
  void set_resigned(std::int64_t game_id, int seat);
  void set_missed(std::int64_t game_id, int seat, int missed);
  // `r.new_user` sits in the seat from now on, not resigned, with no missed
  // deadlines; the change joins the seats' history.
  void replace_seat(std::int64_t game_id, const ReplacementRow& r);
  // The game's changes of players, in order.
  std::vector<ReplacementRow> replacements(std::int64_t game_id);

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
  void finish_admin_request(std::int64_t id, std::int64_t at, const std::string& outcome);
  // Marks a session used now.
  void touch_session(const Bytes& token_hash, std::int64_t now);

  // Notifications (store_notify.cpp).
  std::vector<NotifyTargetRow> notify_targets(std::int64_t user_id);
  std::optional<NotifyTargetRow> notify_target_by_token(const std::string& token);
  // Puts `t` in place of the user's address on its channel (and what was
  // waiting for the old one); returns its id.
  std::int64_t put_notify_target(const NotifyTargetRow& t);
  // Removes an address and what waits for it; the number of addresses removed.
  int delete_notify_target(std::int64_t target_id);
  void update_notify_confirmation(const NotifyTargetRow& t);
  std::optional<NotifySettingsRow> notify_settings(std::int64_t user_id);
  void put_notify_settings(std::int64_t user_id, const NotifySettingsRow& s);
  // Stores `n` for every address of its user that should have it (NoticeRow),
  // using `default_kinds` for a user who has chosen none; the rows stored.
  int enqueue_notice(const NoticeRow& n, std::int64_t default_kinds, std::int64_t now);
  // Stores `n` for one address, whatever its settings (a confirmation code).
  void enqueue_notice_to(std::int64_t target_id, const NoticeRow& n, std::int64_t now);
  // Notices due at `now`, oldest first.
  std::vector<OutboxRow> due_notices(std::int64_t now, int limit);
  // The time the next notice falls due, if any waits.
  std::optional<std::int64_t> next_notice_due();
  void notice_sent(std::int64_t id, std::int64_t now);
  // A failed attempt: tried again at `next_attempt`, or never (`give_up`).
  void notice_failed(std::int64_t id, int attempts, std::int64_t next_attempt,
                     const std::string& error, bool give_up);
  // Removes notices sent or given up before `before`; the number removed.
  int sweep_notices(std::int64_t before);
  // Running, unpaused games whose deadline is within `lead` seconds of `now`
  // (and not past), set more than `lead` ahead, without a reminder of that
  // lead for that step and deadline.
  std::vector<std::int64_t> games_due_reminder(std::int64_t now, std::int64_t lead);
  void record_reminder(std::int64_t game_id, std::int64_t step, std::int64_t deadline,
                       std::int64_t lead);

 private:
  Db& db_;
};

std::vector<std::string> split_lines(const std::string& joined);

}  // namespace naumachia::server
