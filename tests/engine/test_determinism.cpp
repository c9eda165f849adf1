// The determinism signatures (after Stockfish's bench), one per module and
// rules version: fixed games played with fixed seeds and random legal orders,
// hashed state by state. Stored games are replayed through the same code, so
// a signature may change only with a deliberate change of that module's rules
// (which bumps its rules version and adds a signature for the new version),
// of the dice, or of the serialisation; or when the module's candidate orders
// change, which changes the games the random player plays but not how any
// stored game plays. The commit that changes one says which and why.
#include <doctest/doctest.h>

#include "base/crypto.h"
#include "support/random_play.h"
#include "support/sanitizers.h"
#include "test-games/registry.h"

using namespace naumachia;

namespace {

struct Fixed {
  const char* scenario;  // game/scenario
  int players;
  int rules;
  int steps;
  const char* signature;
};

// Every registered game needs an entry at its current rules version, and
// keeps one for each older version it still plays.
const Fixed kFixed[] = {
    {"duel/standard", 3, 1, 10, "1034fbfc78aab5c8c1f93a5bbeedff9eb808687683babb9de8c6ddc0a8af8753"},
    {"masks/standard", 4, 1, 10,
     "1d6bd584f07cadcd100518f3b3ca3955cf86c6c34e4dad465c693d6a9c9b941a"},
    {"diplomacy/standard", 7, 1, 25,
     "cc589d692f956d761937d742006c8c66e1968d3320917fb25d3cd8cfc910a893"},
    {"diplomacy/standard", 7, 2, 25,
     "cc589d692f956d761937d742006c8c66e1968d3320917fb25d3cd8cfc910a893"},
    // Rules 3 refuses convoy orders no chain of fleets could carry out
    // (6.G.7); random play orders no convoys.
    {"diplomacy/standard", 7, 3, 25,
     "cc589d692f956d761937d742006c8c66e1968d3320917fb25d3cd8cfc910a893"},
    // The Fall of Constantinople came with Diplomacy rules 2; a game created
    // under rules 1 differs only in the convoy rulings, which these games do
    // not reach.
    {"diplomacy/fall-of-constantinople", 7, 1, 25,
     "bf4bffd4348cc133e066c88dd685213db5c908c7c318f4027eaffa0d061649a6"},
    {"diplomacy/fall-of-constantinople", 7, 2, 25,
     "bf4bffd4348cc133e066c88dd685213db5c908c7c318f4027eaffa0d061649a6"},
    {"diplomacy/fall-of-constantinople", 7, 3, 25,
     "bf4bffd4348cc133e066c88dd685213db5c908c7c318f4027eaffa0d061649a6"},
    // Tyre rules 2 changes only siege positions these fixed games do not
    // reach (boulders, transports rounding the island, crowded retreats);
    // its tests name the cases (test_tyre_siege.cpp, "rules 2"). The siege's
    // signature changed with its candidate orders (the Macedonian's marches
    // in the assault's land movement, 18.1) and with the paths 'UNIT: to HEX'
    // finds from a ship in the wading hex (8.32): random play plays other
    // games; a stored game keeps its orders as the paths they took.
    {"tyre/naval", 2, 1, 60, "6a1c55853a10cdbdb92c57145a36848ceb2d722d62f5f860e529ff562a098569"},
    {"tyre/siege", 2, 1, 150, "cecd2c1c323b5a08a2e35ff47e26148ea750495b22b2487d38145ce5e2a14c30"},
    {"tyre/naval", 2, 2, 60, "6a1c55853a10cdbdb92c57145a36848ceb2d722d62f5f860e529ff562a098569"},
    {"tyre/siege", 2, 2, 150, "cecd2c1c323b5a08a2e35ff47e26148ea750495b22b2487d38145ce5e2a14c30"},
    // Tyre rules 3 changes only wall hexes entered in a retreat beside a
    // retreating enemy (11.31).
    {"tyre/naval", 2, 3, 60, "6a1c55853a10cdbdb92c57145a36848ceb2d722d62f5f860e529ff562a098569"},
    {"tyre/siege", 2, 3, 150, "cecd2c1c323b5a08a2e35ff47e26148ea750495b22b2487d38145ce5e2a14c30"},
    // Tyre rules 4 changes only the naval scenario's end at Game-Turn 12
    // (18.0, 6.34), which these fixed games do not reach.
    {"tyre/naval", 2, 4, 60, "6a1c55853a10cdbdb92c57145a36848ceb2d722d62f5f860e529ff562a098569"},
    {"tyre/siege", 2, 4, 150, "cecd2c1c323b5a08a2e35ff47e26148ea750495b22b2487d38145ce5e2a14c30"},
    {"constantinople/naval", 2, 1, 120,
     "96598129210455170fddbc577f8d4459908eeed55a99fe587ef76e61976c42d7"},
    // Rules 2 changes only Storms that find a sail ship at capability 0 in
    // a coastal hex (14.29 with 14.21).
    {"constantinople/naval", 2, 2, 120,
     "96598129210455170fddbc577f8d4459908eeed55a99fe587ef76e61976c42d7"},
    {"classis/patrol", 2, 1, 120,
     "0a3df35ada8da20658add370007f2bc962047869507bf592d15294e4b6aac912"},
    {"classis/oneoff", 2, 1, 120,
     "e6bbdc973854ec1c84acc0cee25cf19fa1c602f4cc1e3ed770539a115db0fb1b"},
    // Classis rules 2 keeps a lost commander's chits in the cup (1.5, 1.7,
    // 2.1): both fixed games lose a flagship and play on differently.
    {"classis/patrol", 2, 2, 120,
     "cab81b0ffe28f433f9b4a697adad3698e4229defbf765b02ed46debd3d2c7fd9"},
    {"classis/oneoff", 2, 2, 120,
     "d830d7ac079bf1ce5a44ae876e9b3b131f74bfbb42ff306fdeed252f74012a2a"},
    {"eih-naval/trafalgar", 3, 1, 40,
     "db9337fef961e35473e6cd9fa4f96e39e78af83669b6ad6f6d58bbd33ec2b1c7"},
    {"eih-naval/copenhagen", 2, 1, 40,
     "6c8424ebad4d945325b1066504b99a05803221fb912cb6678b5d6140de551e25"},
    {"eih-naval/custom", 4, 1, 40,
     "a63c284a7ea02961041c0151dcbcefad28907e014cc50285405a6115325e4b82"},
    // EiH rules 2 lets Britain choose melee without Nelson (1.1.2.2 NOTE),
    // which changes nothing these fixed games reach.
    {"eih-naval/trafalgar", 3, 2, 40,
     "db9337fef961e35473e6cd9fa4f96e39e78af83669b6ad6f6d58bbd33ec2b1c7"},
    {"eih-naval/copenhagen", 2, 2, 40,
     "6c8424ebad4d945325b1066504b99a05803221fb912cb6678b5d6140de551e25"},
    {"eih-naval/custom", 4, 2, 40,
     "a63c284a7ea02961041c0151dcbcefad28907e014cc50285405a6115325e4b82"},
};

// The signature of the four fixed games of `f`; of the first `games` only
// when fewer are asked for.
std::string signature_of(const Registry& registry, const Fixed& f, std::uint8_t games = 4) {
  const auto found = registry.find_scenario(f.scenario).value();
  std::string all;
  for (std::uint8_t g = 0; g < games; ++g) {
    Seed seed{};
    seed[31] = g;
    auto start = found.first->new_game(found.second.id, f.players, RulesVersion{f.rules});
    REQUIRE(start.has_value());
    testing::random_play(std::move(*start), seed, f.steps,
                         [&](const State& s) { all += s.serialize(); });
  }
  return server::sha256_hex(all);
}

// The modules the test cases below check, each in one of them.
const char* const kChecked[] = {"duel",           "masks",   "diplomacy", "tyre",
                                "constantinople", "classis", "eih-naval"};

// The signatures of the entries whose scenario is in `game`: one test case a
// module, so that the slow ones (under the sanitizers) run side by side.
void check_signatures(const std::string& game) {
  const Registry registry = testing::every_module();
  int checked = 0;
  for (const Fixed& f : kFixed) {
    const std::string name = f.scenario;
    if (name.rfind(game + "/", 0) != 0) continue;
    // Under the sanitizers (slow, and looking for memory errors and
    // undefined behaviour, not for changed play) an older rules version whose
    // signature is a newer one's plays the very same games: it is not played
    // again.
    if (testing::kUnderSanitizers &&
        std::any_of(std::begin(kFixed), std::end(kFixed), [&](const Fixed& newer) {
          return std::string(newer.scenario) == name && newer.players == f.players &&
                 newer.rules > f.rules && std::string(newer.signature) == f.signature;
        }))
      continue;
    ++checked;
    // Under the sanitizers one fixed game of each entry is played, for what
    // the sanitizers find in it; the normal build compares the signatures.
    if (testing::kUnderSanitizers) {
      signature_of(registry, f, 1);
      continue;
    }
    const std::string sig = signature_of(registry, f);
    MESSAGE(name << " rules " << f.rules << ": " << sig);
    CHECK_MESSAGE(sig == std::string(f.signature),
                  name << " under rules version " << f.rules << " plays differently than it did");
  }
  CHECK_MESSAGE(checked > 0, "no signatures for " << game);
}

}  // namespace

TEST_CASE("determinism signature of fixed games: Duel and Masks") {
  check_signatures("duel");
  check_signatures("masks");
}
TEST_CASE("determinism signature of fixed games: Diplomacy and The Fall of Constantinople") {
  check_signatures("diplomacy");
}
TEST_CASE("determinism signature of fixed games: Tyre") {
  check_signatures("tyre");
}
TEST_CASE("determinism signature of fixed games: Constantinople and Classis") {
  check_signatures("constantinople");
  check_signatures("classis");
}
TEST_CASE("determinism signature of fixed games: Empires in Harm") {
  check_signatures("eih-naval");
}

TEST_CASE("determinism signatures: every module and rules version has one") {
  const Registry registry = testing::every_module();
  const auto checked = [](const std::string& game) {
    return std::any_of(std::begin(kChecked), std::end(kChecked),
                       [&](const char* c) { return game == c; });
  };
  for (const Fixed& f : kFixed) {
    const std::string name = f.scenario;
    CHECK_MESSAGE(checked(name.substr(0, name.find('/'))), name << " is checked by no test case");
  }
  for (const Game* game : registry.games()) {
    CHECK_MESSAGE(checked(game->id()), game->id() << " is checked by no test case");
    for (int v = game->oldest_rules_version().value; v <= game->rules_version().value; ++v) {
      const bool signed_ = std::any_of(std::begin(kFixed), std::end(kFixed), [&](const Fixed& f) {
        return std::string(f.scenario).rfind(game->id() + "/", 0) == 0 && f.rules == v;
      });
      CHECK_MESSAGE(signed_, game->id() << " rules version " << v << " has no signature");
    }
  }
}
