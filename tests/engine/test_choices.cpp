// Orders choice by choice (core/choices.h): the shared machinery, Diplomacy's
// decisions and choices, and their agreement with validation over random
// positions of every module that offers them: every whole line reached
// through choices is accepted on its own, every candidate line accepted on
// its own is reachable, and no offered path is a dead end.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "core/choices.h"
#include "core/dice.h"
#include "core/text.h"
#include "support/random_play.h"
#include "support/sanitizers.h"
#include "support/text.h"
#include "test-games/registry.h"

using namespace naumachia;
using naumachia::testing::has;

// Under the sanitizers (a Debug build, many times slower) the random games
// are two steps and fewer lines of each
// decision are walked: what they look for (memory errors, undefined
// behaviour in the choices code) shows in a few steps of each scenario, and
// the full check runs in the normal build.
#if defined(NAUMACHIA_UNDER_ASAN)
constexpr int kAgreementSteps = 2;
constexpr std::size_t kMostLines = 20;
constexpr bool kShortened = true;
#else
constexpr int kAgreementSteps = 24;
constexpr std::size_t kMostLines = 400;
constexpr bool kShortened = false;
#endif

namespace {

const Decision kPiece{"p", "the piece", "P", {"a"}, "stays"};

// Whole orders: "P x", "P y z", "P y" is not whole; "P w" leads nowhere the
// rules accept.
std::vector<Option> sample_options() {
  return {{{" x", "ex", {"1"}}},
          {{" y", "why", {"2"}}, {" z", "zed", {"3"}}},
          {{" w", "dead end", {}}, {" v", "vee", {}}}};
}

bool sample_accepts(const std::string& line) {
  return line == "P x" || line == "P y z";
}

std::vector<std::string> texts(const std::vector<Choice>& choices) {
  std::vector<std::string> out;
  for (const Choice& c : choices) out.push_back(c.text);
  return out;
}

// Every whole line reachable through choices from `path`, at most `most`.
void whole_lines(const State& s, PlayerId seat, const Decision& d, std::vector<std::string>& path,
                 std::set<std::string>& out, std::size_t most) {
  if (out.size() >= most) return;
  const auto choices = s.choices(seat, d.id, path);
  REQUIRE_MESSAGE(choices.has_value(), (choices ? "" : choices.error().message));
  for (const Choice& c : *choices) {
    path.push_back(c.text);
    if (c.complete) out.insert(line_of(d, path));
    if (!c.last) {
      const auto next = s.choices(seat, d.id, path);
      REQUIRE(next.has_value());
      // An unfinished line offered always goes on.
      CHECK_MESSAGE((c.complete || !next->empty()), "dead end at '" << line_of(d, path) << "'");
      whole_lines(s, seat, d, path, out, most);
    }
    path.pop_back();
  }
}

// Whether the seat's validation accepts the line on its own (what the whole
// set must satisfy aside: those errors name no line).
bool accepted_alone(const State& s, PlayerId seat, const std::string& line) {
  const auto v = s.validate(seat, {line});
  if (v) return true;
  for (const OrderError& e : v.error())
    if (e.line != 0) return false;
  return true;
}

std::string canonical(const State& s, PlayerId seat, const std::string& line) {
  const auto v = s.validate(seat, {line});
  return v && v->lines.size() == 1 ? v->lines[0] : line;
}

// Whether the choices of `d` build `rest`, after `path`, piece by piece. The
// exploration of whole lines stops at 400 a decision; a galley's courses run
// to thousands, so a candidate beyond them is walked to instead.
bool walks(const State& s, PlayerId seat, const Decision& d, std::vector<std::string>& path,
           std::string_view rest) {
  const auto choices = s.choices(seat, d.id, path);
  if (!choices) return false;
  for (const Choice& c : *choices) {
    if (c.text.empty() || rest.substr(0, c.text.size()) != c.text) continue;
    const std::string_view after = rest.substr(c.text.size());
    if (after.empty() && c.complete) return true;
    if (after.empty() || c.last) continue;
    path.push_back(c.text);
    const bool found = walks(s, seat, d, path, after);
    path.pop_back();
    if (found) return true;
  }
  return false;
}

bool reachable(const State& s, PlayerId seat, const std::vector<Decision>& ds,
               const std::string& line) {
  for (const Decision& d : ds) {
    if (line.rfind(d.text, 0) != 0) continue;
    std::vector<std::string> path;
    if (walks(s, seat, d, path, std::string_view(line).substr(d.text.size()))) return true;
  }
  return false;
}

// The agreement of choices with validation at one position; the number of
// decisions checked.
int check_agreement(const State& s) {
  int decisions = 0;
  for (const PlayerId seat : s.step().to_order) {
    CAPTURE(seat.value);
    CAPTURE(s.step().label);
    const auto ds = s.decisions(seat);
    if (ds.empty()) continue;
    std::set<std::string> reached;
    for (const Decision& d : ds) {
      ++decisions;
      std::vector<std::string> path;
      std::set<std::string> lines;
      whole_lines(s, seat, d, path, lines, kMostLines);
      for (const std::string& line : lines) {
        CHECK_MESSAGE(accepted_alone(s, seat, line), "'" << line << "' is offered but refused");
        reached.insert(canonical(s, seat, line));
      }
    }
    for (const auto& group : s.candidate_orders(seat)) {
      for (const std::string& line : group) {
        // A blank candidate is no order: the group's piece left unordered.
        if (text::trim(line).empty() || !accepted_alone(s, seat, line)) continue;
        const std::string want = canonical(s, seat, line);
        CHECK_MESSAGE((reached.count(want) == 1 || reachable(s, seat, ds, want)),
                      "the candidate '" << line << "' is not reachable through choices");
      }
    }
  }
  return decisions;
}

}  // namespace

TEST_CASE("choices: the ways among whole orders, each piece once, whole and last as listed") {
  const auto first = ways_among(sample_options(), {});
  CHECK(texts(first) == std::vector<std::string>{" x", " y", " w"});
  CHECK(first[0].complete);
  CHECK(first[0].last);
  CHECK_FALSE(first[1].complete);
  CHECK(first[1].label == "why");
  const auto after_y = ways_among(sample_options(), {" y"});
  REQUIRE(after_y.size() == 1);
  CHECK(after_y[0].cells == std::vector<std::string>{"3"});
  CHECK(ways_among(sample_options(), {" x"}).empty());
}

TEST_CASE("choices: only what leads to an accepted line is offered, and only offered paths") {
  const Ways ways = [](const std::vector<std::string>& path) {
    return ways_among(sample_options(), path);
  };
  const auto offered_first = offered(kPiece, {}, ways, sample_accepts);
  REQUIRE(offered_first.has_value());
  CHECK(texts(*offered_first) == std::vector<std::string>{" x", " y"});  // " w" is a dead end
  const auto after_y = offered(kPiece, {" y"}, ways, sample_accepts);
  REQUIRE(after_y.has_value());
  CHECK(texts(*after_y) == std::vector<std::string>{" z"});
  const auto wrong = offered(kPiece, {" q"}, ways, sample_accepts);
  REQUIRE_FALSE(wrong.has_value());
  CHECK(has(wrong.error().message, "'P q' is not a way the order can go on"));
  CHECK(line_of(kPiece, {" y", " z"}) == "P y z");
}

TEST_CASE("choices: an unknown name gets the nearest known names as a suggestion") {
  CHECK(text::nearest("nor", {"nwy", "nth", "Norway", "bur", "par"}) ==
        std::vector<std::string>{"Norway", "nwy", "nth"});
  CHECK(text::nearest("Norwya", {"nwy", "Norway", "Naples"}) == std::vector<std::string>{"Norway"});
  CHECK(text::nearest("zzzz", {"nwy", "nth"}).empty());
  CHECK(text::listed({"a", "b", "c"}, "or") == "a, b or c");
  CHECK(text::listed({"a", "b"}, "and") == "a and b");
  CHECK(text::listed({"a"}, "or") == "a");
}

TEST_CASE("choices: Diplomacy spring 1901, France's units, their moves, supports and holds") {
  const Registry registry = testing::every_module();
  auto s = registry.find("diplomacy")->new_game("standard", 7);
  REQUIRE(s.has_value());
  const State& state = **s;
  const PlayerId france{2};
  std::vector<std::string> ids;
  for (const Decision& d : state.decisions(france)) {
    ids.push_back(d.id);
    CHECK(d.otherwise == "holds");  // an unordered unit holds
  }
  CHECK(ids == std::vector<std::string>{"bre", "mar", "par"});
  const auto first = state.choices(france, "par", {});
  REQUIRE(first.has_value());
  CHECK(texts(*first) == std::vector<std::string>{" H", " -", " S"});  // no convoy on land
  const auto moves = state.choices(france, "par", {" -"});
  REQUIRE(moves.has_value());
  CHECK(texts(*moves) == std::vector<std::string>{" bre", " bur", " gas", " pic"});
  for (const Choice& c : *moves) {
    CHECK(c.complete);
    CHECK(c.last);
    CHECK(c.cells.size() == 1);
  }
  const auto support = state.choices(france, "mar", {" S", " A par"});
  REQUIRE(support.has_value());
  CHECK(texts(*support) == std::vector<std::string>{" - bur", " - gas"});
  CHECK(state.validate(france, {"A mar S A par - bur"}).has_value());
  // A unit of another power, or none, is no decision of France's.
  CHECK_FALSE(state.choices(france, "lon", {}).has_value());
  CHECK_FALSE(state.choices(france, "par", {" - mun"}).has_value());
}

TEST_CASE("choices: an unknown Diplomacy province names the nearest ones") {
  const Registry registry = testing::every_module();
  auto s = registry.find("diplomacy")->new_game("standard", 7);
  REQUIRE(s.has_value());
  const auto v = (*s)->validate(PlayerId{1}, {"F lon - nor"});
  REQUIRE_FALSE(v.has_value());
  CHECK(has(v.error()[0].message, "'nor' is not a province (did you mean"));
  CHECK(has(v.error()[0].message, "nwy (Norway)"));
}

TEST_CASE(
    "choices: a misspelt ship in Tyre, Constantinople and Classis names the seat's nearest ships") {
  const Registry registry = testing::every_module();
  for (const char* scenario : {"tyre/siege", "constantinople/naval", "classis/actium"}) {
    const std::string id = scenario;
    CAPTURE(id);  // a std::string: doctest shows a char pointer's address
    const Game* game = registry.find(id.substr(0, id.find('/')));
    REQUIRE(game != nullptr);
    auto s = game->new_game(id.substr(id.find('/') + 1), 2);
    REQUIRE(s.has_value());
    std::unique_ptr<State> state = std::move(*s);
    int suggested = 0;
    // The first steps, each played with no orders (the defaults), until one
    // in which a seat orders ships (Tyre: the Tyrian deployment after the
    // Macedonian armies'; Classis: the setup after the muster).
    for (int step = 0; step < 4 && suggested == 0 && !state->step().game_over; ++step) {
      for (const PlayerId seat : state->step().to_order) {
        for (const Decision& d : state->decisions(seat)) {
          // The deployment line of the piece, its name misspelt.
          const auto v = state->validate(seat, {d.id + "x: at 0101 facing N"});
          REQUIRE_FALSE(v.has_value());
          const std::string& message = v.error().front().message;
          // A leader's or a land piece's misspelt name is no ship's.
          if (!has(message, "(did you mean ")) continue;
          CAPTURE(message);
          CHECK(has(text::upper(message), text::upper(d.id)));
          ++suggested;
        }
      }
      std::map<PlayerId, OrderSet> defaults;
      for (const PlayerId seat : state->step().to_order)
        defaults[seat] = state->default_orders(seat);
      SeededDice dice(Seed{}, state->step().number);
      state = state->resolve(defaults, dice).next;
    }
    CHECK(suggested > 0);
  }
}

namespace {

// Plays every scenario of `game` (or the one named `scenario`) at random and
// checks the agreement at every step; the number of decisions checked.
int agreement_over_random_play(const std::string& game, const std::string& scenario = "") {
  const Registry registry = testing::every_module();
  const Game* module = registry.find(game);
  REQUIRE(module != nullptr);
  int checked = 0;
  for (const ScenarioInfo& sc : module->scenarios()) {
    if (!scenario.empty() && sc.id != scenario) continue;
    CAPTURE(sc.id);
    auto start = module->new_game(sc.id, sc.max_players);
    REQUIRE(start.has_value());
    Seed seed{};
    seed[1] = 7;
    testing::random_play(std::move(*start), seed, kAgreementSteps,
                         [&](const State& s) { checked += check_agreement(s); });
  }
  return checked;
}

// At least `bound` decisions were checked (in the normal build; some, in the
// shortened games under the sanitizers).
void check_count(int checked, int bound) {
  CAPTURE(checked);
  CHECK(checked > (kShortened ? 0 : bound));
}

}  // namespace

// The games (and Diplomacy's scenarios) the cases below play: a module
// registered later must join them.
const char* const kAgreementCovered[] = {"diplomacy/standard",
                                         "diplomacy/fall-of-constantinople",
                                         "tyre",
                                         "constantinople",
                                         "classis",
                                         "eih-naval",
                                         "masks",
                                         "duel"};

TEST_CASE("choices: every registered scenario is among those the agreement is checked over") {
  const Registry registry = testing::every_module();
  for (const Game* game : registry.games()) {
    for (const ScenarioInfo& sc : game->scenarios()) {
      bool covered = false;
      for (const std::string c : kAgreementCovered)
        covered = covered || c == game->id() || c == game->id() + "/" + sc.id;
      CHECK_MESSAGE(covered, game->id() << "/" << sc.id << " is not checked for agreement");
    }
  }
}

// One test case a module, so that the slow ones run side by side.
TEST_CASE("choices agree with validation over random positions: Diplomacy") {
  check_count(agreement_over_random_play("diplomacy", "standard"), 100);
}
TEST_CASE("choices agree with validation over random positions: The Fall of Constantinople") {
  check_count(agreement_over_random_play("diplomacy", "fall-of-constantinople"), 1000);
}
TEST_CASE("choices agree with validation over random positions: Tyre") {
  check_count(agreement_over_random_play("tyre"), 900);
}
TEST_CASE("choices agree with validation over random positions: Constantinople") {
  check_count(agreement_over_random_play("constantinople"), 250);
}
TEST_CASE("choices agree with validation over random positions: Classis") {
  check_count(agreement_over_random_play("classis"), 400);
}
TEST_CASE("choices agree with validation over random positions: Empires in Harm") {
  check_count(agreement_over_random_play("eih-naval"), 150);
}
TEST_CASE("choices agree with validation over random positions: the test games") {
  check_count(agreement_over_random_play("masks"), 10);
  CHECK(agreement_over_random_play("duel") == 0);  // Duel's orders are typed
}
