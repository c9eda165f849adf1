// Classis: the module. BattleState adapts a Board (the position and the
// rules over it, rules.h) to the engine's State.
#include "games/classis/classis.h"

#include <cassert>

#include "core/board_state.h"
#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

// No orders at a deadline (BoardState): the setup keeps what stands (the
// scenario's defaults shown), and an activation ends without further actions.
class BattleState final : public BoardState<BattleState, Board, Side> {
 public:
  BattleState(std::shared_ptr<const Data> data, const Scenario* sc, RulesVersion rules)
      : BoardState(std::move(data), sc, rules) {}

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{board_.step_};
    info.label = board_.label();
    if (board_.over_) {
      info.game_over = true;
      info.result = board_.result_;
      if (board_.winner_) info.winners.push_back(SideId{index(*board_.winner_)});
      return info;
    }
    for (Side s : {Side::First, Side::Second})
      if (board_.orders_in_step(s)) info.to_order.push_back(PlayerId{index(s)});
    return info;
  }

  // A dry run of the lines on a copy of the position (Mode::Check): each
  // line is checked after those before it, every attempt assumed to succeed.
  Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                           const std::vector<std::string>& lines) const override {
    Board trial(board_);
    const Side side = static_cast<Side>(player.value);
    OrderErrors errors;
    OrderSet out;
    if (player.value < 0 || player.value > 1 || !board_.orders_in_step(side)) {
      errors.push_back({0, "this seat has no orders in '" + board_.label() + "'"});
      return unexpected(std::move(errors));
    }
    bool ended = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string line(text::trim(lines[i]));
      if (line.empty()) continue;
      const int n = static_cast<int>(i + 1);
      if (ended) {
        errors.push_back({n, "nothing may follow 'end'"});
        continue;
      }
      if (board_.phase_ == Phase::Setup) {
        auto c = trial.setup_line(side, line);
        if (!c)
          errors.push_back({n, c.error().message});
        else
          out.lines.push_back(*c);
        continue;
      }
      auto a = parse_action(line);
      if (!a) {
        errors.push_back({n, a.error().message});
        continue;
      }
      if (a->kind == Action::End) {
        ended = true;
        out.lines.push_back("end");
        continue;
      }
      if (!errors.empty()) continue;  // later lines depend on earlier ones
      auto r = trial.act(side, *a);
      if (!r)
        errors.push_back({n, r.error().message});
      else
        out.lines.push_back(format_action(*a));
    }
    if (errors.empty() && board_.phase_ == Phase::Setup) {
      if (auto why = trial.setup_problem(side)) errors.push_back({0, *why});
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }
};

class ClassisGame final : public Game {
 public:
  explicit ClassisGame(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::string id() const override { return "classis"; }
  std::string title() const override { return "Classis: ancient galley fleet battles (Arnold)"; }
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
