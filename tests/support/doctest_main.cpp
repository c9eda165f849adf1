#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

// Tests named "postgresql: ..." check what only a PostgreSQL database has
// (its sessions, which its server may end; several servers sharing it): they
// are listed and run only when the tests run against PostgreSQL
// (support/test_database.h), and are not there to be registered or run
// otherwise. Tests named "sqlite: ..." check what only a SQLite file has (one
// server to a file), and run only against SQLite.
int main(int argc, char** argv) {
  doctest::Context context;
  const char* postgresql = std::getenv("NAUMACHIA_TEST_POSTGRESQL");
  context.addFilter("test-case-exclude", postgresql && *postgresql ? "sqlite: *" : "postgresql: *");
  context.applyCommandLine(argc, argv);
  return context.run();
}
