#pragma once
// A View drawn as an SVG picture (naumachia show --svg, replay --svg-dir; the
// server's pictures for the web client; naumachia-adjudicate --svg).
// Knows no rules: it draws the cells, counters, borders and notes the server
// sends, with a legend of the sides' colours.
#include <string>
#include <vector>

#include "naumachia.pb.h"

namespace naumachia::render {

std::string render_svg(const proto::View& view, const std::vector<std::string>& side_names,
                       const std::string& title);

}  // namespace naumachia::render
