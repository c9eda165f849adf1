// Hex boards as the printed maps have them: flat-topped hexes in columns,
// even columns half a hex lower (as the text grid prints them), each with
// its number; a ruler of column numbers along the top and bottom and of row
// numbers along the sides; terrain fills and labels, the features of hex
// sides, and counters big enough to read with a chevron on the hex side each
// ship faces.
#include <algorithm>
#include <cmath>
#include <set>

#include "svg_parts.h"

namespace naumachia::render::svg {

namespace {

constexpr double kHex = 50;    // hex radius, centre to corner
constexpr double kRuler = 24;  // the band of the rulers around the hexes
constexpr double kHexNumber = 8;
const double kApothem = std::sqrt(3.0) / 2 * kHex;  // centre to side

const char* const kDirections[] = {"N", "NE", "SE", "S", "SW", "NW"};

Point hex_centre(int col, int row) {
  return Point{col * 1.5 * kHex, row * 2 * kApothem + (col % 2 == 0 ? kApothem : 0)};
}

// The unit vector from a hex's centre through the middle of side `side`
// (0 = north, clockwise).
Point side_direction(int side) {
  const double a = (-90.0 + 60.0 * side) * M_PI / 180.0;
  return Point{std::cos(a), std::sin(a)};
}

std::string two_digits(int n) {
  return (n >= 0 && n < 10 ? "0" : "") + std::to_string(n);
}

// How edges of each kind are drawn: by the kind's place among those present.
const char* edge_dashes(std::size_t i) {
  static const char* const kDashes[] = {"", "9 4", "3 3", "12 3 3 3"};
  return kDashes[i % 4];
}

std::vector<std::string> edge_kinds(const proto::View& v) {
  std::vector<std::string> kinds;
  for (const auto& c : v.cells())
    for (const auto& e : c.edges())
      if (e.side() >= 0 && e.side() < 6 &&
          std::find(kinds.begin(), kinds.end(), e.kind()) == kinds.end())
        kinds.push_back(e.kind());
  return kinds;
}

void edge_line(std::ostringstream& out, Point a, Point b, std::size_t kind_index,
               const std::string& title) {
  const std::string dashes = edge_dashes(kind_index);
  out << "<line class=\"edge\" x1=\"" << num(a.x) << "\" y1=\"" << num(a.y) << "\" x2=\""
      << num(b.x) << "\" y2=\"" << num(b.y)
      << "\" stroke=\"#3E2723\" stroke-width=\"5\" stroke-linecap=\"round\""
      << (dashes[0] ? std::string(" stroke-dasharray=\"") + dashes + "\"" : "") << "><title>"
      << esc(title) << "</title></line>";
}

// A chevron on the hex side a piece faces, pointing out of the hex: dark
// with a light rim, to show on every fill.
void facing(std::ostringstream& out, const std::string& cell, Point hub, const proto::Token& t) {
  const Point d = side_direction(t.facing());
  const Point n{-d.y, d.x};
  const double inner = kApothem - 13, outer = kApothem - 1, half = 9;
  const Point tip{hub.x + d.x * outer, hub.y + d.y * outer};
  const Point base{hub.x + d.x * inner, hub.y + d.y * inner};
  const std::string label = t.label().empty() ? t.kind() : t.label();
  // It names its cell: a click on it is a click on the cell.
  out << "<polygon class=\"facing\" data-cell=\"" << esc(cell) << "\" points=\"" << num(tip.x)
      << "," << num(tip.y) << " " << num(base.x + n.x * half) << "," << num(base.y + n.y * half)
      << " " << num(base.x + d.x * 4) << "," << num(base.y + d.y * 4) << " "
      << num(base.x - n.x * half) << "," << num(base.y - n.y * half)
      << "\" fill=\"#111\" stroke=\"#FFFFFF\" stroke-width=\"1.5\" "
      << "stroke-linejoin=\"round\"><title>" << esc(label + " faces " + kDirections[t.facing()])
      << "</title></polygon>";
}

// The labels worth printing in the hexes: a number, or a label unlike the
// one most hexes of its terrain carry (a destroyed boom among intact ones);
// the common one is told by the fill and the terrain legend.
class Labels {
 public:
  explicit Labels(const proto::View& v) {
    std::map<std::string, std::map<std::string, int>> counts;
    for (const auto& c : v.cells()) ++counts[c.terrain()][c.label()];
    for (const auto& [terrain, labels] : counts) {
      const auto most = std::max_element(labels.begin(), labels.end(),
                                         [](auto& a, auto& b) { return a.second < b.second; });
      common_[terrain] = most->first;
    }
  }
  bool shown(const proto::Cell& c) const {
    if (c.label().empty()) return false;
    if (std::any_of(c.label().begin(), c.label().end(),
                    [](char ch) { return ch >= '0' && ch <= '9'; }))
      return true;
    return c.label() != common_.at(c.terrain());
  }

 private:
  std::map<std::string, std::string> common_;
};

}  // namespace

void draw_hexes(std::ostringstream& out, const proto::View& v, const Key& key, Point& size,
                std::map<std::string, Point>& where) {
  if (v.cells().empty()) return;
  int min_c = 1 << 30, min_r = 1 << 30, max_c = -(1 << 30), max_r = -(1 << 30);
  double min_x = 1e18, min_y = 1e18, max_x = -1e18, max_y = -1e18;
  for (const auto& c : v.cells()) {
    min_c = std::min(min_c, c.col());
    max_c = std::max(max_c, c.col());
    min_r = std::min(min_r, c.row());
    max_r = std::max(max_r, c.row());
    const Point p = hex_centre(c.col(), c.row());
    min_x = std::min(min_x, p.x);
    min_y = std::min(min_y, p.y);
    max_x = std::max(max_x, p.x);
    max_y = std::max(max_y, p.y);
  }
  const Point shift{kMargin + kRuler + kHex - min_x, kMargin + kRuler + kApothem - min_y};
  const auto at = [&](int col, int row) {
    const Point p = hex_centre(col, row);
    return Point{p.x + shift.x, p.y + shift.y};
  };
  const double top = kMargin + kRuler, bottom = max_y + shift.y + kApothem;
  const double left = kMargin + kRuler, right = max_x + shift.x + kHex;
  std::map<std::pair<int, int>, const proto::Cell*> cell_at;
  for (const auto& c : v.cells()) cell_at[{c.col(), c.row()}] = &c;

  // The rulers: column numbers above and below, row numbers on both sides
  // level with the outermost column's hex of that row.
  out << "<g class=\"ruler\" font-size=\"" << num(kReadable) << "\" fill=\"#333\">";
  for (int c = min_c; c <= max_c; ++c) {
    const double x = at(c, min_r).x;
    out << "<text x=\"" << num(x) << "\" y=\"" << num(top - 8) << "\" text-anchor=\"middle\">"
        << two_digits(c) << "</text><text x=\"" << num(x) << "\" y=\"" << num(bottom + 17)
        << "\" text-anchor=\"middle\">" << two_digits(c) << "</text>";
  }
  for (int r = min_r; r <= max_r; ++r) {
    out << "<text x=\"" << num(left - 6) << "\" y=\"" << num(at(min_c, r).y + 4)
        << "\" text-anchor=\"end\">" << two_digits(r) << "</text><text x=\"" << num(right + 6)
        << "\" y=\"" << num(at(max_c, r).y + 4) << "\">" << two_digits(r) << "</text>";
  }
  out << "</g>";

  // The hexes: fill, number and the module's label where it tells more.
  const Labels labels(v);
  for (const auto& c : v.cells()) {
    const Point p = at(c.col(), c.row());
    where[c.id()] = p;
    out << "<g class=\"cell\" data-id=\"" << esc(c.id()) << "\"><title>"
        << esc(c.id() + ": " + c.terrain() + (c.label().empty() ? "" : " (" + c.label() + ")"))
        << "</title><polygon points=\"";
    for (int k = 0; k < 6; ++k) {
      const double a = k * M_PI / 3;
      out << num(p.x + kHex * std::cos(a)) << "," << num(p.y + kHex * std::sin(a)) << " ";
    }
    out << "\" fill=\"" << cell_colour(c) << "\" stroke=\"#8A8A8A\" stroke-width=\"0.8\"/>"
        << "<text class=\"hexnum\" x=\"" << num(p.x) << "\" y=\"" << num(p.y - kApothem + 10)
        << "\" font-size=\"" << num(kHexNumber) << "\" text-anchor=\"middle\" fill=\"#333\" "
        << "fill-opacity=\"0.75\">" << esc(c.id()) << "</text>";
    if (labels.shown(c))
      out << "<text class=\"terrain-label\" x=\"" << num(p.x) << "\" y=\""
          << num(p.y + kApothem - 10) << "\" font-size=\"" << num(kReadable)
          << "\" text-anchor=\"middle\" fill=\"#222\" fill-opacity=\"0.6\">" << esc(c.label())
          << "</text>";
    out << "</g>";
  }

  // Hex sides with a feature: a wall, a boom.
  const std::vector<std::string> kinds = edge_kinds(v);
  for (const auto& c : v.cells()) {
    const Point p = at(c.col(), c.row());
    for (const auto& e : c.edges()) {
      if (e.side() < 0 || e.side() > 5) continue;
      // Side s lies between the corners at 240 + 60 s and 300 + 60 s degrees.
      const double a0 = (240.0 + 60.0 * e.side()) * M_PI / 180.0, a1 = a0 + M_PI / 3;
      const auto kind = std::find(kinds.begin(), kinds.end(), e.kind()) - kinds.begin();
      edge_line(out, Point{p.x + kHex * std::cos(a0), p.y + kHex * std::sin(a0)},
                Point{p.x + kHex * std::cos(a1), p.y + kHex * std::sin(a1)},
                static_cast<std::size_t>(kind),
                c.id() + " " + kDirections[e.side()] + ": " + e.kind());
    }
  }

  // The last step's orders, under the counters (a move passes beneath those
  // in the hexes it crossed), their ends clear of the counters in their hexes.
  std::map<std::string, Point> boxes;
  for (const auto& c : v.cells()) {
    if (c.tokens().empty()) continue;
    const Point counter = counter_size(c.tokens(0), key, CounterFit::Board);
    const double spread = 2.5 * (std::min(c.tokens_size(), 4) - 1);  // stack() offsets
    boxes[c.id()] = Point{counter.x / 2 + spread, counter.y / 2 + spread};
  }
  draw_arrows(out, v, where, key, false, 8, boxes);

  // The counters, then the facings over them.
  for (const auto& c : v.cells())
    if (!c.tokens().empty()) stack(out, c, at(c.col(), c.row()), key, CounterFit::Board);
  for (const auto& c : v.cells())
    for (const auto& t : c.tokens())
      if (t.facing() >= 0 && t.facing() < 6) facing(out, c.id(), at(c.col(), c.row()), t);

  size.x = std::max(size.x, right + kRuler + kMargin);
  size.y = std::max(size.y, bottom + kRuler + kMargin / 2);
}

double terrain_legend(std::ostringstream& out, const proto::View& v, double width, double y) {
  constexpr double kRow = 20;
  // One entry a terrain, in the order first met, with its fill and the
  // labels printed in its hexes.
  std::vector<std::string> order;
  std::map<std::string, const proto::Cell*> first;
  std::map<std::string, std::set<std::string>> labels;
  const Labels printed(v);
  for (const auto& c : v.cells()) {
    if (first.emplace(c.terrain(), &c).second) order.push_back(c.terrain());
    if (printed.shown(c)) labels[c.terrain()].insert(c.label());
  }
  double x = kMargin;
  out << "<g class=\"legend-terrain\"><text x=\"" << num(x) << "\" y=\"" << num(y + 12)
      << "\" font-size=\"" << num(kReadable) << "\" font-weight=\"bold\">Terrain:</text>";
  x += text_width("Terrain:", kReadable) + 10;
  const auto wrap = [&](double needed) {
    if (x + needed > width - kMargin && x > kMargin) {
      x = kMargin;
      y += kRow;
    }
  };
  for (const std::string& t : order) {
    std::string shown;
    for (const std::string& l : labels[t]) {
      if (shown.size() > 12) {
        shown += ",…";
        break;
      }
      shown += (shown.empty() ? "" : ",") + l;
    }
    const double sw = std::max(24.0, text_width(shown, kReadable) + 8);
    const double w = sw + 5 + text_width(t, kReadable) + 14;
    wrap(w);
    out << "<g class=\"legend-entry\"><title>" << esc(t) << "</title><rect x=\"" << num(x)
        << "\" y=\"" << num(y) << "\" width=\"" << num(sw) << "\" height=\"16\" fill=\""
        << cell_colour(*first[t]) << "\" stroke=\"#8A8A8A\"/><text x=\"" << num(x + sw / 2)
        << "\" y=\"" << num(y + 12) << "\" font-size=\"" << num(kReadable)
        << "\" text-anchor=\"middle\" fill=\"#222\">" << esc(shown) << "</text><text x=\""
        << num(x + sw + 5) << "\" y=\"" << num(y + 12) << "\" font-size=\"" << num(kReadable)
        << "\">" << esc(t) << "</text></g>";
    x += w;
  }
  const std::vector<std::string> kinds = edge_kinds(v);
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const double w = 34 + text_width(kinds[i], kReadable) + 14;
    wrap(w);
    out << "<g class=\"legend-entry\">";
    edge_line(out, Point{x + 2, y + 8}, Point{x + 28, y + 8}, i, "hex side: " + kinds[i]);
    out << "<text x=\"" << num(x + 34) << "\" y=\"" << num(y + 12) << "\" font-size=\""
        << num(kReadable) << "\">" << esc(kinds[i]) << "</text></g>";
    x += w;
  }
  out << "</g>";
  return y + kRow;
}

}  // namespace naumachia::render::svg
