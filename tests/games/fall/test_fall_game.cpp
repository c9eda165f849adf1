// The Fall of Constantinople as a game: the scenario's year of seasons,
// sieges, pillage, garrisons, retreats into cities, the disbands at sea, and
// stored positions (games/fall/fall.h), through the module's State, as the
// registry offers it: a scenario of the Diplomacy game.
#include <doctest/doctest.h>

#include <map>

#include "core/dice.h"
#include "games/all_games.h"
#include "games/diplomacy/diplomacy.h"
#include "games/fall/fall_fixture.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::fall_fixture;
using testing::has;

namespace {

struct Played {
  std::unique_ptr<State> next;
  std::string events;
};

// Resolves the step with these seats' orders (validated first; every other
// seat that must order sends none).
Played play(const State& s, const std::map<int, std::vector<std::string>>& orders) {
  std::map<PlayerId, OrderSet> all;
  for (PlayerId p : s.step().to_order) all[p] = OrderSet{};
  for (const auto& [seat, lines] : orders) {
    auto v = s.validate(PlayerId{seat}, lines);
    REQUIRE_MESSAGE(v.has_value(), (v ? "" : v.error()[0].message));
    all[PlayerId{seat}] = *v;
  }
  ScriptedDice dice({});
  auto r = s.resolve(all, dice);
  std::string events;
  for (const auto& e : r.events) events += e.text + "\n";
  return {std::move(r.next), events};
}

std::string refusal(const State& s, int seat, const std::vector<std::string>& lines) {
  auto v = s.validate(PlayerId{seat}, lines);
  return v ? "" : v.error()[0].message;
}

const std::string kSpring = "season Spring 1355\nfirst_winter 0\nretreats 0\n";

}  // namespace

TEST_CASE("The Fall of Constantinople is a variant the registry hands to the Diplomacy game") {
  const auto alone = diplomacy::make_diplomacy_game();
  REQUIRE(alone->scenarios().size() == 1);
  CHECK_FALSE(alone->new_game("fall-of-constantinople", 7).has_value());
  const auto scenarios = game().scenarios();
  REQUIRE(scenarios.size() == 2);
  CHECK(scenarios[0].id == "standard");
  CHECK(scenarios[1].id == "fall-of-constantinople");
  CHECK(scenarios[1].sides.size() == 7);
  const std::string bytes = game().new_game("fall-of-constantinople", 7).value()->serialize();
  // Its positions come back to it, under the game's rules versions.
  CHECK(game().deserialize(bytes, RulesVersion{1}).has_value());
  CHECK(game().deserialize(bytes, RulesVersion{3}).has_value());
  CHECK_FALSE(game().deserialize(bytes, RulesVersion{4}).has_value());
  CHECK_FALSE(alone->deserialize(bytes).has_value());
  CHECK_FALSE(game().new_game("fall-of-constantinople", 8).has_value());
}

TEST_CASE("FoC Sequence 1-4: the game opens in Winter 1354 and its year goes round") {
  auto s = game().new_game("fall-of-constantinople", 7);
  REQUIRE(s.has_value());
  State& st = **s;
  CHECK(st.step().label == "Winter 1354 adjustments");
  CHECK(st.step().to_order.size() == 7);
  // FoC Building a: the income is collected before the first orders.
  CHECK(has(st.view(std::nullopt).notes[7], "Venice: "));
  auto winter = play(st, {{Venice, {"build A cnd"}}, {Ottomans, {"build A bur"}}});
  REQUIRE(winter.next->step().label == "Spring 1355 movement");
  // FoC Building c: the first winter's builds appear outside their cities.
  CHECK(has(winter.events, "appears"));
  auto spring = play(*winter.next, {{Ottomans, {"2A gal - wth"}}});
  CHECK(has(spring.events, "Ottomans: 2A gal - wth: succeeds"));
  // Nobody is short of food: the summer is eaten without orders.
  CHECK(spring.next->step().label == "Autumn 1355 movement");
  auto autumn = play(*spring.next, {});
  CHECK(autumn.next->step().label == "Winter 1355 adjustments");
  CHECK(has(autumn.events, "Ottomans takes the province of West Thrace from Byzantium"));
  // Stored bytes give back the same state.
  const std::string bytes = autumn.next->serialize();
  auto back = game().deserialize(bytes);
  REQUIRE(back.has_value());
  CHECK((*back)->serialize() == bytes);
}

TEST_CASE(
    "FoC Movement c.i, c.ii: a siege takes one season and one more per unit in the garrison") {
  auto s = position(kSpring +
                    "group Ottomans A 2 the out\ngroup Aragon A 1 the in\ncity the Aragon\n"
                    "stock Ottomans 10 0 10\nstock Aragon 10 0 10\n");
  auto spring = play(*s, {{Ottomans, {"2A the B"}}});
  CHECK(has(spring.events, "Ottomans besieges Thebes: season 1 of 2"));
  REQUIRE(spring.next->step().label == "Autumn 1355 movement");
  auto autumn = play(*spring.next, {{Ottomans, {"2A the B"}}});
  CHECK(has(autumn.events, "Aragon's A the (city) surrenders with the city and is lost"));
  CHECK(has(autumn.events, "Thebes, Aragon's, falls to Ottomans after 2 season(s) of siege"));
  CHECK(has(autumn.next->serialize(), "city the Ottomans"));
}

TEST_CASE("FoC Movement c.i: a siege not renewed is lifted") {
  auto s = position(kSpring +
                    "group Ottomans A 2 the out\ngroup Aragon A 1 the in\ncity the Aragon\n"
                    "siege the Ottomans 1\nstock Ottomans 10 0 10\nstock Aragon 10 0 10\n");
  auto r = play(*s, {{Ottomans, {"2A the H"}}});
  CHECK(has(r.events, "Ottomans' siege of Thebes is lifted"));
  CHECK_FALSE(has(r.next->serialize(), "siege the"));
}

TEST_CASE(
    "FoC Movement c.i: a dislodged besieger's order is reported failed, then the siege is lifted") {
  auto s = position(kSpring +
                    "group Ottomans A 1 the out\ngroup Aragon A 1 the in\ncity the Aragon\n"
                    "group Aragon A 2 ath out\nsiege the Ottomans 1\nstock Ottomans 10 0 10\n"
                    "stock Aragon 10 0 10\n");
  auto r = play(*s, {{Ottomans, {"A the B"}}, {Aragon, {"2A ath - the"}}});
  CAPTURE(r.events);
  const auto order = r.events.find("Ottomans: A the B: fails (dislodged)\n");
  const auto lifted = r.events.find("Ottomans' siege of Thebes is lifted");
  CHECK_FALSE(has(r.events, "Ottomans: A the B: succeeds"));
  REQUIRE(order != std::string::npos);
  REQUIRE(lifted != std::string::npos);
  CHECK(order < lifted);
}

TEST_CASE("FoC Movement c.i, c.iii, Building b, DATC 6.A.1: typical refusals cite their case") {
  auto s = position(kSpring +
                    "group Aragon A 2 the out\ngroup Aragon A 1 the in\ncity the Aragon\n"
                    "group Aragon F 1 aeg out\nstock Aragon 10 0 10\n");
  CHECK(has(refusal(*s, Aragon, {"2A the B"}), "(FoC Movement c.i, FoC Building b)"));
  CHECK(has(refusal(*s, Aragon, {"A the city B"}), "(FoC Movement c.i)"));
  CHECK(has(refusal(*s, Aragon, {"F aeg P"}), "(FoC Movement c.iii)"));
  CHECK(has(refusal(*s, Aragon, {"buy 1 food from Aragon by 1"}), "(FoC Building b)"));
  CHECK(has(refusal(*s, Aragon, {"2A the - adn"}), "(DATC 6.A.1)"));
}

TEST_CASE("FoC Mapboard c: an island's city falls only to a siege with fleets") {
  auto s = position(kSpring +
                    "group Aragon A 1 neg out\ngroup Aragon F 1 aeg out\ncity neg Venice\n"
                    "stock Aragon 10 0 10\n");
  CHECK(
      has(refusal(*s, Aragon, {"A neg B"}), "only a siege with fleets takes it (FoC Mapboard c)"));
}

TEST_CASE("FoC Movement c.iii: a pillage yields the province's food, and is cut like a support") {
  const std::string board = kSpring +
                            "group Ottomans A 1 ath out\ngroup Aragon A 1 the out\n"
                            "stock Ottomans 0 0 5\nstock Aragon 10 0 10\n";
  auto quiet = play(*position(board), {{Ottomans, {"A ath P"}}});
  CHECK(has(quiet.events, "Ottomans pillages Athens for 1F"));
  CHECK(has(quiet.next->serialize(), "pillaged_province ath"));
  auto cut = play(*position(board), {{Ottomans, {"A ath P"}}, {Aragon, {"A the - ath"}}});
  CHECK(has(cut.events, "Ottomans' pillage in ath is cut (FoC Movement c.iii)"));
  CHECK_FALSE(has(cut.next->serialize(), "pillaged_province"));
}

TEST_CASE("FoC Movement c.iii: pillage from inside a city takes its money") {
  auto s = position(kSpring + "group Aragon A 1 ath in\ncity ath Aragon\nstock Aragon 0 0 5\n");
  auto r = play(*s, {{Aragon, {"A ath city P"}}});
  CHECK(has(r.events, "Aragon pillages Athens for 3£"));
  CHECK(has(r.next->serialize(), "stock Aragon 3 0"));
}

TEST_CASE("FoC Movement c.ii: garrisons within the city's size, only in one's own city") {
  auto s =
      position(kSpring +
               "group Aragon A 2 ath out\ngroup Aragon A 1 ath in\ngroup Ottomans A 1 the out\n"
               "city ath Aragon\ncity the Aragon\nstock Aragon 10 0 10\n");
  CHECK(has(refusal(*s, Aragon, {"2A ath - ath city"}), "Athens garrisons at most 2 unit(s)"));
  CHECK(refusal(*s, Aragon, {"A ath - ath city"}).empty());
  CHECK(has(refusal(*s, Ottomans, {"A the - the city"}),
            "a city is taken by siege, not by entering it (FoC Movement c.i)"));
  CHECK(has(refusal(*s, Aragon, {"A ath city - the"}), "leave it only into ath"));
}

TEST_CASE("FoC Mapboard b: a dislodged army may retreat into its own city") {
  auto s = position(kSpring +
                    "group Aragon A 1 ath out\ngroup Ottomans A 2 the out\ncity ath Aragon\n"
                    "stock Aragon 10 0 10\nstock Ottomans 10 0 10\n");
  auto r = play(*s, {{Ottomans, {"2A the - ath"}}});
  REQUIRE(r.next->step().label == "Spring 1355 retreats");
  CHECK(r.next->step().to_order == std::vector<PlayerId>{PlayerId{Aragon}});
  auto back = play(*r.next, {{Aragon, {"A ath - ath city"}}});
  CHECK(has(back.next->serialize(), "group Aragon A 1 ath in"));
}

TEST_CASE("Multiplicity Plus (10): an army left alone at sea by a failed landing is disbanded") {
  auto s = position(kSpring +
                    "group Venice A 1 aeg out\ngroup Venice F 1 aeg out\ngroup Aragon A 1 nep out\n"
                    "stock Venice 10 0 10\nstock Aragon 10 0 10\n");
  // What stays at sea must be seaworthy when the orders are written.
  CHECK(has(refusal(*s, Venice, {"F aeg - ica"}), "must be seaworthy"));
  auto r = play(*s, {{Venice, {"A aeg - the", "F aeg - ica"}}, {Aragon, {"A nep - the"}}});
  CHECK(has(r.events, "Venice: A aeg - the: fails (bounced)"));
  CHECK(has(r.events, "Venice's army in Aegean Sea is disbanded"));
  CHECK_FALSE(has(r.next->serialize(), "group Venice A"));
}

TEST_CASE("FoC: a stored position that does not read is refused, not played") {
  CHECK_FALSE(game().deserialize("fall 1\nplayers 7\nstep 1\ngroup Venice Z 1 ath out\n"));
  CHECK_FALSE(game().deserialize("fall 1\nplayers 7\nstep 1\ngroup Venice A 1 atlantis out\n"));
  CHECK_FALSE(game().deserialize("fall 1\nplayers 7\nstep 1\ncity ath Carthage\n"));
  CHECK_FALSE(game().deserialize("fall 1\nplayers 1\nstep 1\n"));
}

namespace {

// FoC Movement a (10)'s example: Genoese 1A/2F and Venetian 2A left in the
// Aegean when a Venetian army is bounced ashore and a Venetian fleet sails.
Played unseaworthy_aegean() {
  auto s = position(kSpring +
                    "group Genoa A 1 aeg out\ngroup Genoa F 2 aeg out\ngroup Venice A 2 aeg out\n"
                    "group Venice F 1 aeg out\ngroup Aragon A 1 nep out\n"
                    "stock Genoa 10 0 10\nstock Venice 10 0 10\nstock Aragon 10 0 10\n");
  auto r = play(*s, {{Venice, {"A aeg - the", "F aeg - ica"}}, {Aragon, {"A nep - the"}}});
  CHECK(has(r.events, "The A/F in Aegean Sea is not seaworthy: 1 army(ies) must go"));
  return r;
}

}  // namespace

TEST_CASE("FoC Movement a (10): the fleets' owner chooses which army an unseaworthy A/F loses") {
  auto r = unseaworthy_aegean();
  REQUIRE(r.next->step().label == "Spring 1355 retreats");
  CHECK(r.next->step().to_order == std::vector<PlayerId>{PlayerId{Genoa}});
  CHECK(has(refusal(*r.next, Venice, {"disband A aeg of Genoa"}), "Multiplicity Plus (10)"));
  CHECK(has(refusal(*r.next, Genoa, {"disband 2A aeg of Venice"}), "only 1 army(ies) must go"));
  auto chosen = play(*r.next, {{Genoa, {"disband A aeg of Venice"}}});
  CHECK(has(chosen.events, "Venice's army in Aegean Sea is disbanded, as its fleets' owner chose"));
  CHECK(has(chosen.next->serialize(), "group Genoa A 1 aeg out"));
  CHECK(has(chosen.next->serialize(), "group Venice A 1 aeg out"));
}

TEST_CASE("FoC Movement a (10): without the owner's choice one army of each power goes in turn") {
  auto r = unseaworthy_aegean();
  auto by_default = play(*r.next, {});
  // The powers in the scenario's order: Genoa's army before Venice's.
  CHECK(has(by_default.events, "Genoa's army in Aegean Sea is disbanded: the A/F"));
  CHECK(has(by_default.next->serialize(), "group Venice A 2 aeg out"));
  CHECK_FALSE(has(by_default.next->serialize(), "group Genoa A"));
}

TEST_CASE("FoC Movement c.ii: Constantinople with three garrisons takes two whole years") {
  auto s = position(kSpring +
                    "group Byzantium A 2 con in\ngroup Byzantium F 1 con in\n"
                    "group Ottomans A 2 con out\ncity con Byzantium\n"
                    // Manpower to maintain the besiegers through the winter.
                    "city bur Ottomans\ncity nic Ottomans\n"
                    "stock Byzantium 50 0 50\nstock Ottomans 50 0 50\n");
  std::unique_ptr<State> st = std::move(s);
  std::string events;
  for (int season = 0; season < 8 && !has(events, "falls to"); ++season) {
    const std::string label = st->step().label;
    auto r = has(label, "movement") ? play(*st, {{Ottomans, {"2A con B"}}}) : play(*st, {});
    events += label + ":\n" + r.events;
    st = std::move(r.next);
  }
  CHECK(has(events,
            "Spring 1355 movement:\nOttomans: 2A con B: succeeds\nOttomans besieges "
            "Constantinople: season 1 of 4"));
  CHECK(has(events, "Autumn 1356 movement:"));
  CHECK(has(events, "Constantinople, Byzantium's, falls to Ottomans after 4 season(s) of siege"));
  CHECK(has(events, "Byzantium's 2A con (city) surrenders with the city and is lost"));
}

TEST_CASE("FoC Movement c.iii: units pillaging their city are no garrison against a siege") {
  auto s = position(kSpring +
                    "group Ottomans A 2 the out\ngroup Aragon A 1 the in\ncity the Aragon\n"
                    "stock Ottomans 10 0 10\nstock Aragon 10 0 10\n");
  auto r = play(*s, {{Ottomans, {"2A the B"}}, {Aragon, {"A the city P"}}});
  CHECK(has(r.events, "Aragon pillages Thebes for 3£"));
  CHECK(has(r.events, "Thebes, Aragon's, falls to Ottomans after 1 season(s) of siege"));
}

TEST_CASE(
    "FoC Building b, Movement c.i: a power besieges its own city to take it back from rebels") {
  auto s = position(kSpring +
                    "group Aragon A 2 the out\ngroup Rebels A 1 the in\ncity the Aragon\n"
                    "stock Aragon 10 0 10\n");
  CHECK(refusal(*s, Aragon, {"2A the B"}).empty());
  // Rebels pillage every season, and pillagers are no garrison (FoC Movement
  // c.iii): the city falls in one season.
  auto spring = play(*s, {{Aragon, {"2A the B"}}});
  CHECK(has(spring.events, "The rebels pillage Thebes"));
  CHECK(has(spring.events, "Rebels' A the (city) surrenders with the city and is lost"));
  CHECK(has(spring.events,
            "Thebes is taken back from the rebels by Aragon after 1 season(s) of siege"));
  // Without rebels inside, a power cannot besiege its own city.
  auto own =
      position(kSpring + "group Aragon A 2 the out\ncity the Aragon\nstock Aragon 10 0 10\n");
  CHECK(has(refusal(*own, Aragon, {"2A the B"}), "is Aragon's already"));
}

TEST_CASE("FoC Mapboard f, Movement c.ii: a fleet keeps its coast inside Modon, and leaves by it") {
  auto s =
      position(kSpring + "group Venice F 1 mes/wc out\ncity mes Venice\nstock Venice 10 0 10\n");
  auto in = play(*s, {{Venice, {"F mes - mes city"}}});
  const std::string bytes = in.next->serialize();
  CHECK(has(bytes, "group Venice F 1 mes/wc in"));
  auto back = game().deserialize(bytes);
  REQUIRE(back.has_value());
  auto out = play(**back, {{Venice, {"F mes city - mes"}}});
  CHECK(has(out.next->serialize(), "group Venice F 1 mes/wc out"));
}

TEST_CASE(
    "Multiplicity Plus (3), (4): own units never bounce each other, not even one that fails to "
    "leave") {
  auto s =
      position(kSpring +
               "group Aragon A 1 the out\ngroup Aragon A 1 ath out\ngroup Ottomans A 1 sal out\n"
               "stock Aragon 10 0 10\nstock Ottomans 10 0 10\n");
  auto r = play(*s, {{Aragon, {"A the - sal", "A ath - the"}}});
  CHECK(has(r.events, "Aragon: A the - sal: fails (bounced)"));
  CHECK(has(r.events, "Aragon: A ath - the: succeeds"));
  CHECK(has(r.next->serialize(), "group Aragon A 2 the out"));
}

TEST_CASE(
    "Multiplicity Plus (4): a reinforcement joins its own units and dislodges nobody sharing the "
    "space") {
  auto s = position(kSpring +
                    "group Aragon A 1 ath out\ngroup Rebels A 3 ath out\ngroup Aragon A 1 the out\n"
                    "stock Aragon 10 0 10\n");
  auto r = play(*s, {{Aragon, {"A the - ath"}}});
  CHECK_FALSE(has(r.events, "dislodged"));
  CHECK(has(r.next->serialize(), "group Aragon A 2 ath out"));
  CHECK(has(r.next->serialize(), "group Rebels A 3 ath out"));
}

TEST_CASE("FoC: a retreat may not go to any province the attack came from") {
  auto s =
      position(kSpring +
               "group Aragon A 1 the out\ngroup Ottomans A 1 ath out\ngroup Ottomans A 1 nep out\n"
               "stock Aragon 10 0 10\nstock Ottomans 10 0 10\n");
  auto r = play(*s, {{Ottomans, {"A ath - the", "A nep - the"}}});
  REQUIRE(r.next->step().label == "Spring 1355 retreats");
  CHECK(has(refusal(*r.next, Aragon, {"A the - nep"}), "cannot retreat to nep"));
  CHECK(has(refusal(*r.next, Aragon, {"A the - ath"}), "cannot retreat to ath"));
  CHECK(refusal(*r.next, Aragon, {"A the - sal"}).empty());
}

TEST_CASE("FoC Movement c.ii: split retreats into one's own city stay within its size") {
  auto s =
      position(kSpring +
               "group Aragon A 2 ath out\ngroup Aragon A 1 ath in\ngroup Ottomans A 3 the out\n"
               "city ath Aragon\nstock Aragon 10 0 10\nstock Ottomans 10 0 10\n");
  auto r = play(*s, {{Ottomans, {"3A the - ath"}}});
  REQUIRE(r.next->step().label == "Spring 1355 retreats");
  CHECK(has(refusal(*r.next, Aragon, {"A ath - ath city", "A ath - ath city"}),
            "Athens garrisons at most 2 unit(s)"));
  CHECK(refusal(*r.next, Aragon, {"A ath - ath city", "A ath - ist"}).empty());
}

TEST_CASE("FoC Movement c.ii, c.i: orders refused at the edges of garrisons, coasts and sallies") {
  auto s = position(kSpring +
                    "group Aragon A 1 the out\ngroup Rebels A 1 the in\ncity the Aragon\n"
                    "group Venice F 1 mes/ec out\ngroup Venice F 1 ion out\n"
                    "group Byzantium A 1 ath in\ngroup Byzantium A 1 ist out\ncity ath Byzantium\n"
                    "stock Aragon 10 0 10\nstock Venice 10 0 10\nstock Byzantium 10 0 10\n");
  CHECK(has(refusal(*s, Aragon, {"A the - the city"}), "rebels hold Thebes"));
  CHECK(has(refusal(*s, Venice, {"F ion - mes/wc"}), "its fleets keep to one coast of a province"));
  // A sally is a move into the province, and may be supported.
  CHECK(refusal(*s, Byzantium, {"A ath city - ath", "A ist S A ath city - ath"}).empty());
}

TEST_CASE("FoC Building c: a fleet built in a two-coast province names its coast") {
  auto s = position(
      "season Winter 1355\nfirst_winter 0\nretreats 0\ncity mes Venice\n"
      "stock Venice 50 5 10\n");
  CHECK(has(refusal(*s, Venice, {"build F mes"}), "mes has two coasts"));
  CHECK(refusal(*s, Venice, {"build F mes/wc"}).empty());
}

TEST_CASE("Multiplicity Plus: other powers' armies at sea do not hold a power's fleet there") {
  auto s = position(kSpring +
                    "group Rebels A 1 aeg out\ngroup Genoa F 1 aeg out\ngroup Genoa A 1 chi out\n"
                    "stock Genoa 10 0 10\n");
  auto r = play(*s, {{Genoa, {"F aeg - ica"}}});
  // The rebels left alone at sea go under by (10).
  CHECK(has(r.events, "Rebels' army in Aegean Sea is disbanded"));
}
