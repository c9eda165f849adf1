// The Fall of Constantinople: orders choice by choice (core/choices.h). A
// decision is a power's units at one place (a province, its fleets on one
// coast, or the city in it), or a step-wide deal (the food a power buys or
// sells), or a city to build in. An order begins with the units it moves,
// any part of those standing there ("2A/1F ath", "A ath"), then what they
// do: in spring and autumn hold, move (to a neighbour, into or out of the
// city, or for armies on a coast to a coast a chain of fleets could carry
// them to), support, convoy, besiege or pillage; in the retreats retreat or
// disband, and the armies an unseaworthy A/F loses; in summer and winter the
// units disbanded or left unfed; in winter the builds. Amounts of food and
// prices are numbers given digit by digit, so that each step offers a few
// choices. Everything here is on the open board, the treasuries included
// (view.cpp): the game hides nothing but the orders themselves, and the
// proposals read nothing else.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "games/fall/arrows.h"
#include "games/fall/board.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::Map;
using diplomacy::province_of;
using diplomacy::Terrain;

namespace {

using Path = std::vector<std::string>;

// A power's units at one place: a province (its fleets on one coast) or the
// city in it. One decision orders them.
struct Stand {
  std::string power;
  std::string province;
  bool in_city = false;
  int armies = 0;
  int fleets = 0;
  std::string fleet_location;  // where its fleets stand, coast included
};

std::vector<Stand> stands_of(const Position& pos, const std::string& power) {
  std::vector<Stand> out;
  for (const Group& g : pos.groups) {
    if (g.power != power || g.count <= 0) continue;
    const std::string prov = province_of(g.place.location);
    auto it = std::find_if(out.begin(), out.end(), [&](const Stand& s) {
      return s.province == prov && s.in_city == g.place.in_city;
    });
    if (it == out.end()) it = out.insert(out.end(), Stand{power, prov, g.place.in_city, 0, 0, ""});
    if (g.type == UnitType::Army) {
      it->armies += g.count;
    } else {
      it->fleets += g.count;
      it->fleet_location = g.place.location;
    }
  }
  std::sort(out.begin(), out.end(), [](const Stand& a, const Stand& b) {
    return std::tie(a.province, a.in_city) < std::tie(b.province, b.in_city);
  });
  return out;
}

// How orders write a place, and the view's cell for it.
std::string place_text(const std::string& province, bool in_city) {
  return format_place(Place{province, in_city});
}
std::string place_cell(const std::string& province, bool in_city) {
  return cell_of(Place{province, in_city});
}

// "in Athens", "in the city of Athens", "in Messinia (wc)".
std::string where_words(const Map& map, const std::string& location, bool in_city) {
  const std::string prov = province_of(location);
  if (in_city) {
    const auto* city = map.city(prov);
    return "in the city of " + (city ? city->name : prov);
  }
  return "in " + map.place_name(location);
}

// "2 armies and 1 fleet", "an army".
std::string count_words(Units u) {
  const auto one = [](int n, const char* single, const char* plural) {
    return n == 1 ? std::string(single) : std::to_string(n) + " " + plural;
  };
  std::string out;
  if (u.armies > 0) out = one(u.armies, "an army", "armies");
  if (u.fleets > 0) out += (out.empty() ? "" : " and ") + one(u.fleets, "a fleet", "fleets");
  return out;
}

// The parts of a stand an order may name: one unit first, the whole last.
std::vector<Units> parts_of(int armies, int fleets) {
  std::vector<Units> out;
  for (int a = 0; a <= armies; ++a) {
    for (int f = 0; f <= fleets; ++f) {
      if (a + f > 0) out.push_back(Units{a, f});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](Units x, Units y) {
    return std::make_pair(x.armies + x.fleets, -x.armies) <
           std::make_pair(y.armies + y.fleets, -y.armies);
  });
  return out;
}

// The piece naming part `u` of the units at a place: " 2A/1F ath".
Piece units_piece(Units u, Units all, const std::string& province, bool in_city) {
  return {" " + format_units(u) + " " + place_text(province, in_city),
          (u == all ? "all: " : "") + count_words(u),
          {place_cell(province, in_city)}};
}

// A decision's id: what it orders, after the power when the seat plays
// several.
std::string decision_id(const Board& b, PlayerId seat, const std::string& power,
                        const std::string& what) {
  return b.seats_.powers_of(seat).size() > 1 ? power + " " + what : what;
}

// The power a decision's line begins with ("Venice:", "Venice: build").
std::string power_of(const Decision& d) {
  return d.text.substr(0, d.text.find(':'));
}

Decision stand_decision(const Board& b, PlayerId seat, const Stand& s, std::string otherwise) {
  const Units all{s.armies, s.fleets};
  const std::string at = place_text(s.province, s.in_city);
  const std::string location = s.fleets > 0 ? s.fleet_location : s.province;
  return {decision_id(b, seat, s.power, at),
          format_units(all) + " " + at + ": " + s.power + ", " + count_words(all) + " " +
              where_words(b.sc_->map(), location, s.in_city),
          s.power + ":",
          {place_cell(s.province, s.in_city)},
          std::move(otherwise)};
}

// The stand a decision orders, found again from the board; nullopt when it
// is none of the power's.
std::optional<Stand> stand_named(const Board& b, PlayerId seat, const Decision& d) {
  const std::string power = power_of(d);
  for (Stand& s : stands_of(b, power)) {
    if (decision_id(b, seat, power, place_text(s.province, s.in_city)) == d.id) return s;
  }
  return std::nullopt;
}

// The ways on from `path` of a decision whose orders begin with the units of
// a stand: the part named first, then what `options_for` lists for it.
template <class OptionsFor>
std::vector<Choice> part_ways(const Stand& s, const Path& path, const OptionsFor& options_for) {
  const Units all{s.armies, s.fleets};
  if (path.empty()) {
    std::vector<Choice> out;
    for (Units u : parts_of(s.armies, s.fleets)) {
      Piece p = units_piece(u, all, s.province, s.in_city);
      out.push_back({p.text, p.label, p.cells, false, false});
    }
    return out;
  }
  for (Units u : parts_of(s.armies, s.fleets)) {
    if (units_piece(u, all, s.province, s.in_city).text == path[0])
      return ways_among(options_for(u), Path(path.begin() + 1, path.end()));
  }
  return {};
}

// ------------------------------------------------------------ movement

// Where fleets stand that may convoy: at sea or on a water island, outside
// any city.
std::set<std::string> convoying_fleets(const Map& map, const Position& pos) {
  std::set<std::string> out;
  for (const Group& g : pos.groups) {
    if (g.type == UnitType::Fleet && !g.place.in_city && map.fleet_water(g.place.location))
      out.insert(province_of(g.place.location));
  }
  return out;
}

// The coasts armies on the coast `from` could be carried to by a chain of
// fleets beside it.
std::set<std::string> carried_to(const Map& map, const std::set<std::string>& fleets,
                                 const std::string& from) {
  std::set<std::string> out;
  const auto* p = map.province(from);
  if (!p || p->terrain != Terrain::Coast) return out;
  for (const std::string& sea : map.sea_neighbours(from)) {
    if (!fleets.count(sea)) continue;
    for (const std::string& shore : map.shores(map.fleet_chain(fleets, sea)))
      if (shore != from) out.insert(shore);
  }
  return out;
}

Piece to_piece(const Map& map, const std::string& prefix, const std::string& location,
               bool in_city) {
  return {
      " " + place_text(location, in_city),
      prefix + (in_city ? where_words(map, location, true).substr(3) : map.place_name(location)),
      {place_cell(province_of(location), in_city)}};
}

// FoC Movement c.ii: from a city only into its province; outside it, into
// the city, to a neighbour (a fleet to each coast it reaches), or for armies
// alone by convoy.
void move_options(const Board& b, const Stand& s, Units u, const std::set<std::string>& fleets,
                  std::vector<Option>& out) {
  const Map& map = b.sc_->map();
  const Piece move{" -", "move", {}};
  if (s.in_city) {
    out.push_back({move, to_piece(map, "leave the city into ", s.province, false)});
    return;
  }
  if (map.city(s.province)) out.push_back({move, to_piece(map, "into ", s.province, true)});
  std::set<std::string> seen;
  for (const std::string& n : map.any_neighbours(s.province)) {
    if (u.fleets == 0) {
      seen.insert(n);
      out.push_back({move, to_piece(map, "to ", n, false)});
      continue;
    }
    for (const std::string& loc : map.fleet_reach(s.fleet_location, n))
      out.push_back({move, to_piece(map, "to ", loc, false)});
  }
  if (u.fleets > 0) return;
  for (const std::string& to : carried_to(map, fleets, s.province)) {
    if (!seen.count(to)) out.push_back({move, to_piece(map, "by convoy to ", to, false)});
  }
}

// "Venice's 2A and Genoa's F": who stands at a place.
std::string who_stands(const Position& pos, const std::string& province, bool in_city) {
  std::string out;
  for (const Group& g : pos.groups) {
    if (g.place.in_city != in_city || province_of(g.place.location) != province) continue;
    out += (out.empty() ? "" : ", ") + units::possessive(g.power) + " " +
           format_units(Units{g.type == UnitType::Army ? g.count : 0,
                              g.type == UnitType::Fleet ? g.count : 0});
  }
  return out;
}

// A support (FoC Movement a (2)): of the units at another place, to hold
// (never a garrison's: it cannot be attacked) or to move where the
// supporters could go, a garrison only into its own province.
void support_options(const Board& b, const Stand& s, const std::set<std::string>& fleets,
                     std::vector<Option>& out) {
  const Map& map = b.sc_->map();
  const std::set<std::string> reach =
      s.in_city ? std::set<std::string>{s.province} : map.any_neighbours(s.province);
  std::set<std::pair<std::string, bool>> places;
  for (const Group& g : b.groups) places.insert({province_of(g.place.location), g.place.in_city});
  const Piece support{" S", "support", {}};
  for (const auto& [prov, in_city] : places) {
    if (prov == s.province && in_city == s.in_city) continue;
    const Piece whom{
        " " + place_text(prov, in_city),
        "the units " + where_words(map, prov, in_city) + " (" + who_stands(b, prov, in_city) + ")",
        {place_cell(prov, in_city)}};
    if (in_city) {
      // A sally, from the city into its province.
      if (reach.count(prov))
        out.push_back({support, whom, {" - " + prov, "leaving the city", {prov}}});
      continue;
    }
    if (reach.count(prov)) out.push_back({support, whom});
    std::set<std::string> into = map.any_neighbours(prov);
    for (const std::string& c : carried_to(map, fleets, prov)) into.insert(c);
    for (const std::string& to : into) {
      if (reach.count(to))
        out.push_back({support,
                       whom,
                       {" - " + to, "moving to " + map.place_name(to), {place_cell(to, false)}}});
    }
  }
}

// A convoy (fleets at sea only) of an army on a shore of the chain of fleets
// the convoying fleets are part of, to another shore of it.
void convoy_options(const Board& b, const Stand& s, Units u, const std::set<std::string>& fleets,
                    std::vector<Option>& out) {
  const Map& map = b.sc_->map();
  if (u.armies > 0 || s.in_city || !map.fleet_water(s.province)) return;
  const auto shores = map.shores(map.fleet_chain(fleets, s.province));
  std::set<std::string> armies;
  for (const Group& g : b.groups) {
    if (g.type == UnitType::Army && !g.place.in_city && shores.count(g.place.location))
      armies.insert(g.place.location);
  }
  const Piece convoy{" C", "convoy", {}};
  for (const std::string& from : armies) {
    const Piece whom{" A " + from, "the army " + where_words(map, from, false), {from}};
    for (const std::string& to : shores) {
      if (to != from) out.push_back({convoy, whom, {" - " + to, "to " + map.place_name(to), {to}}});
    }
  }
}

// Every order of part `u` of a stand in a spring or autumn, after its units:
// hold, besiege and pillage (FoC Movement c.i, c.iii), moves, supports and
// convoys.
std::vector<Option> movement_options(const Board& b, const Stand& s, Units u) {
  const Map& map = b.sc_->map();
  const auto fleets = convoying_fleets(map, b);
  std::vector<Option> out{{{" H", "hold", {}}}};
  const auto* city = map.city(s.province);
  if (!s.in_city && city) out.push_back({{" B", "besiege " + city->name, {}}});
  out.push_back(
      {{" P",
        s.in_city ? "pillage the city for its money" : "pillage the province for its food",
        {}}});
  move_options(b, s, u, fleets, out);
  support_options(b, s, fleets, out);
  convoy_options(b, s, u, fleets, out);
  return out;
}

// ------------------------------------------------------------ food

// A number given digit by digit: its first digit (" 7", with the space
// before it), then each further digit ("5"), at most `most` digits.
struct Number {
  std::string digits;
  std::size_t pieces = 0;  // of the path
};

bool is_digit_piece(const std::string& piece, bool first) {
  const std::size_t at = first ? 1 : 0;
  return piece.size() == at + 1 && (!first || piece[0] == ' ') &&
         std::isdigit(static_cast<unsigned char>(piece[at]));
}

// The number the path gives from `from` on.
Number number_at(const Path& path, std::size_t from) {
  Number n;
  if (from >= path.size() || !is_digit_piece(path[from], true)) return n;
  n.digits = path[from].substr(1);
  n.pieces = 1;
  while (from + n.pieces < path.size() && is_digit_piece(path[from + n.pieces], false)) {
    n.digits += path[from + n.pieces];
    ++n.pieces;
  }
  return n;
}

// The digits that may follow `so_far` (none yet: a first digit, from
// `least`), labelled by the number they make; a number is whole with any
// digit, and a lone 0 is the whole number.
void digit_ways(const std::string& so_far, int least, std::size_t most, const std::string& unit,
                bool whole, std::vector<Choice>& out) {
  if (so_far.size() >= most || so_far == "0") return;
  for (int d = so_far.empty() ? least : 0; d <= 9; ++d) {
    const std::string digits = so_far + std::to_string(d);
    const bool last = digits.size() == most || digits == "0";
    out.push_back(
        {(so_far.empty() ? " " : "") + std::to_string(d), digits + unit, {}, whole, whole && last});
  }
}

// FoC Building b: "buy X food from the bank", "buy X food from POWER by Y£",
// "sell X food to POWER by Y£"; X is 1 to 999, Y 0 to 9999 (orders.cpp).
std::vector<Choice> food_ways(const Board& b, const std::string& power, const Path& path) {
  if (path.empty())
    return {{" buy", "buy food", {}, false, false}, {" sell", "sell food", {}, false, false}};
  const bool buying = path[0] == " buy";
  if (!buying && path[0] != " sell") return {};
  const Number amount = number_at(path, 1);
  std::vector<Choice> out;
  if (1 + amount.pieces == path.size()) {
    if (!amount.digits.empty()) {
      if (buying)
        out.push_back({" food from the bank", "from the bank, 3£ a unit", {}, true, true});
      for (const PowerInfo& p : b.sc_->powers()) {
        if (p.name != power)
          out.push_back({std::string(buying ? " food from " : " food to ") + p.name + " by",
                         std::string(buying ? "from " : "to ") + p.name,
                         {},
                         false,
                         false});
      }
    }
    digit_ways(amount.digits, 1, 3, " food", false, out);
    return out;
  }
  const std::size_t deal = 1 + amount.pieces;
  if (amount.digits.empty() || path[deal].rfind(" food ", 0) != 0 ||
      path[deal] == " food from the bank")
    return {};
  const Number price = number_at(path, deal + 1);
  if (deal + 1 + price.pieces != path.size()) return {};
  digit_ways(price.digits, 0, 4, "£", true, out);
  return out;
}

Decision food_decision(const Board& b, PlayerId seat, const std::string& power) {
  const auto st = b.stocks.find(power);
  const Stock stock = st == b.stocks.end() ? Stock{} : st->second;
  return {decision_id(b, seat, power, "food"),
          units::possessive(power) + " food: buy or sell (" + format_stock(stock) + ")",
          power + ":",
          {},
          "no food is bought or sold (FoC Building b)"};
}

// ------------------------------------------------------------ summer and winter

// FoC Building b: units disbanded, or named to go unfed when food is short.
std::vector<Option> named_units_options(const Stand& s, Units u) {
  const Piece units = units_piece(u, Units{s.armies, s.fleets}, s.province, s.in_city);
  return {{{" disband", "disband", {}}, units}, {{" unfed", "leave unfed", {}}, units}};
}

// The ways of a summer's or winter's decision of a stand: the verb, then
// the part of the stand it names.
std::vector<Choice> named_units_ways(const Stand& s, const Path& path) {
  std::vector<Option> options;
  for (Units u : parts_of(s.armies, s.fleets)) {
    for (Option& o : named_units_options(s, u)) options.push_back(std::move(o));
  }
  return ways_among(options, path);
}

bool power_short_of_food(const Position& pos, const std::string& power) {
  const auto st = pos.stocks.find(power);
  return units::components(pos, power) > (st == pos.stocks.end() ? 0 : st->second.food);
}

// FoC Building c: what a city the power owns may build; a fleet in a port,
// on the coast it names in a province with two.
std::vector<Option> build_options(const Board& b, const std::string& city) {
  const Map& map = b.sc_->map();
  std::vector<Option> out{{{" A " + city, "an army (" + format_stock(kArmyCost) + ")", {city}}},
                          {{" mercenary A " + city,
                            "a mercenary army (" + format_stock(kMercenaryCost) + ")",
                            {city}}}};
  const auto* c = map.city(city);
  const auto* p = map.province(city);
  if (!c || !c->port || !p) return out;
  const std::string cost = " (" + format_stock(kFleetCost) + ")";
  if (p->coasts.empty()) out.push_back({{" F " + city, "a fleet" + cost, {city}}});
  for (const std::string& coast : p->coasts)
    out.push_back({{" F " + city + "/" + coast,
                    "a fleet in " + map.place_name(city + "/" + coast) + cost,
                    {city}}});
  return out;
}

std::string build_id(const std::string& city) {
  return "build " + city;
}

}  // namespace

// ------------------------------------------------------------ the phases

std::vector<Decision> Board::movement_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  for (const std::string& power : seats_.powers_of(seat)) {
    for (const Stand& s : stands_of(*this, power))
      out.push_back(
          stand_decision(*this, seat, s, "holds (units without orders hold, as in Diplomacy)"));
    out.push_back(food_decision(*this, seat, power));
  }
  return out;
}

std::vector<Choice> Board::movement_ways(PlayerId seat, const Decision& d,
                                         const std::vector<std::string>& path) const {
  const std::string power = power_of(d);
  if (d.id == decision_id(*this, seat, power, "food")) return food_ways(*this, power, path);
  const auto s = stand_named(*this, seat, d);
  if (!s) return {};
  return part_ways(*s, path, [&](Units u) { return movement_options(*this, *s, u); });
}

// A dislodged force's decision names the place it was dislodged from; the
// armies an unseaworthy A/F loses are a decision of each power owning
// fleets there (Multiplicity Plus (10)).
std::vector<Decision> Board::retreat_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  const Map& map = sc_->map();
  for (const std::string& power : seats_.powers_of(seat)) {
    for (const Dislodged& d : dislodged) {
      if (d.power != power) continue;
      const std::string prov = province_of(d.place.location);
      const Units all{d.armies, d.fleets};
      out.push_back({decision_id(*this, seat, power, place_text(prov, d.place.in_city)),
                     format_units(all) + " " + prov + ": " + power + ", " + count_words(all) +
                         " dislodged from " + map.place_name(d.place.location),
                     power + ":",
                     {place_cell(prov, d.place.in_city)},
                     "disbands (dislodged units not ordered to retreat disband, as in Diplomacy)"});
    }
    for (const SeaDisband& sd : sea_disbands) {
      if (!fleet_owners(*this, sd.sea).count(power)) continue;
      out.push_back({decision_id(*this, seat, power, sd.sea + " losses"),
                     "the armies lost in " + map.place_name(sd.sea) + ": " +
                         std::to_string(sd.excess) +
                         " must go for want of fleets (Multiplicity Plus (10))",
                     power + ":",
                     {sd.sea},
                     "one army of each power in turn is lost, the powers in the scenario's order "
                     "(FoC Movement a (10))"});
    }
  }
  return out;
}

std::vector<Choice> Board::retreat_ways(PlayerId seat, const Decision& d,
                                        const std::vector<std::string>& path) const {
  const std::string power = power_of(d);
  std::vector<Option> options;
  for (const SeaDisband& sd : sea_disbands) {
    if (d.id != decision_id(*this, seat, power, sd.sea + " losses")) continue;
    std::map<std::string, int> armies;
    for (const Group& g : groups) {
      if (g.type == UnitType::Army && !g.place.in_city && g.place.location == sd.sea)
        armies[g.power] += g.count;
    }
    for (const auto& [owner, n] : armies) {
      for (int k = 1; k <= std::min(n, sd.excess); ++k)
        options.push_back({{" disband", "disband", {}},
                           {" " + format_units(Units{k, 0}) + " " + sd.sea + " of " + owner,
                            count_words(Units{k, 0}) + " of " + owner,
                            {sd.sea}}});
    }
    return ways_among(options, path);
  }
  for (const Dislodged& x : dislodged) {
    const std::string prov = province_of(x.place.location);
    if (x.power != power ||
        d.id != decision_id(*this, seat, power, place_text(prov, x.place.in_city)))
      continue;
    const Units all{x.armies, x.fleets};
    for (Units u : parts_of(x.armies, x.fleets)) {
      const Piece units = units_piece(u, all, prov, x.place.in_city);
      options.push_back({{" disband", "disband", {}}, units});
      Dislodged part = x;
      part.armies = u.armies;
      part.fleets = u.fleets;
      for (const Place& p : retreat_options(*sc_, *this, part))
        options.push_back(
            {units, {" -", "retreat", {}}, to_piece(sc_->map(), "to ", p.location, p.in_city)});
    }
    return ways_among(options, path);
  }
  return {};
}

// FoC Building b: only a power short of food chooses in the summer.
std::vector<Decision> Board::summer_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  for (const std::string& power : seats_.powers_of(seat)) {
    if (!power_short_of_food(*this, power)) continue;
    for (const Stand& s : stands_of(*this, power))
      out.push_back(stand_decision(
          *this, seat, s,
          "eats while the food lasts: the units farthest from the power's cities go unfed "
          "first and rebel (FoC Building b)"));
  }
  return out;
}

std::vector<Choice> Board::summer_ways(PlayerId seat, const Decision& d,
                                       const std::vector<std::string>& path) const {
  const auto s = stand_named(*this, seat, d);
  return s ? named_units_ways(*s, path) : std::vector<Choice>{};
}

// FoC Building b, c: each stand's disbands and unfed units, and a build
// decision for each city the power owns that is not besieged.
std::vector<Decision> Board::winter_decisions(PlayerId seat) const {
  std::vector<Decision> out;
  const Map& map = sc_->map();
  for (const std::string& power : seats_.powers_of(seat)) {
    for (const Stand& s : stands_of(*this, power))
      out.push_back(stand_decision(*this, seat, s,
                                   "is maintained and fed while the stock lasts: the units "
                                   "farthest from the power's cities go first (FoC Building b)"));
    for (const auto& [city, owner] : city_owner) {
      const auto* c = map.city(city);
      if (owner != power || !c || sieges.count(city)) continue;
      out.push_back({decision_id(*this, seat, power, build_id(city)),
                     "build in " + c->name + " (" + units::possessive(power) + " city, size " +
                         std::to_string(c->size) + (c->port ? ", port" : "") + ")",
                     power + ": build",
                     {place_cell(city, true)},
                     "nothing is built here (FoC Building c)"});
    }
  }
  return out;
}

std::vector<Choice> Board::winter_ways(PlayerId seat, const Decision& d,
                                       const std::vector<std::string>& path) const {
  const std::string power = power_of(d);
  for (const auto& [city, owner] : city_owner) {
    if (owner == power && d.id == decision_id(*this, seat, power, build_id(city)))
      return ways_among(build_options(*this, city), path);
  }
  const auto s = stand_named(*this, seat, d);
  return s ? named_units_ways(*s, path) : std::vector<Choice>{};
}

}  // namespace naumachia::fall
