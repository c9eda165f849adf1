// Tyre: parsing and formatting naval movement actions (5.0, 6.1, 17.22).
#include "games/tyre/orders.h"

#include "core/galley.h"
#include "core/text.h"

namespace naumachia::tyre {

std::string format_action(const Action& a) {
  switch (a.kind) {
    case Action::Unpin:
      return "unpin";
    case Action::Turn:
      return galley::format_turn(a.n);
    case Action::Move:
      return "move " + std::to_string(a.n);
    case Action::Back:
      return "back " + std::to_string(a.n);
    case Action::Enter:
      return galley::format_entry({a.hex, a.facing});
    case Action::Ram:
      return galley::format_ram(a.target);
  }
  return "";
}

constexpr long long kMaxHexes = 99;

Expected<Action> parse_action(std::string_view text_in) {
  const auto w = text::split(text_in);
  const std::string verb = w.empty() ? "" : text::lower(w[0]);
  long long n = 0;
  if (verb == "unpin" && w.size() == 1) return Action{Action::Unpin};
  if ((verb == "turn" && w.size() == 2) || ((verb == "l" || verb == "r") && w.size() == 1)) {
    const auto hand = galley::parse_hand(w.size() == 2 ? w[1] : w[0]);
    if (!hand) return fail("'turn' takes L or R: one hexside (5.12)");
    return Action{Action::Turn, *hand};
  }
  if ((verb == "move" || verb == "back") && w.size() == 2 && text::parse_int(w[1], n)) {
    // Refused, never truncated: no ship moves more than a few dozen hexes.
    if (n < 1 || n > kMaxHexes)
      return fail("'" + verb + " " + std::string(w[1]) + "': the number of hexes is 1 to " +
                  std::to_string(kMaxHexes) + " (5.2)");
    return Action{verb == "move" ? Action::Move : Action::Back, static_cast<int>(n)};
  }
  if (const auto entry = galley::parse_entry(w, "enter 3401 facing S", order_notation())) {
    if (!*entry) return unexpected(entry->error());
    Action a{Action::Enter};
    a.hex = (*entry)->hex;
    a.facing = (*entry)->facing;
    return a;
  }
  if (auto target = galley::parse_ram(w)) {
    Action a{Action::Ram};
    a.target = std::move(*target);
    return a;
  }
  return fail("'" + std::string(text::trim(text_in)) +
              "' is not a movement action (turn L|R, move N, back N, ram SHIP, unpin, enter HEX "
              "facing DIR) (5.0, 6.1)");
}

// "T7: turn R, move 3" -> ("T7", "turn R, move 3").
Expected<std::pair<std::string, std::string>> split_line(std::string_view line) {
  return text::split_order(line, "T7: turn R, move 3", order_notation());
}

std::string order_notation() {
  return text::notation_cite("docs/rules/tyre.md");
}

}  // namespace naumachia::tyre
