#include "games/diplomacy/arrows.h"

#include "core/text.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

std::vector<Arrow> order_arrows(const Map& map, const RevealedLines& orders) {
  std::vector<Arrow> out;
  for (const auto& [seat, lines] : orders) {
    for (const std::string& line : lines) {
      std::string_view text = line;
      if (const auto colon = text.find(':'); colon != std::string_view::npos)
        text = text.substr(colon + 1);
      const auto o = parse_order(map, text::trim(text));
      if (!o) continue;
      const std::string from = province_of(o->location);
      switch (o->kind) {
        case OrderKind::Move:
          out.push_back(Arrow{from, province_of(o->dest), "", "move", seat.value});
          break;
        case OrderKind::Support:
        case OrderKind::Convoy: {
          const std::string helped = province_of(o->target);
          const std::string to = o->target_dest.empty() ? helped : province_of(o->target_dest);
          out.push_back(Arrow{from, to, helped,
                              o->kind == OrderKind::Support ? "support" : "convoy", seat.value});
          break;
        }
        default:
          break;
      }
    }
  }
  return out;
}

}  // namespace naumachia::diplomacy
