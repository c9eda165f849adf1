// Hex geometry: group laws and properties over a whole map-sized area, and
// fixed cases for SPI's column/row numbering.
#include <doctest/doctest.h>

#include <set>

#include "core/hex.h"

using namespace naumachia::hex;

namespace {
std::vector<HexId> area() {
  std::vector<HexId> out;
  for (int c = 1; c <= 60; c += 3) {
    for (int r = 1; r <= 40; r += 3) out.push_back({c, r});
  }
  return out;
}
}  // namespace

TEST_CASE("hex numbers parse and print as XXYY") {
  CHECK(parse_hex("3731") == HexId{37, 31});
  CHECK(parse_hex("0905") == HexId{9, 5});
  CHECK(parse_hex("905") == HexId{9, 5});
  CHECK_FALSE(parse_hex("37x1").has_value());
  CHECK_FALSE(parse_hex("37311").has_value());
  CHECK(format_hex({9, 5}) == "0905");
  CHECK(format_hex({49, 9}) == "4909");
}

TEST_CASE("columns are staggered: north and south share a column, even columns sit lower") {
  CHECK(neighbour({37, 31}, Dir::N) == HexId{37, 30});
  CHECK(neighbour({37, 31}, Dir::S) == HexId{37, 32});
  // From odd column 37, row 31: the even column 38 is half a hex lower.
  CHECK(neighbour({37, 31}, Dir::NE) == HexId{38, 30});
  CHECK(neighbour({37, 31}, Dir::SE) == HexId{38, 31});
  // From even column 38, row 31: the odd columns are half a hex higher.
  CHECK(neighbour({38, 31}, Dir::NE) == HexId{39, 31});
  CHECK(neighbour({38, 31}, Dir::SE) == HexId{39, 32});
  CHECK(neighbour({38, 31}, Dir::NW) == HexId{37, 31});
  CHECK(neighbour({38, 31}, Dir::SW) == HexId{37, 32});
}

TEST_CASE("directions: turning and opposites") {
  CHECK(turn(Dir::N, 1) == Dir::NE);
  CHECK(turn(Dir::N, -1) == Dir::NW);
  CHECK(turn(Dir::SW, 6) == Dir::SW);
  CHECK(opposite(Dir::NE) == Dir::SW);
  CHECK(turns_between(Dir::N, Dir::SW) == 2);
  CHECK(turns_between(Dir::NE, Dir::SW) == 3);
  CHECK(parse_dir("se") == Dir::SE);
  CHECK_FALSE(parse_dir("E").has_value());
}

TEST_CASE("neighbours: a step and its opposite cancel, every neighbour is at distance 1") {
  for (const HexId h : area()) {
    std::set<HexId> seen;
    for (int d = 0; d < 6; ++d) {
      const Dir dir = static_cast<Dir>(d);
      const HexId n = neighbour(h, dir);
      CHECK(neighbour(n, opposite(dir)) == h);
      CHECK(distance(h, n) == 1);
      CHECK(direction_to(h, n) == dir);
      seen.insert(n);
    }
    CHECK(seen.size() == 6);
  }
}

TEST_CASE("distance is a metric") {
  const auto hs = area();
  for (std::size_t i = 0; i < hs.size(); i += 7) {
    for (std::size_t j = 0; j < hs.size(); j += 5) {
      const int d = distance(hs[i], hs[j]);
      CHECK(d == distance(hs[j], hs[i]));
      CHECK((d == 0) == (hs[i] == hs[j]));
      for (std::size_t k = 0; k < hs.size(); k += 11) {
        CHECK(d <= distance(hs[i], hs[k]) + distance(hs[k], hs[j]));
      }
    }
  }
}

TEST_CASE("lines run hex by hex from one end to the other") {
  const auto hs = area();
  for (std::size_t i = 0; i < hs.size(); i += 3) {
    for (std::size_t j = 0; j < hs.size(); j += 7) {
      const auto l = line(hs[i], hs[j]);
      REQUIRE(l.size() == static_cast<std::size_t>(distance(hs[i], hs[j])) + 1);
      CHECK(l.front() == hs[i]);
      CHECK(l.back() == hs[j]);
      for (std::size_t k = 1; k < l.size(); ++k) CHECK(distance(l[k - 1], l[k]) == 1);
    }
  }
  // A straight column: every hex of it.
  CHECK(line({37, 31}, {37, 24}).size() == 8);
}

TEST_CASE("rings have 6r hexes, all at distance r") {
  for (int r = 0; r <= 5; ++r) {
    const auto ring_hexes = ring({30, 20}, r);
    CHECK(ring_hexes.size() == static_cast<std::size_t>(r == 0 ? 1 : 6 * r));
    for (const HexId h : ring_hexes) CHECK(distance({30, 20}, h) == r);
  }
}
