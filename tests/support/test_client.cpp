#include "support/test_client.h"

#include <doctest/doctest.h>

#include <chrono>
#include <map>

namespace naumachia::testing {

std::unique_ptr<client::Connection> sign_up(const ServerProcess& server, const std::string& name) {
  auto c = std::make_unique<client::Connection>(server.url(), client::accept_any_certificate);
  proto::Envelope req;
  req.mutable_register_()->set_name(name);
  req.mutable_register_()->set_password("pw-" + name + "-secret");
  REQUIRE(c->call(req).has_session());
  return c;
}

std::unique_ptr<client::Connection> log_in(const ServerProcess& server, const std::string& name,
                                           const std::string& password) {
  auto c = std::make_unique<client::Connection>(server.url(), client::accept_any_certificate);
  proto::Envelope req;
  req.mutable_login()->set_name(name);
  req.mutable_login()->set_password(password);
  const auto res = c->call(req);
  REQUIRE_MESSAGE(res.has_session(), res.error().message());
  return c;
}

proto::Envelope submit(client::Connection& c, std::uint64_t game, std::uint64_t step,
                       const std::vector<std::string>& lines,
                       std::optional<std::uint32_t> for_seat) {
  proto::Envelope req;
  auto& s = *req.mutable_submit_orders();
  s.set_game_id(game);
  s.set_step(step);
  s.set_ready(true);
  for (const auto& l : lines) s.add_lines(l);
  if (for_seat) s.set_for_seat(*for_seat);
  return c.call(req);
}

std::uint64_t start_game(const std::vector<std::unique_ptr<client::Connection>>& players,
                         const std::string& scenario) {
  proto::Envelope create;
  create.mutable_create_game()->set_scenario(scenario);
  create.mutable_create_game()->set_seat(0);
  const auto created = players.at(0)->call(create);
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  const std::uint64_t game = created.game().id();
  CHECK(created.game().seats_size() == static_cast<int>(players.size()));
  for (std::size_t i = 1; i < players.size(); ++i) {
    proto::Envelope join;
    join.mutable_join_game()->set_game_id(game);
    join.mutable_join_game()->set_seat(static_cast<std::int32_t>(i));
    REQUIRE(players[i]->call(join).has_game());
  }
  return game;
}

CommandResult admin(const ServerProcess& server, const std::string& command) {
  return run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " + server.db().string() + " " +
                     command);
}

proto::GameDetail game_detail(client::Connection& c, std::uint64_t game) {
  proto::Envelope req;
  req.mutable_get_game()->set_game_id(game);
  const auto res = c.call(req);
  INFO(res.error().message());
  REQUIRE(res.has_detail());
  return res.detail();
}

proto::Envelope say(client::Connection& c, std::uint64_t game, const std::string& text,
                    const std::vector<std::uint32_t>& to) {
  proto::Envelope req;
  auto& r = *req.mutable_send_press();
  r.set_game_id(game);
  r.set_text(text);
  for (const std::uint32_t s : to) r.add_to_seats(s);
  return c.call(req);
}

std::vector<proto::PressMessage> all_press(client::Connection& c, std::uint64_t game) {
  std::vector<proto::PressMessage> out;
  // Where each channel ends so far, keyed by its seats ("" when public).
  std::map<std::string, proto::PressCursor> cursors;
  for (int page = 0; page < 1000; ++page) {
    proto::Envelope req;
    req.mutable_press()->set_game_id(game);
    for (const auto& [key, cursor] : cursors) *req.mutable_press()->add_after() = cursor;
    const auto res = c.call(req);
    INFO(res.error().message());
    REQUIRE(res.has_press_result());
    for (const auto& m : res.press_result().messages()) {
      out.push_back(m);
      std::string key = m.restricted() ? "seats" : "";
      for (const std::uint32_t s : m.audience()) key += " " + std::to_string(s);
      proto::PressCursor& cursor = cursors[key];
      cursor.set_restricted(m.restricted());
      *cursor.mutable_audience() = m.audience();
      cursor.set_after(m.number());
    }
    if (!res.press_result().more()) return out;
  }
  FAIL("the press of game " << game << " never ends");
  return out;
}

std::vector<proto::PressMessage> pushed_press(client::Connection& c) {
  std::vector<proto::PressMessage> out;
  while (const auto push = c.next_push(std::chrono::milliseconds(300))) {
    if (push->has_press_message()) out.push_back(push->press_message());
  }
  return out;
}

std::uint64_t start_duel(client::Connection& a, client::Connection& b,
                         std::uint64_t deadline_seconds) {
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  create.mutable_create_game()->set_deadline_seconds(deadline_seconds);
  const auto created = a.call(create);
  INFO(created.error().message());
  REQUIRE(created.has_game());
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(created.game().id());
  join.mutable_join_game()->set_seat(1);
  const auto joined = b.call(join);
  INFO(joined.error().message());
  REQUIRE(joined.game().status() == proto::RUNNING);
  return created.game().id();
}

}  // namespace naumachia::testing
