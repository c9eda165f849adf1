#include "positions.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/text.h"
#include "support.h"
#include "support/random_play.h"

namespace naumachia::fuzz {

namespace {

// Snapshots, dense at the start where the setup steps are, sparser later.
constexpr std::array<int, 21> kSnapshots{0,  1,  2,  3,  4,  5,  6,  8,  10, 13, 16,
                                         20, 25, 30, 36, 43, 51, 60, 70, 80, 90};

void play(const Game& game, const ScenarioInfo& scenario, int players, RulesVersion rules,
          std::vector<Position>& out) {
  auto start = game.new_game(scenario.id, players, rules);
  if (!start) broken("new_game " + game.id() + "/" + scenario.id + ": " + start.error().message);
  int steps = 0;
  testing::random_play(std::move(*start), fixed_seed(), kSnapshots.back(), [&](const State& s) {
    if (std::find(kSnapshots.begin(), kSnapshots.end(), steps) != kSnapshots.end()) {
      Position p;
      p.game = &game;
      p.scenario = game.id() + "/" + scenario.id;
      p.players = players;
      p.rules = rules;
      p.steps = steps;
      p.state = s.clone();
      p.bytes = s.serialize();
      out.push_back(std::move(p));
    }
    ++steps;
  });
}

int number(std::string_view word, int otherwise) {
  long long v = 0;
  if (!text::parse_int(word, v) || v < 0 || v > 1'000'000) return otherwise;
  return static_cast<int>(v);
}

}  // namespace

std::string Position::header() const {
  return scenario + " " + std::to_string(players) + " " + std::to_string(rules.value) + " " +
         std::to_string(steps);
}

const std::vector<Position>& positions() {
  static const std::vector<Position> all = [] {
    std::vector<Position> out;
    for (const Game* game : shipped_modules().games()) {
      for (const ScenarioInfo& s : game->scenarios()) {
        std::vector<int> counts{s.min_players};
        if (s.max_players != s.min_players) counts.push_back(s.max_players);
        for (int players : counts) {
          for (int r = game->oldest_rules_version().value; r <= game->rules_version().value; ++r)
            play(*game, s, players, RulesVersion{r}, out);
        }
      }
    }
    return out;
  }();
  return all;
}

Pick pick_position(std::string_view header) {
  const auto words = text::split(header);
  if (words.empty()) return {};
  const int players = words.size() > 1 ? number(words[1], 0) : 0;
  const int rules = words.size() > 2 ? number(words[2], 0) : 0;
  const int steps = words.size() > 3 ? number(words[3], 0) : 0;
  const int seat = words.size() > 4 ? number(words[4], 0) : 0;
  const Position* best = nullptr;
  const auto rank = [&](const Position& p) {
    // Lower is better: players first, then rules, then steps (never above).
    return std::array<int, 3>{std::abs(p.players - players), p.rules.value == rules ? 0 : 1,
                              steps - p.steps};
  };
  for (const Position& p : positions()) {
    if (p.scenario != words[0] || p.steps > steps) continue;
    if (!best || rank(p) < rank(*best)) best = &p;
  }
  if (!best) return {};
  const auto to_order = best->state->step().to_order;
  if (to_order.empty()) return {};
  return {best, to_order[static_cast<std::size_t>(seat) % to_order.size()]};
}

}  // namespace naumachia::fuzz
