#pragma once
// A scratch directory of a test, removed with everything in it at the end of
// its scope.
#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace naumachia::testing {

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/naumachia-test-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace naumachia::testing
