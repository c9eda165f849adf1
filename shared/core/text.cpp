#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

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
                                                          std::string_view example,
                                                          std::string_view notation) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos)
    return fail("an order is 'PIECE: ...' (for example '" + std::string(example) + "') " +
                std::string(notation));

  return std::pair{upper(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1)))};
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> nearest(std::string_view word, const std::vector<std::string>& known,
                                 std::size_t most) {
  const std::string w = lower(word);
  // Fewer edits than the word has letters: a name sharing none of a short
  // word's ("ZZ" and "R1") is no suggestion.
  const std::size_t limit =
      std::min(std::clamp<std::size_t>(w.size() / 3, 2, 3), w.empty() ? 0 : w.size() - 1);
  std::vector<std::pair<std::size_t, std::string>> near;
  for (const std::string& k : known) {
    const std::string name = lower(k);
    // A name the word begins ("nor" of "Norway") is as near as one edit.
    const std::size_t d =
        !w.empty() && name.size() > w.size() && name.starts_with(w) ? 1 : edit_distance(w, name);
    if (d <= limit) near.emplace_back(d, k);
  }
  // Nearest first; at one distance, names of about the word's length first.
  const auto gap = [&](const std::string& k) {
    return k.size() > w.size() ? k.size() - w.size() : w.size() - k.size();
  };
  std::stable_sort(near.begin(), near.end(), [&](const auto& x, const auto& y) {
    return x.first != y.first ? x.first < y.first : gap(x.second) < gap(y.second);
  });
  std::vector<std::string> out;
  for (const auto& [d, k] : near) {
    if (out.size() == most) break;
    if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  }
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& known) {
  const auto near = nearest(word, known);
  return near.empty() ? "" : " (did you mean " + listed(near, "or") + "?)";
}

std::string one_to(int n) {
  return n == 1 ? "1" : "1-" + std::to_string(n);
}

std::string listed(const std::vector<std::string>& words, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " " + std::string(last) + " " : ", ";
    out += words[i];
  }
  return out;
}

std::string notation_cite(std::string_view doc) {
  return "(notation: " + std::string(doc) + ")";
}

}  // namespace naumachia::text
