// Tyre: parsing and formatting naval movement actions (5.0, 6.1, 17.22).
#include "games/tyre/orders.h"

#include "core/text.h"

namespace naumachia::tyre {

std::string format_action(const Action& a) {
  switch (a.kind) {
    case Action::Unpin:
      return "unpin";
    case Action::Turn:
      return a.n < 0 ? "turn L" : "turn R";
    case Action::Move:
      return "move " + std::to_string(a.n);
    case Action::Back:
      return "back " + std::to_string(a.n);
    case Action::Enter:
      return "enter " + hex::format_hex(a.hex) + " facing " + hex::name(a.facing);
    case Action::Ram:
      return "ram " + a.target;
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
    const std::string d = text::lower(w.size() == 2 ? w[1] : w[0]);
    if (d == "l" || d == "left") return Action{Action::Turn, -1};
    if (d == "r" || d == "right") return Action{Action::Turn, 1};
    return fail("'turn' takes L or R");
  }
  if ((verb == "move" || verb == "back") && w.size() == 2 && text::parse_int(w[1], n)) {
    // Refused, never truncated: no ship moves more than a few dozen hexes.
    if (n < 1 || n > kMaxHexes)
      return fail("'" + verb + " " + std::string(w[1]) + "': the number of hexes is 1 to " +
                  std::to_string(kMaxHexes));
    return Action{verb == "move" ? Action::Move : Action::Back, static_cast<int>(n)};
  }
  if (verb == "enter" && w.size() == 4 && text::lower(w[2]) == "facing") {
    const auto h = hex::parse_hex(w[1]);
    const auto d = hex::parse_dir(w[3]);
    if (!h || !d) return fail("'enter HEX facing DIR', e.g. 'enter 3401 facing S'");
    Action a{Action::Enter};
    a.hex = *h;
    a.facing = *d;
    return a;
  }
  if (verb == "ram" && w.size() == 2) {
    Action a{Action::Ram};
    a.target = std::string(w[1]);
    a.target = text::upper(a.target);
    return a;
  }
  return fail("'" + std::string(text::trim(text_in)) +
              "' is not a movement action (turn L|R, move N, back N, ram SHIP, unpin, enter HEX "
              "facing DIR)");
}

// "T7: turn R, move 3" -> ("T7", "turn R, move 3").
Expected<std::pair<std::string, std::string>> split_line(std::string_view line) {
  return text::split_order(line, "T7: turn R, move 3");
}

}  // namespace naumachia::tyre
