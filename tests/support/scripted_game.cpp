#include "support/scripted_game.h"

#include <doctest/doctest.h>

namespace naumachia::testing {

TwoPlayerGame::TwoPlayerGame(const std::string& scenario, const std::vector<std::string>& names) {
  for (const auto& n : names) p.push_back(sign_up(server, n));
  proto::Envelope create;
  create.mutable_create_game()->set_scenario(scenario);
  create.mutable_create_game()->set_seat(0);
  game = p[0]->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(p[1]->call(join).game().status() == proto::RUNNING);
}

std::vector<std::string> TwoPlayerGame::play(const Script& seat0, const Script& seat1,
                                             const std::function<bool(const std::string&)>& stop) {
  std::vector<std::string> labels;
  for (int guard = 0; guard < 400; ++guard) {
    const auto d = game_detail(*p[0], game);
    const std::string label = d.summary().step_label();
    if (d.summary().status() == proto::OVER || stop(label)) break;
    labels.push_back(label);
    for (const auto& seat : d.summary().seats()) {
      if (!seat.must_order()) continue;
      const Script& script = seat.seat() == 0 ? seat0 : seat1;
      const auto it = script.find(label);
      const auto res = submit(*p[seat.seat()], game, d.summary().step(),
                              it == script.end() ? std::vector<std::string>{} : it->second);
      REQUIRE_MESSAGE(
          res.has_orders_accepted(),
          label << ": " << res.error().message() << " "
                << (res.error().order_errors_size() ? res.error().order_errors(0).message() : ""));
    }
  }
  return labels;
}

std::string TwoPlayerGame::replay() const {
  const auto replayed = admin(server, "replay " + std::to_string(game));
  CHECK(replayed.status == 0);
  return replayed.output;
}

}  // namespace naumachia::testing
