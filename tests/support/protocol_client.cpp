#include "support/protocol_client.h"

#include <doctest/doctest.h>

#include <chrono>
#include <map>

#include "support/requests.h"

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
  return c.call(orders_request(game, step, lines, true, for_seat));
}

std::uint64_t start_game(const std::vector<std::unique_ptr<client::Connection>>& players,
                         const std::string& scenario) {
  proto::Envelope create;
  create.mutable_create_game()->set_scenario(scenario);
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(static_cast<std::uint32_t>(players.size()));
  const auto created = players.at(0)->call(create);
  REQUIRE_MESSAGE(created.has_game(), created.error().message());
  const std::uint64_t game = created.game().id();
  CHECK(created.game().seats_size() == static_cast<int>(players.size()));
  for (std::size_t i = 1; i < players.size(); ++i)
    REQUIRE(players[i]->call(join_request(game, static_cast<std::int32_t>(i))).has_game());
  return game;
}

CommandResult admin(const ServerProcess& server, const std::string& command) {
  return admin(server.db(), command);
}

CommandResult admin(const std::filesystem::path& db, const std::string& command) {
  return run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " + db.string() + " " + command);
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
  return c.call(press_request(game, text, to));
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
  const auto created = a.call(create_duel_request(deadline_seconds));
  INFO(created.error().message());
  REQUIRE(created.has_game());
  const auto joined = b.call(join_request(created.game().id(), 1));
  INFO(joined.error().message());
  REQUIRE(joined.game().status() == proto::RUNNING);
  return created.game().id();
}

std::vector<std::string> texts(const std::vector<proto::PressMessage>& messages) {
  std::vector<std::string> out;
  for (const auto& m : messages) out.push_back(m.text());
  return out;
}

std::string all_frames(const client::Connection& c) {
  std::string out;
  for (const auto& f : c.received()) out += f;
  return out;
}

}  // namespace naumachia::testing
