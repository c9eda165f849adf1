// Order notation: lenient parsing as players write orders, canonical output.
#include <algorithm>

#include "core/text.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

namespace {

// Lower-cases, turns "spa(nc)" into "spa/nc" and "->" into "-", and splits.
// Hyphens inside province names ("Mid-Atlantic Ocean") are not moves.
std::vector<std::string> tokens(const Map& map, std::string_view raw) {
  std::string s = text::lower(raw);
  for (const auto& [name, spaced] : map.hyphenated_names()) {
    for (std::size_t at = s.find(name); at != std::string::npos; at = s.find(name, at + 1)) {
      s.replace(at, name.size(), spaced);
    }
  }
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(') {
      out += '/';
    } else if (c == ')' || c == ',' || c == '.' || c == ':') {
      out += ' ';
    } else if (c == '-' || c == '>' || c == '=') {
      if (!out.empty() && out.back() == '/') continue;
      out += " - ";
      while (i + 1 < s.size() && (s[i + 1] == '>' || s[i + 1] == '-')) ++i;
    } else {
      out += c;
    }
  }
  std::vector<std::string> t;
  for (auto piece : text::split(out)) t.emplace_back(piece);
  // "spa / nc" -> "spa/nc"
  std::vector<std::string> joined;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == "/" && !joined.empty() && i + 1 < t.size()) {
      joined.back() += "/" + t[++i];
    } else if (!t[i].empty() && t[i].front() == '/' && !joined.empty()) {
      joined.back() += t[i];
    } else if (!t[i].empty() && t[i].back() == '/' && i + 1 < t.size()) {
      joined.push_back(t[i] + t[i + 1]);
      ++i;
    } else {
      joined.push_back(t[i]);
    }
  }
  return joined;
}

bool is_any(const std::string& w, std::initializer_list<const char*> words) {
  return std::any_of(words.begin(), words.end(), [&](const char* x) { return w == x; });
}

struct Cursor {
  const Map& map;
  std::vector<std::string> t;
  std::size_t i = 0;

  bool done() const { return i >= t.size(); }
  const std::string& peek() const {
    static const std::string kEnd;
    return done() ? kEnd : t[i];
  }

  std::optional<UnitType> unit_type() {
    if (is_any(peek(), {"a", "army"})) {
      ++i;
      return UnitType::Army;
    }
    if (is_any(peek(), {"f", "fleet"})) {
      ++i;
      return UnitType::Fleet;
    }
    return std::nullopt;
  }

  // A province by id or by name (up to four words), with an optional coast.
  Expected<std::string> location() {
    if (done()) return fail("a province is missing");
    for (std::size_t n = std::min<std::size_t>(4, t.size() - i); n >= 1; --n) {
      std::string word;
      bool slash_inside = false;  // a coast may only end the span: "spa/nc s f mar" is not a name
      for (std::size_t k = 0; k < n; ++k) {
        word += (k ? " " : "") + t[i + k];
        slash_inside = slash_inside || (k + 1 < n && t[i + k].find('/') != std::string::npos);
      }
      if (slash_inside) continue;
      std::string coast;
      if (const auto slash = word.find('/'); slash != std::string::npos) {
        coast = word.substr(slash + 1);
        word = word.substr(0, slash);
      }
      const Province* p = map.lookup(word);
      if (!p) continue;
      i += n;
      if (coast.empty() && !done() && is_any(peek(), {"nc", "sc", "ec", "wc"})) coast = t[i++];
      if (coast.empty()) return p->id;
      if (coast.size() > 2 && coast.ends_with("c")) coast = coast.substr(0, 1) + "c";
      if (std::find(p->coasts.begin(), p->coasts.end(), coast) == p->coasts.end()) {
        if (p->coasts.empty()) return p->id;  // a coast on a one-coast province is noise
        return fail(p->name + " has no coast '" + coast + "'");
      }
      return p->id + "/" + coast;
    }
    return fail("'" + t[i] + "' is not a province");
  }
};

Expected<Order> parse_build_or_remove(Cursor& c, OrderKind kind) {
  Order o;
  o.kind = kind;
  const auto type = c.unit_type();
  if (!type) return fail("say which unit: 'A' or 'F'");
  o.type = *type;
  auto loc = c.location();
  if (!loc) return fail(loc.error().message);
  o.location = *loc;
  if (!c.done()) return fail("unexpected '" + c.peek() + "' after the order");
  return o;
}

// After "S" or "C": the other unit and, for a move, where it goes.
Expected<Order> parse_target(Cursor& c, Order o) {
  const auto type = c.unit_type();
  auto target = c.location();
  if (!target) return fail(target.error().message);
  o.target = *target;
  o.target_type = type.value_or(UnitType::Army);
  if (!type) {
    // The unit letter may be omitted: a fleet when the target is at sea.
    const Province* p = c.map.province(province_of(*target));
    if (p && p->terrain == Terrain::Sea) o.target_type = UnitType::Fleet;
  }
  if (c.peek() == "-" || c.peek() == "to") {
    ++c.i;
    auto dest = c.location();
    if (!dest) return fail(dest.error().message);
    o.target_dest = *dest;
  } else if (is_any(c.peek(), {"h", "hold", "holds"})) {
    ++c.i;
  }
  if (o.kind == OrderKind::Convoy && o.target_dest.empty()) return fail("a convoy needs 'A x - y'");
  if (!c.done()) return fail("unexpected '" + c.peek() + "' after the order");
  return o;
}

}  // namespace

Expected<Order> parse_order(const Map& map, std::string_view text_in) {
  Cursor c{map, tokens(map, text_in)};
  if (c.done()) return fail("empty order");
  if (is_any(c.peek(), {"build", "b"})) {
    ++c.i;
    return parse_build_or_remove(c, OrderKind::Build);
  }
  if (is_any(c.peek(), {"remove", "disband", "d"})) {
    ++c.i;
    return parse_build_or_remove(c, OrderKind::Remove);
  }
  Order o;
  const auto type = c.unit_type();
  if (!type) return fail("an order starts with the unit: 'A' or 'F' (or Build/Remove)");
  o.type = *type;
  auto loc = c.location();
  if (!loc) return fail(loc.error().message);
  o.location = *loc;
  const std::string verb = c.peek();
  if (c.done() || is_any(verb, {"h", "hold", "holds"})) {
    if (!c.done()) ++c.i;
    if (!c.done()) return fail("unexpected '" + c.peek() + "' after the order");
    return o;
  }
  ++c.i;
  if (is_any(verb, {"-", "to", "m", "move", "moves", "r", "retreat", "retreats"})) {
    o.kind = OrderKind::Move;
    auto dest = c.location();
    if (!dest) return fail(dest.error().message);
    o.dest = *dest;
    if (is_any(c.peek(), {"via", "by"})) {
      ++c.i;
      if (c.peek() == "convoy") ++c.i;
      o.via_convoy = true;
    }
    if (!c.done()) return fail("unexpected '" + c.peek() + "' after the order");
    return o;
  }
  if (is_any(verb, {"s", "support", "supports"})) {
    o.kind = OrderKind::Support;
    return parse_target(c, o);
  }
  if (is_any(verb, {"c", "convoy", "convoys"})) {
    o.kind = OrderKind::Convoy;
    return parse_target(c, o);
  }
  if (is_any(verb, {"b", "build"})) {
    o.kind = OrderKind::Build;
    return c.done() ? Expected<Order>(o) : fail("unexpected '" + c.peek() + "' after the order");
  }
  if (is_any(verb, {"d", "disband", "remove"})) {
    o.kind = OrderKind::Remove;
    return c.done() ? Expected<Order>(o) : fail("unexpected '" + c.peek() + "' after the order");
  }
  return fail("'" + verb + "' is not an order: use H, -, S, C, Build or Remove");
}

std::string format_unit(const Unit& u) {
  return std::string(u.type == UnitType::Army ? "A " : "F ") + u.location;
}

std::string format_order(const Order& o) {
  const std::string unit = std::string(o.type == UnitType::Army ? "A " : "F ") + o.location;
  const std::string target = std::string(o.target_type == UnitType::Army ? "A " : "F ") + o.target;
  switch (o.kind) {
    case OrderKind::Hold:
      return unit + " H";
    case OrderKind::Move:
      return unit + " - " + o.dest + (o.via_convoy ? " via convoy" : "");
    case OrderKind::Support:
      return unit + " S " + target + (o.target_dest.empty() ? "" : " - " + o.target_dest);
    case OrderKind::Convoy:
      return unit + " C " + target + " - " + o.target_dest;
    case OrderKind::Build:
      return "Build " + unit;
    case OrderKind::Remove:
      return "Remove " + unit;
  }
  return unit;
}

}  // namespace naumachia::diplomacy
