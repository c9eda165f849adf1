// Order lines against every module's parser and validator, as the server
// calls them (State::validate for one seat), in positions reached by random
// play. The input's first line names the position (positions.h):
//
//   tyre/naval 2 2 12 0
//   T1: move 1, turn R, move 3
//   ...
//
// Promises checked besides "no crash, no sanitizer report": validation does
// not change the position; orders once accepted are accepted again in their
// canonical form, unchanged; and accepted orders resolve (the other seats
// giving their default orders) into a position that reads back from its
// bytes, as the server stores it.
#include <cstddef>
#include <cstdint>
#include <map>

#include "core/text.h"
#include "positions.h"
#include "support.h"

using namespace naumachia;

namespace {

// Long inputs are slow and no more interesting: a real client's order set is
// a few hundred lines at most.
constexpr std::size_t kMaxLines = 400;

std::string joined(const OrderSet& o) {
  return text::join(o.lines, "\n");
}

void check_resolution(const fuzz::Position& at, PlayerId seat, const OrderSet& canonical) {
  const State& state = *at.state;
  std::map<PlayerId, OrderSet> orders;
  for (PlayerId p : state.step().to_order)
    orders[p] = p == seat ? canonical : state.default_orders(p);
  SeededDice dice(fuzz::fixed_seed(), state.step().number);
  const Resolution r = state.resolve(orders, dice);
  const std::string bytes = r.next->serialize();
  auto back = at.game->deserialize(bytes, at.rules);
  if (!back)
    fuzz::broken(at.header() + ": the resolved position does not read back: " +
                 back.error().message + "\n" + bytes);
  if ((*back)->serialize() != bytes)
    fuzz::broken(at.header() + ": the resolved position reads back differently");
  (void)r.next->step();
  (void)r.next->view(std::nullopt);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)fuzz::positions();  // the random play, once, before the first input
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [header, body] = fuzz::split_header(data, size);
  const fuzz::Pick pick = fuzz::pick_position(header);
  if (!pick.position) return -1;  // not worth keeping in the corpus
  const fuzz::Position& at = *pick.position;
  const std::vector<std::string> lines = fuzz::body_lines(body);
  if (lines.size() > kMaxLines) return -1;

  const auto valid = at.state->validate(pick.seat, lines);
  if (at.state->serialize() != at.bytes)
    fuzz::broken(at.header() + ": validating orders changed the position");
  if (!valid) {
    for (const OrderError& e : valid.error()) {
      if (e.line < 0 || e.line > static_cast<int>(lines.size()))
        fuzz::broken(at.header() + ": an error names line " + std::to_string(e.line) + " of " +
                     std::to_string(lines.size()));
      if (e.message.empty()) fuzz::broken(at.header() + ": an error without a message");
    }
    return 0;
  }
  const auto again = at.state->validate(pick.seat, valid->lines);
  if (!again)
    fuzz::broken(at.header() + ": the canonical orders\n" + joined(*valid) +
                 "\nare refused: " + again.error().front().message);
  if (*again != *valid)
    fuzz::broken(at.header() + ": the canonical orders\n" + joined(*valid) + "\nbecome\n" +
                 joined(*again));
  check_resolution(at, pick.seat, *valid);
  return 0;
}
