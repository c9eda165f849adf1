#include "games/tyre/tables.h"

#include <algorithm>

#include "core/records.h"

namespace naumachia::tyre {

namespace {

Expected<ShipType> ship_type(const records::Record& r, std::size_t i) {
  return r.choice<ShipType>(i, "ship type",
                            {{"bireme", ShipType::Bireme},
                             {"trireme", ShipType::Trireme},
                             {"quinquereme", ShipType::Quinquereme}});
}

// MELEE-SPEED-RAMMING_SPEED
Expected<ShipValues> values(const records::Record& r, std::size_t i) {
  const auto v = r.integers(i, "-", 3, 0, 99);
  if (!v) return fail(v.error().message + " (MELEE-SPEED-RAMMING_SPEED)");
  return ShipValues{(*v)[0], (*v)[1], (*v)[2]};
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
  for (const records::Record& r : records::read(text_in, "naval tables")) {
    if (r.is("class", 3)) {
      auto type = ship_type(r, 1);
      if (!type) return fail(type.error().message);
      auto full = values(r, 2);
      if (!full) return fail(full.error().message);
      auto dam = values(r, 3);
      if (!dam) return fail(dam.error().message);
      t.classes_[*type] = ShipClass{*full, *dam};
    } else if (r.is("ram", 4)) {
      auto a = ship_type(r, 1);
      if (!a) return fail(a.error().message);
      auto d = ship_type(r, 2);
      if (!d) return fail(d.error().message);
      auto low = r.integer(3, 1, 7);
      if (!low) return fail(low.error().message);
      auto second = r.choice<bool>(4, "ram result", {{"pin", false}, {"roll", true}});
      if (!second) return fail(second.error().message);
      t.ram_[{*a, *d}] = RamEntry{*low, *second};
    } else if (r.is("damage", 2)) {
      auto die = r.integer(1, 1, 6);
      if (!die) return fail(die.error().message);
      auto e = r.choice<RamEffect>(
          2, "ramming damage",
          {{"pin", RamEffect::Pinned}, {"damaged", RamEffect::Damaged}, {"sunk", RamEffect::Sunk}});
      if (!e) return fail(e.error().message);
      t.damage_[*die] = *e;
    } else if (r.is("melee", 7)) {
      auto differential = r.integer(1, -99, 99);
      if (!differential) return fail(differential.error().message);
      for (int die = 1; die <= 6; ++die) {
        auto e = r.choice<MeleeEffect>(static_cast<std::size_t>(die + 1), "melee result",
                                       {{"-", MeleeEffect::None},
                                        {"Ds", MeleeEffect::Disrupted},
                                        {"Dm", MeleeEffect::Damaged},
                                        {"S", MeleeEffect::Sunk}});
        if (!e) return fail(e.error().message);
        t.melee_[*differential][die] = *e;
      }
    } else {
      return r.error("not understood");
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
