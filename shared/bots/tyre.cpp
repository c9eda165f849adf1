// Tyre's computer player: the searching player judged by Tyre's standing,
// on a port whose candidate orders add what random play leaves out: the
// longer courses of a ship (its candidates go a hex or two; a fleet
// crossing to the walls needs its whole allowance, 5.1), a second land unit
// aboard each ship with a leader to command them (8.21: two a ship and a
// leader in the assault; random play loads one unit and no leader, 15.12)
// and the attacks of several units on one hex (12.14: the odds that clear a
// breach need them), or of two ships on one (6.23). The validator refuses
// what the rules do not allow; the player reads nothing but its port.
#include "bots/tyre.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "bots/search.h"
#include "core/text.h"

namespace naumachia::bots {

namespace {

// A ship's movement group holds "ID: move 1": the ship's id, or "".
std::string moved_ship(const std::vector<std::string>& group) {
  static constexpr std::string_view kShort = ": move 1";
  for (const std::string& line : group)
    if (line.size() > kShort.size() && line.ends_with(kShort))
      return line.substr(0, line.size() - kShort.size());
  return "";
}

// A ship's longer courses.
void add_courses(std::vector<std::string>& group) {
  const std::string id = moved_ship(group);
  if (id.empty()) return;
  for (int n = 3; n <= 9; ++n) group.push_back(id + ": move " + std::to_string(n));
  for (int n = 2; n <= 8; ++n)
    for (const char* side : {"L", "R"})
      group.push_back(id + ": turn " + side + ", move " + std::to_string(n));
}

// The seat's ships carrying anything: engines or the army (8.1, 8.2).
std::set<std::string> transports(const SeatPort& port) {
  std::set<std::string> out;
  for (const Cell& c : port.view().cells)
    for (const Token& t : c.tokens)
      if (t.owner == port.seat().value &&
          std::find(t.marks.begin(), t.marks.end(), "transport") != t.marks.end())
        out.insert(t.label);
  return out;
}

// Whether a step moves one of the seat's transports.
bool moves_transports(const SeatPort& port, const std::vector<std::vector<std::string>>& groups) {
  if (std::none_of(groups.begin(), groups.end(),
                   [](const auto& g) { return !moved_ship(g).empty(); }))
    return false;
  const std::set<std::string> carrying = transports(port);
  return std::any_of(groups.begin(), groups.end(),
                     [&](const auto& g) { return carrying.count(moved_ship(g)) > 0; });
}

// 5.1, 5.2: the longest course the ship can sail straight on, and after a
// turn to either side, each as things stand (the validator knows its
// allowance, its exhaustion and the ships in its way): listed three more
// times, so that the search, which tries five or so of a ship's thirty
// lines when forty ships move, tries these first
// (SearchOptions::weighted_first). A convoy crossing to the walls in the
// assault is made of such courses; tried at random among the rest, the
// transports sailed two or three hexes of their seven an impulse.
void weight_longest_courses(const SeatPort& port, std::vector<std::string>& group) {
  const std::string id = moved_ship(group);
  if (id.empty()) return;
  for (const char* side : {"", "turn L, ", "turn R, "})
    for (int n = *side ? 8 : 9; n >= 2; --n) {
      const std::string line = id + ": " + side + "move " + std::to_string(n);
      if (!port.validate({line})) continue;
      group.insert(group.end(), 3, line);
      break;
    }
}

// "load X on SHIP" names its ship after the last space.
bool loads_units(const std::vector<std::string>& group) {
  return !group.empty() && std::all_of(group.begin(), group.end(), [](const std::string& line) {
    return line.starts_with("load ") && line.find(" on ") != std::string::npos;
  });
}

// "ID: attack HEX, advance ID" (a land melee) or "ID: attack SHIP" (a
// naval one): the attacker and the hex or ship attacked.
bool single_attack(const std::string& line, std::string& id, std::string& hex) {
  const auto colon = line.find(": attack ");
  if (colon == std::string::npos || line.substr(0, colon).find(' ') != std::string::npos)
    return false;
  const auto comma = line.find(',', colon);
  id = line.substr(0, colon);
  hex = line.substr(colon + 9, comma == std::string::npos ? std::string::npos : comma - colon - 9);
  return true;
}

}  // namespace

std::vector<std::vector<std::string>> tyre_candidates(const SeatPort& port) {
  auto groups = port.candidate_orders();
  std::vector<std::vector<std::string>> more;
  // 12.14: every unit next to one enemy hex attacks it together; each of
  // them the one to advance into it (12.5). These groups come first, so
  // that the search tries the whole attack before any of its units is
  // given one of its own.
  std::map<std::string, std::vector<std::string>> attackers;
  for (const auto& group : groups)
    for (const std::string& line : group) {
      std::string id, hex;
      if (single_attack(line, id, hex) &&
          std::find(attackers[hex].begin(), attackers[hex].end(), id) == attackers[hex].end())
        attackers[hex].push_back(id);
    }
  for (const auto& [target, ids] : attackers) {
    if (ids.size() < 2) continue;
    std::vector<std::string> group;
    if (std::isdigit(static_cast<unsigned char>(target.front()))) {
      std::string all;
      for (const std::string& id : ids) all += (all.empty() ? "" : " ") + id;
      for (const std::string& id : ids)
        group.push_back(all + ": attack " + target + ", advance " + id);
    } else {
      // 6.23: a ship, not a hex: two ships at most attack it together, on
      // their combined strength (6.5), and nobody advances. Each pair.
      for (std::size_t i = 0; i < ids.size(); ++i)
        for (std::size_t j = i + 1; j < ids.size(); ++j)
          group.push_back(ids[i] + " " + ids[j] + ": attack " + target);
    }
    more.push_back(std::move(group));
  }
  // Land units and leaders go aboard only for the assault (8.12); the
  // bombardment's loads (8.11) are left as they are. The land leaders are
  // those ashore on the board (a naval leader changing ships would
  // take the one leader's place a ship has, 8.21).
  std::vector<std::string> leaders;
  bool assault = false;
  if (std::any_of(groups.begin(), groups.end(), loads_units)) {
    const View v = port.view();
    assault =
        std::find(v.notes.begin(), v.notes.end(), "plan this Game-Turn: assault") != v.notes.end();
    for (const Cell& c : v.cells)
      for (const Token& t : c.tokens)
        if (assault && t.kind == "leader") leaders.push_back(t.label);
  }
  const std::set<std::string> carrying =
      moves_transports(port, groups) ? transports(port) : std::set<std::string>{};
  for (auto& group : groups) {
    add_courses(group);
    if (carrying.count(moved_ship(group))) weight_longest_courses(port, group);
    if (!assault || !loads_units(group)) continue;
    // 8.21: a full-strength ship carries two land units in the assault,
    // and a leader, whose command gives them their whole allowance ashore
    // (15.12).
    more.push_back(group);
    const std::string ship = group.front().substr(group.front().rfind(' ') + 1);
    std::vector<std::string> aboard;
    for (const std::string& id : leaders) aboard.push_back("load " + id + " on " + ship);
    if (!aboard.empty()) more.push_back(std::move(aboard));
  }
  // 16.12: the ships carrying naval leaders move last, once the ships they
  // command have moved: a leader's ship going first would leave them
  // beyond his command radius, where they may not move.
  std::set<std::string> flagships;
  const auto moves_ship = [](const std::vector<std::string>& g) {
    return std::any_of(g.begin(), g.end(),
                       [](const std::string& line) { return line.ends_with(": move 1"); });
  };
  if (std::any_of(groups.begin(), groups.end(), moves_ship))
    for (const Cell& c : port.view().cells)
      for (const Token& t : c.tokens)
        if (std::find(t.marks.begin(), t.marks.end(), "leader") != t.marks.end())
          flagships.insert(t.label);
  std::stable_partition(groups.begin(), groups.end(), [&](const std::vector<std::string>& g) {
    return !moves_ship(g) || !flagships.count(g.front().substr(0, g.front().find(':')));
  });
  // The attacks first; then the leaders, so that each ship's units are
  // chosen knowing whose command they would be under; then the rest.
  std::vector<std::vector<std::string>> out;
  const auto leads = [&](const std::vector<std::string>& g) {
    return std::any_of(leaders.begin(), leaders.end(), [&](const std::string& id) {
      return g.front().starts_with("load " + id + " on ");
    });
  };
  for (auto& g : more)
    if (g.front().find(": attack ") != std::string::npos) out.push_back(std::move(g));
  for (auto& g : more)
    if (!g.empty() && leads(g)) out.push_back(std::move(g));
  for (auto& g : groups) out.push_back(std::move(g));
  for (auto& g : more)
    if (!g.empty()) out.push_back(std::move(g));
  return out;
}

// Tyre 6.22, 6.24, 6.5: a naval melee is voluntary, simultaneous, and its
// result falls on the defender alone: a ship able to attack loses nothing
// by attacking. The search judges on two draws and keeps a line only when
// it judges better, and an attack whose die comes to nothing in both (at a
// differential of 0 or 1, most often) is judged no better than none; so a
// ship the search left idle is given an attack: beside a ship of its side
// already attacking a target alone (6.23: their strengths combine), else
// alone, where the rules allow it.
OrderSet with_every_naval_attack(const SeatPort& port, OrderSet orders) {
  // A naval melee's target is a ship; a land melee's is a hex (12.0).
  const auto naval = [](const std::string& target) {
    return !target.empty() && !std::isdigit(static_cast<unsigned char>(target.front()));
  };
  std::set<std::string> attacking;
  std::map<std::string, std::size_t> alone;  // a target attacked by one ship: its line
  for (std::size_t i = 0; i < orders.lines.size(); ++i) {
    const std::string& line = orders.lines[i];
    const auto colon = line.find(": attack ");
    if (colon == std::string::npos || !naval(line.substr(colon + 9))) continue;
    const std::string who = line.substr(0, colon);
    for (const std::string_view id : text::split(who)) attacking.emplace(id);
    std::string id, target;
    if (single_attack(line, id, target)) alone[target] = i;
  }
  for (const auto& group : port.candidate_orders())
    for (const std::string& line : group) {
      std::string id, target;
      if (!single_attack(line, id, target) || !naval(target) || attacking.count(id)) continue;
      std::vector<std::string> trial = orders.lines;
      const auto partner = alone.find(target);
      if (partner != alone.end()) {
        std::string& first = trial[partner->second];
        first = first.substr(0, first.find(':')) + " " + id + ": attack " + target;
      } else {
        trial.push_back(line);
      }
      if (!port.validate(trial)) continue;
      attacking.insert(id);
      if (partner != alone.end())
        alone.erase(partner);
      else
        alone[target] = trial.size() - 1;
      orders.lines = std::move(trial);
    }
  return *port.validate(orders.lines);
}

namespace {

// The port with the Tyre player's own candidates (tyre_candidates).
class WithTyreCandidates final : public ForwardingPort {
 public:
  using ForwardingPort::ForwardingPort;
  std::vector<std::vector<std::string>> candidate_orders() const override {
    return tyre_candidates(inner());
  }
};

class Tyre final : public Player {
 public:
  std::string name() const override { return "tyre"; }
  OrderSet decide(const SeatPort& port, Dice& rng, const Budget& budget) const override {
    const WithTyreCandidates with_candidates(port);
    const auto groups = port.candidate_orders();
    if (std::any_of(groups.begin(), groups.end(), [](const std::vector<std::string>& g) {
          return std::find(g.begin(), g.end(), "assault") != g.end();
        }))
      return planning_->decide(with_candidates, rng, budget);
    if (moves_transports(port, groups)) return convoy_->decide(with_candidates, rng, budget);
    return with_every_naval_attack(port, search_->decide(with_candidates, rng, budget));
  }

 private:
  // 4.0 1A, 7.3: the plan, assault or bombard, is made in secret while the
  // Tyrian allots his repairs, and an assault is made once: whether a breach
  // survives the repairs is a chance, which two draws judge no better than a
  // coin does (the assault was planned on a breach that half the time was
  // repaired under it). The plan is a few lines; sixteen draws judge it.
  std::unique_ptr<Player> planning_ = searching_player({.samples = 16, .per_group = 10});
  // A movement step orders up to forty ships and a strategic movement fifty
  // pieces: two draws (the dice of rams and landings) and a few candidates
  // a piece leave every piece its share of the budget.
  std::unique_ptr<Player> search_ = searching_player({.samples = 2, .per_group = 10});
  // The transports' movement, the same with each group's most-listed lines
  // tried first: the transports' longest courses (and the port's rams and
  // courses toward the enemy, listed more for random play). For every ship
  // it sent warships of the naval war far into harm: the Macedonian's naval
  // row fell from 141 of 200 to 52.
  std::unique_ptr<Player> convoy_ =
      searching_player({.samples = 2, .per_group = 10, .weighted_first = true});
};

}  // namespace

std::unique_ptr<Player> tyre_player() {
  return std::make_unique<Tyre>();
}

}  // namespace naumachia::bots
