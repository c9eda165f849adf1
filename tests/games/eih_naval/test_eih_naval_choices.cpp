// Empires in Harm naval combat: orders choice by choice (choices.cpp). The
// decisions of each phase, orders built piece by piece, what the rules
// forbid left out, what each decision's default does, and proposals that
// read no secret of the enemy's.
#include "eih_naval_fixture.h"
#include "support/random_play.h"

using namespace naumachia;
using namespace naumachia::testing::eih;
using naumachia::testing::has;

namespace {

std::vector<std::string> ids_of(const std::vector<Decision>& ds) {
  std::vector<std::string> out;
  for (const Decision& d : ds) out.push_back(d.id);
  return out;
}

std::vector<std::string> texts(const std::vector<Choice>& cs) {
  std::vector<std::string> out;
  for (const Choice& c : cs) out.push_back(c.text);
  return out;
}

const Decision& decision(const std::vector<Decision>& ds, const std::string& id) {
  const auto it = std::find_if(ds.begin(), ds.end(), [&](const Decision& d) { return d.id == id; });
  REQUIRE_MESSAGE(it != ds.end(), "no decision " << id);
  return *it;
}

std::vector<Choice> offered_after(const State& s, int seat, const std::string& id,
                                  const std::vector<std::string>& path) {
  auto c = s.choices(PlayerId{seat}, id, path);
  REQUIRE_MESSAGE(c.has_value(), (c ? "" : c.error().message));
  return *c;
}

std::vector<Choice> offered_after(const Board& b, int seat, const std::string& id,
                                  const std::vector<std::string>& path) {
  auto c = Board::sequence().choices(b, seat, id, path);
  REQUIRE_MESSAGE(c.has_value(), (c ? "" : c.error().message));
  return *c;
}

bool holds(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The line a decision and a path make, as validation canonicalises it.
std::string canonical(const State& s, int seat, const Decision& d,
                      const std::vector<std::string>& path) {
  auto v = s.validate(PlayerId{seat}, {line_of(d, path)});
  REQUIRE_MESSAGE(v.has_value(), (v ? "" : v.error()[0].message));
  REQUIRE(v->lines.size() == 1);
  return v->lines[0];
}

}  // namespace

TEST_CASE(
    "EiH 1.1.2.2, 1.1.2.5.1: Step One at the Nile: each commander's chit, melee only for "
    "Britain under Nelson, his modifier, and the defaults") {
  auto opened = play(*battle("nile", 2), {}, {});
  auto stand = play(*opened.next, {{1, {"evade no"}}}, {});
  const State& s = *stand.next;
  REQUIRE(s.step().label == "Step One: tactical chits, in secret (1.1.2.2)");
  const auto british = s.decisions(PlayerId{0});
  CHECK(ids_of(british) == std::vector<std::string>{"chit", "nelson"});
  CHECK(decision(british, "chit").otherwise == "line-of-battle ('chit line-of-battle')");
  CHECK(decision(british, "nelson").otherwise ==
        "subtracts nothing from the closing roll ('nelson 0')");
  CHECK(decision(british, "chit").cells == std::vector<std::string>{"stack 1"});
  const auto allied = s.decisions(PlayerId{1});
  CHECK(ids_of(allied) == std::vector<std::string>{"chit"});
  // 1.1.2.2 NOTE: melee is Britain's alone while Nelson commands.
  const auto mine = texts(offered_after(s, 0, "chit", {}));
  const auto theirs = texts(offered_after(s, 1, "chit", {}));
  CHECK(holds(mine, " melee"));
  CHECK_FALSE(holds(theirs, " melee"));
  CHECK(holds(theirs, " line-of-battle"));
  CHECK(mine.size() == theirs.size() + 1);
  CHECK_FALSE(s.choices(PlayerId{1}, "chit", {" melee"}).has_value());
  CHECK(texts(offered_after(s, 0, "nelson", {})) == std::vector<std::string>{" 0", " 1", " 2"});
  CHECK(canonical(s, 0, decision(british, "chit"), {" melee"}) == "chit melee");
  // Each commander's default is what its decisions' otherwise say.
  CHECK(s.default_orders(PlayerId{1}).lines == std::vector<std::string>{"chit line-of-battle"});
}

TEST_CASE(
    "EiH 1.1.2.4.1: a commander's proposals read nothing of the enemy's hidden ships or "
    "chit") {
  Bench bench(the_data(), "trafalgar", 2);
  Board& b = bench.board;
  ScriptedDice none({});
  b.resolve({}, none, bench.events);  // the stacks meet
  REQUIRE(b.seg_ == Phase::Chits);
  Board other = b;
  for (Fleet& f : other.fleets_)
    if (other.side_of(f) == 0) f.ships = f.start = ships(1, 0);
  other.chit_[0] = "melee";
  CHECK(Board::sequence().decisions(b, 1) == Board::sequence().decisions(other, 1));
  CHECK(offered_after(b, 1, "chit", {}) == offered_after(other, 1, "chit", {}));
}

TEST_CASE(
    "EiH custom battle: a seat's fleets slot by slot, a nation and its name, the ships type "
    "by type within the limit, Nelson") {
  const auto s = battle("custom", 2);
  REQUIRE(s->step().label == "Forces: Attacker orders its fleets");
  const auto ds = s->decisions(PlayerId{0});
  CHECK(ids_of(ds) ==
        std::vector<std::string>{"fleet1", "fleet2", "fleet3", "fleet4", "fleet5", "fleet6"});
  // With no fleet ordered at all, the default fleet (docs: the Forces step).
  const auto defaults = s->default_orders(PlayerId{0}).lines;
  REQUIRE(defaults.size() == 1);
  CHECK(has(decision(ds, "fleet1").otherwise, "'" + defaults[0] + "'"));
  CHECK(decision(ds, "fleet2").otherwise == "no fleet here");
  // Each slot opens on another of the likeliest nations, named for the slot.
  CHECK(offered_after(*s, 0, "fleet1", {}).front().text == " britain \"Britain squadron 1-1\"");
  const auto second = offered_after(*s, 0, "fleet2", {});
  CHECK(second.front().text == " france \"France squadron 1-2\"");
  CHECK(second.front().label == "France (Major Power), named France squadron 1-2");
  CHECK(second.size() == 14);  // every nation
  const Decision& slot = decision(ds, "fleet2");
  const std::vector<std::string> nation{" britain \"Britain squadron 1-2\""};
  const auto after_nation = texts(offered_after(*s, 0, "fleet2", nation));
  CHECK(after_nation.front() == " heavy 8 light 3 galleys 0");  // a typical fleet
  CHECK(holds(after_nation, " heavy 40"));
  CHECK_FALSE(holds(after_nation, " heavy 41"));
  // At most 40 ships a fleet: after 30 heavy, 10 light at most.
  std::vector<std::string> path = nation;
  path.push_back(" heavy 30");
  const auto light = texts(offered_after(*s, 0, "fleet2", path));
  CHECK(light.back() == " light 10");
  CHECK(light.size() == 11);
  path.push_back(" light 10");
  CHECK(texts(offered_after(*s, 0, "fleet2", path)) == std::vector<std::string>{" galleys 0"});
  path.push_back(" galleys 0");
  const auto nelson = offered_after(*s, 0, "fleet2", path);
  REQUIRE(nelson.size() == 1);
  CHECK(nelson[0].text == " nelson");
  CHECK(nelson[0].last);
  path.push_back(" nelson");
  CHECK(canonical(*s, 0, slot, path) ==
        "fleet britain \"Britain squadron 1-2\" heavy 30 light 10 galleys 0 nelson");
  // A fleet holds one ship at least: no galleys 0 after nothing at all.
  const auto empty = texts(
      offered_after(*s, 0, "fleet2", {" spain \"Spain squadron 1-2\"", " heavy 0", " light 0"}));
  CHECK(empty.front() == " galleys 1");
  // Nelson commands British ships only (1.1.2.2).
  CHECK(offered_after(*s, 0, "fleet2",
                      {" spain \"Spain squadron 1-2\"", " heavy 8 light 3 galleys 0"})
            .empty());
  // Docs (custom battles): a nation an earlier seat took is not offered to the next.
  auto next = play(*s, {{0, {line_of(slot, path)}}}, {});
  REQUIRE(next.next->step().label == "Forces: Defender orders its fleets");
  for (const Choice& c : offered_after(*next.next, 1, "fleet1", {}))
    CHECK_FALSE(has(c.text, "britain"));
  CHECK(offered_after(*next.next, 1, "fleet1", {}).front().text ==
        " france \"France squadron 2-1\"");
}

TEST_CASE(
    "EiH 1.1.1.1, 1.1.1.2, 1.1.2.1: the defender among the stacks that may be attacked, war "
    "or not, evasion") {
  auto choice = play(*battle("le-havre", 2), {}, {});
  const State& s = *choice.next;
  REQUIRE(s.step().label == "The attacker chooses the defender (1.1.1.1)");
  const auto ds = s.decisions(PlayerId{0});
  CHECK(ids_of(ds) == std::vector<std::string>{"defender"});
  CHECK(s.decisions(PlayerId{1}).empty());
  const auto stacks = offered_after(s, 0, "defender", {});
  const auto t = texts(stacks);
  CHECK(holds(t, " 3"));
  CHECK_FALSE(holds(t, " none"));  // only after an evasion (1.1.2)
  for (const Choice& c : stacks) CHECK(c.cells == std::vector<std::string>{"stack" + c.text});
  const auto defaults = s.default_orders(PlayerId{0}).lines;
  REQUIRE(defaults.size() == 1);
  CHECK(has(decision(ds, "defender").otherwise, "('" + defaults[0] + "')"));
  auto russians = play(s, {{0, {"defender 3"}}}, {});
  const State& war = *russians.next;
  const auto w = war.decisions(PlayerId{0});
  CHECK(ids_of(w) == std::vector<std::string>{"war"});
  CHECK(w[0].otherwise == "attack without a declaration of war ('war no')");
  CHECK(texts(offered_after(war, 0, "war", {})) == std::vector<std::string>{" yes", " no"});
  auto no_war = play(war, {{0, {"war no"}}}, {});
  const auto e = no_war.next->decisions(PlayerId{1});
  CHECK(ids_of(e) == std::vector<std::string>{"evade"});
  CHECK(e[0].otherwise == "try to evade ('evade yes')");
  // The help text states the same default as the rules apply (1.1.2.1).
  const auto evasion_defaults = no_war.next->default_orders(PlayerId{1}).lines;
  REQUIRE(evasion_defaults == std::vector<std::string>{"evade yes"});
  CHECK(has(no_war.next->order_help(), "Default: evade yes."));
}

TEST_CASE("EiH 1.1.6: surrender or fight, and the following power's own decision") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  const auto ds = s->decisions(PlayerId{1});
  CHECK(ids_of(ds) == std::vector<std::string>{"surrender"});
  CHECK(ds[0].otherwise == "fight on ('surrender no')");
  CHECK(texts(offered_after(*s, 1, "surrender", {})) == std::vector<std::string>{" yes", " no"});
  auto given = play(*s, {{0, {"surrender no"}}, {1, {"surrender yes"}}}, {});
  const State& follow = *given.next;
  REQUIRE(follow.step().label == "Before round 1: the other powers' surrender (1.1.6)");
  CHECK(ids_of(follow.decisions(PlayerId{1})) == std::vector<std::string>{"surrender"});
  CHECK(follow.decisions(PlayerId{0}).empty());
}

TEST_CASE("EiH 1.1.2.8, 1.1.2.9.1: the chase, then the pursuit fleet by fleet") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  auto near = edited(*s, "morale 1 ", "morale 1 11400 38 290 0 0");
  auto won = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {1, 1, 3, 4});
  const auto chase = won.next->decisions(PlayerId{0});
  CHECK(ids_of(chase) == std::vector<std::string>{"chase"});
  CHECK(chase[0].otherwise == "chase ('chase yes')");
  auto retreat = play(*won.next, {{0, {"chase no"}}}, {});
  const State& r = *retreat.next;
  const auto ds = r.decisions(PlayerId{0});
  CHECK(ids_of(ds) == std::vector<std::string>{"pursue"});
  CHECK(ds[0].otherwise == "every fleet of yours pursues ('pursue all')");
  const auto first = offered_after(r, 0, "pursue", {});
  const auto t = texts(first);
  REQUIRE(t.size() >= 4);
  CHECK(t[0] == " all");
  CHECK(t[1] == " none");
  CHECK(t[2] == " b1");
  CHECK(first[2].cells == std::vector<std::string>{"stack 1"});
  // Each fleet once, after those named; 'all' and 'none' end the line.
  const auto after = texts(offered_after(r, 0, "pursue", {" b1"}));
  CHECK_FALSE(holds(after, " b1"));
  CHECK_FALSE(holds(after, " all"));
  CHECK(after.front() == " b2");
  CHECK(offered_after(r, 0, "pursue", {" all"}).empty());
  CHECK(canonical(r, 0, ds[0], {" b1", " b2"}) == "pursue b1 b2");
}

TEST_CASE("EiH 1.1.2.9.2 EXCEPTION: a relieving victor pursues or moves into the friendly port") {
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
  const auto ds = Board::sequence().decisions(r, 1);
  CHECK(ids_of(ds) == std::vector<std::string>{"pursue", "enter"});
  CHECK(ds[0].otherwise ==
        "every fleet of yours pursues, unless it moves into the port ('pursue all')");
  CHECK(ds[1].otherwise == "stay out of the port");  // no line: 'enter no'
  CHECK(texts(offered_after(r, 1, "enter", {})) == std::vector<std::string>{" yes", " no"});
  CHECK(texts(offered_after(r, 1, "pursue", {})) ==
        std::vector<std::string>{" all", " none", " f1"});
  CHECK(Board::sequence().decisions(r, 0).empty());  // one nearest port: no choice
}

TEST_CASE(
    "EiH 1.1.6: a seat deciding for several powers after their commander surrendered "
    "decides for all or power by power") {
  Data d = data_with(
      "\nbattle many\ntitle T\nabout A\nsides Britain Allies\nattacker 0\nat sea S\n"
      "war britain france\nwar britain spain\nwar britain russia\ncombined france spain "
      "russia\nstack 1 0 \"one\"\n"
      "stack 2 1 \"two\"\nfleet B1 1 britain \"B one\" heavy 9\n"
      "fleet F1 2 france \"F one\" heavy 5\nfleet S1 2 spain \"S one\" heavy 3\n"
      "fleet R1 2 russia \"R one\" heavy 2\nport p P 1 0\nport q Q 1 1\n"
      "seat 2 0 Britain britain\nseat 2 1 Allies france spain russia\n");
  Bench bench(std::move(d), "many", 2);
  Board& b = bench.board;
  b.defending_ = 2;
  b.commander_ = {"britain", "france"};
  b.revealed_ = true;
  b.seg_ = Phase::Follow;
  b.follow_ = {"spain", "russia"};
  const auto ds = Board::sequence().decisions(b, 1);
  CHECK(ids_of(ds) == std::vector<std::string>{"surrender", "spain", "russia"});
  CHECK(ds[1].text == "surrender spain");
  CHECK(ds[1].otherwise == "fight on ('surrender no')");
  CHECK(texts(offered_after(b, 1, "russia", {})) == std::vector<std::string>{" yes", " no"});
  CHECK(Board::sequence().validate(b, 1, {"surrender yes", "surrender russia no"}).has_value());
}

TEST_CASE("EiH 1.1.2.10.1: damaged ships' ports, type by type and the rest") {
  auto s = trafalgar_before_round_one("line-of-battle", "line-of-battle");
  auto near = edited(*s, "morale 1 ", "morale 1 11400 38 290 0 0");
  auto won = play(*near, {{0, {"surrender no"}}, {1, {"surrender no"}}}, {6, 6, 3, 4});
  auto retreat = play(*won.next, {{0, {"chase no"}}}, {});
  auto damaged = play(*retreat.next, {{0, {"pursue none"}}}, {});
  const State& d = *damaged.next;
  const auto ds = d.decisions(PlayerId{0});
  CHECK(ids_of(ds) == std::vector<std::string>{"heavy", "damaged"});
  CHECK(ds[0].label == "6 damaged heavy ship(s) of yours: where they go (1.1.2.10.1)");
  CHECK(has(ds[1].otherwise, "nearest port (1.1.2.10.1)"));
  // Cadiz is the allies' port: not one Britain's damaged ships may go to.
  const auto ports = offered_after(d, 0, "heavy", {});
  CHECK(texts(ports) == std::vector<std::string>{" gibraltar"});
  CHECK_FALSE(ports[0].complete);  // a type's line says how many
  const auto counts = texts(offered_after(d, 0, "heavy", {" gibraltar"}));
  CHECK(counts.front() == " 1 heavy");
  CHECK(counts.back() == " 6 heavy");  // six held
  const auto rest = offered_after(d, 0, "damaged", {});
  REQUIRE(rest.size() == 1);
  CHECK(rest[0].complete);
  CHECK(canonical(d, 0, ds[1], {" gibraltar", " 2", " heavy"}) == "damaged gibraltar 2 heavy");
}

TEST_CASE(
    "EiH 1.1.2.9.1: among equally near ports the retreating commander chooses, a blockaded "
    "port not offered") {
  Data data = data_with(
      "\nbattle ports\ntitle T\nabout A\nsides Britain France\nattacker 0\nat sea S\n"
      "war britain france\nstack 1 0 \"one\"\nstack 2 1 \"two\"\n"
      "fleet B1 1 britain \"B one\" heavy 3\nfleet F1 2 france \"F one\" heavy 3\n"
      "port p P 6 0\nport x X 2 1\nport y Y 2 1\nport z Z 1 1 blockaded\n"
      "retreat-sea 0 \"the Bay\"\nseat 2 0 Britain britain\nseat 2 1 France france\n");
  Bench bench(std::move(data), "ports", 2);
  Board& b = bench.board;
  b.defending_ = 2;
  b.commander_ = {"britain", "france"};
  b.outcome_ = Outcome::Victory;
  b.victor_ = 0;
  b.seg_ = Phase::Retreat;
  const auto ds = Board::sequence().decisions(b, 1);
  CHECK(ids_of(ds) == std::vector<std::string>{"retreat"});
  CHECK(ds[0].otherwise == "retreats to X (the first of the nearest ports, 1.1.2.9.1)");
  CHECK(texts(offered_after(b, 1, "retreat", {})) == std::vector<std::string>{" x", " y"});
}

TEST_CASE(
    "EiH 1.1.4.1, 1.1.4.1.3: the harbour defences at the controller's option, then the "
    "withdrawal") {
  Data d = data_with(
      "\nbattle guns\ntitle T\nabout A\nsides Britain \"France and Sweden\"\nattacker 0\n"
      "at port Gothenburg defence 4 control sweden garrison access-denied\nwar britain france\n"
      "stack 1 0 \"raiders\"\nstack 2 1 \"French\"\nfleet B1 1 britain \"Raiders\" heavy 6\n"
      "fleet F1 2 france \"Squadron\" heavy 4\nport p P 2 0\nport g G 0 1\n"
      "retreat-sea 0 \"the Kattegat\"\nseat 2 0 Britain britain\n"
      "seat 2 1 \"France and Sweden\" france sweden\n");
  Bench bench(std::move(d), "guns", 2);
  Board& b = bench.board;
  ScriptedDice none({});
  b.resolve({}, none, bench.events);  // the stacks meet
  REQUIRE(b.seg_ == Phase::Guns);
  const auto ds = Board::sequence().decisions(b, 1);
  CHECK(ids_of(ds) == std::vector<std::string>{"guns"});
  CHECK(ds[0].otherwise == "the harbour defences fire ('guns yes')");
  CHECK(ds[0].cells == std::vector<std::string>{"stack 2"});
  CHECK(Board::sequence().decisions(b, 0).empty());
  CHECK(texts(offered_after(b, 1, "guns", {})) == std::vector<std::string>{" yes", " no"});
  // After the raid the raiders withdraw (1.1.4.1.3).
  b.outcome_ = Outcome::Draw;
  b.commander_ = {"britain", "france"};
  b.seg_ = Phase::Retreat;
  const auto w = Board::sequence().decisions(b, 0);
  CHECK(ids_of(w) == std::vector<std::string>{"withdraw"});
  CHECK(w[0].otherwise == "withdraws to the blockade box ('withdraw box')");
  const auto to = offered_after(b, 0, "withdraw", {});
  CHECK(texts(to) == std::vector<std::string>{" box", " sea"});
  CHECK(to[1].label == "to the Kattegat");
}

TEST_CASE("EiH 1.1.7: each odd loss a decision among the candidate nations, the dice otherwise") {
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
  for (int seat : {0, 1}) {
    const auto ds = Board::sequence().decisions(b, seat);
    CHECK(ids_of(ds) == std::vector<std::string>{"odd1"});
    CHECK(has(ds[0].otherwise, "competitive d6"));
    CHECK(texts(offered_after(b, seat, "odd1", {})) ==
          std::vector<std::string>{" britain", " russia"});
  }
  CHECK(Board::sequence().decisions(b, 2).empty());
}

TEST_CASE(
    "EiH: every default line a seat would be given is what one of its decisions' otherwise says") {
  for (const ScenarioInfo& sc : game().scenarios()) {
    CAPTURE(sc.id);
    Seed seed{};
    seed[2] = 11;
    testing::random_play(
        game().new_game(sc.id, sc.max_players).value(), seed, 16, [&](const State& s) {
          for (const PlayerId seat : s.step().to_order) {
            CAPTURE(s.step().label);
            const auto ds = s.decisions(seat);
            CHECK_FALSE(ds.empty());
            for (const Decision& d : ds) CHECK_FALSE(d.otherwise.empty());
            for (const std::string& line : s.default_orders(seat).lines) {
              CHECK_MESSAGE(std::any_of(ds.begin(), ds.end(),
                                        [&](const Decision& d) {
                                          return has(d.otherwise, "'" + line + "'");
                                        }),
                            "no decision says its default is '" << line << "'");
            }
          }
        });
  }
}
