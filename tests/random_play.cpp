#include "random_play.h"

#include <algorithm>

#include "core/hex.h"
#include "games/diplomacy/diplomacy.h"

namespace naumachia::testing {

OrderSet random_diplomacy_orders(const State& s, PlayerId p, Dice& chooser) {
  static const auto map = diplomacy::standard_map();
  const std::string label = s.step().label;
  std::vector<std::string> lines;
  for (const Cell& c : s.view(std::nullopt).cells) {
    for (const Token& t : c.tokens) {
      if (t.owner != p.value) continue;
      const bool dislodged =
          std::find(t.marks.begin(), t.marks.end(), std::string("dislodged")) != t.marks.end();
      if (label.find("retreats") != std::string::npos && !dislodged) continue;
      const auto& neighbours = map->any_neighbours(c.id);
      auto it = neighbours.begin();
      std::advance(it, chooser.roll(static_cast<int>(neighbours.size()) + 1, "pick") - 1);
      std::string order = t.label + (it == neighbours.end() ? " H" : " - " + *it);
      if (label.find("adjustments") != std::string::npos) order = "Remove " + t.label;
      std::vector<std::string> trial = lines;
      trial.push_back(order);
      if (s.validate(p, trial)) lines = std::move(trial);
    }
  }
  return s.validate(p, lines).value();
}

OrderSet random_tyre_orders(const State& s, PlayerId p, Dice& chooser) {
  static const char* const kMoves[] = {"move 1", "turn L, move 1", "turn R, move 1",
                                       "move 2", "back 1",         "turn R"};
  const std::string label = s.step().label;
  if (label.find("movement") == std::string::npos && label.find("melee") == std::string::npos)
    return {};
  std::vector<std::string> lines;
  for (const Cell& c : s.view(std::nullopt).cells) {
    for (const Token& t : c.tokens) {
      if (t.owner != p.value) continue;
      std::vector<std::string> tries;
      if (label.find("melee") != std::string::npos) {
        for (const Cell& d : s.view(std::nullopt).cells) {
          for (const Token& e : d.tokens) {
            if (e.owner != p.value) tries.push_back(t.label + ": attack " + e.label);
          }
        }
      } else {
        tries.push_back(t.label + ": " + kMoves[chooser.roll(6, "move") - 1]);
      }
      for (const std::string& order : tries) {
        std::vector<std::string> trial = lines;
        trial.push_back(order);
        if (s.validate(p, trial)) {
          lines = std::move(trial);
          break;
        }
      }
    }
  }
  return s.validate(p, lines).value();
}

OrderSet random_duel_orders(const State& s, PlayerId p, Dice& chooser) {
  for (int bid = chooser.roll(11, "bid") - 1; bid >= 0; --bid) {
    auto v = s.validate(p, {"bid " + std::to_string(bid)});
    if (v) return *v;
  }
  return s.default_orders(p);
}

void random_play(std::unique_ptr<State> state, const Seed& seed, int max_steps,
                 const OrderPicker& pick, const std::function<void(const State&)>& each) {
  SeededDice chooser(seed, StepNo{0});
  each(*state);
  for (int i = 0; i < max_steps && !state->step().game_over; ++i) {
    std::map<PlayerId, OrderSet> orders;
    for (PlayerId p : state->step().to_order) orders[p] = pick(*state, p, chooser);
    SeededDice dice(seed, state->step().number);
    state = state->resolve(orders, dice).next;
    each(*state);
  }
}

namespace {

bool has_word(const std::string& label, const char* w) {
  return label.find(w) != std::string::npos;
}

// Keeps each candidate line that the state accepts together with the others.
std::vector<std::string> keep_valid(const State& s, PlayerId p,
                                    const std::vector<std::string>& tries) {
  std::vector<std::string> lines;
  for (const std::string& order : tries) {
    std::vector<std::string> trial = lines;
    trial.push_back(order);
    if (s.validate(p, trial)) lines = std::move(trial);
  }
  return lines;
}

}  // namespace

OrderSet random_siege_orders(const State& s, PlayerId p, Dice& chooser) {
  const std::string label = s.step().label;
  if (has_word(label, "allocation")) {
    std::vector<std::string> tries;
    if (p.value == 1) tries.push_back(chooser.roll(3, "plan") == 1 ? "assault" : "bombard");
    return s.validate(p, keep_valid(s, p, tries)).value();
  }
  const bool moving = has_word(label, "land movement") || has_word(label, "strategic");
  const bool firing = has_word(label, "fire combat");
  const bool melee = has_word(label, "land melee");
  if (!moving && !firing && !melee) return random_tyre_orders(s, p, chooser);
  const View v = s.view(std::nullopt);
  std::vector<std::string> tries;
  for (const Cell& c : v.cells) {
    for (const Token& t : c.tokens) {
      if (t.owner != p.value || t.kind == "trireme" || t.kind == "bireme" ||
          t.kind == "quinquereme")
        continue;
      const auto from = *hex::parse_hex(c.id);
      std::vector<std::string> options;
      for (const Cell& d : v.cells) {
        const int dist = hex::distance(from, *hex::parse_hex(d.id));
        const bool enemy = std::any_of(d.tokens.begin(), d.tokens.end(), [&](const Token& e) {
          return e.owner >= 0 && e.owner != p.value;
        });
        if (moving && dist >= 1 && dist <= 2) options.push_back(t.label + ": to " + d.id);
        if (firing && enemy && dist >= 1 && dist <= 3)
          options.push_back(t.label + ": fire " + d.id);
        if (melee && enemy && dist == 1)
          options.push_back(t.label + ": attack " + d.id + ", advance " + t.label);
      }
      if (options.empty()) continue;
      const int n = static_cast<int>(options.size());
      const int pick = n == 1 ? 0 : chooser.roll(n, "pick") - 1;  // a die has two sides at least
      tries.push_back(options[static_cast<std::size_t>(pick)]);
    }
  }
  return s.validate(p, keep_valid(s, p, tries)).value();
}

}  // namespace naumachia::testing
