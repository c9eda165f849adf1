#pragma once
// Helpers of the Empires in Harm naval combat tests (test_eih_naval*.cpp):
// the module, its data, battles started and stepped with given orders and
// dice, positions edited as text, and a Board to run single rules on.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/text.h"
#include "games/eih_naval/eih_naval.h"
#include "games/eih_naval/rules.h"
#include "support/scripted_step.h"
#include "support/secrecy_check.h"
#include "support/text.h"

namespace naumachia::data {
std::string_view eih_naval_tables();
std::string_view eih_naval_scenarios();
}  // namespace naumachia::data

namespace naumachia::testing::eih {

using namespace naumachia::eih_naval;

inline const Game& game() {
  static const auto g = make_eih_naval_game();
  return *g;
}

inline const Data& the_data() {
  static const Data d = load_data().value();
  return d;
}

inline const Tables& tables() {
  return the_data().tables;
}

inline std::unique_ptr<State> battle(const std::string& id, int players) {
  auto s = game().new_game(id, players);
  REQUIRE_MESSAGE(s.has_value(), (s ? "" : s.error().message));
  return std::move(*s);
}

// One step with these orders (by seat) and dice; every die must be used.
inline Played play(const State& s, std::map<int, std::vector<std::string>> orders,
                   std::vector<int> dice) {
  std::map<PlayerId, std::vector<std::string>> by_seat;
  for (auto& [seat, lines] : orders) by_seat[PlayerId{seat}] = lines;
  return testing::play_step(s, by_seat, dice);
}

inline std::string view_text(const State& s, std::optional<int> seat) {
  return testing::view_text(s.view(seat ? std::optional<PlayerId>(PlayerId{*seat}) : std::nullopt));
}

inline std::vector<int> seats_to_order(const State& s) {
  std::vector<int> out;
  for (PlayerId p : s.step().to_order) out.push_back(p.value);
  return out;
}

// A position edited as text: `line` replaces the record starting with `prefix`.
inline std::unique_ptr<State> edited(const State& s, const std::string& prefix,
                                     const std::string& line) {
  std::string out;
  bool done = false;
  const std::string bytes = s.serialize();
  for (auto l : text::lines(bytes)) {
    if (l.empty()) continue;
    if (!done && l.substr(0, prefix.size()) == prefix) {
      out += line + "\n";
      done = true;
    } else {
      out += std::string(l) + "\n";
    }
  }
  REQUIRE_MESSAGE(done, "no record '" << prefix << "'");
  auto back = game().deserialize(out);
  REQUIRE_MESSAGE(back.has_value(), (back ? "" : back.error().message));
  return std::move(*back);
}

// Trafalgar with two seats, both chits chosen, before round 1.
inline std::unique_ptr<State> trafalgar_before_round_one(const std::string& british,
                                                         const std::string& allied,
                                                         std::vector<std::string> extra = {}) {
  auto s = battle("trafalgar", 2);
  auto opened = play(*s, {}, {});
  REQUIRE(opened.next->step().label == "Step One: tactical chits, in secret (1.1.2.2)");
  std::vector<std::string> mine{"chit " + british};
  mine.insert(mine.end(), extra.begin(), extra.end());
  auto chosen = play(*opened.next, {{0, mine}, {1, {"chit " + allied}}}, {});
  REQUIRE(has(chosen.next->step().label, "Before round 1"));
  return std::move(chosen.next);
}

// The battles' data with extra lines appended to the scenarios (new battles).
inline Data data_with(const std::string& more) {
  auto d = load_data(data::eih_naval_tables(), std::string(data::eih_naval_scenarios()) + more);
  REQUIRE_MESSAGE(d.has_value(), (d ? "" : d.error().message));
  return std::move(*d);
}

inline std::string data_error(const std::string& more) {
  auto d = load_data(data::eih_naval_tables(), std::string(data::eih_naval_scenarios()) + more);
  return d ? "" : d.error().message;
}

inline std::string tables_error(const std::string& from, const std::string& to) {
  std::string t(data::eih_naval_tables());
  const auto at = t.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  t.replace(at, from.size(), to);
  auto r = parse_tables(t);
  return r ? "" : r.error().message;
}

// A Board of a battle of `d`, for the rules that need a position.
struct Bench {
  std::shared_ptr<const Data> data;
  Board board;
  std::vector<Event> events;
  Bench(Data d, const std::string& id, int players)
      : data(std::make_shared<const Data>(std::move(d))),
        board(data, data->battle(id), RulesVersion{1}, players) {}
  template <class F>
  void run(std::vector<int> dice, F f) {
    run(board, std::move(dice), f);
  }
  template <class F>
  void run(Board& which, std::vector<int> dice, F f) {
    ScriptedDice d(std::move(dice));
    which.execute(d, events, f);
    CHECK(d.remaining() == 0);
  }
  std::string said() const {
    std::string out;
    for (const Event& e : events) out += e.text + "\n";
    return out;
  }
};

inline Fleet& fleet_of(Board& b, const std::string& id) {
  Fleet* f = b.fleet(id);
  REQUIRE(f);
  return *f;
}

inline Ships ships(int heavy, int light, int galleys = 0) {
  Ships s;
  s[ShipType::Heavy] = heavy;
  s[ShipType::Light] = light;
  s[ShipType::Galley] = galleys;
  return s;
}

}  // namespace naumachia::testing::eih
