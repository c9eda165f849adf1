#pragma once
// Text checks the tests share: a part in a text, an entry in a list, a file's
// whole content.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace naumachia::testing {

// Whether `text` holds `part` anywhere.
inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Whether `list` holds `item` as one of its entries (not as part of one).
inline bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The bytes of the file at `path`; "" when it cannot be read.
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace naumachia::testing
