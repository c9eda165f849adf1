// A View drawn as SVG. Like the text renderer it knows no rules: hex boards
// are drawn from the cells' columns and rows (hexes.cpp), province maps from
// the cells' positions on the map's canvas with lines to their neighbours,
// and boards with neither as boxes. Counters (counters.cpp) carry their
// side's colour and letter, label, values and marks; a legend names the
// sides, the marks and a hex board's terrain. On maps the orders that led to
// the position are arrows.
#include "svg.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "svg_parts.h"

namespace naumachia::render {

namespace svg {

// The colour of a cell: its fill class, or a guess from its terrain word
// when the module gives none.
std::string cell_colour(const proto::Cell& c) {
  static const std::map<proto::Fill, std::string> kFills{
      {proto::FILL_WATER, "#85c1e9"},    {proto::FILL_COAST, "#aed6f1"},
      {proto::FILL_SHALLOWS, "#d4e6f1"}, {proto::FILL_HARBOUR, "#5dade2"},
      {proto::FILL_SHORE, "#f5deb3"},    {proto::FILL_LAND, "#e9d8a6"},
      {proto::FILL_TOWN, "#b2babb"},     {proto::FILL_WALL, "#7b7d7d"},
      {proto::FILL_BOOM, "#8d6e63"}};
  if (const auto f = kFills.find(c.fill()); f != kFills.end()) return f->second;
  const std::string& terrain = c.terrain();
  const auto has = [&](const char* w) { return terrain.find(w) != std::string::npos; };
  if (has("sea") || has("water")) return kFills.at(proto::FILL_WATER);
  if (has("land") || has("coast") || has("island")) return kFills.at(proto::FILL_LAND);
  return "#eaeded";
}

namespace {

// An arrow's class in the picture: "move", "support", "convoy", "ram", "fire", "melee".
const char* arrow_class(proto::ArrowKind kind) {
  switch (kind) {
    case proto::ARROW_SUPPORT:
      return "support";
    case proto::ARROW_CONVOY:
      return "convoy";
    case proto::ARROW_RAM:
      return "ram";
    case proto::ARROW_FIRE:
      return "fire";
    case proto::ARROW_MELEE:
      return "melee";
    default:
      return "move";
  }
}

// `from` moved towards `to` by `by`.
Point towards(Point from, Point to, double by) {
  const double dx = to.x - from.x, dy = to.y - from.y, d = std::hypot(dx, dy);
  if (d <= by) return from;
  return Point{from.x + dx * by / d, from.y + dy * by / d};
}

// How an order of each kind is drawn: a move a solid line, a support
// dashed, a convoy and fire dotted (fire thin), a ram thick with a broad
// head, a melee a thin zigzag; a failed order dashed (and red, with a cross).
struct Stroke {
  double width = 3;
  const char* dashes = "";
  double head = 11;  // the head's length (and width)
};

Stroke stroke_of(proto::ArrowKind kind, bool failed) {
  switch (kind) {
    case proto::ARROW_SUPPORT:
      return {3, "8 5", 11};
    case proto::ARROW_CONVOY:
      return {3, "2 5", 11};
    case proto::ARROW_RAM:
      return {6, failed ? "9 5" : "", 17};
    case proto::ARROW_FIRE:
      return {2.5, "0.5 5", 12};
    case proto::ARROW_MELEE:
      return {2.5, failed ? "6 4" : "", 12};
    default:
      return {3, failed ? "6 4" : "", 11};
  }
}

// A zigzag along the line through `pts`, about every 7 units.
std::vector<Point> zigzag(const std::vector<Point>& pts) {
  constexpr double kStep = 7, kAmplitude = 4;
  std::vector<Point> out{pts.front()};
  int k = 0;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const Point a = pts[i - 1], b = pts[i];
    const double dx = b.x - a.x, dy = b.y - a.y, d = std::hypot(dx, dy);
    const int n = static_cast<int>(d / kStep);
    for (int j = 1; j < n; ++j, ++k) {
      const double t = j / static_cast<double>(n), side = k % 2 ? -kAmplitude : kAmplitude;
      out.push_back(Point{a.x + dx * t - dy / d * side, a.y + dy * t + dx / d * side});
    }
    out.push_back(b);
  }
  return out;
}

// The shape of an order along `pts` (at least two points; the head at the
// last) in `colour`: a pale halo under the line, so that it reads over any
// fill, the line and its head, and a cross at the head of a failed order.
void arrow_shape(std::ostringstream& out, std::vector<Point> pts, proto::ArrowKind kind,
                 const std::string& colour, bool failed, bool sample = false) {
  const Stroke st = stroke_of(kind, failed);
  const Point end = pts.back();
  const Point base = towards(end, pts[pts.size() - 2], st.head);
  pts.back() = base;
  if (kind == proto::ARROW_MELEE) pts = zigzag(pts);
  std::string points;
  for (const Point& p : pts) points += num(p.x) + "," + num(p.y) + " ";
  out << "<polyline points=\"" << points << "\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\""
      << num(st.width + 3) << "\" stroke-opacity=\"0.6\" stroke-linejoin=\"round\"/>"
      << "<polyline points=\"" << points << "\" fill=\"none\" stroke=\"" << colour
      << "\" stroke-width=\"" << num(st.width)
      << "\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
      << (*st.dashes ? std::string(" stroke-dasharray=\"") + st.dashes + "\"" : "") << "/>";
  const double dx = end.x - base.x, dy = end.y - base.y;
  out << "<polygon points=\"" << num(end.x) << "," << num(end.y) << " " << num(base.x - dy / 2)
      << "," << num(base.y + dx / 2) << " " << num(base.x + dy / 2) << "," << num(base.y - dx / 2)
      << "\" fill=\"" << colour << "\" stroke=\"#ffffff\" stroke-width=\"0.8\"/>";
  if (failed) {
    constexpr double kCross = 6;
    out << "<path" << (sample ? "" : " class=\"failed\"") << " d=\"M" << num(end.x - kCross) << " "
        << num(end.y - kCross) << "L" << num(end.x + kCross) << " " << num(end.y + kCross) << "M"
        << num(end.x - kCross) << " " << num(end.y + kCross) << "L" << num(end.x + kCross) << " "
        << num(end.y - kCross) << "\" stroke=\"#c0392b\" stroke-width=\"3\"/>";
  }
}

constexpr const char* kFailed = "#c0392b";

}  // namespace

// The orders of the step that led here, in their side's colour (see
// stroke_of): a move along the cells it passed (Arrow.path, hex boards), a
// support or convoy towards the helped unit's path (the middle of its move;
// the unit itself for a support to hold), a ram, fire or melee from the
// attacker's cell to its target's. Ends stop `rim` from the cells' centres,
// clear of the counters. A failed order (Arrow.failed) is drawn in red,
// dashed, with a cross at its head. On maps of powers the orders are dark: a
// seat may play several powers, and the units say whose they are.
void draw_arrows(std::ostringstream& body, const proto::View& v,
                 const std::map<std::string, Point>& where, const Key& key, bool dark, double rim,
                 const std::map<std::string, Point>& boxes) {
  // Where an end at `cell` stops on the way from its centre to `toward`:
  // clear of the counters' box (half its width and height) where it has
  // one, else `rim` from the centre.
  const auto clear_of = [&](const std::string& cell, Point centre, Point toward) {
    const auto box = boxes.find(cell);
    if (box == boxes.end()) return towards(centre, toward, rim);
    const double dx = std::abs(toward.x - centre.x), dy = std::abs(toward.y - centre.y),
                 d = std::hypot(dx, dy);
    if (d == 0) return centre;
    const double out =
        std::min(dx > 0 ? box->second.x * d / dx : 1e9, dy > 0 ? box->second.y * d / dy : 1e9);
    return towards(centre, toward, out + 3);
  };
  for (const auto& a : v.arrows()) {
    if (a.kind() == proto::ARROW_UNKNOWN) continue;
    std::vector<std::string> cells{a.from()};
    cells.insert(cells.end(), a.path().begin(), a.path().end());
    cells.push_back(a.to());
    std::vector<Point> pts;
    for (const std::string& c : cells) {
      const auto p = where.find(c);
      if (p == where.end()) break;
      pts.push_back(p->second);
    }
    if (pts.size() != cells.size()) continue;
    const bool help = a.kind() == proto::ARROW_SUPPORT || a.kind() == proto::ARROW_CONVOY;
    std::string route;
    // Maps name a move's two places apart ("par - bur"), hex boards its hexes.
    const std::string sep = a.path().empty() && a.order().empty() ? " - " : "-";
    for (const std::string& c : cells) route += (route.empty() ? "" : sep) + c;
    std::string what = a.order().empty() ? route : a.order() + " (" + route + ")";
    if (help) {
      const auto via = where.find(a.via());
      if (via == where.end()) continue;
      const bool hold = a.via() == a.to();
      const Point end =
          hold ? via->second
               : Point{(via->second.x + pts.back().x) / 2, (via->second.y + pts.back().y) / 2};
      const Point start = towards(pts.front(), end, rim);
      pts = {start, hold ? towards(end, start, rim) : end};
      if (a.order().empty())
        what = a.from() + (a.kind() == proto::ARROW_CONVOY ? " C " : " S ") + a.via() +
               (hold ? "" : " - " + a.to());
    } else {
      pts.front() = clear_of(cells.front(), pts.front(), pts[1]);
      pts.back() = clear_of(cells.back(), pts.back(), pts[pts.size() - 2]);
    }
    const std::string colour = a.failed() ? kFailed : dark ? "#222222" : key.colour(a.owner());
    if (a.failed()) what += " (failed)";
    body << "<g class=\"order order-" << arrow_class(a.kind()) << "\"><title>" << esc(what)
         << "</title>";
    arrow_shape(body, pts, a.kind(), colour, a.failed());
    body << "</g>";
  }
}

double orders_legend(std::ostringstream& out, const proto::View& v, double width, double y) {
  constexpr double kRow = 20, kSample = 34;
  std::vector<proto::ArrowKind> kinds;
  bool failed = false;
  for (const auto& a : v.arrows()) {
    if (a.kind() != proto::ARROW_UNKNOWN &&
        std::find(kinds.begin(), kinds.end(), a.kind()) == kinds.end())
      kinds.push_back(a.kind());
    failed = failed || a.failed();
  }
  if (kinds.empty()) return y;
  std::sort(kinds.begin(), kinds.end());
  double x = kMargin;
  out << "<g class=\"legend-orders\"><text x=\"" << num(x) << "\" y=\"" << num(y + 12)
      << "\" font-size=\"" << num(kReadable) << "\" font-weight=\"bold\">Last orders:</text>";
  x += text_width("Last orders:", kReadable) + 10;
  const auto entry = [&](proto::ArrowKind kind, bool fail, const std::string& text) {
    const double w = kSample + 6 + text_width(text, kReadable) + 14;
    if (x + w > width - kMargin && x > kMargin) {
      x = kMargin;
      y += kRow;
    }
    out << "<g class=\"legend-entry\"><title>" << esc(text) << "</title>";
    arrow_shape(out, {Point{x, y + 8}, Point{x + kSample, y + 8}}, kind, fail ? kFailed : "#222222",
                fail, true);
    out << "<text x=\"" << num(x + kSample + 6) << "\" y=\"" << num(y + 12) << "\" font-size=\""
        << num(kReadable) << "\">" << esc(text) << "</text></g>";
    x += w;
  };
  for (const proto::ArrowKind k : kinds) entry(k, false, arrow_class(k));
  if (failed) entry(proto::ARROW_MOVE, true, "failed");
  out << "</g>";
  return y + kRow;
}

}  // namespace svg

namespace {

using namespace svg;

void draw_map(std::ostringstream& body, const proto::View& v, const Key& key, Point& size) {
  std::map<std::string, Point> where;
  for (const auto& c : v.cells()) where[c.id()] = Point{c.x() + kMargin, c.y() + kMargin};
  std::set<std::pair<std::string, std::string>> drawn;
  for (const auto& c : v.cells()) {
    for (const auto& n : c.neighbours()) {
      const auto other = where.find(n);
      if (other == where.end() || !drawn.insert(std::minmax(c.id(), n)).second) continue;
      const Point a = where[c.id()], b = other->second;
      body << "<line class=\"border\" x1=\"" << num(a.x) << "\" y1=\"" << num(a.y) << "\" x2=\""
           << num(b.x) << "\" y2=\"" << num(b.y) << "\" stroke=\"#ccc\" stroke-width=\"1\"/>";
    }
  }
  for (const auto& c : v.cells()) {
    for (const auto& e : c.edges()) {
      const auto other = where.find(e.to());
      if (other == where.end()) continue;
      const Point a = where[c.id()], b = other->second;
      body << "<line class=\"edge\" x1=\"" << num(a.x) << "\" y1=\"" << num(a.y) << "\" x2=\""
           << num((a.x + b.x) / 2) << "\" y2=\"" << num((a.y + b.y) / 2)
           << "\" stroke=\"#5d4037\" stroke-width=\"5\" stroke-dasharray=\"6 3\"><title>"
           << esc(e.kind()) << "</title></line>";
    }
  }
  for (const auto& c : v.cells()) {
    const Point p = where[c.id()];
    const bool small = c.terrain() == "city";
    body << "<g class=\"cell\" data-id=\"" << esc(c.id()) << "\"><title>"
         << esc(c.id() + (c.label().empty() ? "" : ": " + c.label())) << "</title>";
    if (small)
      body << "<rect x=\"" << num(p.x - 6) << "\" y=\"" << num(p.y - 6)
           << "\" width=\"12\" height=\"12\" fill=\"" << cell_colour(c) << "\" stroke=\""
           << (c.owner() >= 0 ? key.colour(c.owner()) : "#555") << "\" stroke-width=\""
           << (c.owner() >= 0 ? 3 : 1) << "\"/>";
    else
      body << "<circle cx=\"" << num(p.x) << "\" cy=\"" << num(p.y) << "\" r=\"16\" fill=\""
           << cell_colour(c) << "\" stroke=\"" << (c.owner() >= 0 ? key.colour(c.owner()) : "#999")
           << "\" stroke-width=\"" << (c.owner() >= 0 ? 3 : 1) << "\"/>";
    // A city's name is its province's: the tooltip says which.
    if (!small)
      body << "<text x=\"" << num(p.x) << "\" y=\"" << num(p.y - 19)
           << "\" font-size=\"9\" text-anchor=\"middle\" fill=\"#222\">" << esc(c.id())
           << "</text>";
    body << "</g>";
    size.x = std::max(size.x, p.x + 30 + kMargin);
    size.y = std::max(size.y, p.y + 30 + kMargin);
  }
  draw_arrows(body, v, where, key, false);
  for (const auto& c : v.cells()) {
    if (!c.tokens().empty()) stack(body, c, where[c.id()], key, CounterFit::Compact);
  }
  size.x = std::max(size.x, v.width() + 2 * kMargin);
  size.y = std::max(size.y, v.height() + 2 * kMargin);
}

// Boards without geometry: one box a cell, its title above its counters in
// a row, the boxes wrapping to a new row past about a screen's width; each
// box as wide as its title and counters need.
void draw_boxes(std::ostringstream& body, const proto::View& v, const Key& key, Point& size) {
  constexpr double kGap = 10, kRowWidth = 1200, kTitle = 20;
  double x = kMargin, y = kMargin, row_height = 0;
  for (const auto& c : v.cells()) {
    const std::string title = c.id() + (c.label().empty() ? "" : ": " + c.label());
    double tallest = 0;
    for (const auto& t : c.tokens())
      tallest = std::max(tallest, counter_size(t, key, CounterFit::Board).y);
    const double n = static_cast<double>(c.tokens_size());
    const double w = std::max(
                     {200.0, text_width(title, kReadable) + 12, n * (kCounterWidth + kGap) + kGap}),
                 h = kTitle + tallest + 2 * kGap;
    if (x > kMargin && x + w > kRowWidth) {
      x = kMargin;
      y += row_height + kGap;
      row_height = 0;
    }
    body << "<g class=\"cell\" data-id=\"" << esc(c.id()) << "\"><title>" << esc(title)
         << "</title><rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w)
         << "\" height=\"" << num(h) << "\" fill=\"" << cell_colour(c)
         << "\" stroke=\"#777\"/><text x=\"" << num(x + 6) << "\" y=\"" << num(y + 15)
         << "\" font-size=\"" << num(kReadable) << "\" font-weight=\"bold\">" << esc(title)
         << "</text></g>";
    for (int k = 0; k < c.tokens_size(); ++k)
      counter(body, c.id(), c.tokens(k),
              Point{x + kGap + kCounterWidth / 2 + k * (kCounterWidth + kGap),
                    y + kTitle + kGap + tallest / 2},
              key, CounterFit::Board);
    size.x = std::max(size.x, x + w + kMargin);
    size.y = std::max(size.y, y + h + kMargin);
    x += w + kGap;
    row_height = std::max(row_height, h);
  }
}

bool has_outlines(const proto::View& v) {
  return std::any_of(v.cells().begin(), v.cells().end(),
                     [](const proto::Cell& c) { return !c.outline().empty(); });
}

bool has_positions(const proto::View& v) {
  return std::any_of(v.cells().begin(), v.cells().end(),
                     [](const proto::Cell& c) { return c.x() != 0 || c.y() != 0; });
}

}  // namespace

std::string render_svg(const proto::View& v, const std::vector<std::string>& sides,
                       const std::string& title) {
  const Key key(v, sides);
  std::ostringstream body;
  Point size{400, 100};
  const bool geo = has_outlines(v);
  std::map<std::string, Point> where;
  if (v.board_kind() == proto::BOARD_HEX)
    draw_hexes(body, v, key, size, where);
  else if (geo)
    draw_geo_map(body, v, key, size);
  else if (has_positions(v))
    draw_map(body, v, key, size);
  else
    draw_boxes(body, v, key, size);

  // Wide enough for the board, the longest note and the title.
  double widest = text_width(title, 14) + 2 * kMargin;
  for (const auto& n : v.notes()) widest = std::max(widest, text_width(n, kReadable));
  const double width = std::max({size.x, 400.0, widest + 2 * kMargin});

  // The legend: each side's colour, letter and name, the marks' badges, a
  // hex board's terrain, then the view's notes.
  std::ostringstream legend;
  legend << "<g class=\"legend\">";
  // Lines no wider than a screen, so that it reads without panning sideways.
  const double legend_width = std::min(width, 1240.0);
  double y = size.y + 4;
  if (geo) {
    // A map of powers lists each power with its line of the notes.
    y = geo_legend(legend, v, y + 24, legend_width);
  } else {
    y = key_legend(legend, key, legend_width, y);
    if (v.board_kind() == proto::BOARD_HEX) {
      y = terrain_legend(legend, v, legend_width, y);
      y = orders_legend(legend, v, legend_width, y);
    }
    y += 16;
    for (const auto& n : v.notes()) {
      legend << "<text class=\"note\" x=\"" << num(kMargin) << "\" y=\"" << num(y)
             << "\" font-size=\"" << num(kReadable) << "\">" << esc(n) << "</text>";
      y += 15;
    }
  }
  legend << "</g>";
  const double height = y + kMargin / 2;

  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
      << num(height + 24) << "\" viewBox=\"0 -24 " << num(width) << " " << num(height + 24)
      << "\" font-family=\"sans-serif\" role=\"img\" aria-label=\"" << esc(title)
      << ": the board, its counters and a legend\">\n"
      << "<title>" << esc(title) << "</title>\n"
      << "<rect x=\"0\" y=\"-24\" width=\"" << num(width) << "\" height=\"" << num(height + 24)
      << "\" fill=\"#fdfefe\"/>\n"
      << "<text x=\"" << num(kMargin) << "\" y=\"-6\" font-size=\"14\" font-weight=\"bold\">"
      << esc(title) << "</text>\n"
      << body.str() << "\n"
      << legend.str() << "\n</svg>\n";
  return out.str();
}

}  // namespace naumachia::render
