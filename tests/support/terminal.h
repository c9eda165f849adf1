#pragma once
// One person's terminal for the tests of the `naumachia` command: its own
// config file, the password in the environment.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/server_process.h"
#include "support/text.h"

namespace naumachia::testing {

struct Terminal {
  std::string config;
  std::string url;
  std::string env = "";  // more VAR=value settings for the command
  CommandResult run(const std::string& args, const std::string& input = "") const {
    return run_command(env + " NAUMACHIA_CONFIG=" + config +
                           " NAUMACHIA_PASSWORD=correct-horse-battery " + NAUMACHIA_CLIENT + " " +
                           args,
                       input);
  }
  std::string config_text() const { return read_file(config); }
};

// Alice and Bob at terminals of their own (config files in `dir`), both
// registered on `server`; alice has made a two-player game of `scenario`
// (game 1) at the first seat and bob has joined it.
struct TwoAtTerminals {
  Terminal alice;
  Terminal bob;
};
inline TwoAtTerminals two_at_terminals(const ServerProcess& server,
                                       const std::filesystem::path& dir,
                                       const std::string& scenario) {
  TwoAtTerminals t{{(dir / "alice.conf").string(), server.url()},
                   {(dir / "bob.conf").string(), server.url()}};
  REQUIRE(t.alice.run("--server " + server.url() + " register alice").status == 0);
  REQUIRE(t.bob.run("--server " + server.url() + " register bob").status == 0);
  REQUIRE(t.alice.run("new " + scenario + " --players 2 --side 0").status == 0);
  REQUIRE(t.bob.run("join 1").status == 0);
  return t;
}

}  // namespace naumachia::testing
