#include "support/sql_file.h"

#include <doctest/doctest.h>

#include "storage/database.h"

namespace naumachia::testing {

SqlFile::SqlFile(const std::filesystem::path& path, Access access) {
  const int flags = access == Access::read_only ? SQLITE_OPEN_READONLY
                                                : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);  // SQLite makes a handle even for an open that fails
    FAIL(path.string() << ": " << why);
  }
  sqlite3_busy_timeout(db_, 5000);
}

SqlFile::~SqlFile() {
  sqlite3_close(db_);
}

void SqlFile::exec(const std::string& script) {
  char* err = nullptr;
  const int rc = sqlite3_exec(db_, script.c_str(), nullptr, nullptr, &err);
  const std::string message = err ? err : "";
  sqlite3_free(err);
  REQUIRE_MESSAGE(rc == SQLITE_OK, message);
}

sqlite3_stmt* SqlFile::prepare(const std::string& statement) {
  sqlite3_stmt* st = nullptr;
  REQUIRE_MESSAGE(sqlite3_prepare_v2(db_, statement.c_str(), -1, &st, nullptr) == SQLITE_OK,
                  sqlite3_errmsg(db_));
  return st;
}

std::optional<std::string> SqlFile::text(const std::string& query) {
  sqlite3_stmt* st = prepare(query);
  std::optional<std::string> out;
  if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
    out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  return out;
}

std::int64_t SqlFile::integer(const std::string& query) {
  sqlite3_stmt* st = prepare(query);
  const std::int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
  sqlite3_finalize(st);
  return v;
}

std::string SqlFile::blob(const std::string& query) {
  sqlite3_stmt* st = prepare(query);
  std::string out;
  if (sqlite3_step(st) == SQLITE_ROW) {
    out.assign(static_cast<const char*>(sqlite3_column_blob(st, 0)),
               static_cast<std::size_t>(sqlite3_column_bytes(st, 0)));
  }
  sqlite3_finalize(st);
  return out;
}

void SqlFile::set_blob(const std::string& statement, const std::string& value) {
  sqlite3_stmt* st = prepare(statement);
  sqlite3_bind_blob(st, 1, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  const int rc = sqlite3_step(st);
  sqlite3_finalize(st);
  REQUIRE_MESSAGE(rc == SQLITE_DONE, sqlite3_errmsg(db_));
}

std::unique_ptr<State> stored_position(const Game& module, const std::filesystem::path& db,
                                       std::uint64_t game) {
  const std::string query = "SELECT state FROM games WHERE id = " + std::to_string(game);
  std::string bytes;
  if (server::names_postgresql(db.string())) {
    // A server on PostgreSQL (support/test_database.h): read through the
    // server's own storage layer, the one way to reach it.
    server::Database pg(db.string());
    server::Stmt s = pg.prepare(query);
    if (s.step()) {
      const auto raw = s.blob(0);
      bytes.assign(raw.begin(), raw.end());
    }
  } else {
    bytes = SqlFile(db, SqlFile::Access::read_only).blob(query);
  }
  REQUIRE_MESSAGE(!bytes.empty(), "no game " << game << " in " << db.string());
  auto s = module.deserialize(bytes);
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

}  // namespace naumachia::testing
