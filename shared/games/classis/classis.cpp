// Classis: the module. BattleState adapts a Board (the position and the
// rules over it, rules.h) to the engine's State.
#include "games/classis/classis.h"

#include <cassert>

#include "core/board_state.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

// No orders at a deadline (BoardState): the setup keeps what stands (the
// scenario's defaults shown), and an activation ends without further actions.
// The step, validation and candidates come from the table of segments.
class BattleState final : public SequencedState<BattleState, Board, Side> {
 public:
  BattleState(std::shared_ptr<const Data> data, const Scenario* sc, RulesVersion rules)
      : SequencedState(std::move(data), sc, rules) {}
  double standing(PlayerId seat) const override {
    return board_.standing(static_cast<Side>(seat.value));
  }
};

class ClassisGame final : public Game {
 public:
  explicit ClassisGame(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::string id() const override { return "classis"; }
  std::string title() const override { return "Classis: ancient galley fleet battles (Arnold)"; }
  // Version 2: 1.5, 1.7, 2.5, a lost commander's chits stay in the cup and
  // his ships act individually (docs/rules/classis.md, "Command").
  RulesVersion rules_version() const override { return RulesVersion{2}; }
  RulesVersion oldest_rules_version() const override { return RulesVersion{1}; }
  std::vector<ScenarioInfo> scenarios() const override {
    std::vector<ScenarioInfo> out;
    for (const Scenario& s : data_->scenarios)
      out.push_back(ScenarioInfo{s.id, s.title, s.description, {s.sides[0], s.sides[1]}, 2, 2});
    return out;
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion rules) const override {
    const Scenario* sc = data_->scenario(scenario);
    if (!sc) {
      std::string names;
      for (const Scenario& s : data_->scenarios) names += (names.empty() ? "" : ", ") + s.id;
      return fail("classis has the scenarios " + names);
    }
    if (players != 2) return fail("classis is a two-player game");
    return std::unique_ptr<State>(std::make_unique<BattleState>(data_, sc, rules));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion rules) const override {
    BattleState s(data_, &data_->scenarios.front(), rules);
    return s.parse_into(bytes);
  }

 private:
  std::shared_ptr<const Data> data_;
};

}  // namespace

std::unique_ptr<Game> make_classis_game() {
  auto data = load_data();
  assert(data.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<ClassisGame>(std::make_shared<const Data>(std::move(*data)));
}

}  // namespace naumachia::classis
