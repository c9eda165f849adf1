// A View drawn as SVG. Like the text renderer it knows no rules: hex boards
// are drawn from the cells' columns and rows (flat-topped hexes in columns,
// even columns half a hex lower, as the text grid prints them), province maps
// from the cells' positions on the map's canvas with lines to their
// neighbours, and boards with neither as a grid of boxes. Counters carry
// their side's colour, label, facing and marks; a legend names the sides.
// On maps the orders that led to the position are arrows.
#include "svg.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace naumachia::render {

namespace {

constexpr double kHex = 20;      // hex radius, centre to corner
constexpr double kCounter = 22;  // counter side
constexpr double kMargin = 30;   // around the board
constexpr double kLegendLine = 18;

const char* const kSideColours[] = {"#c0392b", "#2c6fbb", "#27ae60", "#8e44ad",
                                    "#d68910", "#16a085", "#7f8c8d", "#b03a6b"};

std::string esc(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // Control characters have no place in an XML document.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;
    }
  }
  return out;
}

// The first `n` bytes of `s`, not cutting a UTF-8 character in two.
std::string cut(const std::string& s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

std::string num(double v) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(1);
  o << v;
  return o.str();
}

std::string side_colour(std::int64_t seat) {
  if (seat < 0) return "#444444";
  return kSideColours[static_cast<std::size_t>(seat) %
                      (sizeof kSideColours / sizeof *kSideColours)];
}

std::string side_name(const std::vector<std::string>& sides, std::int64_t seat) {
  if (seat >= 0 && seat < static_cast<std::int64_t>(sides.size()))
    return sides[static_cast<std::size_t>(seat)];
  return seat < 0 ? "nobody" : "seat " + std::to_string(seat);
}

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

struct Point {
  double x = 0, y = 0;
};

// An arrow's class in the picture: "move", "support", "convoy".
const char* arrow_class(proto::ArrowKind kind) {
  switch (kind) {
    case proto::ARROW_SUPPORT:
      return "support";
    case proto::ARROW_CONVOY:
      return "convoy";
    default:
      return "move";
  }
}

// A counter: its side's colour, its label, an arrow for its facing, its marks
// as a dot and in its tooltip; it names its cell, so that a click on it is
// a click on the cell.
void counter(std::ostringstream& out, const std::string& cell, const proto::Token& t, Point at,
             const std::vector<std::string>& sides) {
  const double h = kCounter / 2;
  std::string tip = t.label().empty() ? t.kind() : t.label();
  const std::string side = side_name(sides, t.owner());
  tip += " (" + side;
  for (const auto& m : t.marks()) {
    if (m != side) tip += ", " + m;
  }
  tip += ")";
  out << "<g class=\"counter\" data-cell=\"" << esc(cell) << "\" data-owner=\"" << t.owner()
      << "\"><title>" << esc(tip) << "</title><rect x=\"" << num(at.x - h) << "\" y=\""
      << num(at.y - h) << "\" width=\"" << num(kCounter) << "\" height=\"" << num(kCounter)
      << "\" rx=\"3\" fill=\"" << side_colour(t.owner())
      << "\" stroke=\"#111\" stroke-width=\"1\"/>";
  // A damaged counter is struck through.
  if (std::any_of(t.marks().begin(), t.marks().end(),
                  [](const std::string& m) { return m.rfind("damaged", 0) == 0; }))
    out << "<line class=\"damaged\" x1=\"" << num(at.x - h) << "\" y1=\"" << num(at.y + h)
        << "\" x2=\"" << num(at.x + h) << "\" y2=\"" << num(at.y - h)
        << "\" stroke=\"#fff\" stroke-width=\"2\"/>";
  std::string label = t.label().empty() ? t.kind() : t.label();
  label = cut(label, 7);
  out << "<text x=\"" << num(at.x) << "\" y=\"" << num(at.y + 3)
      << "\" font-size=\"7\" text-anchor=\"middle\" fill=\"#fff\">" << esc(label) << "</text>";
  if (t.facing() >= 0 && t.facing() < 6) {
    // 0 = north, clockwise by hexsides.
    const double a = (-90.0 + 60.0 * t.facing()) * M_PI / 180.0;
    const Point tip_at{at.x + std::cos(a) * (h + 6), at.y + std::sin(a) * (h + 6)};
    const Point l{at.x + std::cos(a - 0.35) * h, at.y + std::sin(a - 0.35) * h};
    const Point r{at.x + std::cos(a + 0.35) * h, at.y + std::sin(a + 0.35) * h};
    out << "<polygon class=\"facing\" points=\"" << num(tip_at.x) << "," << num(tip_at.y) << " "
        << num(l.x) << "," << num(l.y) << " " << num(r.x) << "," << num(r.y)
        << "\" fill=\"#111\"/>";
  }
  const bool marked = std::any_of(t.marks().begin(), t.marks().end(), [&](const std::string& m) {
    return side.find(m) == std::string::npos;  // beyond naming its side
  });
  if (marked)
    out << "<circle class=\"mark\" cx=\"" << num(at.x + h - 3) << "\" cy=\"" << num(at.y - h + 3)
        << "\" r=\"3\" fill=\"#f1c40f\" stroke=\"#111\" stroke-width=\"0.5\"/>";
  out << "</g>";
}

// Counters of one cell around a point, a stack offset a little each.
void stack(std::ostringstream& out, const proto::Cell& c, Point at,
           const std::vector<std::string>& sides) {
  const int n = c.tokens_size();
  for (int i = 0; i < n; ++i) {
    const double d = (i - (n - 1) / 2.0) * 5;
    counter(out, c.id(), c.tokens(i), Point{at.x + d, at.y + d}, sides);
  }
}

Point hex_centre(int col, int row) {
  const double w = 1.5 * kHex, h = std::sqrt(3.0) * kHex;
  return Point{col * w, row * h + (col % 2 == 0 ? h / 2 : 0)};
}

void draw_hexes(std::ostringstream& body, const proto::View& v,
                const std::vector<std::string>& sides, Point& size) {
  int min_c = 1 << 30, min_r = 1 << 30, max_c = -(1 << 30), max_r = -(1 << 30);
  for (const auto& c : v.cells()) {
    min_c = std::min(min_c, c.col());
    max_c = std::max(max_c, c.col());
    min_r = std::min(min_r, c.row());
    max_r = std::max(max_r, c.row());
  }
  if (v.cells().empty()) return;
  const Point origin = hex_centre(min_c, min_r);
  const auto at = [&](const proto::Cell& c) {
    const Point p = hex_centre(c.col(), c.row());
    return Point{p.x - origin.x + kMargin + kHex, p.y - origin.y + kMargin + kHex};
  };
  for (const auto& c : v.cells()) {
    const Point p = at(c);
    body << "<polygon class=\"cell\" data-id=\"" << esc(c.id()) << "\" points=\"";
    for (int k = 0; k < 6; ++k) {
      const double a = k * M_PI / 3;
      body << num(p.x + kHex * std::cos(a)) << "," << num(p.y + kHex * std::sin(a)) << " ";
    }
    body << "\" fill=\"" << cell_colour(c) << "\" stroke=\"#777\" stroke-width=\"0.5\">"
         << "<title>"
         << esc(c.id() + " " + c.terrain() + (c.label().empty() ? "" : ": " + c.label()))
         << "</title></polygon>";
    size.x = std::max(size.x, p.x + kHex + kMargin);
    size.y = std::max(size.y, p.y + kHex + kMargin);
  }
  for (const auto& c : v.cells()) {
    if (!c.tokens().empty()) stack(body, c, at(c), sides);
  }
}

// `from` moved towards `to` by `by`.
Point towards(Point from, Point to, double by) {
  const double dx = to.x - from.x, dy = to.y - from.y, d = std::hypot(dx, dy);
  if (d <= by) return from;
  return Point{from.x + dx * by / d, from.y + dy * by / d};
}

// The orders of the step that led here, in their side's colour: a move a
// solid arrow, a support dashed and a convoy dotted, each towards the helped
// unit's path (the middle of its move; the unit itself for a support to
// hold). Ends stop at the cells' rims, clear of the counters.
// A failed order (Arrow.failed) is drawn in red, dashed, with a cross at its
// head. On maps of powers the orders are dark: a seat may play several
// powers, and the units say whose they are.
void draw_arrows(std::ostringstream& body, const proto::View& v,
                 const std::map<std::string, Point>& where, bool dark) {
  constexpr double kRim = 17, kHead = 11;
  for (const auto& a : v.arrows()) {
    const auto from = where.find(a.from()), to = where.find(a.to());
    if (from == where.end() || to == where.end()) continue;
    if (a.kind() == proto::ARROW_UNKNOWN) continue;
    const bool move = a.kind() == proto::ARROW_MOVE;
    const auto via = where.find(a.via());
    if (!move && via == where.end()) continue;
    Point end = to->second;
    std::string what = a.from() + " - " + a.to();
    if (!move) {
      const bool hold = a.via() == a.to();
      end = hold ? via->second
                 : Point{(via->second.x + to->second.x) / 2, (via->second.y + to->second.y) / 2};
      what = a.from() + (a.kind() == proto::ARROW_CONVOY ? " C " : " S ") + a.via() +
             (hold ? "" : " - " + a.to());
    }
    const Point start = towards(from->second, end, kRim);
    if (move || a.via() == a.to()) end = towards(end, start, kRim);
    const Point base = towards(end, start, kHead);
    const double dx = end.x - base.x, dy = end.y - base.y;
    const std::string colour = a.failed() ? "#c0392b" : dark ? "#222222" : side_colour(a.owner());
    if (a.failed()) what += " (failed)";
    body << "<g class=\"order order-" << arrow_class(a.kind()) << "\"><title>" << esc(what)
         << "</title><line x1=\"" << num(start.x) << "\" y1=\"" << num(start.y) << "\" x2=\""
         << num(base.x) << "\" y2=\"" << num(base.y) << "\" stroke=\"" << colour
         << "\" stroke-width=\"3\" stroke-linecap=\"round\""
         << (a.kind() == proto::ARROW_CONVOY ? " stroke-dasharray=\"2 5\""
             : !move                         ? " stroke-dasharray=\"8 5\""
             : a.failed()                    ? " stroke-dasharray=\"6 4\""
                                             : "")
         << "/><polygon points=\"" << num(end.x) << "," << num(end.y) << " " << num(base.x - dy / 2)
         << "," << num(base.y + dx / 2) << " " << num(base.x + dy / 2) << ","
         << num(base.y - dx / 2) << "\" fill=\"" << colour << "\"/>";
    if (a.failed()) {
      constexpr double kCross = 6;
      body << "<path class=\"failed\" d=\"M" << num(end.x - kCross) << " " << num(end.y - kCross)
           << "L" << num(end.x + kCross) << " " << num(end.y + kCross) << "M" << num(end.x - kCross)
           << " " << num(end.y + kCross) << "L" << num(end.x + kCross) << " " << num(end.y - kCross)
           << "\" stroke=\"#c0392b\" stroke-width=\"3\"/>";
    }
    body << "</g>";
  }
}

void draw_map(std::ostringstream& body, const proto::View& v, const std::vector<std::string>& sides,
              Point& size) {
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
           << (c.owner() >= 0 ? side_colour(c.owner()) : "#555") << "\" stroke-width=\""
           << (c.owner() >= 0 ? 3 : 1) << "\"/>";
    else
      body << "<circle cx=\"" << num(p.x) << "\" cy=\"" << num(p.y) << "\" r=\"16\" fill=\""
           << cell_colour(c) << "\" stroke=\"" << (c.owner() >= 0 ? side_colour(c.owner()) : "#999")
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
  draw_arrows(body, v, where, false);
  for (const auto& c : v.cells()) {
    if (!c.tokens().empty()) stack(body, c, where[c.id()], sides);
  }
  size.x = std::max(size.x, v.width() + 2 * kMargin);
  size.y = std::max(size.y, v.height() + 2 * kMargin);
}

// Maps drawn from geography (cells with outlines), coloured by power.
// The palette follows the powers' order in the view (View.powers), in the
// colours players know for Diplomacy's powers where the colour-blind-safe
// palette has them: red, blue, light blue, black, green, purple, yellow.
constexpr const char* kPowerColours[] = {"#D55E00", "#0072B2", "#56B4E9", "#000000",
                                         "#009E73", "#CC79A7", "#F0E442", "#E69F00"};
constexpr const char* kSea = "#a7c8e6";
constexpr const char* kLand = "#efe4c4";
constexpr const char* kImpassable = "#cdc6b4";

struct PowerKey {
  std::string colour;
  std::string letter;
  bool light = false;  // dark text on it
};

// Each power's colour and letter (its first, or two where first letters
// clash).
std::map<std::string, PowerKey> power_keys(const proto::View& v) {
  std::map<std::string, PowerKey> keys;
  std::map<char, int> firsts;
  for (const auto& p : v.powers())
    if (!p.empty()) ++firsts[p[0]];
  constexpr std::size_t n = sizeof kPowerColours / sizeof *kPowerColours;
  for (int i = 0; i < v.powers_size(); ++i) {
    const std::string& p = v.powers(i);
    if (p.empty()) continue;
    PowerKey k{kPowerColours[static_cast<std::size_t>(i) % n],
               p.substr(0, firsts[p[0]] > 1 ? 2 : 1), false};
    k.light = k.colour == "#F0E442" || k.colour == "#56B4E9" || k.colour == "#E69F00";
    keys[p] = k;
  }
  return keys;
}

const PowerKey& key_of(const std::map<std::string, PowerKey>& keys, const std::string& power) {
  static const PowerKey kNobody{"#777777", "?", false};
  const auto it = keys.find(power);
  return it == keys.end() ? kNobody : it->second;
}

// A unit: an army a disc, a fleet a hull, in its power's colour with the
// power's letter; a dislodged unit smaller, beside the other, in a dashed
// red ring.
void map_unit(std::ostringstream& out, const std::string& cell, const proto::Token& t, Point at,
              const std::map<std::string, PowerKey>& keys, bool in_key = false) {
  const std::string power = t.marks().empty() ? "" : t.marks(0);
  const PowerKey& k = key_of(keys, power);
  const bool dislodged =
      std::find(t.marks().begin(), t.marks().end(), "dislodged") != t.marks().end();
  const double r = dislodged ? 8.5 : 11;
  std::string tip = (t.label().empty() ? t.kind() : t.label()) + " (" + power;
  for (int i = 1; i < t.marks_size(); ++i) tip += ", " + t.marks(i);
  tip += ")";
  if (in_key)
    out << "<g class=\"key-unit\"><title>" << esc(t.kind()) << "</title>";
  else
    out << "<g class=\"counter\" data-kind=\"" << esc(t.kind()) << "\" data-cell=\"" << esc(cell)
        << "\" data-token=\"" << esc(t.label()) << "\"><title>" << esc(tip) << "</title>";
  if (dislodged)
    out << "<circle cx=\"" << num(at.x) << "\" cy=\"" << num(at.y) << "\" r=\"" << num(r + 4)
        << "\" class=\"dislodged\" fill=\"#fff\" fill-opacity=\"0.6\" stroke=\"#c0392b\" "
           "stroke-width=\"2.5\" stroke-dasharray=\"4 2\"/>";
  const std::string stroke = k.light ? "#333" : "#fff";
  if (t.kind() == "fleet")
    out << "<polygon points=\"" << num(at.x - r * 1.3) << "," << num(at.y - r * 0.55) << " "
        << num(at.x + r * 1.3) << "," << num(at.y - r * 0.55) << " " << num(at.x + r * 0.8) << ","
        << num(at.y + r * 0.8) << " " << num(at.x - r * 0.8) << "," << num(at.y + r * 0.8)
        << "\" fill=\"" << k.colour << "\" stroke=\"" << stroke << "\" stroke-width=\"1.5\"/>";
  else
    out << "<circle cx=\"" << num(at.x) << "\" cy=\"" << num(at.y) << "\" r=\"" << num(r)
        << "\" fill=\"" << k.colour << "\" stroke=\"" << stroke << "\" stroke-width=\"1.5\"/>";
  out << "<text x=\"" << num(at.x) << "\" y=\"" << num(at.y + (dislodged ? 4 : 4.5))
      << "\" font-size=\"" << (dislodged ? 11 : 13) << "\" font-weight=\"bold\" "
      << "text-anchor=\"middle\" fill=\"" << (k.light ? "#111" : "#fff") << "\">" << esc(k.letter)
      << "</text>";
  // The printed values (a variant's count of units in the group) on a tag.
  if (!t.values().empty())
    out << "<rect x=\"" << num(at.x + r * 0.55) << "\" y=\"" << num(at.y - r - 5) << "\" width=\""
        << num(4 + 7.0 * static_cast<double>(t.values().size()))
        << "\" height=\"13\" rx=\"3\" fill=\"#fff\" stroke=\"#222\"/><text x=\""
        << num(at.x + r * 0.55 + 2 + 3.5 * static_cast<double>(t.values().size())) << "\" y=\""
        << num(at.y - r + 6) << "\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">"
        << esc(t.values()) << "</text>";
  out << "</g>";
}

// A supply centre: a ring in its owner's colour, white when nobody's.
void centre_marker(std::ostringstream& out, Point at, const std::string& colour) {
  out << "<circle class=\"centre\" cx=\"" << num(at.x) << "\" cy=\"" << num(at.y)
      << "\" r=\"5.5\" fill=\"" << colour << "\" stroke=\"#222\" stroke-width=\"1.5\"/>"
      << "<circle cx=\"" << num(at.x) << "\" cy=\"" << num(at.y)
      << "\" r=\"2\" fill=\"#fff\" stroke=\"none\"/>";
}

// A city (a cell of terrain "city" without outline): a small tower in its
// owner's colour, white when nobody's; its name is its tooltip.
void city_marker(std::ostringstream& out, Point at, const std::string& colour) {
  out << "<path class=\"city\" d=\"M" << num(at.x - 6) << " " << num(at.y + 5) << "V"
      << num(at.y - 3) << "h2.4v-3h2.4v3h2.4v-3h2.4v3h2.4v8Z\" fill=\"" << colour
      << "\" stroke=\"#222\" stroke-width=\"1.3\" stroke-linejoin=\"round\"/>";
}

bool is_city(const proto::Cell& c) {
  return c.terrain() == "city";
}

void draw_geo_map(std::ostringstream& body, const proto::View& v, Point& size) {
  const auto keys = power_keys(v);
  std::map<std::string, Point> where;
  for (const auto& c : v.cells()) where[c.id()] = Point{c.x(), c.y()};
  body << "<rect class=\"sea\" x=\"0\" y=\"0\" width=\"" << num(v.width()) << "\" height=\""
       << num(v.height()) << "\" fill=\"" << kSea << "\"/>";
  // The land once, used for the backdrop and inside water islands.
  if (!v.backdrop().empty())
    body << "<defs><path id=\"land\" d=\"" << esc(v.backdrop())
         << "\"/></defs><use href=\"#land\" class=\"impassable\" fill=\"" << kImpassable
         << "\" stroke=\"#8a8170\" stroke-width=\"0.6\"><title>impassable</title></use>";
  // Seas first, then land over them, so that coasts are drawn once. Land
  // inside a water cell's outline (a water island's island) is drawn as
  // land, clipped from the backdrop.
  // A water island (a variant's sea space with an island in it) is water
  // with its island.
  const auto water = [](const proto::Cell& c) {
    return c.fill() == proto::FILL_WATER || c.terrain() == "water island";
  };
  int clip = 0;
  for (const bool sea : {true, false}) {
    for (const auto& c : v.cells()) {
      if (c.outline().empty() || water(c) != sea) continue;
      body << "<g class=\"cell\" data-id=\"" << esc(c.id()) << "\"><title>"
           << esc(c.id() + (c.label().empty() ? "" : ": " + c.label())) << "</title><path d=\""
           << esc(c.outline()) << "\" fill=\"" << (sea ? kSea : kLand) << "\" stroke=\""
           << (sea ? "#6f9ccb" : "#6d5f48") << "\" stroke-width=\"" << (sea ? "0.8" : "1")
           << "\" stroke-linejoin=\"round\"/>";
      if (sea && c.terrain() == "water island" && !v.backdrop().empty()) {
        const std::string id = "clip" + std::to_string(clip++);
        body << "<clipPath id=\"" << id << "\"><path d=\"" << esc(c.outline())
             << "\"/></clipPath><use href=\"#land\" clip-path=\"url(#" << id << ")\" fill=\""
             << kLand << "\" stroke=\"#6d5f48\" stroke-width=\"1\"/>";
      }
      if (!c.power().empty())
        body << "<path d=\"" << esc(c.outline()) << "\" fill=\"" << key_of(keys, c.power()).colour
             << "\" fill-opacity=\"0.3\" stroke=\"none\"/>";
      body << "</g>";
    }
  }
  // Walls along borders, then crossings over water (straits, land bridges).
  for (const auto& c : v.cells()) {
    for (const auto& e : c.edges()) {
      if (e.path().empty()) continue;
      const bool wall = e.kind() == "wall";
      const std::string tip = e.kind() + ": " + c.id() + " - " + e.to();
      body << "<g class=\"" << (wall ? "wall" : "crossing") << "\"><title>" << esc(tip)
           << "</title>";
      if (wall)
        body << "<path d=\"" << esc(e.path()) << "\" fill=\"none\" stroke=\"#4e342e\" "
             << "stroke-width=\"5\" stroke-linecap=\"round\"/><path d=\"" << esc(e.path())
             << "\" fill=\"none\" stroke=\"#d7ccc8\" stroke-width=\"2\" stroke-dasharray=\"3 3\"/>";
      else if (e.kind() == "land bridge")
        body << "<path d=\"" << esc(e.path()) << "\" fill=\"none\" stroke=\"#6d4c41\" "
             << "stroke-width=\"7\" stroke-linecap=\"round\"/><path d=\"" << esc(e.path())
             << "\" fill=\"none\" stroke=\"" << kLand
             << "\" stroke-width=\"3\" stroke-linecap=\"round\"/>";
      else
        body << "<path d=\"" << esc(e.path()) << "\" fill=\"none\" stroke=\"#1f4e79\" "
             << "stroke-width=\"2.5\" stroke-dasharray=\"5 3\" stroke-linecap=\"round\"/>";
      body << "</g>";
    }
  }
  // Names, each below its unit's place, the supply centres left of them;
  // cities where they stand.
  for (const auto& c : v.cells()) {
    const Point p = where[c.id()];
    if (is_city(c)) {
      body << "<g class=\"cell\" data-id=\"" << esc(c.id()) << "\"><title>"
           << esc(c.id() + (c.label().empty() ? "" : ": " + c.label())) << "</title>";
      city_marker(body, p, c.power().empty() ? "#ffffff" : key_of(keys, c.power()).colour);
      body << "</g>";
      continue;
    }
    if (c.outline().empty()) continue;
    const bool sea = c.fill() == proto::FILL_WATER;
    std::string name = c.id();
    if (!name.empty())
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    body << "<g class=\"name\"><title>" << esc(c.id() + (c.label().empty() ? "" : ": " + c.label()))
         << "</title>";
    if (c.supply_centre())
      centre_marker(body, Point{p.x - 19, p.y + 17},
                    c.power().empty() ? "#ffffff" : key_of(keys, c.power()).colour);
    body << "<text x=\"" << num(p.x) << "\" y=\"" << num(p.y + 22) << "\" font-size=\"12\" "
         << "text-anchor=\"middle\" fill=\"" << (sea ? "#1f4e79" : "#3b2f1e") << "\""
         << (sea ? " font-style=\"italic\"" : " font-weight=\"bold\"")
         << " paint-order=\"stroke\" stroke=\"" << (sea ? kSea : kLand) << "\" stroke-width=\"3\">"
         << esc(name) << "</text></g>";
  }
  draw_arrows(body, v, where, !v.powers().empty());
  // Units: several in one place side by side (a variant's groups, a city's
  // garrison above its marker); a dislodged one beside them.
  for (const auto& c : v.cells()) {
    Point p = where[c.id()];
    if (is_city(c)) p.y -= 16;
    int standing = 0;
    for (const auto& t : c.tokens())
      standing += std::find(t.marks().begin(), t.marks().end(), "dislodged") == t.marks().end();
    int i = 0;
    for (const auto& t : c.tokens()) {
      const bool dislodged =
          std::find(t.marks().begin(), t.marks().end(), "dislodged") != t.marks().end();
      const Point at = dislodged ? Point{p.x + 17 + 12.0 * (standing - 1), p.y - 13}
                                 : Point{p.x + 25.0 * (i++ - (standing - 1) / 2.0), p.y};
      map_unit(body, c.id(), t, at, keys);
    }
  }
  size.x = std::max(size.x, v.width());
  size.y = std::max(size.y, v.height());
}

// The legend of a map of powers: each power's colour, letter and line of
// the notes (centres, units, builds), the other notes, and what the symbols
// mean.
double geo_legend(std::ostringstream& out, const proto::View& v, double y, double width) {
  const auto keys = power_keys(v);
  constexpr double kLine = 22;
  std::set<int> used;
  const double x = kMargin;
  for (const auto& p : v.powers()) {
    const PowerKey& k = key_of(keys, p);
    std::string line = p;
    for (int i = 0; i < v.notes_size(); ++i) {
      if (v.notes(i).rfind(p + ":", 0) == 0) {
        line = v.notes(i);
        used.insert(i);
      }
    }
    out << "<g class=\"power\"><title>" << esc(line) << "</title><circle cx=\"" << num(x + 9)
        << "\" cy=\"" << num(y - 5) << "\" r=\"9\" fill=\"" << k.colour
        << "\" stroke=\"#333\"/><text x=\"" << num(x + 9) << "\" y=\"" << num(y - 0.5)
        << "\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\""
        << (k.light ? "#111" : "#fff") << "\">" << esc(k.letter) << "</text><text x=\""
        << num(x + 24) << "\" y=\"" << num(y) << "\" font-size=\"14\">" << esc(line)
        << "</text></g>";
    y += kLine;
  }
  for (int i = 0; i < v.notes_size(); ++i) {
    if (used.count(i)) continue;
    out << "<text class=\"note\" x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"14\">"
        << "<title>" << esc(v.notes(i)) << "</title>" << esc(v.notes(i)) << "</text>";
    y += kLine;
  }
  // The symbols.
  y += 8;
  std::ostringstream key;
  proto::Token army, fleet, out_unit;
  army.set_kind("army");
  fleet.set_kind("fleet");
  out_unit.set_kind("army");
  out_unit.add_marks("");
  out_unit.add_marks("dislodged");
  double kx = x + 12;
  const auto item = [&](const std::string& text) {
    key << "<text x=\"" << num(kx + 18) << "\" y=\"" << num(y + 5) << "\" font-size=\"13\">"
        << esc(text) << "</text>";
    kx += 40 + 7.0 * static_cast<double>(text.size());
    if (kx > width - 160) {
      kx = x + 12;
      y += kLine + 6;
    }
  };
  key << "<g class=\"key\"><title>What the symbols mean</title>";
  map_unit(key, "", army, Point{kx, y}, keys, true);
  item("army");
  map_unit(key, "", fleet, Point{kx, y}, keys, true);
  item("fleet");
  map_unit(key, "", out_unit, Point{kx, y}, keys, true);
  item("dislodged");
  bool centres = false, cities = false;
  std::set<std::string> edge_kinds;
  for (const auto& c : v.cells()) {
    centres = centres || c.supply_centre();
    cities = cities || is_city(c);
    for (const auto& e : c.edges())
      if (!e.path().empty()) edge_kinds.insert(e.kind());
  }
  if (centres) {
    centre_marker(key, Point{kx, y}, "#ffffff");
    item("supply centre (owner's colour)");
  }
  if (cities) {
    city_marker(key, Point{kx, y}, "#ffffff");
    item("city (owner's colour)");
  }
  const auto drawn_edge = [&](const std::string& kind, const char* colour, double stroke_width,
                              const char* dash) {
    if (!edge_kinds.count(kind)) return;
    key << "<line x1=\"" << num(kx - 12) << "\" y1=\"" << num(y) << "\" x2=\"" << num(kx + 12)
        << "\" y2=\"" << num(y) << "\" stroke=\"" << colour << "\" stroke-width=\""
        << num(stroke_width) << "\""
        << (*dash ? std::string(" stroke-dasharray=\"") + dash + "\"" : "") << "/>";
    item(kind);
  };
  drawn_edge("land bridge", "#6d4c41", 7, "");
  drawn_edge("strait", "#1f4e79", 2.5, "5 3");
  drawn_edge("wall", "#4e342e", 5, "");
  const auto line = [&](const char* dash, const char* colour, const std::string& text) {
    key << "<line x1=\"" << num(kx - 12) << "\" y1=\"" << num(y) << "\" x2=\"" << num(kx + 12)
        << "\" y2=\"" << num(y) << "\" stroke=\"" << colour << "\" stroke-width=\"3\""
        << (*dash ? std::string(" stroke-dasharray=\"") + dash + "\"" : "") << "/>";
    item(text);
  };
  line("", "#222", "move");
  line("8 5", "#222", "support");
  line("2 5", "#222", "convoy");
  line("6 4", "#c0392b", "failed");
  key << "</g>";
  out << key.str();
  return y + kLine;
}

// Boards without geometry: one box a cell, four to a row.
void draw_boxes(std::ostringstream& body, const proto::View& v,
                const std::vector<std::string>& sides, Point& size) {
  constexpr double w = 280, h = 70;
  int i = 0;
  for (const auto& c : v.cells()) {
    const double x = kMargin + (i % 4) * (w + 10), y = kMargin + (i / 4) * (h + 10);
    ++i;
    body << "<g class=\"cell\" data-id=\"" << esc(c.id()) << "\"><rect x=\"" << num(x) << "\" y=\""
         << num(y) << "\" width=\"" << num(w) << "\" height=\"" << num(h) << "\" fill=\""
         << cell_colour(c) << "\" stroke=\"#777\"/><text x=\"" << num(x + 4) << "\" y=\""
         << num(y + 12) << "\" font-size=\"9\">"
         << esc(cut(c.id() + (c.label().empty() ? "" : ": " + c.label()), 48)) << "</text></g>";
    for (int k = 0; k < c.tokens_size(); ++k)
      counter(body, c.id(), c.tokens(k), Point{x + 16 + k * (kCounter + 4), y + 44}, sides);
    size.x = std::max(size.x, x + w + kMargin);
    size.y = std::max(size.y, y + h + kMargin);
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
  std::ostringstream body;
  Point size{400, 100};
  const bool geo = has_outlines(v);
  if (v.board_kind() == proto::BOARD_HEX)
    draw_hexes(body, v, sides, size);
  else if (geo)
    draw_geo_map(body, v, size);
  else if (has_positions(v))
    draw_map(body, v, sides, size);
  else
    draw_boxes(body, v, sides, size);

  // The legend: each side's colour and name, then the view's notes.
  std::ostringstream legend;
  double y = size.y + 4;
  legend << "<g class=\"legend\">";
  std::set<std::int64_t> owners;
  for (const auto& c : v.cells()) {
    for (const auto& t : c.tokens()) owners.insert(t.owner());
    if (c.owner() >= 0) owners.insert(c.owner());
  }
  for (std::size_t s = 0; s < sides.size(); ++s) owners.insert(static_cast<std::int64_t>(s));
  if (geo) {
    y = geo_legend(legend, v, y + 24, size.x);
  } else {
    double x = kMargin;
    for (const std::int64_t o : owners) {
      const std::string name = side_name(sides, o);
      legend << "<rect x=\"" << num(x) << "\" y=\"" << num(y)
             << "\" width=\"12\" height=\"12\" fill=\"" << side_colour(o) << "\"/><text x=\""
             << num(x + 16) << "\" y=\"" << num(y + 10) << "\" font-size=\"11\">" << esc(name)
             << "</text>";
      x += 30 + 7.0 * static_cast<double>(name.size());
      if (x > size.x - 120) {
        x = kMargin;
        y += kLegendLine;
      }
    }
    y += kLegendLine + 6;
    for (const auto& n : v.notes()) {
      legend << "<text class=\"note\" x=\"" << num(kMargin) << "\" y=\"" << num(y)
             << "\" font-size=\"11\">" << esc(n) << "</text>";
      y += kLegendLine - 4;
    }
  }
  legend << "</g>";
  // Wide enough for the longest note and the title (about 6.5 units a
  // character at their sizes).
  double text_width = 8.0 * static_cast<double>(title.size());
  for (const auto& n : v.notes())
    text_width = std::max(text_width, (geo ? 8.0 : 6.5) * static_cast<double>(n.size()));
  const double width = std::max({size.x, 400.0, text_width + 2 * kMargin}),
               height = y + kMargin / 2;

  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
      << num(height + 24) << "\" viewBox=\"0 -24 " << num(width) << " " << num(height + 24)
      << "\" font-family=\"sans-serif\">\n"
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
