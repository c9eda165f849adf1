#include "games/tyre/tables.h"

#include <algorithm>

#include "core/text.h"

namespace naumachia::tyre {

namespace {

Expected<ShipType> ship_type(std::string_view w) {
  if (w == "bireme") return ShipType::Bireme;
  if (w == "quinquereme") return ShipType::Quinquereme;
  if (w == "trireme") return ShipType::Trireme;
  return fail("unknown ship type '" + std::string(w) + "'");
}

Expected<ShipValues> values(std::string_view w) {
  const auto parts = text::split(w, "-");
  long long a = 0, b = 0, c = 0;
  if (parts.size() != 3 || !text::parse_int(parts[0], a) || !text::parse_int(parts[1], b) ||
      !text::parse_int(parts[2], c)) {
    return fail("'" + std::string(w) + "' is not MELEE-SPEED-RAMMING_SPEED");
  }
  return ShipValues{static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)};
}

Expected<MeleeEffect> melee_effect(std::string_view w) {
  if (w == "-") return MeleeEffect::None;
  if (w == "Ds") return MeleeEffect::Disrupted;
  if (w == "Dm") return MeleeEffect::Damaged;
  if (w == "S") return MeleeEffect::Sunk;
  return fail("unknown melee result '" + std::string(w) + "'");
}

}  // namespace

const char* type_name(ShipType t) {
  return t == ShipType::Bireme ? "bireme" : t == ShipType::Quinquereme ? "quinquereme" : "trireme";
}

const char* effect_name(RamEffect e) {
  switch (e) {
    case RamEffect::None:
      return "no effect";
    case RamEffect::Pinned:
      return "pinned";
    case RamEffect::Damaged:
      return "damaged";
    case RamEffect::Sunk:
      return "sunk";
  }
  return "?";
}

const char* effect_name(MeleeEffect e) {
  switch (e) {
    case MeleeEffect::None:
      return "no effect";
    case MeleeEffect::Disrupted:
      return "disrupted";
    case MeleeEffect::Damaged:
      return "damaged";
    case MeleeEffect::Sunk:
      return "sunk";
  }
  return "?";
}

Expected<NavalTables> NavalTables::load(std::string_view text_in) {
  NavalTables t;
  int n = 0;
  for (std::string_view raw : text::lines(text_in)) {
    ++n;
    const auto w = text::split(text::trim(raw.substr(0, raw.find('#'))));
    if (w.empty()) continue;
    const std::string where = "naval tables line " + std::to_string(n) + ": ";
    long long v = 0;
    if (w[0] == "class" && w.size() == 4) {
      auto type = ship_type(w[1]);
      auto full = values(w[2]);
      auto dam = values(w[3]);
      if (!type || !full || !dam) return fail(where + "bad class line");
      t.classes_[*type] = ShipClass{*full, *dam};
    } else if (w[0] == "ram" && w.size() == 5 && text::parse_int(w[3], v)) {
      auto a = ship_type(w[1]);
      auto d = ship_type(w[2]);
      if (!a || !d || (w[4] != "pin" && w[4] != "roll")) return fail(where + "bad ram line");
      t.ram_[{*a, *d}] = RamEntry{static_cast<int>(v), w[4] == "roll"};
    } else if (w[0] == "damage" && w.size() == 3 && text::parse_int(w[1], v)) {
      const RamEffect e = w[2] == "pin"       ? RamEffect::Pinned
                          : w[2] == "damaged" ? RamEffect::Damaged
                                              : RamEffect::Sunk;
      if (w[2] != "pin" && w[2] != "damaged" && w[2] != "sunk")
        return fail(where + "bad damage line");
      t.damage_[static_cast<int>(v)] = e;
    } else if (w[0] == "melee" && w.size() == 8 && text::parse_int(w[1], v)) {
      for (int die = 1; die <= 6; ++die) {
        auto e = melee_effect(w[static_cast<std::size_t>(die + 1)]);
        if (!e) return fail(where + e.error().message);
        t.melee_[static_cast<int>(v)][die] = *e;
      }
    } else {
      return fail(where + "not understood");
    }
  }
  if (t.classes_.size() != 3 || t.ram_.size() != 9 || t.damage_.size() != 6 || t.melee_.empty()) {
    return fail(
        "naval tables: incomplete (3 classes, 9 ram lines, 6 damage lines and the melee table)");
  }
  return t;
}

RamEffect NavalTables::ram(ShipType rammer, ShipType defender, const RamModifiers& mods, Dice& dice,
                           const std::string& who) const {
  const RamEntry& e = ram_.at({rammer, defender});
  // Tyre 6.14, 16.22: leader ratings modify the first roll only.
  const int first = dice.roll(6, "ramming: " + who);
  if (first + mods.attacker_leader - mods.defender_leader < e.low) return RamEffect::None;
  if (!e.second_roll) return RamEffect::Pinned;
  // Tyre 6.4, 8.0: +1 on the damage roll if the defender is damaged or
  // transporting, +2 if both; a result above 6 reads as 6.
  const int bonus = (mods.defender_damaged ? 1 : 0) + (mods.defender_transporting ? 1 : 0);
  const int second = dice.roll(6, "ramming damage: " + who);
  return damage_.at(std::min(6, second + bonus));
}

MeleeEffect NavalTables::melee(int differential, int die) const {
  // Tyre 6.5: differentials beyond the table use its first or last line.
  const int lo = melee_.begin()->first, hi = melee_.rbegin()->first;
  return melee_.at(std::clamp(differential, lo, hi)).at(std::clamp(die, 1, 6));
}

}  // namespace naumachia::tyre
