#pragma once
// A database file opened with SQLite itself, beside the server, as an
// operator (or an attacker with the file) would open it: for reading what the
// server stored and for editing it by hand. Every failure fails the test.
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"

namespace naumachia::testing {

class SqlFile {
 public:
  // Reading only leaves the file as the server left it (its -wal file too).
  enum class Access { read_write, read_only };

  // Opens the file (for writing: creating it when missing); waits up to 5 s
  // for a lock.
  explicit SqlFile(const std::filesystem::path& path, Access access = Access::read_write);
  ~SqlFile();
  SqlFile(const SqlFile&) = delete;
  SqlFile& operator=(const SqlFile&) = delete;

  // Runs statements, separated by ';'.
  void exec(const std::string& script);
  // The first column of the query's first row as text; nullopt when there is
  // no row or the value is NULL.
  std::optional<std::string> text(const std::string& query);
  // The first column of the query's first row as an integer; -1 when there is
  // no row.
  std::int64_t integer(const std::string& query);
  // The first column of the query's first row as bytes; "" when there is no row.
  std::string blob(const std::string& query);
  // Runs one statement whose only parameter is the blob `value`.
  void set_blob(const std::string& statement, const std::string& value);

 private:
  sqlite3_stmt* prepare(const std::string& statement);

  sqlite3* db_ = nullptr;
};

// The game's current position as the server stored it, read back by the
// game's module the way the server reads it: the test plays the part of an
// auditor with the engine.
std::unique_ptr<State> stored_position(const Game& module, const std::filesystem::path& db,
                                       std::uint64_t game);

}  // namespace naumachia::testing
