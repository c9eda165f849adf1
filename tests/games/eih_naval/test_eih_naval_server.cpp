// Empires in Harm naval combat through the real server: four players fight a
// custom battle to its end, partners on each side; after every step every
// byte each client (and an observer) received is searched for a secret its
// reader may not yet know (the fleets' ships before Step Three, 1.1.2.4.1);
// the admin replay verifies every step. And three players through the
// `naumachia` command: Trafalgar's secret chits.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <map>

#include "games/eih_naval/eih_naval.h"
#include "support/random_play.h"
#include "support/secrecy_check.h"
#include "support/test_client.h"

using naumachia::OrderSet;
using naumachia::PlayerId;
using naumachia::SeededDice;
using naumachia::State;
using naumachia::StepNo;
using naumachia::client::Connection;
using naumachia::testing::CommandResult;
using naumachia::testing::game_detail;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace proto = naumachia::proto;
namespace nt = naumachia::testing;

namespace {

bool has(const std::string& s, const std::string& needle) {
  return s.find(needle) != std::string::npos;
}

// The game's current position, read from the server's database the way the
// server reads it (the test plays the part of an auditor with the engine).
std::unique_ptr<State> position(const ServerProcess& server, std::uint64_t game) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(server.db().c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT state FROM games WHERE id = ?", -1, &st, nullptr) ==
          SQLITE_OK);
  sqlite3_bind_int64(st, 1, static_cast<sqlite3_int64>(game));
  REQUIRE(sqlite3_step(st) == SQLITE_ROW);
  const std::string bytes(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)),
                          static_cast<std::size_t>(sqlite3_column_bytes(st, 0)));
  sqlite3_finalize(st);
  sqlite3_close(db);
  static const auto game_module = naumachia::eih_naval::make_eih_naval_game();
  auto s = game_module->deserialize(bytes);
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

struct Table {
  TempDir dir;
  // A whole battle as fast as the machine goes: the per-connection request
  // limit (tested on its own) is lifted.
  ServerProcess server{dir.path(), {"--request-rate", "100000", "--request-burst", "100000"}};
  std::vector<std::unique_ptr<Connection>> seat;
  std::unique_ptr<Connection> observer;
  std::uint64_t game = 0;

  Table(const std::string& scenario, int players) {
    const char* names[] = {"hood", "ushakov", "villeneuve", "gravina"};
    for (int i = 0; i < players; ++i) seat.push_back(sign_up(server, names[i]));
    observer = sign_up(server, "onlooker");
    proto::Envelope create;
    create.mutable_create_game()->set_scenario(scenario);
    create.mutable_create_game()->set_players(static_cast<std::uint32_t>(players));
    create.mutable_create_game()->set_seat(0);
    game = seat[0]->call(create).game().id();
    for (int i = 1; i < players; ++i) {
      proto::Envelope join;
      join.mutable_join_game()->set_game_id(game);
      join.mutable_join_game()->set_seat(static_cast<std::uint32_t>(i));
      REQUIRE(seat[static_cast<std::size_t>(i)]->call(join).has_game());
    }
  }

  std::vector<Connection*> all() {
    std::vector<Connection*> out;
    for (auto& c : seat) out.push_back(c.get());
    out.push_back(observer.get());
    return out;
  }

  // Every client reads its view, its history and now and then a replay.
  void look(int step) {
    for (auto* c : all()) {
      game_detail(*c, game);
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
  // its reader may not know.
  int check_frames() {
    const auto st = position(server, game);
    if (st->step().game_over) return 0;
    const auto secrets = st->secrets();
    for (std::size_t i = 0; i < seat.size(); ++i)
      for (const auto& leak :
           nt::frame_leaks(seat[i]->received(), secrets, PlayerId{static_cast<int>(i)}))
        FAIL_CHECK(leak);
    for (const auto& leak : nt::frame_leaks(observer->received(), secrets, std::nullopt))
      FAIL_CHECK(leak);
    return static_cast<int>(secrets.size());
  }

  std::string frames_of(std::size_t i) const {
    std::string out;
    for (const auto& f : seat[i]->received()) out += f;
    return out;
  }
};

}  // namespace

TEST_CASE(
    "EiH 1.1.2.4.1, 1.1.6: four players fight a custom battle through the server, no frame "
    "carries a hidden ship, and the admin replay verifies") {
  Table t("eih-naval/custom", 4);
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
    if (t.check_frames() > 0) ++secret_steps;
    // Until Step Three the defenders never see the attackers' ships.
    if (has(labels.back(), "Forces: Defender") || has(labels.back(), "Evasion"))
      CHECK_FALSE(has(t.frames_of(2), channel));
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
  CHECK(has(t.frames_of(1), channel));
  CHECK(has(t.frames_of(2), "Step Three: Attacker's forces"));
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
  const CommandResult admin =
      run_command(std::string(NAUMACHIA_TEST_ADMIN) + " --db " + t.server.db().string() +
                  " replay " + std::to_string(t.game));
  CHECK(admin.status == 0);
  CHECK(has(admin.output, "replay verified"));
  CHECK(has(admin.output, "Step Two:"));
}

TEST_CASE(
    "EiH 1.1.2.2, 1.1.2.3: three players through the naumachia command, secret chits at "
    "Trafalgar") {
  TempDir dir;
  ServerProcess server(dir.path());
  struct Terminal {
    std::string config;
    CommandResult run(const std::string& args, const std::string& input = "") const {
      return run_command("NAUMACHIA_CONFIG=" + config +
                             " NAUMACHIA_PASSWORD=correct-horse-battery " + NAUMACHIA_CLIENT + " " +
                             args,
                         input);
    }
  };
  const Terminal nelson{(dir.path() / "nelson.conf").string()};
  const Terminal villeneuve{(dir.path() / "villeneuve.conf").string()};
  const Terminal gravina{(dir.path() / "gravina.conf").string()};
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
