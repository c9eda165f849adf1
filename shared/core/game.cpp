#include "core/game.h"

#include <cassert>

namespace naumachia {

Resolution State::resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const {
  const StepInfo info = step();
  assert(!info.game_over);
  assert(orders.size() == info.to_order.size());
  for (PlayerId p : info.to_order) {
    assert(orders.count(p) == 1);
    (void)p;
  }
  Resolution r = do_resolve(orders, dice);
  assert(r.next != nullptr);
  assert(r.next->step().number.value == info.number.value + 1);
  return r;
}

std::vector<std::string> Game::seat_names(const ScenarioInfo& scenario, int players) const {
  std::vector<std::string> out;
  for (int i = 0; i < players; ++i) {
    out.push_back(i < static_cast<int>(scenario.sides.size())
                      ? scenario.sides[static_cast<std::size_t>(i)]
                      : "seat " + std::to_string(i));
  }
  return out;
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
