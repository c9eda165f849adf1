// Empires in Harm naval combat: the module. BattleState adapts a Board (the
// position and the rules over it, rules.h; its sequence of play,
// sequence.cpp) to the engine's State.
#include "games/eih_naval/eih_naval.h"

#include <cassert>

#include "core/board_state.h"
#include "core/records.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

// A battle's seats are those of its scenario for the number of players; the
// step, validation and candidates come from the table of phases. EiH hides
// information: each seat sees its own view (Board::view), the enemy's ships
// are secrets until Step Three (1.1.2.4.1), and a missed deadline gives each
// decision its default.
class BattleState final : public SequencedState<BattleState, Board, int> {
 public:
  using SequencedState::SequencedState;

  OrderSet default_orders(PlayerId player) const override {
    return OrderSet{board_.default_lines(player.value)};
  }

  // EiH 1.1.2.4.1: a custom battle's forces go to the seat's side alone; every
  // other decision is revealed to all at resolution (chits in Step Two).
  Audience orders_audience(PlayerId seat) const override {
    if (board_.seg_ == Phase::Forces) return board_.side_audience(board_.side_of_seat(seat.value));
    return Audience::everyone();
  }

  std::vector<Secret> secrets() const override { return board_.secrets(); }

  // For a computer player: the rules' measure of the seat's side, and a
  // position whose hidden fleets' ships are drawn anew (1.1.2.4.1).
  double standing(PlayerId seat) const override { return board_.standing(seat.value); }
  // At the end: a victor, else the rules' other measures (came_out_ahead).
  std::optional<bool> came_out_ahead(PlayerId seat) const override {
    if (!board_.over()) return std::nullopt;
    const int side = board_.side_of_seat(seat.value);
    return eih_naval::came_out_ahead(board_.outcome_ == Outcome::Victory ? board_.victor_ : -1,
                                     {board_.account(0), board_.account(1)}, side);
  }
  std::unique_ptr<State> sampled_for(PlayerId seat, Dice& rng) const override {
    auto drawn = std::make_unique<BattleState>(*this);
    drawn->board_.draw_hidden(seat.value, rng);
    return drawn;
  }
};

class EihNavalGame final : public Game {
 public:
  explicit EihNavalGame(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::string id() const override { return "eih-naval"; }
  std::string title() const override {
    return "Empires in Harm 3.0: naval combat (stacks of fleets, secret chits)";
  }
  // Version 2: 1.1.2.2 NOTE, Britain may choose melee without Nelson; only
  // its use under Nelson unlocks it for the others (docs/rules/eih-naval.md).
  RulesVersion rules_version() const override { return RulesVersion{2}; }
  RulesVersion oldest_rules_version() const override { return RulesVersion{1}; }
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
