// The server's files on disk: the database, its -wal and -shm files and the
// TLS key are private (0600 in a 0700 directory) whatever the umask the server
// starts with, and wider files of an earlier version are narrowed; a
// certificate without its key is never overwritten.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_client.h"

using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::TempDir;
namespace fs = std::filesystem;
namespace proto = naumachia::proto;

namespace {

// The permission bits of `path` (0600, 0755, ...).
unsigned mode_of(const fs::path& path) {
  struct stat st {};
  REQUIRE_MESSAGE(::stat(path.c_str(), &st) == 0, path.string() << " is missing");
  return st.st_mode & 07777u;
}

// The process umask for the scope of a test: the server child inherits it.
class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t mask) : old_(::umask(mask)) {}
  ~ScopedUmask() { ::umask(old_); }
  ScopedUmask(const ScopedUmask&) = delete;
  ScopedUmask& operator=(const ScopedUmask&) = delete;

 private:
  mode_t old_;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the server's files are private whatever the umask it starts with") {
  for (const mode_t mask : {mode_t{022}, mode_t{0}}) {
    CAPTURE(mask);
    TempDir dir;
    fs::permissions(dir.path(), fs::perms(0755));
    const fs::path state = dir.path() / "state" / "data";  // neither exists yet
    ScopedUmask scoped(mask);
    ServerProcess server(dir.path(), state / "naumachia.db");
    sign_up(server, "alice");  // a write: the -wal file holds it

    CHECK(mode_of(dir.path() / "state") == 0700);
    CHECK(mode_of(state) == 0700);
    CHECK(mode_of(state / "naumachia.db") == 0600);
    CHECK(mode_of(state / "naumachia.db-wal") == 0600);
    CHECK(mode_of(state / "naumachia.db-shm") == 0600);
    CHECK(mode_of(state / "naumachia-key.pem") == 0600);
    CHECK(mode_of(state / "naumachia-cert.pem") == 0644);
    // Nothing else in the directory is open to others either.
    for (const auto& e : fs::directory_iterator(state)) {
      if (e.path().filename() == "naumachia-cert.pem") continue;
      CHECK_MESSAGE((mode_of(e.path()) & 077) == 0, e.path().string());
    }
    // The directory above, not the server's, is not its concern.
    CHECK(server.log().find("may list") == std::string::npos);
    CHECK(server.terminate() == 0);
  }
}

TEST_CASE("files an earlier server left open to others are narrowed at start-up, with a notice") {
  TempDir dir;
  ScopedUmask scoped(022);
  ServerProcess server(dir.path());
  sign_up(server, "alice");
  const fs::path db = server.db();
  const fs::path key = dir.path() / "naumachia-key.pem";
  server.crash();  // the -wal and -shm files stay behind, as after a power cut
  const std::vector<fs::path> files{db, db.string() + "-wal", db.string() + "-shm", key};
  for (const auto& f : files) {
    REQUIRE(fs::exists(f));
    fs::permissions(f, fs::perms(0644));
  }
  fs::permissions(dir.path(), fs::perms(0755));  // reported, not changed: it may be shared
  server.restart();
  CHECK(server.log().find("notice: other users may list the data directory " + dir.path().string() +
                          " (mode 0755)") != std::string::npos);
  CHECK(mode_of(dir.path()) == 0755);
  for (const auto& f : files) {
    CHECK_MESSAGE(mode_of(f) == 0600, f.string());
    CHECK_MESSAGE(server.log().find("narrowed the mode of " + f.string() + " from 0644 to 0600") !=
                      std::string::npos,
                  f.string());
  }
  // The account written before the crash is still there.
  naumachia::testing::log_in(server, "alice", "pw-alice-secret");
}

TEST_CASE("a certificate without its key stops the server instead of being replaced") {
  TempDir dir;
  ServerProcess server(dir.path());
  const fs::path cert = dir.path() / "naumachia-cert.pem";
  const fs::path key = dir.path() / "naumachia-key.pem";
  CHECK(server.terminate() == 0);
  const std::string certificate = read_file(cert);
  fs::remove(key);
  CHECK_THROWS_AS(server.restart(), std::runtime_error);
  CHECK(server.log().find("the TLS certificate '" + cert.string() + "' is there but its key '" +
                          key.string() + "' is missing") != std::string::npos);
  CHECK(read_file(cert) == certificate);
  CHECK_FALSE(fs::exists(key));
}
