#pragma once
// The database a test writes: a SQLite file in the test's scratch directory,
// or, when the tests run against PostgreSQL, a new database on the test's
// PostgreSQL server, dropped when the test ends. The tests run against
// PostgreSQL when the environment variable NAUMACHIA_TEST_POSTGRESQL names
// the file holding that server's URI (tests/support/postgresql.sh writes it;
// tests/CMakeLists.txt registers the storage tests a second time so).
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "storage/database.h"

namespace naumachia::testing {

// The doctest suite of the tests that edit or read a database with SQLite's
// own SQL (zeroblob, triggers, PRAGMA): they run against SQLite only, and the
// runs against PostgreSQL leave them out (tests/CMakeLists.txt).
inline constexpr const char* kEditsBySqlite = "edits-by-sqlite";

// The test server's URI (its maintenance database, postgres) when the tests
// run against PostgreSQL; empty when they run against SQLite.
inline std::string postgresql_server() {
  const char* file = std::getenv("NAUMACHIA_TEST_POSTGRESQL");
  if (!file || !*file) return "";
  std::ifstream in(file);
  std::string uri;
  if (!(in >> uri) || !server::names_postgresql(uri))
    throw std::runtime_error(std::string("NAUMACHIA_TEST_POSTGRESQL: no PostgreSQL URI in ") +
                             file);
  return uri;
}

class TestDatabase {
 public:
  enum class Engine { as_run, sqlite };
  // `file`: the SQLite file's name in `dir`. `Engine::sqlite`: a SQLite file
  // whichever engine the tests run against.
  explicit TestDatabase(const std::filesystem::path& dir, const std::string& file = "t.db",
                        Engine engine = Engine::as_run)
      : server_(engine == Engine::sqlite ? "" : postgresql_server()) {
    if (server_.empty()) {
      target_ = (dir / file).string();
      return;
    }
    static std::atomic<int> counter{0};
    name_ = "naumachia_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter);
    // One statement at a time: PostgreSQL runs several sent at once in one
    // transaction, which these may not be in.
    server::Database admin(server_);
    admin.exec_script("DROP DATABASE IF EXISTS " + name_);
    admin.exec_script("CREATE DATABASE " + name_);
    target_ = server_.substr(0, server_.rfind('/') + 1) + name_;
  }
  ~TestDatabase() {
    if (name_.empty()) return;
    try {
      // FORCE: a connection a failed test left open does not keep it.
      server::Database(server_).exec_script("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (const std::exception&) {
      // The next run of the test server starts from a new cluster anyway.
    }
  }
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  // What the server's --db and server::Database take.
  const std::string& target() const { return target_; }
  bool postgresql() const { return !name_.empty(); }

 private:
  std::string server_;
  std::string name_;  // the PostgreSQL database's, empty for SQLite
  std::string target_;
};

}  // namespace naumachia::testing
