#pragma once
// Tyre: the words of a naval movement order ("T7: turn R, move 3, ram C4").
#include <string>
#include <string_view>
#include <utility>

#include "core/hex.h"
#include "core/result.h"

namespace naumachia::tyre {

struct Action {
  enum Kind { Unpin, Turn, Move, Back, Enter, Ram };
  Action(Kind k, int count = 0) : kind(k), n(count) {}
  Kind kind;
  int n = 0;           // Turn: -1 left / +1 right; Move/Back: hexes
  hex::HexId hex{};    // Enter
  hex::Dir facing{};   // Enter
  std::string target;  // Ram
};

std::string format_action(const Action& a);
Expected<Action> parse_action(std::string_view text_in);
// "T7: turn R, move 3" -> ("T7", "turn R, move 3").
Expected<std::pair<std::string, std::string>> split_line(std::string_view line);
// The citation of a refusal of how an order is written (docs/rules/tyre.md,
// "Orders"): "(notation: docs/rules/tyre.md)".
std::string order_notation();

}  // namespace naumachia::tyre
