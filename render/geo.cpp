// Maps drawn from geography: cells with outlines (View.backdrop, Cell.outline)
// in their powers' colours, supply centres, names, units by power and the
// orders that led to the position. Like the rest of render/ it knows no rules.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "svg_parts.h"

namespace naumachia::render::svg {

namespace {

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

}  // namespace

void draw_geo_map(std::ostringstream& body, const proto::View& v, const Key& key, Point& size) {
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
  draw_arrows(body, v, where, key, !v.powers().empty());
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

}  // namespace naumachia::render::svg
