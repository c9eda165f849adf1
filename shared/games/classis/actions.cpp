// Classis: the order lines of an activation (3.2.1-3.2.9) and their costs:
// one initiative point each, a command move or backwater one point for the
// whole command (3.2.1, 3.2.2); no ship repeats an action in one activation
// (3.2.11).
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

std::string format_path(const std::vector<Step>& p) {
  std::string s;
  for (Step st : p) {
    s += s.empty() ? "" : " ";
    s += st == Step::Ahead ? "F" : st == Step::Port ? "L" : "R";
  }
  return s;
}

}  // namespace

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
  auto split = text::split_order(line, "R1: move F F R F");
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
                "SHIP PATH, backwater SHIP SHIP; or 'end')");
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
              "a command move is 'SQ: move SHIP PATH; SHIP PATH', e.g. 'A: move R1 F F; R2 F R F'");
        std::vector<Step> p;
        for (std::size_t i = 1; i < pw.size(); ++i) {
          if (!path_word(pw[i], p))
            return fail("'" + std::string(pw[i]) +
                        "' is not part of a path (F ahead, L port, R starboard, or a number of "
                        "hexes ahead)");
        }
        a.moves.push_back({text::upper(pw[0]), p});
      }
      if (a.moves.empty()) return fail("'move' needs a path, e.g. 'R1: move F F R F'");
      return a;
    }
    case Action::Backwater:
      for (std::size_t i = 1; i < w.size(); ++i) a.moves.push_back({text::upper(w[i]), {}});
      a.command = !a.moves.empty();
      if (!a.command) a.moves.push_back({a.actor, {}});
      return a;
    case Action::Repair:
      if (w.size() != 1) return fail("'repair' takes nothing more");
      return a;
    default:
      if (w.size() != 2)
        return fail("'" + verb + "' names one target ship, e.g. '" + a.actor + ": " + verb +
                    " P3'");
      a.target = text::upper(w[1]);
      return a;
  }
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

bool Board::can_act(const Ship& s) const {
  return !s.sunk && s.squadron == active_ && s.holder == active_side();
}

std::vector<const Ship*> Board::may_act() const {
  std::vector<const Ship*> out;
  if (phase_ != Phase::Activation || over_) return out;
  for (const auto& [id, s] : ships_)
    if (can_act(s)) out.push_back(&s);
  return out;
}

Expected<bool> Board::act(Side side, const Action& a) {
  if (points_ < 1) return fail("no initiative points are left in this activation (2.2, 3.1.2)");
  const auto own = [&](const std::string& id) -> Expected<Ship*> {
    Ship* s = find_ship(id);
    if (!s) return fail("there is no ship " + id);
    if (s->sunk) return fail(id + " has sunk");
    if (s->holder != side) return fail(id + " is not yours");
    if (s->squadron != active_)
      return fail(id + " is not in squadron " + active_ +
                  ", which has the initiative (2.1, 3.1.1)");
    if (s->done.count(action_word(a.kind)))
      return fail(id + " has already made a " + std::string(action_word(a.kind)) +
                  " in this activation: no action twice (3.2.11)");
    return s;
  };
  bool ok = true;
  if (a.command) {
    // Classis 3.2.1, 3.2.2: a whole command, every ship in command, one point.
    if (a.actor != active_)
      return fail("a command " + std::string(action_word(a.kind)) +
                  " is given by the active squadron " + active_ + " ('" + active_ + ": ...')");
    std::set<std::string> seen;
    for (const auto& [id, path] : a.moves) {
      auto s = own(id);
      if (!s) return unexpected(s.error());
      if (!seen.insert(id).second) return fail(id + " is named twice in one command move");
      if (!in_command(**s)) return fail(id + " is out of command: it acts only on its own (1.5)");
    }
    for (const auto& [id, path] : a.moves) {
      Ship& s = *find_ship(id);
      if (s.sunk) continue;  // lost on a reef earlier in the same command move
      auto why = a.kind == Action::Move ? follow_path(s, path) : backwater(s);
      if (why) return fail(*why);
      s.done.insert(action_word(a.kind));
    }
  } else {
    auto sp = own(a.actor);
    if (!sp) return unexpected(sp.error());
    Ship& s = **sp;
    Ship* t = nullptr;
    if (!a.target.empty()) {
      t = find_ship(a.target);
      if (!t) return fail("there is no ship " + a.target);
      if (auto why = attack_problem(a, s, *t)) return fail(*why);
    }
    switch (a.kind) {
      case Action::Move:
        if (auto why = follow_path(s, a.moves.front().second)) return fail(*why);
        break;
      case Action::Backwater:
        if (auto why = backwater(s)) return fail(*why);
        break;
      case Action::Ram:
      case Action::FollowUp:
        resolve_ram(s, *t, a.kind == Action::FollowUp);
        break;
      case Action::Rake:
        ok = resolve_rake(s, *t);
        break;
      case Action::Grapple:
        ok = resolve_grapple(s, *t);
        break;
      case Action::Degrapple:
        ok = resolve_degrapple(s, *t);
        break;
      case Action::Board:
        ok = resolve_board(s, *t);
        break;
      case Action::Repair:
        if (!s.crippled) return fail(s.id + " is not crippled: nothing to repair (3.2.9)");
        if (s.permanent) return fail(s.id + " is permanently crippled: no further repairs (3.3.6)");
        ok = resolve_repair(s);
        break;
      case Action::End:
        break;
    }
    s.done.insert(action_word(a.kind));
    if (s.sunk || s.holder != side) ok = false;
  }
  --points_;
  return ok;
}

}  // namespace naumachia::classis
