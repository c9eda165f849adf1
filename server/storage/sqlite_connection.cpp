// The SQLite engine of storage/connection.h: the embedded default, one file.
#include <sqlite3.h>

#include <algorithm>

#include "storage/database.h"
#include "storage/private_files.h"

namespace naumachia::server {

namespace {

[[noreturn]] void raise(sqlite3* db, std::string_view what) {
  const int code = sqlite3_extended_errcode(db);
  throw DbError(std::string(what) + ": " + sqlite3_errmsg(db),
                (code & 0xff) == SQLITE_FULL ? DbError::Kind::full : DbError::Kind::other);
}

class SqliteStatement final : public Statement {
 public:
  SqliteStatement(sqlite3* db, std::string_view sql, bool keep) : db_(db) {
    if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                           keep ? SQLITE_PREPARE_PERSISTENT : 0, &stmt_, nullptr) != SQLITE_OK) {
      raise(db, "prepare '" + std::string(sql) + "'");
    }
  }
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void bind_integer(int i, std::int64_t v) override {
    if (sqlite3_bind_int64(stmt_, i, v) != SQLITE_OK) raise(db_, "bind");
  }
  void bind_text(int i, std::string_view v) override {
    if (sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT) !=
        SQLITE_OK) {
      raise(db_, "bind");
    }
  }
  void bind_blob(int i, std::span<const std::uint8_t> v) override {
    if (sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT) !=
        SQLITE_OK) {
      raise(db_, "bind");
    }
  }
  void bind_null(int i) override {
    if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) raise(db_, "bind");
  }
  bool step() override {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    raise(db_, "step");
  }
  std::int64_t integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) const override {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
             : std::string();
  }
  std::vector<std::uint8_t> blob(int col) const override {
    const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, col));
    const int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::vector<std::uint8_t>(p, p + n) : std::vector<std::uint8_t>();
  }
  bool is_null(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  int column_count() const override { return sqlite3_column_count(stmt_); }
  std::string column_name(int col) const override {
    const char* name = sqlite3_column_name(stmt_, col);
    return name ? name : "";
  }
  ValueKind kind(int col) const override {
    switch (sqlite3_column_type(stmt_, col)) {
      case SQLITE_NULL:
        return ValueKind::null;
      case SQLITE_INTEGER:
        return ValueKind::integer;
      case SQLITE_BLOB:
        return ValueKind::blob;
      default:
        return ValueKind::text;
    }
  }
  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(const std::string& path, bool create) {
    if (create) create_private_database(path);
    sqlite3* handle = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    const int rc = sqlite3_open_v2(path.c_str(), &handle, flags, nullptr);
    // SQLite makes a handle even when the open fails; it is closed either way.
    db_.reset(handle);
    if (rc != SQLITE_OK) {
      const std::string msg = handle ? sqlite3_errmsg(handle) : "out of memory";
      db_.reset();
      throw DbError("cannot open database '" + path + "': " + msg);
    }
    sqlite3_busy_timeout(handle, 5000);
    if (create) {
      // A file that is not a database fails here, before its mode is touched.
      exec_script("SELECT count(*) FROM sqlite_master");
      narrow_database_files(path);
      // WAL with synchronous=FULL: a commit is on disk when COMMIT returns,
      // which is what lets the server acknowledge an order only once it is
      // durable.
      exec_script("PRAGMA journal_mode=WAL");
    }
    exec_script("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
  }

  Engine engine() const override { return Engine::sqlite; }

  std::unique_ptr<Statement> prepare(std::string_view sql, bool keep) override {
    return std::make_unique<SqliteStatement>(db_.get(), sql, keep);
  }

  void exec_script(std::string_view sql) override {
    char* err = nullptr;
    const std::string copy(sql);
    if (const int rc = sqlite3_exec(db_.get(), copy.c_str(), nullptr, nullptr, &err);
        rc != SQLITE_OK) {
      std::string msg = err ? err : "unknown error";
      sqlite3_free(err);
      const int code = sqlite3_extended_errcode(db_.get());
      throw DbError("sql: " + msg,
                    (code & 0xff) == SQLITE_FULL ? DbError::Kind::full : DbError::Kind::other);
    }
  }

  int changes() const override { return sqlite3_changes(db_.get()); }

  bool in_transaction() const override { return sqlite3_get_autocommit(db_.get()) == 0; }

  void begin() override { exec_script("BEGIN IMMEDIATE"); }

  // BEGIN IMMEDIATE already holds the file's one write lock.
  void lock_for_migrations() override {}

  std::vector<std::string> check(bool full) override {
    std::vector<std::string> problems;
    try {
      SqliteStatement s(db_.get(), full ? "PRAGMA integrity_check" : "PRAGMA quick_check", false);
      while (s.step()) {
        if (const std::string line = s.text(0); line != "ok") problems.push_back(line);
      }
    } catch (const DbError& e) {
      problems.push_back(e.what());
    }
    return problems;
  }

  void limit_size(std::int64_t bytes) override {
    if (bytes <= 0) return;
    SqliteStatement size(db_.get(), "PRAGMA page_size", false);
    size.step();
    const std::int64_t pages = std::max<std::int64_t>(1, bytes / size.integer(0));
    exec_script("PRAGMA max_page_count=" + std::to_string(pages));
  }

  std::vector<std::string> tables() override {
    std::vector<std::string> out;
    SqliteStatement s(db_.get(),
                      "SELECT name FROM sqlite_master WHERE type = 'table'"
                      " AND name NOT LIKE 'sqlite_%' ORDER BY name",
                      false);
    while (s.step()) out.push_back(s.text(0));
    return out;
  }

  void continue_ids(const std::string&) override {}

 private:
  struct CloseDb {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
  };
  // Owned, so that a constructor that fails after sqlite3_open_v2 (a file
  // that is not a database fails at its first statement) still closes it.
  std::unique_ptr<sqlite3, CloseDb> db_;
};

}  // namespace

std::unique_ptr<Connection> open_sqlite(const std::string& path, bool create) {
  return std::make_unique<SqliteConnection>(path, create);
}

}  // namespace naumachia::server
