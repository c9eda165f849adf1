#pragma once
// What the `naumachia` command's parts share: its arguments, the session a
// command runs in (the signed-in connection and the config file), and the
// commands of correspondence play (press, proposals and replacement players,
// correspondence.cpp).
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "connection.h"
#include "naumachia.pb.h"

namespace naumachia::client {

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // "--flag" -> value ("" for bare flags)
  // Every value of an option given more than once (`options` has the last).
  std::map<std::string, std::vector<std::string>> all;
  bool has(const std::string& k) const { return options.count(k) > 0; }
};

// Splits a command's arguments; `with_value` names the options that take one.
Args parse_args(const std::vector<std::string>& argv, const std::vector<std::string>& with_value,
                const std::vector<std::string>& flags);
std::uint64_t parse_game_id(const std::string& s);
// The seat `--for SEAT` names (a resigned partner's seat the user orders for).
std::optional<std::uint32_t> for_seat_of(const Args& a);
// "90s", "30m", "48h", "2d" or plain seconds.
std::uint64_t parse_duration(const std::string& s);

// The server refused a request: its code and message.
class ServerError : public ClientError {
 public:
  ServerError(proto::ErrorCode code, const std::string& message)
      : ClientError(message), code_(code) {}
  proto::ErrorCode code() const { return code_; }

 private:
  proto::ErrorCode code_;
};

// The signed-in client a command runs in.
class Session {
 public:
  virtual ~Session() = default;
  // Connects and signs in, once.
  virtual Connection& connect() = 0;
  // Connects without signing in (for the requests that need no session).
  virtual Connection& connect_anonymous() = 0;
  // Sends a request; throws ServerError with the server's error on failure.
  virtual proto::Envelope expect(const proto::Envelope& request) = 0;
  virtual proto::GameDetail fetch_game(std::uint64_t id) = 0;
  // The server's URL, which names what this client keeps per server.
  virtual const std::string& server() const = 0;
  // A value of the config file ("" when unset), and values written to it.
  virtual std::string setting(const std::string& key) const = 0;
  virtual void save_settings(const std::map<std::string, std::string>& values) = 0;
};

// Each seat's name (its side's), by seat number.
std::vector<std::string> seat_names(const proto::GameSummary& g);

// The commands of correspondence play, and their help texts.
extern const std::map<std::string, std::string> kCorrespondenceHelp;
int say(Session& session, const std::vector<std::string>& argv);
int messages(Session& session, const std::vector<std::string>& argv);
// Prints the game's messages this client has not shown yet (every message
// it may read with `all`) and remembers where each channel ends; returns how
// many were printed.
int print_new_press(Session& session, const proto::GameSummary& game, bool all);
int propose(Session& session, const std::vector<std::string>& argv);
// accept, refuse or withdraw a proposal: `command` names which.
int answer(Session& session, const std::string& command, const std::vector<std::string>& argv);
// Takes over a seat offered to a new player.
int take(Session& session, const std::vector<std::string>& argv);

// Orders choice by choice (choices.cpp): the `choices` command, and the
// order lines built by picking from numbered choices on `in` (for `orders
// --interactive`), with the lists and questions written to `out`.
extern const std::map<std::string, std::string> kChoicesHelp;
int choices(Session& session, const std::vector<std::string>& argv);
std::vector<std::string> pick_orders(Session& session, std::uint64_t game, std::uint64_t step,
                                     std::optional<std::uint32_t> for_seat, std::istream& in,
                                     std::ostream& out);

// The notification commands (notify.cpp), and their help texts.
extern const std::map<std::string, std::string> kNotifyHelp;
int notify(Session& session, const std::vector<std::string>& argv);
int unsubscribe(Session& session, const std::vector<std::string>& argv);

}  // namespace naumachia::client
