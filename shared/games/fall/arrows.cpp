#include "games/fall/arrows.h"

#include "core/text.h"
#include "games/fall/orders.h"

namespace naumachia::fall {

namespace {

std::string cell_of(const Place& p) {
  return diplomacy::province_of(p.location) + (p.in_city ? " city" : "");
}

}  // namespace

std::vector<Arrow> order_arrows(const diplomacy::Map& map, const RevealedLines& orders) {
  std::vector<Arrow> out;
  for (const auto& [seat, lines] : orders) {
    for (const std::string& line : lines) {
      std::string_view text = line;
      if (const auto colon = text.find(':'); colon != std::string_view::npos)
        text = text.substr(colon + 1);
      const auto o = parse_order(map, text::trim(text));
      if (!o) continue;
      switch (o->kind) {
        case OrderKind::Move:
          // Into or out of the city of the province it stands in: no arrow.
          if (o->city_toggle) break;
          out.push_back(Arrow{cell_of(o->from), cell_of(o->to), "", "move", seat.value});
          break;
        case OrderKind::Support:
        case OrderKind::Convoy: {
          const std::string helped = cell_of(o->target);
          const std::string to =
              o->target_dest.empty() ? helped : diplomacy::province_of(o->target_dest);
          out.push_back(Arrow{cell_of(o->from), to, helped,
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

}  // namespace naumachia::fall
