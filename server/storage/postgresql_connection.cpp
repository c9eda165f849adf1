// The PostgreSQL engine of storage/connection.h, through libpq. Statements
// are written in the dialect both engines accept; this file numbers their
// '?' placeholders as PostgreSQL's $1, $2 ... and prepares them on the server.
// Parameters go as text, blobs as binary; rows come back as text (bytea in
// its hex form).
#include <libpq-fe.h>

#include <cctype>
#include <cstdlib>
#include <memory>

#include "storage/database.h"

namespace naumachia::server {

bool names_postgresql(std::string_view target) {
  return target.starts_with("postgresql://") || target.starts_with("postgres://");
}

std::string redact_target(const std::string& target) {
  if (!names_postgresql(target)) return target;
  // postgresql://user:password@host...: the password is what lies between
  // the first ':' after the scheme and the '@'.
  const std::size_t start = target.find("://") + 3;
  const std::size_t at = target.find('@', start);
  if (at == std::string::npos) return target;
  const std::size_t colon = target.find(':', start);
  if (colon == std::string::npos || colon > at) return target;
  return target.substr(0, colon + 1) + "***" + target.substr(at);
}

namespace {

struct ClearResult {
  void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ClearResult>;

// SQLSTATE 53100 disk_full: the write failed because the database cannot
// grow. 40P01 deadlock_detected, 40001 serialization_failure: another
// server's transaction won a race for the same rows (two servers' batches
// fencing the same games in different orders).
DbError::Kind kind_of(const PGresult* r) {
  const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  if (!state) return DbError::Kind::other;
  const std::string_view code(state);
  if (code == "53100") return DbError::Kind::full;
  if (code == "40P01" || code == "40001") return DbError::Kind::conflict;
  return DbError::Kind::other;
}

[[noreturn]] void raise(PGconn* conn, const PGresult* r, std::string_view what) {
  std::string msg = r ? PQresultErrorMessage(r) : PQerrorMessage(conn);
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
  throw DbError(std::string(what) + ": " + msg, kind_of(r));
}

// The statement with its placeholders numbered: '?' becomes the next $N,
// '?N' becomes $N; quoted text and identifiers are left alone. Sets `params`
// to the highest number used.
std::string number_placeholders(std::string_view sql, int& params) {
  std::string out;
  out.reserve(sql.size() + 8);
  int next = 0;
  params = 0;
  char quote = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote) {
      out += c;
      if (c == quote) quote = 0;  // a doubled quote closes and reopens: the same text
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c != '?') {
      out += c;
      continue;
    }
    std::size_t j = i + 1;
    int n = 0;
    while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') n = n * 10 + (sql[j++] - '0');
    if (j == i + 1) n = ++next;
    i = j - 1;
    out += '$' + std::to_string(n);
    if (n > params) params = n;
  }
  return out;
}

// Statements PostgreSQL cannot prepare (SAVEPOINT, RELEASE, ROLLBACK TO):
// they take no parameters and run as simple queries.
bool preparable(std::string_view sql) {
  const std::size_t start = sql.find_first_not_of(" \t\n(");
  if (start == std::string_view::npos) return false;
  std::string word;
  for (std::size_t i = start; i < sql.size() && std::isalpha(static_cast<unsigned char>(sql[i]));
       ++i) {
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i])));
  }
  return word == "SELECT" || word == "INSERT" || word == "UPDATE" || word == "DELETE" ||
         word == "WITH" || word == "VALUES";
}

class PostgresqlConnection;

class PostgresqlStatement final : public Statement {
 public:
  PostgresqlStatement(PostgresqlConnection& conn, std::string_view sql, bool keep);
  ~PostgresqlStatement() override;
  PostgresqlStatement(const PostgresqlStatement&) = delete;
  PostgresqlStatement& operator=(const PostgresqlStatement&) = delete;

  void bind_integer(int i, std::int64_t v) override {
    slot(i) = Param{std::to_string(v), 0, false};
  }
  void bind_text(int i, std::string_view v) override {
    // Text bound to a bytea parameter (SQLite keeps what it is given in a
    // BLOB column; the serialised positions are bound as text) goes as its
    // bytes, as SQLite keeps it.
    Param& p = slot(i);
    if (bytea_[static_cast<std::size_t>(i - 1)]) {
      p = Param{std::string(v), 1, false};
      return;
    }
    // libpq passes text as a C string: a NUL byte would silently end it.
    if (v.find('\0') != std::string_view::npos)
      throw DbError("bind: PostgreSQL cannot store text with a NUL byte");
    p = Param{std::string(v), 0, false};
  }
  void bind_blob(int i, std::span<const std::uint8_t> v) override {
    slot(i) = Param{std::string(v.begin(), v.end()), 1, false};
  }
  void bind_null(int i) override { slot(i) = Param{}; }
  bool step() override;
  void prepare_on_server();
  std::int64_t integer(int col) const override {
    const char* v = value(col);
    if (!v) return 0;
    if (v[0] == 't' && v[1] == 0) return 1;  // a boolean
    if (v[0] == 'f' && v[1] == 0) return 0;
    return std::strtoll(v, nullptr, 10);
  }
  std::string text(int col) const override {
    if (is_bytea(col)) {
      const auto bytes = blob(col);
      return std::string(bytes.begin(), bytes.end());
    }
    const char* v = value(col);
    return v ? std::string(v, static_cast<std::size_t>(PQgetlength(result_.get(), row_, col)))
             : std::string();
  }
  std::vector<std::uint8_t> blob(int col) const override {
    const char* v = value(col);
    if (!v) return {};
    if (!is_bytea(col)) {
      return std::vector<std::uint8_t>(v, v + PQgetlength(result_.get(), row_, col));
    }
    std::size_t n = 0;
    unsigned char* raw = PQunescapeBytea(reinterpret_cast<const unsigned char*>(v), &n);
    if (!raw) throw DbError("a stored blob is unreadable");
    std::vector<std::uint8_t> out(raw, raw + n);
    PQfreemem(raw);
    return out;
  }
  bool is_null(int col) const override { return PQgetisnull(result_.get(), row_, col) != 0; }
  int column_count() const override { return result_ ? PQnfields(result_.get()) : 0; }
  std::string column_name(int col) const override {
    const char* name = result_ ? PQfname(result_.get(), col) : nullptr;
    return name ? name : "";
  }
  ValueKind kind(int col) const override {
    if (!value(col)) return ValueKind::null;
    // Type oids of pg_type: bool 16, bytea 17, int8 20, int2 21, int4 23.
    switch (PQftype(result_.get(), col)) {
      case 17:
        return ValueKind::blob;
      case 16:
      case 20:
      case 21:
      case 23:
        return ValueKind::integer;
      default:
        return ValueKind::text;
    }
  }
  void reset() override {
    result_.reset();
    row_ = -1;
    for (Param& p : params_) p = Param{};
  }

 private:
  struct Param {
    std::string value;
    int format = 0;  // 0 text, 1 binary
    bool null = true;
  };
  Param& slot(int i) {
    if (i < 1 || i > static_cast<int>(params_.size()))
      throw DbError("bind: the statement has no parameter " + std::to_string(i));
    return params_[static_cast<std::size_t>(i - 1)];
  }
  // Type oid 17 of pg_type.
  bool is_bytea(int col) const { return result_ && PQftype(result_.get(), col) == 17; }
  const char* value(int col) const {
    if (!result_ || row_ < 0 || col >= PQnfields(result_.get())) return nullptr;
    if (PQgetisnull(result_.get(), row_, col)) return nullptr;
    return PQgetvalue(result_.get(), row_, col);
  }

  PostgresqlConnection& conn_;
  std::string sql_;   // numbered, for a one-off or a simple query
  std::string name_;  // the prepared statement's, empty when not prepared
  bool keep_ = false;
  bool simple_ = false;
  int generation_ = 0;  // the connection's session it was prepared in
  std::vector<Param> params_;
  std::vector<bool> bytea_;  // per parameter: PostgreSQL takes it as bytea
  Result result_;
  int row_ = -1;
};

class PostgresqlConnection final : public Connection {
 public:
  explicit PostgresqlConnection(const std::string& uri) : conn_(PQconnectdb(uri.c_str())) {
    if (!conn_ || PQstatus(conn_.get()) != CONNECTION_OK) {
      std::string msg = conn_ ? PQerrorMessage(conn_.get()) : "out of memory";
      while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
      throw DbError("cannot connect to database '" + redact_target(uri) + "': " + msg);
    }
    set_up_session();
  }

  // A connection the database server dropped (it restarted, an operator
  // ended the session, the network failed) is opened again before the next
  // statement: the statement that met the loss failed, with its request,
  // and the ones after it run on the new session. Its prepared statements
  // are gone with the old session: each is prepared again when next run
  // (generation()). A transaction open at the loss is lost whole, as a
  // crash of the database would lose it; the writer tells each of its
  // requests so.
  void reopen_if_lost() {
    if (PQstatus(conn_.get()) == CONNECTION_OK) return;
    PQreset(conn_.get());
    if (PQstatus(conn_.get()) != CONNECTION_OK) raise(conn_.get(), nullptr, "reconnect");
    ++generation_;
    set_up_session();
  }
  int generation() const { return generation_; }

  Engine engine() const override { return Engine::postgresql; }

  std::unique_ptr<Statement> prepare(std::string_view sql, bool keep) override {
    return std::make_unique<PostgresqlStatement>(*this, sql, keep);
  }

  void exec_script(std::string_view sql) override {
    reopen_if_lost();
    Result r(PQexec(conn_.get(), std::string(sql).c_str()));
    check(r.get(), "sql");
  }

  int changes() const override { return changes_; }

  bool in_transaction() const override {
    const PGTransactionStatusType s = PQtransactionStatus(conn_.get());
    return s == PQTRANS_INTRANS || s == PQTRANS_INERROR || s == PQTRANS_ACTIVE;
  }

  void begin() override { exec_script("BEGIN"); }

  void lock_for_migrations() override {
    // Any fixed number: the key of the one lock the migrations take.
    exec_script("SELECT pg_advisory_xact_lock(727001)");
  }

  // PostgreSQL verifies each page as it reads it (with checksums when the
  // cluster was initialised with them). The quick check is the connection
  // itself; the full one reads every table of the schema whole.
  std::vector<std::string> check(bool full) override {
    std::vector<std::string> problems;
    try {
      exec_script("SELECT 1");
      if (!full) return problems;
      std::vector<std::string> tables;
      {
        Result r(PQexec(conn_.get(),
                        "SELECT quote_ident(tablename) FROM pg_tables"
                        " WHERE schemaname = current_schema() ORDER BY tablename"));
        check(r.get(), "check");
        for (int i = 0; i < PQntuples(r.get()); ++i) tables.emplace_back(PQgetvalue(r.get(), i, 0));
      }
      for (const std::string& t : tables) {
        Result r(PQexec(conn_.get(), ("SELECT count(*) FROM " + t).c_str()));
        if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
          problems.push_back("table " + t + ": " + PQresultErrorMessage(r.get()));
      }
    } catch (const DbError& e) {
      problems.push_back(e.what());
    }
    return problems;
  }

  void limit_size(std::int64_t bytes) override {
    if (bytes > 0)
      throw DbError(
          "a PostgreSQL database's size is limited by its server (tablespace, disk "
          "quota), not by naumachia");
  }

  std::vector<std::string> tables() override {
    Result r(PQexec(conn_.get(),
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                    " ORDER BY tablename"));
    check(r.get(), "tables");
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.emplace_back(PQgetvalue(r.get(), i, 0));
    return out;
  }

  void continue_ids(const std::string& table) override {
    const std::string t = quoted(table);
    exec_script("SELECT setval(pg_get_serial_sequence(" + quoted(table, PQescapeLiteral) +
                ", 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM " + t + "), false)");
  }

  PGconn* handle() { return conn_.get(); }
  int next_statement_number() { return ++statements_; }

  // An identifier (PQescapeIdentifier) or a string literal (PQescapeLiteral)
  // quoted for a statement.
  std::string quoted(const std::string& text,
                     char* (*escape)(PGconn*, const char*, size_t) = PQescapeIdentifier) {
    char* q = escape(conn_.get(), text.c_str(), text.size());
    if (!q) raise(conn_.get(), nullptr, "quote");
    std::string out(q);
    PQfreemem(q);
    return out;
  }

  // Throws unless `r` succeeded; records the rows a command changed.
  void check(PGresult* r, std::string_view what) {
    const ExecStatusType s = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) raise(conn_.get(), r, what);
    if (s == PGRES_COMMAND_OK) {
      const char* n = PQcmdTuples(r);
      changes_ = n && *n ? std::atoi(n) : 0;
    }
  }

 private:
  struct Finish {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  void set_up_session() {
    // Notices ("relation already exists, skipping") are not errors and are
    // not printed.
    PQsetNoticeProcessor(
        conn_.get(), [](void*, const char*) {}, nullptr);
    // An order is acknowledged once its commit returns: the commit must be
    // durable then, whatever the server's configuration says by default.
    Result r(
        PQexec(conn_.get(), "SET synchronous_commit TO on; SET client_min_messages TO warning"));
    check(r.get(), "sql");
  }

  std::unique_ptr<PGconn, Finish> conn_;
  int generation_ = 0;
  int changes_ = 0;
  int statements_ = 0;
};

PostgresqlStatement::PostgresqlStatement(PostgresqlConnection& conn, std::string_view sql,
                                         bool keep)
    : conn_(conn) {
  int params = 0;
  sql_ = number_placeholders(sql, params);
  simple_ = !preparable(sql);
  if (simple_ && params > 0)
    throw DbError("prepare '" + std::string(sql) + "': this statement cannot take parameters");
  params_.resize(static_cast<std::size_t>(params));
  bytea_.resize(static_cast<std::size_t>(params));
  if (simple_) return;
  name_ = "n" + std::to_string(conn_.next_statement_number());
  keep_ = keep;
  prepare_on_server();
}

// Prepared on the server under a name of its own, and described: the
// parameters' types PostgreSQL inferred tell which take bytes.
void PostgresqlStatement::prepare_on_server() {
  conn_.reopen_if_lost();
  Result r(PQprepare(conn_.handle(), name_.c_str(), sql_.c_str(), 0, nullptr));
  if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK)
    raise(conn_.handle(), r.get(), "prepare '" + sql_ + "'");
  Result d(PQdescribePrepared(conn_.handle(), name_.c_str()));
  if (!d || PQresultStatus(d.get()) != PGRES_COMMAND_OK)
    raise(conn_.handle(), d.get(), "describe '" + sql_ + "'");
  for (std::size_t i = 0; i < bytea_.size() && i < static_cast<std::size_t>(PQnparams(d.get()));
       ++i)
    bytea_[i] = PQparamtype(d.get(), static_cast<int>(i)) == 17;
  generation_ = conn_.generation();
}

PostgresqlStatement::~PostgresqlStatement() {
  // A kept statement lives as long as its connection (the cache drops both
  // together); one used once is dropped on the server now.
  if (!keep_ && !name_.empty() && generation_ == conn_.generation() &&
      PQstatus(conn_.handle()) == CONNECTION_OK)
    Result(PQexec(conn_.handle(), ("DEALLOCATE " + name_).c_str()));
}

bool PostgresqlStatement::step() {
  if (!result_) {
    conn_.reopen_if_lost();
    if (!simple_ && generation_ != conn_.generation()) prepare_on_server();
    if (simple_) {
      result_.reset(PQexec(conn_.handle(), sql_.c_str()));
    } else {
      std::vector<const char*> values(params_.size());
      std::vector<int> lengths(params_.size()), formats(params_.size());
      for (std::size_t i = 0; i < params_.size(); ++i) {
        values[i] = params_[i].null ? nullptr : params_[i].value.c_str();
        lengths[i] = static_cast<int>(params_[i].value.size());
        formats[i] = params_[i].format;
      }
      const int n = static_cast<int>(params_.size());
      result_.reset(PQexecPrepared(conn_.handle(), name_.c_str(), n, values.data(), lengths.data(),
                                   formats.data(), 0));
    }
    try {
      conn_.check(result_.get(), "step");
    } catch (...) {
      result_.reset();
      throw;
    }
    row_ = -1;
  }
  if (PQresultStatus(result_.get()) != PGRES_TUPLES_OK) return false;
  return ++row_ < PQntuples(result_.get());
}

}  // namespace

std::unique_ptr<Connection> open_postgresql(const std::string& uri) {
  return std::make_unique<PostgresqlConnection>(uri);
}

}  // namespace naumachia::server
