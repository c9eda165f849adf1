#include "support/scripted_step.h"

#include <doctest/doctest.h>

namespace naumachia::testing {

Played play_step(const State& s, std::map<PlayerId, std::vector<std::string>> orders,
                 std::vector<int> dice) {
  std::map<PlayerId, OrderSet> set;
  for (PlayerId p : s.step().to_order) {
    auto v = s.validate(p, orders[p]);
    REQUIRE_MESSAGE(v.has_value(), (v ? "" : v.error()[0].message));
    set[p] = *v;
  }
  ScriptedDice d(dice);
  auto r = s.resolve(set, d);
  CHECK(d.remaining() == 0);
  Played out{std::move(r.next), ""};
  for (const Event& e : r.events) out.events += e.text + "\n";
  return out;
}

std::string first_error(const State& s, PlayerId p, const std::vector<std::string>& lines) {
  auto v = s.validate(p, lines);
  return v ? "" : v.error()[0].message;
}

}  // namespace naumachia::testing
