#pragma once
// One person's terminal for the tests of the `naumachia` command: its own
// config file, the password in the environment.
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

}  // namespace naumachia::testing
