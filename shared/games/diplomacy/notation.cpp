// Order text: tokens and a cursor over them (notation.h).
#include "games/diplomacy/notation.h"

#include <algorithm>
#include <span>

#include "core/text.h"

namespace naumachia::diplomacy::notation {

std::vector<std::string> tokens(const Map& map, std::string_view raw) {
  std::string s = text::lower(raw);
  for (const auto& [name, spaced] : map.hyphenated_names()) {
    for (std::size_t at = s.find(name); at != std::string::npos; at = s.find(name, at + 1)) {
      s.replace(at, name.size(), spaced);
    }
  }
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(') {
      out += '/';
    } else if (c == ')' || c == ',' || c == '.' || c == ':') {
      out += ' ';
    } else if (c == '-' || c == '>' || c == '=') {
      if (!out.empty() && out.back() == '/') continue;
      out += " - ";
      while (i + 1 < s.size() && (s[i + 1] == '>' || s[i + 1] == '-')) ++i;
    } else {
      out += c;
    }
  }
  std::vector<std::string> t;
  for (auto piece : text::split(out)) t.emplace_back(piece);
  // "spa / nc" -> "spa/nc"
  std::vector<std::string> joined;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == "/" && !joined.empty() && i + 1 < t.size()) {
      joined.back() += "/" + t[++i];
    } else if (!t[i].empty() && t[i].front() == '/' && !joined.empty()) {
      joined.back() += t[i];
    } else if (!t[i].empty() && t[i].back() == '/' && i + 1 < t.size()) {
      joined.push_back(t[i] + t[i + 1]);
      ++i;
    } else {
      joined.push_back(t[i]);
    }
  }
  return joined;
}

bool is_any(const std::string& w, std::initializer_list<const char*> words) {
  return std::any_of(words.begin(), words.end(), [&](const char* x) { return w == x; });
}

Expected<std::string> Cursor::target_dest() {
  if (is_any(peek(), {"-", "to"})) {
    ++i;
    return location();
  }
  if (is_any(peek(), {"h", "hold", "holds"})) ++i;
  return std::string();
}

// The provinces whose id or name is nearest to an unknown word, as a hint.
static std::string suggestion(const Map& map, const std::string& word) {
  std::vector<std::string> known;
  for (const auto& [id, p] : map.provinces()) {
    known.push_back(id);
    known.push_back(p.name);
  }
  std::vector<std::string> shown;
  for (const std::string& near : text::nearest(word, known)) {
    const Province* p = map.lookup(near);
    const std::string named = p->id + " (" + p->name + ")";
    if (std::find(shown.begin(), shown.end(), named) == shown.end()) shown.push_back(named);
  }
  return shown.empty() ? "" : " (did you mean " + text::listed(shown, "or") + "?)";
}

Expected<std::string> Cursor::location() {
  if (done()) return fail("a province is missing");
  const std::size_t longest = std::min<std::size_t>(4, map.longest_name_words());
  for (std::size_t n = std::min(longest, t.size() - i); n >= 1; --n) {
    // "-" is a token of its own, never part of a name ("par - bur").
    const auto span = std::span(t).subspan(i, n);
    if (std::find(span.begin(), span.end(), "-") != span.end()) continue;
    std::string word;
    bool slash_inside = false;  // a coast may only end the span: "spa/nc s f mar" is not a name
    for (std::size_t k = 0; k < n; ++k) {
      word += (k ? " " : "") + t[i + k];
      slash_inside = slash_inside || (k + 1 < n && t[i + k].find('/') != std::string::npos);
    }
    if (slash_inside) continue;
    std::string coast;
    if (const auto slash = word.find('/'); slash != std::string::npos) {
      coast = word.substr(slash + 1);
      word = word.substr(0, slash);
    }
    const Province* p = map.lookup(word);
    if (!p) continue;
    i += n;
    if (coast.empty() && !done() && is_any(peek(), {"nc", "sc", "ec", "wc"})) coast = t[i++];
    if (coast.empty()) return p->id;
    if (coast.size() > 2 && coast.ends_with("c")) coast = coast.substr(0, 1) + "c";
    if (std::find(p->coasts.begin(), p->coasts.end(), coast) == p->coasts.end()) {
      if (p->coasts.empty()) return p->id;  // a coast on a one-coast province is noise
      return fail(p->name + " has no coast '" + coast + "'");
    }
    return p->id + "/" + coast;
  }
  return fail("'" + t[i] + "' is not a province" + suggestion(map, t[i]));
}

}  // namespace naumachia::diplomacy::notation
