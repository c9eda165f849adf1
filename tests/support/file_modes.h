#pragma once
// File modes in tests: the permission bits of a path, and a umask for the
// scope of a test (a server child started inside it inherits it).
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>

namespace naumachia::testing {

// The permission bits of `path` (0600, 0755, ...).
inline unsigned mode_of(const std::filesystem::path& path) {
  struct stat st {};
  REQUIRE_MESSAGE(::stat(path.c_str(), &st) == 0, path.string() << " is missing");
  return st.st_mode & 07777u;
}

class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t mask) : old_(::umask(mask)) {}
  ~ScopedUmask() { ::umask(old_); }
  ScopedUmask(const ScopedUmask&) = delete;
  ScopedUmask& operator=(const ScopedUmask&) = delete;

 private:
  mode_t old_;
};

}  // namespace naumachia::testing
