// The Diplomacy game module: standard Diplomacy on a map loaded from data,
// for two to seven players. DiplomacyState adapts a Board (the game in play
// and the rules over it, board.h) to the engine's State; each step is one
// phase of the table of phases (sequence.cpp).
#include "games/diplomacy/diplomacy.h"

#include <cassert>

#include "core/board_state.h"
#include "core/text.h"
#include "games/diplomacy/arrows.h"
#include "games/diplomacy/board.h"
#include "games/diplomacy/outcomes.h"

namespace naumachia::data {
std::string_view diplomacy_standard_map();
std::string_view diplomacy_standard_geometry();
}  // namespace naumachia::data

namespace naumachia::diplomacy {

namespace {

// Everything on the board is public (BoardState); only orders are secret
// until the phase resolves. The step, validation and candidates come from
// the table of phases; the orders of the phase before are drawn as arrows.
class DiplomacyState final : public SequencedState<DiplomacyState, Board, PlayerId> {
 public:
  using SequencedState::SequencedState;

  double standing(PlayerId seat) const override { return board_.standing(seat); }

  // The orders' arrows; after a movement phase those of the orders that
  // failed are marked (outcomes.h).
  std::vector<Arrow> order_arrows(const RevealedLines& last_orders) const override {
    std::vector<Arrow> arrows = diplomacy::order_arrows(*board_.map_, last_orders);
    if (const auto failed =
            failed_orders(*board_.map_, board_, board_.seats_, board_.rulings_, last_orders)) {
      for (Arrow& a : arrows) a.failed = failed->count(a.from) > 0;
    }
    return arrows;
  }
};

class DiplomacyGame final : public Game {
 public:
  explicit DiplomacyGame(std::shared_ptr<const Map> map) : map_(std::move(map)) {}

  std::string id() const override { return "diplomacy"; }
  std::string title() const override { return "Diplomacy"; }
  // Version 2 settles two convoy questions differently, version 3 a third
  // (Rulings in rules.h); games created under an older version keep its
  // adjudication. The variants added (The Fall of Constantinople) are played
  // under the same versions.
  RulesVersion rules_version() const override { return RulesVersion{3}; }
  RulesVersion oldest_rules_version() const override { return RulesVersion{1}; }

  std::vector<ScenarioInfo> scenarios() const override {
    ScenarioInfo s{"standard",
                   "Diplomacy, standard map",
                   "The classic game from Spring 1901; " + std::to_string(map_->victory_centers()) +
                       " supply centres win. Two to seven players: with fewer than seven, powers "
                       "are dealt to seats in turn.",
                   {},
                   2,
                   static_cast<int>(map_->powers().size())};
    for (const Power& p : map_->powers()) s.sides.push_back(p.name);
    std::vector<ScenarioInfo> out{s};
    for (ScenarioInfo& v : variant_scenarios()) out.push_back(std::move(v));
    return out;
  }

  // Each power is a side; with fewer than seven players a seat plays several.
  Seating seating(const ScenarioInfo& scenario, int players) const override {
    return Seating::dealt_round_robin(scenario.sides, players);
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion rules) const override {
    if (scenario != "standard") return fail("diplomacy has the scenarios " + scenario_names());
    if (players < 2 || players > static_cast<int>(map_->powers().size()))
      return fail("diplomacy takes 2 to 7 players");
    Position pos;
    pos.year = map_->start_year();
    for (const Power& p : map_->powers()) {
      for (const auto& h : p.home_centers) pos.owners[h] = p.name;
      for (const auto& u : p.starting_units)
        pos.units[province_of(u.location)] = Unit{u.type, p.name, u.location};
    }
    return std::unique_ptr<State>(
        std::make_unique<DiplomacyState>(map_, players, std::move(pos), rulings_for(rules)));
  }

  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion rules) const override {
    // A blank board of the map to read the position into.
    const DiplomacyState blank(map_, static_cast<int>(map_->powers().size()), Position{},
                               rulings_for(rules));
    return blank.parse_into(bytes);
  }

 private:
  // "'standard' and 'fall-of-constantinople'".
  std::string scenario_names() const {
    std::vector<std::string> names;
    for (const ScenarioInfo& s : scenarios()) names.push_back("'" + s.id + "'");
    const std::string last = names.back();
    names.pop_back();
    return names.empty() ? last : text::join(names, ", ") + " and " + last;
  }

  std::shared_ptr<const Map> map_;
};

}  // namespace

std::shared_ptr<const Map> standard_map() {
  auto map = Map::load(data::diplomacy_standard_map());
  assert(map.has_value());  // compiled-in data, checked by the tests
  auto geometry = Geometry::load(data::diplomacy_standard_geometry());
  assert(geometry.has_value());
  map->set_geometry(std::make_shared<const Geometry>(std::move(*geometry)));
  return std::make_shared<const Map>(std::move(*map));
}

std::unique_ptr<Game> make_diplomacy_game() {
  return std::make_unique<DiplomacyGame>(standard_map());
}

}  // namespace naumachia::diplomacy
