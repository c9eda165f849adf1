// The Fall of Constantinople: the variant and its State. Each step is one
// phase of the table of phases (sequence.cpp).
#include "games/fall/fall.h"

#include <cassert>

#include "core/board_state.h"
#include "games/fall/arrows.h"
#include "games/fall/board.h"

namespace naumachia::fall {

namespace {

// Everything on the board is public (BoardState); only orders are secret
// until the phase resolves. The step, validation and candidates come from
// the table of phases; the orders of the phase before are drawn as arrows.
class FallState final : public SequencedState<FallState, Board, PlayerId> {
 public:
  using SequencedState::SequencedState;

  double standing(PlayerId seat) const override { return board_.standing(seat); }

  std::vector<Arrow> order_arrows(const RevealedLines& last_orders) const override {
    return fall::order_arrows(board_.sc_->map(), last_orders);
  }
};

ScenarioInfo scenario_info(const Scenario& scenario) {
  ScenarioInfo s{std::string(kScenarioId),
                 "The Fall of Constantinople (1354)",
                 "André Leme-Lopes's seven-power variant on a reconstructed map of the Aegean: "
                 "53 cities taken by siege, money, manpower and food, multiple units. " +
                     std::to_string(kCitiesToWin) +
                     " cities win. Two to seven players: with fewer than seven, powers are dealt "
                     "to seats in turn.",
                 {},
                 2,
                 static_cast<int>(scenario.powers().size())};
  for (const PowerInfo& p : scenario.powers()) s.sides.push_back(p.name);
  return s;
}

// Diplomacy's rulings under the game's rules version, with Multiplicity Plus
// (FoC Movement a).
diplomacy::Rulings fall_rulings(RulesVersion rules) {
  diplomacy::Rulings rulings = diplomacy::rulings_for(rules);
  rulings.multiplicity = true;
  return rulings;
}

class FallVariant final : public Variant {
 public:
  explicit FallVariant(std::shared_ptr<const Scenario> scenario) : sc_(std::move(scenario)) {}

  ScenarioInfo scenario() const override { return scenario_info(*sc_); }

  bool reads(std::string_view bytes) const override { return bytes.substr(0, 7) == "fall 1\n"; }

  // A new game: the scenario's Winter 1354, its income collected and
  // announced (FoC Building a), waiting for the first adjustments.
  Expected<std::unique_ptr<State>> new_game(int players, RulesVersion rules) const override {
    if (players < 2 || players > static_cast<int>(sc_->powers().size()))
      return fail("The Fall of Constantinople takes 2 to " + std::to_string(sc_->powers().size()) +
                  " players");
    Position start = collect_income(*sc_, sc_->initial_position()).next;
    return std::unique_ptr<State>(
        std::make_unique<FallState>(sc_, players, std::move(start), fall_rulings(rules)));
  }

  Expected<std::unique_ptr<State>> deserialize(std::string_view bytes,
                                               RulesVersion rules) const override {
    // A blank board of the scenario to read the game into.
    const FallState blank(sc_, static_cast<int>(sc_->powers().size()), Position{},
                          fall_rulings(rules));
    return blank.parse_into(bytes);
  }

 private:
  std::shared_ptr<const Scenario> sc_;
};

}  // namespace

std::unique_ptr<const Variant> make_fall_variant() {
  auto scenario = load_scenario();
  assert(scenario.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<FallVariant>(std::make_shared<const Scenario>(std::move(*scenario)));
}

}  // namespace naumachia::fall
