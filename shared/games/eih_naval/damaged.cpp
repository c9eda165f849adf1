// Empires in Harm naval combat: damaged ships (1.1.2.10, 1.1.2.10.1): the
// victor takes the beaten side's damaged ships; every side states where its
// damaged ships go before any die is rolled; a d6 a ship against the
// distance (1 always sinks, 6 always arrives). After a port raid each side
// keeps its own, and the defender loses each on a 1 (1.1.4.1.3). Then the
// consolidation of losses (1.1.2.11).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.2.10.1: "if the distance to the port in movement points is greater
// than or equal to the D6 roll the damaged ship is sunk ... a roll of 1
// always sinks ... a roll of 6 always means that the ship successfully
// reaches port."
bool reaches_port(int distance, int roll) {
  if (roll <= 1) return false;
  if (roll >= 6) return true;
  return distance < roll;
}

bool may_use(const PortSpec& p, const Battle& b, const std::string& power, int side) {
  (void)b;
  if (p.side != side) return false;
  return p.powers.empty() || std::find(p.powers.begin(), p.powers.end(), power) != p.powers.end();
}

// The nearest port `power` of `side` may send damaged ships to.
const PortSpec* port_for(const Battle& b, int side, const std::string& power) {
  const PortSpec* best = nullptr;
  for (const PortSpec& p : b.ports)
    if (may_use(p, b, power, side) && (!best || p.distance < best->distance)) best = &p;
  return best;
}

std::map<std::string, Ships> Board::held_damaged() const {
  std::map<std::string, Ships> out;
  for (const Fleet& f : fleets_) {
    if (!f.damaged.empty()) out[power(f.nation)] += f.damaged;
    if (!f.taken.empty()) out[f.taken_by] += f.taken;
  }
  return out;
}

// EiH 1.1.2.10.1: a seat holding damaged ships, its own or taken, says
// where they go; EiH 1.1.4.1.3: the raided side's own damaged ships stay in
// port.
Duties Board::damaged_duties(int seat) const {
  const bool raid = battle().where == Where::Port;
  for (const Fleet& f : fleets_) {
    const bool own = !f.damaged.empty() && holds(power(f.nation), seat) &&
                     !(raid && side_of(f) != battle().attacker);
    const bool prizes = !f.taken.empty() && holds(f.taken_by, seat);
    if (own || prizes) return {Duty::Damaged};
  }
  return {};
}

namespace {

// One damaged ship in a holder's hands.
struct Hulk {
  Fleet* fleet;
  ShipType type;
  bool taken;  // a prize
};

}  // namespace

// EiH 1.1.2.10.1: each holding power's seat names ports ('damaged PORT N
// [TYPE]', taken in order); what it leaves unnamed goes to its nearest
// port. Then one d6 per ship.
void Board::return_damaged(const Orders& orders) {
  const bool raid = battle().where == Where::Port;
  const int def = 1 - battle().attacker;
  // EiH 1.1.4.1.3: the defender's damaged ships are in port already; each
  // is lost on a d6 of 1.
  if (raid) {
    for (Fleet& f : fleets_) {
      if (side_of(f) != def || f.damaged.empty()) continue;
      const auto first = rolls_so_far();
      std::vector<std::string> rolls;
      Ships lost;
      for (ShipType t : kShipTypes)
        for (int i = f.damaged[t]; i > 0; --i) {
          const int die =
              roll(6, f.id + "'s damaged " + type_word(t) + " ship in port (1.1.4.1.3)");
          rolls.push_back(std::to_string(die));
          if (die == 1) ++lost[t];
        }
      f.sunk += lost;
      f.saved += f.damaged - lost;
      said_with_rolls(fleet_label(f) + "'s " + std::to_string(f.damaged.total()) +
                          " damaged ship(s) in port roll " + text::join(rolls, ", ") + ": " +
                          (lost.empty() ? "none lost" : ships_text(lost) + " lost on a 1") +
                          " (1.1.4.1.3)",
                      first);
      f.damaged = Ships{};
    }
  }
  for (const auto& [holder, held] : held_damaged()) {
    int side = -1;
    for (const Fleet& f : fleets_) {
      if (!f.damaged.empty() && power(f.nation) == holder) side = side_of(f);
      if (!f.taken.empty() && f.taken_by == holder) side = 1 - side_of(f);
    }
    std::vector<Hulk> hulks;
    for (ShipType t : kShipTypes)
      for (Fleet& f : fleets_) {
        if (power(f.nation) == holder)
          for (int i = 0; i < f.damaged[t]; ++i) hulks.push_back({&f, t, false});
        if (f.taken_by == holder)
          for (int i = 0; i < f.taken[t]; ++i) hulks.push_back({&f, t, true});
      }
    std::vector<const PortSpec*> to(hulks.size(), nullptr);
    if (const auto seat = seat_of(holder)) {
      for (const std::string& line : orders_of(orders, *seat).lines) {
        const auto w = text::split(line);
        if (w.size() < 2 || w[0] != "damaged") continue;
        const PortSpec* p = nullptr;
        for (const PortSpec& q : battle().ports)
          if (q.id == w[1] && may_use(q, battle(), holder, side)) p = &q;
        if (!p) continue;
        long long n = static_cast<long long>(hulks.size());
        if (w.size() >= 3) text::parse_int(w[2], n);
        const auto type = w.size() >= 4 ? parse_type(w[3]) : std::nullopt;
        for (std::size_t i = 0; i < hulks.size() && n > 0; ++i) {
          if (to[i] || (type && hulks[i].type != *type)) continue;
          to[i] = p;
          --n;
        }
      }
    }
    const PortSpec* nearest = port_for(battle(), side, holder);
    for (auto& p : to)
      if (!p) p = nearest;
    // One event a port: the rolls in the order of the ships.
    for (const PortSpec& port : battle().ports) {
      const auto first = rolls_so_far();
      std::vector<std::string> rolls;
      Ships arrived, sank;
      for (std::size_t i = 0; i < hulks.size(); ++i) {
        if (to[i] != &port) continue;
        Hulk& h = hulks[i];
        const int die = roll(6, nation_name(holder) + "'s damaged " + type_word(h.type) +
                                    " ship of " + h.fleet->id + " to " + port.name + " (" +
                                    std::to_string(port.distance) + " MP, 1.1.2.10.1)");
        rolls.push_back(std::to_string(die));
        const bool ok = reaches_port(port.distance, die);
        (ok ? arrived : sank)[h.type] += 1;
        (h.taken ? h.fleet->taken : h.fleet->damaged)[h.type] -= 1;
        if (!ok)
          h.fleet->sunk[h.type] += 1;
        else
          (h.taken ? h.fleet->prizes : h.fleet->saved)[h.type] += 1;
      }
      if (rolls.empty()) continue;
      said_with_rolls(
          nation_name(holder) + " sends " + std::to_string(rolls.size()) + " damaged ship(s) to " +
              port.name + ", " + std::to_string(port.distance) + " MP away: rolls " +
              text::join(rolls, ", ") + ": " + (arrived.empty() ? "none" : ships_text(arrived)) +
              " reach port, " + (sank.empty() ? "none" : ships_text(sank)) +
              " sink (1 always sinks, 6 always arrives; 1.1.2.10.1)",
          first);
    }
  }
}

// EiH 1.1.2.11: fleets without ships are removed (no political points for
// that), and a corps aboard one is lost with it; Nelson, with a stack in
// which all ships and fleets are eliminated, becomes a prisoner of the
// other side (reading 9: he is the only leader the rules name).
void Board::consolidate() {
  std::vector<std::string> removed;
  for (const Fleet& f : fleets_)
    if (f.ships.empty() && !f.evaded) removed.push_back(fleet_label(f));
  if (!removed.empty())
    say("Fleet counters without ships are removed: " + text::join(removed, ", ") + " (1.1.2.11)");
  for (const Corps& c : corps_) {
    const int aboard = c.factors - c.surrendered;
    for (const Fleet& f : fleets_)
      if (f.id == c.fleet && aboard > 0 && f.ships.empty() && !f.evaded && f.fought)
        say(std::to_string(aboard) + " " + nation_name(c.nation) + " army factor(s) aboard " +
            fleet_label(f) + " are lost with it (1.1.2.11)");
  }
  for (const StackSpec& s : battle().stacks) {
    bool fought = false, gone = true;
    for (const Fleet& f : fleets_) {
      if (f.stack != s.id) continue;
      fought = fought || f.fought;
      gone = gone && f.ships.empty() && f.saved.empty() && f.damaged.empty();
    }
    if (!fought || !gone) continue;
    for (Fleet& f : fleets_) {
      if (f.stack != s.id || !f.nelson || f.leader_fate == "killed" ||
          f.leader_fate.find("prisoner") != std::string::npos)
        continue;
      f.leader_fate += (f.leader_fate.empty() ? "" : ", ") + std::string("taken prisoner");
      say(f.leader + "'s stack is wholly eliminated: " + f.leader + " is taken prisoner by " +
          side_name(1 - s.side) + " (1.1.2.11)");
    }
  }
}

}  // namespace naumachia::eih_naval
