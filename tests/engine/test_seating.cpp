// Seats and sides (core/seating.h): a side of several seats, a seat of several
// sides, and the standing after resignations.
#include <doctest/doctest.h>

#include "core/seating.h"

using namespace naumachia;

TEST_CASE("one side each, dealt round robin, and partners") {
  const auto one = Seating::one_side_each({"Tyrian", "Macedonian"}, 2);
  CHECK(one.seat_names == std::vector<std::string>{"Tyrian", "Macedonian"});
  CHECK(one.problem() == "");
  CHECK_FALSE(one.partners(PlayerId{0}, PlayerId{1}));

  const auto dealt = Seating::dealt_round_robin({"A", "B", "C", "D", "E"}, 2);
  CHECK(dealt.seat_names == std::vector<std::string>{"A+C+E", "B+D"});
  CHECK(dealt.sides_of(PlayerId{1}) == std::vector<SideId>{SideId{1}, SideId{3}});
  CHECK(dealt.seats_of(SideId{4}) == std::vector<PlayerId>{PlayerId{0}});

  // Trafalgar: France and Spain, two players, one side.
  const auto t =
      Seating::partnered({"Britain", "Franco-Spanish"}, {"Britain", "France", "Spain"}, {0, 1, 1});
  CHECK(t.problem() == "");
  CHECK(t.partners(PlayerId{1}, PlayerId{2}));
  CHECK_FALSE(t.partners(PlayerId{0}, PlayerId{1}));
  CHECK_FALSE(t.partners(PlayerId{1}, PlayerId{1}));
  CHECK(t.side_mates(PlayerId{2}) == std::vector<PlayerId>{PlayerId{1}, PlayerId{2}});
  CHECK(t.side_audience(SideId{1}) == Audience::seats({PlayerId{1}, PlayerId{2}}));

  const auto bad = Seating::partnered({"X"}, {"a", "b"}, {0, 3});
  CHECK(bad.problem().find("side 3") != std::string::npos);
}

TEST_CASE("standing: a shared side plays on while one of its seats does") {
  const auto t =
      Seating::partnered({"Britain", "Franco-Spanish"}, {"Britain", "France", "Spain"}, {0, 1, 1});
  auto s = standing(t, {false, true, false});  // France resigns: Spain plays on
  CHECK_FALSE(s.decided);
  CHECK(s.remaining == std::vector<SideId>{SideId{0}, SideId{1}});
  s = standing(t, {true, false, false});  // Britain resigns: the allies win
  CHECK(s.decided);
  CHECK(s.remaining == std::vector<SideId>{SideId{1}});
  CHECK(winning_seats(t, s.remaining, {true, false, false}) ==
        std::vector<PlayerId>{PlayerId{1}, PlayerId{2}});
  CHECK(winning_seats(t, {SideId{1}}, {false, true, false}) == std::vector<PlayerId>{PlayerId{2}});
}

TEST_CASE("standing: one seat left holding several sides wins with all of them") {
  const auto d = Seating::dealt_round_robin({"A", "B", "C", "D", "E", "F", "G"}, 3);
  auto s = standing(d, {false, true, true});
  CHECK(s.decided);
  CHECK(s.remaining == std::vector<SideId>{SideId{0}, SideId{3}, SideId{6}});
  CHECK_FALSE(standing(d, {false, false, true}).decided);
  s = standing(d, {true, true, true});
  CHECK(s.decided);
  CHECK(s.remaining.empty());
}

TEST_CASE("audiences: public, listed seats, nobody / their text round-trips") {
  CHECK(Audience::everyone().includes(std::nullopt));
  const auto two = Audience::seats({PlayerId{2}, PlayerId{0}, PlayerId{2}});
  CHECK(two.members() == std::vector<PlayerId>{PlayerId{0}, PlayerId{2}});
  CHECK(two.includes(PlayerId{2}));
  CHECK_FALSE(two.includes(PlayerId{1}));
  CHECK_FALSE(two.includes(std::nullopt));
  CHECK_FALSE(Audience::nobody().includes(PlayerId{0}));
  CHECK(Audience::everyone().covers(two));
  CHECK(two.covers(Audience::seat(PlayerId{0})));
  CHECK_FALSE(two.covers(Audience::everyone()));
  for (const Audience& a : {Audience::everyone(), two, Audience::nobody()})
    CHECK(Audience::parse(a.text()).value() == a);
  CHECK_FALSE(Audience::parse("seats x").has_value());
  CHECK_FALSE(Audience::parse("some").has_value());
}
