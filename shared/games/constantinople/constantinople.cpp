// Constantinople 1453, the naval game: the module. NavalState adapts a Board
// (the position and the rules over it, rules.h) to the engine's State.
#include "games/constantinople/constantinople.h"

#include <cassert>

#include "core/board_state.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

// No orders at a deadline (BoardState): unordered sail ships keep their course
// and shorten sail by two (14.21, 14.22), oar ships stay (and drift), nobody
// attacks, a proposal lapses, deployment and havens take the defaults. The
// step, validation and candidates come from the table of segments.
class NavalState final : public SequencedState<NavalState, Board, Side> {
 public:
  NavalState(std::shared_ptr<const Scenario> sc, RulesVersion rules)
      : SequencedState(std::move(sc), rules) {}
  double standing(PlayerId seat) const override {
    return board_.standing(static_cast<Side>(seat.value));
  }
};

class ConstantinopleGame final : public Game {
 public:
  explicit ConstantinopleGame(std::shared_ptr<const Scenario> sc) : sc_(std::move(sc)) {}
  std::string id() const override { return "constantinople"; }
  std::string title() const override { return "Constantinople 1453: the naval game (Berg)"; }
  // Version 2: 14.29 with 14.21, a sail ship at capability 0 in any coastal
  // hex is at anchor in a Storm (docs/rules/constantinople.md).
  RulesVersion rules_version() const override { return RulesVersion{2}; }
  RulesVersion oldest_rules_version() const override { return RulesVersion{1}; }
  std::vector<ScenarioInfo> scenarios() const override {
    return {ScenarioInfo{
        "naval",
        "Constantinople 1453: the war for the Golden Horn",
        "The naval game of the Campaign Game (19.1): the Byzantine galleys behind the Boom, the "
        "Ottoman fleet rowing up from the Sea of Marmara, the Genoese galley running in on a "
        "southern wind; wind and momentum, ramming, simultaneous melee, the Boom, the Pera guns "
        "and the Great Portage. " +
            std::to_string(sc_->tables.game_length) +
            " Game-Turns of up to five impulses; the Ottomans win by commanding the Golden Horn.",
        {"Ottoman", "Byzantine"},
        2,
        2}};
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion rules) const override {
    if (scenario != "naval") return fail("constantinople has the scenario 'naval'");
    if (players != 2) return fail("constantinople is a two-player game");
    return std::unique_ptr<State>(std::make_unique<NavalState>(sc_, rules));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion rules) const override {
    NavalState s(sc_, rules);
    return s.parse_into(bytes);
  }

 private:
  std::shared_ptr<const Scenario> sc_;
};

}  // namespace

std::unique_ptr<Game> make_constantinople_game() {
  auto sc = load_scenario();
  assert(sc.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<ConstantinopleGame>(std::make_shared<const Scenario>(std::move(*sc)));
}

}  // namespace naumachia::constantinople
