// Empires in Harm naval combat: reading data/scenarios.txt (the nations and
// the battles; format in the file's header) and checking each battle against
// the rules it must allow to be played: who may fight (1.1.1), one attacking
// stack (1.1.1.1), Nelson British (1.1.2.2), escorts in port raids (footnote
// [5]), a port for every power's damaged ships (1.1.2.10.1), a retreat for
// every side (1.1.2.9.1), seats for every power.
#include <algorithm>

#include "core/records.h"
#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::data {
std::string_view eih_naval_tables();
std::string_view eih_naval_scenarios();
}  // namespace naumachia::data

namespace naumachia::eih_naval {

const char* where_word(Where w) {
  switch (w) {
    case Where::Sea:
      return "sea";
    case Where::Blockade:
      return "blockade";
    case Where::Port:
      return "port";
  }
  return "?";
}

const StackSpec* Battle::stack(int stack_id) const {
  for (const StackSpec& s : stacks)
    if (s.id == stack_id) return &s;
  return nullptr;
}

const Nation* Data::nation(std::string_view id) const {
  for (const Nation& n : nations)
    if (n.id == id) return &n;
  return nullptr;
}

const Battle* Data::battle(std::string_view id) const {
  for (const Battle& b : battles)
    if (b.id == id) return &b;
  return nullptr;
}

namespace {

const char* const kFile = "eih-naval scenarios";

using records::Record;

Expected<int> side(const Record& r, std::size_t i) {
  return r.integer(i, 0, 1);
}

// Field i as the id of a nation of the data.
Expected<std::string> nation(const Record& r, std::size_t i, const Data& d) {
  if (i >= r.size()) return r.error("field " + std::to_string(i) + " (a nation) is missing");
  if (!d.nation(r[i])) return r.error("unknown nation '" + r.word(i) + "'");
  return r.word(i);
}

// ------------------------------------------------------------------ a battle's statements
// One reader a statement, each reading the record into the battle `b`; `d`
// for the nations.

std::optional<Error> title(const Record& r, const Data&, Battle& b) {
  const std::string k(r.keyword());
  if (r.size() != 2) return r.error("expected '" + k + " TEXT' (quoted)").error;
  (k == "title" ? b.title : b.about) = r.word(1);
  return std::nullopt;
}

std::optional<Error> sides(const Record& r, const Data&, Battle& b) {
  if (r.size() != 3) return r.error("expected 'sides NAME NAME'").error;
  b.sides = {r.word(1), r.word(2)};
  return std::nullopt;
}

std::optional<Error> attacker(const Record& r, const Data&, Battle& b) {
  const std::size_t n = r.size();
  if (n < 2 || n > 3 || (n == 3 && r[2] != "interception"))
    return r.error("expected 'attacker SIDE [interception]'").error;
  records::Fields f;
  f.take(side(r, 1), b.attacker);
  b.interception = n == 3;
  return f.error();
}

// 1.1.3: 'at blockade PLACE blockading SIDE [chits] [from-port SIDE] [friendly SIDE]...'
std::optional<Error> blockade_box(const Record& r, Battle& b) {
  const std::size_t n = r.size();
  b.where = Where::Blockade;
  if (n < 5 || r[3] != "blockading")
    return r.error("expected 'at blockade PLACE blockading SIDE ...'").error;
  records::Fields f;
  f.take(side(r, 4), b.blockading);
  for (std::size_t i = 5; i < n && !f.error(); ++i) {
    if (r[i] == "chits") {
      b.blockade_chits = true;
    } else if (r[i] == "from-port") {
      f.take(side(r, ++i), b.from_port);
    } else if (r[i] == "friendly") {
      f.take(side(r, ++i), b.friendly.emplace_back());
    } else {
      return r.error("unknown word '" + r.word(i) + "' (chits, from-port, friendly)").error;
    }
  }
  return f.error();
}

// 1.1.4: 'at port PLACE defence N control POWER [garrison] [access-denied]'
std::optional<Error> port_raided(const Record& r, const Data& d, Battle& b) {
  const std::size_t n = r.size();
  b.where = Where::Port;
  if (n < 7 || r[3] != "defence" || r[5] != "control")
    return r.error("expected 'at port PLACE defence N control POWER [garrison] [access-denied]'")
        .error;
  records::Fields f;
  f.take(r.integer(4, 0, 99), b.harbour_defence);
  f.take(nation(r, 6, d), b.port_controller);
  if (f.error()) return f.error();
  for (std::size_t i = 7; i < n; ++i) {
    if (r[i] == "garrison")
      b.garrison = true;
    else if (r[i] == "access-denied")
      b.access_denied = true;
    else
      return r.error("unknown word '" + r.word(i) + "' (garrison, access-denied)").error;
  }
  return std::nullopt;
}

std::optional<Error> at(const Record& r, const Data& d, Battle& b) {
  if (r.size() < 3) return r.error("expected 'at sea|blockade|port PLACE ...'").error;
  b.place = r.word(2);
  if (r[1] == "sea") {
    if (r.size() != 3) return r.error("expected 'at sea PLACE'").error;
    b.where = Where::Sea;
    return std::nullopt;
  }
  if (r[1] == "blockade") return blockade_box(r, b);
  if (r[1] == "port") return port_raided(r, d, b);
  return r.error("unknown place kind '" + r.word(1) + "' (sea, blockade, port)").error;
}

std::optional<Error> war(const Record& r, const Data& d, Battle& b) {
  if (r.size() != 3) return r.error("expected 'war POWER POWER'").error;
  std::string p, q;
  records::Fields f;
  f.take(nation(r, 1, d), p);
  f.take(nation(r, 2, d), q);
  if (f.error()) return f.error();
  if (p == q) return r.error("a power is not at war with itself").error;
  b.wars.insert(War::between(p, q));
  return std::nullopt;
}

std::optional<Error> combined(const Record& r, const Data& d, Battle& b) {
  if (r.size() < 3) return r.error("expected 'combined POWER POWER...'").error;
  std::vector<std::string> group(r.size() - 1);
  records::Fields f;
  for (std::size_t i = 1; i < r.size(); ++i) f.take(nation(r, i, d), group[i - 1]);
  if (f.error()) return f.error();
  b.combined.push_back(group);
  return std::nullopt;
}

std::optional<Error> control(const Record& r, const Data& d, Battle& b) {
  if (r.size() != 3) return r.error("expected 'control MINOR POWER'").error;
  std::string minor, major;
  records::Fields f;
  f.take(nation(r, 1, d), minor);
  f.take(nation(r, 2, d), major);
  if (f.error()) return f.error();
  if (d.nation(minor)->major || !d.nation(major)->major)
    return r.error("a Major Power controls a minor country").error;
  b.control[minor] = major;
  return std::nullopt;
}

// 'free-state', 'non-player' and 'home-waters': a nation in one of the lists.
std::optional<Error> listed(const Record& r, const Data& d, Battle& b) {
  const std::string k(r.keyword());
  if (r.size() != 2) return r.error("expected '" + k + " NATION'").error;
  auto n = nation(r, 1, d);
  if (!n) return n.error();
  (k == "free-state" ? b.free_states : k == "non-player" ? b.non_player : b.home_waters).insert(*n);
  return std::nullopt;
}

std::optional<Error> melee(const Record& r, const Data&, Battle& b) {
  if (r.size() != 2 || (r[1] != "locked" && r[1] != "unlocked"))
    return r.error("expected 'melee locked|unlocked'").error;
  b.melee_unlocked = r[1] == "unlocked";
  return std::nullopt;
}

std::optional<Error> transport(const Record& r, const Data&, Battle& b) {
  if (r.size() != 2) return r.error("expected 'transport N'").error;
  records::Fields f;
  f.take(r.integer(1, 0, 99), b.transport);
  return f.error();
}

std::optional<Error> stack(const Record& r, const Data& d, Battle& b) {
  if (r.size() < 4) return r.error("expected 'stack ID SIDE NAME ...'").error;
  StackSpec s;
  records::Fields f;
  f.take(r.integer(1, 1, 99), s.id);
  f.take(side(r, 2), s.side);
  if (f.error()) return f.error();
  s.name = r.word(3);
  std::vector<std::string>* into = nullptr;
  for (std::size_t i = 4; i < r.size() && !f.error(); ++i) {
    if (r[i] == "carries") {
      into = &s.carries;
    } else if (r[i] == "supplying") {
      into = &s.supplying;
    } else if (!into) {
      return r.error("expected 'carries' or 'supplying' before '" + r.word(i) + "'").error;
    } else {
      f.take(nation(r, i, d), into->emplace_back());
    }
  }
  if (f.error()) return f.error();
  if (b.stack(s.id)) return r.error("stack " + std::to_string(s.id) + " twice").error;
  b.stacks.push_back(s);
  return std::nullopt;
}

// The words after a fleet's name: ships by type, its leader, Nelson.
std::optional<Error> fleet_extras(const Record& r, FleetSpec& fl) {
  records::Fields f;
  for (std::size_t i = 5; i < r.size() && !f.error(); ++i) {
    if (auto t = parse_type(r[i])) {
      f.take(r.integer(++i, 0, 999), fl.ships[*t]);
    } else if (r[i] == "leader" && i + 1 < r.size()) {
      fl.leader = r.word(++i);
    } else if (r[i] == "nelson") {
      fl.nelson = true;
    } else {
      return r.error("unknown word '" + r.word(i) + "' (heavy, light, galleys, leader, nelson)")
          .error;
    }
  }
  return f.error();
}

std::optional<Error> fleet(const Record& r, const Data& d, Battle& b) {
  if (r.size() < 5) return r.error("expected 'fleet ID STACK NATION NAME ...'").error;
  FleetSpec f;
  f.id = r.word(1);
  records::Fields fields;
  fields.take(r.integer(2, 1, 99), f.stack);
  fields.take(nation(r, 3, d), f.nation);
  if (fields.error()) return fields.error();
  f.name = r.word(4);
  if (auto e = fleet_extras(r, f)) return e;
  for (const FleetSpec& g : b.fleets)
    if (g.id == f.id || g.name == f.name)
      return r.error("a second fleet " + (g.id == f.id ? f.id : f.name)).error;
  if (f.ships.empty()) return r.error("a fleet of no ships").error;
  b.fleets.push_back(f);
  return std::nullopt;
}

std::optional<Error> corps(const Record& r, const Data& d, Battle& b) {
  if (r.size() != 4) return r.error("expected 'corps NATION FACTORS FLEET'").error;
  CorpsSpec c;
  records::Fields f;
  f.take(nation(r, 1, d), c.nation);
  f.take(r.integer(2, 1, 99), c.factors);
  if (f.error()) return f.error();
  c.fleet = r.word(3);
  b.corps.push_back(c);
  return std::nullopt;
}

std::optional<Error> port(const Record& r, const Data& d, Battle& b) {
  if (r.size() < 5) return r.error("expected 'port ID NAME DISTANCE SIDE ...'").error;
  PortSpec p;
  p.name = r.word(2);
  records::Fields f;
  f.take(r.integer(3, 0, 99), p.distance);
  f.take(side(r, 4), p.side);
  if (f.error()) return f.error();
  bool powers = false;
  for (std::size_t i = 5; i < r.size() && !f.error(); ++i) {
    if (r[i] == "for") {
      powers = true;
    } else if (r[i] == "blockaded") {
      p.blockaded = true;
    } else if (powers) {
      f.take(nation(r, i, d), p.powers.emplace_back());
    } else {
      return r.error("unknown word '" + r.word(i) + "' (for, blockaded)").error;
    }
  }
  if (f.error()) return f.error();
  // The id is what orders name; the name is what views show.
  p.id = r.word(1);
  if (p.id != text::lower(p.id) || p.id.find_first_of(" \t") != std::string::npos)
    return r.error("a port id is one lower-case word").error;
  for (const PortSpec& q : b.ports)
    if (q.id == p.id) return r.error("port " + p.id + " twice").error;
  b.ports.push_back(p);
  return std::nullopt;
}

std::optional<Error> retreat_sea(const Record& r, const Data&, Battle& b) {
  if (r.size() != 3) return r.error("expected 'retreat-sea SIDE PLACE'").error;
  auto s = side(r, 1);
  if (!s) return s.error();
  b.retreat_sea[static_cast<std::size_t>(*s)] = r.word(2);
  return std::nullopt;
}

std::optional<Error> seat(const Record& r, const Data& d, Battle& b) {
  if (r.size() < 4) return r.error("expected 'seat PLAYERS SIDE NAME [POWER...]'").error;
  int players = 0;
  SeatSpec s;
  records::Fields f;
  f.take(r.integer(1, 2, 4), players);
  f.take(side(r, 2), s.side);
  s.name = r.word(3);
  for (std::size_t i = 4; i < r.size(); ++i) f.take(nation(r, i, d), s.powers.emplace_back());
  if (f.error()) return f.error();
  b.seats[players].push_back(s);
  return std::nullopt;
}

std::optional<Error> custom(const Record& r, const Data&, Battle& b) {
  if (r.size() != 3) return r.error("expected 'custom MAX-FLEETS MAX-SHIPS'").error;
  b.custom = true;
  records::Fields f;
  f.take(r.integer(1, 1, 20), b.max_fleets);
  f.take(r.integer(2, 1, 999), b.max_ships);
  return f.error();
}

using Statement = std::optional<Error> (*)(const Record&, const Data&, Battle&);
constexpr std::pair<std::string_view, Statement> kStatements[] = {
    {"title", title},
    {"about", title},
    {"sides", sides},
    {"attacker", attacker},
    {"at", at},
    {"war", war},
    {"combined", combined},
    {"control", control},
    {"free-state", listed},
    {"non-player", listed},
    {"home-waters", listed},
    {"melee", melee},
    {"transport", transport},
    {"stack", stack},
    {"fleet", fleet},
    {"corps", corps},
    {"port", port},
    {"retreat-sea", retreat_sea},
    {"seat", seat},
    {"custom", custom},
};

// 'nation ID major|minor NAME', before the battles.
std::optional<Error> nation_line(const Record& r, Data& d) {
  if (r.size() != 4 || (r[2] != "major" && r[2] != "minor"))
    return r.error("expected 'nation ID major|minor NAME'").error;
  if (r[1] != text::lower(r[1])) return r.error("a nation id is lower-case").error;
  if (d.nation(r[1])) return r.error("nation " + r.word(1) + " twice").error;
  if (!d.battles.empty()) return r.error("nations come before the battles").error;
  d.nations.push_back(Nation{r.word(1), r.word(3), r[2] == "major"});
  return std::nullopt;
}

// A battle's line into `b`.
std::optional<Error> battle_line(const Record& r, const Data& d, Battle& b) {
  for (const auto& [keyword, read] : kStatements)
    if (r.keyword() == keyword) return read(r, d, b);
  return r.error("unknown statement '" + r.word(0) + "'").error;
}

// ------------------------------------------------------------------ a battle as a whole
// What the sequence of play relies on, one check a subject; each gives what
// is wrong.

using Problem = std::optional<std::string>;

// 1.1.1.1: one attacking stack, the attacker choosing among the others;
// every stack has fleets, unless the seats order them (a custom battle).
Problem stack_problem(const Battle& b) {
  if (b.title.empty() || b.about.empty() || b.sides[0].empty() || b.place.empty())
    return "needs 'title', 'about', 'sides' and 'at'";
  std::array<int, 2> stacks{};
  for (const StackSpec& s : b.stacks) ++stacks[static_cast<std::size_t>(s.side)];
  if (stacks[static_cast<std::size_t>(b.attacker)] != 1)
    return "the attacking side has exactly one stack (1.1.1.1)";
  if (stacks[static_cast<std::size_t>(1 - b.attacker)] < 1)
    return "the defending side needs a stack";
  if (b.where == Where::Blockade && stacks[static_cast<std::size_t>(1 - b.attacker)] != 1)
    return "a blockade box holds one enemy stack here";
  if (b.custom) {
    if (!b.fleets.empty() || !b.corps.empty())
      return "a custom battle's fleets are ordered by its seats";
    if (b.where != Where::Sea) return "a custom battle is fought at sea";
    return std::nullopt;
  }
  for (const StackSpec& s : b.stacks) {
    bool any = false;
    for (const FleetSpec& f : b.fleets) any = any || f.stack == s.id;
    if (!any) return "stack " + std::to_string(s.id) + " has no fleet";
  }
  return std::nullopt;
}

// Fleets in known stacks, one Nelson with British ships (1.1.2.2), corps
// on known fleets within what a fleet transports (1.1.6).
Problem fleet_problem(const Battle& b) {
  int nelsons = 0;
  for (const FleetSpec& f : b.fleets) {
    if (!b.stack(f.stack)) return "fleet " + f.id + " in an unknown stack";
    if (f.nelson) {
      ++nelsons;
      if (f.nation != "britain") return "Nelson commands British ships (1.1.2.2)";
    }
  }
  if (nelsons > 1) return "one Nelson";
  for (const CorpsSpec& c : b.corps) {
    int load = 0;
    bool found = false;
    for (const FleetSpec& f : b.fleets) found = found || f.id == c.fleet;
    if (!found) return "a corps on an unknown fleet " + c.fleet;
    for (const CorpsSpec& o : b.corps)
      if (o.fleet == c.fleet) load += o.factors;
    if (load > b.transport)
      return "fleet " + c.fleet + " transports more than " + std::to_string(b.transport) +
             " army factors (1.1.6)";
  }
  return std::nullopt;
}

// Who may fight (1.1.1): a stack is one power, or powers in combined
// movement; on the defending side each of them at war with the attacker.
Problem who_fights_problem(const Battle& b) {
  std::set<std::string> attackers;
  for (const FleetSpec& f : b.fleets)
    if (b.stack(f.stack)->side == b.attacker) attackers.insert(power_of(b, f.nation));
  for (const StackSpec& s : b.stacks) {
    std::set<std::string> powers;
    for (const FleetSpec& f : b.fleets)
      if (f.stack == s.id) powers.insert(power_of(b, f.nation));
    if (powers.size() < 2) continue;
    for (const std::string& p : powers)
      for (const std::string& q : powers)
        if (p != q && !combined(b, p, q))
          return "stack " + std::to_string(s.id) + " mixes " + p + " and " + q +
                 " without combined movement (1.1.1)";
    if (s.side == b.attacker) continue;
    for (const std::string& p : powers)
      if (!at_war(b.wars, attackers, p))
        return "stack " + std::to_string(s.id) + ": " + p +
               " is not at war with the attacker and so forms its own stack (1.1.1)";
  }
  return std::nullopt;
}

// Footnote [5]: escorts for free states and non-player powers in a port raid.
Problem raid_escort_problem(const Battle& b) {
  if (b.where != Where::Port) return std::nullopt;
  Ships escorted, escorts;
  for (const FleetSpec& f : b.fleets) {
    if (b.stack(f.stack)->side != b.attacker) continue;
    const bool needs = b.free_states.count(f.nation) || b.non_player.count(f.nation) ||
                       b.non_player.count(power_of(b, f.nation));
    (needs ? escorted : escorts) += f.ships;
  }
  return escort_problem(escorts, escorted);
}

// Seats for every number of players: both sides; every power with ships
// has one seat, of its side; a custom battle's seats get theirs in play.
Problem seat_problem(const Battle& b) {
  if (b.seats.empty()) return "no 'seat' lines";
  for (const auto& [players, seats] : b.seats) {
    if (static_cast<int>(seats.size()) != players)
      return std::to_string(players) + " players need " + std::to_string(players) + " seats";
    std::array<int, 2> per_side{};
    for (const SeatSpec& s : seats) ++per_side[static_cast<std::size_t>(s.side)];
    if (per_side[0] == 0 || per_side[1] == 0)
      return "a game of " + std::to_string(players) + " needs a seat on each side";
    for (const FleetSpec& f : b.fleets) {
      const std::string p = power_of(b, f.nation);
      const int side = b.stack(f.stack)->side;
      int holders = 0;
      for (const SeatSpec& s : seats)
        if (std::find(s.powers.begin(), s.powers.end(), p) != s.powers.end())
          holders += s.side == side ? 1 : 100;
      if (holders != 1)
        return "with " + std::to_string(players) + " players, " + p + " needs one seat on its side";
    }
    if (b.custom)
      for (const SeatSpec& s : seats)
        if (!s.powers.empty()) return "a custom battle's seats get their powers in play";
  }
  return std::nullopt;
}

// Ports: every side has one for its damaged ships, and a retreat (1.1.2.9.1,
// 1.1.2.10.1); a port raid's attacker withdraws to the box or a sea area.
Problem port_problem(const Battle& b) {
  for (int side : {0, 1}) {
    bool any = false, retreat = false;
    for (const PortSpec& p : b.ports) {
      if (p.side != side) continue;
      any = true;
      retreat = retreat || (!p.blockaded && p.distance <= kRetreatReach);
    }
    if (!any) return "side " + std::to_string(side) + " has no port";
    if (!retreat && b.retreat_sea[static_cast<std::size_t>(side)].empty())
      return "side " + std::to_string(side) +
             " needs a port within five movement points or a 'retreat-sea' (1.1.2.9.1)";
  }
  if (b.where == Where::Port && b.retreat_sea[static_cast<std::size_t>(b.attacker)].empty())
    return "a port raid's attacker needs the nearest sea area ('retreat-sea', 1.1.4.1.3)";
  for (const FleetSpec& f : b.fleets) {
    const std::string p = power_of(b, f.nation);
    if (!port_for(b, b.stack(f.stack)->side, p))
      return p + " has no port for its damaged ships (1.1.2.10.1)";
  }
  return std::nullopt;
}

// The battle as a whole, each subject in turn.
std::optional<std::string> check_battle(const Battle& b, const Data& d) {
  const std::string where = std::string(kFile) + ", battle " + b.id + ": ";
  for (Problem (*problem)(const Battle&) : {stack_problem, fleet_problem, who_fights_problem,
                                            raid_escort_problem, seat_problem, port_problem})
    if (auto why = problem(b)) return where + *why;
  for (const auto& [minor, major] : b.control)
    if (!d.nation(minor) || !d.nation(major)) return where + "unknown nation in 'control'";
  return std::nullopt;
}

}  // namespace

Expected<Data> load_data() {
  return load_data(data::eih_naval_tables(), data::eih_naval_scenarios());
}

Expected<Data> load_data(std::string_view tables, std::string_view scenarios) {
  Data d;
  auto t = parse_tables(tables);
  if (!t) return unexpected(t.error());
  d.tables = std::move(*t);
  auto recs = records::read_quoted(scenarios, kFile);
  if (!recs) return unexpected(recs.error());
  bool cost = false;
  for (const records::Record& r : *recs) {
    if (r.keyword() == "war-cost") {
      auto v = r.integer(1, 0, 9);
      if (!v || r.size() != 2 || cost) return r.error("one 'war-cost N' (0..9)");
      d.war_cost = *v;
      cost = true;
    } else if (r.keyword() == "nation") {
      if (auto e = nation_line(r, d)) return unexpected(*e);
    } else if (r.keyword() == "battle") {
      if (r.size() != 2) return r.error("expected 'battle ID'");
      if (d.battle(r[1])) return r.error("battle " + r.word(1) + " twice");
      d.battles.emplace_back().id = r.word(1);
    } else if (d.battles.empty()) {
      return r.error("'" + r.word(0) + "' outside a battle");
    } else if (auto e = battle_line(r, d, d.battles.back())) {
      return unexpected(*e);
    }
  }
  if (!cost) return fail(std::string(kFile) + ": no 'war-cost'");
  if (d.battles.empty()) return fail(std::string(kFile) + ": no battle");
  for (const auto& [id, m] : d.tables.morale)
    if (!d.nation(id))
      return fail("eih-naval tables: morale of an unknown nation '" + id +
                  "' (the nations are those of the scenarios)");
  for (const Battle& b : d.battles)
    if (auto why = check_battle(b, d)) return fail(*why);
  return d;
}

}  // namespace naumachia::eih_naval
