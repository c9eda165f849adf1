#include "core/game.h"

#include <algorithm>
#include <stdexcept>

#include "core/text.h"

namespace naumachia {

const char* name(BoardKind kind) {
  switch (kind) {
    case BoardKind::None:
      return "none";
    case BoardKind::Hex:
      return "hex";
    case BoardKind::Map:
      return "map";
    case BoardKind::List:
      return "list";
  }
  return "none";
}

const char* name(Fill fill) {
  switch (fill) {
    case Fill::None:
      return "none";
    case Fill::Water:
      return "water";
    case Fill::Coast:
      return "coast";
    case Fill::Shallows:
      return "shallows";
    case Fill::Harbour:
      return "harbour";
    case Fill::Shore:
      return "shore";
    case Fill::Land:
      return "land";
    case Fill::Town:
      return "town";
    case Fill::Wall:
      return "wall";
    case Fill::Boom:
      return "boom";
  }
  return "none";
}

const char* name(ArrowKind kind) {
  switch (kind) {
    case ArrowKind::Move:
      return "move";
    case ArrowKind::Support:
      return "support";
    case ArrowKind::Convoy:
      return "convoy";
    case ArrowKind::Ram:
      return "ram";
    case ArrowKind::Fire:
      return "fire";
    case ArrowKind::Melee:
      return "melee";
  }
  return "move";
}

Resolution State::resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const {
  // Checked in every build: a resolution with the wrong seats' orders would
  // silently produce a position the rules never allow.
  const StepInfo info = step();
  if (info.game_over) throw std::invalid_argument("resolve: the game is over");
  for (PlayerId p : info.to_order) {
    if (!orders.count(p))
      throw std::invalid_argument("resolve: no orders for seat " + std::to_string(p.value) +
                                  ", which must order in " + info.label);
  }
  for (const auto& [p, set] : orders) {
    if (std::find(info.to_order.begin(), info.to_order.end(), p) == info.to_order.end())
      throw std::invalid_argument("resolve: seat " + std::to_string(p.value) +
                                  " does not order in " + info.label);
  }
  Resolution r = do_resolve(orders, dice);
  if (!r.next) throw std::logic_error("resolve: the module returned no next state");
  if (r.next->step().number.value != info.number.value + 1)
    throw std::logic_error("resolve: the next state is not step " +
                           std::to_string(info.number.value + 1));
  return r;
}

Audience State::orders_audience(PlayerId) const {
  return Audience::everyone();
}

std::vector<Secret> State::secrets() const {
  return {};
}

std::vector<Decision> State::decisions(PlayerId) const {
  return {};
}

Expected<std::vector<Choice>> State::choices(PlayerId, std::string_view decision,
                                             const std::vector<std::string>&) const {
  return fail("no decision '" + std::string(decision) + "' in this step " +
              text::notation_cite("docs/order-choices.md"));
}

std::unique_ptr<State> State::sampled_for(PlayerId, Dice&) const {
  if (secrets().empty()) return clone();
  return nullptr;
}

double State::standing(PlayerId) const {
  return 0;
}

std::optional<bool> State::came_out_ahead(PlayerId) const {
  return std::nullopt;
}

std::vector<Arrow> State::order_arrows(const RevealedLines&) const {
  return {};
}

std::optional<std::string> Game::rules_problem(RulesVersion rules) const {
  const RulesVersion oldest = oldest_rules_version(), newest = rules_version();
  if (rules >= oldest && rules <= newest) return std::nullopt;
  const std::string range = oldest == newest ? "version " + std::to_string(newest.value)
                                             : "versions " + std::to_string(oldest.value) + " to " +
                                                   std::to_string(newest.value);
  return "the game was created under " + id() + " rules version " + std::to_string(rules.value) +
         "; this server plays " + id() + " rules " + range;
}

Expected<std::unique_ptr<State>> Game::new_game(std::string_view scenario, int players,
                                                RulesVersion rules) const {
  if (auto why = rules_problem(rules)) return fail(*why);
  for (const auto& variant : variants_) {
    if (variant->scenario().id == scenario) return variant->new_game(players, rules);
  }
  return do_new_game(scenario, players, rules);
}

Expected<std::unique_ptr<State>> Game::deserialize(std::string_view bytes,
                                                   RulesVersion rules) const {
  if (auto why = rules_problem(rules)) return fail(*why);
  for (const auto& variant : variants_) {
    if (variant->reads(bytes)) return variant->deserialize(bytes, rules);
  }
  return do_deserialize(bytes, rules);
}

void Game::add_variant(std::unique_ptr<const Variant> variant) {
  variants_.push_back(std::move(variant));
}

std::vector<ScenarioInfo> Game::variant_scenarios() const {
  std::vector<ScenarioInfo> out;
  for (const auto& variant : variants_) out.push_back(variant->scenario());
  return out;
}

Seating Game::seating(const ScenarioInfo& scenario, int players) const {
  return Seating::one_side_each(scenario.sides, players);
}

void Registry::add(std::unique_ptr<Game> game) {
  std::string id = game->id();
  games_.emplace(std::move(id), std::move(game));
}

const Game* Registry::find(std::string_view game_id) const {
  const auto it = games_.find(game_id);
  return it == games_.end() ? nullptr : it->second.get();
}

std::vector<const Game*> Registry::games() const {
  std::vector<const Game*> out;
  for (const auto& [id, game] : games_) out.push_back(game.get());
  return out;
}

Expected<std::pair<const Game*, ScenarioInfo>> Registry::find_scenario(
    std::string_view full_id) const {
  const std::size_t slash = full_id.find('/');
  if (slash == std::string_view::npos) {
    return fail("scenario id '" + std::string(full_id) + "' is not of the form game/scenario");
  }
  const Game* game = find(full_id.substr(0, slash));
  if (!game) return fail("no game '" + std::string(full_id.substr(0, slash)) + "'");
  for (ScenarioInfo& s : game->scenarios()) {
    if (s.id == full_id.substr(slash + 1)) return std::pair{game, std::move(s)};
  }
  return fail("game '" + game->id() + "' has no scenario '" +
              std::string(full_id.substr(slash + 1)) + "'");
}

}  // namespace naumachia
