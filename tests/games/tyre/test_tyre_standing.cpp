// Tyre: how a side stands (State::standing), the computer player's
// judgement: positions that differ by one thing the rules value.
#include <doctest/doctest.h>

#include <functional>
#include <sstream>
#include <string>

#include "core/text.h"
#include "games/tyre/tyre.h"

using namespace naumachia;

namespace {

const PlayerId kTyre{0}, kMacedon{1};

const Game& tyre_game() {
  static const auto game = tyre::make_tyre_game();
  return *game;
}

// A new game of `scenario` with each line of its position passed through
// `edit` (which returns the line to write), and `more` lines after them.
std::unique_ptr<State> edited(const std::string& scenario,
                              const std::function<std::string(const std::string&)>& edit,
                              const std::string& more = "") {
  const std::string base = tyre_game().new_game(scenario, 2).value()->serialize();
  std::ostringstream out;
  for (auto line : text::lines(base)) out << edit(std::string(line)) << "\n";
  out << more;
  auto s = tyre_game().deserialize(out.str());
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

// The line of ship `id` with its place replaced by `where` and its face by `face`.
std::string ship_line(const std::string& line, const std::string& id, const std::string& where,
                      const std::string& face) {
  const auto w = text::split(line);
  if (w.size() < 5 || w[0] != "ship" || w[1] != id) return line;
  std::string out = "ship " + id + " " + where + " " + std::string(w[3]) + " " + face;
  for (std::size_t i = 5; i < w.size(); ++i) out += " " + std::string(w[i]);
  return out;
}

std::function<std::string(const std::string&)> ship(const std::string& id, const std::string& where,
                                                    const std::string& face = "full") {
  return [=](const std::string& line) { return ship_line(line, id, where, face); };
}

std::string same(const std::string& line) {
  return line;
}

// A siege position in the assault (4.0 §3) with the given unit lines.
std::unique_ptr<State> assault(const std::map<std::string, std::string>& units) {
  return edited("siege", [&](const std::string& line) {
    const auto w = text::split(line);
    if (w.empty()) return line;
    if (w[0] == "plan") return std::string("plan assault");
    if (w[0] == "segment") return std::string("segment mac-land");
    if (w[0] == "unit" && units.count(std::string(w[1])))
      return "unit " + std::string(w[1]) + " " + units.at(std::string(w[1])) + " 0 -";
    return line;
  });
}

}  // namespace

TEST_CASE("Tyre 6.4, 6.5: a Tyrian ship sunk stands the Macedonian better, the Tyrian worse") {
  const auto before = edited("naval", same);
  const auto sunk = edited("naval", ship("T11", "sunk"));
  CHECK(sunk->standing(kMacedon) > before->standing(kMacedon));
  CHECK(sunk->standing(kTyre) < before->standing(kTyre));
}

TEST_CASE(
    "Tyre 6.34: a damaged ship stands its side worse than a full one, better than a sunk one") {
  const auto full = edited("naval", same);
  const std::string where = [&] {
    const std::string serialized = full->serialize();  // outlives the lines viewing it
    for (auto line : text::lines(serialized))
      if (line.rfind("ship T3 ", 0) == 0) return std::string(text::split(line)[2]);
    return std::string();
  }();
  const auto damaged = edited("naval", ship("T3", where, "damaged"));
  const auto sunk = edited("naval", ship("T3", "sunk"));
  CHECK(full->standing(kTyre) > damaged->standing(kTyre));
  CHECK(damaged->standing(kTyre) > sunk->standing(kTyre));
}

TEST_CASE("Tyre 18.2: a game the Tyrian has won stands him above any position in play") {
  const auto playing = edited("naval", same);
  const auto won = edited("naval", [](const std::string& line) {
    if (line == "over 0") return std::string("over 1\nresult Tyrian victory (18.2)");
    return line;
  });
  REQUIRE(won->step().game_over);
  CHECK(won->standing(kTyre) > playing->standing(kTyre) + 1000);
  CHECK(won->standing(kMacedon) < playing->standing(kMacedon) - 1000);
}

TEST_CASE(
    "Tyre 18.1: in the assault, a unit nearer the Agenorium, then an objective held, stand "
    "the Macedonian better") {
  // Open ground 4018 is farther from the Agenorium (4011) than 4014; 4011 is it.
  const auto far = assault({{"Agema", "hex 4018"}});
  const auto near = assault({{"Agema", "hex 4014"}});
  const auto held = assault({{"Agema", "hex 4011"}});
  CHECK(near->standing(kMacedon) > far->standing(kMacedon));
  CHECK(held->standing(kMacedon) > near->standing(kMacedon));
  CHECK(held->standing(kTyre) < far->standing(kTyre));
}

TEST_CASE("Tyre 7.15, 14.1: a wall breached and the mole grown stand the Macedonian better") {
  const auto before = edited("siege", same);
  const auto breached = edited("siege", same, "wall 3721 6\n");
  const auto grown = edited("siege", same, "mole 3723\n");
  CHECK(breached->standing(kMacedon) > before->standing(kMacedon));
  CHECK(breached->standing(kTyre) < before->standing(kTyre));
  CHECK(grown->standing(kMacedon) > before->standing(kMacedon));
}
