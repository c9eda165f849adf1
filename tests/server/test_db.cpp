// The SQLite layer's own promises: an open that fails leaves no handle, no
// descriptor and no memory behind; the database files it creates are private
// to their owner whatever the umask, and a path that is not a file is refused
// as it is.
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "storage/database.h"
#include "support/file_modes.h"
#include "support/temp_dir.h"

using naumachia::server::builtin_migrations;
using naumachia::server::Database;
using naumachia::server::DbError;
using naumachia::testing::mode_of;
using naumachia::testing::ScopedUmask;
using naumachia::testing::TempDir;
namespace fs = std::filesystem;

namespace {

std::size_t open_descriptors() {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

sqlite3_int64 sqlite_memory_in_use() {
  sqlite3_int64 current = 0;
  sqlite3_int64 highwater = 0;
  sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highwater, 0);
  return current;
}

}  // namespace

TEST_CASE("a file that is not a database is refused, and the handle SQLite made for it is closed") {
  TempDir dir;
  {
    Database warm((dir.path() / "warm.db").string(), builtin_migrations());
  }  // SQLite's own set-up
  const fs::path junk = dir.path() / "notes.txt";
  const std::string text(4096, 'x');
  std::ofstream(junk) << text;
  fs::permissions(junk, fs::perms(0644));
  const std::size_t descriptors = open_descriptors();
  const sqlite3_int64 memory = sqlite_memory_in_use();

  // sqlite3_open_v2 succeeds (SQLite reads the file lazily); the first
  // statement finds it is not a database.
  CHECK_THROWS_WITH_AS(Database(junk.string(), builtin_migrations()),
                       doctest::Contains("file is not a database"), DbError);
  CHECK_THROWS_WITH_AS(Database{junk.string()}.schema_version(),
                       doctest::Contains("file is not a database"), DbError);
  CHECK(open_descriptors() == descriptors);
  CHECK(sqlite_memory_in_use() == memory);
  // Left as it was, its mode too: it was never the server's database.
  std::ifstream in(junk);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == text);
  CHECK(mode_of(junk) == 0644);
}

TEST_CASE("an open SQLite cannot make at all leaves nothing behind either") {
  TempDir dir;
  { Database warm((dir.path() / "warm.db").string(), builtin_migrations()); }
  const std::size_t descriptors = open_descriptors();
  const sqlite3_int64 memory = sqlite_memory_in_use();
  CHECK_THROWS_WITH_AS(Database((dir.path() / "absent.db").string()),
                       doctest::Contains("cannot open database"), DbError);
  CHECK(open_descriptors() == descriptors);
  CHECK(sqlite_memory_in_use() == memory);
}

TEST_CASE("a database is created private to its owner whatever the umask") {
  for (const mode_t mask : {mode_t{022}, mode_t{0}, mode_t{0277}}) {
    CAPTURE(mask);
    TempDir dir;
    const fs::path path = dir.path() / "naumachia.db";
    ScopedUmask scoped(mask);
    Database db(path.string(), builtin_migrations());
    db.exec_script("CREATE TABLE t(x); INSERT INTO t VALUES (1);");
    CHECK(mode_of(path) == 0600);
    CHECK(mode_of(path.string() + "-wal") == 0600);
    CHECK(mode_of(path.string() + "-shm") == 0600);
  }
}

TEST_CASE("a database path that is a directory is refused and the directory left as it was") {
  TempDir dir;
  const fs::path shared = dir.path() / "shared";
  fs::create_directory(shared);
  fs::permissions(shared, fs::perms(0755));
  CHECK_THROWS_WITH_AS(Database(shared.string(), builtin_migrations()),
                       doctest::Contains("is not a file"), std::runtime_error);
  CHECK(mode_of(shared) == 0755);
}
