#include "games/tyre/land.h"

#include <algorithm>
#include <tuple>

#include "core/records.h"
#include "core/text.h"

namespace naumachia::tyre {

using hex::Dir;
using hex::HexId;

const char* side_name(Side s) {
  return s == Side::Tyrian ? "Tyrian" : "Macedonian";
}

const char* kind_name(UnitKind k) {
  return k == UnitKind::Melee ? "melee" : k == UnitKind::Fire ? "fire" : "fire-melee";
}

const char* kind_name(EngineKind k) {
  switch (k) {
    case EngineKind::Tower:
      return "siege tower";
    case EngineKind::Catapult:
      return "catapult";
    case EngineKind::Ram:
      return "battering ram";
    case EngineKind::TyrianCatapult:
      return "Tyrian catapult";
  }
  return "?";
}

const char* result_name(Result r) {
  switch (r) {
    case Result::None:
      return "no effect";
    case Result::Disrupted:
      return "disrupted";
    case Result::Retreat:
      return "retreat";
    case Result::Eliminated:
      return "eliminated";
  }
  return "?";
}

Expected<Side> side_field(const records::Record& r, std::size_t i) {
  return r.choice<Side>(i, "side", {{"Tyrian", Side::Tyrian}, {"Macedonian", Side::Macedonian}});
}

namespace {

Expected<Result> result_field(const records::Record& r, std::size_t i) {
  return r.choice<Result>(i, "result",
                          {{"-", Result::None},
                           {"D", Result::Disrupted},
                           {"R", Result::Retreat},
                           {"E", Result::Eliminated}});
}

Expected<WallEffect> wall_effect_field(const records::Record& r, std::size_t i) {
  return r.choice<WallEffect>(i, "wall effect",
                              {{"none", WallEffect::None},
                               {"damaged", WallEffect::Damaged},
                               {"eliminated", WallEffect::Eliminated}});
}

// One line of the order of battle; an error names the line.
std::optional<Error> army_line(Army& a, const records::Record& r) {
  const auto err = [](const auto& e) { return std::optional<Error>(e.error()); };
  if (r.is("contingent", 3)) {
    auto side = side_field(r, 2);
    if (!side) return err(side);
    a.contingents.push_back(Contingent{std::string(r[1]), *side, std::string(r[3])});
    return std::nullopt;
  }
  if (r.is("unit", 5, 6)) {
    const auto c = std::find_if(a.contingents.begin(), a.contingents.end(),
                                [&](const Contingent& x) { return x.id == r[2]; });
    if (c == a.contingents.end())
      return r.error("unknown contingent '" + std::string(r[2]) + "'").error;
    auto kind = r.choice<UnitKind>(3, "unit kind",
                                   {{"melee", UnitKind::Melee},
                                    {"fire", UnitKind::Fire},
                                    {"fire-melee", UnitKind::FireMelee}});
    if (!kind) return err(kind);
    auto melee = r.integer(4, 0, 20);
    if (!melee) return err(melee);
    auto move = r.integer(5, 0, 20);
    if (!move) return err(move);
    UnitType u;
    u.id = std::string(r[1]);
    u.contingent = c->id;
    u.side = c->side;
    u.kind = *kind;
    u.melee = *melee;
    u.move = *move;
    if ((u.kind == UnitKind::Melee) != (r.size() == 6))
      return r.error("fire units need a fire row, melee units none").error;
    if (r.size() == 7) u.fire_row = std::string(r[6]);
    a.units.push_back(u);
    return std::nullopt;
  }
  if (r.is("leader", 3, 4)) {
    LandLeaderType l;
    l.id = std::string(r[1]);
    auto side = side_field(r, 2);
    if (!side) return err(side);
    l.side = *side;
    auto ratings = r.integers(3, "-", 4, 0, 20);
    if (!ratings) return Error{ratings.error().message + " (MORALE-BONUS-RADIUS-MOVE)"};
    l.morale = (*ratings)[0];
    l.bonus = (*ratings)[1];
    l.radius = (*ratings)[2];
    l.move = (*ratings)[3];
    if (r.size() == 5 && r[4] != "all") {
      for (auto c : text::split(r[4], ",")) l.contingents.insert(std::string(c));
    }
    a.leaders.push_back(l);
    return std::nullopt;
  }
  if (r.is("engine", 2)) {
    auto k = r.choice<EngineKind>(2, "engine",
                                  {{"tower", EngineKind::Tower},
                                   {"catapult", EngineKind::Catapult},
                                   {"ram", EngineKind::Ram},
                                   {"tyrian-catapult", EngineKind::TyrianCatapult}});
    if (!k) return err(k);
    a.engines.push_back(EngineType{std::string(r[1]), *k});
    return std::nullopt;
  }
  if (r.is("at", 2)) {
    auto h = r.hex(2);
    if (!h) return err(h);
    a.deploy[std::string(r[1])] = *h;
    return std::nullopt;
  }
  return r.error("not understood").error;
}

}  // namespace

Expected<Army> Army::load(std::string_view text_in) {
  Army a;
  for (const records::Record& r : records::read(text_in, "land")) {
    if (auto e = army_line(a, r)) return fail(e->message);
  }
  return a;
}

Expected<SiegeTables> SiegeTables::load(std::string_view text_in) {
  SiegeTables t;
  for (const records::Record& r : records::read(text_in, "land-tables")) {
    if (r.is("attenuation", 4)) {
      std::vector<int> row;
      for (std::size_t i = 2; i < 5; ++i) {
        auto v = r.integer(i, 0, 20);
        if (!v) return fail(v.error().message);
        row.push_back(*v);
      }
      t.attenuation_[std::string(r[1])] = row;
    } else if (r.is("fire", 5) || r.is("melee", 9)) {
      auto die = r.integer(1, 1, 6);
      if (!die) return fail(die.error().message);
      auto& row = (r.keyword() == "fire" ? t.fire_ : t.melee_)[*die];
      for (std::size_t i = 2; i < r.size(); ++i) {
        auto res = result_field(r, i);
        if (!res) return fail(res.error().message);
        row.push_back(*res);
      }
    } else if (r.is("bombard", 2) || r.is("batter", 2) || r.is("repair", 2)) {
      auto die = r.integer(1, 1, 6);
      if (!die) return fail(die.error().message);
      auto v = r.integer(2, 0, 20);
      if (!v) return fail(v.error().message);
      (r.keyword() == "bombard"  ? t.bombard_
       : r.keyword() == "batter" ? t.batter_
                                 : t.repair_)[*die] = *v;
    } else if (r.is("counter", 3)) {
      auto die = r.integer(1, 1, 6);
      if (!die) return fail(die.error().message);
      auto a = wall_effect_field(r, 2);
      if (!a) return fail(a.error().message);
      auto b = wall_effect_field(r, 3);
      if (!b) return fail(b.error().message);
      t.counter_[*die] = {*a, *b};
    } else if (r.keyword() == "mole") {
      for (std::size_t i = 1; i < r.size(); ++i) {
        auto h = r.hex(i);
        if (!h) return fail(h.error().message);
        t.mole_.push_back(*h);
      }
    } else {
      return r.error("not understood");
    }
  }
  for (int d = 1; d <= 6; ++d) {
    if (!t.fire_.count(d) || !t.melee_.count(d) || !t.bombard_.count(d) || !t.batter_.count(d) ||
        !t.counter_.count(d) || !t.repair_.count(d))
      return fail("land-tables: every table needs the die rolls 1 to 6");
  }
  return t;
}

int SiegeTables::attenuation(const std::string& row, int distance) const {
  const auto it = attenuation_.find(row);
  if (it == attenuation_.end() || distance < 1 || distance > 3) return 0;
  return it->second[static_cast<std::size_t>(distance - 1)];
}

Result SiegeTables::fire(int rating, int die) const {
  if (rating < 1) return Result::None;
  return fire_.at(std::clamp(die, 1, 6))[static_cast<std::size_t>(std::min(rating, 4) - 1)];
}

std::optional<int> SiegeTables::melee_column(int attack, int defence) {
  // 12.0: the ratio is rounded down in favour of the defender; below 1-2 no
  // effect; above 7-1 read as 7-1 (12.6).
  if (defence <= 0) return 7;
  if (attack >= defence) return std::min(attack / defence, 7);
  if (attack * 2 >= defence) return 0;
  return std::nullopt;
}

const char* SiegeTables::column_name(int column) {
  static const char* names[] = {"1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"};
  return names[std::clamp(column, 0, 7)];
}

Result SiegeTables::melee(int column, int die) const {
  return melee_.at(std::clamp(die, 1, 6))[static_cast<std::size_t>(std::clamp(column, 0, 7))];
}

// ------------------------------------------------------------ terrain

bool is_wall(Terrain t) {
  return t == Terrain::PrimaryWall || t == Terrain::SecondaryWall;
}

bool is_island(Terrain t) {
  switch (t) {
    case Terrain::Beach:
    case Terrain::PrimaryWall:
    case Terrain::SecondaryWall:
    case Terrain::OpenGround:
    case Terrain::City:
    case Terrain::Temple:
    case Terrain::Agenorium:
      return true;
    default:
      return false;
  }
}

bool is_land(Terrain t) {
  return is_island(t) || t == Terrain::Mole || t == Terrain::Mainland || t == Terrain::MainlandPort;
}

bool blocks_sight(Terrain t) {
  return is_wall(t) || t == Terrain::City || t == Terrain::Temple || t == Terrain::Agenorium;
}

bool exerts_zoc(const LandBoard& b, HexId from, HexId to) {
  if (hex::distance(from, to) != 1) return false;
  const Terrain tf = b.terrain(from), tt = b.terrain(to);
  if (!is_land(tf) || !is_land(tt)) return false;  // 10.12: not across water
  if (b.has_siege_unit(from)) return false;        // 10.11
  const bool from_wall = is_wall(tf) && !b.breached(from);
  const bool to_wall = is_wall(tt) && !b.breached(to);
  return !(to_wall && !from_wall);  // 10.13
}

bool enemy_controlled(const LandBoard& b, Side side, HexId h, const std::set<HexId>& ignore) {
  for (const HexId n : hex::neighbours(h)) {
    if (ignore.count(n)) continue;
    if (b.combat_unit(n) == enemy(side) && exerts_zoc(b, n, h)) return true;
  }
  return false;
}

std::optional<int> move_cost_halves(const LandBoard& b, Side side, HexId from, HexId to,
                                    const std::set<HexId>& zoc_ignored) {
  if (hex::distance(from, to) != 1) return std::nullopt;
  const Terrain tf = b.terrain(from), tt = b.terrain(to);
  if (!is_land(tt)) return std::nullopt;
  const bool to_breach = is_wall(tt) && b.breached(to);
  if (!is_land(tf)) {
    // 8.32: a unit wading ashore goes only into the breached primary wall.
    if (tt == Terrain::PrimaryWall && to_breach) return 4;
    return std::nullopt;
  }
  if (tf == Terrain::Beach) {
    // 8.33, 9.31: from a beach only into a breach, or a secondary wall out
    // of the enemy's zone of control; never along the beach.
    if (to_breach) return 4;
    if (tt == Terrain::SecondaryWall && !enemy_controlled(b, side, to, zoc_ignored)) return 8;
    return std::nullopt;
  }
  if (is_wall(tt)) {
    if (to_breach) return 4;           // 9.22
    if (is_wall(tf)) return 1;         // 9.23: wall to wall, half a point
    if (tt == Terrain::PrimaryWall) {  // 9.25, 9.28
      if (side == Side::Macedonian) return std::nullopt;
      return 2;
    }
    if (enemy_controlled(b, side, to, zoc_ignored)) return std::nullopt;  // 9.24, 10.23
    return side == Side::Tyrian ? 2 : 8;  // 9.23; addenda 9.28 for the Tyrian
  }
  switch (tt) {
    case Terrain::Beach:
    case Terrain::City:
    case Terrain::Temple:
    case Terrain::Agenorium:
      return 4;  // 9.28: two points
    default:
      return 2;  // 9.21: clear terrain
  }
}

bool line_of_sight(const LandBoard& b, HexId from, HexId to) {
  for (const auto& path : {hex::line(from, to), hex::line_other_side(from, to)}) {
    for (std::size_t i = 1; i + 1 < path.size(); ++i) {
      if (blocks_sight(b.terrain(path[i]))) return false;  // 11.11, 11.12
    }
  }
  return true;
}

// ------------------------------------------------------------ retreats

namespace {

// The board with the retreating units where they have got to.
class RetreatBoard final : public LandBoard {
 public:
  RetreatBoard(const LandBoard& base, std::map<HexId, Side> moved, std::set<HexId> vacated)
      : base_(base), moved_(std::move(moved)), vacated_(std::move(vacated)) {}
  Terrain terrain(HexId h) const override { return base_.terrain(h); }
  bool breached(HexId h) const override { return base_.breached(h); }
  std::optional<Side> combat_unit(HexId h) const override {
    const auto m = moved_.find(h);
    if (m != moved_.end()) return m->second;
    if (vacated_.count(h)) return std::nullopt;
    return base_.combat_unit(h);
  }
  bool has_siege_unit(HexId h) const override { return base_.has_siege_unit(h); }

 private:
  const LandBoard& base_;
  std::map<HexId, Side> moved_;
  std::set<HexId> vacated_;
};

struct Mover {
  Retreat r;
  HexId at{};
  bool alive = true;
  bool beached = false;  // 11.25: into one beach hex at most
  std::vector<HexId> path;
};

std::vector<HexId> candidates(const RetreatBoard& board, const Mover& m, int step,
                              const std::set<HexId>& retreating_at,
                              const std::map<HexId, Side>& leaving, RulesVersion rules) {
  // 11.31 in the entry of a wall hex too (rules 3; worked example B).
  static const std::set<HexId> kNone;
  const std::set<HexId>& wall_zoc_ignored = rules.value >= 3 ? retreating_at : kNone;
  std::vector<HexId> out;
  for (const HexId n : hex::neighbours(m.at)) {
    if (hex::distance(m.r.from, n) != step) continue;  // 11.24: as far away as the result says
    if (!move_cost_halves(board, m.r.side, m.at, n, wall_zoc_ignored))
      continue;  // prohibited terrain
    if (board.terrain(n) == Terrain::Beach && m.beached) continue;
    const auto occupant = board.combat_unit(n);
    if (occupant == enemy(m.r.side)) continue;
    // 11.31: a retreating unit controls only the hex it is leaving.
    const auto l = leaving.find(n);
    if (l != leaving.end() && l->second == enemy(m.r.side)) continue;
    if (enemy_controlled(board, m.r.side, n, retreating_at)) continue;  // 10.25
    out.push_back(n);
  }
  return out;
}

int enemies_adjacent(const RetreatBoard& board, Side side, HexId h) {
  int n = 0;
  for (const HexId x : hex::neighbours(h)) n += board.combat_unit(x) == enemy(side);
  return n;
}

}  // namespace

RetreatOutcome retreat_simultaneously(const LandBoard& b, const std::vector<Retreat>& retreats,
                                      const std::map<Side, HexId>& refuge, RulesVersion rules) {
  std::vector<Mover> movers;
  for (const Retreat& r : retreats) movers.push_back(Mover{r, r.from, true, false, {}});
  std::sort(movers.begin(), movers.end(),
            [](const Mover& x, const Mover& y) { return x.r.unit < y.r.unit; });
  RetreatOutcome out;
  std::set<HexId> origins;
  for (const Mover& m : movers) origins.insert(m.r.from);
  for (int step = 1;; ++step) {
    std::map<HexId, Side> moved, leaving;
    std::set<HexId> retreating_at;
    bool any = false;
    for (const Mover& m : movers) {
      if (!m.alive) continue;
      retreating_at.insert(m.at);
      if (m.r.hexes >= step) {
        leaving[m.at] = m.r.side;
        any = true;
      } else {
        moved[m.at] = m.r.side;  // finished: an ordinary unit again
      }
    }
    if (!any) break;
    for (const Mover& m : movers) {
      if (m.alive && m.r.hexes >= step) moved[m.at] = m.r.side;
    }
    const RetreatBoard board(b, moved, origins);
    std::map<std::string, std::vector<HexId>> options;
    std::map<HexId, std::set<Side>> wanted;
    for (const Mover& m : movers) {
      if (!m.alive || m.r.hexes < step) continue;
      auto c = candidates(board, m, step, retreating_at, leaving, rules);
      for (const HexId h : c) wanted[h].insert(m.r.side);
      options[m.r.unit] = std::move(c);
    }
    // The hexes each unit may end this step in, before friends compete for them.
    std::map<std::string, std::vector<HexId>> ok;
    for (const Mover& m : movers) {
      if (!m.alive || m.r.hexes < step) continue;
      const bool last = step == m.r.hexes;
      auto& mine = ok[m.r.unit];
      for (const HexId h : options[m.r.unit]) {
        if (wanted[h].size() > 1) continue;  // 11.32: both sides could enter it
        const auto friend_there = b.combat_unit(h);
        const bool passing = !origins.count(h) && friend_there == m.r.side;
        if (passing && (last || !m.r.fire_unit)) continue;  // 9.51; 11.24 through fire units
        mine.push_back(h);
      }
    }
    // Friends may not end a step in one hex. Rules version 1 gave each unit
    // in turn (by name) its best free hex, so a unit's fate could depend on
    // its name; from version 2 the unit with the fewest free hexes left
    // chooses first, so no unit is lost while a free hex would save it
    // (11.3: the retreats are simultaneous; docs/rules/tyre.md).
    std::set<HexId> taken;
    std::vector<Mover*> order;
    for (Mover& m : movers) {
      if (m.alive && m.r.hexes >= step) order.push_back(&m);
    }
    const auto free_count = [&](const Mover* m) {
      int n = 0;
      for (const HexId h : ok[m->r.unit]) n += !taken.count(h);
      return n;
    };
    while (!order.empty()) {
      auto next = order.begin();
      if (rules.value >= 2) {
        next = std::min_element(order.begin(), order.end(), [&](const Mover* x, const Mover* y) {
          return std::make_pair(free_count(x), x->r.unit) <
                 std::make_pair(free_count(y), y->r.unit);
        });
      }
      Mover& m = **next;
      order.erase(next);
      std::vector<HexId> free;
      for (const HexId h : ok[m.r.unit]) {
        if (!taken.count(h)) free.push_back(h);
      }
      if (free.empty()) {
        m.alive = false;
        out.eliminated[m.r.unit] =
            options[m.r.unit].empty()
                ? "no hex to retreat into (11.24)"
                : "its only retreat was a hex the enemy could also retreat into (11.32)";
        continue;
      }
      const HexId goal = refuge.count(m.r.side) ? refuge.at(m.r.side) : m.r.from;
      const auto key = [&](HexId h) {
        return std::make_tuple(enemies_adjacent(board, m.r.side, h), hex::distance(h, goal), h);
      };
      const HexId best = *std::min_element(free.begin(), free.end(),
                                           [&](HexId x, HexId y) { return key(x) < key(y); });
      taken.insert(best);
      if (b.terrain(best) == Terrain::Beach) m.beached = true;
      m.at = best;
      m.path.push_back(best);
    }
  }
  for (const Mover& m : movers) {
    if (m.alive) out.paths[m.r.unit] = m.path;
  }
  return out;
}

}  // namespace naumachia::tyre
