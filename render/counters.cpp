// Counters as the printed games have them: a square in the side's colour with
// the side's letter, the piece's label and the values printed on it, a badge
// for each marker on it, and a tooltip with everything the reader knows of it.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "svg_parts.h"

namespace naumachia::render::svg {

namespace {

// Okabe and Ito's palette, safe for the common kinds of colour blindness
// (BOARDS: every side is also told apart by its letter).
const char* const kSideColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#F0E442", "#000000"};
constexpr const char* kNobody = "#6B6B6B";

// The badges of the marks the games use, so that a mark keeps its badge from
// one position to the next; other marks get one made from their words.
const std::map<std::string, std::string>& known_badges() {
  static const std::map<std::string, std::string> k{
      {"damaged", "D"},      {"crippled", "C"},        {"disrupted", "Ds"},   {"exhausted", "E"},
      {"pinned", "P"},       {"grappled", "G"},        {"beached", "B"},      {"aground", "Ag"},
      {"transport", "T"},    {"fireship", "Fi"},       {"leader", "L"},       {"shaken", "Sh"},
      {"flagship", "F"},     {"fleet flagship", "FF"}, {"prize", "Pz"},       {"contact", "Co"},
      {"ram contact", "R"},  {"out of command", "OC"}, {"may act", "A"},      {"engaged", "En"},
      {"ineffective", "In"}, {"battle speed", "BS"},   {"reduced", "Rd"},     {"crew ashore", "As"},
      {"hidden", "?"},       {"evaded", "Ev"},         {"surrendered", "Su"}, {"removed", "X"},
      {"dislodged", "Dl"}};
  return k;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The first letter of each word, or the word's first letters, as candidates
// for a badge or a side's letter; the first not yet taken is used.
std::vector<std::string> abbreviations(const std::string& name) {
  std::vector<std::string> out;
  std::vector<std::string> words;
  std::string w;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w += c;
    } else if (!w.empty()) {
      words.push_back(w);
      w.clear();
    }
  }
  if (!w.empty()) words.push_back(w);
  if (words.empty()) return out;
  const std::string& first = words.front();
  out.push_back(upper(first.substr(0, 1)));
  if (words.size() > 1) out.push_back(upper(first.substr(0, 1) + words.back().substr(0, 1)));
  for (std::size_t i = 1; i < first.size(); ++i)
    out.push_back(upper(first.substr(0, 1)) + first.substr(i, 1));
  return out;
}

// WCAG relative luminance of "#RRGGBB".
double luminance(const std::string& hex) {
  const auto channel = [&](std::size_t at) {
    const double v = std::stoi(hex.substr(at, 2), nullptr, 16) / 255.0;
    return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

// Whether a mark only names the side, which the colour and letter show.
bool names_side(const std::string& mark, const std::string& side) {
  return side.find(mark) != std::string::npos;
}

}  // namespace

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
        // Control characters have no place in an XML document; a line
        // break stays (tooltips show it).
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') out += c;
    }
  }
  return out;
}

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

double text_width(const std::string& text, double size) {
  double chars = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // inside a character
    chars += (c == ' ' || c == '-' || c == '/' || c == '.') ? 0.5 : 1;
  }
  return chars * size * 0.62;
}

Key::Key(const proto::View& v, const std::vector<std::string>& sides) : sides_(sides) {
  std::set<std::int64_t> seen;
  for (std::size_t s = 0; s < sides.size(); ++s) {
    owners_.push_back(static_cast<std::int64_t>(s));
    seen.insert(static_cast<std::int64_t>(s));
  }
  std::set<std::string> badges_taken;
  for (const auto& c : v.cells()) {
    if (c.owner() >= 0 && seen.insert(c.owner()).second) owners_.push_back(c.owner());
    for (const auto& t : c.tokens()) {
      if (seen.insert(t.owner()).second) owners_.push_back(t.owner());
      for (const auto& m : t.marks()) {
        if (names_side(m, name(t.owner())) || badges_.count(m)) continue;
        marks_.push_back(m);
        badges_[m] = "";
      }
    }
  }
  // Letters: the name's first where no other side shares it, else more.
  std::set<std::string> taken;
  std::map<std::string, int> firsts;
  for (const std::int64_t o : owners_) {
    const auto a = abbreviations(name(o));
    if (!a.empty()) ++firsts[a.front()];
  }
  for (const std::int64_t o : owners_) {
    if (o < 0) continue;
    std::string letter = std::to_string(o);
    for (const std::string& a : abbreviations(name(o))) {
      if ((a.size() == 1 && firsts[a] > 1) || taken.count(a)) continue;
      letter = a;
      break;
    }
    taken.insert(letter);
    letters_[o] = letter;
  }
  // Badges: the known ones first, so that an unknown mark never takes theirs.
  for (const std::string& m : marks_) {
    const auto k = known_badges().find(m);
    if (k != known_badges().end() && badges_taken.insert(k->second).second) badges_[m] = k->second;
  }
  for (const std::string& m : marks_) {
    if (!badges_[m].empty()) continue;
    std::string b;
    for (const std::string& a : abbreviations(m)) {
      if (a.size() <= 2 && !badges_taken.count(a)) {
        b = a;
        break;
      }
    }
    for (int i = 1; b.empty(); ++i) {
      if (!badges_taken.count(std::to_string(i))) b = std::to_string(i);
    }
    badges_taken.insert(b);
    badges_[m] = b;
  }
}

std::string Key::name(std::int64_t seat) const {
  if (seat >= 0 && seat < static_cast<std::int64_t>(sides_.size()))
    return sides_[static_cast<std::size_t>(seat)];
  return seat < 0 ? "nobody" : "seat " + std::to_string(seat);
}

std::string Key::colour(std::int64_t seat) const {
  if (seat < 0) return kNobody;
  return kSideColours[static_cast<std::size_t>(seat) %
                      (sizeof kSideColours / sizeof *kSideColours)];
}

std::string Key::ink(std::int64_t seat) const {
  // Whichever of near-black and white contrasts more with the colour.
  const double l = luminance(colour(seat));
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#111111" : "#FFFFFF";
}

std::string Key::letter(std::int64_t seat) const {
  const auto it = letters_.find(seat);
  return it == letters_.end() ? "" : it->second;
}

std::string Key::badge(const std::string& mark) const {
  const auto it = badges_.find(mark);
  return it == badges_.end() ? "" : it->second;
}

namespace {

constexpr double kLine = 13;  // a line of counter text
constexpr double kValueSize = 12;

// A counter's values in lines that fit its width, split at spaces.
std::vector<std::string> value_lines(const std::string& values) {
  std::vector<std::string> lines;
  std::string word;
  std::istringstream in(values);
  while (in >> word) {
    if (!lines.empty() && text_width(lines.back() + " " + word, kValueSize) <= kCounterWidth - 6)
      lines.back() += " " + word;
    else
      lines.push_back(word);
  }
  return lines;
}

// <text> squeezed to `room` when it would be wider, cut where even that
// is not enough (the tooltip has it whole).
void fitted_text(std::ostringstream& out, std::string text, Point at, double size, double room,
                 const std::string& attributes) {
  while (text_width(text, size) > room * 1.4 && text.size() > 1) text = cut(text, text.size() - 1);
  out << "<text x=\"" << num(at.x) << "\" y=\"" << num(at.y) << "\" font-size=\"" << num(size)
      << "\" " << attributes;
  if (text_width(text, size) > room)
    out << " textLength=\"" << num(room) << "\" lengthAdjust=\"spacingAndGlyphs\"";
  out << ">" << esc(text) << "</text>";
}

std::vector<std::string> badged_marks(const proto::Token& t, const Key& key) {
  std::vector<std::string> out;
  for (const auto& m : t.marks())
    if (!key.badge(m).empty()) out.push_back(m);
  return out;
}

double badge_width(const std::string& b) {
  return std::max(15.0, text_width(b, kReadable) + 7);
}

}  // namespace

Point counter_size(const proto::Token& t, const Key& key, CounterFit fit) {
  if (fit == CounterFit::Compact) {
    const std::string label = t.label().empty() ? t.kind() : t.label();
    const std::string letter = key.letter(t.owner());
    return Point{std::max(24.0, text_width(label, kReadable) +
                                    (letter.empty() ? 0 : text_width(letter, kReadable) + 3) + 8),
                 4 + kLine + (t.marks().empty() ? 2 : 7)};
  }
  const double lines = 1 + static_cast<double>(value_lines(t.values()).size());
  return Point{kCounterWidth, 4 + kLine * lines + (t.marks().empty() ? 2 : 7)};
}

void counter(std::ostringstream& out, const std::string& cell, const proto::Token& t, Point at,
             const Key& key, CounterFit fit) {
  const std::string label = t.label().empty() ? t.kind() : t.label();
  // A compact counter leaves its values to its tooltip.
  const std::vector<std::string> lines =
      fit == CounterFit::Compact ? std::vector<std::string>{} : value_lines(t.values());
  const std::vector<std::string> marks = badged_marks(t, key);
  const Point size = counter_size(t, key, fit);
  const double w = size.x, h = size.y;
  const double x0 = at.x - w / 2, y0 = at.y - h / 2;
  // The tooltip: the piece with its side and marks, its values, then its kind
  // and details, a line each.
  const std::string side = key.name(t.owner());
  std::string tip = label + " (" + side;
  for (const auto& m : t.marks())
    if (m != side) tip += ", " + m;
  tip += ")";
  if (!t.values().empty()) tip += " " + t.values();
  if (!t.kind().empty() && t.kind() != label) tip += "\n" + t.kind();
  for (const auto& d : t.details()) tip += "\n" + d;
  const std::string ink = key.ink(t.owner());
  out << "<g class=\"counter\" data-cell=\"" << esc(cell) << "\" data-token=\"" << esc(label)
      << "\" data-owner=\"" << t.owner() << "\"><title>" << esc(tip) << "</title><rect x=\""
      << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(w) << "\" height=\"" << num(h)
      << "\" rx=\"4\" fill=\"" << key.colour(t.owner())
      << "\" stroke=\"#111\" stroke-width=\"1.2\"/>";
  // The side's letter in the top left corner, the label beside it.
  const std::string letter = key.letter(t.owner());
  double label_left = x0 + 3;
  if (!letter.empty()) {
    out << "<text class=\"side-letter\" x=\"" << num(x0 + 3) << "\" y=\"" << num(y0 + 13)
        << "\" font-size=\"" << num(kReadable) << "\" font-weight=\"bold\" fill=\"" << ink << "\">"
        << esc(letter) << "</text>";
    label_left += text_width(letter, kReadable) + 3;
  }
  const double room = x0 + w - 3 - label_left;
  fitted_text(out, label, Point{label_left + room / 2, y0 + 13}, kReadable, room,
              "class=\"label\" text-anchor=\"middle\" fill=\"" + ink + "\"");
  for (std::size_t i = 0; i < lines.size(); ++i)
    fitted_text(
        out, lines[i], Point{at.x, y0 + 13 + kLine * static_cast<double>(i + 1)}, kValueSize, w - 6,
        "class=\"values\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"" + ink + "\"");
  // A badge per mark along the bottom edge, each saying what it is.
  double bx = x0 + 2;
  for (const std::string& m : marks) {
    const std::string b = key.badge(m);
    const double bw = badge_width(b);
    out << "<g class=\"mark\" data-mark=\"" << esc(m) << "\"><title>" << esc(m)
        << "</title><rect x=\"" << num(bx) << "\" y=\"" << num(y0 + h - 7) << "\" width=\""
        << num(bw) << "\" height=\"14\" rx=\"7\" fill=\"#FFFFFF\" stroke=\"#111\" "
        << "stroke-width=\"1\"/><text x=\"" << num(bx + bw / 2) << "\" y=\"" << num(y0 + h + 4)
        << "\" font-size=\"" << num(kReadable) << "\" font-weight=\"bold\" "
        << "text-anchor=\"middle\" fill=\"#111\">" << esc(b) << "</text></g>";
    bx += bw + 1;
  }
  out << "</g>";
}

void stack(std::ostringstream& out, const proto::Cell& c, Point at, const Key& key,
           CounterFit fit) {
  constexpr double kStep = 5;
  constexpr int kShown = 4;  // offsets beyond this many would leave the hex
  const int n = c.tokens_size();
  const int spread = std::min(n, kShown) - 1;
  const auto place = [&](int i) {
    const double d = (std::min(i, spread) - spread / 2.0) * kStep;
    return Point{at.x + d, at.y + d};
  };
  // The first counter on top: drawn last.
  for (int i = n - 1; i >= 0; --i) counter(out, c.id(), c.tokens(i), place(i), key, fit);
  if (n < 2) return;
  const Point top = place(0);
  const Point size = counter_size(c.tokens(0), key, fit);
  std::string names;
  for (const auto& t : c.tokens())
    names += (names.empty() ? "" : ", ") + (t.label().empty() ? t.kind() : t.label());
  const Point badge{top.x + size.x / 2, top.y - size.y / 2};
  out << "<g class=\"stack-count\" data-cell=\"" << esc(c.id()) << "\"><title>"
      << esc(std::to_string(n) + " counters: " + names) << "</title><circle cx=\"" << num(badge.x)
      << "\" cy=\"" << num(badge.y)
      << "\" r=\"8\" fill=\"#111\" stroke=\"#FFFFFF\" stroke-width=\"1\"/><text x=\""
      << num(badge.x) << "\" y=\"" << num(badge.y + 4) << "\" font-size=\"" << num(kReadable)
      << "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#FFFFFF\">" << n << "</text></g>";
}

double key_legend(std::ostringstream& out, const Key& key, double width, double y) {
  constexpr double kRow = 20;
  double x = kMargin;
  const auto wrap = [&](double needed) {
    if (x + needed > width - kMargin && x > kMargin) {
      x = kMargin;
      y += kRow;
    }
  };
  // Each side: a small counter in its colour with its letter, and its name.
  for (const std::int64_t o : key.owners()) {
    const std::string name = key.name(o), letter = key.letter(o);
    const double w = 22 + text_width(name, kReadable) + 14;
    wrap(w);
    out << "<g class=\"legend-side\"><title>" << esc(name) << "</title><rect x=\"" << num(x)
        << "\" y=\"" << num(y) << "\" width=\"18\" height=\"16\" rx=\"3\" fill=\"" << key.colour(o)
        << "\" stroke=\"#111\"/><text x=\"" << num(x + 9) << "\" y=\"" << num(y + 12)
        << "\" font-size=\"" << num(kReadable) << "\" font-weight=\"bold\" text-anchor=\"middle\" "
        << "fill=\"" << key.ink(o) << "\">" << esc(letter) << "</text><text x=\"" << num(x + 22)
        << "\" y=\"" << num(y + 12) << "\" font-size=\"" << num(kReadable) << "\">" << esc(name)
        << "</text></g>";
    x += w;
  }
  if (key.marks().empty()) return y + kRow;
  x = kMargin;
  y += kRow;
  out << "<text x=\"" << num(x) << "\" y=\"" << num(y + 12) << "\" font-size=\"" << num(kReadable)
      << "\" font-weight=\"bold\">Markers:</text>";
  x += text_width("Markers:", kReadable) + 10;
  for (const std::string& m : key.marks()) {
    const std::string b = key.badge(m);
    const double bw = badge_width(b), w = bw + 5 + text_width(m, kReadable) + 14;
    wrap(w);
    out << "<g class=\"legend-mark\"><title>" << esc(b + ": " + m) << "</title><rect x=\"" << num(x)
        << "\" y=\"" << num(y + 1) << "\" width=\"" << num(bw)
        << "\" height=\"14\" rx=\"7\" fill=\"#FFFFFF\" stroke=\"#111\"/><text x=\""
        << num(x + bw / 2) << "\" y=\"" << num(y + 12) << "\" font-size=\"" << num(kReadable)
        << "\" font-weight=\"bold\" text-anchor=\"middle\">" << esc(b) << "</text><text x=\""
        << num(x + bw + 5) << "\" y=\"" << num(y + 12) << "\" font-size=\"" << num(kReadable)
        << "\">" << esc(m) << "</text></g>";
    x += w;
  }
  return y + kRow;
}

}  // namespace naumachia::render::svg
