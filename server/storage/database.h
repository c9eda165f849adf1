#pragma once
// A thin RAII layer over SQLite: one connection, prepared statements only
// (kept and reused, not parsed again on every call), transactions as scope
// guards, migrations applied in order at open. A connection belongs to one
// thread at a time.
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace naumachia::server {

class DbError : public std::runtime_error {
 public:
  // `code` is SQLite's result code, 0 when the error is not SQLite's.
  explicit DbError(const std::string& what, int code = 0) : std::runtime_error(what), code_(code) {}
  int code() const { return code_; }
  // The database cannot grow: the disk is full, or the database reached the
  // size the operator allows it (Database::limit_size).
  bool full() const { return (code_ & 0xff) == SQLITE_FULL; }

 private:
  int code_;
};

// Whether `e` is a write that failed because the database cannot grow.
bool storage_full(const std::exception& e);

class Database;

// A statement in use. One taken from the connection's cache goes back to it,
// reset and unbound, when the Stmt dies.
class Stmt {
 public:
  Stmt(sqlite3* db, std::string_view sql);
  Stmt(sqlite3* db, sqlite3_stmt* cached, bool* in_use);
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

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  bool* in_use_ = nullptr;  // the cache slot's flag; null for a statement of its own
};

struct Migration {
  int version;
  std::string name;
  std::string_view sql;
};

class Database {
 public:
  // Opens (creating) the file, sets WAL and full synchronous commits, and applies
  // every migration whose version is above the recorded schema version. The
  // file, and the -wal and -shm files SQLite makes beside it, are private to
  // the owner (0600): created so, or narrowed (see storage/private_files.h).
  Database(const std::string& path, const std::vector<Migration>& migrations);
  // Opens an existing database without migrating it: a second connection
  // (a reader beside the writer) to a file another connection set up.
  explicit Database(const std::string& path);
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // The statement for `sql`, from the cache when it is there and free.
  Stmt prepare(std::string_view sql);
  void exec_script(std::string_view sql);
  std::int64_t last_insert_id() const;
  // Rows changed by the last INSERT, UPDATE or DELETE.
  int changes() const;
  int schema_version();
  // Whether a transaction is open: SQLite ends one by itself on some errors
  // (a full disk, an I/O error), whatever savepoints were taken in it.
  bool in_transaction() const;
  // SQLite's check of the file: `PRAGMA quick_check` (the pages and their
  // b-trees, in time proportional to the size) or, `full`, `PRAGMA
  // integrity_check` (every index against its table too). The problems it
  // reports, none when the database is sound; an error reading the file is
  // one too.
  std::vector<std::string> check(bool full);
  // This connection stops growing the database at `bytes` (rounded down to
  // whole pages, never below its size now); a write beyond fails as a full
  // disk does (SQLITE_FULL). 0: no limit but the disk's.
  void limit_size(std::int64_t bytes);

 private:
  void open(const std::string& path, int flags);

  // Owned handles, so that a constructor that fails after sqlite3_open_v2 (a
  // file that is not a database fails at its first statement) still finalizes
  // and closes what it made: the members are destroyed even then.
  struct CloseDb {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
  };
  struct FinalizeStmt {
    void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
  };
  struct Cached {
    std::unique_ptr<sqlite3_stmt, FinalizeStmt> stmt;
    bool in_use = false;
  };
  // Looked up by the SQL text as given, without copying it into a string.
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // Declared before the cache: the statements are finalized before the close.
  std::unique_ptr<sqlite3, CloseDb> db_;
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

// BEGIN IMMEDIATE on construction; ROLLBACK unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

// The migrations compiled into the binaries from migrations/*.sql.
const std::vector<Migration>& builtin_migrations();

}  // namespace naumachia::server
