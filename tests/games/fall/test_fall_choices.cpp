// The Fall of Constantinople: orders choice by choice (games/fall/choices.cpp),
// in every step: the winter's disbands, unfed units and builds; the spring's
// and autumn's unit orders and food deals; retreats and the armies an
// unseaworthy A/F loses; the summer's choices of a power short of food. Each
// test is named for the rule that decides what is offered.
#include <doctest/doctest.h>

#include <set>

#include "core/dice.h"
#include "games/all_games.h"
#include "games/fall/fall_fixture.h"
#include "support/text.h"

using namespace naumachia;
using namespace naumachia::fall_fixture;
using testing::contains;
using testing::has;

namespace {

const std::string kSpring = "season Spring 1355\nfirst_winter 0\nretreats 0\n";

std::vector<std::string> texts(const State& s, int seat, const std::string& id,
                               const std::vector<std::string>& path) {
  const auto c = s.choices(PlayerId{seat}, id, path);
  REQUIRE_MESSAGE(c.has_value(), (c ? "" : c.error().message));
  std::vector<std::string> out;
  for (const Choice& x : *c) out.push_back(x.text);
  return out;
}

bool offers(const State& s, int seat, const std::string& id, const std::vector<std::string>& path,
            const std::string& text) {
  return contains(texts(s, seat, id, path), text);
}

const Decision* decision(const std::vector<Decision>& ds, const std::string& id) {
  for (const Decision& d : ds) {
    if (d.id == id) return &d;
  }
  return nullptr;
}

std::vector<std::string> ids(const State& s, int seat) {
  std::vector<std::string> out;
  for (const Decision& d : s.decisions(PlayerId{seat})) out.push_back(d.id);
  return out;
}

// The whole lines a decision reaches through choices, the first 400 (the
// numbers of food deals go on and on).
void whole_lines(const State& s, PlayerId seat, const Decision& d, std::vector<std::string>& path,
                 std::set<std::string>& out) {
  if (out.size() >= 400) return;
  const auto choices = s.choices(seat, d.id, path);
  REQUIRE(choices.has_value());
  for (const Choice& c : *choices) {
    path.push_back(c.text);
    if (c.complete) out.insert(line_of(d, path));
    if (!c.last) whole_lines(s, seat, d, path, out);
    path.pop_back();
  }
}

std::string canonical(const State& s, PlayerId seat, const std::string& line) {
  const auto v = s.validate(seat, {line});
  return v && v->lines.size() == 1 ? v->lines[0] : line;
}

// The seat's choices agree with its validation: every whole line reached is
// an order on its own, and every candidate order accepted is reached. The
// number of lines reached.
std::size_t agree(const State& s, int seat) {
  const PlayerId p{seat};
  std::set<std::string> reached;
  for (const Decision& d : s.decisions(p)) {
    std::vector<std::string> path;
    std::set<std::string> lines;
    whole_lines(s, p, d, path, lines);
    for (const std::string& line : lines) {
      CHECK_MESSAGE(s.validate(p, {line}).has_value(), "'" << line << "' is offered but refused");
      reached.insert(canonical(s, p, line));
    }
  }
  for (const auto& group : s.candidate_orders(p)) {
    for (const std::string& line : group) {
      if (s.validate(p, {line}))
        CHECK_MESSAGE(reached.count(canonical(s, p, line)) == 1,
                      "the candidate '" << line << "' is not reached");
    }
  }
  return reached.size();
}

}  // namespace

TEST_CASE(
    "FoC Building b, c: Winter 1354 offers each stand's disbands and unfed units, and builds") {
  auto s = game().new_game("fall-of-constantinople", 7);
  REQUIRE(s.has_value());
  const State& st = **s;
  CHECK(ids(st, Venice) == std::vector<std::string>{"cnd city", "mes city", "neg city", "build can",
                                                    "build cnd", "build mes", "build nax",
                                                    "build neg", "build rag"});
  const auto ds = st.decisions(PlayerId{Venice});
  const Decision* candia = decision(ds, "cnd city");
  REQUIRE(candia);
  CHECK(candia->text == "Venice:");
  CHECK(candia->cells == std::vector<std::string>{"cnd city"});
  CHECK(has(candia->label, "an army and a fleet in the city of Candia"));
  // FoC Building b: units not named are maintained and fed while the stock lasts.
  CHECK(has(candia->otherwise, "is maintained and fed while the stock lasts"));
  CHECK(texts(st, Venice, "cnd city", {}) == std::vector<std::string>{" disband", " unfed"});
  CHECK(texts(st, Venice, "cnd city", {" disband"}) ==
        std::vector<std::string>{" A cnd city", " F cnd city", " 1A/1F cnd city"});
  CHECK(st.validate(PlayerId{Venice}, {"Venice: disband 1A/1F cnd city"}).has_value());
  const Decision* modon = decision(ds, "build mes");
  REQUIRE(modon);
  CHECK(modon->text == "Venice: build");
  CHECK(modon->otherwise == "nothing is built here (FoC Building c)");
  // FoC Building c: a fleet in Messinia names its coast.
  CHECK(texts(st, Venice, "build mes", {}) ==
        std::vector<std::string>{" A mes", " mercenary A mes", " F mes/ec", " F mes/wc"});
  CHECK_FALSE(st.choices(PlayerId{Venice}, "build mes", {" F mes"}).has_value());
  CHECK(agree(st, Venice) > 10);
}

TEST_CASE("FoC Building c: a besieged city offers no build") {
  auto s = position(
      "season Winter 1355\nfirst_winter 0\nretreats 0\ncity cnd Venice\ncity can Venice\n"
      "group Genoa F 1 cnd out\nsiege cnd Genoa 1\nstock Venice 50 5 10\nstock Genoa 10 0 10\n");
  CHECK(ids(*s, Venice) == std::vector<std::string>{"build can"});
  CHECK_FALSE(s->validate(PlayerId{Venice}, {"build A cnd"}).has_value());
  CHECK(s->validate(PlayerId{Venice}, {"build A can"}).has_value());
}

TEST_CASE("FoC Movement a (2): a multiple unit's order, choice by choice: its units, then a move") {
  auto s = position(kSpring +
                    "group Ottomans A 2 gal out\ngroup Ottomans F 1 gal out\ncity gal Ottomans\n"
                    "group Venice F 1 aeg out\nstock Ottomans 10 0 10\nstock Venice 10 0 10\n");
  const auto ds = s->decisions(PlayerId{Ottomans});
  CHECK(ids(*s, Ottomans) == std::vector<std::string>{"gal", "food"});
  CHECK(ds[0].label == "2A/1F gal: Ottomans, 2 armies and a fleet in Gallipoli");
  CHECK(ds[0].otherwise == "holds (units without orders hold, as in Diplomacy)");
  // Any part of the units may take an order, one unit first, the whole last.
  CHECK(texts(*s, Ottomans, "gal", {}) ==
        std::vector<std::string>{" A gal", " F gal", " 2A gal", " 1A/1F gal", " 2A/1F gal"});
  // Gallipoli's city is the Ottomans' own: no siege (FoC Movement c.i).
  CHECK(texts(*s, Ottomans, "gal", {" 2A/1F gal"}) ==
        std::vector<std::string>{" H", " P", " -", " S"});
  // With its fleet the unit goes where the fleet goes, naming West Thrace's
  // coast; three units do not fit in Gallipoli's city of size 1 (FoC
  // Movement c.ii), one does.
  CHECK(texts(*s, Ottomans, "gal", {" 2A/1F gal", " -"}) ==
        std::vector<std::string>{" hel", " wth/wc"});
  const auto fleet = texts(*s, Ottomans, "gal", {" F gal", " -"});
  CHECK(contains(fleet, " gal city"));
  CHECK(contains(fleet, " som"));  // FoC Straits: the Dardanelles lead into the Marmara
  CHECK_FALSE(contains(fleet, " wth"));
  const auto line = line_of(ds[0], {" 2A/1F gal", " -", " wth/wc"});
  CHECK(line == "Ottomans: 2A/1F gal - wth/wc");
  CHECK(s->validate(PlayerId{Ottomans}, {line}).has_value());
  // Armies alone go by land, and by convoy along the Venetian fleet's sea.
  const auto armies = texts(*s, Ottomans, "gal", {" 2A gal", " -"});
  CHECK(contains(armies, " wth"));
  CHECK(contains(armies, " tes"));
  CHECK_FALSE(contains(armies, " ath"));  // not on the Aegean
  CHECK(agree(*s, Ottomans) > 20);
  CHECK(agree(*s, Venice) > 10);
}

TEST_CASE("FoC Movement c.i, c.ii: only the owner enters a city, only others besiege it") {
  auto s = position(kSpring +
                    "group Ottomans A 2 the out\ngroup Aragon A 1 the in\n"
                    "group Aragon A 1 nep out\ncity the Aragon\ncity nep Aragon\n"
                    "stock Ottomans 10 0 10\nstock Aragon 10 0 10\n");
  CHECK(texts(*s, Ottomans, "the", {" A the"}) ==
        std::vector<std::string>{" H", " B", " P", " -", " S"});
  CHECK_FALSE(offers(*s, Ottomans, "the", {" A the", " -"}, " the city"));
  CHECK(offers(*s, Aragon, "nep", {" A nep", " -"}, " nep city"));
  CHECK_FALSE(offers(*s, Aragon, "nep", {" A nep"}, " B"));
  // A garrison leaves only into its province, and supports only there.
  CHECK(texts(*s, Aragon, "the city", {" A the city", " -"}) == std::vector<std::string>{" the"});
  CHECK(texts(*s, Aragon, "nep", {" A nep", " S"}) ==
        std::vector<std::string>{" the", " the city"});
  // Units in a city cannot be attacked: no support to hold them (FoC Movement c.i).
  CHECK(texts(*s, Aragon, "nep", {" A nep", " S", " the city"}) ==
        std::vector<std::string>{" - the"});
  CHECK(agree(*s, Aragon) > 10);
}

TEST_CASE("FoC Building b: food is bought and sold, amounts and prices given digit by digit") {
  auto s = position(kSpring + "group Venice F 1 aeg out\nstock Venice 40 0 3\n");
  const auto ds = s->decisions(PlayerId{Venice});
  const Decision* food = decision(ds, "food");
  REQUIRE(food);
  CHECK(food->otherwise == "no food is bought or sold (FoC Building b)");
  CHECK(texts(*s, Venice, "food", {}) == std::vector<std::string>{" buy", " sell"});
  // An amount is at least 1: its first digit is not 0.
  const auto first = texts(*s, Venice, "food", {" buy"});
  CHECK(first.front() == " 1");
  CHECK_FALSE(contains(first, " 0"));
  const std::vector<std::string> path{" buy", " 1", "2", " food from Genoa by", " 3", "0"};
  for (std::size_t n = 0; n < path.size(); ++n) {
    CAPTURE(n);
    CHECK(offers(*s, Venice, "food", {path.begin(), path.begin() + n}, path[n]));
  }
  CHECK(line_of(*food, path) == "Venice: buy 12 food from Genoa by 30");
  const auto v = s->validate(PlayerId{Venice}, {line_of(*food, path)});
  REQUIRE(v.has_value());
  CHECK(v->lines[0] == "Venice: buy 12 food from Genoa by 30£");
  // From the bank only when buying; never trading with oneself; at most 999 food.
  CHECK(offers(*s, Venice, "food", {" buy", " 1"}, " food from the bank"));
  CHECK_FALSE(offers(*s, Venice, "food", {" sell", " 1"}, " food to Venice by"));
  CHECK(offers(*s, Venice, "food", {" sell", " 1"}, " food to Genoa by"));
  CHECK(texts(*s, Venice, "food", {" buy", " 9", "9", "9"}).size() == 7);  // the deals, no digit
  const auto zero = s->choices(PlayerId{Venice}, "food", {" buy", " 1", " food from Genoa by"});
  REQUIRE(zero.has_value());
  CHECK(zero->front().text == " 0");
  CHECK(zero->front().last);  // a price of 0 takes no more digits
}

TEST_CASE("FoC Mapboard b: a dislodged army retreats into its own city, never whence attacked") {
  auto s = position(kSpring +
                    "group Aragon A 1 ath out\ngroup Ottomans A 2 the out\ncity ath Aragon\n"
                    "stock Aragon 10 0 10\nstock Ottomans 10 0 10\n");
  std::map<PlayerId, OrderSet> orders{{PlayerId{Ottomans}, OrderSet{{"2A the - ath"}}}};
  for (PlayerId p : s->step().to_order) orders.emplace(p, OrderSet{});
  ScriptedDice dice({});
  auto r = s->resolve(orders, dice);
  const State& retreats = *r.next;
  REQUIRE(retreats.step().label == "Spring 1355 retreats");
  const auto ds = retreats.decisions(PlayerId{Aragon});
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].id == "ath");
  // Dislodged units not ordered to retreat disband.
  CHECK(has(ds[0].otherwise, "disbands"));
  CHECK(texts(retreats, Aragon, "ath", {}) == std::vector<std::string>{" disband", " A ath"});
  const auto to = texts(retreats, Aragon, "ath", {" A ath", " -"});
  CHECK(contains(to, " ath city"));
  CHECK(contains(to, " ist"));
  CHECK_FALSE(contains(to, " the"));  // the attack came from Thebes
  CHECK(retreats.decisions(PlayerId{Ottomans}).empty());
  CHECK(agree(retreats, Aragon) == to.size() + 1);
}

TEST_CASE("FoC Movement a (10): the fleets' owner names the armies an unseaworthy A/F loses") {
  auto s = position(kSpring +
                    "group Genoa A 1 aeg out\ngroup Genoa F 2 aeg out\ngroup Venice A 2 aeg out\n"
                    "group Venice F 1 aeg out\ngroup Aragon A 1 nep out\n"
                    "stock Genoa 10 0 10\nstock Venice 10 0 10\nstock Aragon 10 0 10\n");
  std::map<PlayerId, OrderSet> orders{{PlayerId{Venice}, OrderSet{{"A aeg - the", "F aeg - ica"}}},
                                      {PlayerId{Aragon}, OrderSet{{"A nep - the"}}}};
  for (PlayerId p : s->step().to_order) orders.emplace(p, OrderSet{});
  ScriptedDice dice({});
  auto r = s->resolve(orders, dice);
  const State& losses = *r.next;
  REQUIRE(losses.step().label == "Spring 1355 retreats");
  const auto ds = losses.decisions(PlayerId{Genoa});
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].id == "aeg losses");
  CHECK(has(ds[0].otherwise, "one army of each power in turn"));
  // One army must go: a single army of either power, none of two.
  CHECK(texts(losses, Genoa, "aeg losses", {" disband"}) ==
        std::vector<std::string>{" A aeg of Genoa", " A aeg of Venice"});
  CHECK(losses.decisions(PlayerId{Venice}).empty());  // its fleet sailed
  CHECK(agree(losses, Genoa) == 2);
}

TEST_CASE("FoC Building b: in the summer only a power short of food names who goes unfed") {
  auto s = position(
      "season Summer 1355\nfirst_winter 0\nretreats 0\n"
      "group Venice A 2 cnd out\ngroup Venice F 1 cnd in\ngroup Genoa F 1 chi out\n"
      "city cnd Venice\nstock Venice 10 0 1\nstock Genoa 10 0 5\n");
  REQUIRE(s->step().label == "Summer 1355: food");
  CHECK(s->decisions(PlayerId{Genoa}).empty());
  CHECK(ids(*s, Venice) == std::vector<std::string>{"cnd", "cnd city"});
  CHECK(has(s->decisions(PlayerId{Venice})[0].otherwise, "go unfed first and rebel"));
  CHECK(texts(*s, Venice, "cnd", {" unfed"}) == std::vector<std::string>{" A cnd", " 2A cnd"});
  CHECK(s->validate(PlayerId{Venice}, {"Venice: unfed 2A cnd"}).has_value());
  CHECK(agree(*s, Venice) == 6);
}

TEST_CASE("FoC: a seat playing several powers names the power in each decision") {
  auto s = game().new_game("fall-of-constantinople", 2);
  REQUIRE(s.has_value());
  const auto all = ids(**s, 0);
  CHECK(contains(all, "Venice build cnd"));
  CHECK(contains(all, "Aragon build ath"));
  CHECK(texts(**s, 0, "Venice build cnd", {}).front() == " A cnd");
  CHECK((*s)->validate(PlayerId{0}, {"Venice: build A cnd"}).has_value());
}
