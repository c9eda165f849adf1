// Tyre (SPI 1978): the game module. TyreState adapts a Board (the position
// and the rules over it, rules.h) to the engine's State; every rule cites its
// case, and the readings of unclear cases are in docs/rules/tyre.md.
#include "games/tyre/tyre.h"

#include <cassert>

#include "core/board_state.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

// Tyre is played in the open: both players see every piece (BoardState);
// the step, validation and candidates come from the table of segments.
class TyreState final : public SequencedState<TyreState, Board, Side> {
 public:
  TyreState(std::shared_ptr<const Scenario> sc, bool siege, RulesVersion rules)
      : SequencedState(std::move(sc), siege, rules) {}
  double standing(PlayerId seat) const override {
    return board_.standing(static_cast<Side>(seat.value));
  }
};

class TyreGame final : public Game {
 public:
  explicit TyreGame(std::shared_ptr<const Scenario> sc) : sc_(std::move(sc)) {}
  std::string id() const override { return "tyre"; }
  std::string title() const override { return "Tyre (SPI 1978)"; }
  // Version 2: 14.31 boulders for every ship, 9.31 no circumnavigation for
  // transports, 11.3 order-free simultaneous retreats; version 3: 11.31 in
  // the entry of wall hexes during retreats; version 4: the naval scenario
  // is won by the naval losses at the end of Game-Turn 12 (18.0, 6.34;
  // docs/rules/tyre.md).
  RulesVersion rules_version() const override { return RulesVersion{4}; }
  RulesVersion oldest_rules_version() const override { return RulesVersion{1}; }
  std::vector<ScenarioInfo> scenarios() const override {
    return {ScenarioInfo{"siege",
                         "Tyre: the siege, 332 B.C.",
                         "The whole game: each Game-Turn a secret plan (bombard or assault, "
                         "Engineer Points), construction of the mole and siege engines, "
                         "strategic movement, then six impulses of naval war and bombardment "
                         "of the walls, or the one amphibious assault of sixteen impulses with "
                         "landings, fire combat and melee for the Temple of Hercules and the "
                         "Agenorium (18.0).",
                         {"Tyrian", "Macedonian"},
                         2,
                         2},
            ScenarioInfo{
                "naval",
                "Tyre: the naval war",
                "Alexander's fleets against the navy of Tyre, 332 B.C.: twelve Game-Turns of six "
                "impulses of movement, ramming and melee only (no siege). At the end of "
                "Game-Turn 12 the Macedonian wins if the Tyrian navy has lost more melee "
                "strength in ships sunk and damaged than his fleets, else the Tyrian (18.0, "
                "6.34); the whole game is the scenario 'siege'.",
                {"Tyrian", "Macedonian"},
                2,
                2}};
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion rules) const override {
    if (scenario != "naval" && scenario != "siege")
      return fail("tyre has the scenarios 'siege' and 'naval'");
    if (players != 2) return fail("tyre is a two-player game");
    return std::unique_ptr<State>(std::make_unique<TyreState>(sc_, scenario == "siege", rules));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion rules) const override {
    TyreState s(sc_, false, rules);
    return s.parse_into(bytes);
  }

 private:
  std::shared_ptr<const Scenario> sc_;
};

}  // namespace

std::unique_ptr<Game> make_tyre_game() {
  auto sc = load_scenario();
  assert(sc.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<TyreGame>(std::make_shared<const Scenario>(std::move(*sc)));
}

}  // namespace naumachia::tyre
