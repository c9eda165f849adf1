#pragma once
// Runs the real server program as a child process on a loopback port, with a
// database in a temporary directory, for the integration tests.
#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "support/temp_dir.h"
#include "support/test_database.h"

namespace naumachia::testing {

// Options every test server gets unless a test gives its own (later options
// win): cheap password hashes, no proof of work for sign-ups and throttles
// out of the way, so that tests
// sign up as many players (and send as many messages) as they like. The
// hardening and press tests set them back.
std::vector<std::string> test_server_defaults();
// Options for a whole game played as fast as the machine goes: the
// per-connection request limit (tested on its own) is lifted.
std::vector<std::string> unlimited_requests();

// Where a test server keeps its database when not in its directory.
struct DatabaseAt {
  std::filesystem::path path;
};

class ServerProcess {
 public:
  // Starts the server on a free loopback port with its files in `dir`, with
  // test_server_defaults() and then `options`. Its database is a SQLite file
  // in `dir`, or a new PostgreSQL database when the tests run against
  // PostgreSQL (support/test_database.h).
  // `open_files` > 0 sets the process's open-file limit (soft and hard).
  explicit ServerProcess(const std::filesystem::path& dir, std::vector<std::string> options = {},
                         int open_files = 0);
  // The same with the database at `db` (the server makes its directory), and
  // the log in `dir`.
  ServerProcess(const std::filesystem::path& dir, DatabaseAt db,
                std::vector<std::string> options = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::string url() const { return url_; }
  // What the server's --db names: its SQLite file, or its PostgreSQL URI.
  std::filesystem::path db() const { return db_; }
  bool on_postgresql() const { return postgresql_ != nullptr; }
  // SIGKILL: the process dies at once, as in a crash.
  void crash();
  // SIGTERM, then waits; returns the exit status.
  int terminate();
  // Starts again on the same port and database.
  void restart();
  std::string log() const;
  // The server process's resident memory (VmRSS in /proc), in bytes.
  std::size_t resident_bytes() const;

 private:
  void start(const std::string& listen);

  std::filesystem::path dir_;
  std::unique_ptr<TestDatabase> postgresql_;  // null: a SQLite file
  std::filesystem::path db_;
  std::vector<std::string> options_;
  int open_files_ = 0;
  pid_t pid_ = -1;
  std::string url_;
};

struct CommandResult {
  int status = -1;
  std::string output;  // stdout and stderr together
};

// Runs a shell command line, with `stdin_text` on its standard input.
CommandResult run_command(const std::string& command_line, const std::string& stdin_text = "");

// A plain HTTPS request to the server's port, as a browser or a scraper
// makes it (the server's certificate is not checked): the answer's status,
// Content-Type and body.
struct HttpAnswer {
  int status = 0;
  std::string content_type;
  std::string body;
};
HttpAnswer https_request(const ServerProcess& server, const std::string& path,
                         const std::string& method = "GET");

// A plain TCP connection to the server's port (a file descriptor), as a
// flood would open; throws if the port does not take it.
int raw_socket(const ServerProcess& server);

}  // namespace naumachia::testing
