// Tyre: how a side stands (State::standing), the computer player's
// judgement: positions that differ by one thing the rules value.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bots/port.h"
#include "bots/tyre.h"
#include "core/hex.h"
#include "core/text.h"
#include "games/tyre/tyre.h"

using namespace naumachia;

namespace {

const PlayerId kTyre{0}, kMacedon{1};

const Game& tyre_game() {
  static const auto game = tyre::make_tyre_game();
  return *game;
}

// A new game of `scenario` with each line of its position passed through
// `edit` (which returns the line to write), and `more` lines after them.
std::unique_ptr<State> edited(const std::string& scenario,
                              const std::function<std::string(const std::string&)>& edit,
                              const std::string& more = "") {
  const std::string base = tyre_game().new_game(scenario, 2).value()->serialize();
  std::ostringstream out;
  for (auto line : text::lines(base)) out << edit(std::string(line)) << "\n";
  out << more;
  auto s = tyre_game().deserialize(out.str());
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

// The line of ship `id` with its place replaced by `where` and its face by `face`.
std::string ship_line(const std::string& line, const std::string& id, const std::string& where,
                      const std::string& face) {
  const auto w = text::split(line);
  if (w.size() < 5 || w[0] != "ship" || w[1] != id) return line;
  std::string out = "ship " + id + " " + where + " " + std::string(w[3]) + " " + face;
  for (std::size_t i = 5; i < w.size(); ++i) out += " " + std::string(w[i]);
  return out;
}

std::function<std::string(const std::string&)> ship(const std::string& id, const std::string& where,
                                                    const std::string& face = "full") {
  return [=](const std::string& line) { return ship_line(line, id, where, face); };
}

std::string same(const std::string& line) {
  return line;
}

// A siege position in the assault (4.0 §3) with the given unit lines.
std::unique_ptr<State> assault(const std::map<std::string, std::string>& units) {
  return edited("siege", [&](const std::string& line) {
    const auto w = text::split(line);
    if (w.empty()) return line;
    if (w[0] == "plan") return std::string("plan assault");
    if (w[0] == "segment") return std::string("segment mac-land");
    if (w[0] == "unit" && units.count(std::string(w[1])))
      return "unit " + std::string(w[1]) + " " + units.at(std::string(w[1])) + " 0 -";
    return line;
  });
}

}  // namespace

TEST_CASE("Tyre 6.4, 6.5: a Tyrian ship sunk stands the Macedonian better, the Tyrian worse") {
  const auto before = edited("naval", same);
  const auto sunk = edited("naval", ship("T11", "sunk"));
  CHECK(sunk->standing(kMacedon) > before->standing(kMacedon));
  CHECK(sunk->standing(kTyre) < before->standing(kTyre));
}

TEST_CASE(
    "Tyre 6.34: a damaged ship stands its side worse than a full one, better than a sunk one") {
  const auto full = edited("naval", same);
  const std::string where = [&] {
    const std::string serialized = full->serialize();  // outlives the lines viewing it
    for (auto line : text::lines(serialized))
      if (line.rfind("ship T3 ", 0) == 0) return std::string(text::split(line)[2]);
    return std::string();
  }();
  const auto damaged = edited("naval", ship("T3", where, "damaged"));
  const auto sunk = edited("naval", ship("T3", "sunk"));
  CHECK(full->standing(kTyre) > damaged->standing(kTyre));
  CHECK(damaged->standing(kTyre) > sunk->standing(kTyre));
}

TEST_CASE("Tyre 18.2: a game the Tyrian has won stands him above any position in play") {
  const auto playing = edited("naval", same);
  const auto won = edited("naval", [](const std::string& line) {
    if (line == "over 0") return std::string("over 1\nresult Tyrian victory (18.2)");
    return line;
  });
  REQUIRE(won->step().game_over);
  CHECK(won->standing(kTyre) > playing->standing(kTyre) + 1000);
  CHECK(won->standing(kMacedon) < playing->standing(kMacedon) - 1000);
}

TEST_CASE(
    "Tyre 18.1: in the assault, a unit nearer the Agenorium, then an objective held, stand "
    "the Macedonian better") {
  // Open ground 4018 is farther from the Agenorium (4011) than 4014; 4011 is it.
  const auto far = assault({{"Agema", "hex 4018"}});
  const auto near = assault({{"Agema", "hex 4014"}});
  const auto held = assault({{"Agema", "hex 4011"}});
  CHECK(near->standing(kMacedon) > far->standing(kMacedon));
  CHECK(held->standing(kMacedon) > near->standing(kMacedon));
  CHECK(held->standing(kTyre) < far->standing(kTyre));
}

TEST_CASE("Tyre 7.15, 14.1: a wall breached and the mole grown stand the Macedonian better") {
  const auto before = edited("siege", same);
  const auto breached = edited("siege", same, "wall 3721 6\n");
  const auto grown = edited("siege", same, "mole 3723\n");
  CHECK(breached->standing(kMacedon) > before->standing(kMacedon));
  CHECK(breached->standing(kTyre) < before->standing(kTyre));
  CHECK(grown->standing(kMacedon) > before->standing(kMacedon));
}

namespace {

// A siege position at `segment` of Game-Turn `turn` under `plan`, with the
// given unit lines and `more` lines after them.
std::unique_ptr<State> siege_at(const std::string& segment, int turn, const std::string& plan,
                                const std::map<std::string, std::string>& units,
                                const std::string& more = "",
                                const std::map<std::string, std::string>& ships = {},
                                const std::map<std::string, std::string>& leaders = {},
                                const std::map<std::string, std::string>& naval = {}) {
  return edited(
      "siege",
      [&](const std::string& line) {
        const auto w = text::split(line);
        if (w.empty()) return line;
        if (w[0] == "plan") return "plan " + plan;
        if (w[0] == "segment") return "segment " + segment;
        if (w[0] == "turn") return "turn " + std::to_string(turn);
        if (w[0] == "unit" && units.count(std::string(w[1])))
          return "unit " + std::string(w[1]) + " " + units.at(std::string(w[1])) + " 0 -";
        if (w[0] == "leader" && naval.count(std::string(w[1])))
          return "leader " + std::string(w[1]) + " " + naval.at(std::string(w[1]));
        if (w[0] == "lleader" && leaders.count(std::string(w[1])))
          return "lleader " + std::string(w[1]) + " " + leaders.at(std::string(w[1])) + " 0";
        if (w[0] == "ship" && ships.count(std::string(w[1])))
          return ship_line(line, std::string(w[1]), ships.at(std::string(w[1])), "full");
        return line;
      },
      more);
}

}  // namespace

TEST_CASE(
    "Tyre 18.2: in the last Game-Turn, without a breach and with the army on the mainland, an "
    "assault stands the Macedonian above the bombardment that loses") {
  const auto assault = siege_at("mac-strategic", 12, "assault", {});
  const auto bombard = siege_at("mac-strategic", 12, "bombard", {});
  CHECK(assault->standing(kMacedon) > bombard->standing(kMacedon));
  // Nor is an assault whose army has not yet moved judged below no assault
  // at all: the way made counts, never below nothing.
  const auto earlier = siege_at("mac-strategic", 5, "bombard", {});
  const auto breached = siege_at("mac-strategic", 5, "assault", {}, "wall 4613 6\n");
  const auto breached_bombard = siege_at("mac-strategic", 5, "bombard", {}, "wall 4613 6\n");
  CHECK(breached->standing(kMacedon) > breached_bombard->standing(kMacedon) + 300);
  CHECK(earlier->standing(kMacedon) < breached_bombard->standing(kMacedon));
}

TEST_CASE(
    "Tyre 8.32, 9.13: in the assault, a Macedonian unit in the breach stands him better than "
    "wading next to it and worse than moving on from it toward the objectives, and a Tyrian unit "
    "in the breach worse than one behind it") {
  // 4613 is a primary wall hex on the island's east shore nearest the
  // objectives, next to the sea hex 4714; 4513 and 4512 are open ground
  // behind it, 4512 nearer the Agenorium (18.1).
  const std::string breach = "wall 4613 6\n";
  const auto wading = siege_at("mac-land", 3, "assault", {{"Agema", "hex 4714"}}, breach);
  const auto in = siege_at("mac-land", 3, "assault", {{"Agema", "hex 4613"}}, breach);
  CHECK(in->standing(kMacedon) > wading->standing(kMacedon));
  // One combat unit a hex (9.13): the unit holding the breach keeps those
  // behind it out.
  const auto on = siege_at("mac-land", 3, "assault", {{"Agema", "hex 4512"}}, breach);
  CHECK(on->standing(kMacedon) > in->standing(kMacedon));
  const auto barred = siege_at("mac-land", 3, "assault", {{"Mil1", "hex 4613"}}, breach);
  const auto behind = siege_at("mac-land", 3, "assault", {{"Mil1", "hex 4513"}}, breach);
  CHECK(barred->standing(kMacedon) < behind->standing(kMacedon));
  CHECK(barred->standing(kTyre) > behind->standing(kTyre));
}

TEST_CASE(
    "Tyre 8.32, 12.5, 16.12: in the assault, a unit wading under a wall that stands is no nearer "
    "the objectives than aboard its ship, nor out of its ship's plight beyond command, and one "
    "wading next to a breach is nearer") {
  // A3 carries Agema; 4911 is all sea under the standing wall 4811, three
  // hexes from the breach at 4613; 4714 is the sea hex next to the breach.
  // A wader still in the sea at the impulse's end goes back aboard (8.32):
  // only by attacking a unit in the breach (there already, or moving in
  // before the melee) and advancing does it leave the sea (12.5).
  // Enylus's A1 at 5010 keeps A3 in command (16.12); off the map, he
  // leaves it beyond his radius, where it may not move.
  const auto at = [](const std::string& ship_hex, const std::string& agema,
                     const std::string& enylus) {
    return edited(
        "siege",
        [&](const std::string& line) {
          const auto w = text::split(line);
          if (w.empty()) return line;
          if (w[0] == "plan") return std::string("plan assault");
          if (w[0] == "segment") return std::string("segment mac-land");
          if (w[0] == "turn") return std::string("turn 3");
          if (w[0] == "unit" && w[1] == "Agema") return "unit Agema " + agema;
          return ship_line(ship_line(line, "A3", ship_hex, "full"), "A1", enylus, "full");
        },
        "wall 4613 6\n");
  };
  for (const std::string enylus : {"5010", "off"}) {
    CAPTURE(enylus);
    const auto aboard = at("4911", "ship A3 0 -", enylus);
    const auto wading = at("4911", "hex 4911 0 A3", enylus);
    CHECK(wading->standing(kMacedon) <= aboard->standing(kMacedon));
  }
  const auto aboard_by_breach = at("4714", "ship A3 0 -", "5010");
  const auto wading_by_breach = at("4714", "hex 4714 0 A3", "5010");
  CHECK(wading_by_breach->standing(kMacedon) > aboard_by_breach->standing(kMacedon));
}

TEST_CASE(
    "Tyre 4.0 1A, 7.3: before the last Game-Turn, an assault whose one breach survives the "
    "Tyrian's repairs nine times in ten stands the Macedonian below the bombardment, and above "
    "it nineteen times in twenty") {
  // The plan is made while the Tyrian allots his repairs in secret: the
  // breach at 4613 stands (6) or is repaired (4) under the plan.
  const auto assault_kept = siege_at("mac-strategic", 5, "assault", {}, "wall 4613 6\n");
  const auto assault_lost = siege_at("mac-strategic", 5, "assault", {}, "wall 4613 4\n");
  const auto bombard_kept = siege_at("mac-strategic", 5, "bombard", {}, "wall 4613 6\n");
  const auto bombard_lost = siege_at("mac-strategic", 5, "bombard", {}, "wall 4613 4\n");
  const auto expected = [](const State& kept, const State& lost, double p) {
    return p * kept.standing(kMacedon) + (1 - p) * lost.standing(kMacedon);
  };
  CHECK(expected(*assault_kept, *assault_lost, 0.9) < expected(*bombard_kept, *bombard_lost, 0.9));
  CHECK(expected(*assault_kept, *assault_lost, 0.95) >
        expected(*bombard_kept, *bombard_lost, 0.95));
}

// The Tyre player's own candidate orders (shared/bots/tyre.cpp).

TEST_CASE(
    "Tyre 5.1, 5.2: the Tyre player's candidates list a transport's longest course straight on "
    "and after a turn to either side more often than its other lines") {
  // A3 carries Agema to the assault (8.21).
  const auto s = siege_at("second-movement", 3, "assault", {{"Agema", "ship A3"}}, "",
                          {{"A1", "2132"}, {"A3", "2231"}});
  bots::StatePort port(*s, kMacedon);
  const auto groups = bots::tyre_candidates(port);
  const std::vector<std::string>* a3 = nullptr;
  for (const auto& g : groups)
    if (std::find(g.begin(), g.end(), "A3: move 1") != g.end()) a3 = &g;
  REQUIRE(a3 != nullptr);
  std::map<std::string, int> listed;
  for (const std::string& line : *a3) ++listed[line];
  // Straight on and after a turn to each side: the longest course the
  // validator takes is listed four times (once, and three more).
  int directions = 0;
  for (const std::string side : {"", "turn L, ", "turn R, "})
    for (int n = 9; n >= 2; --n) {
      const std::string line = "A3: " + side + "move " + std::to_string(n);
      if (!port.validate({line})) continue;
      CAPTURE(line);
      CHECK(listed[line] >= 4);
      ++directions;
      break;
    }
  CHECK(directions == 3);
  CHECK(listed["A3: move 1"] < 4);
  // A1 carries nothing: a warship's courses are tried as random play's are
  // (weighted, they sent the naval war's warships into harm).
  int a1_longest = 0;
  for (const auto& g : groups)
    if (std::find(g.begin(), g.end(), "A1: move 1") != g.end())
      for (int n = 9; n >= 2 && a1_longest == 0; --n) {
        const std::string line = "A1: move " + std::to_string(n);
        if (port.validate({line}))
          a1_longest = static_cast<int>(std::count(g.begin(), g.end(), line));
      }
  CHECK(a1_longest == 1);
}

TEST_CASE(
    "Tyre 12.14: the Tyre player's candidates attack an enemy hex with every unit next to it") {
  // Mil1 at 3213, open ground; Agema and Hyp1 in two hexes next to it.
  const auto next = hex::neighbours(*hex::parse_hex("3213"));
  const auto s = siege_at("mac-melee", 3, "assault",
                          {{"Mil1", "hex 3213"},
                           {"Agema", "hex " + hex::format_hex(next[0])},
                           {"Hyp1", "hex " + hex::format_hex(next[2])}});
  bots::StatePort port(*s, kMacedon);
  const auto groups = bots::tyre_candidates(port);
  bool together = false;
  for (const auto& g : groups)
    for (const std::string& line : g)
      if (line.find("Agema") != std::string::npos && line.find("Hyp1") != std::string::npos &&
          line.find(": attack 3213") != std::string::npos) {
        together = true;
        CHECK_MESSAGE(port.validate({line}).has_value(), line);
      }
  CHECK(together);
}

TEST_CASE(
    "Tyre 8.21, 15.12: the Tyre player's candidates load a second land unit and a leader on each "
    "ship") {
  // The assault's strategic movement: ships in the mainland harbour, the
  // army on the mainland; two loads on one ship validate together.
  const auto s = siege_at("mac-strategic", 3, "assault", {}, "", {{"A3", "2132"}, {"A2", "2231"}});
  bots::StatePort port(*s, kMacedon);
  const auto groups = bots::tyre_candidates(port);
  std::map<std::string, std::vector<const std::vector<std::string>*>> by_ship;
  for (const auto& g : groups)
    if (!g.empty() && g.front().starts_with("load "))
      by_ship[g.front().substr(g.front().rfind(' ') + 1)].push_back(&g);
  REQUIRE_FALSE(by_ship.empty());
  bool two = false;
  for (const auto& [ship, gs] : by_ship) {
    if (gs.size() < 2) continue;
    for (const std::string& a : *gs[0])
      for (const std::string& b : *gs[1])
        if (a != b && port.validate({a, b})) two = true;
  }
  CHECK(two);
  // Diades, a land leader on the mainland, goes aboard with the units.
  bool leader = false;
  for (const auto& g : groups)
    for (const std::string& line : g)
      if (line == "load Diades on A3") leader = port.validate({line}).has_value();
  CHECK(leader);
}

TEST_CASE(
    "Tyre 15.12: in the assault, a unit aboard with a leader of its contingent stands the "
    "Macedonian better than one without") {
  // Agema (Macedon) aboard A1 off the east shore; Diades (Macedon) aboard
  // with it, or on the mainland.
  const std::map<std::string, std::string> units{{"Agema", "ship A1"}};
  const std::map<std::string, std::string> ships{{"A1", "4815"}};
  const auto alone = siege_at("mac-land", 3, "assault", units, "wall 4613 6\n", ships);
  const auto led =
      siege_at("mac-land", 3, "assault", units, "wall 4613 6\n", ships, {{"Diades", "ship A1"}});
  CHECK(led->standing(kMacedon) > alone->standing(kMacedon));
}

TEST_CASE(
    "Tyre 18.1, 15.12: in the assault, a land leader ashore nearer an objective than any unit "
    "stands the Macedonian better than one aboard") {
  // Diades aboard A1 in the sea hex 4714 next to the breach at 4613, or
  // gone ashore through it to 4512, nearer the Agenorium; no unit ashore.
  const std::map<std::string, std::string> ships{{"A1", "4714"}};
  const auto aboard =
      siege_at("mac-land", 3, "assault", {}, "wall 4613 6\n", ships, {{"Diades", "ship A1"}});
  const auto ashore =
      siege_at("mac-land", 3, "assault", {}, "wall 4613 6\n", ships, {{"Diades", "hex 4512"}});
  CHECK(ashore->standing(kMacedon) > aboard->standing(kMacedon));
}

TEST_CASE(
    "Tyre 18.1, 15.12: in the assault, a land leader aboard a ship nearer the breach stands the "
    "Macedonian better, though a unit ashore is nearer the objectives") {
  // Agema ashore at 4512 behind the breach at 4613 is the army's nearest
  // piece to both objectives; Diades aboard A3 (no naval leader's ship) in
  // the sea hex 4714 next to the breach, or three hexes out.
  const std::map<std::string, std::string> units{{"Agema", "hex 4512"}};
  const std::map<std::string, std::string> leaders{{"Diades", "ship A3"}};
  const auto near =
      siege_at("mac-land", 3, "assault", units, "wall 4613 6\n", {{"A3", "4714"}}, leaders);
  const auto far =
      siege_at("mac-land", 3, "assault", units, "wall 4613 6\n", {{"A3", "5016"}}, leaders);
  CHECK(near->standing(kMacedon) > far->standing(kMacedon));
}

TEST_CASE(
    "Tyre 18.1, 8.32: in the assault, the Macedonian's candidates march each land leader as far "
    "as he can toward each objective") {
  // Diades aboard A1 in the sea hex 4714 next to the breach at 4613: he
  // wades in and marches on (7 MP, 15.0) toward the Temple of Hercules
  // (3808) and the Agenorium (4011). The militia next to the breach are
  // gone, whose zones of control would stop him in it (10.21).
  const auto s = siege_at("mac-land", 3, "assault", {{"Mil7", "dead -"}, {"Mil10", "dead -"}},
                          "wall 4613 6\n", {{"A1", "4714"}}, {{"Diades", "ship A1"}});
  const hex::HexId breach = *hex::parse_hex("4613");
  std::map<std::string, int> nearer;  // objective: lines ending nearer it than the breach
  for (const auto& g : s->candidate_orders(kMacedon))
    for (const std::string& line : g) {
      if (!line.starts_with("Diades: to ")) continue;
      CHECK_MESSAGE(s->validate(kMacedon, {line}).has_value(), line);
      const hex::HexId to = *hex::parse_hex(line.substr(line.rfind(' ') + 1));
      for (const char* goal : {"3808", "4011"})
        if (hex::distance(to, *hex::parse_hex(goal)) < hex::distance(breach, *hex::parse_hex(goal)))
          ++nearer[goal];
    }
  CHECK(nearer["3808"] > 0);
  CHECK(nearer["4011"] > 0);
  // A unit ashore under his command (15.12: within twice his radius) is
  // given its whole allowance's march toward each objective too, beyond
  // the two hexes random play's candidates go.
  const auto ashore = siege_at("mac-land", 3, "assault",
                               {{"Mil7", "dead -"}, {"Mil10", "dead -"}, {"Agema", "hex 4512"}},
                               "wall 4613 6\n", {{"A1", "4714"}}, {{"Diades", "hex 4513"}});
  const hex::HexId from = *hex::parse_hex("4512");
  int gained = 0;  // the most hexes a line of Agema's brings it nearer an objective
  for (const auto& g : ashore->candidate_orders(kMacedon))
    for (const std::string& line : g) {
      if (!line.starts_with("Agema: to ")) continue;
      const hex::HexId to = *hex::parse_hex(line.substr(line.rfind(' ') + 1));
      for (const char* goal : {"3808", "4011"}) {
        const hex::HexId o = *hex::parse_hex(goal);
        gained = std::max(gained, hex::distance(from, o) - hex::distance(to, o));
      }
    }
  CHECK(gained >= 3);
}

TEST_CASE(
    "Tyre 16.12: in the assault, units aboard a ship beyond the command radius of every leader "
    "of its fleet stand the Macedonian worse") {
  // A3 carries Agema next to A1, Enylus's ship; Enylus shaken (16.41)
  // commands no ship, and A3 may not move.
  const std::map<std::string, std::string> units{{"Agema", "ship A3"}};
  const std::map<std::string, std::string> ships{{"A1", "4816"}, {"A3", "4815"}};
  const auto commanded = siege_at("mac-land", 3, "assault", units, "wall 4613 6\n", ships, {},
                                  {{"Enylus", "A1 idle=0"}});
  const auto adrift = siege_at("mac-land", 3, "assault", units, "wall 4613 6\n", ships, {},
                               {{"Enylus", "A1 idle=999"}});
  CHECK(commanded->standing(kMacedon) > adrift->standing(kMacedon));
}

TEST_CASE("Tyre 16.12: the Tyre player's candidates move the naval leaders' ships last") {
  // Enylus aboard A1, A3 without a leader: A3's courses come before A1's.
  const auto s =
      siege_at("second-movement", 3, "assault", {}, "", {{"A1", "2132"}, {"A3", "2231"}});
  bots::StatePort port(*s, kMacedon);
  // Impulse 1: the Tyrian moves first, the Macedonian second (4.0 §3).
  const auto to_order = port.step().to_order;
  REQUIRE(std::find(to_order.begin(), to_order.end(), kMacedon) != to_order.end());
  const auto groups = bots::tyre_candidates(port);
  std::optional<std::size_t> a1, a3;
  for (std::size_t i = 0; i < groups.size(); ++i)
    for (const std::string& line : groups[i]) {
      if (line == "A1: move 3") a1 = i;
      if (line == "A3: move 3") a3 = i;
    }
  REQUIRE(a1.has_value());
  REQUIRE(a3.has_value());
  CHECK(*a3 < *a1);
}

namespace {

// The naval war with every Macedonian fleet arrived (17.22), the Tyrian
// navy in its harbours as deployed (17.1), and A1 at `where` holding
// `watch` (the harbour whose boom it has held through an impulse, 9.32,
// or "-"); the boom of harbour `broken`, if any, destroyed.
std::unique_ptr<State> naval_with_a1(const std::string& where, const std::string& watch = "-",
                                     const std::string& broken = "") {
  return edited(
      "naval",
      [&](const std::string& line) {
        const auto w = text::split(line);
        if (w.size() == 3 && w[0] == "boom" && w[1] == broken) return "boom " + broken + " broken";
        if (w.size() < 5 || w[0] != "ship" || w[1] != "A1") return line;
        std::string out = "ship A1 " + where;
        for (std::size_t i = 3; i < w.size(); ++i)
          out += " " + (w[i].starts_with("watch=") ? "watch=" + watch : std::string(w[i]));
        return out;
      },
      "arrived ABS\narrived RSL\narrived Cyprus\n");
}

}  // namespace

TEST_CASE(
    "Tyre 9.32: a boom destroyed, or held through an impulse by a Macedonian ship, stands the "
    "Macedonian better and the Tyrian worse") {
  // 2904 is the sea hex west of the north boom (3004).
  const auto standing = naval_with_a1("2904");
  REQUIRE_MESSAGE(standing->serialize().find("ship T1 3104 ") != std::string::npos,
                  standing->serialize());
  const auto holding = naval_with_a1("2904", "north");
  const auto broken = naval_with_a1("2904", "-", "north");
  CHECK(holding->standing(kMacedon) > standing->standing(kMacedon));
  CHECK(broken->standing(kMacedon) > holding->standing(kMacedon));
  CHECK(broken->standing(kTyre) < standing->standing(kTyre));
}

TEST_CASE(
    "Tyre 9.32, 17.22: with its arrived fleets free to enter, the Macedonian is the stronger "
    "navy, and a ship nearer a standing boom stands him better") {
  // The Tyrian navy behind its booms; of the Macedonian's ships only A1 on
  // the map, the others free to enter at the north edge. 2020 is open sea
  // south-west of the island, 2904 next to the north boom.
  const auto far = naval_with_a1("2020");
  const auto near = naval_with_a1("2904");
  CHECK(near->standing(kMacedon) > far->standing(kMacedon));
  CHECK(near->standing(kTyre) < far->standing(kTyre));
}

TEST_CASE(
    "Tyre 9.31: an empty Macedonian ship on a beach stands him worse than at sea beside it, and "
    "on a beach rounding the island's north no worse") {
  // 4909 is a beach of grounding number 1, 4910 the sea beside it; 2801
  // a circumnavigation beach, 2802 the sea beside it.
  const auto beached = naval_with_a1("4909");
  const auto afloat = naval_with_a1("4910");
  CHECK(beached->standing(kMacedon) < afloat->standing(kMacedon) - 1);
  const auto rounding = naval_with_a1("2801");
  const auto off = naval_with_a1("2802");
  CHECK(std::abs(rounding->standing(kMacedon) - off->standing(kMacedon)) < 1);
}

namespace {

// The naval melee step: A1 and A2 on either side of T1 in open water, all
// three facing north (parallel, 6.21).
std::unique_ptr<State> naval_melee_of_two_on_one() {
  return edited("naval", [](const std::string& line) {
    const auto w = text::split(line);
    if (w.size() == 2 && w[0] == "segment") return std::string("segment melee");
    if (w.size() < 5 || w[0] != "ship") return line;
    const std::map<std::string, std::string> at{{"A1", "2019"}, {"A2", "2021"}, {"T1", "2020"}};
    const auto p = at.find(std::string(w[1]));
    if (p == at.end()) return line;
    std::string out = "ship " + p->first + " " + p->second + " N";
    for (std::size_t i = 4; i < w.size(); ++i) out += " " + std::string(w[i]);
    return out;
  });
}

}  // namespace

TEST_CASE(
    "Tyre 6.23: the Tyre player's candidates hold two ships' attack on one as a naval melee "
    "order, which validates") {
  const auto s = naval_melee_of_two_on_one();
  bots::StatePort port(*s, kMacedon);
  const auto to_order = port.step().to_order;
  REQUIRE(std::find(to_order.begin(), to_order.end(), kMacedon) != to_order.end());
  std::optional<std::string> both;
  for (const auto& group : bots::tyre_candidates(port))
    for (const std::string& line : group)
      if (line.starts_with("A1 A2: ")) both = line;
  REQUIRE(both.has_value());
  CHECK(*both == "A1 A2: attack T1");
  const auto valid = port.validate({*both});
  CHECK_MESSAGE(valid.has_value(), (valid ? std::string() : valid.error().front().message));
}

TEST_CASE(
    "Tyre 6.22, 6.5: the Tyre player gives every ship the search left idle in a naval melee "
    "an attack, beside a ship attacking the same target alone") {
  // Each of A1 and A2 may attack T1, and the result of a melee falls on
  // the defender alone (6.5), so neither loses by attacking.
  const auto s = naval_melee_of_two_on_one();
  bots::StatePort port(*s, kMacedon);
  // No attack ordered: both ships attack T1 together (6.23).
  const OrderSet none = bots::with_every_naval_attack(port, OrderSet{});
  REQUIRE(none.lines.size() == 1);
  CHECK((none.lines.front() == "A1 A2: attack T1" || none.lines.front() == "A2 A1: attack T1"));
  // One attacking alone: the other joins it rather than being left idle.
  const OrderSet one = bots::with_every_naval_attack(port, *port.validate({"A2: attack T1"}));
  CHECK(one.lines == std::vector<std::string>{"A2 A1: attack T1"});
  // Both already attacking: nothing changes.
  const OrderSet both = *port.validate({"A1 A2: attack T1"});
  CHECK(bots::with_every_naval_attack(port, both) == both);
  // T1, between them, attacks one of them: a ship initiates one attack
  // (6.23).
  bots::StatePort tyrian(*s, kTyre);
  const OrderSet t = bots::with_every_naval_attack(tyrian, OrderSet{});
  REQUIRE(t.lines.size() == 1);
  CHECK((t.lines.front() == "T1: attack A1" || t.lines.front() == "T1: attack A2"));
}
