#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

// Tests named "postgresql: ..." check what only a PostgreSQL database has
// (its sessions, which its server may end): they are listed and run only when
// the tests run against PostgreSQL (support/test_database.h), and are not
// there to be registered or run otherwise.
int main(int argc, char** argv) {
  doctest::Context context;
  const char* postgresql = std::getenv("NAUMACHIA_TEST_POSTGRESQL");
  if (!postgresql || !*postgresql) context.addFilter("test-case-exclude", "postgresql: *");
  context.applyCommandLine(argc, argv);
  return context.run();
}
