// Classis through the real server: the secret setup, then a whole battle
// fought by two scripted admirals who read nothing but their views, to its
// end by victory or morale; the admin replay verifies every step, and no
// frame either player received told it the cup's next chit.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "core/hex.h"
#include "core/text.h"
#include "support/scripted_game.h"
#include "support/text.h"

using naumachia::testing::all_frames;
using naumachia::testing::game_detail;
using naumachia::testing::has;
using naumachia::testing::submit;
using naumachia::testing::TwoPlayerGame;
namespace proto = naumachia::proto;
namespace hex = naumachia::hex;
namespace text = naumachia::text;

namespace {

struct Seen {
  std::string id;
  hex::HexId at;
  int facing = 0;
  int owner = 0;
  std::string values;  // ram-boarding-speed-turning
  std::vector<std::string> marks, details;
};

std::vector<Seen> ships_in(const proto::View& v) {
  std::vector<Seen> out;
  for (const auto& c : v.cells())
    for (const auto& t : c.tokens())
      out.push_back(Seen{t.label(),
                         {c.col(), c.row()},
                         t.facing(),
                         t.owner(),
                         t.values(),
                         {t.marks().begin(), t.marks().end()},
                         {t.details().begin(), t.details().end()}});
  return out;
}

// What an eager admiral tries for one ship, best first: fight whatever it
// touches, repair, else close on the nearest enemy by a path it can row
// (its speed and turning from its counters, land and friends avoided).
std::vector<std::string> tries(const Seen& s, const std::vector<Seen>& all,
                               const std::map<std::pair<int, int>, std::string>& terrain) {
  std::vector<std::string> out;
  int speed = 1, turn = 1;
  if (const auto f = text::split(s.values, "-"); f.size() == 4) {
    speed = std::stoi(std::string(f[2]));
    turn = std::stoi(std::string(f[3]));
  }
  const auto verbs = [&](const std::string& prefix, std::vector<const char*> v) {
    for (const std::string& m : s.details)
      if (m.rfind(prefix, 0) == 0)
        for (const char* verb : v)
          out.push_back(s.id + ": " + verb + " " + m.substr(prefix.size()));
  };
  verbs("grappled with ", {"board", "degrapple"});
  verbs("ram contact with ", {"follow-up", "grapple"});
  verbs("in contact with ", {"ram", "grapple", "rake"});
  for (const std::string& m : s.marks)
    if (m == "crippled") out.push_back(s.id + ": repair");
  std::vector<std::pair<int, std::string>> moves;
  for (const char* path : {"F", "F F", "F F F", "F F F F", "L F", "R F", "L F F", "R F F", "L L F",
                           "R R F", "L", "R"}) {
    hex::HexId at = s.at;
    int f = s.facing, cost = 0, turns = 0, best = 99;
    bool ok = true, engaged = false;
    const auto steps = text::split(path);
    for (std::size_t i = 0; i < steps.size() && ok; ++i) {
      if (steps[i] != "F") {
        f = (f + (steps[i] == "L" ? 5 : 1)) % 6;
        ++turns;
        continue;
      }
      cost += (turns + turn - 1) / turn + 1;
      turns = 0;
      const hex::HexId next = hex::neighbour(at, static_cast<hex::Dir>(f));
      const auto t = terrain.find({next.col, next.row});
      if (t == terrain.end() || t->second == "land") ok = false;
      for (const Seen& o : all) {
        if (o.at != next) continue;
        if (o.owner == s.owner || i + 1 < steps.size()) ok = false;
        engaged = true;
      }
      if (t != terrain.end() && t->second == "reef" && i + 1 < steps.size()) ok = false;
      if (!engaged) at = next;
    }
    cost += (turns + turn - 1) / turn;
    if (!ok || cost > speed) continue;
    for (const Seen& o : all)
      if (o.owner != s.owner) best = std::min(best, hex::distance(at, o.at));
    moves.emplace_back(engaged ? -1 : best, s.id + ": move " + path);
  }
  std::stable_sort(moves.begin(), moves.end());
  for (const auto& [d, line] : moves) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE(
    "two players fight a Classis battle to its end through the server / the replay verifies") {
  TwoPlayerGame g("classis/patrol", {"navarch", "corsair"});
  // The muster resolved at the start: the setup is both sides' step.
  auto d = game_detail(*g.p[0], g.game);
  REQUIRE(d.summary().step_label() == "Setup: squadrons, commanders and deployment");
  CHECK(has(d.order_help(), "SHIP: at HEX"));
  // Setup is secret until both are done (1.5, 1.6, 1.10): Rhodes commits a
  // deployment; the pirates, looking at everything they may, see none of it.
  REQUIRE(
      submit(*g.p[0], g.game, d.summary().step(), {"R1: at 0301 facing SE"}).has_orders_accepted());
  game_detail(*g.p[1], g.game);
  proto::Envelope history;
  history.mutable_events()->set_game_id(g.game);
  g.p[1]->call(history);
  CHECK_FALSE(has(all_frames(*g.p[1]), "R1: at 0301"));
  CHECK_FALSE(has(all_frames(*g.p[1]), "R1 0301"));
  const auto bad = submit(*g.p[1], g.game, d.summary().step(), {"P1: at 0301"});
  REQUIRE(bad.has_error());
  CHECK(has(bad.error().order_errors(0).message(), "outside your deployment rows 11-12 (1.10)"));
  REQUIRE(submit(*g.p[1], g.game, d.summary().step(), {}).has_orders_accepted());
  d = game_detail(*g.p[1], g.game);
  // The first chit drawn may be End of Turn (2.5), so the first activation
  // may fall in turn 2: only that some squadron is active is certain.
  CHECK(has(d.summary().step_label(), "Turn "));
  CHECK(has(d.summary().step_label(), "initiative points left"));

  // The battle: each step the side to order tries its ships' lines one at a
  // time until the server accepts one (it resolves at once: only that side
  // orders); when nothing is accepted it ends the activation.
  int steps = 0, refused = 0;
  std::size_t running[2] = {0, 0};  // frames received while the game was running
  for (; steps < 4000; ++steps) {
    d = game_detail(*g.p[0], g.game);
    if (d.summary().status() == proto::OVER) break;
    running[0] = g.p[0]->received().size();
    running[1] = g.p[1]->received().size();
    int seat = -1;
    for (const auto& s : d.summary().seats())
      if (s.must_order()) seat = static_cast<int>(s.seat());
    REQUIRE(seat >= 0);
    const auto mine = game_detail(*g.p[static_cast<std::size_t>(seat)], g.game);
    const auto all = ships_in(mine.view());
    std::map<std::pair<int, int>, std::string> terrain;
    for (const auto& c : mine.view().cells()) terrain[{c.col(), c.row()}] = c.terrain();
    bool accepted = false;
    for (const Seen& s : all) {
      if (accepted || s.owner != seat ||
          std::find(s.marks.begin(), s.marks.end(), "may act") == s.marks.end())
        continue;
      for (const std::string& line : tries(s, all, terrain)) {
        const auto r =
            submit(*g.p[static_cast<std::size_t>(seat)], g.game, mine.summary().step(), {line});
        if (r.has_orders_accepted()) {
          accepted = true;
          break;
        }
        REQUIRE(r.error().code() == proto::ILLEGAL_ORDERS);
        ++refused;
      }
    }
    if (!accepted)
      REQUIRE(submit(*g.p[static_cast<std::size_t>(seat)], g.game, mine.summary().step(), {})
                  .has_orders_accepted());
  }
  MESSAGE("steps " << steps << ", refused lines " << refused << ": " << d.summary().result());
  d = game_detail(*g.p[0], g.game);
  REQUIRE(d.summary().status() == proto::OVER);
  const bool decided = has(d.summary().result(), "(4.0)") || has(d.summary().result(), "(3.2.10)");
  CHECK(decided);

  // Before the end no frame carried the dice seed; the only cup either
  // player saw is its remaining contents, sorted: the order of future draws
  // exists nowhere until the server draws (core/cup.h).
  const std::string seed = d.summary().seed();
  REQUIRE(seed.size() == 64);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    const auto& frames = g.p[seat]->received();
    int cups = 0;
    for (std::size_t i = 0; i < running[seat]; ++i) {
      CHECK_FALSE(has(frames[i], seed));
      const auto at = frames[i].find(" chits: ");
      if (at == std::string::npos || !has(frames[i], "The cup holds")) continue;
      const auto end = frames[i].find_first_of(std::string("\0\n\"", 3), at + 8);
      const std::string listed = frames[i].substr(at + 8, end - at - 8);
      const auto chits = text::split(listed);  // views into `listed`
      std::vector<std::string> words;
      for (auto w : chits) {
        const std::string x(w);
        if (std::all_of(x.begin(), x.end(), [](char c) {
              return std::isupper(static_cast<unsigned char>(c)) || c == '-' ||
                     std::isdigit(static_cast<unsigned char>(c));
            }))
          words.push_back(x);
        else
          break;
      }
      CHECK(std::is_sorted(words.begin(), words.end()));
      ++cups;
    }
    CHECK(cups > 0);
  }

  const std::string replay = g.replay();
  CHECK(has(replay, "The fleets muster (1.3-1.5)"));
  CHECK(has(replay, "Rhodes deploys (1.5, 1.6, 1.10)"));
  CHECK(has(replay, "R1 0301 SE"));
  CHECK(has(replay, "is activated with"));
  CHECK(has(replay, "(3.1.4)"));
  CHECK(has(replay, "replay verified"));
}
