// Cups of chits drawn without replacement (core/cup.h).
#include <doctest/doctest.h>

#include <map>

#include "core/cup.h"

using namespace naumachia;

TEST_CASE("a cup draws every chit exactly once, without replacement") {
  Seed seed{};
  seed[3] = 7;
  SeededDice dice(seed, StepNo{1});
  Cup cup({"chit-b", "chit-a", "chit-c", "chit-a"});
  std::map<std::string, int> drawn;
  while (!cup.empty()) drawn[cup.draw(dice, "Red", Audience::everyone())->chit]++;
  CHECK(drawn == std::map<std::string, int>{{"chit-a", 2}, {"chit-b", 1}, {"chit-c", 1}});
  CHECK_FALSE(cup.draw(dice, "Red", Audience::everyone()).has_value());
  // Three rolls for four chits: the last draw is forced and rolls no die.
  CHECK(dice.log().size() == 3);
}

TEST_CASE("a draw is an event for its audience, with the roll that made it") {
  ScriptedDice dice({2});
  Cup cup({"chit-x", "chit-y", "chit-z"});
  const auto d = cup.draw(dice, "Blue 1", Audience::seat(PlayerId{1}));
  REQUIRE(d.has_value());
  CHECK(d->chit == "chit-y");  // the second in sorted order
  CHECK(d->event.text == "Blue 1 draws chit-y from the cup");
  CHECK(d->event.audience == Audience::seat(PlayerId{1}));
  REQUIRE(d->event.rolls.size() == 1);
  CHECK(d->event.rolls[0].sides == 3);
  CHECK(cup.contents() == std::vector<std::string>{"chit-x", "chit-z"});
}

TEST_CASE("a cup holds no order of future draws: its bytes are the same however it was filled") {
  Cup a({"c3", "c1", "c2"});
  Cup b;
  for (const char* c : {"c2", "c3", "c1"}) b.put(c);
  CHECK(a == b);
  CHECK(a.serialize() == "cup 3 c1 c2 c3");
  CHECK(b.serialize() == a.serialize());
  // Which chit comes out is decided only by the draw's own roll: every chit
  // comes first for some seed.
  std::map<std::string, int> first;
  for (std::uint8_t g = 0; g < 60; ++g) {
    Seed seed{};
    seed[0] = g;
    SeededDice dice(seed, StepNo{1});
    Cup c = a;
    first[c.draw(dice, "Red", Audience::everyone())->chit]++;
  }
  CHECK(first.size() == 3);
  for (const auto& [chit, n] : first) CHECK(n >= 10);
}

TEST_CASE("a stored cup is read back exactly, and corrupt bytes are refused") {
  const Cup c({"b", "a", "a"});
  auto back = Cup::parse(c.serialize());
  REQUIRE(back.has_value());
  CHECK(*back == c);
  CHECK(back->count("a") == 2);
  CHECK_FALSE(Cup::parse("cup 2 a").has_value());    // wrong count
  CHECK_FALSE(Cup::parse("cup 2 b a").has_value());  // not sorted
  CHECK_FALSE(Cup::parse("deck 1 a").has_value());   // not a cup
  CHECK_FALSE(Cup::parse("cup x").has_value());
  CHECK(Cup::parse("cup 0").has_value());
  Cup t = c;
  CHECK(t.take("a"));
  CHECK_FALSE(t.take("z"));
  CHECK(t.size() == 2);
}
