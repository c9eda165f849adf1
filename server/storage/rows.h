#pragma once
// The rows of the server's tables as the server reads and writes them
// (storage/tables.h has the SQL), and the text each enumeration is stored
// as. A stored text that names nothing is an error (DbError), never a default.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/crypto.h"
#include "core/audience.h"
#include "core/ids.h"

namespace naumachia::server {

// An enumeration's values and the texts they are stored as: text_of names a
// value; value_of reads one back, throwing DbError for a text that names
// none (`what` says whose: "a stored game status is unknown: 'x'").
[[noreturn]] void throw_unknown(const char* what, const std::string& text);
template <class E>
struct StoredName {
  E value;
  const char* text;
};
template <class E, std::size_t N>
std::string text_of(const StoredName<E> (&names)[N], E value) {
  for (const StoredName<E>& n : names) {
    if (n.value == value) return n.text;
  }
  return names[0].text;  // every value has its name
}
template <class E, std::size_t N>
E value_of(const StoredName<E> (&names)[N], const std::string& text, const char* what) {
  for (const StoredName<E>& n : names) {
    if (text == n.text) return n.value;
  }
  throw_unknown(what, text);
}

// Seats or sides as a column stores them: their numbers separated by spaces
// ("0 2"). Reading throws DbError for a text that is not such a list (`what`
// names the column's content).
std::string number_list(const std::vector<int>& numbers);
std::vector<int> numbers_of(const std::string& text, const char* what);
template <class Id>
std::string id_list(const std::vector<Id>& ids) {
  std::vector<int> numbers;
  for (Id i : ids) numbers.push_back(i.value);
  return number_list(numbers);
}
template <class Id>
std::vector<Id> ids_of(const std::string& text, const char* what) {
  std::vector<Id> out;
  for (int n : numbers_of(text, what)) out.push_back(Id{n});
  return out;
}

// What messages a game's players may send each other (games.press).
enum class PressMode {
  Full,        // public messages, and private ones to chosen seats
  PublicOnly,  // public messages only
  None,        // no messages ("gunboat")
};
std::string press_text(PressMode mode);  // "full", "public", "none"
// Throws DbError for a text that names no mode (as do the other readers below).
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

// Where a game stands (games.status).
enum class GameStatus {
  Open,     // waiting for players
  Running,  // every seat taken, steps resolving
  Over,
};
std::string status_text(GameStatus status);  // "open", "running", "over"
GameStatus game_status(const std::string& text);

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
  GameStatus status = GameStatus::Open;
  std::int64_t step = 0;
  std::string step_label;
  std::optional<std::int64_t> step_deadline;
  std::string state;
  Bytes state_hash;
  Bytes initial_hash;
  Bytes chain_hash;
  std::string result;
  std::vector<PlayerId> winners;  // the winning seats
  std::vector<SideId> winning_sides;
  int rules_version = 1;        // the module's rules version the game was created under
  int hash_scheme = 3;          // GameHasher::kCurrent; stored games keep their own
  std::int64_t next_event = 1;  // the sequence number the next event gets (read: one
                                // past the game's last stored event)
  // The seats ordering now; none for a game stored before they were kept.
  std::optional<std::vector<PlayerId>> to_order;
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
  std::string name;  // as its creator gave it; empty: none
  // Bumped by every stored change (Tables::fence_game, in the game_versions
  // table); a copy in memory is as new as the version it was read at.
  std::int64_t version = 0;
  // The computer takes over a seat offered to a new player (docs/computer.md).
  bool computer_takes_over = false;

  std::string full_scenario() const { return game + "/" + scenario; }
};

struct SeatRow {
  int seat = 0;
  std::int64_t user_id = 0;
  std::string name;
  bool resigned = false;
  int missed = 0;  // deadlines in a row at which its orders were defaulted
};

// A change of a seat's player (facts/offers.h has the rules). Who held a seat
// when is its seats row and these, back from it.
struct ReplacementRow {
  std::int64_t seq = 0;  // the SeatReplaced event
  int seat = 0;
  std::int64_t old_user = 0;
  std::int64_t new_user = 0;
  std::int64_t at = 0;
  bool by_admin = false;
};

// A time the computer played a seat (docs/computer.md), numbered by the
// ComputerSeat event that began it: from step `from_step` until a person took
// the seat back in step `until_step` (none while it plays).
struct ComputerSeatRow {
  std::int64_t seq = 0;
  int seat = 0;
  std::int64_t from_step = 1;
  std::optional<std::int64_t> until_step;
  bool playing() const { return !until_step.has_value(); }
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

// What players may agree on, and where a proposal stands (facts/proposals.h has the rules).
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

}  // namespace naumachia::server
