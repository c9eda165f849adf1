#include "support/refusal_walk.h"

#include <algorithm>
#include <regex>
#include <set>

#include "core/text.h"
#include "support/random_play.h"

namespace naumachia::testing {

bool cites_rule(std::string_view message, std::string_view doc) {
  const std::string m(message);
  if (m.find("(notation: " + std::string(doc) + ")") != std::string::npos) return true;
  // A bracket holding a case number (5.12, 1.1.2.5.1, 4.0 E), a section of
  // the variant, a DATC case or a rule of Multiplicity Plus.
  static const std::regex kCase(
      R"(\([^()]*(\b\d+\.\d+|FoC [A-Z][a-z]+|DATC \d|Multiplicity Plus))");
  return std::regex_search(m, kCase);
}

namespace {

// 0 .. n-1 (0 for n < 2: a die has two faces at least, a thousand at most).
std::size_t pick(std::size_t n, Dice& d) {
  if (n < 2) return 0;
  return static_cast<std::size_t>(d.roll(static_cast<int>(std::min<std::size_t>(n, 1000)), "pick") -
                                  1);
}

// `line` with a few characters inserted, dropped or changed.
std::string garble(const std::string& line, Dice& d) {
  static const std::string kAlphabet = "ACFTacdefhilmnoprstuvwxyz0123456789 -:,/()>";
  std::string s = line;
  const int edits = d.roll(3, "edits");
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = pick(s.size() + 1, d);
    const char c = kAlphabet[pick(kAlphabet.size(), d)];
    switch (d.roll(3, "kind")) {
      case 1:
        s.insert(s.begin() + static_cast<long>(at), c);
        break;
      case 2:
        if (at < s.size()) s.erase(at, 1);
        break;
      default:
        if (at < s.size()) s[at] = c;
    }
  }
  return s;
}

// `line` with one of its words (split at blanks) replaced by a word of
// `other`: a right word in a wrong place.
std::string swap_word(const std::string& line, const std::string& other, Dice& d) {
  std::vector<std::string> a, b;
  for (auto w : text::split(line)) a.emplace_back(w);
  for (auto w : text::split(other)) b.emplace_back(w);
  if (a.empty() || b.empty()) return line;
  a[pick(a.size(), d)] = b[pick(b.size(), d)];
  return text::join(a, " ");
}

}  // namespace

Walked walk_refusals(const std::function<std::unique_ptr<State>()>& new_state, int games, int steps,
                     const std::vector<std::string>& illegal) {
  Walked out;
  std::set<std::string> seen;
  const auto give = [&](const State& s, PlayerId p, const std::vector<std::string>& lines) {
    ++out.given;
    const auto r = s.validate(p, lines);
    if (r) return;
    for (const OrderError& e : r.error())
      if (seen.insert(e.message).second) out.refusals.push_back(e.message);
  };
  for (int g = 0; g < games; ++g) {
    Seed seed{};
    seed[0] = static_cast<std::uint8_t>(g + 1);
    SeededDice d(seed, StepNo{1000});
    random_play(new_state(), seed, steps, [&](const State& s) {
      const auto ordering = s.step().to_order;
      std::vector<std::string> everyone = illegal;
      for (PlayerId p : ordering)
        for (const auto& group : s.candidate_orders(p))
          everyone.insert(everyone.end(), group.begin(), group.end());
      for (PlayerId p : ordering) {
        std::vector<std::string> mine;
        for (const auto& group : s.candidate_orders(p))
          mine.insert(mine.end(), group.begin(), group.end());
        for (const std::string& line : everyone) give(s, p, {line});
        for (const std::string& line : mine) {
          give(s, p, {line, line});
          give(s, p, {garble(line, d)});
          if (!everyone.empty())
            give(s, p, {swap_word(line, everyone[pick(everyone.size(), d)], d)});
        }
        give(s, p, {});
      }
    });
  }
  return out;
}

std::unique_ptr<State> play_until(std::unique_ptr<State> s, std::string_view label, int steps,
                                  const Seed& seed) {
  SeededDice chooser(seed, StepNo{0});
  for (int i = 0; i <= steps && !s->step().game_over; ++i) {
    if (s->step().label.find(label) != std::string::npos) return s;
    std::map<PlayerId, OrderSet> orders;
    for (PlayerId p : s->step().to_order) orders[p] = random_legal_orders(*s, p, chooser);
    SeededDice dice(seed, s->step().number);
    s = s->resolve(orders, dice).next;
  }
  return nullptr;
}

std::vector<std::string> uncited(const Walked& walked, std::string_view doc) {
  std::vector<std::string> out;
  for (const std::string& m : walked.refusals)
    if (!cites_rule(m, doc)) out.push_back(m);
  return out;
}

}  // namespace naumachia::testing
