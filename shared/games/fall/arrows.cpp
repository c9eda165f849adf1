#include "games/fall/arrows.h"

#include "games/diplomacy/arrows.h"
#include "games/fall/orders.h"

namespace naumachia::fall {

std::string cell_of(const Place& p) {
  return diplomacy::province_of(p.location) + (p.in_city ? " city" : "");
}

std::vector<Arrow> order_arrows(const diplomacy::Map& map, const RevealedLines& orders) {
  std::vector<Arrow> out;
  for (const auto& [seat, lines] : orders) {
    for (const std::string& line : lines) {
      const auto o = fall::parse_order(map, diplomacy::order_of_line(line));
      if (!o) continue;
      // Into or out of the city of the province it stands in: no arrow.
      if (o->kind == OrderKind::Move && !o->city_toggle)
        out.push_back(Arrow{
            cell_of(o->from), cell_of(o->to), "", ArrowKind::Move, seat.value, false, {}, {}});
      if (o->kind == OrderKind::Support || o->kind == OrderKind::Convoy)
        out.push_back(diplomacy::help_arrow(cell_of(o->from), cell_of(o->target), o->target_dest,
                                            o->kind == OrderKind::Convoy, seat));
    }
  }
  return out;
}

}  // namespace naumachia::fall
