// The determinism signature (after Stockfish's bench): fixed games of every
// module, played with fixed seeds, hashed state by state. Stored games are
// replayed through the same code, so this value may change only with a
// deliberate change of rules, dice or serialisation, and then the commit
// that changes it says why (old games will no longer replay).
#include <doctest/doctest.h>

#include "crypto.h"
#include "duel_game.h"
#include "games/diplomacy/diplomacy.h"
#include "games/tyre/tyre.h"
#include "random_play.h"

using namespace naumachia;

TEST_CASE("determinism signature of fixed games") {
  std::string all;
  for (std::uint8_t g = 0; g < 4; ++g) {
    Seed seed{};
    seed[31] = g;
    const auto add = [&](const State& s) { all += s.serialize(); };
    testing::random_play(testing::make_duel_game()->new_game("standard", 2 + g % 3).value(), seed,
                         10, testing::random_duel_orders, add);
    testing::random_play(diplomacy::make_diplomacy_game()->new_game("standard", 7).value(), seed,
                         25, testing::random_diplomacy_orders, add);
    testing::random_play(tyre::make_tyre_game()->new_game("naval", 2).value(), seed, 60,
                         testing::random_tyre_orders, add);
    testing::random_play(tyre::make_tyre_game()->new_game("siege", 2).value(), seed, 150,
                         testing::random_siege_orders, add);
  }
  const std::string signature = server::sha256_hex(all);
  MESSAGE("signature " << signature);
  CHECK(signature == "027ff32bcbe42916b9b0de859322c726b7971ad1d2836b8abc6288fdeecf14f5");
}
