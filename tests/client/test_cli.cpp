// The `naumachia` command against the real server, as two people on two
// terminals would use it.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/file_modes.h"
#include "support/server_process.h"
#include "support/svg_check.h"
#include "support/terminal.h"
#include "support/text.h"

using naumachia::testing::CommandResult;
using naumachia::testing::has;
using naumachia::testing::mode_of;
using naumachia::testing::run_command;
using naumachia::testing::ScopedUmask;
using naumachia::testing::ServerProcess;
using naumachia::testing::TempDir;
using naumachia::testing::Terminal;

namespace {

// The fingerprint the server logged at its latest start.
std::string logged_fingerprint(const ServerProcess& server) {
  const std::string log = server.log();
  const std::string tag = "TLS certificate SHA-256 fingerprint ";
  const auto at = log.rfind(tag);
  REQUIRE(at != std::string::npos);
  return log.substr(at + tag.size(), 64);
}

// "127.0.0.1:PORT" of the server's URL.
std::string host_port(const ServerProcess& server) {
  return server.url().substr(std::string("wss://").size());
}

// The server makes a new self-signed certificate when it finds none.
void give_new_certificate(ServerProcess& server, const TempDir& dir) {
  server.terminate();
  std::filesystem::remove(dir.path() / "naumachia-cert.pem");
  std::filesystem::remove(dir.path() / "naumachia-key.pem");
  server.restart();
}

}  // namespace

TEST_CASE("two people play through the naumachia command") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  const Terminal bob{(dir.path() / "bob.conf").string(), server.url()};

  auto r = alice.run("--server " + server.url() + " register alice");
  REQUIRE(r.status == 0);
  REQUIRE(bob.run("--server " + server.url() + " register bob").status == 0);

  r = alice.run("scenarios");
  CHECK(r.output.find("duel/standard") != std::string::npos);
  r = alice.run("new duel/standard --side Red --players 2 --deadline 48h");
  REQUIRE(r.status == 0);
  CHECK(r.output.find("game 1") != std::string::npos);
  REQUIRE(bob.run("join 1").status == 0);

  r = alice.run("orders 1", "# my bid\nbid 12\n");
  CHECK(r.status == 1);
  CHECK(r.output.find("line 1: a bid of 12 is outside your purse") != std::string::npos);
  // A draft reads as a draft to the other side, not as final orders.
  REQUIRE(alice.run("orders 1 --draft", "bid 3\n").status == 0);
  r = bob.run("show 1");
  CHECK(r.output.find("Red: alice  [draft saved, not ready]") != std::string::npos);
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
  CHECK(r.output.find("history checked: all 2 commitments verified\n") != std::string::npos);

  r = alice.run("replay 1");
  CHECK(r.status == 0);
  CHECK(r.output.find("every step verified") != std::string::npos);

  r = alice.run("orders --help");
  CHECK(r.output.find("usage: naumachia orders") != std::string::npos);
  r = bob.run("resign 1");
  CHECK(r.output.find("Red wins") != std::string::npos);
  r = alice.run("events 1");
  CHECK(r.status == 0);
  CHECK(r.output.find("game over") != std::string::npos);
  CHECK(r.output.find("all 2 commitments verified; dice seed matches its hash") !=
        std::string::npos);
  r = bob.run("verify 1");
  CHECK(r.status == 0);
  CHECK(r.output.find("all 2 commitments verified; dice seed matches its hash") !=
        std::string::npos);
  {
    // The seed hash the client saw first is the one the seed is held to.
    std::string text = bob.config_text();
    const std::string key = "seedhash." + server.url() + ".1=";
    const auto at = text.find(key);
    REQUIRE(at != std::string::npos);
    text.replace(at + key.size(), 64, std::string(64, '0'));
    std::ofstream(bob.config) << text;
  }
  r = bob.run("verify 1");
  CHECK(r.status == 1);
  CHECK(r.output.find("HISTORY CHECK FAILED") != std::string::npos);
  CHECK(r.output.find("the game: the revealed dice seed hashes to") != std::string::npos);
  CHECK(r.output.find("the server now shows the seed hash") != std::string::npos);
  r = bob.run("show 99");
  CHECK(r.status == 1);
  CHECK(r.output.find("there is no game 99") != std::string::npos);
}

TEST_CASE("pictures through the naumachia command: show --svg and replay --svg-dir") {
  TempDir dir;
  ServerProcess server(dir.path());
  const auto [alice, bob] =
      naumachia::testing::two_at_terminals(server, dir.path(), "diplomacy/standard");
  REQUIRE(alice.run("orders 1", "A par - bur\n").status == 0);
  REQUIRE(bob.run("orders 1", "F lon - nth\n").status == 0);
  REQUIRE(alice.run("wait 1 --timeout 20").status == 0);

  const auto read = [](const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  const auto picture = dir.path() / "board.svg";
  auto r = bob.run("show 1 --svg " + picture.string());
  REQUIRE(r.status == 0);
  CHECK(r.output.find("wrote " + picture.string()) != std::string::npos);
  auto svg = naumachia::testing::read_svg(read(picture));
  REQUIRE_MESSAGE(svg.error.empty(), svg.error);
  CHECK(svg.has_text("A bur ("));
  CHECK(svg.has_text("F nth ("));
  CHECK(svg.has_text("Fall 1901 movement"));

  const auto frames = dir.path() / "frames";
  r = alice.run("replay 1 --svg-dir " + frames.string());
  REQUIRE(r.status == 0);
  CHECK(r.output.find("every step verified") != std::string::npos);
  const auto before = naumachia::testing::read_svg(read(frames / "step-0000.svg"));
  const auto after = naumachia::testing::read_svg(read(frames / "step-0001.svg"));
  REQUIRE(before.error.empty());
  REQUIRE(after.error.empty());
  CHECK(before.has_text("A par ("));
  CHECK_FALSE(before.has_text("A bur ("));
  CHECK(after.has_text("A bur ("));

  r = alice.run("show 1 --svg " + (dir.path() / "no" / "such" / "dir.svg").string());
  CHECK(r.status == 1);
  CHECK(r.output.find("cannot write") != std::string::npos);
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

namespace {

std::string adjudicate(const std::string& arguments) {
  return std::string(NAUMACHIA_ADJUDICATE) + " " + arguments;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
}

}  // namespace

TEST_CASE(
    "naumachia-adjudicate --dice: a list of any length is read whole, a full Classis muster of "
    "fifteen rolls included") {
  // The fifteen rolls of the patrol's muster (1.5 commanders, 1.4 crews, 1.9
  // wind): a list far over fifteen characters.
  const std::string fifteen = "3,3,3,3,3,3,3,3,3,3,3,3,3,3,3";
  auto r = run_command(adjudicate("classis --scenario patrol --dice " + fifteen));
  CHECK(r.status == 0);
  CHECK(r.output.find("d6 = 3 (wind (1.9))") != std::string::npos);
  CHECK(r.output.find("next: step 2: Setup") != std::string::npos);
  CHECK(r.output.find("unused") == std::string::npos);
  // Forty rolls, blank-separated: the ones the rules do not ask for are left over.
  std::string forty;
  for (int i = 0; i < 40; ++i) forty += std::to_string(i % 6 + 1) + " ";
  r = run_command(adjudicate("classis --scenario patrol --dice '" + forty + "'"));
  CHECK(r.status == 0);
  CHECK(r.output.find("note: 25 given die roll(s) unused") != std::string::npos);
  r = run_command(adjudicate("classis --scenario patrol --dice 3,3,3,3,3,3,3,3,3,3,3,3,3,3,x"));
  CHECK(r.status == 2);
  CHECK(r.output.find("--dice: 'x' is not a number") != std::string::npos);
}

TEST_CASE(
    "naumachia-adjudicate: a position knows its scenario and seats: Aragon in The Fall of "
    "Constantinople, the Defender of an Empires in Harm custom battle, a seat of three that "
    "does not order now") {
  TempDir dir;
  const auto position = dir.path() / "position.txt";
  const auto orders = dir.path() / "orders.txt";
  // The Fall of Constantinople: its powers are the seats, before and after --out.
  auto r = run_command(adjudicate("diplomacy --scenario fall-of-constantinople --show"));
  CHECK(r.status == 0);
  CHECK(r.output.find("to order: Aragon, Byzantium, Genoa") != std::string::npos);
  write_file(orders, "[Aragon]\nA xyz - abc\n");
  r = run_command(adjudicate("diplomacy --scenario fall-of-constantinople --orders " +
                             orders.string() + " --out " + position.string()));
  CHECK(r.status == 1);
  CHECK(r.output.find("illegal order of Aragon, line 1") != std::string::npos);
  r = run_command(
      adjudicate("diplomacy --scenario fall-of-constantinople --out " + position.string()));
  REQUIRE(r.status == 0);
  CHECK(naumachia::testing::read_file(position).rfind(
            "@scenario fall-of-constantinople\n@players 7\n@rules ", 0) == 0);
  r = run_command(
      adjudicate("diplomacy --position " + position.string() + " --orders " + orders.string()));
  CHECK(r.status == 1);
  CHECK(r.output.find("illegal order of Aragon, line 1") != std::string::npos);
  CHECK(r.output.find("Austria") == std::string::npos);

  // An Empires in Harm custom battle: the Attacker orders first, then the Defender.
  r = run_command(adjudicate("eih-naval --scenario custom --players 2 --out " + position.string()));
  REQUIRE(r.status == 0);
  r = run_command(adjudicate("eih-naval --position " + position.string() + " --show"));
  CHECK(r.output.find("to order: Defender") != std::string::npos);
  write_file(orders, "[Defender]\nnonsense\n");
  r = run_command(
      adjudicate("eih-naval --position " + position.string() + " --orders " + orders.string()));
  CHECK(r.status == 1);
  CHECK(r.output.find("illegal order of Defender, line 1") != std::string::npos);
  CHECK(r.output.find("France and Spain") == std::string::npos);

  // Trafalgar with three seats: Spain does not order in Step One, and is
  // still a seat of the position.
  r = run_command(
      adjudicate("eih-naval --scenario trafalgar --players 3 --out " + position.string()));
  REQUIRE(r.status == 0);
  write_file(orders, "[Spain]\nline\n");
  r = run_command(
      adjudicate("eih-naval --position " + position.string() + " --orders " + orders.string()));
  CHECK(r.status == 1);
  CHECK(r.output.find("illegal: Spain does not order in this step (Step One: tactical chits, in "
                      "secret (1.1.2.2)); Britain, France order") != std::string::npos);
  // Without its '@' lines a position of a game of several scenarios asks for them.
  const std::string text = naumachia::testing::read_file(position);
  write_file(position, text.substr(text.find("eih-naval 1")));
  r = run_command(adjudicate("eih-naval --position " + position.string() + " --show"));
  CHECK(r.status == 2);
  CHECK(r.output.find("give --scenario") != std::string::npos);
  r = run_command(
      adjudicate("eih-naval --position " + position.string() + " --scenario trafalgar --show"));
  CHECK(r.status == 2);
  CHECK(r.output.find("give --players, 2 to 3") != std::string::npos);
  r = run_command(adjudicate("eih-naval --position " + position.string() +
                             " --scenario trafalgar --players 3 --show"));
  CHECK(r.status == 0);
  CHECK(r.output.find("to order: Britain, France") != std::string::npos);
}

TEST_CASE(
    "naumachia-adjudicate exit statuses: 1 illegal orders, 2 usage, 3 the dice ran out, 4 "
    "unreadable input") {
  TempDir dir;
  const auto orders = dir.path() / "orders.txt";
  write_file(orders, "[France]\nA par - mos\n");
  auto r = run_command(adjudicate("diplomacy --scenario standard --orders " + orders.string()));
  CHECK(r.status == 1);
  r = run_command(adjudicate("diplomacy --scenario standard --bogus"));
  CHECK(r.status == 2);
  CHECK(r.output.find("unknown argument '--bogus'") != std::string::npos);
  r = run_command(adjudicate("nosuchgame --scenario standard"));
  CHECK(r.status == 2);
  r = run_command(adjudicate("classis --scenario patrol --dice 3,3,3,3,3,3,3,3,3,3,3,3,3,3"));
  CHECK(r.status == 3);
  CHECK(r.output.find("ran out at roll 15 (d6 for wind (1.9))") != std::string::npos);
  r = run_command(adjudicate("classis --scenario patrol --dice 3,3,3,3,3,3,3,3,3,3,3,3,3,3,7"));
  CHECK(r.status == 3);
  CHECK(r.output.find("outside 1..6") != std::string::npos);
  r = run_command(adjudicate("diplomacy --position " + (dir.path() / "none.txt").string()));
  CHECK(r.status == 4);
  CHECK(r.output.find("cannot read") != std::string::npos);
  const auto garbage = dir.path() / "garbage.txt";
  write_file(garbage, "@scenario standard\n@players 7\nnot a position\n");
  r = run_command(adjudicate("diplomacy --position " + garbage.string()));
  CHECK(r.status == 4);
  CHECK(r.output.find("position: ") != std::string::npos);
  write_file(orders, "[Prussia]\nA ber - kie\n");
  r = run_command(adjudicate("diplomacy --scenario standard --orders " + orders.string()));
  CHECK(r.status == 4);
  CHECK(r.output.find("no seat 'Prussia'") != std::string::npos);
}

TEST_CASE("partners through the naumachia command: secret draws, a resignation, --for") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal carol{(dir.path() / "carol.conf").string(), server.url()};
  const Terminal dave{(dir.path() / "dave.conf").string(), server.url()};
  const Terminal erin{(dir.path() / "erin.conf").string(), server.url()};
  for (const auto& [t, name] : {std::pair{&carol, "carol"}, {&dave, "dave"}, {&erin, "erin"}})
    REQUIRE(t->run("--server " + server.url() + " register " + name).status == 0);
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

TEST_CASE("the naumachia command pins a certificate on first use and refuses a changed one") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  const std::string first = logged_fingerprint(server);

  auto r = alice.run("--server " + server.url() + " register alice");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "first connection to " + host_port(server)));
  CHECK(has(r.output, "TLS certificate SHA-256 fingerprint " + first));
  CHECK(has(alice.config_text(), "trust." + host_port(server) + "=" + first + "\n"));
  r = alice.run("games");
  CHECK(r.status == 0);
  CHECK_FALSE(has(r.output, "first connection"));
  CHECK(has(alice.run("trust").output,
            "pinned certificate\n  TLS certificate SHA-256 fingerprint " + first));

  // A config an older version wrote with insecure=1 checks certificates again.
  const Terminal old{(dir.path() / "old.conf").string(), server.url()};
  std::ofstream(old.config) << "server=" << server.url() << "\ninsecure=1\n";
  r = old.run("register olduser");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "ignoring the setting insecure=1"));
  CHECK(has(r.output, "first connection to"));
  CHECK_FALSE(has(old.config_text(), "insecure"));

  give_new_certificate(server, dir);
  const std::string second = logged_fingerprint(server);
  REQUIRE(second != first);
  for (const Terminal* t : {&alice, &old}) {
    r = t->run("games");
    CHECK(r.status == 1);
    CHECK(has(r.output, "THE SERVER'S CERTIFICATE HAS CHANGED"));
    CHECK(has(r.output, "pinned:    TLS certificate SHA-256 fingerprint " + first));
    CHECK(has(r.output, "now shown: TLS certificate SHA-256 fingerprint " + second));
    CHECK(has(r.output, "naumachia --server " + server.url() + " trust " + second));
    CHECK(has(r.output, "forget-server"));
  }

  // --insecure counts for one command, and is not saved.
  r = alice.run("--insecure games");
  CHECK(r.status == 0);
  CHECK(has(r.output, "not checked (--insecure, for this command only)"));
  CHECK_FALSE(has(alice.config_text(), "insecure"));
  CHECK(has(alice.config_text(), "=" + first + "\n"));
  CHECK(alice.run("games").status == 1);

  // The operator says the change is expected: trust the new one.
  r = alice.run("trust " + second);
  CHECK(r.status == 0);
  CHECK(alice.run("games").status == 0);
  // Or forget the server: the next connection pins again.
  CHECK(old.run("forget-server").status == 0);
  r = old.run("games");
  CHECK(r.status == 0);
  CHECK(has(r.output, "first connection to"));

  // --fingerprint on first use: only that certificate, then pinned.
  const Terminal carol{(dir.path() / "carol.conf").string(), server.url()};
  r = carol.run("--server " + server.url() + " --fingerprint " + first + " register carol");
  CHECK(r.status == 1);
  CHECK(has(r.output, "not the one given with --fingerprint"));
  CHECK_FALSE(has(carol.config_text(), "trust."));
  r = carol.run("--server " + server.url() + " --fingerprint " + second + " register carol");
  CHECK(r.status == 0);
  CHECK(has(carol.config_text(), "trust." + host_port(server) + "=" + second + "\n"));
  r = carol.run("--fingerprint nothex games");
  CHECK(r.status == 1);
  CHECK(has(r.output, "is not a SHA-256 fingerprint"));
}

TEST_CASE("a certificate from an authority the system trusts is accepted, then required") {
  TempDir dir;
  ServerProcess server(dir.path());
  // This server's own certificate stands in for a certificate authority.
  const std::string authority = "SSL_CERT_FILE=" + (dir.path() / "naumachia-cert.pem").string();
  const Terminal dave{(dir.path() / "dave.conf").string(), server.url(), authority};
  auto r = dave.run("--server " + server.url() + " register dave");
  REQUIRE(r.status == 0);
  CHECK_FALSE(has(r.output, "first connection"));
  CHECK(has(dave.config_text(), "trust." + host_port(server) + "=system-ca\n"));
  CHECK(dave.run("games").status == 0);

  const Terminal without{dave.config, server.url()};
  r = without.run("games");
  CHECK(r.status == 1);
  CHECK(has(r.output, "THE SERVER'S CERTIFICATE NO LONGER VERIFIES"));
  CHECK(has(r.output, "TLS certificate SHA-256 fingerprint " + logged_fingerprint(server)));
}

TEST_CASE(
    "the naumachia command makes every directory of its config the user's only, whatever the "
    "umask") {
  TempDir dir;
  ServerProcess server(dir.path());
  // As a first run in a new home: neither ~/.config nor its naumachia/ exists.
  const std::filesystem::path home = dir.path() / "home";
  const Terminal fay{(home / ".config" / "naumachia" / "client.conf").string(), server.url()};
  {
    ScopedUmask open_to_all(0);
    REQUIRE(fay.run("--server " + server.url() + " register fay").status == 0);
  }
  CHECK(mode_of(home) == 0700);
  CHECK(mode_of(home / ".config") == 0700);
  CHECK(mode_of(home / ".config" / "naumachia") == 0700);
  CHECK(mode_of(fay.config) == 0600);
}

TEST_CASE("naumachia passwd changes the password with the current one, and says what ended") {
  TempDir dir;
  ServerProcess server(dir.path());
  Terminal gil{(dir.path() / "gil.conf").string(), server.url()};
  REQUIRE(gil.run("--server " + server.url() + " register gil").status == 0);
  Terminal laptop{(dir.path() / "laptop.conf").string(), server.url()};
  REQUIRE(laptop.run("--server " + server.url() + " login gil").status == 0);
  gil.env = "NAUMACHIA_NEW_PASSWORD=aaaaaaaaaaaaaaaa";
  auto r = gil.run("passwd");
  CHECK(r.status == 1);
  CHECK(has(r.output, "different characters"));
  gil.env = "NAUMACHIA_NEW_PASSWORD='a fresh set of words'";
  r = gil.run("passwd");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(has(r.output, "password changed; the server ended 1 other session"));
  CHECK(gil.run("games").status == 0);  // this session goes on
  CHECK(has(laptop.run("games").output, "log in again"));
  // The old password no longer logs in.
  CHECK(laptop.run("login gil").status == 1);
}

TEST_CASE("the naumachia command forgets a token the server refuses, and says to log in") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal erin{(dir.path() / "private" / "erin.conf").string(), server.url()};
  REQUIRE(erin.run("--server " + server.url() + " register erin").status == 0);
  // The config holds the session token: its directory and file are the user's only.
  struct stat st {};
  REQUIRE(stat((dir.path() / "private").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0700);
  REQUIRE(stat(erin.config.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);

  std::string text = erin.config_text();
  const auto at = text.find("token=");
  REQUIRE(at != std::string::npos);
  text.replace(at + 6, 64, std::string(64, '7'));  // a token the server never issued
  std::ofstream(erin.config) << text;
  auto r = erin.run("games");
  CHECK(r.status == 1);
  CHECK(has(r.output,
            "your session has expired or was logged out; log in again with "
            "`naumachia login NAME`"));
  CHECK_FALSE(has(erin.config_text(), "token="));
  r = erin.run("games");
  CHECK(has(r.output, "not logged in on " + server.url()));

  REQUIRE(erin.run("login erin").status == 0);
  r = erin.run("logout --local");
  CHECK(r.status == 0);
  CHECK(has(r.output, "forgot the session token here"));
  CHECK_FALSE(has(erin.config_text(), "token="));
  CHECK(has(erin.run("logout").output, "not logged in"));
}

// Needs the server's side of LogoutRequest (a logout ends the token on the server).
TEST_CASE("naumachia logout ends the session on the server, and --everywhere ends them all") {
  TempDir dir;
  ServerProcess server(dir.path());
  const Terminal laptop{(dir.path() / "laptop.conf").string(), server.url()};
  const Terminal phone{(dir.path() / "phone.conf").string(), server.url()};
  const Terminal copy{(dir.path() / "copy.conf").string(), server.url()};
  REQUIRE(laptop.run("--server " + server.url() + " register frank").status == 0);
  std::filesystem::copy_file(laptop.config, copy.config);  // a saved copy of the token

  auto r = laptop.run("logout");
  CHECK(r.status == 0);
  CHECK(has(r.output, "logged out: the server ended 1 session"));
  CHECK_FALSE(has(laptop.config_text(), "token="));
  r = copy.run("games");
  CHECK(r.status == 1);
  CHECK(has(r.output, "your session has expired or was logged out"));
  CHECK_FALSE(has(copy.config_text(), "token="));

  REQUIRE(laptop.run("login frank").status == 0);
  REQUIRE(phone.run("--server " + server.url() + " login frank").status == 0);
  r = laptop.run("logout --everywhere");
  CHECK(r.status == 0);
  CHECK(has(r.output, "logged out everywhere: the server ended 2 sessions"));
  r = phone.run("games");
  CHECK(r.status == 1);
  CHECK(has(r.output, "your session has expired or was logged out"));
}

TEST_CASE(
    "orders choice by choice through the naumachia command: choices and orders --interactive") {
  TempDir dir;
  ServerProcess server(dir.path());
  const auto [alice, bob] =
      naumachia::testing::two_at_terminals(server, dir.path(), "diplomacy/standard");

  // Alice plays Austria, France, Italy and Turkey: her units are the decisions.
  auto r = alice.run("choices 1");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "decisions for step 1 (Spring 1901 movement)"));
  CHECK(has(r.output, "par  A par: the army in Paris (France)"));
  CHECK_FALSE(has(r.output, "the fleet in London"));
  // The ways on, by label, by text and by number.
  r = alice.run("choices 1 par move");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "order so far: A par -"));
  CHECK(has(r.output, "to Burgundy  \"bur\" [bur]  (whole order)"));
  r = alice.run("choices 1 mar S \"the army in Paris\"");
  CHECK(has(r.output, "moving to Burgundy  \"- bur\" [bur]  (whole order)"));
  r = alice.run("choices 1 par jump");
  CHECK(r.status == 1);
  CHECK(has(r.output, "'jump' is none of the choices after 'A par'"));
  r = alice.run("choices 1 lon");
  CHECK(r.status == 1);
  CHECK(has(r.output, "'lon' is not a decision"));
  r = alice.run("choices --help");
  CHECK(has(r.output, "usage: naumachia choices GAME"));

  // Orders picked from numbered lists: Paris to Burgundy, Marseilles
  // supporting it, then done; the server answers with the canonical lines.
  r = alice.run("orders 1 --interactive --draft",
                "par\nmove\nbur\nmar\nsupport\nthe army in Paris\nmoving to Burgundy\ndone\n");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "draft saved for step 1"));
  CHECK(has(r.output, "  A par - bur\n"));
  CHECK(has(r.output, "  A mar S A par - bur\n"));
  // A typed name the map does not know gets the nearest ones.
  r = bob.run("orders 1", "F lon - nor\n");
  CHECK(r.status == 1);
  CHECK_MESSAGE(has(r.output, "'nor' is not a province (did you mean "), r.output);
  CHECK_MESSAGE(has(r.output, "nwy (Norway)"), r.output);
}

TEST_CASE("the naumachia command prints a deadline in the user's time zone, with its UTC offset") {
  TempDir dir;
  ServerProcess server(dir.path());
  Terminal alice{(dir.path() / "alice.conf").string(), server.url()};
  const Terminal bob{(dir.path() / "bob.conf").string(), server.url()};
  REQUIRE(alice.run("--server " + server.url() + " register alice").status == 0);
  REQUIRE(bob.run("--server " + server.url() + " register bob").status == 0);
  REQUIRE(alice.run("new duel/standard --side Red --players 2 --deadline 48h").status == 0);
  REQUIRE(bob.run("join 1").status == 0);

  // The same deadline read in UTC and in India, five and a half hours ahead
  // (POSIX zones: no time zone database needed).
  const std::regex line(R"(deadline: (\d{4}-\d\d-\d\d) (\d\d):(\d\d) (.*)\n)");
  std::smatch utc;
  std::smatch india;
  alice.env = "TZ=UTC0";
  const auto in_utc = alice.run("show 1").output;
  REQUIRE_MESSAGE(std::regex_search(in_utc, utc, line), in_utc);
  CHECK(utc[4] == "UTC (UTC+00:00)");
  alice.env = "TZ=IST-5:30";
  const auto in_india = alice.run("show 1").output;
  REQUIRE_MESSAGE(std::regex_search(in_india, india, line), in_india);
  CHECK(india[4] == "IST (UTC+05:30)");
  const auto minutes = [](const std::smatch& m) {
    return std::stoi(m[2].str()) * 60 + std::stoi(m[3].str());
  };
  // Across midnight the day differs too; the clock is 5:30 ahead either way.
  CHECK((minutes(india) - minutes(utc) + 24 * 60) % (24 * 60) == 5 * 60 + 30);
  // The events' times too: the game started at a moment in alice's zone.
  CHECK(has(alice.run("events 1").output, " IST (UTC+05:30)"));
}
