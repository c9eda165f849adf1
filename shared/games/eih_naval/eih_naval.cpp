// Empires in Harm naval combat: the module. BattleState adapts a Board (the
// position and the rules over it, rules.h) to the engine's State.
#include "games/eih_naval/eih_naval.h"

#include <cassert>

#include "core/records.h"
#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

class BattleState final : public State {
 public:
  BattleState(std::shared_ptr<const Data> data, const Battle* battle, RulesVersion rules,
              int players)
      : board_(std::move(data), battle, rules, players) {}

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{board_.step_};
    info.label = board_.label();
    if (board_.phase_ == Phase::Over) {
      info.game_over = true;
      info.result = board_.result_;
      if (board_.outcome_ == Outcome::Victory) info.winners.push_back(SideId{board_.victor_});
      return info;
    }
    for (int s : board_.to_order()) info.to_order.push_back(PlayerId{s});
    return info;
  }

  Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                           const std::vector<std::string>& lines) const override {
    if (player.value < 0 || player.value >= board_.players_)
      return unexpected(OrderErrors{{0, "no such seat"}});
    auto checked = board_.check(player.value, lines);
    if (!checked) return unexpected(checked.error());
    return OrderSet{*checked};
  }

  OrderSet default_orders(PlayerId player) const override {
    return OrderSet{board_.default_lines(player.value)};
  }

  // EiH 1.1.2.4.1: a custom battle's forces go to the seat's side alone; every
  // other decision is revealed to all at resolution (chits in Step Two).
  Audience orders_audience(PlayerId seat) const override {
    if (board_.phase_ == Phase::Forces)
      return board_.side_audience(board_.side_of_seat(seat.value));
    return Audience::everyone();
  }

  std::vector<std::vector<std::string>> candidate_orders(PlayerId seat) const override {
    return board_.candidates(seat.value);
  }

  std::vector<Secret> secrets() const override { return board_.secrets(); }

  View view(std::optional<PlayerId> player) const override {
    return board_.view(player ? std::optional<int>(player->value) : std::nullopt);
  }

  std::string serialize() const override { return board_.serialize(); }
  std::unique_ptr<State> clone() const override { return std::make_unique<BattleState>(*this); }
  std::string order_help() const override { return board_.order_help(-1); }

  Expected<std::unique_ptr<State>> parse_into(std::string_view bytes) const {
    auto out = std::make_unique<BattleState>(*this);
    if (auto why = out->board_.parse(bytes)) return fail(*why);
    return std::unique_ptr<State>(std::move(out));
  }

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const override {
    auto next = std::make_unique<BattleState>(*this);
    Resolution r;
    next->board_.resolve(orders, dice, r.events);
    r.next = std::move(next);
    return r;
  }

 private:
  Board board_;
};

class EihNavalGame final : public Game {
 public:
  explicit EihNavalGame(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::string id() const override { return "eih-naval"; }
  std::string title() const override {
    return "Empires in Harm 3.0: naval combat (stacks of fleets, secret chits)";
  }
  std::vector<ScenarioInfo> scenarios() const override {
    std::vector<ScenarioInfo> out;
    for (const Battle& b : data_->battles)
      out.push_back(ScenarioInfo{
          b.id, b.title, b.about, {b.sides[0], b.sides[1]}, b.min_players(), b.max_players()});
    return out;
  }
  Seating seating(const ScenarioInfo& scenario, int players) const override {
    const Battle* b = data_->battle(scenario.id);
    if (!b || !b->seats.count(players)) return Game::seating(scenario, players);
    std::vector<std::string> names;
    std::vector<int> sides;
    for (const SeatSpec& s : b->seats.at(players)) {
      names.push_back(s.name);
      sides.push_back(s.side);
    }
    return Seating::partnered(scenario.sides, names, sides);
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion rules) const override {
    const Battle* b = data_->battle(scenario);
    if (!b) {
      std::string names;
      for (const Battle& x : data_->battles) names += (names.empty() ? "" : ", ") + x.id;
      return fail("eih-naval has the scenarios " + names);
    }
    if (!b->seats.count(players))
      return fail("eih-naval/" + b->id + " takes " + std::to_string(b->min_players()) + " to " +
                  std::to_string(b->max_players()) + " players");
    return std::unique_ptr<State>(std::make_unique<BattleState>(data_, b, rules, players));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion rules) const override {
    // The battle and the number of players come first; the rest is the Board's.
    const Battle* b = nullptr;
    int players = 0;
    for (const records::Record& r : records::read(bytes, "eih-naval position")) {
      if (r.is("battle", 1)) b = data_->battle(r[1]);
      if (r.is("players", 1)) {
        auto n = r.integer(1, 2, 4);
        if (n) players = *n;
      }
    }
    if (!b || !b->seats.count(players))
      return fail("eih-naval position: no known battle and seats");
    BattleState s(data_, b, rules, players);
    return s.parse_into(bytes);
  }

 private:
  std::shared_ptr<const Data> data_;
};

}  // namespace

std::unique_ptr<Game> make_eih_naval_game() {
  auto data = load_data();
  assert(data.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<EihNavalGame>(std::make_shared<const Data>(std::move(*data)));
}

}  // namespace naumachia::eih_naval
