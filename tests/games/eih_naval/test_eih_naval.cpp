// Empires in Harm 3.0 naval combat (1.1 to 1.1.7): the data, who may fight
// (1.1.1), evasion, command, chits and the reveal (1.1.2 to 1.1.2.4), the
// footnotes' examples, proportional losses (1.1.7), custom battles and
// positions. The battle itself, round by round: test_eih_naval_battle.cpp.
// The readings the text leaves open are tested as docs/rules/eih-naval.md
// and docs/rules/eih-naval-play.md decide them.
#include <doctest/doctest.h>

#include <map>
#include <regex>
#include <set>

#include "eih_naval_fixture.h"

using namespace naumachia;
using namespace naumachia::eih_naval;
using namespace naumachia::testing::eih;
using testing::first_error;
using testing::has;
using testing::Played;

// ===================================================================== data

TEST_CASE(
    "EiH 1.1.2.3, 1.1.2.5, 1.1.2.8, 1.1.3, 1.1.4.1: the committed tables.txt reads to its "
    "contract") {
  const Tables& t = tables();
  CHECK(t.version == 1);
  CHECK(has(t.reconstruction, "reconstructions"));
  CHECK(t.chits.size() == 5);
  CHECK(t.chart.size() == 25);
  CHECK(t.crt.size() == 8);
  CHECK(t.cell("melee", "line-of-battle").close == 3);
  CHECK(t.cell("melee", "line-of-battle").closed_attacker == "5-2");
  CHECK(t.cell("line-of-battle", "line-of-battle").close == 0);
  CHECK(t.result("3-1", 6).percent == 9);
  CHECK(t.result("3-1", 6).morale == Hundredths{110});
  CHECK(t.result("3-1", 99).percent == 12);  // beyond 8: the last row
  CHECK(t.odds.size() == 3);
  CHECK(t.heavy_superiority.front().ratio == Hundredths{150});
  CHECK(t.clamp_min == -2);
  CHECK(t.clamp_max == 2);
  CHECK(t.evasion == 2);
  CHECK(t.serious_max == 2);
  CHECK(t.light_min == 12);
  CHECK(t.second_dice == 1);
  CHECK(t.killed.contains(2));
  CHECK(t.wounded.contains(3));
  CHECK(t.pp_per_fleet == 1);
  CHECK(t.pp_cap == 3);
  CHECK(t.pp_nelson == 1);
  CHECK(t.morale.at("britain") == Hundredths{400});
  CHECK(t.morale_home.at("denmark") == Hundredths{350});
}

TEST_CASE("EiH 1.1.2.3, 1.1.2.5: a malformed tables file is refused with the line named") {
  CHECK(has(tables_error("chart melee           melee", "chart melee           nonsense"),
            "eih-naval tables line"));
  CHECK(has(tables_error("chart melee           melee", "chart melee           nonsense"),
            "unknown chit 'nonsense'"));
  CHECK(has(tables_error("crt 3-1  4 damage  6 morale 0.9", "crt 3-1  4 damage  6 morale 0,9"),
            "is not a decimal number"));
  CHECK(has(tables_error("crt 3-1  4 damage  6 morale 0.9", "crt 3-1  9 damage  6 morale 0.9"),
            "outside -1..8"));
  CHECK(has(tables_error("crt 3-1  4 damage  6 morale 0.9", ""), "table 3-1 has no roll 4"));
  CHECK(has(tables_error("crt 3-1  4 damage  6 morale 0.9", "crt 3-1  5 damage  6 morale 0.9"),
            "table 3-1 roll 5 twice"));
  CHECK(has(tables_error("odds 3 2", "odds 1.5 2"), "ascending"));
  CHECK(has(tables_error("clamp -2 2", "clamp -3 2"), "-3 is outside -2..0"));
  CHECK(has(tables_error("chase 3.6 99  1-1", "chase 3.6 50  1-1"), "end at 99"));
  CHECK(has(tables_error("chase 1.1 2.5 3-1", "chase 0.9 2.5 3-1"), "without overlapping"));
  CHECK(has(tables_error("casualty second killed 1-2 wounded 3-6",
                         "casualty second killed 1-2 wounded 4-6"),
            "cover 1-6"));
  CHECK(has(tables_error("political per-fleet 1 cap 3 nelson 1", "political per-fleet 1"),
            "expected 'political"));
  CHECK(has(tables_error("version 1", "version 2"), "line"));
  CHECK(has(tables_error("evasion 2", "evasion 2\nsomething else"), "unknown statement"));
  CHECK(has(tables_error("chart doubling        doubling        attacker 4-1 defender 4-1", ""),
            "no chart cell for doubling against doubling"));
  CHECK(has(tables_error("blockade blockading 5-2 blockaded 5-1",
                         "blockade blockading 5-2 blockaded 6-6"),
            "table 6-6 is used but has no 'crt' lines"));
  CHECK(has(tables_error("reconstruction \"", "reconstruction \"\""), "line 12"));
  auto empty = parse_tables("");
  REQUIRE_FALSE(empty.has_value());
  CHECK(empty.error().message == "eih-naval tables: the file is empty");
}

TEST_CASE("EiH 1.1.1: every battle loads, with its seats, sides and players") {
  const Data& d = the_data();
  CHECK(d.battles.size() == 10);
  CHECK(d.battle("trafalgar")->seats.count(2));
  CHECK(d.battle("trafalgar")->seats.count(3));
  CHECK(d.battle("cape-palos")->max_players() == 4);
  CHECK(d.battle("custom")->min_players() == 2);
  CHECK(d.battle("custom")->max_players() == 4);
  CHECK(d.battle("copenhagen")->where == Where::Port);
  CHECK(d.battle("copenhagen")->harbour_defence == 10);
  CHECK(d.battle("brest")->where == Where::Blockade);
  const auto scenarios = game().scenarios();
  CHECK(scenarios.size() == 10);
  const Seating three = game().seating(scenarios[0], 3);
  CHECK(three.seat_names == std::vector<std::string>{"Britain", "France", "Spain"});
  CHECK(three.partners(PlayerId{1}, PlayerId{2}));
  const Seating two = game().seating(scenarios[0], 2);
  CHECK(two.seat_names == std::vector<std::string>{"Britain", "France and Spain"});
  CHECK_FALSE(game().new_game("trafalgar", 4).has_value());
  CHECK_FALSE(game().new_game("waterloo", 2).has_value());
}

TEST_CASE(
    "EiH 1.1.1, 1.1.1.1, 1.1.2.2: a battle the rules could not play is refused with its reason") {
  const std::string head =
      "\nbattle bad\ntitle T\nabout A\nsides X Y\nattacker 0\nat sea S\nwar britain france\n"
      "stack 1 0 \"one\"\nstack 2 1 \"two\"\nport p P 1 0\nport q Q 1 1\n";
  const std::string fleets =
      "fleet B1 1 britain \"B one\" heavy 3\nfleet F1 2 france \"F one\" heavy 3\n";
  const std::string seats = "seat 2 0 Britain britain\nseat 2 1 France france\n";
  CHECK(data_error(head + fleets + seats) == "");
  CHECK(has(data_error(head + fleets), "no 'seat' lines"));
  CHECK(has(data_error(head + fleets + "seat 2 0 Britain britain\nseat 2 1 France\n"),
            "france needs one seat on its side"));
  CHECK(has(data_error(head + fleets + "fleet F2 2 france \"F two\" heavy 2 nelson\n" + seats),
            "Nelson commands British ships (1.1.2.2)"));
  CHECK(has(data_error(head + fleets + seats + "seat 2 1 Extra\n"), "2 players need 2 seats"));
  CHECK(has(data_error(head + "fleet B1 1 britain \"B one\" heavy 3\nstack 3 0 \"x\"\n" + seats),
            "the attacking side has exactly one stack (1.1.1.1)"));
  CHECK(has(data_error(head + fleets + "fleet B2 1 britain \"B one\" heavy 3\n" + seats),
            "a second fleet B one"));
  CHECK(has(data_error(head + fleets + seats + "rumours of war\n"), "unknown statement 'rumours'"));
  CHECK(has(data_error(head + fleets + seats + "fleet X1 2 france \"quoted heavy 3\n"),
            "a quoted name is not closed"));
  CHECK(has(data_error(head + fleets + seats + "fleet X1 9 france \"X\" heavy 3\n"),
            "fleet X1 in an unknown stack"));
}

TEST_CASE(
    "EiH 1.1.4, footnote [5]: ten heavy and fourteen light Dutch need at least 24 Russian "
    "ships") {
  // Reading 2: at least as many heavy ships, at least as many in all.
  CHECK(escort_problem(ships(10, 14), ships(10, 14)) == std::nullopt);
  CHECK(escort_problem(ships(24, 0), ships(10, 14)) == std::nullopt);
  CHECK(escort_problem(ships(10, 13), ships(10, 14)).has_value());
  CHECK(escort_problem(ships(9, 15), ships(10, 14)).has_value());
  CHECK(has(*escort_problem(ships(9, 15), ships(10, 14)), "at least 10 heavy and 24 ships"));
  // A port raid whose free-state ships lack their escort is refused as a battle.
  const std::string raid =
      "\nbattle raid\ntitle T\nabout A\nsides Russia Britain\nattacker 0\n"
      "at port Yarmouth defence 4 control britain garrison\nwar russia britain\n"
      "control holland russia\nfree-state holland\nstack 1 0 \"raiders\"\nstack 2 1 \"home\"\n"
      "fleet H1 1 holland \"Texel squadron\" heavy 10 light 14\n"
      "fleet B1 2 britain \"North Sea\" heavy 5\nport texel Texel 2 0\nport yarmouth Y 0 1\n"
      "retreat-sea 0 \"the North Sea\"\nseat 2 0 Russia russia\nseat 2 1 Britain britain\n";
  CHECK(has(data_error(raid + "fleet R1 1 russia \"Baltic\" heavy 10 light 13\n"), "footnote [5]"));
  CHECK(data_error(raid + "fleet R1 1 russia \"Baltic\" heavy 10 light 14\n") == "");
}

// ===================================================================== 1.1.1

TEST_CASE(
    "EiH 1.1.1.2, footnote [1]: Britain may attack the Russian stack at Le Havre without a "
    "declaration of war") {
  const Battle& b = *the_data().battle("le-havre");
  // Britain at war with France; Russia neutral, in combined movement with
  // France, its fleet carrying a French corps.
  const Enemy russian = may_attack(b, b.wars, {"britain"}, *b.stack(3), {"russia"});
  CHECK(russian.attack == Attack::WithoutDeclaration);
  CHECK(russian.not_at_war == std::vector<std::string>{"russia"});
  CHECK(has(russian.why, "corps of France"));
  CHECK(may_attack(b, b.wars, {"britain"}, *b.stack(2), {"france"}).attack == Attack::AtWar);
  // Neither carrying, nor combined, nor supplying: no attack at all.
  StackSpec lone{9, 1, "lone", {}, {}};
  Battle apart = b;
  apart.combined.clear();
  CHECK(may_attack(apart, apart.wars, {"britain"}, lone, {"russia"}).attack == Attack::Refused);
  // Combined movement with a power at war suffices (the third case).
  CHECK(may_attack(b, b.wars, {"britain"}, lone, {"russia"}).attack == Attack::WithoutDeclaration);
  // Supplying forces at war with the attacker (the fourth case).
  StackSpec supplier{9, 1, "supplier", {}, {"france"}};
  CHECK(may_attack(apart, apart.wars, {"britain"}, supplier, {"russia"}).attack ==
        Attack::WithoutDeclaration);
}

TEST_CASE(
    "EiH 1.1.1.1, 1.1.1.2: the attacker chooses the defender, attacking the Russians without "
    "a declaration") {
  auto s = battle("le-havre", 2);
  auto opened = play(*s, {}, {});
  const State& choice = *opened.next;
  CHECK(choice.step().label == "The attacker chooses the defender (1.1.1.1)");
  CHECK(seats_to_order(choice) == std::vector<int>{0});
  CHECK(has(first_error(choice, PlayerId{0}, {"defender 1"}), "no enemy stack '1' (1.1.1.1)"));
  CHECK(has(first_error(choice, PlayerId{0}, {"defender none"}), "only after an evasion"));
  CHECK(has(first_error(choice, PlayerId{1}, {"evade yes"}),
            "player has no orders in 'The attacker chooses"));
  // The refusal says who orders now: the attacker's seat.
  const std::string idle = first_error(choice, PlayerId{1}, {"evade yes"});
  CHECK(has(idle, "(1.1.1.1)'; the "));
  CHECK(has(idle, " player orders"));
  CHECK(choice.default_orders(PlayerId{0}).lines == std::vector<std::string>{"defender 2"});
  auto russians = play(choice, {{0, {"defender 3"}}}, {});
  CHECK(has(russians.events, "without a declaration of war: its fleets transport"));
  CHECK(russians.next->step().label ==
        "Attack without a declaration of war, or declare it (1.1.1.2)");
  auto undeclared = play(*russians.next, {{0, {"war no"}}}, {});
  CHECK(has(undeclared.events, "Britain attacks without a declaration of war (1.1.1.2)"));
  CHECK(undeclared.next->step().label == "Evasion (1.1.2.1)");
  // The French stack needs no declaration: straight to the evasion.
  auto french = play(choice, {{0, {"defender 2"}}}, {});
  CHECK(french.next->step().label == "Evasion (1.1.2.1)");
}

TEST_CASE(
    "EiH 1.1.2.4.1: no battle's description, sent to every player before joining, counts the "
    "forces hidden until Step Three") {
  const Data& d = the_data();
  for (const ScenarioInfo& s : game().scenarios()) {
    const Battle* b = d.battle(s.id);
    REQUIRE(b != nullptr);
    // Every count a seat may not know: a fleet's ships of each type and in
    // all, and each side's.
    std::set<int> counts;
    std::map<int, Ships> sides;
    for (const FleetSpec& f : b->fleets) {
      for (const int n : f.ships.n) counts.insert(n);
      counts.insert(f.ships.total());
      for (const StackSpec& st : b->stacks)
        if (st.id == f.stack) sides[st.side] += f.ships;
    }
    for (const auto& side : sides) {
      for (const int n : side.second.n) counts.insert(n);
      counts.insert(side.second.total());
    }
    counts.erase(0);
    // Whole numbers of the text, not parts of a decimal ("morale 3.5"), a
    // footnote ("[1]") or the port's harbour defence, which every side knows
    // (1.1.4).
    const std::string text =
        std::regex_replace(s.description, std::regex(R"(harbour defence \d+)"), "");
    const std::regex whole(R"((^|[^\d.\[])(\d+)(?![\d.\]]))");
    for (auto m = std::sregex_iterator(text.begin(), text.end(), whole);
         m != std::sregex_iterator(); ++m) {
      const std::string number = (*m)[2];
      CHECK_MESSAGE(counts.count(std::stoi(number)) == 0,
                    s.id << ": '" << number << "' in " << s.description);
    }
  }
}

TEST_CASE("EiH 1.1.1.2: declaring war costs political points for each declaration") {
  auto s = battle("le-havre", 2);
  auto choice = play(*s, {}, {});
  auto russians = play(*choice.next, {{0, {"defender 3"}}}, {});
  auto declared = play(*russians.next, {{0, {"war yes"}}}, {});
  CHECK(has(declared.events, "Britain declares war on Russia: 1 political point(s) lost"));
  CHECK(has(view_text(*declared.next, 1), "Britain-Russia"));
  // The Russians stand; the battle is fought and scored with the cost.
  auto stand = play(*declared.next, {{1, {"evade no"}}}, {});
  auto chits = play(*stand.next, {{0, {"chit line-of-battle"}}, {1, {"chit lozenge"}}}, {});
  auto round = play(*chits.next, {{0, {"surrender no"}}, {1, {"surrender yes"}}}, {});
  CHECK(has(round.events, "Political points"));
  CHECK(has(round.events, "Britain -1 for declaring war on Russia"));
}

// ===================================================================== 1.1.2, 1.1.2.1

TEST_CASE("EiH 1.1.2.1: a d6 of 1 or 2 evades, the evader retreats and the attacker may pursue") {
  auto s = battle("nile", 2);
  auto opened = play(*s, {}, {});
  CHECK(opened.next->step().label == "Evasion (1.1.2.1)");
  CHECK(seats_to_order(*opened.next) == std::vector<int>{1});
  CHECK(opened.next->default_orders(PlayerId{1}).lines == std::vector<std::string>{"evade yes"});
  CHECK(evades(tables(), 1));
  CHECK(evades(tables(), 2));
  CHECK_FALSE(evades(tables(), 3));
  auto fails = play(*opened.next, {{1, {"evade yes"}}}, {3});
  CHECK(has(fails.events, "rolls 3: the evasion fails"));
  CHECK(fails.next->step().label == "Step One: tactical chits, in secret (1.1.2.2)");
  auto evaded = play(*opened.next, {{1, {"evade yes"}}}, {2});
  CHECK(has(evaded.events, "rolls 2: the stack evades; no political points (1.1.2.1)"));
  CHECK(evaded.next->step().label == "Retreat after the evasion (1.1.2.1, 1.1.2.9)");
  CHECK(seats_to_order(*evaded.next) == std::vector<int>{0});  // Britain may pursue
  auto over = play(*evaded.next, {{0, {"pursue all"}}}, {});
  CHECK(has(over.events, "the French fleet retreats to Alexandria"));
  CHECK(has(over.events, "Britain pursues with"));
  CHECK(over.next->step().game_over);
  CHECK(over.next->step().winners.empty());
  CHECK(has(over.next->step().result, "No battle was fought"));
  // The evaded ships were never revealed; everything is once the game is over.
  CHECK_FALSE(has(view_text(*evaded.next, 0), "\"Escadre de Brueys\" heavy 9"));
  CHECK(has(view_text(*over.next, 0), "\"Escadre de Brueys\" heavy 9 light 2 galleys 0"));
}

TEST_CASE("EiH 1.1.2: no evasion from an interception, a port or a blockade box") {
  CHECK(play(*battle("trafalgar", 2), {}, {}).next->step().label ==
        "Step One: tactical chits, in secret (1.1.2.2)");
  CHECK(has(play(*battle("copenhagen", 2), {}, {1}).next->step().label, "Before round 1"));
  CHECK(has(play(*battle("brest", 2), {}, {}).next->step().label, "Before round 1"));
}

TEST_CASE("EiH 1.1.2.1: after an evasion the attacker may attack another stack, or none") {
  auto s = battle("le-havre", 3);  // Britain; France; Russia
  auto choice = play(*s, {}, {});
  auto french = play(*choice.next, {{0, {"defender 2"}}}, {});
  CHECK(seats_to_order(*french.next) == std::vector<int>{1});
  auto evaded = play(*french.next, {{1, {"evade yes"}}}, {1});
  auto retreat = play(*evaded.next, {{0, {"pursue none"}}}, {});
  CHECK(has(retreat.events, "Britain does not pursue"));
  const State& again = *retreat.next;
  CHECK(again.step().label == "After the evasion: attack another stack? (1.1.2)");
  CHECK(first_error(again, PlayerId{0}, {"defender none"}) == "");
  CHECK(has(first_error(again, PlayerId{0}, {"defender 2"}), "no longer in the area"));
  CHECK(again.default_orders(PlayerId{0}).lines == std::vector<std::string>{"defender none"});
  auto none = play(again, {{0, {"defender none"}}}, {});
  CHECK(none.next->step().game_over);
  auto russians = play(again, {{0, {"defender 3"}}}, {});
  CHECK(russians.next->step().label ==
        "Attack without a declaration of war, or declare it (1.1.1.2)");
}

// ===================================================================== 1.1.2.2 - 1.1.2.4

TEST_CASE("EiH 1.1.2.2: the power with the most ships commands a mixed stack, a tie is rolled") {
  // Trafalgar: France's 23 ships against Spain's 15.
  auto opened = play(*battle("trafalgar", 3), {}, {});
  CHECK(has(opened.events, "France commands the combined fleet (1.1.2.2)"));
  CHECK(seats_to_order(*opened.next) == std::vector<int>{0, 1});  // Spain's seat does not
  CHECK(most_ships({{"france", 23}, {"spain", 15}}) == std::vector<std::string>{"france"});
  CHECK(most_ships({{"britain", 13}, {"russia", 13}}).size() == 2);
  // A custom battle whose attacker brings 10 British and 10 Russian ships.
  auto s = battle("custom", 2);
  auto mine = play(
      *s,
      {{0,
        {"fleet britain \"Channel\" heavy 8 light 2", "fleet russia \"Baltic\" heavy 9 light 1"}}},
      {});
  Resolution r;
  {
    std::map<PlayerId, OrderSet> o{
        {PlayerId{1}, *mine.next->validate(PlayerId{1}, {"fleet france \"Brest\" heavy 12"})}};
    ScriptedDice d({2, 5});
    r = mine.next->resolve(o, d);
    CHECK(d.remaining() == 0);
  }
  bool hidden_roll = false, public_command = false;
  for (const Event& e : r.events) {
    if (has(e.text, "Equal ships (Britain 10, Russia 10)")) {
      hidden_roll = !e.audience.is_public() && e.rolls.size() == 2;
      CHECK(e.rolls[0].purpose == "Britain's d6 for command (1.1.2.2)");
    }
    if (has(e.text, "Russia commands the attacking fleet (1.1.2.2)"))
      public_command = e.audience.is_public();
  }
  CHECK(hidden_roll);  // the counts are the side's until Step Three
  CHECK(public_command);
}

TEST_CASE(
    "EiH 1.1.2.2 NOTE, 1.1.2.5.1: melee only for Britain under Nelson until that has happened / "
    "a refused order names its rule") {
  auto nile = play(*battle("nile", 2), {}, {});
  auto stand = play(*nile.next, {{1, {"evade no"}}}, {});
  const State& chits = *stand.next;
  CHECK(has(first_error(chits, PlayerId{1}, {"chit melee"}),
            "melee may not be used by any power but Great Britain until Great Britain has used "
            "it with a stack commanded by Nelson (1.1.2.2 NOTE)"));
  CHECK(first_error(chits, PlayerId{0}, {"chit melee", "nelson 1"}) == "");
  CHECK(has(first_error(chits, PlayerId{0}, {"chit doubling", "nelson 1"}),
            "goes with the melee chit (1.1.2.5.1)"));
  CHECK(has(first_error(chits, PlayerId{0}, {"chit melee", "nelson 3"}), "0, 1 or 2"));
  CHECK(has(first_error(chits, PlayerId{0}, {"chit boarding"}), "unknown chit 'boarding'"));
  // Each refusal names its rule: the Nelson modifier's and the step's.
  CHECK(first_error(chits, PlayerId{1}, {"nelson 1"}) ==
        "'nelson' (1.1.2.5.1) is not an order of this step (Step One: tactical chits, in secret "
        "(1.1.2.2)); expected: chit (1.1.2.2)");
  CHECK(has(first_error(chits, PlayerId{1}, {"board 1"}), "'board' is not an order of this step"));
  auto used = play(chits, {{0, {"chit melee", "nelson 2"}}, {1, {"chit line-of-battle"}}}, {});
  CHECK(has(used.events, "Britain uses melee under Nelson: from now on every power may choose it"));
  CHECK(has(view_text(*used.next, 1), "Melee: open to every power"));
  // Camperdown: locked, and no Nelson: the Dutch may not melee (for Britain
  // see "EiH 1.1.2.2 NOTE: Britain may choose melee without Nelson").
  auto camperdown = play(*battle("camperdown", 2), {}, {});
  CHECK(has(first_error(*camperdown.next, PlayerId{1}, {"chit melee"}), "1.1.2.2 NOTE"));
  // Trafalgar: unlocked for every power.
  auto trafalgar = play(*battle("trafalgar", 2), {}, {});
  CHECK(first_error(*trafalgar.next, PlayerId{1}, {"chit melee"}) == "");
}

TEST_CASE(
    "EiH 1.1.2.2 NOTE: Britain may choose melee without Nelson (rules version 2) / it does not "
    "unlock melee for the others") {
  // Camperdown, 1797: melee locked, Duncan (not Nelson) commands Britain.
  auto camperdown = play(*battle("camperdown", 2), {}, {});
  const State& chits = *camperdown.next;
  CHECK(first_error(chits, PlayerId{0}, {"chit melee"}) == "");
  CHECK(has(first_error(chits, PlayerId{0}, {"chit melee", "nelson 1"}), "1.1.2.5.1"));
  CHECK(has(first_error(chits, PlayerId{1}, {"chit melee"}), "1.1.2.2 NOTE"));
  auto used = play(chits, {{0, {"chit melee"}}, {1, {"chit line-of-battle"}}}, {});
  CHECK_FALSE(has(used.events, "every power may choose it"));
  CHECK(has(used.events, "Britain chose melee"));
  // Under rules version 1 Britain, too, needed Nelson.
  auto old = game().new_game("camperdown", 2, RulesVersion{1});
  REQUIRE(old.has_value());
  auto v1 = play(**old, {}, {});
  CHECK(first_error(*v1.next, PlayerId{0}, {"chit melee"}) ==
        "melee may not be used until Great Britain has used it with a stack commanded by Nelson "
        "(1.1.2.2 NOTE)");
}

TEST_CASE("EiH 1.1.2.2, 1.1.2.5.1, 1.1.2.1: typical refusals cite their case") {
  auto nile = play(*battle("nile", 2), {}, {});
  CHECK(first_error(*nile.next, PlayerId{1}, {"evade"}) == "expected 'evade yes|no' (1.1.2.1)");
  auto stand = play(*nile.next, {{1, {"evade no"}}}, {});
  const State& chits = *stand.next;
  CHECK(first_error(chits, PlayerId{1}, {"chit"}) == "expected 'chit NAME' (1.1.2.2)");
  CHECK(first_error(chits, PlayerId{1}, {"chit lozenge", "chit doubling"}) ==
        "'chit' once only (1.1.2.2)");
  CHECK(has(first_error(chits, PlayerId{0}, {"chit melee", "nelson"}), "(1.1.2.5.1)"));
}

TEST_CASE(
    "EiH 1.1.2.2, 1.1.2.3, 1.1.2.4.1: chits secret until both are chosen, the enemy's ships "
    "hidden until Step Three") {
  auto opened = play(*battle("trafalgar", 3), {}, {});
  const State& chits = *opened.next;
  const std::string weather = "\"Weather Division\" heavy 12 light 2 galleys 0";
  const std::string escadre = "\"Escadre de Villeneuve\" heavy 10 light 5 galleys 0";
  // Each side sees its own ships; partners see each other's; the enemy
  // sees the counters only.
  CHECK(has(view_text(chits, 0), weather));
  CHECK_FALSE(has(view_text(chits, 0), escadre));
  CHECK(has(view_text(chits, 0), "Escadre de Villeneuve"));  // the counter
  CHECK(has(view_text(chits, 0), "ships hidden until Step Three (1.1.2.4.1)"));
  CHECK(has(view_text(chits, 2), escadre));
  CHECK_FALSE(has(view_text(chits, 2), weather));
  CHECK(testing::view_leaks(chits, 3).empty());
  bool secret = false;
  for (const Secret& x : chits.secrets())
    if (x.token == weather) secret = x.audience == Audience::seat(PlayerId{0});
  CHECK(secret);
  // Chits are revealed to all at resolution (Step Two), with the forces.
  CHECK(chits.orders_audience(PlayerId{0}).is_public());
  auto revealed = play(chits, {{0, {"chit doubling"}}, {1, {"chit line-of-battle"}}}, {});
  CHECK(has(revealed.events,
            "Step Two: Britain chose doubling, France and Spain chose "
            "line-of-battle: Britain fires on 4-1, France and Spain on 2-1"));
  CHECK(has(revealed.events, "Step Three: Britain's forces: B1 " + weather));
  CHECK(has(revealed.events, "31 ships, final morale 4.0 (1.1.2.4.1, 1.1.2.4.2)"));
  CHECK(has(view_text(*revealed.next, 1), weather));
  CHECK(revealed.next->secrets().empty());
}

TEST_CASE("EiH 1.1.2.4.2: final morale is the average of the ships' morale by nationality") {
  const Battle& palos = *the_data().battle("cape-palos");
  CHECK(ship_morale(tables(), palos, "britain") == Hundredths{400});
  CHECK(ship_morale(tables(), palos, "russia") == Hundredths{300});
  CHECK(ship_morale(tables(), palos, "holland") == Hundredths{350});
  CHECK(ship_morale(tables(), palos, "egypt") == Hundredths{250});
  CHECK(ship_morale(tables(), palos, "austria") == Hundredths{200});
  // Danish ships: 3.5 in home waters (Copenhagen), 3.0 elsewhere.
  CHECK(ship_morale(tables(), *the_data().battle("copenhagen"), "denmark") == Hundredths{350});
  CHECK(ship_morale(tables(), palos, "denmark") == Hundredths{300});
  // 13 British and 9 Russian ships: 79 / 22 = 3.5909..., not rounded for breaking.
  const MoraleLevel allied{13 * 400 + 9 * 300, 22};
  CHECK(level_of(allied) == Hundredths{359});
  CHECK_FALSE(broken(allied, Hundredths{359}));
  CHECK(broken(allied, Hundredths{360}));
  auto opened = play(*battle("cape-palos", 4), {}, {});
  auto stand = play(*opened.next, {{2, {"evade no"}}}, {});
  auto chits = play(*stand.next, {{0, {"chit lozenge"}}, {2, {"chit lozenge"}}}, {});
  CHECK(has(chits.events, "22 ships, final morale 3.59"));
}

// ===================================================================== 1.1.7

TEST_CASE(
    "EiH 1.1.7, footnote [7]: 68 ships losing 10: 5, 3 and 2 by nation, 6, 3 and 1 by "
    "type") {
  const Split nations = proportional_split({{"britain", 36}, {"sweden", 20}, {"portugal", 12}}, 10);
  CHECK(nations.odd == 0);
  CHECK(nations.of("britain") == 5);
  CHECK(nations.of("sweden") == 3);
  CHECK(nations.of("portugal") == 2);
  const Split types = proportional_split({{"heavy", 38}, {"light", 20}, {"galleys", 10}}, 10);
  CHECK(types.odd == 0);
  CHECK(types.of("heavy") == 6);
  CHECK(types.of("light") == 3);
  CHECK(types.of("galleys") == 1);
  // Within a nation, by its own composition (reading 3).
  CHECK(type_losses(ships(20, 10, 6), Ships{}, ships(20, 10, 6), 5) == ships(3, 1, 1));
}

TEST_CASE(
    "EiH 1.1.7: shares of all losses so far from the starting composition, odd losses "
    "named when the shares do not add up") {
  // Two equal nations losing one: both round up; one of them takes it.
  const Split even = proportional_split({{"britain", 10}, {"russia", 10}}, 1);
  CHECK(even.odd == 1);
  CHECK(even.spare);
  CHECK(even.of("britain") == 0);
  CHECK(even.candidates.size() == 2);
  // Cumulative: the second loss goes to the other.
  const Split second =
      cumulative_split(std::vector<Share>{{"britain", 10, 1, 9}, {"russia", 10, 0, 10}}, 1);
  CHECK(second.odd == 0);
  CHECK(second.of("russia") == 1);
  // Three nations losing one: too few after rounding; the furthest below first.
  // 5/12, 4/12 and 3/12 of one loss all round down: one odd loss, the
  // furthest below its part first.
  const Split few = proportional_split({{"a", 5}, {"b", 4}, {"c", 3}}, 1);
  CHECK(few.odd == 1);
  CHECK_FALSE(few.spare);
  CHECK(few.candidates == std::vector<std::string>{"a", "b", "c"});
  const Split three = proportional_split({{"a", 4}, {"b", 4}, {"c", 4}}, 1);
  CHECK(three.odd == 1);
  CHECK_FALSE(three.spare);
  CHECK(three.candidates.size() == 3);
  // A nation with no ship left passes its loss on.
  const Split none = cumulative_split(std::vector<Share>{{"a", 10, 5, 0}, {"b", 10, 0, 10}}, 2);
  CHECK(none.of("a") == 0);
  CHECK(none.of("b") == 2);
  // Types: a nation without ships of a type passes it to the others.
  CHECK(type_losses(ships(5, 5), ships(0, 5), ships(5, 0), 2) == ships(2, 0));
}

TEST_CASE("EiH 1.1.7: odd losses by agreement of the powers concerned, else competitive d6") {
  Data d = data_with(
      "\nbattle odd\ntitle T\nabout A\nsides Allies France\nattacker 0\nat sea S\n"
      "war britain france\nwar russia france\ncombined britain russia\nstack 1 0 \"allies\"\n"
      "stack 2 1 \"french\"\nfleet B1 1 britain \"B one\" heavy 10\n"
      "fleet R1 1 russia \"R one\" heavy 10\nfleet F1 2 france \"F one\" heavy 30\n"
      "port p P 1 0\nport q Q 1 1\nseat 3 0 Britain britain\nseat 3 0 Russia russia\n"
      "seat 3 1 France france\n");
  Bench bench(std::move(d), "odd", 3);
  Board& b = bench.board;
  b.defending_ = 2;
  b.commander_ = {"britain", "france"};
  b.revealed_ = true;
  for (Fleet& f : b.fleets_) f.fought = true;
  bench.run({}, [&] { b.allocate(0, 1, false, "round 1"); });
  REQUIRE(b.pending_.size() == 1);
  b.seg_ = Phase::Odd;
  CHECK(b.duties(0) == Duties{Duty::Odd});
  CHECK(b.duties(1) == Duties{Duty::Odd});
  CHECK(b.duties(2).empty());
  CHECK(Board::sequence().to_order(b) == std::vector<PlayerId>{PlayerId{0}, PlayerId{1}});
  // Agreement: both name Russia.
  Board agreed = b;
  bench.run(agreed, {}, [&] {
    agreed.settle_odd(
        {{PlayerId{0}, OrderSet{{"odd russia"}}}, {PlayerId{1}, OrderSet{{"odd russia"}}}});
  });
  CHECK(fleet_of(agreed, "R1").damaged == ships(1, 0));
  CHECK(fleet_of(agreed, "B1").damaged == Ships{});
  CHECK(has(bench.said(), "By agreement, Russia take(s) the odd loss(es)"));
  // Disagreement: the shares were rounded up, so the highest roll is spared.
  bench.run({5, 2}, [&] {
    b.settle_odd(
        {{PlayerId{0}, OrderSet{{"odd russia"}}}, {PlayerId{1}, OrderSet{{"odd britain"}}}});
  });
  CHECK(fleet_of(b, "B1").damaged == Ships{});  // Britain rolled 5: spared
  CHECK(fleet_of(b, "R1").damaged == ships(1, 0));
  CHECK(has(bench.said(),
            "No agreement: competitive d6 for the odd loss(es) of Allies (Britain 5, "
            "Russia 2: Britain is spared)"));
}

// ===================================================================== custom battles

TEST_CASE(
    "EiH 1.1.2.4.1: a custom battle's seats order their forces in turn, hidden from the enemy") {
  auto s = battle("custom", 4);
  CHECK(s->step().label == "Forces: Attacker 1 orders its fleets");
  CHECK(seats_to_order(*s) == std::vector<int>{0});
  CHECK(s->orders_audience(PlayerId{0}) ==
        Audience::seats({PlayerId{0}, PlayerId{1}}));  // the side: partners
  auto v = s->validate(PlayerId{0}, {"fleet britain \"Channel fleet\" heavy 12 light 4 nelson",
                                     "fleet PORTUGAL Lisbon light 3"});
  REQUIRE(v.has_value());
  CHECK(v->lines == std::vector<std::string>{
                        "fleet britain \"Channel fleet\" heavy 12 light 4 galleys 0 nelson",
                        "fleet portugal \"Lisbon\" heavy 0 light 3 galleys 0"});
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet france \"X\" heavy 12 nelson"}),
            "Nelson commands British ships (1.1.2.2)"));
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet atlantis \"X\" heavy 1"}), "unknown nation"));
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet france \"X\" heavy 41"}), "0 to 40"));
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet france \"X\""}), "1 to 40 ships"));
  CHECK(
      has(first_error(*s, PlayerId{0}, {"fleet france \"X\" heavy 1", "fleet spain \"X\" heavy 1"}),
          "a second fleet named 'X'"));
  CHECK(has(first_error(*s, PlayerId{0}, {}), "order at least one fleet"));
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet france - heavy 3"}), "a fleet's name"));
  // A '#' would start a comment in the position the name is kept in.
  CHECK(has(first_error(*s, PlayerId{0}, {"fleet france \"Squadron# 2\" heavy 3"}), "without '#'"));
  std::vector<std::string> seven;
  for (int i = 0; i < 7; ++i)
    seven.push_back("fleet france \"F" + std::to_string(i) + "\" heavy 1");
  CHECK(has(first_error(*s, PlayerId{0}, seven), "at most 6 fleets a seat"));
  auto first = play(*s, {{0, v->lines}}, {});
  CHECK(has(first.events,
            "Attacker 1 brings 2 fleet(s): A1 \"Channel fleet\" (Britain) with Nelson, "
            "A2 Lisbon (Portugal)"));
  CHECK(first.next->step().label == "Forces: Attacker 2 orders its fleets");
  // A nation an earlier seat took is refused.
  CHECK(has(first_error(*first.next, PlayerId{1}, {"fleet britain \"Y\" heavy 3"}),
            "Britain's fleets are another seat's"));
  CHECK(has(first_error(*first.next, PlayerId{1}, {"fleet france \"Channel fleet\" heavy 3"}),
            "a second fleet named"));
  // The compositions are the side's until Step Three.
  const std::string token = "\"Channel fleet\" heavy 12 light 4 galleys 0";
  CHECK(has(view_text(*first.next, 1), token));
  CHECK_FALSE(has(view_text(*first.next, 2), token));
  CHECK(testing::view_leaks(*first.next, 4).empty());
  // The default is one fleet of the first Major Power not yet taken.
  CHECK(first.next->default_orders(PlayerId{1}).lines ==
        std::vector<std::string>{"fleet france \"France squadron\" heavy 10 light 4 galleys 0"});
  auto second = play(*first.next, {{1, first.next->default_orders(PlayerId{1}).lines}}, {});
  auto third = play(*second.next, {{2, {"fleet spain \"Cartagena\" heavy 8"}}}, {});
  auto fourth = play(*third.next, {{3, {"fleet russia \"Baltic\" heavy 9"}}}, {});
  CHECK(has(fourth.events, "Britain commands the attacking fleet"));
  CHECK(fourth.next->step().label == "Evasion (1.1.2.1)");
  CHECK(has(view_text(*fourth.next, 0),
            "At war: Britain-Russia, Britain-Spain, France-Russia, "
            "France-Spain"));
}

// ===================================================================== positions

TEST_CASE("EiH 1.1.2: a position reads back from its bytes, a corrupt one is refused") {
  auto s = trafalgar_before_round_one("lozenge", "line-of-battle");
  const std::string bytes = s->serialize();
  auto back = game().deserialize(bytes);
  REQUIRE(back.has_value());
  CHECK((*back)->serialize() == bytes);
  const auto refuse = [&](const std::string& from, const std::string& to) {
    std::string b = bytes;
    const auto at = b.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    b.replace(at, from.size(), to);
    auto r = game().deserialize(b);
    return r ? std::string() : r.error().message;
  };
  CHECK(has(refuse("fleet B1 1 britain", "fleet B1 1 narnia"), "malformed 'fleet'"));
  CHECK(has(refuse("12-2-0 12-2-0", "12-2-0 11-2-0"), "do not add up"));
  CHECK(has(refuse("phase surrender", "phase odd"), "odd losses without losses"));
  CHECK_FALSE(refuse("battle trafalgar", "battle nile").empty());
  CHECK(has(refuse("eih-naval 1", "eih-naval 2"), "not an eih-naval position"));
  CHECK(has(refuse("stacks 2", "stacks 1"), "not an enemy stack"));
  CHECK(has(refuse("phase surrender 0", "phase surrender 3"), "before the third"));
  CHECK(has(refuse("chits 1", "chits 0"), ""));
  CHECK(has(refuse("\nresume", "\nweather fair\nresume"), "unknown record 'weather'"));
}

TEST_CASE(
    "EiH 1.1.2.2 NOTE, 1.1.2.5.1: a mixed stack under Nelson may melee and lifts the lock, "
    "but only a purely British one has his closing modifier") {
  Data d = data_with(
      "\nbattle mixed\ntitle T\nabout A\nsides Britain France\nattacker 0 interception\n"
      "at sea S\nwar britain france\ncontrol portugal britain\nmelee locked\n"
      "stack 1 0 \"allies\"\nstack 2 1 \"french\"\n"
      "fleet B1 1 britain \"Squadron\" heavy 9 leader Nelson nelson\n"
      "fleet P1 1 portugal \"Lisbon\" heavy 3\nfleet F1 2 france \"Toulon\" heavy 10\n"
      "port p P 1 0\nport q Q 1 1\nseat 2 0 Britain britain\nseat 2 1 France france\n");
  Bench bench(std::move(d), "mixed", 2);
  Board& b = bench.board;
  ScriptedDice none({});
  std::vector<Event> events;
  b.resolve({}, none, events);  // the stacks meet
  REQUIRE(b.seg_ == Phase::Chits);
  CHECK(b.nelson_commands(0));
  CHECK_FALSE(b.purely_british(0));
  CHECK(b.duties(0) == Duties{Duty::Chit});
  CHECK(Board::sequence().validate(b, 0, {"chit melee"}).has_value());
  CHECK_FALSE(Board::sequence().validate(b, 0, {"chit melee", "nelson 2"}).has_value());
  CHECK_FALSE(Board::sequence().validate(b, 1, {"chit melee"}).has_value());
  b.resolve({{PlayerId{0}, OrderSet{{"chit melee"}}}, {PlayerId{1}, OrderSet{{"chit lozenge"}}}},
            none, events);
  CHECK(b.melee_by_nelson_);
  CHECK(b.nelson_ == 0);
}
