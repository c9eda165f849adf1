#pragma once
// What a database engine gives storage/database.h: a connection, and the
// statements prepared on it. Two engines implement it: SQLite (a file, the
// embedded default) and PostgreSQL (a server, for operators who outgrow one
// machine: docs/scaling.md). Everything above this interface, the tables and
// the writer, is the same for both; the SQL they send is the dialect both
// engines accept ('?' placeholders, which the PostgreSQL connection numbers).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::server {

enum class Engine { sqlite, postgresql };

// What a column of the current row holds.
enum class ValueKind { null, integer, text, blob };

// A prepared statement. Binds are 1-based, in the order of the statement's
// '?' (or the number of a '?N').
class Statement {
 public:
  virtual ~Statement() = default;
  virtual void bind_integer(int i, std::int64_t v) = 0;
  virtual void bind_text(int i, std::string_view v) = 0;
  virtual void bind_blob(int i, std::span<const std::uint8_t> v) = 0;
  virtual void bind_null(int i) = 0;
  // Runs the statement on the first call; true while a row is available.
  virtual bool step() = 0;
  virtual std::int64_t integer(int col) const = 0;
  virtual std::string text(int col) const = 0;
  virtual std::vector<std::uint8_t> blob(int col) const = 0;
  virtual bool is_null(int col) const = 0;
  // The columns of the rows, known once step() has run.
  virtual int column_count() const = 0;
  virtual std::string column_name(int col) const = 0;
  virtual ValueKind kind(int col) const = 0;
  // Ready to run again: its rows dropped and its bindings cleared.
  virtual void reset() = 0;
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Engine engine() const = 0;
  // `keep`: the statement is kept and run many times (the connection's
  // cache holds it); otherwise it is used once.
  virtual std::unique_ptr<Statement> prepare(std::string_view sql, bool keep) = 0;
  // Statements separated by ';', no parameters.
  virtual void exec_script(std::string_view sql) = 0;
  // Rows changed by the last INSERT, UPDATE or DELETE.
  virtual int changes() const = 0;
  // Whether a transaction is open (an engine may end one by itself on an
  // error: SQLite on a full disk, PostgreSQL when the connection is lost).
  virtual bool in_transaction() const = 0;
  // Opens a transaction that writes: SQLite takes the write lock at once
  // (BEGIN IMMEDIATE), so that two writers never deadlock upgrading.
  virtual void begin() = 0;
  // Serialises the migrations of several processes starting at once on one
  // database (called inside the migrations' transaction).
  virtual void lock_for_migrations() = 0;
  // The engine's own check of the stored data; the problems found.
  virtual std::vector<std::string> check(bool full) = 0;
  // Stops the database growing beyond `bytes` (0: no limit). Only SQLite's
  // file can be limited so; see Database::limit_size.
  virtual void limit_size(std::int64_t bytes) = 0;
  // The tables of the database's schema, by name.
  virtual std::vector<std::string> tables() = 0;
  // After rows were copied in with their ids: the ids the engine gives next
  // continue after the highest in `table`'s column `id` (SQLite does so by
  // itself).
  virtual void continue_ids(const std::string& table) = 0;
};

// Whether `target` names a PostgreSQL database (a "postgresql://" or
// "postgres://" connection URI) rather than a SQLite file.
bool names_postgresql(std::string_view target);

// `target`: a SQLite file, opened (created when `create`) as
// storage/database.h describes; or a PostgreSQL connection URI.
std::unique_ptr<Connection> open_sqlite(const std::string& path, bool create);
std::unique_ptr<Connection> open_postgresql(const std::string& uri);

// A connection URI with its password, if any, replaced by "***": what may be
// logged or shown.
std::string redact_target(const std::string& target);

}  // namespace naumachia::server
