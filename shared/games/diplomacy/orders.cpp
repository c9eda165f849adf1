// Order notation: lenient parsing as players write orders, canonical output.
#include <algorithm>

#include "core/text.h"
#include "games/diplomacy/notation.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

using notation::Cursor;
using notation::is_any;
using notation::tokens;

namespace {

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
  auto dest = c.target_dest();
  if (!dest) return fail(dest.error().message);
  o.target_dest = *dest;
  if (o.kind == OrderKind::Convoy && o.target_dest.empty()) return fail("a convoy needs 'A x - y'");
  if (!c.done()) return fail("unexpected '" + c.peek() + "' after the order");
  return o;
}

Expected<Order> read_order(const Map& map, std::string_view text_in);

}  // namespace

// Every refusal of the words of an order is of notation, none of a rule.
Expected<Order> parse_order(const Map& map, std::string_view text_in) {
  auto o = read_order(map, text_in);
  if (!o) return fail(o.error().message + " " + order_notation());
  return o;
}

std::string order_notation() {
  return text::notation_cite("docs/rules/diplomacy.md");
}

namespace {

Expected<Order> read_order(const Map& map, std::string_view text_in) {
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

}  // namespace

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
