#pragma once
// Small protocol helpers shared by the integration tests.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "connection.h"
#include "support/server_process.h"

namespace naumachia::testing {

// Registers `name` on the server and returns the signed-in connection.
std::unique_ptr<client::Connection> sign_up(const ServerProcess& server, const std::string& name);
// Logs an existing account in.
std::unique_ptr<client::Connection> log_in(const ServerProcess& server, const std::string& name,
                                           const std::string& password);
// Runs `naumachia-admin --db DB COMMAND` against the server's database, or
// against another database file (a copy, a backup).
CommandResult admin(const ServerProcess& server, const std::string& command);
CommandResult admin(const std::filesystem::path& db, const std::string& command);
// The requester's view of a game (GetGame).
proto::GameDetail game_detail(client::Connection& c, std::uint64_t game);
// Submits orders, ready; returns the response (orders_accepted or an error).
proto::Envelope submit(client::Connection& c, std::uint64_t game, std::uint64_t step,
                       const std::vector<std::string>& lines,
                       std::optional<std::uint32_t> for_seat = std::nullopt);
// A game of `scenario` created by players[0] at seat 0 and joined by each
// other player at the seat of its index; the game is running.
std::uint64_t start_game(const std::vector<std::unique_ptr<client::Connection>>& players,
                         const std::string& scenario);
// A two-player duel created by `a` (seat 0) and joined by `b` (seat 1), with
// the given step deadline (0: none); the game is running.
std::uint64_t start_duel(client::Connection& a, client::Connection& b,
                         std::uint64_t deadline_seconds = 0);

// Sends a message to the game's press: public, or private to `to`.
proto::Envelope say(client::Connection& c, std::uint64_t game, const std::string& text,
                    const std::vector<std::uint32_t>& to = {});
// Every message of the game the connection may read, oldest first, page by page.
std::vector<proto::PressMessage> all_press(client::Connection& c, std::uint64_t game);
// The press messages pushed to the connection so far (and not yet taken).
std::vector<proto::PressMessage> pushed_press(client::Connection& c);
// The texts of press messages, in their order.
std::vector<std::string> texts(const std::vector<proto::PressMessage>& messages);

// Every frame the connection has received so far, as one text.
std::string all_frames(const client::Connection& c);

}  // namespace naumachia::testing
