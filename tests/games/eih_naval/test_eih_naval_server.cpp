// Empires in Harm naval combat through the real server: four players fight a
// custom battle to its end, partners on each side; after every step every
// byte each client (and an observer) received is searched for a secret its
// reader may not yet know (the fleets' ships before Step Three, 1.1.2.4.1);
// the admin replay verifies every step. And three players through the
// `naumachia` command: Trafalgar's secret chits.
#include <doctest/doctest.h>

#include <map>

#include "games/eih_naval/eih_naval.h"
#include "support/protocol_client.h"
#include "support/random_play.h"
#include "support/sql_file.h"
#include "support/table.h"
#include "support/terminal.h"
#include "support/text.h"

using naumachia::OrderSet;
using naumachia::PlayerId;
using naumachia::SeededDice;
using naumachia::State;
using naumachia::StepNo;
using naumachia::testing::CommandResult;
using naumachia::testing::game_detail;
using naumachia::testing::has;
using naumachia::testing::ServerProcess;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
using naumachia::testing::Terminal;
namespace proto = naumachia::proto;
namespace nt = naumachia::testing;

namespace {

// The game's current position, as the server stored it.
std::unique_ptr<State> position(const ServerProcess& server, std::uint64_t game) {
  static const auto module = naumachia::eih_naval::make_eih_naval_game();
  return nt::stored_position(*module, server.db(), game);
}

// A custom battle of four seats, fought as fast as the machine goes.
struct Battle : nt::Table {
  Battle() : Table("eih-naval/custom", 4, nt::unlimited_requests()) {}

  // Every client reads its view, its history, its orders' choices (a
  // seat's own chits, never another's) and now and then a replay.
  void look(int step) {
    for (auto* c : all()) {
      const auto d = game_detail(*c, game);
      if (d.summary().status() == proto::RUNNING) read_choices(*c, d.summary().step(), 120);
      proto::Envelope ev;
      ev.mutable_events()->set_game_id(game);
      c->call(ev);
      if (step % 4 == 0) {
        proto::Envelope rp;
        rp.mutable_replay()->set_game_id(game);
        c->call(rp);
      }
    }
  }

  // No frame any client received carries a secret of the current position
  // its reader may not know; the number of those secrets.
  int check_secrets() {
    const auto st = position(server, game);
    if (st->step().game_over) return 0;
    const auto secrets = st->secrets();
    check_frames(secrets);
    return static_cast<int>(secrets.size());
  }
};

}  // namespace

TEST_CASE(
    "EiH 1.1.2.4.1, 1.1.6: four players fight a custom battle through the server, no frame "
    "carries a hidden ship, and the admin replay verifies") {
  Battle t;
  auto summary = game_detail(*t.seat[0], t.game).summary();
  REQUIRE(summary.status() == proto::RUNNING);
  CHECK(summary.seats(1).side() == "Attacker 2");
  CHECK(summary.seats(1).sides(0) == "Attacker");
  CHECK(summary.seats(3).sides(0) == "Defender");
  const std::map<int, std::vector<std::string>> forces{
      {0,
       {"fleet britain \"Channel Fleet\" heavy 14 light 4 nelson",
        "fleet portugal \"Lisbon Squadron\" heavy 3 light 2"}},
      {1, {"fleet russia \"Baltic Fleet\" heavy 9 light 3"}},
      {2, {"fleet france \"Brest Fleet\" heavy 12 light 4", "fleet holland \"Texel\" heavy 5"}},
      {3, {"fleet spain \"Ferrol Squadron\" heavy 10 light 3"}}};
  const std::string channel = "\"Channel Fleet\" heavy 14 light 4 galleys 0";
  naumachia::Seed seed{};
  seed[7] = 0xe1;
  SeededDice chooser(seed, StepNo{0});
  int steps = 0, secret_steps = 0;
  std::vector<std::string> labels;
  for (; steps < 60; ++steps) {
    const auto d = game_detail(*t.seat[0], t.game);
    if (d.summary().status() != proto::RUNNING) break;
    const auto st = position(t.server, t.game);
    labels.push_back(st->step().label);
    for (PlayerId p : st->step().to_order) {
      std::vector<std::string> lines;
      const std::string label = st->step().label;
      if (has(label, "Forces:")) {
        lines = forces.at(p.value);
      } else if (has(label, "surrender or fight") || has(label, "Evasion")) {
        // The battle is fought out: no surrender, no evasion.
        lines = {has(label, "Evasion") ? "evade no" : "surrender no"};
      } else {
        lines = nt::random_legal_orders(*st, p, chooser).lines;
      }
      const auto res =
          submit(*t.seat[static_cast<std::size_t>(p.value)], t.game, d.summary().step(), lines);
      REQUIRE_MESSAGE(
          res.has_orders_accepted(),
          label << ": " << res.error().message() << " "
                << (res.error().order_errors_size() ? res.error().order_errors(0).message() : ""));
    }
    t.look(steps);
    if (t.check_secrets() > 0) ++secret_steps;
    // Until Step Three the defenders never see the attackers' ships.
    if (has(labels.back(), "Forces: Defender") || has(labels.back(), "Evasion"))
      CHECK_FALSE(has(nt::all_frames(t.at(2)), channel));
  }
  const auto over = game_detail(*t.observer, t.game).summary();
  REQUIRE(over.status() == proto::OVER);
  MESSAGE("steps " << steps << ": " << over.result());
  CHECK(secret_steps >= 4);  // the forces steps and the evasion kept secrets
  CHECK(std::count(labels.begin(), labels.end(), "Forces: Attacker 1 orders its fleets") == 1);
  CHECK(std::find(labels.begin(), labels.end(), "Step One: tactical chits, in secret (1.1.2.2)") !=
        labels.end());
  // The attackers' partner saw the Channel Fleet from the start; the
  // defenders only once revealed (Step Three).
  CHECK(has(nt::all_frames(t.at(1)), channel));
  CHECK(has(nt::all_frames(t.at(2)), "Step Three: Attacker's forces"));
  // The whole history, declassified now the game is over (the checks above
  // ran frame by frame while it was running).
  proto::Envelope ev;
  ev.mutable_events()->set_game_id(t.game);
  const auto history = t.observer->call(ev);
  std::string all;
  for (const auto& e : history.events_result().events())
    for (const auto& h : e.resolved().happenings()) all += h.text() + "\n";
  CHECK(has(all, "Round 1 (1.1.2.6)"));
  CHECK(has(all, "Political points"));
  const CommandResult replay = nt::admin(t.server, "replay " + std::to_string(t.game));
  CHECK(replay.status == 0);
  CHECK(has(replay.output, "replay verified"));
  CHECK(has(replay.output, "Step Two:"));
}

TEST_CASE(
    "EiH 1.1.2.2, 1.1.2.3: three players through the naumachia command, secret chits at "
    "Trafalgar") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal nelson{(dir.path() / "nelson.conf").string(), server.url()};
  const Terminal villeneuve{(dir.path() / "villeneuve.conf").string(), server.url()};
  const Terminal gravina{(dir.path() / "gravina.conf").string(), server.url()};
  for (const auto& [t, name] :
       {std::pair{&nelson, "nelson"}, {&villeneuve, "villeneuve"}, {&gravina, "gravina"}})
    REQUIRE(t->run("--server " + server.url() + " register " + name).status == 0);
  auto r = nelson.run("scenarios");
  CHECK(has(r.output, "eih-naval/trafalgar"));
  CHECK(has(r.output, "eih-naval/custom"));
  REQUIRE(nelson.run("new eih-naval/trafalgar --players 3 --side 0").status == 0);
  REQUIRE(villeneuve.run("join 1 --side 1").status == 0);
  r = gravina.run("join 1 --side 2");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "Spain (side France and Spain): gravina  <- you"));
  // The stacks met when the game started: Step One, Britain and France order.
  r = nelson.run("show 1");
  CHECK(has(r.output, "Step One: tactical chits, in secret (1.1.2.2)"));
  CHECK(has(r.output, "chit melee | line-of-bearing | line-of-battle | lozenge | doubling"));
  CHECK(has(r.output, "\"Weather Division\" heavy 12 light 2 galleys 0"));
  CHECK_FALSE(has(r.output, "\"Escuadra de Gravina\" heavy 8"));
  r = gravina.run("show 1");
  CHECK(has(r.output, "\"Escadre de Villeneuve\" heavy 10 light 5 galleys 0"));  // a partner's
  CHECK_FALSE(has(r.output, "\"Weather Division\" heavy 12"));
  r = gravina.run("orders 1", "chit melee\n");
  CHECK(r.status == 1);
  r = nelson.run("orders 1", "chit lozenge\nnelson 2\n");
  CHECK(r.status == 1);
  CHECK(has(r.output, "Nelson's closing modifier goes with the melee chit (1.1.2.5.1)"));
  REQUIRE(nelson.run("orders 1", "chit melee\nnelson 2\n").status == 0);
  r = villeneuve.run("events 1 --all");
  CHECK_FALSE(has(r.output, "chit melee"));  // only a commitment until both have chosen
  REQUIRE(villeneuve.run("orders 1", "chit line-of-battle\n").status == 0);
  r = gravina.run("wait 1 --timeout 20");
  r = gravina.run("events 1 --all");
  CHECK(has(r.output, "Step Two: Britain chose melee, France and Spain chose line-of-battle"));
  CHECK(has(r.output, "Nelson subtracts 2 from the closing roll"));
  CHECK(has(r.output, "Step Three: Britain's forces: B1 \"Weather Division\" heavy 12 light 2"));
  r = nelson.run("show 1");
  CHECK(has(r.output, "Before round 1: surrender or fight (1.1.6)"));
  CHECK(has(r.output, "surrender no | surrender yes"));
}
