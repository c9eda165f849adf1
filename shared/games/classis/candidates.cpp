// Classis: the candidate orders random play draws from.
#include <algorithm>

#include "games/classis/rules.h"

namespace naumachia::classis {

// The setup: a commander for each squadron.
std::vector<std::vector<std::string>> Board::setup_candidates(Side side) const {
  std::vector<std::string> swaps;
  std::vector<std::string> mine;
  for (const auto& [id, c] : commanders_)
    if (c.side == side) mine.push_back(id);
  for (const auto& [id, q] : squadrons_) {
    if (q.side != side) continue;
    for (const std::string& c : mine) swaps.push_back(id + ": commander " + c);
  }
  return {swaps};
}

// An activation: for each ship that may act, its possible attacks and moves.
std::vector<std::vector<std::string>> Board::activation_candidates(Side) const {
  std::vector<std::vector<std::string>> groups;
  // Paths for random play: those that engage, else those that close on the
  // nearest enemy best.
  const std::vector<std::vector<Step>> shapes = {
      {Step::Ahead},
      {Step::Ahead, Step::Ahead},
      {Step::Ahead, Step::Ahead, Step::Ahead},
      {Step::Port, Step::Ahead},
      {Step::Starboard, Step::Ahead},
      {Step::Port, Step::Ahead, Step::Ahead},
      {Step::Starboard, Step::Ahead, Step::Ahead},
      {Step::Ahead, Step::Port, Step::Ahead},
      {Step::Ahead, Step::Starboard, Step::Ahead},
      {Step::Port},
      {Step::Starboard},
      {Step::Port, Step::Port},
      {Step::Starboard, Step::Starboard},
  };
  for (const Ship* sp : may_act()) {
    const Ship& s = *sp;
    std::vector<std::string> attacks;
    for (const auto& [id, t] : ships_) {
      if (t.sunk || id == s.id) continue;
      for (Action::Kind k : {Action::Ram, Action::FollowUp, Action::Rake, Action::Grapple,
                             Action::Degrapple, Action::Board}) {
        Action a;
        a.kind = k;
        a.actor = s.id;
        a.target = id;
        if (!s.done.count(action_word(k)) && !attack_problem(a, s, t))
          attacks.push_back(format_action(a));
      }
    }
    if (s.crippled && !s.permanent) attacks.push_back(s.id + ": repair");
    if (!attacks.empty()) groups.push_back(attacks);
    if (!move_problem(s) && !s.done.count("move")) {
      std::vector<std::pair<int, std::string>> scored;
      for (const auto& p : shapes) {
        Board trial(*this);
        Ship& m = trial.ships_.at(s.id);
        if (trial.follow_path(m, p)) continue;
        int best = 99;
        for (const auto& [id, t] : trial.ships_)
          if (!t.sunk && t.holder != s.holder) best = std::min(best, hex::distance(m.hex, t.hex));
        if (!m.contact.empty()) best = -1;
        scored.emplace_back(best, s.id + ": move " + format_path(p));
      }
      std::sort(scored.begin(), scored.end());
      std::vector<std::string> moves;
      for (std::size_t i = 0; i < scored.size() && i < 3; ++i) moves.push_back(scored[i].second);
      if (!moves.empty()) groups.push_back(moves);
    } else if (s.ram && !s.done.count("backwater")) {
      groups.push_back({s.id + ": backwater"});
    }
  }
  return groups;
}

}  // namespace naumachia::classis
