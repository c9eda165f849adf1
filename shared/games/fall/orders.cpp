// The Fall of Constantinople's order notation (orders.h), read with the
// Diplomacy module's tokens and cursor (games/diplomacy/notation.h).
#include "games/fall/orders.h"

#include <cctype>
#include <limits>

#include "core/text.h"
#include "games/diplomacy/notation.h"

namespace naumachia::fall {

using diplomacy::notation::Cursor;
using diplomacy::notation::is_any;

namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// "2a/1f", "a/f", "3a", "f", "army": the units an order names, or nullopt.
std::optional<Units> units_word(std::string_view w) {
  if (w == "army") return Units{1, 0};
  if (w == "fleet") return Units{0, 1};
  Units u;
  std::size_t i = 0;
  bool any = false;
  while (i < w.size()) {
    std::size_t j = i;
    while (j < w.size() && std::isdigit(static_cast<unsigned char>(w[j]))) ++j;
    if (j >= w.size() || j - i > 2) return std::nullopt;
    const int n = j == i ? 1 : std::stoi(std::string(w.substr(i, j - i)));
    if (n < 1) return std::nullopt;
    if (w[j] == 'a' && u.armies == 0) {
      u.armies = n;
    } else if (w[j] == 'f' && u.fleets == 0) {
      u.fleets = n;
    } else {
      return std::nullopt;
    }
    any = true;
    i = j + 1;
    if (i < w.size()) {
      if (w[i] != '/') return std::nullopt;
      ++i;
    }
  }
  return any ? std::optional<Units>(u) : std::nullopt;
}

struct Reader {
  Cursor c;

  Expected<Order> done(Order o) {
    if (!c.done()) return fail("unexpected '" + c.peek() + "' after the order");
    return o;
  }

  // Units: "2A/1F", or "2 A", or a bare "A".
  Expected<Units> units() {
    if (all_digits(c.peek()) && c.i + 1 < c.t.size()) {
      if (auto u = units_word(c.peek() + c.t[c.i + 1])) {
        c.i += 2;
        return *u;
      }
    }
    if (auto u = units_word(c.peek())) {
      ++c.i;
      return *u;
    }
    return fail("an order starts with its units: 'A', 'F', '2A', '2A/1F', ...");
  }

  // "ath", "city of ath", "ath city", "island of kos", or a bare "city"
  // (which names the city of the order's other province).
  Expected<Place> place(bool* unnamed_city = nullptr) {
    if (unnamed_city) *unnamed_city = false;
    if (is_any(c.peek(), {"city", "town"})) {
      ++c.i;
      if (c.peek() == "of") {
        ++c.i;
        auto loc = c.location();
        if (!loc) return fail(loc.error().message);
        return Place{*loc, true};
      }
      if (!unnamed_city) return fail("say which city: 'city of X'");
      *unnamed_city = true;
      return Place{"", true};
    }
    if (is_any(c.peek(), {"island", "province", "field"}) && c.i + 1 < c.t.size() &&
        c.t[c.i + 1] == "of")
      c.i += 2;
    auto loc = c.location();
    if (!loc) return fail(loc.error().message);
    Place p{*loc, false};
    if (is_any(c.peek(), {"city", "town"})) {  // "ath city"
      ++c.i;
      p.in_city = true;
    }
    return p;
  }

  Expected<int> number(const char* what) {
    if (!all_digits(c.peek())) return fail(std::string("say how much ") + what);
    const std::string& digits = c.t[c.i];
    long long n = 0;
    // Every amount the rules allow has a few digits; more than an int holds
    // is refused as out of range rather than read.
    if (!text::parse_int(digits, n) || n > std::numeric_limits<int>::max())
      return fail(digits + " is too large an amount of " + what);
    ++c.i;
    return static_cast<int>(n);
  }

  Expected<Order> food(bool buying) {
    Order o;
    auto n = number("food");
    if (!n) return fail(n.error().message);
    o.amount = *n;
    if (o.amount < 1 || o.amount > 999) return fail("an amount of food is 1 to 999");
    if (is_any(c.peek(), {"food", "f"})) ++c.i;
    if (!is_any(c.peek(), {buying ? "from" : "to"}))
      return fail(buying ? "write 'buy X food from the bank' or 'buy X food from POWER by Y£'"
                         : "write 'sell X food to POWER by Y£'");
    ++c.i;
    if (buying && is_any(c.peek(), {"the", "bank"})) {
      if (c.peek() == "the") ++c.i;
      if (c.peek() != "bank") return fail("write 'buy X food from the bank'");
      ++c.i;
      o.kind = OrderKind::BuyBank;
      return done(o);
    }
    const diplomacy::Power* p = c.map.power(c.peek());
    if (!p) return fail("'" + c.peek() + "' is not a power");
    ++c.i;
    o.other_power = p->name;
    o.kind = buying ? OrderKind::Buy : OrderKind::Sell;
    if (!is_any(c.peek(), {"by", "for", "at"})) return fail("say the price: 'by Y£'");
    ++c.i;
    auto price = number("money");
    if (!price) return fail(price.error().message);
    o.price = *price;
    if (o.price < 0 || o.price > 9999) return fail("a price is 0 to 9999£");
    if (is_any(c.peek(), {"l", "pounds", "pound"})) ++c.i;
    return done(o);
  }

  Expected<Order> build() {
    Order o;
    o.kind = OrderKind::Build;
    if (is_any(c.peek(), {"mercenary", "mercenaries", "m"})) {
      ++c.i;
      o.mercenary = true;
      if (is_any(c.peek(), {"a", "army"})) ++c.i;
      o.units = {1, 0};
    } else {
      auto u = units();
      if (!u) return fail("say what to build: 'build A X', 'build F X', 'build mercenary X'");
      if (u->armies + u->fleets != 1) return fail("build one unit an order");
      o.units = *u;
    }
    if (is_any(c.peek(), {"in", "at"})) ++c.i;
    auto p = place();
    if (!p) return fail(p.error().message);
    // FoC Building c: in cities; a fleet in Messinia or West Thrace keeps its coast.
    o.from = Place{p->location, true};
    return done(o);
  }

  Expected<Order> listed(OrderKind kind) {
    Order o;
    o.kind = kind;
    auto u = units();
    if (!u) return fail(u.error().message);
    o.units = *u;
    auto p = place();
    if (!p) return fail(p.error().message);
    o.from = *p;
    // Multiplicity Plus (10): the fleets' owner names another power's army
    // to disband at sea, "disband A aeg of Venice".
    if (kind == OrderKind::Disband && c.peek() == "of") {
      ++c.i;
      const diplomacy::Power* owner = c.map.power(c.peek());
      if (!owner) return fail("'" + c.peek() + "' is not a power");
      ++c.i;
      o.other_power = owner->name;
    }
    return done(o);
  }

  Expected<Order> target(Order o) {
    auto u = units();
    o.target_units = u ? *u : Units{};
    auto p = place();
    if (!p) return fail(p.error().message);
    o.target = *p;
    auto dest = c.target_dest();
    if (!dest) return fail(dest.error().message);
    o.target_dest = *dest;
    if (o.kind == OrderKind::Convoy && o.target_dest.empty())
      return fail("a convoy needs 'A x - y'");
    return done(o);
  }

  Expected<Order> unit_order() {
    Order o;
    auto u = units();
    if (!u) return fail(u.error().message);
    o.units = *u;
    bool from_unnamed = false;
    auto from = place(&from_unnamed);
    if (!from) return fail(from.error().message);
    o.from = *from;
    const std::string verb = c.peek();
    if (c.done() || is_any(verb, {"h", "hold", "holds"})) {
      if (from_unnamed) return fail("say which city: 'city of X'");
      if (!c.done()) ++c.i;
      return done(o);
    }
    ++c.i;
    if (is_any(verb, {"enters", "enter", "garrisons", "garrison"})) {
      if (is_any(c.peek(), {"city", "town"})) ++c.i;
      o.kind = OrderKind::Move;
      o.to = Place{diplomacy::province_of(o.from.location), true};
      o.from.in_city = false;
      return done(o);
    }
    if (is_any(verb, {"leaves", "leave", "ungarrisons", "ungarrison"})) {
      if (is_any(c.peek(), {"city", "town"})) ++c.i;
      o.kind = OrderKind::Move;
      o.from = Place{diplomacy::province_of(o.from.location), true};
      o.to = Place{o.from.location, false};
      return done(o);
    }
    if (is_any(verb, {"-", "to", "m", "move", "moves", "r", "retreat", "retreats"})) {
      o.kind = OrderKind::Move;
      bool to_unnamed = false;
      auto to = place(&to_unnamed);
      if (!to) return fail(to.error().message);
      o.to = *to;
      if (from_unnamed && to_unnamed) return fail("say which city: 'city of X'");
      if (from_unnamed) o.from.location = diplomacy::province_of(o.to.location);
      if (to_unnamed) o.to.location = diplomacy::province_of(o.from.location);
      if (from_unnamed && o.to.in_city)
        return fail("a unit moves from a city to its province (FoC Movement c.ii)");

      // "2A Athens -> Athens": in or out, as the units stand (FoC Movement c.ii).
      o.city_toggle =
          !from_unnamed && !to_unnamed && !o.from.in_city && !o.to.in_city &&
          diplomacy::province_of(o.from.location) == diplomacy::province_of(o.to.location);
      return done(o);
    }
    if (from_unnamed) return fail("say which city: 'city of X'");
    if (is_any(verb, {"b", "besiege", "besieges"})) {
      o.kind = OrderKind::Besiege;
      if (is_any(c.peek(), {"city", "town"})) ++c.i;
      return done(o);
    }
    if (is_any(verb, {"p", "pillage", "pillages"})) {
      o.kind = OrderKind::Pillage;
      return done(o);
    }
    if (is_any(verb, {"s", "support", "supports"})) {
      o.kind = OrderKind::Support;
      return target(o);
    }
    if (is_any(verb, {"c", "convoy", "convoys"})) {
      o.kind = OrderKind::Convoy;
      return target(o);
    }
    return fail("'" + verb +
                "' is not an order: use H, -, S, C, B (besiege), P (pillage), "
                "enters city or leaves city");
  }
};

std::string strip_pounds(std::string_view raw) {
  std::string s(raw);
  for (std::size_t at = s.find("£"); at != std::string::npos; at = s.find("£"))
    s.replace(at, std::string("£").size(), " ");
  return s;
}

Expected<Order> read_order(const diplomacy::Map& map, std::string_view text);

}  // namespace

// A refusal of the words of an order is of notation, but for the one that
// cites the variant's case (a unit leaving a city, FoC Movement c.ii).
Expected<Order> parse_order(const diplomacy::Map& map, std::string_view text) {
  auto o = read_order(map, text);
  if (!o && o.error().message.find("(FoC ") == std::string::npos)
    return fail(o.error().message + " " + order_notation());
  return o;
}

std::string order_notation() {
  return text::notation_cite("docs/rules/fall-of-constantinople.md");
}

namespace {

Expected<Order> read_order(const diplomacy::Map& map, std::string_view text) {
  Reader r{Cursor{map, diplomacy::notation::tokens(map, strip_pounds(text))}};
  Cursor& c = r.c;
  if (c.done()) return fail("empty order");
  const std::string first = c.peek();
  if (first == "buy" || first == "sell") {
    ++c.i;
    return r.food(first == "buy");
  }
  if (is_any(first, {"build", "hire"})) {
    ++c.i;
    return r.build();
  }
  if (is_any(first, {"disband", "remove"})) {
    ++c.i;
    return r.listed(OrderKind::Disband);
  }
  if (is_any(first, {"unfed", "starve"})) {
    ++c.i;
    return r.listed(OrderKind::Unfed);
  }
  return r.unit_order();
}

}  // namespace

std::string format_units(Units u) {
  if (u.armies + u.fleets == 1) return u.armies ? "A" : "F";
  std::string out;
  if (u.armies) out += std::to_string(u.armies) + "A";
  if (u.fleets) out += (out.empty() ? "" : "/") + std::to_string(u.fleets) + "F";
  return out;
}

std::string format_place(const Place& p) {
  return p.in_city ? p.location.substr(0, p.location.find('/')) + " city" : p.location;
}

std::string format_order(const Order& o) {
  const std::string unit = format_units(o.units) + " " + format_place(o.from);
  switch (o.kind) {
    case OrderKind::Hold:
      return unit + " H";
    case OrderKind::Move:
      return unit + " - " + format_place(o.to);
    case OrderKind::Support:
    case OrderKind::Convoy: {
      std::string t = (o.target_units == Units{} ? "" : format_units(o.target_units) + " ") +
                      format_place(o.target);
      return unit + (o.kind == OrderKind::Support ? " S " : " C ") + t +
             (o.target_dest.empty() ? "" : " - " + o.target_dest);
    }
    case OrderKind::Besiege:
      return unit + " B";
    case OrderKind::Pillage:
      return unit + " P";
    case OrderKind::BuyBank:
      return "buy " + std::to_string(o.amount) + " food from the bank";
    case OrderKind::Buy:
      return "buy " + std::to_string(o.amount) + " food from " + o.other_power + " by " +
             std::to_string(o.price) + "£";
    case OrderKind::Sell:
      return "sell " + std::to_string(o.amount) + " food to " + o.other_power + " by " +
             std::to_string(o.price) + "£";
    case OrderKind::Build:
      return "build " + std::string(o.mercenary ? "mercenary A " : format_units(o.units) + " ") +
             o.from.location;
    case OrderKind::Disband:
      return "disband " + unit + (o.other_power.empty() ? "" : " of " + o.other_power);
    case OrderKind::Unfed:
      return "unfed " + unit;
  }
  return unit;
}

}  // namespace naumachia::fall
