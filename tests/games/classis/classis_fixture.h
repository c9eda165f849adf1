#pragma once
// Classis positions for tests (test_classis*.cpp), written in the module's own
// position format: ships given one a line, squadrons A and B (the first side)
// and P (the second), and the two-ship duel most tests start from.
#include <doctest/doctest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/cup.h"
#include "core/text.h"
#include "games/classis/classis.h"

namespace naumachia::testing::classis_positions {

inline const PlayerId kFirst{0}, kSecond{1};

// "ID TYPE SIDE SQUADRON HEX DIR" then optional words: crew=green|expert,
// iron, towers=N, engines=N, crippled, permanent, prize, holder=N,
// contact=ID, ram=TURN, grappled=ID, done=a,b, sunk.
inline std::string ship_line(const std::string& spec) {
  const auto w = text::split(spec);
  std::string crew = "average", contact = "-", grappled = "-", done = "-";
  int iron = 0, towers = 0, engines = 0, crippled = 0, permanent = 0, prize = 0, ram = 0,
      ram_turn = 0, sunk = 0;
  std::string holder(w[2]), home(w[3]);
  for (std::size_t i = 6; i < w.size(); ++i) {
    const std::string x(w[i]);
    const auto eq = x.find('=');
    const std::string k = x.substr(0, eq), v = eq == std::string::npos ? "" : x.substr(eq + 1);
    if (k == "crew") crew = v;
    if (k == "iron") iron = 1;
    if (k == "towers") towers = std::stoi(v);
    if (k == "engines") engines = std::stoi(v);
    if (k == "crippled") crippled = 1;
    if (k == "permanent") permanent = crippled = 1;
    if (k == "prize") prize = 1;
    if (k == "holder") holder = v;
    if (k == "home") home = v;
    if (k == "contact") contact = v;
    if (k == "ram") ram = 1, ram_turn = std::stoi(v);
    if (k == "grappled") grappled = v;
    if (k == "done") done = v;
    if (k == "sunk") sunk = 1;
  }
  std::ostringstream o;
  o << "ship " << w[0] << " " << w[1] << " " << w[2] << " " << holder << " " << w[3] << " " << home
    << " " << crew << " " << iron << " " << towers << " " << engines << " " << w[4] << " " << w[5]
    << " " << sunk << " " << crippled << " " << permanent << " " << prize << " " << contact << " "
    << ram << " " << ram_turn << " " << grappled << " " << done << "\n";
  return o.str();
}

struct Pos {
  int turn = 2;
  std::string active = "A";
  int points = 6;
  std::vector<std::string> cup = {"A", "A", "A", "B", "B", "P", "P", "P", "END-OF-TURN"};
  std::string losses = "0 0 6 6 20 20";
  // Squadrons A, B (first side) and P (second), commanders CA (admiral, 3),
  // CB (2), CP (admiral, 3).
  std::vector<std::string> commanders = {"CA 0 3 1 A 0 Navarch", "CB 0 2 0 B 0 Trierarch",
                                         "CP 1 3 1 P 0 Chief"};
  std::vector<std::string> squadrons = {"A 0 CA R1", "B 0 CB R3", "P 1 CP P1"};
  std::vector<std::string> ships;
  int rules = 2;  // the rules version of the game
};

inline std::unique_ptr<State> position(const Pos& p) {
  auto game = classis::make_classis_game();
  std::ostringstream o;
  o << "classis 1\nscenario patrol\nstep 10\nphase activation " << p.turn << " " << p.active << " "
    << p.points << " 6\nwind N\nlosses " << p.losses << "\nnations - -\n"
    << Cup(p.cup).serialize() << "\n";
  for (const auto& c : p.commanders) o << "commander " << c << "\n";
  for (const auto& q : p.squadrons) o << "squadron " << q << "\n";
  for (const auto& s : p.ships) o << ship_line(s);
  auto s = game->deserialize(o.str(), RulesVersion{p.rules});
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

// The two-ship duel most tests start from: R1 (trireme) in 0605 facing S,
// P1 (hemiolia) ahead of it in 0606 facing `p1_facing`; R2, P2 far away.
inline Pos duel(const std::string& r1_extra = "",
                const std::string& p1 = "P1 hemiolia 1 P 0606 SW") {
  Pos p;
  p.ships = {"R1 trireme 0 A 0605 S " + r1_extra,
             "R2 trireme 0 A 1003 S",
             "R3 bireme 0 B 1203 S",
             "R4 bireme 0 B 1303 S",
             p1,
             "P2 lembos 1 P 0410 N"};
  return p;
}

}  // namespace naumachia::testing::classis_positions
