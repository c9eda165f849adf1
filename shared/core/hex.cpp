#include "core/hex.h"

#include <array>
#include <cmath>
#include <cstdlib>

#include "core/text.h"

namespace naumachia::hex {

namespace {

struct Axial {
  int q, r;
};

Axial to_axial(HexId h) {
  return {h.col, h.row - (h.col + (h.col & 1)) / 2};
}
HexId from_axial(Axial a) {
  return {a.q, a.r + (a.q + (a.q & 1)) / 2};
}

constexpr std::array<Axial, 6> kStep{{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};
constexpr std::array<const char*, 6> kNames{"N", "NE", "SE", "S", "SW", "NW"};

// Rounds fractional cube coordinates to the hex containing them.
Axial round_cube(double x, double z) {
  const double y = -x - z;
  double rx = std::round(x), ry = std::round(y), rz = std::round(z);
  const double dx = std::abs(rx - x), dy = std::abs(ry - y), dz = std::abs(rz - z);
  if (dx > dy && dx > dz) {
    rx = -ry - rz;
  } else if (dy <= dz) {
    rz = -rx - ry;
  }
  return {static_cast<int>(rx), static_cast<int>(rz)};
}

}  // namespace

Dir turn(Dir d, int sixths) {
  return static_cast<Dir>(((static_cast<int>(d) + sixths) % 6 + 6) % 6);
}

Dir opposite(Dir d) {
  return turn(d, 3);
}

const char* name(Dir d) {
  return kNames[static_cast<std::size_t>(d)];
}

std::optional<Dir> parse_dir(std::string_view s) {
  const std::string up = text::upper(s);
  for (int i = 0; i < 6; ++i) {
    if (up == kNames[static_cast<std::size_t>(i)]) return static_cast<Dir>(i);
  }
  return std::nullopt;
}

int turns_between(Dir a, Dir b) {
  const int d = std::abs(static_cast<int>(a) - static_cast<int>(b));
  return d > 3 ? 6 - d : d;
}

std::optional<HexId> parse_hex(std::string_view s) {
  s = text::trim(s);
  long long v = 0;
  if ((s.size() != 4 && s.size() != 3) || !text::parse_int(s, v) || v < 0) return std::nullopt;
  return HexId{static_cast<int>(v / 100), static_cast<int>(v % 100)};
}

std::string format_hex(HexId h) {
  std::string c = std::to_string(h.col), r = std::to_string(h.row);
  if (c.size() < 2) c.insert(0, 2 - c.size(), '0');
  if (r.size() < 2) r.insert(0, 2 - r.size(), '0');
  return c + r;
}

HexId neighbour(HexId h, Dir d) {
  const Axial a = to_axial(h);
  const Axial s = kStep[static_cast<std::size_t>(d)];
  return from_axial({a.q + s.q, a.r + s.r});
}

std::array<HexId, 6> neighbours(HexId h) {
  std::array<HexId, 6> out;
  for (int i = 0; i < 6; ++i) out[static_cast<std::size_t>(i)] = neighbour(h, static_cast<Dir>(i));
  return out;
}

int distance(HexId a, HexId b) {
  const Axial x = to_axial(a), y = to_axial(b);
  const int dq = x.q - y.q, dr = x.r - y.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

std::optional<Dir> direction_to(HexId a, HexId b) {
  for (int i = 0; i < 6; ++i) {
    if (neighbour(a, static_cast<Dir>(i)) == b) return static_cast<Dir>(i);
  }
  return std::nullopt;
}

namespace {
std::vector<HexId> nudged_line(HexId a, HexId b, double nudge) {
  const Axial x = to_axial(a), y = to_axial(b);
  const int n = distance(a, b);
  std::vector<HexId> out;
  for (int i = 0; i <= n; ++i) {
    const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
    // The nudge keeps points off hexsides, so rounding never ties.
    const double qx = x.q + (y.q - x.q) * t + nudge;
    const double rz = x.r + (y.r - x.r) * t + 2 * nudge;
    out.push_back(from_axial(round_cube(qx, rz)));
  }
  return out;
}
}  // namespace

std::vector<HexId> line(HexId a, HexId b) {
  return nudged_line(a, b, 1e-6);
}

std::vector<HexId> line_other_side(HexId a, HexId b) {
  return nudged_line(a, b, -1e-6);
}

std::vector<HexId> ring(HexId centre, int radius) {
  if (radius == 0) return {centre};
  std::vector<HexId> out;
  HexId h = centre;
  for (int i = 0; i < radius; ++i) h = neighbour(h, Dir::SW);
  for (int side = 0; side < 6; ++side) {
    for (int i = 0; i < radius; ++i) {
      out.push_back(h);
      h = neighbour(h, static_cast<Dir>(side));
    }
  }
  return out;
}

}  // namespace naumachia::hex
