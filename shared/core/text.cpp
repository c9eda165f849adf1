#include "core/text.h"

#include <cctype>
#include <charconv>

namespace naumachia::text {

std::string_view trim(std::string_view s) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> split(std::string_view s, std::string_view separators) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t start = s.find_first_not_of(separators, i);
    if (start == std::string_view::npos) break;
    std::size_t end = s.find_first_of(separators, start);
    if (end == std::string_view::npos) end = s.size();
    out.push_back(s.substr(start, end - start));
    i = end;
  }
  return out;
}

Expected<std::vector<std::string_view>> quoted_words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ' ' || s[i] == '\t') {
      ++i;
      continue;
    }
    if (s[i] == '"') {
      const auto end = s.find('"', i + 1);
      if (end == std::string_view::npos) return fail("a quoted name is not closed");
      const std::string_view name = trim(s.substr(i + 1, end - i - 1));
      if (name.empty()) return fail("an empty quoted name");
      out.push_back(name);
      i = end + 1;
      if (i < s.size() && s[i] != ' ' && s[i] != '\t')
        return fail("a blank must follow a quoted name");
      continue;
    }
    const auto end = s.find_first_of(" \t", i);
    const std::string_view w = s.substr(i, end == std::string_view::npos ? end : end - i);
    if (w.find('"') != std::string_view::npos) return fail("a quote inside a word");
    out.push_back(w);
    i = end == std::string_view::npos ? s.size() : end;
  }
  return out;
}

std::vector<std::string_view> lines(std::string_view s) {
  std::vector<std::string_view> out;
  while (!s.empty()) {
    std::size_t nl = s.find('\n');
    std::string_view line = s.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    s.remove_prefix(nl + 1);
  }
  return out;
}

bool parse_int(std::string_view s, long long& out) {
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size() && !s.empty();
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

Expected<std::pair<std::string, std::string>> split_order(std::string_view line,
                                                          std::string_view example) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos)
    return fail("an order is 'PIECE: ...' (for example '" + std::string(example) + "')");
  return std::pair{upper(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1)))};
}

}  // namespace naumachia::text
