#pragma once
// Runs the real server program as a child process on a loopback port, with a
// database in a temporary directory, for the integration tests.
#include <sys/types.h>

#include <filesystem>
#include <string>

namespace naumachia::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

class ServerProcess {
 public:
  // Starts the server on a free loopback port with its files in `dir`.
  explicit ServerProcess(const std::filesystem::path& dir);
  // The same with the database at `db` (the server makes its directory), and
  // the log in `dir`.
  ServerProcess(const std::filesystem::path& dir, const std::filesystem::path& db);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::string url() const { return url_; }
  std::filesystem::path db() const { return db_; }
  // SIGKILL: the process dies at once, as in a crash.
  void crash();
  // SIGTERM, then waits; returns the exit status.
  int terminate();
  // Starts again on the same port and database.
  void restart();
  std::string log() const;

 private:
  void start(const std::string& listen);

  std::filesystem::path dir_;
  std::filesystem::path db_;
  pid_t pid_ = -1;
  std::string url_;
};

struct CommandResult {
  int status = -1;
  std::string output;  // stdout and stderr together
};

// Runs a shell command line, with `stdin_text` on its standard input.
CommandResult run_command(const std::string& command_line, const std::string& stdin_text = "");

}  // namespace naumachia::testing
