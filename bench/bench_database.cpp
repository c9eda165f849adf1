#include "bench_database.h"

#include <libpq-fe.h>

#include <stdexcept>

namespace naumachia::bench {

namespace {

// Runs one statement on the server's maintenance database.
void run(const std::string& server, const std::string& statement) {
  PGconn* conn = PQconnectdb(server.c_str());
  std::string error;
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
  } else {
    PGresult* r = PQexec(conn, statement.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK) error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(conn);
  if (!error.empty()) throw std::runtime_error("PostgreSQL: " + statement + ": " + error);
}

}  // namespace

BenchDatabase::BenchDatabase(const std::string& server, const std::string& name)
    : server_(server), name_(name) {
  run(server_, "DROP DATABASE IF EXISTS " + name_);
  run(server_, "CREATE DATABASE " + name_);
}

BenchDatabase::~BenchDatabase() {
  try {
    run(server_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  } catch (const std::exception&) {
    // Left for the operator; its name says what made it.
  }
}

std::string BenchDatabase::uri() const {
  // The server's URI with its database name replaced.
  const std::size_t slash = server_.find('/', server_.find("://") + 3);
  const std::size_t query = server_.find('?', slash == std::string::npos ? 0 : slash);
  const std::string base = slash == std::string::npos ? server_ : server_.substr(0, slash);
  return base + "/" + name_ + (query == std::string::npos ? "" : server_.substr(query));
}

}  // namespace naumachia::bench
