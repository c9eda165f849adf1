#include "test_client.h"

#include <doctest/doctest.h>

namespace naumachia::testing {

std::unique_ptr<client::Connection> sign_up(const ServerProcess& server, const std::string& name) {
  auto c = std::make_unique<client::Connection>(server.url(), true);
  proto::Envelope req;
  req.mutable_register_()->set_name(name);
  req.mutable_register_()->set_password("pw-" + name + "-secret");
  REQUIRE(c->call(req).has_session());
  return c;
}

proto::GameDetail game_detail(client::Connection& c, std::uint64_t game) {
  proto::Envelope req;
  req.mutable_get_game()->set_game_id(game);
  const auto res = c.call(req);
  REQUIRE(res.has_detail());
  return res.detail();
}

}  // namespace naumachia::testing
