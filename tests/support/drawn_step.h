#pragma once
// The picture of the position after a step with that step's orders drawn
// (State::order_arrows), as the server draws it, read back for a test.
#include <string>
#include <vector>

#include "convert.h"
#include "core/game.h"
#include "support/svg_check.h"
#include "svg.h"

namespace naumachia::testing {

inline SvgReading picture_after(const State& next, const RevealedLines& lines,
                                const std::vector<std::string>& sides) {
  View v = next.view(std::nullopt);
  v.arrows = next.order_arrows(lines);
  proto::View pv;
  convert::to_proto(v, pv);
  return read_svg(render::render_svg(pv, sides, "after"));
}

}  // namespace naumachia::testing
