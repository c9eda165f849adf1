#include "storage/database.h"

#include <algorithm>

#include "storage/private_files.h"

namespace naumachia::server {

namespace {
[[noreturn]] void raise(sqlite3* db, std::string_view what) {
  throw DbError(std::string(what) + ": " + sqlite3_errmsg(db), sqlite3_extended_errcode(db));
}
}  // namespace

bool storage_full(const std::exception& e) {
  const auto* db = dynamic_cast<const DbError*>(&e);
  return db && db->full();
}

Stmt::Stmt(sqlite3* db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
      SQLITE_OK) {
    raise(db, "prepare '" + std::string(sql) + "'");
  }
}

Stmt::Stmt(sqlite3* db, sqlite3_stmt* cached, bool* in_use)
    : db_(db), stmt_(cached), in_use_(in_use) {
  *in_use_ = true;
}

Stmt::~Stmt() {
  if (in_use_) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    *in_use_ = false;
  } else {
    sqlite3_finalize(stmt_);
  }
}

Stmt& Stmt::bind(int i, std::int64_t v) {
  if (sqlite3_bind_int64(stmt_, i, v) != SQLITE_OK) raise(db_, "bind");
  return *this;
}

Stmt& Stmt::bind(int i, std::string_view v) {
  if (sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT) !=
      SQLITE_OK) {
    raise(db_, "bind");
  }
  return *this;
}

Stmt& Stmt::bind_blob(int i, const std::vector<std::uint8_t>& v) {
  if (sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT) !=
      SQLITE_OK) {
    raise(db_, "bind");
  }
  return *this;
}

Stmt& Stmt::bind(int i, const std::optional<std::int64_t>& v) {
  return v ? bind(i, *v) : bind_null(i);
}

Stmt& Stmt::bind_null(int i) {
  if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) raise(db_, "bind");
  return *this;
}

bool Stmt::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  raise(db_, "step");
}

void Stmt::run() {
  while (step()) {
  }
}

std::int64_t Stmt::integer(int col) const {
  return sqlite3_column_int64(stmt_, col);
}

std::string Stmt::text(int col) const {
  const auto* p = sqlite3_column_text(stmt_, col);
  return p ? std::string(reinterpret_cast<const char*>(p),
                         static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
           : std::string();
}

std::vector<std::uint8_t> Stmt::blob(int col) const {
  const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, col));
  const int n = sqlite3_column_bytes(stmt_, col);
  return p ? std::vector<std::uint8_t>(p, p + n) : std::vector<std::uint8_t>();
}

bool Stmt::is_null(int col) const {
  return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}

void Database::open(const std::string& path, int flags) {
  sqlite3* handle = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &handle, flags, nullptr);
  // SQLite makes a handle even when the open fails; it is closed either way.
  db_.reset(handle);
  if (rc != SQLITE_OK) {
    const std::string msg = handle ? sqlite3_errmsg(handle) : "out of memory";
    db_.reset();
    throw DbError("cannot open database '" + path + "': " + msg);
  }
  sqlite3_busy_timeout(handle, 5000);
}

Database::Database(const std::string& path) {
  open(path, SQLITE_OPEN_READWRITE);
  exec_script("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
}

Database::Database(const std::string& path, const std::vector<Migration>& migrations) {
  create_private_database(path);
  open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  // A file that is not a database fails here, before its mode is touched.
  exec_script("SELECT count(*) FROM sqlite_master");
  narrow_database_files(path);
  // WAL with synchronous=FULL: a commit is on disk when COMMIT returns, which is
  // what lets the server acknowledge an order only once it is durable.
  exec_script(
      "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;"
      "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY,"
      " name TEXT NOT NULL, applied_at INTEGER NOT NULL);");
  const int current = schema_version();
  for (const Migration& m : migrations) {
    if (m.version <= current) continue;
    Transaction tx(*this);
    exec_script(m.sql);
    prepare("INSERT INTO schema_version(version, name, applied_at) VALUES(?, ?, strftime('%s'))")
        .bind(1, m.version)
        .bind(2, m.name)
        .run();
    tx.commit();
  }
}

Stmt Database::prepare(std::string_view sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_.get(), sql.data(), static_cast<int>(sql.size()),
                           SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
      raise(db_.get(), "prepare '" + std::string(sql) + "'");
    }
    it = cache_.emplace(std::string(sql), Cached{decltype(Cached::stmt)(stmt), false}).first;
  }
  // The same statement twice at once (a query inside another's loop): a
  // statement of its own for the inner one.
  if (it->second.in_use) return Stmt(db_.get(), sql);
  return Stmt(db_.get(), it->second.stmt.get(), &it->second.in_use);
}

void Database::exec_script(std::string_view sql) {
  char* err = nullptr;
  const std::string copy(sql);
  if (const int rc = sqlite3_exec(db_.get(), copy.c_str(), nullptr, nullptr, &err);
      rc != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw DbError("sql: " + msg, sqlite3_extended_errcode(db_.get()));
  }
}

std::int64_t Database::last_insert_id() const {
  return sqlite3_last_insert_rowid(db_.get());
}

int Database::changes() const {
  return sqlite3_changes(db_.get());
}

std::vector<std::string> Database::check(bool full) {
  std::vector<std::string> problems;
  try {
    Stmt s(db_.get(), full ? "PRAGMA integrity_check" : "PRAGMA quick_check");
    while (s.step()) {
      if (const std::string line = s.text(0); line != "ok") problems.push_back(line);
    }
  } catch (const DbError& e) {
    problems.push_back(e.what());
  }
  return problems;
}

bool Database::in_transaction() const {
  return sqlite3_get_autocommit(db_.get()) == 0;
}

void Database::limit_size(std::int64_t bytes) {
  if (bytes <= 0) return;
  Stmt size = prepare("PRAGMA page_size");
  size.step();
  const std::int64_t pages = std::max<std::int64_t>(1, bytes / size.integer(0));
  exec_script("PRAGMA max_page_count=" + std::to_string(pages));
}

int Database::schema_version() {
  Stmt s = prepare("SELECT COALESCE(MAX(version), 0) FROM schema_version");
  s.step();
  return static_cast<int>(s.integer(0));
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.exec_script("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec_script("ROLLBACK");
    } catch (const DbError&) {
      // Nothing more can be done in a destructor; SQLite rolls back on close.
    }
  }
}

void Transaction::commit() {
  db_.exec_script("COMMIT");
  done_ = true;
}

// Prepared and kept like any statement: a savepoint is taken per request.
Savepoint::Savepoint(Database& db) : db_(db) {
  db_.prepare("SAVEPOINT request").run();
}

Savepoint::~Savepoint() {
  if (!done_) {
    try {
      db_.prepare("ROLLBACK TO request").run();
      db_.prepare("RELEASE request").run();
    } catch (const DbError&) {
      // The enclosing transaction fails at its commit then.
    }
  }
}

void Savepoint::release() {
  db_.prepare("RELEASE request").run();
  done_ = true;
}

}  // namespace naumachia::server
