// Constantinople: how a side stands (State::standing), the computer
// player's judgement: positions that differ by one thing the naval game's
// victory (docs/rules/constantinople.md) or its rules value.
#include <doctest/doctest.h>

#include <functional>
#include <sstream>
#include <string>

#include "core/text.h"
#include "games/constantinople/constantinople.h"

using namespace naumachia;

namespace {

const PlayerId kOttoman{0}, kByzantine{1};

const Game& game() {
  static const auto g = constantinople::make_constantinople_game();
  return *g;
}

// A new game with each line of its position passed through `edit`.
std::unique_ptr<State> edited(const std::function<std::string(const std::string&)>& edit) {
  const std::string base = game().new_game("naval", 2).value()->serialize();
  std::ostringstream out;
  for (auto line : text::lines(base)) out << edit(std::string(line)) << "\n";
  auto s = game().deserialize(out.str());
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

// Ship `id`'s line with field `i` (2 on the map, 3 sunk, 4 hex, 8 damaged) set.
std::function<std::string(const std::string&)> ship(
    const std::string& id, std::vector<std::pair<std::size_t, std::string>> fields) {
  return [=](const std::string& line) {
    auto w = text::split(line);
    if (w.size() < 9 || w[0] != "ship" || w[1] != id) return line;
    std::vector<std::string> out(w.begin(), w.end());
    for (const auto& [i, v] : fields) out[i] = v;
    return text::join(out, " ");
  };
}

std::string same(const std::string& line) {
  return line;
}

}  // namespace

TEST_CASE(
    "Constantinople 15.41: a Byzantine ship sunk stands the Ottoman better, the Byzantine "
    "worse") {
  const auto before = edited(same);
  const auto sunk = edited(ship("VENICE", {{3, "1"}}));
  CHECK(sunk->standing(kOttoman) > before->standing(kOttoman));
  CHECK(sunk->standing(kByzantine) < before->standing(kByzantine));
}

TEST_CASE("Constantinople 15.34: a Damaged Ottoman galley stands the Ottoman worse") {
  const auto placed = edited(ship("G1", {{2, "1"}, {4, "1439"}}));
  const auto damaged = edited(ship("G1", {{2, "1"}, {4, "1439"}, {8, "1"}}));
  CHECK(damaged->standing(kOttoman) < placed->standing(kOttoman));
}

TEST_CASE(
    "Constantinople 11.41, 13.0: an Ottoman ship in the Golden Horn stands the Ottoman "
    "better than one in the Marmara, and one nearer the Boom better than one farther") {
  const auto far = edited(ship("G1", {{2, "1"}, {4, "1439"}}));
  const auto nearer = edited(ship("G1", {{2, "1"}, {4, "2933"}}));
  const auto horn = edited(ship("G1", {{2, "1"}, {4, "3509"}}));
  CHECK(nearer->standing(kOttoman) > far->standing(kOttoman));
  CHECK(horn->standing(kOttoman) > nearer->standing(kOttoman));
  CHECK(horn->standing(kByzantine) < far->standing(kByzantine));
}

TEST_CASE("Constantinople 15.64: the Boom broken stands the Ottoman better") {
  const auto intact = edited(same);
  const auto broken = edited([](const std::string& line) {
    if (line.rfind("boom ", 0) != 0) return line;
    auto w = text::split(line);
    std::vector<std::string> out(w.begin(), w.end());
    out[2] = "1";
    return text::join(out, " ");
  });
  CHECK(broken->standing(kOttoman) > intact->standing(kOttoman));
  CHECK(broken->standing(kByzantine) < intact->standing(kByzantine));
}

TEST_CASE("Constantinople victory: a game the Byzantine has won stands him above any in play") {
  const auto playing = edited(same);
  const std::string text =
      playing->serialize() +
      "over byzantine Byzantine victory: the Golden Horn is not lost by the end of Game-Turn 25\n";
  const auto over = game().deserialize(text);
  REQUIRE(over.has_value());
  REQUIRE((*over)->step().game_over);
  CHECK((*over)->standing(kByzantine) > playing->standing(kByzantine) + 1000);
  CHECK((*over)->standing(kOttoman) < playing->standing(kOttoman) - 1000);
}
