// The outcomes of a movement phase found again from the position after it and
// its orders (outcomes.h), for drawing failed orders: checked against the
// adjudicator's own results on every DATC movement case.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "games/diplomacy/datc.h"
#include "games/diplomacy/diplomacy.h"
#include "games/diplomacy/outcomes.h"
#include "games/diplomacy/seats.h"

using namespace naumachia;
using namespace naumachia::diplomacy;

TEST_CASE(
    "the failed orders found again from the position after each DATC movement case are the "
    "adjudicator's") {
  std::ifstream in(NAUMACHIA_DATC_CASES);
  REQUIRE_MESSAGE(in.good(), "cannot read " NAUMACHIA_DATC_CASES);
  std::stringstream text;
  text << in.rdbuf();
  const auto map = standard_map();
  const PowerSeats seats(*map, 7);  // seat i plays the i-th power
  int movement = 0, found = 0;
  for (const DatcCase& c : parse_datc(*map, text.str())) {
    if (!c.parse_error.empty() || c.position.phase != PhaseKind::Movement) continue;
    ++movement;
    const PhaseResult r = adjudicate_movement(*map, c.position, c.orders);
    RevealedLines lines;
    for (const Order& o : c.orders) {
      const auto side = seats.side_of(o.power);
      REQUIRE(side.has_value());
      lines[PlayerId{side->value}].push_back(format_order(o));
    }
    std::set<std::string> failed;
    for (const OrderResult& res : r.results)
      if (res.outcome != Outcome::Succeeds) failed.insert(province_of(res.order.location));
    const auto again = failed_orders(*map, r.next, seats, Rulings{}, lines);
    if (!again) continue;
    ++found;
    CHECK_MESSAGE(*again == failed, c.id << " " << c.title);
  }
  // Cases with orders for units that are not there, or that an adjudication
  // from the position drawn cannot tell apart, are left unjudged.
  CHECK(movement > 90);
  CHECK(found * 10 >= movement * 7);
}
