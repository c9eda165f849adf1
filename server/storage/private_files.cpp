#include "storage/private_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>

#include "base/log.h"

namespace naumachia::server {

namespace fs = std::filesystem;

namespace {

constexpr mode_t kGroupAndOthers = 077;

std::string octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

std::string os_error(int error) {
  return std::generic_category().message(error);
}

[[noreturn]] void fail(const std::string& what, const fs::path& path, int error) {
  throw std::runtime_error("cannot " + what + " '" + path.string() + "': " + os_error(error));
}

// The descriptor of a file opened here, closed on every way out.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  // Closes now, for the error a close may report (a write that failed late).
  int close() {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc;
  }

 private:
  int fd_;
};

// Makes `dir` and its missing parents 0700; leaves existing ones alone.
void create_missing_directories(const fs::path& dir) {
  if (dir.empty()) return;
  struct stat st {};
  if (::stat(dir.c_str(), &st) == 0) {
    if (!S_ISDIR(st.st_mode)) throw std::runtime_error("'" + dir.string() + "' is not a directory");
    return;
  }
  if (errno != ENOENT) fail("look at", dir, errno);
  create_missing_directories(dir.parent_path());
  if (::mkdir(dir.c_str(), static_cast<mode_t>(kPrivateDirectory)) != 0 && errno != EEXIST) {
    fail("create the directory", dir, errno);
  }
  // The umask may have taken bits away (0700 under umask 0277 is 0500): set it.
  if (::chmod(dir.c_str(), static_cast<mode_t>(kPrivateDirectory)) != 0) {
    fail("set the mode of", dir, errno);
  }
}

// SQLite's names for a database in memory and a temporary one: no file.
bool has_file(const fs::path& db) {
  return !db.empty() && db != ":memory:";
}

}  // namespace

void make_private_directory(const fs::path& dir) {
  if (dir.empty()) return;
  struct stat st {};
  if (::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    if (st.st_mode & kGroupAndOthers) {
      log_line("notice: other users may list the data directory " + dir.string() + " (mode " +
               octal(st.st_mode) + "); the server's files in it are private (0600)");
    }
    return;
  }
  create_missing_directories(dir);
}

void narrow_to_owner(const fs::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) {
    if (errno == ENOENT) return;
    fail("look at", file, errno);
  }
  // Never a directory (such as /tmp given by mistake for a file) nor a device.
  if (!S_ISREG(st.st_mode)) throw std::runtime_error("'" + file.string() + "' is not a file");
  if ((st.st_mode & kGroupAndOthers) == 0) return;
  const mode_t narrowed = st.st_mode & S_IRWXU;
  if (::chmod(file.c_str(), narrowed) == 0) {
    log_line("notice: narrowed the mode of " + file.string() + " from " + octal(st.st_mode) +
             " to " + octal(narrowed) + ": other users could read it");
  } else {
    log_line("warning: " + file.string() + " is open to other users (mode " + octal(st.st_mode) +
             ") and its mode cannot be narrowed: " + os_error(errno));
  }
}

void create_private_database(const fs::path& db) {
  if (!has_file(db)) return;
  const mode_t mode = static_cast<mode_t>(kPrivateFile);
  Fd created(::open(db.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode));
  if (created.get() >= 0) {
    // An empty file is a new database to SQLite. fchmod, because the umask
    // applies to open's mode and may have taken the owner's bits.
    if (::fchmod(created.get(), mode) != 0) fail("set the mode of", db, errno);
    return;
  }
  if (errno != EEXIST) fail("create the database", db, errno);
  struct stat st {};
  if (::stat(db.c_str(), &st) != 0) fail("look at", db, errno);
  if (!S_ISREG(st.st_mode)) throw std::runtime_error("'" + db.string() + "' is not a file");
}

void narrow_database_files(const fs::path& db) {
  if (!has_file(db)) return;
  for (const char* suffix : {"", "-wal", "-shm"}) narrow_to_owner(db.string() + suffix);
}

void write_file(const fs::path& file, std::string_view content, fs::perms mode) {
  std::string temp = file.string() + ".tmp-XXXXXX";
  Fd fd(::mkostemp(temp.data(), O_CLOEXEC));  // 0600 less the umask, until the fchmod
  if (fd.get() < 0) fail("create a file beside", file, errno);
  const auto give_up = [&](const std::string& what) {
    const int error = errno;
    ::unlink(temp.c_str());
    fail(what, file, error);
  };
  if (::fchmod(fd.get(), static_cast<mode_t>(mode)) != 0) give_up("set the mode of");
  for (std::size_t done = 0; done < content.size();) {
    const ssize_t n = ::write(fd.get(), content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      give_up("write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd.get()) != 0 || fd.close() != 0) give_up("write");
  if (::rename(temp.c_str(), file.c_str()) != 0) give_up("replace");
}

}  // namespace naumachia::server
