#include "storage/database.h"

#include <ctime>

namespace naumachia::server {

bool storage_full(const std::exception& e) {
  const auto* db = dynamic_cast<const DbError*>(&e);
  return db && db->full();
}

Stmt::Stmt(std::unique_ptr<Statement> own) : own_(std::move(own)), stmt_(own_.get()) {}

Stmt::Stmt(Statement* cached, bool* in_use) : stmt_(cached), in_use_(in_use) {
  *in_use_ = true;
}

Stmt::~Stmt() {
  if (in_use_) {
    stmt_->reset();
    *in_use_ = false;
  }
}

Stmt& Stmt::bind(int i, std::int64_t v) {
  stmt_->bind_integer(i, v);
  return *this;
}

Stmt& Stmt::bind(int i, std::string_view v) {
  stmt_->bind_text(i, v);
  return *this;
}

Stmt& Stmt::bind_blob(int i, const std::vector<std::uint8_t>& v) {
  stmt_->bind_blob(i, v);
  return *this;
}

Stmt& Stmt::bind(int i, const std::optional<std::int64_t>& v) {
  return v ? bind(i, *v) : bind_null(i);
}

Stmt& Stmt::bind_null(int i) {
  stmt_->bind_null(i);
  return *this;
}

bool Stmt::step() {
  return stmt_->step();
}

void Stmt::run() {
  while (step()) {
  }
}

std::int64_t Stmt::integer(int col) const {
  return stmt_->integer(col);
}

std::string Stmt::text(int col) const {
  return stmt_->text(col);
}

std::vector<std::uint8_t> Stmt::blob(int col) const {
  return stmt_->blob(col);
}

bool Stmt::is_null(int col) const {
  return stmt_->is_null(col);
}

std::int64_t inserted_id(Stmt& insert) {
  if (!insert.step()) throw DbError("an insert returned no id");
  return insert.integer(0);
}

int Stmt::column_count() const {
  return stmt_->column_count();
}

std::string Stmt::column_name(int col) const {
  return stmt_->column_name(col);
}

ValueKind Stmt::kind(int col) const {
  return stmt_->kind(col);
}

Database::Database(const std::string& target)
    : conn_(names_postgresql(target) ? open_postgresql(target) : open_sqlite(target, false)) {}

Database::Database(const std::string& target, const Migrations& migrations)
    : conn_(names_postgresql(target) ? open_postgresql(target) : open_sqlite(target, true)) {
  const std::vector<Migration>& list =
      engine() == Engine::postgresql ? migrations.postgresql : migrations.sqlite;
  Transaction tx(*this);
  // Several processes opening one PostgreSQL database at once (a server and
  // the admin tool): the first migrates, the others wait for it and then
  // find nothing left to do.
  conn_->lock_for_migrations();
  // The same text in both dialects.
  exec_script(
      "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY,"
      " name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
  const int current = schema_version();
  for (const Migration& m : list) {
    if (m.version <= current) continue;
    exec_script(m.sql);
    prepare("INSERT INTO schema_version(version, name, applied_at) VALUES(?, ?, ?)")
        .bind(1, std::int64_t{m.version})
        .bind(2, m.name)
        .bind(3, static_cast<std::int64_t>(std::time(nullptr)))
        .run();
  }
  tx.commit();
}

void Database::notify(std::string_view channel, std::string_view payload) {
  if (engine() != Engine::postgresql)
    throw std::logic_error("notify: only PostgreSQL servers share a database");
  prepare("SELECT pg_notify(?, ?)").bind(1, channel).bind(2, payload).run();
}

Stmt Database::prepare(std::string_view sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    it = cache_.emplace(std::string(sql), Cached{conn_->prepare(sql, true), false}).first;
  }
  // The same statement twice at once (a query inside another's loop): a
  // statement of its own for the inner one.
  if (it->second.in_use) return Stmt(conn_->prepare(sql, false));
  return Stmt(it->second.stmt.get(), &it->second.in_use);
}

void Database::exec_script(std::string_view sql) {
  conn_->exec_script(sql);
}

int Database::changes() const {
  return conn_->changes();
}

std::vector<std::string> Database::check(bool full) {
  return conn_->check(full);
}

bool Database::in_transaction() const {
  return conn_->in_transaction();
}

void Database::limit_size(std::int64_t bytes) {
  conn_->limit_size(bytes);
}

std::vector<std::string> Database::tables() {
  return conn_->tables();
}

void Database::continue_ids(const std::string& table) {
  conn_->continue_ids(table);
}

int Database::schema_version() {
  Stmt s = prepare("SELECT COALESCE(MAX(version), 0) FROM schema_version");
  s.step();
  return static_cast<int>(s.integer(0));
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.conn_->begin();
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      if (db_.in_transaction()) db_.exec_script("ROLLBACK");
    } catch (const DbError&) {
      // Nothing more can be done in a destructor; both engines roll back an
      // open transaction when the connection closes.
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
