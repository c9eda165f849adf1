// No module crashes on bad input: random and mangled order lines and
// positions get errors, never undefined behaviour (run under the sanitizers).
#include <doctest/doctest.h>

#include "core/dice.h"
#include "games/classis/classis.h"
#include "games/constantinople/constantinople.h"
#include "games/diplomacy/diplomacy.h"
#include "games/eih_naval/eih_naval.h"
#include "games/tyre/tyre.h"
#include "test-games/duel_game.h"

using namespace naumachia;

namespace {

std::string garble(const std::string& base, Dice& d) {
  static const std::string kAlphabet = "AFTCacdhimnoprstuvwxyz0123456789 -:,/()>#\t\xff";
  // 0 .. n-1 from two rolls (dice have at most 1000 faces; a slight bias is harmless here).
  const auto pick = [&](std::size_t n) {
    const auto big =
        static_cast<std::size_t>((d.roll(1000, "pick") - 1) * 1000 + d.roll(1000, "pick") - 1);
    return n == 0 ? std::size_t{0} : big % n;
  };
  std::string s = base;
  const int edits = d.roll(6, "edits");
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = pick(s.size() + 1);
    const char c = kAlphabet[pick(kAlphabet.size())];
    switch (d.roll(3, "kind")) {
      case 1:
        s.insert(s.begin() + static_cast<long>(at), c);
        break;
      case 2:
        if (at < s.size()) s.erase(at, 1);
        break;
      default:
        if (at < s.size()) s[at] = c;
    }
  }
  return s;
}

void hammer(const Game& game, std::unique_ptr<State> state,
            const std::vector<std::string>& samples) {
  Seed seed{};
  SeededDice d(seed, StepNo{99});
  for (int i = 0; i < 3000; ++i) {
    std::vector<std::string> lines{
        garble(samples[static_cast<std::size_t>(i) % samples.size()], d)};
    for (PlayerId p : state->step().to_order) (void)state->validate(p, lines);
  }
  const std::string position = state->serialize();
  for (int i = 0; i < 300; ++i) (void)game.deserialize(garble(position, d));
  CHECK(state->serialize() == position);  // validation never changed the state
}

}  // namespace

TEST_CASE("garbled orders and positions are refused without a crash, in every module") {
  auto duel = testing::make_duel_game();
  hammer(*duel, duel->new_game("standard", 2).value(), {"bid 3", "BID 10"});
  auto dip = diplomacy::make_diplomacy_game();
  hammer(*dip, dip->new_game("standard", 7).value(),
         {"A par - bur", "F lon S F nth - eng", "A lon - bel via convoy", "F bul/ec - con",
          "Build A par", "F nth C A lon - bel"});
  auto tyre = tyre::make_tyre_game();
  const std::vector<std::string> tyre_orders{"T1: at 3104 facing SW",
                                             "T1: move 1, turn R, move 3",
                                             "C4: turn L, move 5, ram T9",
                                             "T7 T8: attack C4",
                                             "combine C4 C9",
                                             "A1: enter 2701 facing S, move 2",
                                             "T2: unpin, back 2"};
  auto deploy = tyre->new_game("naval", 2).value();
  ScriptedDice arrival({1});
  auto moving = deploy->resolve({{PlayerId{0}, OrderSet{}}}, arrival).next;
  hammer(*tyre, std::move(deploy), tyre_orders);
  hammer(*tyre, std::move(moving), tyre_orders);
  auto cp = constantinople::make_constantinople_game();
  const std::vector<std::string> cp_orders{"VENICE: 3331 facing N",
                                           "Diedo: VENICE",
                                           "G1: enter 1546 facing N, move 3",
                                           "G1: battle, move 4, turn L, move 2, ram VENICE",
                                           "VENICE: speed 3, move 1, turn R2",
                                           "VENICE: attack G1 2, T1 1, F3 5",
                                           "G1: free, move 2",
                                           "T1: portage 3624 facing N",
                                           "bombard VENICE",
                                           "propose end",
                                           "accept",
                                           "G1: break boom",
                                           "T1: oar, move 3",
                                           "G1: move 1, sail"};
  auto setup = cp->new_game("naval", 2).value();
  ScriptedDice initiative({6, 1});
  auto rowing = setup->resolve({{PlayerId{1}, OrderSet{}}}, initiative).next;
  hammer(*cp, std::move(setup), cp_orders);
  hammer(*cp, std::move(rowing), cp_orders);
  auto cl = classis::make_classis_game();
  const std::vector<std::string> cl_orders{"R1: at 0702 facing S",
                                           "A: commander RHODES-2",
                                           "R1: move F F R F",
                                           "A: move R1 F; R2 L F",
                                           "R1: ram P1",
                                           "R1: board P1",
                                           "A: backwater R1 R2",
                                           "R1: follow-up P1",
                                           "end"};
  for (const char* scenario : {"patrol", "oneoff"}) {
    auto muster = cl->new_game(scenario, 2).value();
    Seed seed{};
    SeededDice d1(seed, muster->step().number);
    auto setup_cl = muster->resolve({}, d1).next;
    SeededDice d2(seed, setup_cl->step().number);
    auto battle =
        setup_cl->resolve({{PlayerId{0}, OrderSet{}}, {PlayerId{1}, OrderSet{}}}, d2).next;
    hammer(*cl, std::move(setup_cl), cl_orders);
    hammer(*cl, std::move(battle), cl_orders);
  }
  auto eih = eih_naval::make_eih_naval_game();
  const std::vector<std::string> eih_orders{"fleet france \"Brest squadron\" heavy 12 light 4",
                                            "defender 2",
                                            "war yes",
                                            "evade no",
                                            "chit melee",
                                            "nelson 2",
                                            "surrender yes",
                                            "surrender spain no",
                                            "odd britain",
                                            "chase yes",
                                            "retreat cadiz",
                                            "pursue all",
                                            "enter yes",
                                            "withdraw box",
                                            "damaged gibraltar 2 heavy",
                                            "guns no"};
  hammer(*eih, eih->new_game("custom", 3).value(), eih_orders);
  auto trafalgar = eih->new_game("trafalgar", 2).value();
  ScriptedDice none({});
  auto chits = trafalgar->resolve({}, none).next;
  hammer(*eih, std::move(chits), eih_orders);
}
