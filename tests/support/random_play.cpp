#include "support/random_play.h"

#include "bots/player.h"

namespace naumachia::testing {

OrderSet random_legal_orders(const State& s, PlayerId p, Dice& chooser) {
  return bots::random_orders(s, p, chooser);
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
