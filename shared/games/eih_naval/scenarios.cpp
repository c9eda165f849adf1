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

struct Reader : DataLine {
  Expected<int> side(std::size_t i) const { return integer(i, 0, 1); }
};

// A battle's line into `b`; `d` for the nations.
std::optional<Error> battle_line(const Reader& l, const Data& d, Battle& b) {
  const std::string& k = l.w[0];
  const std::size_t n = l.w.size();
  const auto nation = [&](std::size_t i) -> std::optional<Error> {
    if (i >= n) return l.error("field " + std::to_string(i) + " (a nation) is missing").error;
    if (!d.nation(l.w[i])) return l.error("unknown nation '" + l.w[i] + "'").error;
    return std::nullopt;
  };
#define EIH_TAKE(expr, into)    \
  do {                          \
    auto v_ = (expr);           \
    if (!v_) return v_.error(); \
    into = *v_;                 \
  } while (false)
#define EIH_NATION(i) \
  if (auto e_ = nation(i)) return e_
  if (k == "title" || k == "about") {
    if (n != 2) return l.error("expected '" + k + " TEXT' (quoted)").error;
    (k == "title" ? b.title : b.about) = l.w[1];
    return std::nullopt;
  }
  if (k == "sides") {
    if (n != 3) return l.error("expected 'sides NAME NAME'").error;
    b.sides = {l.w[1], l.w[2]};
    return std::nullopt;
  }
  if (k == "attacker") {
    if (n < 2 || n > 3 || (n == 3 && l.w[2] != "interception"))
      return l.error("expected 'attacker SIDE [interception]'").error;
    EIH_TAKE(l.side(1), b.attacker);
    b.interception = n == 3;
    return std::nullopt;
  }
  if (k == "at") {
    if (n < 3) return l.error("expected 'at sea|blockade|port PLACE ...'").error;
    b.place = l.w[2];
    if (l.w[1] == "sea") {
      if (n != 3) return l.error("expected 'at sea PLACE'").error;
      b.where = Where::Sea;
      return std::nullopt;
    }
    if (l.w[1] == "blockade") {
      b.where = Where::Blockade;
      if (n < 5 || l.w[3] != "blockading")
        return l.error("expected 'at blockade PLACE blockading SIDE ...'").error;
      EIH_TAKE(l.side(4), b.blockading);
      for (std::size_t i = 5; i < n; ++i) {
        if (l.w[i] == "chits") {
          b.blockade_chits = true;
        } else if (l.w[i] == "from-port") {
          EIH_TAKE(l.side(++i), b.from_port);
        } else if (l.w[i] == "friendly") {
          int s = 0;
          EIH_TAKE(l.side(++i), s);
          b.friendly.push_back(s);
        } else {
          return l.error("unknown word '" + l.w[i] + "' (chits, from-port, friendly)").error;
        }
      }
      return std::nullopt;
    }
    if (l.w[1] == "port") {
      b.where = Where::Port;
      if (n < 7 || l.w[3] != "defence" || l.w[5] != "control")
        return l
            .error("expected 'at port PLACE defence N control POWER [garrison] [access-denied]'")
            .error;
      EIH_TAKE(l.integer(4, 0, 99), b.harbour_defence);
      EIH_NATION(6);
      b.port_controller = l.w[6];
      for (std::size_t i = 7; i < n; ++i) {
        if (l.w[i] == "garrison")
          b.garrison = true;
        else if (l.w[i] == "access-denied")
          b.access_denied = true;
        else
          return l.error("unknown word '" + l.w[i] + "' (garrison, access-denied)").error;
      }
      return std::nullopt;
    }
    return l.error("unknown place kind '" + l.w[1] + "' (sea, blockade, port)").error;
  }
  if (k == "war") {
    if (n != 3) return l.error("expected 'war POWER POWER'").error;
    EIH_NATION(1);
    EIH_NATION(2);
    if (l.w[1] == l.w[2]) return l.error("a power is not at war with itself").error;
    b.wars.insert(std::minmax(l.w[1], l.w[2]));
    return std::nullopt;
  }
  if (k == "combined") {
    if (n < 3) return l.error("expected 'combined POWER POWER...'").error;
    std::vector<std::string> group;
    for (std::size_t i = 1; i < n; ++i) {
      EIH_NATION(i);
      group.push_back(l.w[i]);
    }
    b.combined.push_back(group);
    return std::nullopt;
  }
  if (k == "control") {
    if (n != 3) return l.error("expected 'control MINOR POWER'").error;
    EIH_NATION(1);
    EIH_NATION(2);
    if (d.nation(l.w[1])->major || !d.nation(l.w[2])->major)
      return l.error("a Major Power controls a minor country").error;
    b.control[l.w[1]] = l.w[2];
    return std::nullopt;
  }
  if (k == "free-state" || k == "non-player" || k == "home-waters") {
    if (n != 2) return l.error("expected '" + k + " NATION'").error;
    EIH_NATION(1);
    (k == "free-state"   ? b.free_states
     : k == "non-player" ? b.non_player
                         : b.home_waters)
        .insert(l.w[1]);
    return std::nullopt;
  }
  if (k == "melee") {
    if (n != 2 || (l.w[1] != "locked" && l.w[1] != "unlocked"))
      return l.error("expected 'melee locked|unlocked'").error;
    b.melee_unlocked = l.w[1] == "unlocked";
    return std::nullopt;
  }
  if (k == "transport") {
    if (n != 2) return l.error("expected 'transport N'").error;
    EIH_TAKE(l.integer(1, 0, 99), b.transport);
    return std::nullopt;
  }
  if (k == "stack") {
    if (n < 4) return l.error("expected 'stack ID SIDE NAME ...'").error;
    StackSpec s;
    EIH_TAKE(l.integer(1, 1, 99), s.id);
    EIH_TAKE(l.side(2), s.side);
    s.name = l.w[3];
    std::vector<std::string>* into = nullptr;
    for (std::size_t i = 4; i < n; ++i) {
      if (l.w[i] == "carries") {
        into = &s.carries;
      } else if (l.w[i] == "supplying") {
        into = &s.supplying;
      } else if (!into) {
        return l.error("expected 'carries' or 'supplying' before '" + l.w[i] + "'").error;
      } else {
        EIH_NATION(i);
        into->push_back(l.w[i]);
      }
    }
    if (b.stack(s.id)) return l.error("stack " + std::to_string(s.id) + " twice").error;
    b.stacks.push_back(s);
    return std::nullopt;
  }
  if (k == "fleet") {
    if (n < 5) return l.error("expected 'fleet ID STACK NATION NAME ...'").error;
    FleetSpec f;
    f.id = l.w[1];
    EIH_TAKE(l.integer(2, 1, 99), f.stack);
    EIH_NATION(3);
    f.nation = l.w[3];
    f.name = l.w[4];
    for (std::size_t i = 5; i < n; ++i) {
      if (auto t = parse_type(l.w[i])) {
        EIH_TAKE(l.integer(++i, 0, 999), f.ships[*t]);
      } else if (l.w[i] == "leader" && i + 1 < n) {
        f.leader = l.w[++i];
      } else if (l.w[i] == "nelson") {
        f.nelson = true;
      } else {
        return l.error("unknown word '" + l.w[i] + "' (heavy, light, galleys, leader, nelson)")
            .error;
      }
    }
    for (const FleetSpec& g : b.fleets)
      if (g.id == f.id || g.name == f.name)
        return l.error("a second fleet " + (g.id == f.id ? f.id : f.name)).error;
    if (f.ships.empty()) return l.error("a fleet of no ships").error;
    b.fleets.push_back(f);
    return std::nullopt;
  }
  if (k == "corps") {
    if (n != 4) return l.error("expected 'corps NATION FACTORS FLEET'").error;
    CorpsSpec c;
    EIH_NATION(1);
    c.nation = l.w[1];
    EIH_TAKE(l.integer(2, 1, 99), c.factors);
    c.fleet = l.w[3];
    b.corps.push_back(c);
    return std::nullopt;
  }
  if (k == "port") {
    if (n < 5) return l.error("expected 'port ID NAME DISTANCE SIDE ...'").error;
    PortSpec p;
    p.name = l.w[2];
    EIH_TAKE(l.integer(3, 0, 99), p.distance);
    EIH_TAKE(l.side(4), p.side);
    bool powers = false;
    for (std::size_t i = 5; i < n; ++i) {
      if (l.w[i] == "for") {
        powers = true;
      } else if (l.w[i] == "blockaded") {
        p.blockaded = true;
      } else if (powers) {
        EIH_NATION(i);
        p.powers.push_back(l.w[i]);
      } else {
        return l.error("unknown word '" + l.w[i] + "' (for, blockaded)").error;
      }
    }
    // The id is what orders name; the name is what views show.
    p.id = l.w[1];
    if (p.id != text::lower(p.id) || p.id.find_first_of(" \t") != std::string::npos)
      return l.error("a port id is one lower-case word").error;
    for (const PortSpec& q : b.ports)
      if (q.id == p.id) return l.error("port " + p.id + " twice").error;
    b.ports.push_back(p);
    return std::nullopt;
  }
  if (k == "retreat-sea") {
    if (n != 3) return l.error("expected 'retreat-sea SIDE PLACE'").error;
    int s = 0;
    EIH_TAKE(l.side(1), s);
    b.retreat_sea[static_cast<std::size_t>(s)] = l.w[2];
    return std::nullopt;
  }
  if (k == "seat") {
    if (n < 4) return l.error("expected 'seat PLAYERS SIDE NAME [POWER...]'").error;
    int players = 0;
    SeatSpec s;
    EIH_TAKE(l.integer(1, 2, 4), players);
    EIH_TAKE(l.side(2), s.side);
    s.name = l.w[3];
    for (std::size_t i = 4; i < n; ++i) {
      EIH_NATION(i);
      s.powers.push_back(l.w[i]);
    }
    b.seats[players].push_back(s);
    return std::nullopt;
  }
  if (k == "custom") {
    if (n != 3) return l.error("expected 'custom MAX-FLEETS MAX-SHIPS'").error;
    b.custom = true;
    EIH_TAKE(l.integer(1, 1, 20), b.max_fleets);
    EIH_TAKE(l.integer(2, 1, 999), b.max_ships);
    return std::nullopt;
  }
#undef EIH_TAKE
#undef EIH_NATION
  return l.error("unknown statement '" + k + "'").error;
}

// The battle as a whole: everything the sequence of play relies on.
std::optional<std::string> check_battle(const Battle& b, const Data& d) {
  const std::string where = std::string(kFile) + ", battle " + b.id + ": ";
  if (b.title.empty() || b.about.empty() || b.sides[0].empty() || b.place.empty())
    return where + "needs 'title', 'about', 'sides' and 'at'";
  std::array<int, 2> stacks{};
  for (const StackSpec& s : b.stacks) ++stacks[static_cast<std::size_t>(s.side)];
  // 1.1.1.1: one attacking stack; the attacker chooses among the others.
  if (stacks[static_cast<std::size_t>(b.attacker)] != 1)
    return where + "the attacking side has exactly one stack (1.1.1.1)";
  if (stacks[static_cast<std::size_t>(1 - b.attacker)] < 1)
    return where + "the defending side needs a stack";
  if (b.where == Where::Blockade && stacks[static_cast<std::size_t>(1 - b.attacker)] != 1)
    return where + "a blockade box holds one enemy stack here";
  if (b.custom) {
    if (!b.fleets.empty() || !b.corps.empty())
      return where + "a custom battle's fleets are ordered by its seats";
    if (b.where != Where::Sea) return where + "a custom battle is fought at sea";
  } else {
    for (const StackSpec& s : b.stacks) {
      bool any = false;
      for (const FleetSpec& f : b.fleets) any = any || f.stack == s.id;
      if (!any) return where + "stack " + std::to_string(s.id) + " has no fleet";
    }
  }
  int nelsons = 0;
  for (const FleetSpec& f : b.fleets) {
    if (!b.stack(f.stack)) return where + "fleet " + f.id + " in an unknown stack";
    if (f.nelson) {
      ++nelsons;
      if (f.nation != "britain") return where + "Nelson commands British ships (1.1.2.2)";
    }
  }
  if (nelsons > 1) return where + "one Nelson";
  for (const CorpsSpec& c : b.corps) {
    int load = 0;
    bool found = false;
    for (const FleetSpec& f : b.fleets) found = found || f.id == c.fleet;
    if (!found) return where + "a corps on an unknown fleet " + c.fleet;
    for (const CorpsSpec& o : b.corps)
      if (o.fleet == c.fleet) load += o.factors;
    if (load > b.transport)
      return where + "fleet " + c.fleet + " transports more than " + std::to_string(b.transport) +
             " army factors (1.1.6)";
  }
  // Who may fight (1.1.1): a stack is one power, or powers in combined
  // movement; on the defending side each of them at war with the attacker.
  std::set<std::string> attackers;
  for (const FleetSpec& f : b.fleets)
    if (b.stack(f.stack)->side == b.attacker) attackers.insert(power_of(b, f.nation));
  for (const StackSpec& s : b.stacks) {
    std::set<std::string> powers;
    for (const FleetSpec& f : b.fleets)
      if (f.stack == s.id) powers.insert(power_of(b, f.nation));
    if (powers.size() > 1) {
      for (const std::string& p : powers)
        for (const std::string& q : powers)
          if (p != q && !combined(b, p, q))
            return where + "stack " + std::to_string(s.id) + " mixes " + p + " and " + q +
                   " without combined movement (1.1.1)";
      if (s.side != b.attacker)
        for (const std::string& p : powers)
          if (!at_war(b.wars, attackers, p))
            return where + "stack " + std::to_string(s.id) + ": " + p +
                   " is not at war with the attacker and so forms its own stack (1.1.1)";
    }
  }
  // Footnote [5]: escorts for free states and non-player powers in a port raid.
  if (b.where == Where::Port) {
    Ships escorted, escorts;
    for (const FleetSpec& f : b.fleets) {
      if (b.stack(f.stack)->side != b.attacker) continue;
      const bool needs = b.free_states.count(f.nation) || b.non_player.count(f.nation) ||
                         b.non_player.count(power_of(b, f.nation));
      (needs ? escorted : escorts) += f.ships;
    }
    if (auto why = escort_problem(escorts, escorted)) return where + *why;
  }
  // Seats: both sides; every power with ships has a seat of its side.
  if (b.seats.empty()) return where + "no 'seat' lines";
  for (const auto& [players, seats] : b.seats) {
    if (static_cast<int>(seats.size()) != players)
      return where + std::to_string(players) + " players need " + std::to_string(players) +
             " seats";
    std::array<int, 2> per_side{};
    for (const SeatSpec& s : seats) ++per_side[static_cast<std::size_t>(s.side)];
    if (per_side[0] == 0 || per_side[1] == 0)
      return where + "a game of " + std::to_string(players) + " needs a seat on each side";
    for (const FleetSpec& f : b.fleets) {
      const std::string p = power_of(b, f.nation);
      const int side = b.stack(f.stack)->side;
      int holders = 0;
      for (const SeatSpec& s : seats)
        if (std::find(s.powers.begin(), s.powers.end(), p) != s.powers.end())
          holders += s.side == side ? 1 : 100;
      if (holders != 1)
        return where + "with " + std::to_string(players) + " players, " + p +
               " needs one seat on its side";
    }
    if (b.custom)
      for (const SeatSpec& s : seats)
        if (!s.powers.empty()) return where + "a custom battle's seats get their powers in play";
  }
  // Ports: every side has one for its damaged ships, and a retreat (1.1.2.9.1,
  // 1.1.2.10.1); a port raid's attacker withdraws to the box or a sea area.
  for (int side : {0, 1}) {
    bool any = false, retreat = false;
    for (const PortSpec& p : b.ports) {
      if (p.side != side) continue;
      any = true;
      retreat = retreat || (!p.blockaded && p.distance <= kRetreatReach);
    }
    if (!any) return where + "side " + std::to_string(side) + " has no port";
    if (!retreat && b.retreat_sea[static_cast<std::size_t>(side)].empty())
      return where + "side " + std::to_string(side) +
             " needs a port within five movement points or a 'retreat-sea' (1.1.2.9.1)";
  }
  if (b.where == Where::Port && b.retreat_sea[static_cast<std::size_t>(b.attacker)].empty())
    return where + "a port raid's attacker needs the nearest sea area ('retreat-sea', 1.1.4.1.3)";
  for (const FleetSpec& f : b.fleets) {
    const std::string p = power_of(b, f.nation);
    const int side = b.stack(f.stack)->side;
    if (!port_for(b, side, p)) return where + p + " has no port for its damaged ships (1.1.2.10.1)";
  }
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
  bool cost = false;
  for (const records::Record& r : records::read(scenarios, kFile)) {
    auto w = words_of(r.text());
    if (!w) return r.error(w.error().message);
    const Reader l{{r, std::move(*w)}};
    const std::string& k = l.w[0];
    if (k == "war-cost") {
      auto v = l.integer(1, 0, 9);
      if (!v || l.w.size() != 2 || cost) return l.error("one 'war-cost N' (0..9)");
      d.war_cost = *v;
      cost = true;
    } else if (k == "nation") {
      if (l.w.size() != 4 || (l.w[2] != "major" && l.w[2] != "minor"))
        return l.error("expected 'nation ID major|minor NAME'");
      if (l.w[1] != text::lower(l.w[1])) return l.error("a nation id is lower-case");
      if (d.nation(l.w[1])) return l.error("nation " + l.w[1] + " twice");
      if (!d.battles.empty()) return l.error("nations come before the battles");
      d.nations.push_back(Nation{l.w[1], l.w[3], l.w[2] == "major"});
    } else if (k == "battle") {
      if (l.w.size() != 2) return l.error("expected 'battle ID'");
      if (d.battle(l.w[1])) return l.error("battle " + l.w[1] + " twice");
      Battle b;
      b.id = l.w[1];
      d.battles.push_back(b);
    } else if (d.battles.empty()) {
      return l.error("'" + k + "' outside a battle");
    } else if (auto e = battle_line(l, d, d.battles.back())) {
      return unexpected(*e);
    }
  }
  if (!cost) return fail(std::string(kFile) + ": no 'war-cost'");
  if (d.battles.empty()) return fail(std::string(kFile) + ": no battle");
  for (const auto& [nation, m] : d.tables.morale)
    if (!d.nation(nation))
      return fail("eih-naval tables: morale of an unknown nation '" + nation +
                  "' (the nations are those of the scenarios)");
  for (const Battle& b : d.battles)
    if (auto why = check_battle(b, d)) return fail(*why);
  return d;
}

}  // namespace naumachia::eih_naval
