// Empires in Harm 3.0 naval combat: the battle, from the first round to the
// consolidation of losses (1.1.2.5 to 1.1.2.11), blockade battles (1.1.3),
// port raids (1.1.4) and surrender (1.1.6), through the engine interface
// with given dice and on the Board.
#include <doctest/doctest.h>

#include "eih_naval_fixture.h"

using namespace naumachia;
using namespace naumachia::eih_naval;
using namespace naumachia::testing::eih;
using testing::first_error;
using testing::has;
using testing::Played;

// ===================================================================== 1.1.2.5 - 1.1.2.7

TEST_CASE(
    "EiH 1.1.2.6, footnote [3]: 35 heavy and 10 light British against 10 light French and "
    "Spanish: +2 and -2") {
  Force british{ships(35, 10), {"britain"}, {}};
  Force allied{ships(0, 10), {"france", "spain"}, {}};
  const Modifiers b = round_modifiers(tables(), british, allied);
  CHECK(b.raw == 4);  // odds 45 to 10 (+3), heavy superiority 35 to none (+1)
  CHECK(b.total == 2);
  CHECK(has(b.text(), "odds 45 to 10 (at least 4.0 to 1) +3"));
  CHECK(has(b.text(), "heavy superiority 35 to 0 +1"));
  CHECK(has(b.text(), "limited to +2"));
  const Modifiers a = round_modifiers(tables(), allied, british);
  CHECK(a.raw == -2);  // several Major Powers -1, light ships only -1
  CHECK(a.total == -2);
  CHECK(has(a.text(), "several Major Powers -1"));
  CHECK(has(a.text(), "light ships only -1"));
}

TEST_CASE(
    "EiH 1.1.2.6, footnote [3]: British, Portuguese and Venetian 28h+30l against French and "
    "Spanish 45h+30l: -1 and 0") {
  Force mine{ships(28, 30), {"britain"}, {"portugal", "venice"}};
  Force theirs{ships(45, 30), {"france", "spain"}, {}};
  const Modifiers b = round_modifiers(tables(), mine, theirs);
  CHECK(b.total == -1);
  CHECK(b.parts.size() == 1);
  CHECK(b.parts[0].why == "several minor countries");
  const Modifiers f = round_modifiers(tables(), theirs, mine);
  CHECK(f.total == 0);  // several Major Powers -1, heavy superiority 45 to 28 (1.6) +1
  CHECK(f.parts.size() == 2);
  // No odds at 75 to 58; 2 to 1 gives +1, 3 to 1 +2.
  CHECK(round_modifiers(tables(), Force{ships(20, 0), {"britain"}, {}},
                        Force{ships(10, 0), {"france"}, {}})
            .raw == 2);  // odds +1, heavy 20 to 10 +1
  CHECK(round_modifiers(tables(), Force{ships(0, 30), {"britain"}, {}},
                        Force{ships(0, 10), {"france"}, {}})
            .raw == 1);  // odds +2, light only -1
  // Galleys are no heavy ships (reading 16).
  CHECK(round_modifiers(tables(), Force{ships(0, 2, 5), {"turkey"}, {}},
                        Force{ships(0, 7), {"russia"}, {}})
            .raw == -1);
}

TEST_CASE(
    "EiH 1.1.2.6: both sides fire at once, ships damaged are the percentage of the firing "
    "side's ships, .5 up") {
  CHECK(damage_of(9, 31) == 3);  // 2.79
  CHECK(damage_of(2, 38) == 1);  // 0.76
  CHECK(damage_of(6, 25) == 2);  // 1.5 up
  CHECK(damage_of(4, 12) == 0);  // 0.48
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  CHECK(s->default_orders(PlayerId{0}).lines == std::vector<std::string>{"surrender no"});
  auto r = play(*s, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {6, 1});
  CHECK(has(r.events,
            "Britain's fire on table 3-1: d6 6 (no modifiers) = 6: 9% of 31 ships = 3 "
            "enemy ship(s) damaged, enemy morale -1.1"));
  CHECK(has(r.events,
            "France and Spain's fire on table 3-1: d6 1 (several Major Powers -1) = 0: "
            "2% of 38 ships = 1 enemy ship(s) damaged, enemy morale -0.4"));
  CHECK(has(r.events, "France and Spain's ships damaged (round 1): France 2 heavy; Spain 1 heavy"));
  CHECK(has(r.events,
            "Britain morale loss 0.4 of 4.0, 30 ship(s) undamaged; France and Spain "
            "morale loss 1.1 of 3.0, 35 ship(s) undamaged"));
  CHECK(has(r.next->step().label, "Before round 2"));
  // Damaged ships take no further part: the next round counts 30 and 35.
  auto r2 = play(*r.next, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1});
  CHECK(has(r2.events, "of 30 ships"));
  CHECK(has(r2.events, "of 35 ships"));
}

TEST_CASE(
    "EiH 1.1.2.5.1, footnote [2]: a melee closes on its roll less Nelson's modifier, then "
    "the second tables") {
  auto s = trafalgar_before_round_one("melee", "line-of-battle", {"nelson 2"});
  // Britain fires on 1-1, the allies on 3-1 until the fleets close (3 or less).
  auto r = play(*s, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {3, 3, 5});
  CHECK(has(r.events, "Britain's fire on table 1-1"));
  CHECK(has(r.events, "France and Spain's fire on table 3-1"));
  CHECK(has(r.events,
            "Britain rolls 5 - 2 (Nelson) to close, needing 3 or less: the fleets "
            "close"));
  auto r2 = play(*r.next, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {3, 3});
  CHECK(has(r2.events, "Britain's fire on table 5-2"));
  CHECK(has(r2.events, "France and Spain's fire on table 3-1"));
  // Without Nelson's modifier a 5 does not close.
  auto plain = trafalgar_before_round_one("melee", "line-of-battle");
  auto p = play(*plain, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {3, 3, 5});
  CHECK(has(p.events, "Britain rolls 5 to close, needing 3 or less: not yet"));
}

TEST_CASE("EiH 1.1.5, footnote [2]: Nelson at -2: serious wound on 2-4, light wound on 10-12") {
  const CasualtyBands two = casualty_bands(tables(), 2);
  CHECK(two.serious_max == 4);
  CHECK(two.light_min == 10);
  const CasualtyBands none = casualty_bands(tables(), 0);
  CHECK(none.serious_max == 2);
  CHECK(none.light_min == 12);
  // In play: Nelson's -2, a serious wound on 4, the second (unmodified) roll 2: killed.
  Bench bench(the_data(), "trafalgar", 2);
  Board& b = bench.board;
  for (Fleet& f : b.fleets_) f.fought = true;
  b.defending_ = 2;
  b.commander_ = {"britain", "france"};
  b.chit_ = {"melee", "line-of-battle"};
  b.nelson_ = 2;
  b.round_ = 1;
  bench.run({1, 3, 2}, [&] { b.leader_casualties(); });
  CHECK(has(bench.said(),
            "Nelson (B1) rolls 4 for casualties (serious on 4 or less, light on 10 "
            "or more, Nelson's 2 applied): a serious wound; the second roll 2: "
            "Nelson is killed"));
  CHECK(fleet_of(b, "B1").leader_fate == "killed");
  CHECK(fleet_of(b, "B2").leader_fate.empty());  // reading 9: Nelson alone rolls
  b.fleet("B1")->leader_fate.clear();
  bench.events.clear();
  bench.run({5, 5}, [&] { b.leader_casualties(); });
  CHECK(has(bench.said(), "Nelson is lightly wounded"));
}

TEST_CASE("EiH 1.1.2.7: a broken side is defeated, both defeated at once is a draw") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  // The allies at 2.9 of their 3.0: any loss breaks them.
  auto near = edited(*s, "morale 1 ", "morale 1 11400 38 290 0 0");
  auto r = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1, 3, 4});
  CHECK(has(r.events, "France and Spain breaks: Britain is the victor (1.1.2.7)"));
  CHECK(r.next->step().label == "Step Seven: general chase (1.1.2.8)");
  // Both at the edge: a draw, no chase, no political points.
  auto both = edited(*near, "morale 0 ", "morale 0 12400 31 390 0 0");
  auto d = play(*both, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1, 3, 4});
  CHECK(has(d.events, "Both sides are defeated at once: a draw (1.1.2.7)"));
  CHECK(has(d.events, "Political points (1.1.2.7.3, 1.1.6): no victor, no change"));
  CHECK(d.next->step().label == "Step Eight: retreat and pursuit (1.1.2.9)");
}

TEST_CASE(
    "EiH 1.1.2.7.1, 1.1.2.7.2: the battle goes on to three rounds at most, then it is "
    "inconclusive") {
  auto s = trafalgar_before_round_one("lozenge", "lozenge");
  std::unique_ptr<State> at = std::move(s);
  for (int round = 1; round <= 3; ++round) {
    CHECK(at->step().label ==
          "Before round " + std::to_string(round) + ": surrender or fight (1.1.6)");
    // After round 3 Nelson rolls his casualty 2d6 (1.1.5).
    auto r = play(*at, {{0, {"surrender no"}}, {1, {"surrender no"}}},
                  round == 3 ? std::vector<int>{1, 1, 3, 4} : std::vector<int>{1, 1});
    at = std::move(r.next);
    if (round == 3)
      CHECK(has(r.events,
                "Three rounds and neither side defeated: the battle is "
                "inconclusive (1.1.2.7.2)"));
  }
  // No chase, no pursuit: each side may stay or retreat (1.1.2.9).
  CHECK(at->step().label == "Step Eight: retreat and pursuit (1.1.2.9)");
  CHECK(seats_to_order(*at) == std::vector<int>{0, 1});
  CHECK(first_error(*at, PlayerId{0}, {"retreat stay"}) == "");
  CHECK(first_error(*at, PlayerId{0}, {"retreat gibraltar"}) == "");
  CHECK(has(first_error(*at, PlayerId{0}, {"retreat cadiz"}), "retreat to one of gibraltar, stay"));
  CHECK(has(first_error(*at, PlayerId{0}, {"pursue all"}), "not an order of this step"));
}

TEST_CASE(
    "EiH 1.1.2.7.3: political points per fleet, at most 3, Nelson's one beyond, none when "
    "the victor lost more") {
  PoliticalCase c;
  c.victor = 0;
  c.powers = {{"britain", 0, 2, false, true},
              {"france", 1, 2, false, false},
              {"spain", 1, 4, false, false}};
  auto pp = political_points(tables(), c);
  CHECK(pp["britain"] == 3);  // +2 and Nelson's +1
  CHECK(pp["france"] == -2);
  CHECK(pp["spain"] == -3);  // four fleets, at most 3
  c.powers[0].fleets = 5;
  CHECK(political_points(tables(), c)["britain"] == 4);  // 3, and Nelson's beyond the limit
  c.victory_counts = false;
  pp = political_points(tables(), c);
  CHECK(pp["britain"] == 0);
  CHECK(pp["spain"] == 0);
  c.victor = -1;
  c.victory_counts = true;
  CHECK(political_points(tables(), c)["france"] == 0);  // no victor, no change
  // EiH 1.1.6: surrendering fleets are losers and those they surrender to winners.
  PoliticalCase s;
  s.received_surrender = {true, false};
  s.powers = {{"britain", 0, 2, false, false},
              {"france", 1, 2, true, false},
              {"spain", 1, 1, false, false}};
  pp = political_points(tables(), s);
  CHECK(pp["britain"] == 2);
  CHECK(pp["france"] == -2);
  CHECK(pp["spain"] == 0);
  // ... never more than a fought battle could give.
  s.victor = 0;
  pp = political_points(tables(), s);
  CHECK(pp["britain"] == 2);
  CHECK(pp["spain"] == -1);
}

// ===================================================================== 1.1.2.8 - 1.1.2.11

TEST_CASE("EiH 1.1.2.8: the chase table by the victor's morale loss") {
  const std::vector<std::pair<int, std::string>> bands{
      {0, "5-1"},   {50, "5-1"},  {60, "4-1"},  {100, "4-1"}, {110, "3-1"},
      {250, "3-1"}, {260, "2-1"}, {350, "2-1"}, {360, "1-1"}, {900, "1-1"}};
  // Not a structured binding: doctest captures in a lambda, which clang 14 refuses.
  for (const auto& band : bands) {
    const int loss = band.first;
    CAPTURE(loss);
    CHECK(chase_table(tables(), Hundredths{loss}) == band.second);
  }
  CHECK(chase_table(tables(), Hundredths{55}) == "4-1");  // between ranges: the upper one
}

TEST_CASE(
    "EiH 1.1.2.8: the victor chases with its undamaged heavy and light ships, line of battle "
    "-1, hits are captured") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  auto near = edited(*s, "morale 1 ", "morale 1 11400 38 290 0 0");
  auto won = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {6, 1, 3, 4});
  REQUIRE(won.next->step().label == "Step Seven: general chase (1.1.2.8)");
  CHECK(won.next->default_orders(PlayerId{0}).lines == std::vector<std::string>{"chase yes"});
  CHECK(seats_to_order(*won.next) == std::vector<int>{0});
  // Britain lost 0.4 morale: table 5-1; 28 heavy and light ships chase
  // (27+4 less the 1 damaged); a 6 less 1 for line of battle: 5, 12%.
  auto chased = play(*won.next, {{0, {"chase yes"}}}, {6});
  CHECK(has(chased.events,
            "Britain chases with 30 undamaged heavy and light ships on table 5-1 "
            "(morale loss 0.4): d6 6 -1 (line of battle) = 5: 12% = 4 ship(s) "
            "taken"));
  CHECK(has(chased.events, "France and Spain's ships captured (the general chase)"));
  CHECK(has(chased.events, "taken by Britain"));
  auto no = play(*won.next, {{0, {"chase no"}}}, {});
  CHECK(has(no.events, "Britain does not chase (1.1.2.8)"));
}

TEST_CASE(
    "EiH 1.1.2.9.1: the loser retreats to the nearest port, the victor's fleets pursue by "
    "default") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  auto near = edited(*s, "morale 1 ", "morale 1 11400 38 290 0 0");
  auto won = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1, 3, 4});
  auto retreat = play(*won.next, {{0, {"chase no"}}}, {});
  const State& r = *retreat.next;
  CHECK(r.step().label == "Step Eight: retreat and pursuit (1.1.2.9)");
  // One nearest port for the allies (Cadiz): no choice; Britain may pursue.
  CHECK(seats_to_order(r) == std::vector<int>{0});
  CHECK(r.default_orders(PlayerId{0}).lines == std::vector<std::string>{"pursue all"});
  CHECK(first_error(r, PlayerId{0}, {"pursue b2"}) == "");
  CHECK(has(first_error(r, PlayerId{0}, {"pursue f1"}), "not a fleet of yours that may pursue"));
  auto done = play(r, {{0, {"pursue b2"}}}, {});
  CHECK(has(done.events,
            "the combined fleet retreats to Cadiz (1 MP, the nearest eligible port, "
            "1.1.2.9.1)"));
  CHECK(has(done.events, "Britain pursues with B2"));
  CHECK(has(view_text(*done.next, 1), "went pursuing to Cadiz"));
  CHECK(done.next->step().label == "Step Nine: damaged ships' destinations (1.1.2.10)");
}

TEST_CASE(
    "EiH 1.1.2.9.1: among equally near ports the retreating player chooses, with none "
    "within five, five towards the nearest") {
  Data d = data_with(
      "\nbattle ports\ntitle T\nabout A\nsides Britain France\nattacker 0\nat sea S\n"
      "war britain france\nstack 1 0 \"one\"\nstack 2 1 \"two\"\n"
      "fleet B1 1 britain \"B one\" heavy 3\nfleet F1 2 france \"F one\" heavy 3\n"
      "port p P 6 0\nport x X 2 1\nport y Y 2 1\nport z Z 1 1 blockaded\n"
      "retreat-sea 0 \"the Bay\"\nseat 2 0 Britain britain\nseat 2 1 France france\n");
  Bench bench(std::move(d), "ports", 2);
  Board& b = bench.board;
  std::vector<std::string> ids;
  for (const PortSpec* p : b.retreat_ports(1, true)) ids.push_back(p->id);
  CHECK(ids == std::vector<std::string>{"x", "y"});  // z is blockaded
  CHECK(b.retreat_ports(0, true).empty());           // p is six away
  b.defending_ = 2;
  b.commander_ = {"britain", "france"};
  b.outcome_ = Outcome::Victory;
  b.victor_ = 0;
  b.seg_ = Phase::Retreat;
  CHECK(b.duties(1) == Duties{Duty::Retreat});
  bench.run({}, [&] {
    b.retreat({{PlayerId{1}, OrderSet{{"retreat y"}}}, {PlayerId{0}, OrderSet{{"pursue none"}}}});
  });
  CHECK(fleet_of(b, "F1").at == "Y");
  b.fleet("F1")->at.clear();
  b.victor_ = 1;
  bench.run({}, [&] { b.retreat({}); });
  CHECK(fleet_of(b, "B1").at == "the Bay");
  CHECK(has(bench.said(), "no eligible port within five movement points"));
}

TEST_CASE(
    "EiH 1.1.2.10, 1.1.2.10.1: the victor takes the beaten side's damaged ships, a d6 a ship "
    "against the distance") {
  CHECK_FALSE(reaches_port(0, 1));  // 1 always sinks
  CHECK(reaches_port(0, 2));
  CHECK_FALSE(reaches_port(2, 2));  // distance >= roll: sunk
  CHECK(reaches_port(2, 3));
  CHECK_FALSE(reaches_port(6, 5));
  CHECK(reaches_port(9, 6));  // 6 always arrives
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  auto near = edited(*s, "morale 1 ", "morale 1 11400 38 290 0 0");
  auto won = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {6, 6, 3, 4});
  auto retreat = play(*won.next, {{0, {"chase no"}}}, {});
  auto damaged = play(*retreat.next, {{0, {"pursue none"}}}, {});
  CHECK(has(damaged.events, "Britain takes the beaten side's 3 heavy damaged ship(s) (1.1.2.10)"));
  const State& d = *damaged.next;
  CHECK(seats_to_order(d) == std::vector<int>{0});  // the allies hold none now
  CHECK(has(view_text(d, 0), "Britain holds damaged ships: 6 heavy"));
  CHECK(has(first_error(d, PlayerId{0}, {"damaged cadiz"}), "not a port your damaged ships"));
  CHECK(has(first_error(d, PlayerId{0}, {"damaged gibraltar 7"}), "1 to 6"));
  CHECK(has(first_error(d, PlayerId{1}, {"damaged cadiz"}), "no orders"));
  // Destinations first, then a roll each: distance 2 sinks on 1 and 2.
  auto over = play(d, {{0, {"damaged gibraltar 6"}}}, {1, 2, 3, 4, 5, 6});
  CHECK(has(over.events,
            "Britain sends 6 damaged ship(s) to Gibraltar, 2 MP away: rolls 1, 2, 3, "
            "4, 5, 6: 4 heavy reach port, 2 heavy sink"));
  CHECK(over.next->step().game_over);
  CHECK(over.next->step().winners == std::vector<SideId>{SideId{0}});
}

TEST_CASE(
    "EiH 1.1.2.11: empty fleets are removed, Nelson is taken when his whole stack is "
    "eliminated") {
  Bench bench(the_data(), "nile", 2);
  Board& b = bench.board;
  for (Fleet& f : b.fleets_) f.fought = true;
  for (const char* id : {"B1", "B2"}) {
    Fleet& f = fleet_of(b, id);
    f.sunk = f.ships;
    f.ships = Ships{};
  }
  bench.run({}, [&] { b.consolidate(); });
  CHECK(has(bench.said(), "Fleet counters without ships are removed: B1"));
  CHECK(has(bench.said(),
            "Nelson's stack is wholly eliminated: Nelson is taken prisoner by "
            "France (1.1.2.11)"));
  CHECK(fleet_of(b, "B1").leader_fate == "taken prisoner");
  CHECK(fleet_of(b, "B2").leader_fate.empty());  // Troubridge is named for the record only
  // A damaged ship that reached port keeps him free.
  Bench kept(the_data(), "nile", 2);
  for (Fleet& f : kept.board.fleets_) f.fought = true;
  Fleet& b1 = fleet_of(kept.board, "B1");
  b1.saved = b1.ships;
  b1.ships = Ships{};
  Fleet& b2 = fleet_of(kept.board, "B2");
  b2.sunk = b2.ships;
  b2.ships = Ships{};
  kept.run({}, [&] { kept.board.consolidate(); });
  CHECK(fleet_of(kept.board, "B1").leader_fate.empty());
}

// ===================================================================== 1.1.3, 1.1.4

TEST_CASE(
    "EiH 1.1.3: a blockade battle: no chits, the blockaders on 5-2, the blockaded on 5-1, "
    "their victory allows no chase") {
  auto opened = play(*battle("brest", 2), {}, {});
  CHECK(has(opened.events,
            "A blockade battle: no tactical chits; the Blockade Battle Combat Chart "
            "(1.1.3)"));
  CHECK(has(opened.events, "Step Three: France's forces"));
  auto near = edited(*opened.next, "morale 1 ", "morale 1 2700 9 290 0 0");
  auto r = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1});
  CHECK(has(r.events, "France's fire on table 5-1"));
  CHECK(has(r.events, "Britain's fire on table 5-2"));
  CHECK(has(r.events, "Britain is the victor"));
  // No chase, no pursuit: the French go back into Brest; no ship was damaged.
  CHECK(has(r.events, "the Brest squadron goes back into Brest (1.1.2.9.2, 1.1.3)"));
  CHECK_FALSE(has(r.events, "chases"));
  CHECK(r.next->step().game_over);
}

TEST_CASE("EiH 1.1.4.1: when the harbour defences fire") {
  const Battle& b = *the_data().battle("copenhagen");
  CHECK(harbour_guns(b, b.wars, {"britain"}, {"denmark"}) == Guns::Used);  // at war
  Battle neutral = b;
  neutral.wars.clear();
  neutral.port_controller = "sweden";
  CHECK(harbour_guns(neutral, neutral.wars, {"britain"}, {"denmark"}) == Guns::Unused);  // access
  neutral.access_denied = true;
  CHECK(harbour_guns(neutral, neutral.wars, {"britain"}, {"denmark"}) == Guns::Optional);
  // EXCEPTION: the fleets attacked are the neutral controller's own.
  neutral.access_denied = false;
  CHECK(harbour_guns(neutral, neutral.wars, {"britain"}, {"sweden"}) == Guns::Used);
  neutral.garrison = false;
  CHECK(harbour_guns(neutral, neutral.wars, {"britain"}, {"sweden"}) == Guns::Unused);
}

TEST_CASE(
    "EiH 1.1.4.1, 1.1.4.1.1: a port raid: the guns going in, three rounds on the raid "
    "tables, no reply once broken, the guns coming out") {
  auto opened = play(*battle("copenhagen", 2), {}, {6});
  CHECK(has(opened.events,
            "The harbour guns of Copenhagen fire as the raiders go in on table 5-1, "
            "unmodified: d6 6: 14% of harbour defence 10 = 1 ship(s) damaged, "
            "morale -1.3"));
  auto r1 = play(*opened.next, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {4, 5});
  CHECK(has(r1.events, "Britain's fire on table 3-3"));
  CHECK(has(r1.events, "Denmark's fire on table 1-1"));
  // The Danes at the edge of breaking: they break and reply no more.
  auto near = edited(*r1.next, "morale 1 ", "morale 1 5250 15 340 1 1");
  auto r2 = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {4, 1});
  CHECK(has(r2.events, "Denmark's fire on table 2-2"));
  CHECK(has(r2.events,
            "Denmark breaks: the raiders attack on for the rest of the three rounds, "
            "without reply (1.1.4.1.1)"));
  auto r3 = play(*r2.next, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {4, 1, 3, 4});
  CHECK(has(r3.events, "Denmark, broken, can no longer reply (1.1.4.1.1)"));
  CHECK(has(r3.events, "The harbour guns of Copenhagen fire as the raiders come out on table 5-2"));
  CHECK(has(r3.events, "The raid is over"));
}

TEST_CASE(
    "EiH 1.1.4.1.2, 1.1.4.1.3: a raid's victor broke the enemy and inflicted more losses, "
    "the raider withdraws, the defender loses damaged ships on a 1") {
  Bench bench(the_data(), "copenhagen", 2);
  Board& b = bench.board;
  b.defending_ = 2;
  b.commander_ = {"britain", "denmark"};
  b.revealed_ = true;
  for (Fleet& f : b.fleets_) f.fought = true;
  b.set_morale();
  b.round_ = 3;
  // Denmark broken, Britain inflicted 3 and received 2, the guns silent.
  b.loss_[1] = Hundredths{400};
  b.hit_ = {3, 2};
  bench.run({}, [&] { b.end_raid(); });
  CHECK(b.outcome_ == Outcome::Victory);
  CHECK(b.victor_ == 0);
  b.hit_ = {2, 2};
  bench.run({}, [&] { b.end_raid(); });
  CHECK(b.outcome_ == Outcome::Draw);
  CHECK(has(bench.said(), "neither side both broke the other and inflicted more losses: a draw"));
  // The aftermath: the withdrawal is the raider's choice; Danish damaged ships roll.
  b.seg_ = Phase::Retreat;
  CHECK(b.duties(0) == Duties{Duty::Withdraw});
  CHECK(b.duties(1).empty());
  bench.run({}, [&] { b.retreat({{PlayerId{0}, OrderSet{{"withdraw sea"}}}}); });
  CHECK(fleet_of(b, "B1").at == "the Sound");
  Fleet& d1 = fleet_of(b, "D1");
  d1.damaged = ships(2, 0);
  d1.ships -= ships(2, 0);
  b.seg_ = Phase::Damaged;
  CHECK(b.duties(1).empty());  // they are in port already
  bench.run({1, 4}, [&] { b.return_damaged({}); });
  CHECK(fleet_of(b, "D1").sunk == ships(1, 0));
  CHECK(fleet_of(b, "D1").saved == ships(1, 0));
  CHECK(has(bench.said(), "1 heavy lost on a 1 (1.1.4.1.3)"));
}

// ===================================================================== 1.1.6

TEST_CASE("EiH 1.1.6, footnote [6]: surrender before round one, two or three, not after three") {
  auto s = trafalgar_before_round_one("lozenge", "lozenge");
  std::unique_ptr<State> at = std::move(s);
  std::vector<std::string> labels;
  for (int guard = 0; guard < 10 && !at->step().game_over; ++guard) {
    labels.push_back(at->step().label);
    const auto seats = seats_to_order(*at);
    std::map<int, std::vector<std::string>> orders;
    for (int seat : seats) orders[seat] = at->default_orders(PlayerId{seat}).lines;
    const bool round = has(at->step().label, "surrender or fight");
    ScriptedDice dice(round ? std::vector<int>{1, 1, 3, 4} : std::vector<int>(40, 6));
    std::map<PlayerId, OrderSet> set;
    for (auto& [seat, lines] : orders) set[PlayerId{seat}] = *at->validate(PlayerId{seat}, lines);
    at = at->resolve(set, dice).next;
  }
  CHECK(labels[0] == "Before round 1: surrender or fight (1.1.6)");
  CHECK(labels[1] == "Before round 2: surrender or fight (1.1.6)");
  CHECK(labels[2] == "Before round 3: surrender or fight (1.1.6)");
  for (std::size_t i = 3; i < labels.size(); ++i) CHECK_FALSE(has(labels[i], "surrender"));
  // And surrender is taken before round 3.
  auto b3 = trafalgar_before_round_one("lozenge", "lozenge");
  auto r1 = play(*b3, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1});
  auto r2 = play(*r1.next, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1});
  CHECK(first_error(*r2.next, PlayerId{1}, {"surrender yes"}) == "");
}

TEST_CASE(
    "EiH 1.1.6: the commanding power surrenders first, the others then decide each for "
    "itself") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  auto given = play(*s, {{0, {"surrender no"}}, {1, {"surrender yes"}}}, {});
  CHECK(has(given.events,
            "France surrenders F1 \"Escadre de Villeneuve\" (France), F2 "
            "Avant-garde (France) with 18 heavy, 5 light to Britain (1.1.6)"));
  const State& follow = *given.next;
  CHECK(follow.step().label == "Before round 1: the other powers' surrender (1.1.6)");
  CHECK(seats_to_order(follow) == std::vector<int>{1});
  CHECK(first_error(follow, PlayerId{1}, {"surrender spain no"}) == "");
  CHECK(has(first_error(follow, PlayerId{1}, {"surrender france no"}), "not a power of yours"));
  // Spain fights on: it commands now, its morale found again; the round follows.
  auto on = play(follow, {{1, {"surrender no"}}}, {1, 1});
  CHECK(has(on.events, "Spain fights on (1.1.6)"));
  CHECK(has(on.events, "Spain commands the combined fleet (1.1.2.2)"));
  CHECK(has(on.events, "France and Spain fights on: final morale now 3.0"));
  CHECK(has(on.events, "Round 1 (1.1.2.6)"));
  // Spain surrenders too: Britain is the victor; the political points count
  // France's and Spain's fleets as losers, Britain's as winners, Nelson's one.
  auto all = play(follow, {{1, {"surrender yes"}}}, {});
  CHECK(has(all.events, "France and Spain has surrendered: Britain is the victor (1.1.6)"));
  CHECK(has(all.events, "Britain +3 (Nelson's 1 included); France -2; Spain -2"));
  // Both commanders at once: neither surrender can be taken.
  auto mutual = play(*s, {{0, {"surrender yes"}}, {1, {"surrender yes"}}}, {});
  CHECK(has(mutual.events, "neither surrender can be taken"));
}

TEST_CASE(
    "EiH 1.1.6: corps surrender with their power, and those left without transport with "
    "them") {
  auto choice = play(*battle("le-havre", 2), {}, {});
  auto russians = play(*choice.next, {{0, {"defender 3"}}}, {});
  auto no_war = play(*russians.next, {{0, {"war no"}}}, {});
  auto stand = play(*no_war.next, {{1, {"evade no"}}}, {});
  auto chits = play(*stand.next, {{0, {"chit lozenge"}}, {1, {"chit lozenge"}}}, {});
  auto given = play(*chits.next, {{0, {"surrender no"}}, {1, {"surrender yes"}}}, {});
  CHECK(has(given.events, "Russia surrenders R1"));
  CHECK(has(given.events,
            "3 France army factor(s) can no longer be transported and surrender "
            "(1.1.6)"));
  CHECK(has(view_text(*given.next, 0), "transports 0 France army factor(s) (3 surrendered)"));
}

TEST_CASE(
    "EiH 1.1.4.1: after a denial of access the port's controller decides on the harbour "
    "defences") {
  Data d = data_with(
      "\nbattle guns\ntitle T\nabout A\nsides Britain \"France and Sweden\"\nattacker 0\n"
      "at port Gothenburg defence 4 control sweden garrison access-denied\nwar britain france\n"
      "stack 1 0 \"raiders\"\nstack 2 1 \"French\"\nfleet B1 1 britain \"Raiders\" heavy 6\n"
      "fleet F1 2 france \"Squadron\" heavy 4\nport p P 2 0\nport g G 0 1\n"
      "retreat-sea 0 \"the Kattegat\"\nseat 2 0 Britain britain\n"
      "seat 2 1 \"France and Sweden\" france sweden\n");
  auto g = std::make_shared<const Data>(std::move(d));
  Board b(g, g->battle("guns"), RulesVersion{1}, 2);
  std::vector<Event> events;
  ScriptedDice none({});
  b.resolve({}, none, events);  // the stacks meet
  CHECK(b.seg_ == Phase::Guns);
  CHECK(Board::sequence().to_order(b) == std::vector<PlayerId>{PlayerId{1}});
  CHECK(b.default_lines(1) == std::vector<std::string>{"guns yes"});
  auto refused = Board::sequence().validate(b, 1, {"guns maybe"});
  REQUIRE_FALSE(refused.has_value());
  CHECK(has(refused.error()[0].message, "(1.1.4.1)"));
  Board silent = b;
  silent.resolve({{PlayerId{1}, OrderSet{{"guns no"}}}}, none, events);
  CHECK(silent.seg_ == Phase::Surrender);
  CHECK_FALSE(silent.guns_);
  std::vector<Event> fired;
  ScriptedDice six({6});
  b.resolve({{PlayerId{1}, OrderSet{{"guns yes"}}}}, six, fired);
  CHECK(b.guns_);
  std::string all;
  for (const Event& e : fired) all += e.text + "\n";
  CHECK(has(all,
            "The harbour guns of Gothenburg fire as the raiders go in on table 5-1, "
            "unmodified: d6 6: 14% of harbour defence 4 = 1 ship(s) damaged"));
}

TEST_CASE(
    "EiH 1.1.1.2, 1.1.4.1, footnote [1]: Britain runs the guns of Le Havre and attacks the "
    "Russian stack without a declaration of war") {
  auto choice = play(*battle("le-havre-raid", 3), {}, {});
  CHECK(choice.next->step().label == "The attacker chooses the defender (1.1.1.1)");
  auto russians = play(*choice.next, {{0, {"defender 3"}}}, {});
  CHECK(has(russians.events,
            "Britain may attack the Russian squadron without a declaration of "
            "war: its fleets transport (or could transport) corps of France"));
  // No declaration; the French garrison is at war with Britain: the guns fire.
  auto raid = play(*russians.next, {{0, {"war no"}}}, {2});
  CHECK(has(raid.events, "Britain attacks without a declaration of war (1.1.1.2)"));
  CHECK(has(raid.events, "A port raid: no tactical chits"));
  CHECK(has(raid.events, "The harbour guns of Le Havre fire as the raiders go in"));
  CHECK(has(raid.next->step().label, "Before round 1"));
  // Russia's seat answers for the Russians; France's is not in this combat.
  CHECK(seats_to_order(*raid.next) == std::vector<int>{0, 2});
}

TEST_CASE(
    "EiH 1.1.2.9.2, 1.1.3: blockade boxes: blockaded ships go back to port, a relieving "
    "victor may pursue and enter a friendly port") {
  // Brest: the blockaded French return to port whatever happens; a British
  // loser retreats to its own port and is not pursued.
  Bench brest(the_data(), "brest", 2);
  Board& b = brest.board;
  b.defending_ = 1;
  b.commander_ = {"britain", "france"};
  b.revealed_ = true;
  b.outcome_ = Outcome::Victory;
  b.victor_ = 1;
  const Board::RetreatCase won = b.retreat_case();
  CHECK(won.retreating == 0);
  CHECK_FALSE(won.to_port);
  CHECK(won.pursuing == -1);  // blockaded ships return to port
  CHECK(won.may_enter == -1);
  brest.run({}, [&] { b.retreat({}); });
  CHECK(fleet_of(b, "B1").at == "Plymouth");
  CHECK(fleet_of(b, "F1").at == "back into Brest");
  // A relieving force from the sea (chits): its victory allows pursuit and
  // entering the friendly port; the blockaders' victory sends it off by sea.
  Data d = data_with(
      "\nbattle relief\ntitle T\nabout A\nsides Britain France\nattacker 1\n"
      "at blockade Toulon blockading 0 chits friendly 1\nwar britain france\n"
      "stack 1 0 \"blockaders\"\nstack 2 1 \"relief\"\nfleet B1 1 britain \"Inshore\" heavy 6\n"
      "fleet F1 2 france \"Relief\" heavy 7\nport m Minorca 3 0\nport t Toulon 0 1\n"
      "port h Hyeres 2 1\nseat 2 0 Britain britain\nseat 2 1 France france\n");
  Bench relief(std::move(d), "relief", 2);
  Board& r = relief.board;
  r.defending_ = 1;
  r.commander_ = {"britain", "france"};
  r.revealed_ = true;
  r.outcome_ = Outcome::Victory;
  r.victor_ = 1;
  r.seg_ = Phase::Retreat;
  const Board::RetreatCase free = r.retreat_case();
  CHECK(free.pursuing == 1);
  CHECK(free.may_enter == 1);
  CHECK(r.duties(1) == Duties{Duty::Pursue, Duty::Enter});
  relief.run({}, [&] { r.retreat({{PlayerId{1}, OrderSet{{"enter yes"}}}}); });
  CHECK(fleet_of(r, "F1").at == "into Toulon");  // entering, not pursuing
  CHECK(fleet_of(r, "B1").at == "Minorca");
  CHECK(has(relief.said(), "France moves into Toulon (1.1.2.9.2 EXCEPTION)"));
  r.fleet("F1")->at.clear();
  r.fleet("B1")->at.clear();
  r.victor_ = 0;
  const Board::RetreatCase beaten = r.retreat_case();
  CHECK(beaten.retreating == 1);
  CHECK_FALSE(beaten.to_port);   // it came from the sea
  CHECK(beaten.pursuing == -1);  // no pursuit after the blockaders' victory (1.1.3)
}
