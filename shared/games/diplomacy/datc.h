#pragma once
// Diplomacy Adjudicator Test Cases in the jDip text format (../shared/datc/README.md):
// parsing and running them against the adjudicator.
#include <string>
#include <vector>

#include "core/result.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

struct DatcCase {
  std::string id;
  std::string title;
  int line = 0;                    // where the block starts
  std::string parse_error;         // non-empty: the block could not be read
  Position position;               // PRESTATE (+ PRESTATE_DISLODGED)
  std::vector<std::string> prior;  // PRESTATE_RESULTS lines ("SUCCESS: Power: order")
  std::vector<Order> orders;
  std::vector<std::string> expected_units;      // "Power: A loc", sorted
  std::vector<std::string> expected_dislodged;  // sorted
  bool expect_same = false;                     // POSTSTATE_SAME
};

struct DatcOutcome {
  std::string id;
  bool passed = false;
  std::string difference;  // what differs, when failed
};

std::vector<DatcCase> parse_datc(const Map& map, std::string_view text);
// Runs a case under the given rulings (by default those of the current rules
// version, which the DATC files assume).
DatcOutcome run_datc_case(const Map& map, const DatcCase& c, const Rulings& rulings = {});

}  // namespace naumachia::diplomacy
