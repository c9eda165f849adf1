// Position files (docs/position-files.md) against every module's reader
// (Game::deserialize: what naumachia-adjudicate --position and the server's
// stored games go through), under every rules version the module plays.
//
// A position the reader accepts must then hold up as one: it reads back from
// its own bytes unchanged, every seat's view, default and candidate orders can
// be asked for, and the step resolves with the default orders (what
// naumachia-adjudicate does for seats without orders) into a position that
// reads back too.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string_view>

#include "support.h"

using namespace naumachia;

namespace {

void check_round_trip(const Game& game, RulesVersion rules, const State& s, const char* what) {
  const std::string bytes = s.serialize();
  auto back = game.deserialize(bytes, rules);
  if (!back)
    fuzz::broken(game.id() + ": " + what + " does not read back: " + back.error().message + "\n" +
                 bytes);
  if ((*back)->serialize() != bytes)
    fuzz::broken(game.id() + ": " + what + " reads back differently:\n" + bytes + "\n----\n" +
                 (*back)->serialize());
}

void exercise(const Game& game, RulesVersion rules, const State& s) {
  check_round_trip(game, rules, s, "an accepted position");
  const StepInfo info = s.step();
  (void)s.view(std::nullopt);
  (void)s.secrets();
  (void)s.order_help();
  if (info.game_over) return;
  std::map<PlayerId, OrderSet> orders;
  for (PlayerId p : info.to_order) {
    (void)s.view(p);
    (void)s.candidate_orders(p);
    (void)s.orders_audience(p);
    orders[p] = s.default_orders(p);
  }
  SeededDice dice(fuzz::fixed_seed(), info.number);
  const Resolution r = s.resolve(orders, dice);
  check_round_trip(game, rules, *r.next, "the position after resolution");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const Game* game : fuzz::shipped_modules().games()) {
    for (int r = game->oldest_rules_version().value; r <= game->rules_version().value; ++r) {
      auto state = game->deserialize(text, RulesVersion{r});
      if (!state) {
        if (state.error().message.empty()) fuzz::broken(game->id() + ": an empty error");
        continue;
      }
      exercise(*game, RulesVersion{r}, **state);
    }
  }
  return 0;
}
