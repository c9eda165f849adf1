// The board as a picture through the real server (GetGameRequest.picture,
// ReplayRequest.pictures), which the web client shows: the server draws the
// very view the requester may see, with the drawing the command-line client
// uses too (render/).
// The web client itself runs in headless Chromium (web/test/).
#include <doctest/doctest.h>

#include "support/scripted_game.h"
#include "support/svg_check.h"
#include "svg.h"

using naumachia::testing::game_detail;
using naumachia::testing::read_svg;
using naumachia::testing::Script;
using naumachia::testing::sign_up;
using naumachia::testing::TwoPlayerGame;
namespace proto = naumachia::proto;
namespace render = naumachia::render;

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

// Constantinople's first steps: the Byzantine deployment, and the Ottoman
// galley G1 rowing in.
void play_to_second_impulse(TwoPlayerGame& g) {
  const Script ottoman{
      {"Turn 1, impulse 1: Ottoman movement", {"G1: enter 1546 facing N, move 3"}}};
  const Script byzantine{
      {"Turn 1: Byzantine deployment in the Golden Horn (19.1)", {"VENICE: 3331 facing N"}}};
  g.play(ottoman, byzantine,
         [](const std::string& label) { return label == "Turn 1, impulse 2: Ottoman movement"; });
}

}  // namespace

TEST_CASE("the server draws each seat's own view as SVG when asked, and an observer's nothing") {
  TwoPlayerGame g("constantinople/naval", {"baltoghlu", "notaras"});
  play_to_second_impulse(g);

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
          render::render_svg(d.view(), side_names(d.summary()),
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
  play_to_second_impulse(g);

  const auto sides = side_names(game_detail(*g.p[0], g.game).summary());
  const auto last = replay_with_pictures(*g.p[0], g.game, 0);
  REQUIRE(last.steps_size() >= 2);
  CHECK(read_svg(last.initial_picture()).error.empty());
  CHECK(last.initial_picture() ==
        render::render_svg(last.initial(), sides,
                           "game " + std::to_string(g.game) + ": before the first step"));
  for (int i = 0; i + 1 < last.steps_size(); ++i) CHECK(last.steps(i).picture().empty());
  const auto& final_step = last.steps(last.steps_size() - 1);
  CHECK(read_svg(final_step.picture()).has_text("G1"));

  const auto first = replay_with_pictures(*g.p[0], g.game, last.steps(0).step());
  CHECK(read_svg(first.steps(0).picture()).error.empty());
  CHECK(first.steps(0).picture() ==
        render::render_svg(first.steps(0).view(), sides,
                           "game " + std::to_string(g.game) + ": after " + first.steps(0).label()));
  CHECK(first.steps(1).picture().empty());
}

namespace {

std::string arrows_of(const proto::View& v) {
  std::string out;
  for (const auto& a : v.arrows()) {
    out += std::to_string(a.owner()) + " " + proto::ArrowKind_Name(a.kind()) + " " + a.from() +
           ">" + a.to() + (a.via().empty() ? "" : " via " + a.via()) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("after a Diplomacy phase the board and its picture carry its orders as arrows") {
  naumachia::testing::TempDir dir;
  naumachia::testing::ServerProcess server(dir.path());
  auto a = sign_up(server, "hindenburg");
  auto b = sign_up(server, "foch");
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("diplomacy/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  const auto game = a->call(create).game().id();
  proto::Envelope join;
  join.mutable_join_game()->set_game_id(game);
  join.mutable_join_game()->set_seat(1);
  REQUIRE(b->call(join).game().status() == proto::RUNNING);
  // Before any phase has resolved there is nothing to draw.
  CHECK(game_detail(*a, game).view().arrows().empty());

  // Seat 0 plays Austria, France, Italy and Turkey; seat 1 England, Germany
  // and Russia.
  const auto step = game_detail(*a, game).summary().step();
  REQUIRE(naumachia::testing::submit(*a, game, step, {"A par - bur", "A mar S A par - bur"})
              .has_orders_accepted());
  REQUIRE(naumachia::testing::submit(*b, game, step, {"F lon - nth", "A lvp - yor"})
              .has_orders_accepted());
  const std::string expected =
      "0 ARROW_MOVE par>bur\n"
      "0 ARROW_SUPPORT mar>bur via par\n"
      "1 ARROW_MOVE lon>nth\n"
      "1 ARROW_MOVE lvp>yor\n";
  for (auto* p : {a.get(), b.get()}) {
    const auto d = detail_with_picture(*p, game);
    REQUIRE(d.summary().step_label() == "Fall 1901 movement");
    CHECK(arrows_of(d.view()) == expected);
    const auto svg = read_svg(d.picture());
    CHECK(svg.with_class("order order-move") == 3);
    CHECK(svg.with_class("order order-support") == 1);
  }
  // After a restart the server finds the phase's orders among the events.
  server.restart();
  auto again = naumachia::testing::log_in(server, "foch", "pw-foch-secret");
  CHECK(arrows_of(game_detail(*again, game).view()) == expected);
  // The replay draws each phase's orders on the position it led to.
  const auto replay = replay_with_pictures(*again, game, 1);
  CHECK(replay.initial().arrows().empty());
  CHECK(arrows_of(replay.steps(0).view()) == expected);
}
