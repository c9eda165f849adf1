// Classis: the words of an activation's order lines (3.2.1-3.2.9): a ship's
// path, its action and target, a command move, 'end'.
#include <algorithm>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

struct Verb {
  const char* word;
  Action::Kind kind;
};
constexpr std::array<Verb, 10> kVerbs{{{"move", Action::Move},
                                       {"backwater", Action::Backwater},
                                       {"ram", Action::Ram},
                                       {"follow-up", Action::FollowUp},
                                       {"rake", Action::Rake},
                                       {"grapple", Action::Grapple},
                                       {"degrapple", Action::Degrapple},
                                       {"board", Action::Board},
                                       {"repair", Action::Repair},
                                       {"end", Action::End}}};

// "F F R F", "FFRF", "2 R 1": the steps of a path, or nullopt if `w` is not
// a path word.
bool path_word(std::string_view w, std::vector<Step>& out) {
  long long n = 0;
  if (text::parse_int(w, n)) {
    if (n < 1 || n > 9) return false;
    out.insert(out.end(), static_cast<std::size_t>(n), Step::Ahead);
    return true;
  }
  std::vector<Step> steps;
  for (char c : w) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
      case 'F':
        steps.push_back(Step::Ahead);
        break;
      case 'L':
        steps.push_back(Step::Port);
        break;
      case 'R':
        steps.push_back(Step::Starboard);
        break;
      default:
        return false;
    }
  }
  if (steps.empty()) return false;
  out.insert(out.end(), steps.begin(), steps.end());
  return true;
}

}  // namespace

std::string format_path(const std::vector<Step>& p) {
  std::string s;
  for (Step st : p) {
    s += s.empty() ? "" : " ";
    s += st == Step::Ahead ? "F" : st == Step::Port ? "L" : "R";
  }
  return s;
}

const char* action_word(Action::Kind k) {
  for (const Verb& v : kVerbs)
    if (v.kind == k) return v.word;
  return "?";
}

Expected<Action> parse_action(std::string_view line) {
  Action a;
  if (text::lower(text::trim(line)) == "end") {
    a.kind = Action::End;
    return a;
  }
  auto split = text::split_order(line, "R1: move F F R F", order_notation());
  if (!split) return unexpected(split.error());
  a.actor = text::upper(split->first);
  const auto w = text::split(split->second);
  const std::string verb = w.empty() ? "" : text::lower(w[0]);
  const auto v = std::find_if(kVerbs.begin(), kVerbs.end(), [&](const Verb& x) {
    return verb == x.word || (x.kind == Action::FollowUp && verb == "followup");
  });
  if (v == kVerbs.end() || v->kind == Action::End)
    return fail("'" + std::string(split->second) +
                "' is not an action (move PATH, backwater, ram SHIP, follow-up SHIP, rake SHIP, "
                "grapple SHIP, degrapple SHIP, board SHIP, repair; a squadron: move SHIP PATH; "
                "SHIP PATH, backwater SHIP SHIP; or 'end') (3.2)");
  a.kind = v->kind;
  switch (a.kind) {
    case Action::Move: {
      std::vector<Step> path;
      bool all_path = w.size() > 1;
      for (std::size_t i = 1; i < w.size() && all_path; ++i) all_path = path_word(w[i], path);
      if (all_path) {
        a.moves.push_back({a.actor, path});
        return a;
      }
      // A command move: "SHIP PATH; SHIP PATH".
      a.command = true;
      const std::string_view body = text::trim(split->second);
      const auto gap = body.find_first_of(" \t");
      const std::string rest(gap == std::string_view::npos ? "" : text::trim(body.substr(gap)));
      for (std::string_view part : text::split(rest, ";")) {
        const auto pw = text::split(part);
        if (pw.size() < 2)
          return fail(
              "a command move is 'SQ: move SHIP PATH; SHIP PATH', e.g. 'A: move R1 F F; R2 F R F' "
              "(3.2.1)");
        std::vector<Step> p;
        for (std::size_t i = 1; i < pw.size(); ++i) {
          if (!path_word(pw[i], p))
            return fail("'" + std::string(pw[i]) +
                        "' is not part of a path (F ahead, L port, R starboard, or a number of "
                        "hexes ahead) (3.2.1)");
        }
        a.moves.push_back({text::upper(pw[0]), p});
      }
      if (a.moves.empty()) return fail("'move' needs a path, e.g. 'R1: move F F R F' (3.2.1)");
      return a;
    }
    case Action::Backwater:
      for (std::size_t i = 1; i < w.size(); ++i) a.moves.push_back({text::upper(w[i]), {}});
      a.command = !a.moves.empty();
      if (!a.command) a.moves.push_back({a.actor, {}});
      return a;
    case Action::Repair:
      if (w.size() != 1) return fail("'repair' takes nothing more (3.2.9)");
      return a;
    default:
      if (w.size() != 2)
        return fail("'" + verb + "' names one target ship, e.g. '" + a.actor + ": " + verb +
                    " P3' (3.2.3-3.2.8)");
      a.target = text::upper(w[1]);
      return a;
  }
}

std::string order_notation() {
  return text::notation_cite("docs/rules/classis.md");
}

std::string format_action(const Action& a) {
  if (a.kind == Action::End) return "end";
  std::string s = a.actor + ": " + action_word(a.kind);
  switch (a.kind) {
    case Action::Move:
      if (!a.command) return s + " " + format_path(a.moves.front().second);
      for (std::size_t i = 0; i < a.moves.size(); ++i)
        s += (i ? "; " : " ") + a.moves[i].first + " " + format_path(a.moves[i].second);
      return s;
    case Action::Backwater:
      if (a.command)
        for (const auto& [ship, p] : a.moves) s += " " + ship;
      return s;
    case Action::Repair:
      return s;
    default:
      return s + " " + a.target;
  }
}

}  // namespace naumachia::classis
