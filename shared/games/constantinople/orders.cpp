// Constantinople: the words of a movement order (14.1, 14.2, 15.1, 15.16,
// 15.64, 19.1).
#include "core/galley.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

std::string format_action(const Action& a) {
  switch (a.kind) {
    case Action::Free:
      return "free";
    case Action::Battle:
      return "battle";
    case Action::Speed:
      return "speed " + std::to_string(a.n);
    case Action::Oar:
      return "oar";
    case Action::Sail:
      return "sail";
    case Action::Turn:
      return galley::format_turn(a.n);
    case Action::Move:
      return "move " + std::to_string(a.n);
    case Action::Ram:
      return galley::format_ram(a.target);
    case Action::Enter:
      return galley::format_entry({a.hex, a.facing});
    case Action::BreakBoom:
      return "break boom";
  }
  return "";
}

Expected<Action> parse_action(std::string_view text_in) {
  const auto w = text::split(text_in);
  const std::string verb = w.empty() ? "" : text::lower(w[0]);
  Action a;
  long long n = 0;
  if (w.size() == 1 && (verb == "free" || verb == "battle" || verb == "oar" || verb == "sail")) {
    a.kind = verb == "free"     ? Action::Free
             : verb == "battle" ? Action::Battle
             : verb == "oar"    ? Action::Oar
                                : Action::Sail;
    return a;
  }
  if (verb == "break" && w.size() == 2 && text::lower(w[1]) == "boom") {
    a.kind = Action::BreakBoom;
    return a;
  }
  if (verb == "turn" && w.size() == 2) {
    const std::string d = text::lower(w[1]);
    a.kind = Action::Turn;
    a.n = galley::parse_hand(d).value_or(d == "l2" ? -2 : d == "r2" ? 2 : 0);
    if (a.n == 0)
      return fail("'turn' takes L, R (one hexside) or L2, R2 (two, sail only) (14.13, 14.25)");
    return a;
  }
  if ((verb == "move" || verb == "speed") && w.size() == 2 && text::parse_int(w[1], n)) {
    const long long lo = verb == "move" ? 1 : 0;
    if (n < lo || n > 12)
      return fail("'" + verb + " " + std::string(w[1]) + "': the number is " + std::to_string(lo) +
                  " to 12 (no ship moves more than 12; 14.16, 14.21)");
    a.kind = verb == "move" ? Action::Move : Action::Speed;
    a.n = static_cast<int>(n);
    return a;
  }
  if (auto target = galley::parse_ram(w)) {
    a.kind = Action::Ram;
    a.target = std::move(*target);
    return a;
  }
  if (const auto entry = galley::parse_entry(w, "enter 2046 facing N", order_notation())) {
    if (!*entry) return unexpected(entry->error());
    a.kind = Action::Enter;
    a.hex = (*entry)->hex;
    a.facing = (*entry)->facing;
    return a;
  }
  return fail("'" + std::string(text::trim(text_in)) +
              "' is not a movement action (move N, turn L|R|L2|R2, battle, speed N, sail, oar, "
              "ram SHIP, free, break boom, enter HEX facing DIR) (14.0, 15.1)");
}

Expected<std::pair<std::string, std::string>> split_line(std::string_view line) {
  return text::split_order(line, "G1: move 3, turn R, move 1", order_notation());
}

std::string order_notation() {
  return text::notation_cite("docs/rules/constantinople.md");
}

}  // namespace naumachia::constantinople
