// Diplomacy: the convoy questions the rules versions settle differently,
// from the rule choices of tests/data/datc/README.md (4.A.1-4.A.3, 4.E.1),
// written as DATC blocks of our own and DATC 6.G.7. Each is adjudicated under
// the current rules version and under the older ones, which stored games
// created before a change keep (docs/rules/diplomacy.md, "Rules versions").
#include <doctest/doctest.h>

#include "core/text.h"
#include "games/diplomacy/datc.h"
#include "games/diplomacy/diplomacy.h"
#include "games/diplomacy/rules.h"

using namespace naumachia;
using namespace naumachia::diplomacy;

namespace {

// Runs one block (one CASE ... END) under the rulings of `version`.
DatcOutcome run_block(std::string_view block, int version) {
  const auto map = standard_map();
  const auto cases = parse_datc(*map, block);
  REQUIRE(cases.size() == 1);
  REQUIRE_MESSAGE(cases[0].parse_error.empty(), cases[0].parse_error);
  return run_datc_case(*map, cases[0], rulings_for(RulesVersion{version}));
}

// The block's expected outcome holds under the rulings of `version`.
void check_block(std::string_view block, int version) {
  const DatcOutcome o = run_block(block, version);
  CHECK_MESSAGE(o.passed, "version " << version << ": " << o.difference);
}

// Two routes, Tyrrhenian and Ionian; Italy attacks the Tyrrhenian fleet with
// the support of Naples, which the army attacks.
constexpr std::string_view kTwoRoutesHead = R"(
CASE own.4.A.2.two.routes
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
France: A tun
France: F tys
France: F ion
Italy: F nap
Italy: F rom
ORDERS
France: A tun - nap
France: F tys C A tun - nap
France: F ion C A tun - nap
Italy: F nap S F rom - tys
Italy: F rom - tys
)";

}  // namespace

TEST_CASE(
    "Diplomacy DATC 4.A.1/4.A.2: an army convoyed along two routes, one of them unattacked, cuts "
    "the support of an attack on a fleet of the other route") {
  // The Tyrrhenian fleet is not needed: the Ionian route is free of attacks,
  // so the army attacks Naples like any other unit and cuts its support; the
  // attack on the Tyrrhenian Sea fails one to one.
  const std::string block = std::string(kTwoRoutesHead) + "POSTSTATE_SAME\nEND\n";
  check_block(block, 2);
  // Version 1 spared the support of any attack on a convoying fleet.
  const DatcOutcome old = run_block(block, 1);
  CHECK_FALSE(old.passed);
  const std::string v1 = std::string(kTwoRoutesHead) +
                         "POSTSTATE\nFrance: A tun\nFrance: F ion\nItaly: F nap\nItaly: F tys\n"
                         "POSTSTATE_DISLODGED\nFrance: F tys\nEND\n";
  check_block(v1, 1);
}

TEST_CASE(
    "Diplomacy DATC 4.A.1/4.A.2: when every other route is attacked too, the attacked fleet is "
    "needed and the army does not cut the support (2000 rule)") {
  // Austria attacks the Ionian fleet (and fails): no route is free of attacks
  // without the Tyrrhenian fleet, so the support of Naples stands and the
  // Tyrrhenian fleet is dislodged; the army still goes by the Ionian route
  // and is held at Naples.
  std::string block(kTwoRoutesHead);
  block.replace(block.find("Italy: F nap\n"), 0, "Austria: F adr\n");
  block += "Austria: F adr - ion\n";
  block +=
      "POSTSTATE\nFrance: A tun\nFrance: F ion\nItaly: F nap\nItaly: F tys\nAustria: F adr\n"
      "POSTSTATE_DISLODGED\nFrance: F tys\nEND\n";
  for (int version : {1, 2}) check_block(block, version);
}

TEST_CASE(
    "Diplomacy DATC 4.A.3: a swap where the only convoy order comes from an own fleet on no route "
    "goes by land, and the supported army wins the head-to-head battle") {
  // The English fleet in the Channel shows intent but could never carry the
  // army (no chain from Liverpool to Edinburgh through it): the army goes by
  // land, as it does when no convoy is ordered at all (6.G.8).
  const std::string head = R"(
CASE own.4.A.3.own.fleet.on.no.route
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
England: A lvp
England: F eng
England: A yor
Germany: A edi
ORDERS
England: A lvp - edi
England: F eng C A lvp - edi
England: A yor S A lvp - edi
Germany: A edi - lvp
)";
  for (int version : {2, 3})
    check_block(head +
                    "POSTSTATE\nEngland: A edi\nEngland: F eng\nEngland: A yor\n"
                    "POSTSTATE_DISLODGED\nGermany: A edi\nEND\n",
                version);
  // Version 1 sent it by convoy, where it stood still for want of a route.
  check_block(head + "POSTSTATE_SAME\nEND\n", 1);
}

TEST_CASE(
    "Diplomacy DATC 4.A.3: a swap 'via convoy' where the only convoy order comes from another "
    "power's fleet on no route goes by land") {
  const std::string head = R"(
CASE own.4.A.3.foreign.fleet.on.no.route
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
England: A lvp
England: A yor
Russia: F eng
Germany: A edi
ORDERS
England: A lvp - edi via convoy
England: A yor S A lvp - edi
Russia: F eng C A lvp - edi
Germany: A edi - lvp
)";
  for (int version : {2, 3})
    check_block(head +
                    "POSTSTATE\nEngland: A edi\nRussia: F eng\nEngland: A yor\n"
                    "POSTSTATE_DISLODGED\nGermany: A edi\nEND\n",
                version);
  check_block(head + "POSTSTATE_SAME\nEND\n", 1);
}

TEST_CASE(
    "Diplomacy DATC 4.A.3: a swap whose convoy route is another power's fleets goes by convoy "
    "when an own fleet that could be part of a route shows intent (6.G.6 unchanged)") {
  // The French fleets in the Irish and North Seas put the English Channel on a
  // possible route (Irish Sea, Channel, North Sea), so its order shows intent.
  const std::string block = R"(
CASE own.4.A.3.intent.with.foreign.route
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
England: A lvp
England: F eng
Germany: A edi
France: F iri
France: F nth
Russia: F nwg
Russia: F nao
ORDERS
England: A lvp - edi
England: F eng C A lvp - edi
Germany: A edi - lvp
Russia: F nwg C A lvp - edi
Russia: F nao C A lvp - edi
POSTSTATE
England: A edi
England: F eng
Germany: A lvp
France: F iri
France: F nth
Russia: F nwg
Russia: F nao
END
)";
  for (int version : {1, 2, 3}) check_block(block, version);
}

TEST_CASE(
    "Diplomacy DATC 6.G.7 and 4.E.1 (rules 3): an own fleet on no chain of fleets at sea shows "
    "no intent, so another power's convoy does not carry the army and the swap is a "
    "head-to-head battle") {
  // Without the French fleets the English Channel could never be part of a
  // route from Liverpool to Edinburgh: its order is impossible.
  const std::string head = R"(
CASE own.6.G.7.own.fleet.off.every.chain
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
England: A lvp
England: F eng
Germany: A edi
Russia: F nwg
Russia: F nao
ORDERS
England: A lvp - edi
England: F eng C A lvp - edi
Germany: A edi - lvp
Russia: F nwg C A lvp - edi
Russia: F nao C A lvp - edi
)";
  check_block(head + "POSTSTATE_SAME\nEND\n", 3);
  // Versions 1 and 2 took the Channel's order as intent: the armies swapped.
  const std::string swapped = head +
                              "POSTSTATE\nEngland: A edi\nEngland: F eng\nGermany: A lvp\n"
                              "Russia: F nwg\nRussia: F nao\nEND\n";
  for (int version : {1, 2}) check_block(swapped, version);
}

TEST_CASE("Diplomacy DATC 6.G.7: under rules 2 (stored games) the army still swaps") {
  const std::string head = R"(
CASE 6.G.7.rules.2
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
England: F ska
England: F nwy
Russia: A swe
Russia: F bot
ORDERS
England: F ska C A swe - nwy
England: F nwy - swe
Russia: A swe - nwy
Russia: F bot C A swe - nwy
)";
  check_block(head + "POSTSTATE_SAME\nEND\n", 3);
  const std::string swapped = head +
                              "POSTSTATE\nEngland: F ska\nEngland: F swe\nRussia: A nwy\n"
                              "Russia: F bot\nEND\n";
  for (int version : {1, 2}) check_block(swapped, version);
}

TEST_CASE(
    "Diplomacy DATC 4.E.1 (rules 3): a convoy order no chain of fleets could carry out is "
    "refused at submission with its reason, and accepted under rules 2") {
  const auto game = make_diplomacy_game();
  // Spring 1901 with three units only: a Russian army in Sweden and fleet in
  // the Gulf of Bothnia, an English fleet in the Skagerrak.
  const std::string start = (*game->new_game("standard", 7))->serialize();
  std::string bytes;
  for (const std::string_view line : text::lines(start)) {
    if (line.rfind("unit ", 0) != 0) bytes += std::string(line) + "\n";
  }
  bytes += "unit Russia A swe\nunit Russia F bot\nunit England F ska\n";
  for (int version : {2, 3}) {
    auto s = game->deserialize(bytes, RulesVersion{version});
    REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
    // Russia is seat 5 (powers in alphabetical order).
    const auto v = (*s)->validate(PlayerId{5}, {"F bot C A swe - nwy"});
    if (version == 2) {
      CHECK(v.has_value());
    } else {
      REQUIRE_FALSE(v.has_value());
      CHECK(v.error()[0].message.find("(DATC 4.E.1, 6.G.7)") != std::string::npos);
    }
    // A fleet on a chain joining the two may convoy under either version.
    CHECK((*s)->validate(PlayerId{5}, {"F bot C A swe - fin"}).has_value());
  }
}

TEST_CASE(
    "Diplomacy rules versions: new games are created under version 3, versions 1 and 2 still "
    "play") {
  const auto game = make_diplomacy_game();
  CHECK(game->rules_version() == RulesVersion{3});
  CHECK(game->oldest_rules_version() == RulesVersion{1});
  for (int version : {1, 2}) {
    auto old = game->new_game("standard", 7, RulesVersion{version});
    CHECK(old.has_value());
    auto bytes = (*old)->serialize();
    CHECK(game->deserialize(bytes, RulesVersion{version}).has_value());
  }
  CHECK_FALSE(game->new_game("standard", 7, RulesVersion{4}).has_value());
}
