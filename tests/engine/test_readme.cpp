// The README's commands name scenarios and sides the games really offer: a
// reader who copies `naumachia new SCENARIO --side NAME` gets a game, not an
// unknown scenario.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test-games/registry.h"

using namespace naumachia;

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The README's command lines, a line ending in '\' joined to the next.
std::vector<std::string> commands(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::vector<std::string> out;
  std::string line, joined;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\\') {
      joined += line.substr(0, line.size() - 1);
      continue;
    }
    out.push_back(joined + line);
    joined.clear();
  }
  return out;
}

}  // namespace

TEST_CASE("README: every `naumachia new` names a scenario offered and sides it has") {
  const Registry registry = testing::every_module();
  int checked = 0;
  for (const std::string& line : commands(NAUMACHIA_README)) {
    const auto at = line.find("naumachia new ");
    if (at == std::string::npos) continue;
    // Up to the end of the command quoted in the text (`naumachia new ...`).
    std::string command = line.substr(at + 14);
    command = command.substr(0, command.find('`'));
    std::istringstream words(command);
    std::string scenario;
    words >> scenario;
    if (scenario.find('/') == std::string::npos) continue;  // "naumachia new SCENARIO ..."
    CAPTURE(line);
    const auto found = registry.find_scenario(scenario);
    REQUIRE_MESSAGE(found.has_value(), "no scenario " << scenario);
    const ScenarioInfo& sc = found.value().second;
    ++checked;
    // Sides named by --side or --computer (a number, "random" or "..." aside).
    std::string word, option;
    while (words >> word) {
      if (word.rfind("--", 0) == 0) {
        option = word;
        continue;
      }
      if ((option == "--side" || option == "--computer") && word != "random" && word != "..." &&
          !std::isdigit(static_cast<unsigned char>(word[0])) && word[0] != '#') {
        CHECK_MESSAGE(std::any_of(sc.sides.begin(), sc.sides.end(),
                                  [&](const std::string& s) { return lower(s) == lower(word); }),
                      scenario << " has no side " << word);
      }
      option.clear();
      if (word[0] == '#') break;  // a comment
    }
  }
  CHECK(checked >= 8);  // the README names at least each game once
}
