#include "support/table.h"

#include <doctest/doctest.h>

#include "support/requests.h"
#include "support/secrecy_check.h"

namespace naumachia::testing {

proto::CreateGameRequest game_request(const std::string& scenario, int players) {
  proto::CreateGameRequest r;
  r.set_scenario(scenario);
  r.set_players(static_cast<std::uint32_t>(players));
  return r;
}

Table::Table(const proto::CreateGameRequest& request, std::vector<std::string> server_options)
    : server(dir.path(), std::move(server_options)) {
  static const char* const names[] = {"alice", "bob", "carol", "dora"};
  const int players = static_cast<int>(request.players());
  REQUIRE(players > 0);
  REQUIRE(players <= static_cast<int>(std::size(names)));
  for (int i = 0; i < players; ++i) seat.push_back(sign_up(server, names[i]));
  observer = sign_up(server, "olga");
  proto::Envelope create;
  *create.mutable_create_game() = request;
  create.mutable_create_game()->set_seat(0);
  const auto created = at(0).call(create);
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  game = created.game().id();
  for (int i = 1; i < players; ++i) {
    proto::Envelope join;
    join.mutable_join_game()->set_game_id(game);
    join.mutable_join_game()->set_seat(i);
    const auto joined = at(i).call(join);
    REQUIRE_MESSAGE(joined.has_game(), joined.error().message());
  }
}

std::vector<client::Connection*> Table::all() const {
  std::vector<client::Connection*> out;
  for (const auto& c : seat) out.push_back(c.get());
  out.push_back(observer.get());
  return out;
}

proto::GameSummary Table::resign(int i) {
  proto::Envelope r;
  r.mutable_resign()->set_game_id(game);
  const auto res = at(i).call(r);
  REQUIRE_MESSAGE(res.has_game(), res.error().message());
  return res.game();
}

void Table::read_choices(client::Connection& c, std::uint64_t step, std::size_t most) const {
  const auto listed = c.call(choices_request(game, step));
  if (!listed.has_choices_result()) return;
  std::size_t asked = 1;
  for (const auto& d : listed.choices_result().decisions()) {
    std::vector<std::vector<std::string>> todo{{}};
    while (!todo.empty() && asked++ < most) {
      const auto path = todo.back();
      todo.pop_back();
      const auto next = c.call(choices_request(game, step, d.id(), path));
      REQUIRE_MESSAGE(next.has_choices_result(), next.error().message());
      for (const auto& choice : next.choices_result().choices()) {
        if (choice.last()) continue;
        auto on = path;
        on.push_back(choice.text());
        todo.push_back(std::move(on));
      }
    }
  }
}

void Table::check_frames(const std::vector<Secret>& secrets) const {
  for (std::size_t i = 0; i < seat.size(); ++i) {
    for (const auto& leak :
         frame_leaks(seat[i]->received(), secrets, PlayerId{static_cast<int>(i)}))
      FAIL_CHECK(leak);
  }
  for (const auto& leak : frame_leaks(observer->received(), secrets, std::nullopt))
    FAIL_CHECK(leak);
}

}  // namespace naumachia::testing
