#include "support/random_play.h"

namespace naumachia::testing {

OrderSet random_legal_orders(const State& s, PlayerId p, Dice& chooser) {
  std::vector<std::string> lines;
  for (const auto& group : s.candidate_orders(p)) {
    if (group.empty()) continue;
    // A die has two faces at least: a single candidate is taken as it is.
    const std::size_t pick =
        group.size() == 1
            ? 0
            : static_cast<std::size_t>(chooser.roll(static_cast<int>(group.size()), "pick") - 1);
    std::vector<std::string> trial = lines;
    trial.push_back(group[pick]);
    if (s.validate(p, trial)) lines = std::move(trial);
  }
  return s.validate(p, lines).value();
}

void random_play(std::unique_ptr<State> state, const Seed& seed, int max_steps,
                 const std::function<void(const State&)>& each, const StepWatcher& watch) {
  SeededDice chooser(seed, StepNo{0});
  each(*state);
  for (int i = 0; i < max_steps && !state->step().game_over; ++i) {
    std::map<PlayerId, OrderSet> orders;
    for (PlayerId p : state->step().to_order) orders[p] = random_legal_orders(*state, p, chooser);
    SeededDice dice(seed, state->step().number);
    Resolution r = state->resolve(orders, dice);
    if (watch) watch(*state, orders, r);
    state = std::move(r.next);
    each(*state);
  }
}

}  // namespace naumachia::testing
