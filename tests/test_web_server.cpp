// The board as a picture through the real server (GetGameRequest.picture,
// ReplayRequest.pictures), which the web client shows: the server draws the
// very view the requester may see, with the command-line client's drawing.
// The web client itself runs in headless Chromium (web/test/).
#include <doctest/doctest.h>

#include "scripted_game.h"
#include "svg.h"
#include "svg_check.h"

using naumachia::testing::game_detail;
using naumachia::testing::read_svg;
using naumachia::testing::Script;
using naumachia::testing::sign_up;
using naumachia::testing::TwoPlayerGame;
namespace proto = naumachia::proto;
namespace nc = naumachia::client;

namespace {

std::vector<std::string> side_names(const proto::GameSummary& g) {
  std::vector<std::string> out;
  for (const auto& s : g.seats()) out.push_back(s.side());
  return out;
}

proto::GameDetail detail_with_picture(naumachia::client::Connection& c, std::uint64_t game) {
  proto::Envelope req;
  req.mutable_get_game()->set_game_id(game);
  req.mutable_get_game()->set_picture(true);
  const auto res = c.call(req);
  REQUIRE(res.has_detail());
  return res.detail();
}

proto::ReplayResponse replay_with_pictures(naumachia::client::Connection& c, std::uint64_t game,
                                           std::uint64_t view_step) {
  proto::Envelope req;
  req.mutable_replay()->set_game_id(game);
  req.mutable_replay()->set_view_step(view_step);
  req.mutable_replay()->set_pictures(true);
  const auto res = c.call(req);
  REQUIRE(res.has_replay_result());
  return res.replay_result();
}

}  // namespace

TEST_CASE("the server draws each seat's own view as SVG when asked, and an observer's nothing") {
  TwoPlayerGame g("constantinople/naval", {"baltoghlu", "notaras"});
  const Script ottoman{
      {"Turn 1, impulse 1: Ottoman movement", {"G1: enter 1546 facing N, move 3"}}};
  const Script byzantine{
      {"Turn 1: Byzantine deployment in the Golden Horn (19.1)", {"VENICE: 3331 facing N"}}};
  g.play(ottoman, byzantine,
         [](const std::string& label) { return label == "Turn 1, impulse 2: Ottoman movement"; });

  for (std::size_t seat = 0; seat < 2; ++seat) {
    CAPTURE(seat);
    // Without the flag, no picture: the command-line client draws its own.
    CHECK(game_detail(*g.p[seat], g.game).picture().empty());
    const auto d = detail_with_picture(*g.p[seat], g.game);
    REQUIRE(d.has_view());
    const auto svg = read_svg(d.picture());
    CHECK(svg.error.empty());
    CHECK(svg.has_text("G1"));
    // The same drawing `naumachia show --svg` makes of the view sent with it.
    CHECK(d.picture() ==
          nc::render_svg(d.view(), side_names(d.summary()),
                         "game " + std::to_string(g.game) + ": " + d.summary().step_label()));
  }
  // An observer of a running game gets no view, so no picture.
  auto observer = sign_up(g.server, "tursun");
  const auto seen = detail_with_picture(*observer, g.game);
  CHECK_FALSE(seen.has_view());
  CHECK(seen.picture().empty());
  CHECK(replay_with_pictures(*observer, g.game, 0).initial_picture().empty());
}

TEST_CASE("a replay sends the start and the step asked for as pictures") {
  TwoPlayerGame g("constantinople/naval", {"hamza", "lucas"});
  const Script ottoman{
      {"Turn 1, impulse 1: Ottoman movement", {"G1: enter 1546 facing N, move 3"}}};
  const Script byzantine{
      {"Turn 1: Byzantine deployment in the Golden Horn (19.1)", {"VENICE: 3331 facing N"}}};
  g.play(ottoman, byzantine,
         [](const std::string& label) { return label == "Turn 1, impulse 2: Ottoman movement"; });

  const auto sides = side_names(game_detail(*g.p[0], g.game).summary());
  const auto last = replay_with_pictures(*g.p[0], g.game, 0);
  REQUIRE(last.steps_size() >= 2);
  CHECK(read_svg(last.initial_picture()).error.empty());
  CHECK(last.initial_picture() ==
        nc::render_svg(last.initial(), sides,
                       "game " + std::to_string(g.game) + ": before the first step"));
  for (int i = 0; i + 1 < last.steps_size(); ++i) CHECK(last.steps(i).picture().empty());
  const auto& final_step = last.steps(last.steps_size() - 1);
  CHECK(read_svg(final_step.picture()).has_text("G1"));

  const auto first = replay_with_pictures(*g.p[0], g.game, last.steps(0).step());
  CHECK(read_svg(first.steps(0).picture()).error.empty());
  CHECK(first.steps(0).picture() ==
        nc::render_svg(first.steps(0).view(), sides,
                       "game " + std::to_string(g.game) + ": after " + first.steps(0).label()));
  CHECK(first.steps(1).picture().empty());
}
