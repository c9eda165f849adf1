#pragma once
// Reading orders as players write them, on any Diplomacy map: the tokens of
// an order and a cursor over them. The standard game's notation
// (orders.cpp) and The Fall of Constantinople's (games/fall/orders.cpp) are
// both read with these.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/diplomacy/map.h"

namespace naumachia::diplomacy::notation {

// Lower-cases, turns "spa(nc)" into "spa/nc" and "->" into "-", and splits.
// Hyphens inside province names ("Mid-Atlantic Ocean") are not moves.
std::vector<std::string> tokens(const Map& map, std::string_view raw);

bool is_any(const std::string& w, std::initializer_list<const char*> words);

struct Cursor {
  const Map& map;
  std::vector<std::string> t;
  std::size_t i = 0;

  bool done() const { return i >= t.size(); }
  const std::string& peek() const {
    static const std::string kEnd;
    return done() ? kEnd : t[i];
  }

  std::optional<UnitType> unit_type() {
    if (is_any(peek(), {"a", "army"})) {
      ++i;
      return UnitType::Army;
    }
    if (is_any(peek(), {"f", "fleet"})) {
      ++i;
      return UnitType::Fleet;
    }
    return std::nullopt;
  }

  // A province by id or by name (up to four words), with an optional coast.
  Expected<std::string> location();
  // After the unit a support or convoy is for: where it moves ("- bur", "to
  // bur"), or "" when it holds ("H" or nothing).
  Expected<std::string> target_dest();
};

}  // namespace naumachia::diplomacy::notation
