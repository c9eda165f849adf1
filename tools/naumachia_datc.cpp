// naumachia-datc FILE: runs Diplomacy Adjudicator Test Cases in the jDip text
// format against the adjudicator, one line per case, then a total.
#include <fstream>
#include <iostream>
#include <sstream>

#include "games/diplomacy/datc.h"
#include "games/diplomacy/diplomacy.h"

int main(int argc, char** argv) {
  using namespace naumachia::diplomacy;
  if (argc != 2 || std::string(argv[1]) == "--help") {
    std::cerr
        << "usage: naumachia-datc FILE\n\nRuns every CASE block of FILE (jDip DATC format, on the "
           "standard map) and prints\n'PASS id' or 'FAIL id: what differs' per case, then "
           "'N passed, M failed'.\nExit status 1 when any case fails or cannot be parsed.\n";
    return argc == 2 ? 0 : 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "naumachia-datc: cannot read '" << argv[1] << "'\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  const auto map = standard_map();
  int passed = 0, failed = 0;
  for (const DatcCase& c : parse_datc(*map, text.str())) {
    const DatcOutcome o = run_datc_case(*map, c);
    if (o.passed) {
      ++passed;
      std::cout << "PASS " << o.id << "\n";
    } else {
      ++failed;
      std::cout << "FAIL " << o.id << ": " << o.difference << "\n";
    }
  }
  if (passed + failed == 0) {
    std::cerr << "naumachia-datc: no CASE blocks in '" << argv[1] << "'\n";
    return 1;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}
