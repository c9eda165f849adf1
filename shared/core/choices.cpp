#include "core/choices.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/text.h"

namespace naumachia {

namespace {

// How deep a search for a completion goes: the longest order of any game
// has fewer pieces than this (a Classis command move names each ship of a
// squadron, seven at most in the data, then its path step by step, up to
// fifteen steps for the fastest galley).
constexpr std::size_t kMaxDepth = 128;

class Search {
 public:
  Search(const Decision& d, const Ways& ways, const Accepts& accepts)
      : d_(d), ways_(ways), accepts_(accepts) {}

  bool accepted(const std::vector<std::string>& path) {
    const std::string line = line_of(d_, path);
    const auto it = accepted_.find(line);
    if (it != accepted_.end()) return it->second;
    return accepted_[line] = accepts_(line);
  }

  // Whether some way on from `path` ends in an accepted line.
  bool completable(std::vector<std::string>& path) {
    if (path.size() >= kMaxDepth) return false;
    const std::string key = line_of(d_, path);
    if (const auto it = completable_.find(key); it != completable_.end()) return it->second;
    bool found = false;
    for (const Choice& c : ways_(path)) {
      path.push_back(c.text);
      found = (c.complete && (c.vouched || accepted(path))) || (!c.last && completable(path));
      path.pop_back();
      if (found) break;
    }
    return completable_[key] = found;
  }

 private:
  const Decision& d_;
  const Ways& ways_;
  const Accepts& accepts_;
  std::map<std::string, bool> accepted_;
  std::map<std::string, bool> completable_;
};

}  // namespace

std::vector<Choice> ways_among(const std::vector<Option>& options,
                               const std::vector<std::string>& path) {
  std::vector<Choice> out;
  for (const Option& option : options) {
    if (option.size() <= path.size()) continue;
    if (!std::equal(path.begin(), path.end(), option.begin(),
                    [](const std::string& t, const Piece& p) { return t == p.text; }))
      continue;
    const Piece& next = option[path.size()];
    const bool ends = option.size() == path.size() + 1;
    auto same =
        std::find_if(out.begin(), out.end(), [&](const Choice& c) { return c.text == next.text; });
    if (same == out.end()) {
      out.push_back({next.text, next.label, next.cells, ends, ends});
    } else {
      same->complete = same->complete || ends;
      same->last = same->last && ends;
    }
  }
  return out;
}

std::string line_of(const Decision& d, const std::vector<std::string>& path) {
  std::string line = d.text;
  for (const std::string& piece : path) line += piece;
  return line;
}

Expected<std::vector<Choice>> offered(const Decision& d, const std::vector<std::string>& path,
                                      const Ways& ways, const Accepts& accepts) {
  Search search(d, ways, accepts);
  // Each chosen text must have been a way on from the path before it, and
  // the last one offered: it completes an accepted line or goes on to one
  // (a proposal the rules refuse is not a way on). That the last is offered
  // makes every piece before it so: the path itself goes on to that line.
  std::vector<std::string> walked;
  Choice last_piece;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const std::string& piece = path[i];
    const bool final_piece = i + 1 == path.size();
    bool known = false;
    for (const Choice& c : ways(walked)) {
      if (known || c.text != piece || (!final_piece && c.last)) continue;
      known = true;
      last_piece = c;
    }
    if (!known) {
      return fail("'" + line_of(d, walked) + piece + "' is not a way the order can go on " +
                  text::notation_cite("docs/order-choices.md"));
    }
    walked.push_back(piece);
  }
  std::vector<Choice> out;
  for (Choice c : ways(walked)) {
    walked.push_back(c.text);
    const bool whole = c.complete && (c.vouched || search.accepted(walked));
    // A whole line is offered whatever may follow it: no need to search on.
    const bool onward = !whole && !c.last && search.completable(walked);
    walked.pop_back();
    if (!whole && !onward) continue;
    c.complete = whole;
    out.push_back(std::move(c));
  }
  const bool goes_on = !last_piece.last && !out.empty();
  const bool last_whole = last_piece.complete && (last_piece.vouched || search.accepted(walked));
  if (!walked.empty() && !goes_on && !last_whole) {
    walked.pop_back();
    return fail("'" + line_of(d, walked) + path.back() + "' is not a way the order can go on " +
                text::notation_cite("docs/order-choices.md"));
  }
  return out;
}

}  // namespace naumachia
