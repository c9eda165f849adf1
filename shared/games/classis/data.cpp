// Classis: reading the compiled-in data (data/ships.txt, scenarios.txt,
// nations.txt) through the shared record reader. A mistake in the data is an
// error naming the file and line; the checks below hold the scenarios to
// 1.5, 1.6 and 1.10.
#include <algorithm>

#include "core/records.h"
#include "core/text.h"
#include "games/classis/position.h"

namespace naumachia::data {
std::string_view classis_ships();
std::string_view classis_scenarios();
std::string_view classis_nations();
}  // namespace naumachia::data

namespace naumachia::classis {

const char* crew_name(Crew c) {
  switch (c) {
    case Crew::Green:
      return "Green";
    case Crew::Average:
      return "Average";
    case Crew::Expert:
      return "Expert";
  }
  return "?";
}

// Classis 1.3 Towers: "a ship cannot have more tower points than it has
// original boarding factors"; two at most (fore and aft).
int max_towers(const ShipType& t) {
  if (t.armour == Armour::None) return 0;
  return std::min(2, t.board / kTowerPoints);
}

const Scenario* Data::scenario(std::string_view id) const {
  for (const Scenario& s : scenarios)
    if (s.id == id) return &s;
  return nullptr;
}

namespace {

std::string display(std::string_view w) {
  std::string s(w);
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

// "towers=2" and the like after the fixed fields.
struct Extras {
  bool iron = false;
  int towers = 0, engines = 0;
};
Expected<Extras> extras(const records::Record& r, std::size_t from) {
  Extras e;
  for (std::size_t i = from; i < r.size(); ++i) {
    const std::string_view w = r[i];
    long long n = 0;
    if (w == "iron") {
      e.iron = true;
    } else if (w.starts_with("towers=") && text::parse_int(w.substr(7), n) && n >= 0 && n <= 2) {
      e.towers = static_cast<int>(n);
    } else if (w.starts_with("engines=") && text::parse_int(w.substr(8), n) && n >= 0 && n <= 2) {
      e.engines = static_cast<int>(n);
    } else {
      return r.error("unknown field '" + std::string(w) + "' (iron, towers=0-2, engines=0-2)");
    }
  }
  return e;
}

// Classis 1.3: engines and towers only on cataphracts, towers within the
// original boarding factor, polyremes always two of each.
std::optional<std::string> fittings_problem(const ShipType& t, int towers, int engines) {
  if (t.armour == Armour::None && (towers > 0 || engines > 0))
    return "only cataphract ships carry engines or towers (1.3), not a " + t.name;
  if (t.armour == Armour::Polyreme && (towers != 2 || engines != 2))
    return "a " + t.name + " always has two towers and two engines (1.3)";
  if (towers > max_towers(t))
    return "a " + t.name + " (boarding " + std::to_string(t.board) + ") may have at most " +
           std::to_string(max_towers(t)) + " tower(s) (1.3)";
  return std::nullopt;
}

Expected<Crew> crew_field(const records::Record& r, std::size_t i, bool& rolled) {
  rolled = r[i] == "roll";
  if (rolled) return Crew::Average;
  return r.choice<Crew>(
      i, "crew", {{"green", Crew::Green}, {"average", Crew::Average}, {"expert", Crew::Expert}});
}

}  // namespace

Expected<std::map<std::string, ShipType>> parse_ship_types(std::string_view text) {
  std::map<std::string, ShipType> out;
  for (const records::Record& r : records::read(text, "classis ships")) {
    if (!r.is("type", 8)) return r.error("expected 'type ID NAME RAM BOARD SPEED TURN ARMOUR EP'");
    ShipType t;
    t.id = std::string(r[1]);
    t.name = display(r[2]);
    auto ram = r.integer(3, 1, 20), board = r.integer(4, 1, 60), speed = r.integer(5, 1, 9),
         turn = r.integer(6, 1, 6), ep = r.integer(8, 0, 3);
    auto armour = r.choice<Armour>(7, "armour",
                                   {{"none", Armour::None},
                                    {"cataphract", Armour::Cataphract},
                                    {"polyreme", Armour::Polyreme}});
    for (auto* e : {&ram, &board, &speed, &turn, &ep})
      if (!*e) return unexpected(e->error());
    if (!armour) return unexpected(armour.error());
    t.ram = *ram;
    t.board = *board;
    t.speed = *speed;
    t.turn = *turn;
    t.armour = *armour;
    t.engine_points = *ep;
    if ((t.armour == Armour::None) != (t.engine_points == 0))
      return r.error("engine points are for cataphracts only, and every cataphract has them");
    if (!out.emplace(t.id, t).second) return r.error("type " + t.id + " twice");
  }
  return out;
}

namespace {

std::optional<std::string> check_scenario(const Scenario& s, const Data& d) {
  const std::string where = "classis scenario " + s.id + ": ";
  // Classis 1.10: the fleets at least one move apart, by the fastest ship.
  int fastest = 0;
  for (const auto& [id, t] : d.types) fastest = std::max(fastest, t.speed);
  if (!s.random) {
    fastest = 0;
    for (const ShipSpec& sh : s.ships) fastest = std::max(fastest, d.types.at(sh.type).speed);
  }
  const int gap =
      std::max(s.zone[1].first, s.zone[0].first) - std::min(s.zone[1].second, s.zone[0].second);
  if (gap <= fastest)
    return where + "the deployment zones are " + std::to_string(gap) +
           " rows apart, not more than one move (" + std::to_string(fastest) + ", 1.10)";
  if (s.random) return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    int commanders = 0, squadrons = 0;
    for (const CommanderSpec& c : s.commanders) commanders += c.side == side;
    for (const SquadronSpec& q : s.squadrons) {
      if (q.side != side) continue;
      ++squadrons;
      int ships = 0;
      bool flag = false;
      for (const ShipSpec& sh : s.ships) {
        ships += sh.squadron == q.id;
        flag = flag || (sh.squadron == q.id && sh.id == q.flagship);
      }
      if (ships < 2) return where + "squadron " + q.id + " has fewer than two ships (1.6)";
      if (!flag) return where + "squadron " + q.id + "'s flagship is not one of its ships";
    }
    if (commanders != squadrons || commanders == 0)
      return where + "each side needs one commander per squadron (1.5)";
  }
  return std::nullopt;
}

}  // namespace

Expected<Data> load_data() {
  return load_data(data::classis_ships(), data::classis_nations(), data::classis_scenarios());
}

namespace {

// data/nations.txt: each nation, then its pool for one-off battles (1.2).
Expected<std::vector<Nation>> read_nations(std::string_view text,
                                           const std::map<std::string, ShipType>& types) {
  std::vector<Nation> out;
  for (const records::Record& r : records::read(text, "classis nations")) {
    if (r.is("nation", 3)) {
      out.push_back(Nation{std::string(r[1]), display(r[3]), std::string(r[2]), {}});
    } else if (r.is("pool", 3, 6)) {
      if (out.empty() || out.back().id != r[1])
        return r.error("a pool line follows its nation's line");
      if (!types.count(std::string(r[2]))) return r.error("unknown ship type");
      auto w = r.integer(3, 1, 100);
      auto x = extras(r, 4);
      if (!w) return unexpected(w.error());
      if (!x) return unexpected(x.error());
      const ShipType& t = types.at(std::string(r[2]));
      const int towers = t.armour == Armour::Polyreme ? 2 : x->towers;
      const int engines = t.armour == Armour::Polyreme ? 2 : x->engines;
      if (auto why = fittings_problem(t, towers, engines)) return r.error(*why);
      out.back().pool.push_back(PoolEntry{t.id, *w, x->iron, towers, engines});
    } else {
      return r.error("unknown record");
    }
  }
  return out;
}

// "commander SCENARIO ID SIDE RATING|roll NAME" (1.5).
Expected<CommanderSpec> read_commander(const records::Record& r) {
  CommanderSpec c;
  c.id = text::upper(r[2]);
  auto side = r.integer(3, 0, 1);
  if (!side) return unexpected(side.error());
  c.side = *side;
  if (r[4] != "roll") {
    auto rating = r.integer(4, 2, 4);
    if (!rating) return unexpected(rating.error());
    c.rating = *rating;
  }
  c.name = display(r[5]);
  return c;
}

// "ship SCENARIO ID SQUADRON TYPE CREW|roll [iron] [towers=N] [engines=N]" (1.3, 1.4).
Expected<ShipSpec> read_ship(const records::Record& r, const Scenario& s, const Data& d) {
  ShipSpec sh;
  sh.id = text::upper(r[2]);
  sh.squadron = text::upper(r[3]);
  sh.type = std::string(r[4]);
  const auto q = std::find_if(s.squadrons.begin(), s.squadrons.end(),
                              [&](const SquadronSpec& x) { return x.id == sh.squadron; });
  if (q == s.squadrons.end()) return r.error("unknown squadron " + sh.squadron);
  sh.side = q->side;
  if (!d.types.count(sh.type)) return r.error("unknown ship type " + sh.type);
  bool rolled = false;
  auto crew = crew_field(r, 5, rolled);
  if (!crew) return unexpected(crew.error());
  if (!rolled) sh.crew = *crew;
  auto x = extras(r, 6);
  if (!x) return unexpected(x.error());
  const ShipType& t = d.types.at(sh.type);
  sh.iron = x->iron;
  sh.towers = t.armour == Armour::Polyreme ? 2 : x->towers;
  sh.engines = t.armour == Armour::Polyreme ? 2 : x->engines;
  if (auto why = fittings_problem(t, sh.towers, sh.engines)) return r.error(*why);
  for (const ShipSpec& o : s.ships)
    if (o.id == sh.id) return r.error("ship " + sh.id + " twice");
  return sh;
}

// data/scenarios.txt: each scenario's line, then the records that belong to it.
Expected<std::vector<Scenario>> read_scenarios(std::string_view text, const Data& d) {
  std::vector<Scenario> out;
  for (const records::Record& r : records::read(text, "classis scenarios")) {
    if (r.is("scenario", 5)) {
      Scenario s;
      s.id = std::string(r[1]);
      auto c = r.integer(2, 4, 40), w = r.integer(3, 4, 40);
      if (!c || !w) return r.error("bad board size");
      s.cols = *c;
      s.rows = *w;
      s.sides = {display(r[4]), display(r[5])};
      out.push_back(std::move(s));
      continue;
    }
    if (r.size() < 2 || out.empty() || out.back().id != r[1])
      return r.error("a record of the scenario on the line above it");
    Scenario& s = out.back();
    if (r.is("title", 2, 99)) {
      s.title = r.rest(2);
    } else if (r.is("about", 2, 99)) {
      s.description = r.rest(2);
    } else if (r.is("zone", 4)) {
      auto side = r.integer(2, 0, 1), a = r.integer(3, 1, s.rows), b = r.integer(4, 1, s.rows);
      if (!side || !a || !b || *a > *b) return r.error("expected 'zone ID SIDE FIRST LAST'");
      s.zone[static_cast<std::size_t>(*side)] = {*a, *b};
    } else if (r.is("wind", 2)) {
      if (r[2] != "roll") {
        auto dir = r.dir(2);
        if (!dir) return unexpected(dir.error());
        s.wind = *dir;
      }
    } else if (r.is("land", 2, 99) || r.is("reef", 2, 99)) {
      for (std::size_t i = 2; i < r.size(); ++i) {
        auto h = r.hex(i);
        if (!h) return unexpected(h.error());
        if (h->col < 1 || h->col > s.cols || h->row < 1 || h->row > s.rows)
          return r.error("hex " + std::string(r[i]) + " is off the board");
        s.terrain[*h] = r.keyword() == "land" ? Terrain::Land : Terrain::Reef;
      }
    } else if (r.is("commander", 5, 5)) {
      auto c = read_commander(r);
      if (!c) return unexpected(c.error());
      s.commanders.push_back(*c);
    } else if (r.is("squadron", 4)) {
      SquadronSpec q{text::upper(r[2]), -1, text::upper(r[3]), text::upper(r[4]), false};
      for (const CommanderSpec& c : s.commanders)
        if (c.id == q.commander) q.side = c.side;
      if (q.side < 0) return r.error("unknown commander " + q.commander);
      s.squadrons.push_back(q);
    } else if (r.is("reserve", 2)) {
      const auto q = std::find_if(s.squadrons.begin(), s.squadrons.end(),
                                  [&](const SquadronSpec& x) { return x.id == text::upper(r[2]); });
      if (q == s.squadrons.end()) return r.error("unknown squadron");
      q->reserve = true;
    } else if (r.is("ship", 5, 8)) {
      auto sh = read_ship(r, s, d);
      if (!sh) return unexpected(sh.error());
      s.ships.push_back(*sh);
    } else if (r.is("random", 3)) {
      auto a = r.integer(2, 4, 20), b = r.integer(3, 4, 20);
      if (!a || !b || *a > *b) return r.error("expected 'random ID MIN MAX', 4 to 20 ships");
      s.random = true;
      s.min_ships = *a;
      s.max_ships = *b;
    } else {
      return r.error("unknown record");
    }
  }
  return out;
}

}  // namespace

Expected<Data> load_data(std::string_view ships, std::string_view nations,
                         std::string_view scenarios) {
  Data d;
  auto types = parse_ship_types(ships);
  if (!types) return unexpected(types.error());
  d.types = std::move(*types);
  auto pools = read_nations(nations, d.types);
  if (!pools) return unexpected(pools.error());
  d.nations = std::move(*pools);
  auto scens = read_scenarios(scenarios, d);
  if (!scens) return unexpected(scens.error());
  d.scenarios = std::move(*scens);
  for (const Scenario& s : d.scenarios) {
    if (auto why = check_scenario(s, d)) return fail(*why);
  }
  if (d.nations.size() < 2) return fail("classis nations: at least two are needed");
  return d;
}

}  // namespace naumachia::classis
