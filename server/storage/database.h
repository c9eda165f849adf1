#pragma once
// The database the server writes: one connection, to a SQLite file (the
// embedded default) or a PostgreSQL server (storage/connection.h), prepared
// statements only (kept and reused, not parsed again on every call),
// transactions as scope guards, migrations applied in order at open. A
// connection belongs to one thread at a time.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/connection.h"

namespace naumachia::server {

class DbError : public std::runtime_error {
 public:
  enum class Kind {
    other,
    // The database cannot grow: the disk is full, or the database reached the
    // size the operator allows it (Database::limit_size).
    full,
    // The statement lost a race with another session's transaction and
    // nothing of it took effect: PostgreSQL broke a deadlock by failing it
    // (SQLSTATE 40P01), or could not serialize it (40001). Made again once
    // the other's transaction has ended, it may succeed (StorageWriter).
    conflict,
  };
  explicit DbError(const std::string& what, Kind kind = Kind::other)
      : std::runtime_error(what), kind_(kind) {}
  bool full() const { return kind_ == Kind::full; }
  bool conflict() const { return kind_ == Kind::conflict; }

 private:
  Kind kind_;
};

// A change made against a copy of a game older than the stored one: another
// server changed the game meanwhile (Tables::fence_game). Nothing of the
// change was stored; it is made again against the game read anew.
class WriteConflict : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `e` is a write that failed because the database cannot grow.
bool storage_full(const std::exception& e);

class Database;

// A statement in use. One taken from the connection's cache goes back to it,
// reset and unbound, when the Stmt dies.
class Stmt {
 public:
  explicit Stmt(std::unique_ptr<Statement> own);
  Stmt(Statement* cached, bool* in_use);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  // Binds are 1-based, in the order of the statement's '?'.
  Stmt& bind(int i, std::int64_t v);
  Stmt& bind(int i, std::string_view v);
  Stmt& bind_blob(int i, const std::vector<std::uint8_t>& v);
  Stmt& bind_null(int i);
  // NULL for none.
  Stmt& bind(int i, const std::optional<std::int64_t>& v);

  // Advances; true while a row is available.
  bool step();
  // Runs a statement that returns no rows.
  void run();

  std::int64_t integer(int col) const;
  std::string text(int col) const;
  std::vector<std::uint8_t> blob(int col) const;
  bool is_null(int col) const;
  // The columns of the rows, known once step() has run.
  int column_count() const;
  std::string column_name(int col) const;
  ValueKind kind(int col) const;

 private:
  std::unique_ptr<Statement> own_;  // a statement of its own, or null
  Statement* stmt_;
  bool* in_use_ = nullptr;  // the cache slot's flag; null for a statement of its own
};

// Runs an "INSERT ... RETURNING id" (both engines' way to learn a new row's
// id) and returns the id.
std::int64_t inserted_id(Stmt& insert);

struct Migration {
  int version;
  std::string name;
  std::string_view sql;
};

// The schema's migrations in each engine's dialect (migrations/ and
// migrations/postgresql/). Their versions agree: a version names one schema,
// whichever engine holds it.
struct Migrations {
  std::vector<Migration> sqlite;
  std::vector<Migration> postgresql;
};

class Database {
 public:
  // `target` is a SQLite file or a PostgreSQL connection URI
  // ("postgresql://USER@HOST:PORT/NAME"). A SQLite file is created when
  // missing, with WAL and full synchronous commits; it and the -wal and -shm
  // files SQLite makes beside it are private to the owner (0600): created so,
  // or narrowed (see storage/private_files.h). Every migration of the
  // engine's list whose version is above the recorded schema version is
  // applied, all in one transaction.
  Database(const std::string& target, const Migrations& migrations);
  // Opens an existing database without migrating it: a second connection
  // (a reader beside the writer) to a database another connection set up.
  explicit Database(const std::string& target);
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  Engine engine() const { return conn_->engine(); }
  // The statement for `sql`, from the cache when it is there and free.
  Stmt prepare(std::string_view sql);
  // PostgreSQL: tells the sessions LISTENing on `channel` `payload`, once
  // the transaction commits (storage/cluster_news.h). SQLite has no other
  // servers to tell: a logic error.
  void notify(std::string_view channel, std::string_view payload);
  void exec_script(std::string_view sql);
  // Rows changed by the last INSERT, UPDATE or DELETE.
  int changes() const;
  int schema_version();
  // Whether a transaction is open: SQLite ends one by itself on some errors
  // (a full disk, an I/O error), whatever savepoints were taken in it.
  bool in_transaction() const;
  // The engine's check of the stored data. SQLite: `PRAGMA quick_check`
  // (the pages and their b-trees, in time proportional to the size) or,
  // `full`, `PRAGMA integrity_check` (every index against its table too).
  // PostgreSQL checks its pages as it reads them (and keeps its own
  // checksums when the cluster was made with them): the check reads every
  // table of the schema whole. The problems found, none when the database
  // is sound; an error reading it is one too.
  std::vector<std::string> check(bool full);
  // This connection stops growing the database at `bytes` (rounded down to
  // whole pages, never below its size now); a write beyond fails as a full
  // disk does. 0: no limit but the disk's. A PostgreSQL database is limited
  // by its server's operator, not here: the call throws for it.
  void limit_size(std::int64_t bytes);
  // The tables of the schema, by name; see Connection::continue_ids.
  std::vector<std::string> tables();
  void continue_ids(const std::string& table);

 private:
  friend class Transaction;
  struct Cached {
    std::unique_ptr<Statement> stmt;
    bool in_use = false;
  };
  // Looked up by the SQL text as given, without copying it into a string.
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // Declared before the cache: the statements are finalized before the close.
  std::unique_ptr<Connection> conn_;
  std::unordered_map<std::string, Cached, TextHash, std::equal_to<>> cache_;
};

// A savepoint inside the transaction in progress: rolls back to it unless
// release() was called, leaving the rest of the transaction alone.
class Savepoint {
 public:
  explicit Savepoint(Database& db);
  ~Savepoint();
  void release();

 private:
  Database& db_;
  bool done_ = false;
};

// Begins a transaction that writes (Connection::begin); ROLLBACK unless
// commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

// The migrations compiled into the binaries from migrations/*.sql and
// migrations/postgresql/*.sql.
const Migrations& builtin_migrations();

}  // namespace naumachia::server
