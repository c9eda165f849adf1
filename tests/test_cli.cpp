// The `naumachia` command against the real server, as two people on two
// terminals would use it.
#include <doctest/doctest.h>

#include <fstream>

#include "server_process.h"

using naumachia::testing::CommandResult;
using naumachia::testing::run_command;
using naumachia::testing::ServerProcess;
using naumachia::testing::TempDir;

namespace {

struct Terminal {
  std::string config;
  std::string url;
  CommandResult run(const std::string& args, const std::string& input = "") const {
    return run_command("NAUMACHIA_CONFIG=" + config + " NAUMACHIA_PASSWORD=correct-horse " +
                           NAUMACHIA_CLIENT + " " + args,
                       input);
  }
};

}  // namespace

TEST_CASE("two people play through the naumachia command") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  const Terminal bob{(dir.path() / "bob.conf").string(), server.url()};

  auto r = alice.run("--server " + server.url() + " --insecure register alice");
  REQUIRE(r.status == 0);
  REQUIRE(bob.run("--server " + server.url() + " --insecure register bob").status == 0);

  r = alice.run("scenarios");
  CHECK(r.output.find("duel/standard") != std::string::npos);
  r = alice.run("new duel/standard --side Red --players 2 --deadline 48h");
  REQUIRE(r.status == 0);
  CHECK(r.output.find("game 1") != std::string::npos);
  REQUIRE(bob.run("join 1").status == 0);

  r = alice.run("orders 1", "# my bid\nbid 12\n");
  CHECK(r.status == 1);
  CHECK(r.output.find("line 1: a bid of 12 is outside your purse") != std::string::npos);
  r = alice.run("orders 1", "# my bid\nBID 5\n");
  REQUIRE(r.status == 0);
  CHECK(r.output.find("bid 5") != std::string::npos);

  r = bob.run("wait 1 --timeout 20");
  CHECK(r.status == 0);
  CHECK(r.output.find("Red committed orders for step 1") != std::string::npos);
  CHECK(r.output.find("bid 5") == std::string::npos);

  r = bob.run("show 1");
  CHECK(r.output.find("step 1: Round 1") != std::string::npos);
  CHECK(r.output.find("order syntax") != std::string::npos);

  r = bob.run("orders 1", "bid 1\n");
  CHECK(r.output.find("the step has resolved") != std::string::npos);
  r = alice.run("wait 1 --timeout 20");
  CHECK(r.output.find("step 1 resolved") != std::string::npos);
  CHECK(r.output.find("rolled") != std::string::npos);

  r = alice.run("replay 1");
  CHECK(r.status == 0);
  CHECK(r.output.find("every step verified") != std::string::npos);

  r = alice.run("orders --help");
  CHECK(r.output.find("usage: naumachia orders") != std::string::npos);
  r = bob.run("resign 1");
  CHECK(r.output.find("Red wins") != std::string::npos);
  r = bob.run("show 99");
  CHECK(r.status == 1);
  CHECK(r.output.find("there is no game 99") != std::string::npos);
}

TEST_CASE("naumachia-adjudicate resolves a step from files, as the server would") {
  TempDir dir;
  const std::string orders = (dir.path() / "orders.txt").string();
  const std::string position = (dir.path() / "position.txt").string();
  {
    std::ofstream f(orders);
    f << "[France]\nA par - bur\n[Germany]\nA mun - bur  # bounce\n";
  }
  auto r = run_command(std::string(NAUMACHIA_ADJUDICATE) +
                       " diplomacy --scenario standard --orders " + orders + " --out " + position);
  CHECK(r.status == 0);
  CHECK(r.output.find("France: A par - bur: fails (bounced)") != std::string::npos);
  CHECK(r.output.find("next: step 2: Fall 1901 movement") != std::string::npos);
  {
    std::ofstream f(orders);
    f << "[Russia]\nA par - bur\n";
  }
  r = run_command(std::string(NAUMACHIA_ADJUDICATE) + " diplomacy --position " + position +
                  " --orders " + orders);
  CHECK(r.status == 1);
  CHECK(r.output.find("illegal order of Russia, line 1: the unit in par is France's, not yours") !=
        std::string::npos);
  r = run_command(std::string(NAUMACHIA_ADJUDICATE) + " diplomacy --position " + position +
                  " --show");
  CHECK(r.output.find("step 2: Fall 1901 movement") != std::string::npos);
}

TEST_CASE("partners through the naumachia command: secret draws, a resignation, --for") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal carol{(dir.path() / "carol.conf").string(), server.url()};
  const Terminal dave{(dir.path() / "dave.conf").string(), server.url()};
  const Terminal erin{(dir.path() / "erin.conf").string(), server.url()};
  for (const auto& [t, name] : {std::pair{&carol, "carol"}, {&dave, "dave"}, {&erin, "erin"}})
    REQUIRE(t->run("--server " + server.url() + " --insecure register " + name).status == 0);
  auto r = carol.run("new masks/standard --players 3 --side 0");
  REQUIRE(r.status == 0);
  REQUIRE(dave.run("join 1 --side 1").status == 0);
  r = erin.run("join 1 --side 2");
  REQUIRE(r.status == 0);
  CHECK(r.output.find("Red 2 (side Red): erin  <- you") != std::string::npos);
  for (const Terminal* t : {&carol, &dave, &erin})
    REQUIRE(t->run("orders 1", "draw\n").status == 0);

  r = carol.run("events 1 --all");
  CHECK(r.output.find("(secret) Red 2 draws chit-") != std::string::npos);  // a partner's draw
  CHECK(r.output.find("Blue draws a chit from the cup") != std::string::npos);
  CHECK(r.output.find("Blue draws chit-") == std::string::npos);

  REQUIRE(erin.run("resign 1").status == 0);
  r = carol.run("show 1");
  CHECK(r.output.find("<- yours to order (--for 2)") != std::string::npos);
  r = carol.run("show 1 --for 2");
  CHECK(r.output.find("orders of seat 2 for step 2") != std::string::npos);
  r = dave.run("orders 1 --for 2", "pass\n");
  CHECK(r.status == 1);
  CHECK(r.output.find("you do not control seat 2") != std::string::npos);
  REQUIRE(carol.run("orders 1", "pass\n").status == 0);
  REQUIRE(dave.run("orders 1", "pass\n").status == 0);
  r = carol.run("orders 1 --for 2", "pass\n");
  REQUIRE(r.status == 0);
  CHECK(r.output.find("the step has resolved") != std::string::npos);
  r = dave.run("events 1 --all");
  CHECK(r.output.find("orders of Red 2: withheld from you until the game is over") !=
        std::string::npos);
  r = carol.run("orders 1 --for x", "pass\n");
  CHECK(r.output.find("--for takes a seat number") != std::string::npos);
}
