#include "games/diplomacy/arrows.h"

#include "core/text.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

std::string_view order_of_line(std::string_view line) {
  if (const auto colon = line.find(':'); colon != std::string_view::npos)
    line = line.substr(colon + 1);
  return text::trim(line);
}

Arrow help_arrow(std::string from, std::string helped, const std::string& dest, bool convoy,
                 PlayerId seat) {
  std::string to = dest.empty() ? helped : province_of(dest);
  return Arrow{std::move(from),
               std::move(to),
               std::move(helped),
               convoy ? ArrowKind::Convoy : ArrowKind::Support,
               seat.value,
               false,
               {},
               {}};
}

std::vector<Arrow> order_arrows(const Map& map, const RevealedLines& orders) {
  std::vector<Arrow> out;
  for (const auto& [seat, lines] : orders) {
    for (const std::string& line : lines) {
      const auto o = parse_order(map, order_of_line(line));
      if (!o) continue;
      const std::string from = province_of(o->location);
      if (o->kind == OrderKind::Move)
        out.push_back(
            Arrow{from, province_of(o->dest), "", ArrowKind::Move, seat.value, false, {}, {}});
      if (o->kind == OrderKind::Support || o->kind == OrderKind::Convoy)
        out.push_back(help_arrow(from, province_of(o->target), o->target_dest,
                                 o->kind == OrderKind::Convoy, seat));
    }
  }
  return out;
}

}  // namespace naumachia::diplomacy
