// Classis: how a side stands, for a computer player's judgement
// (State::standing). The rules' own measure is victory by losses (4.0): the
// first side to lose a third of its ships or of its ramming factors loses.
// Short of a loss, a crippled ship is on the way to one (3.1.6: a second
// cripple sinks her); a ship whose bow is on an enemy (3.1.4) may ram it at
// once with the odds of 3.3.1, grappled ships may be boarded (3.3.5), and a
// ship within an enemy's reach lies open at the angle it shows him; a side
// that has lost more ships than the enemy may fail its morale check
// (3.2.10). Reads only the position it is asked about.
#include <algorithm>
#include <array>
#include <limits>
#include <set>

#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

// How much of a defeat a morale check the side would fail stands for
// before its chit is drawn (3.2.10): the battle may be decided otherwise
// first, or the losses evened.
constexpr double kMorale = 0.6;

// How much of a ram's odds an enemy within reach (in the next hex) stands
// for: he may not be drawn from the cup before the ship moves (2.1), nor
// choose her. Kept small: more caution measured worse, the player keeping
// off while the enemy closed (docs/computer.md, "Classis").
constexpr double kReach = 0.05;

// What may come of one ship's side of a contest: probabilities.
struct Fate {
  double sunk = 0;
  double crippled = 0;
};

// Classis 3.3.1: a ship reads its own total less the other's; -4 or less
// sinks her, -3 or -2 cripples her, -1 to +1 cripples her on 1-3 of a
// further d6, +2 or more leaves her whole. `lead` is her total less the
// other's before the two dice.
Fate ram_fate(int lead) {
  Fate f;
  for (int own = 1; own <= 6; ++own)
    for (int other = 1; other <= 6; ++other) {
      const int read = lead + own - other;
      if (read <= -4)
        f.sunk += 1.0 / 36;
      else if (read <= -2)
        f.crippled += 1.0 / 36;
      else if (read <= 1)
        f.crippled += 0.5 / 36;
    }
  return f;
}

// Classis 3.3.5: either side two or more ahead captures the other; `lead`
// is the boarder's total less the defender's before the dice. The chance
// that the defender is captured (the boarder's is ram_fate's mirror).
double capture_chance(int lead) {
  double p = 0;
  for (int own = 1; own <= 6; ++own)
    for (int other = 1; other <= 6; ++other)
      if (lead + own - other >= 2) p += 1.0 / 36;
  return p;
}

// How much of each losing measure of 4.0 a side has lost, or may yet lose:
// ships and ramming factors, each counted as its own side's.
struct Losses {
  double ships = 0;
  double ram = 0;
};

// A third of either measure loses (4.0); the larger share decides, the
// other still counts for a little, so that every loss shows.
double share(const Losses& l, int start_ships, int start_ram) {
  const double s = start_ships > 0 ? l.ships / start_ships : 0;
  const double r = start_ram > 0 ? l.ram / start_ram : 0;
  return 3 * (0.75 * std::max(s, r) + 0.25 * std::min(s, r));
}

}  // namespace

double Board::standing(Side side) const {
  // Classis 4.0: the battle is won or lost (a draw is neither).
  if (over_) return !winner_ ? 0 : *winner_ == side ? 1000 : -1000;
  std::array<Losses, 2> lost{};
  const auto count = [&](const Ship& s, double part) {
    auto& l = lost[static_cast<std::size_t>(index(s.owner))];
    l.ships += part;
    l.ram += part * type(s).ram;
  };
  // A loss the ship's crippling or sinking would be: a crippled ship's next
  // cripple sinks her (3.1.6).
  const auto hurt = [&](const Ship& s, const Fate& f, double weight) {
    const double sink = f.sunk + (s.crippled ? f.crippled : 0);
    const double cripple = s.crippled ? 0 : f.crippled;
    count(s, weight * (sink * 0.65 + cripple * 0.35));
  };
  // Classis 4.0: ships sunk or held by the enemy are lost; 3.1.6: a
  // crippled ship has lost much of her worth (speed and turning 1, ram and
  // boarding halved), for good when permanently crippled (3.3.6).
  for (const auto& [id, s] : ships_) {
    if (s.sunk || s.holder != s.owner)
      count(s, 1.0);
    else if (s.crippled)
      count(s, s.permanent ? 0.4 : 0.3);
  }
  // Classis 1.5: engaged, in contact or grappled.
  std::set<std::string> engaged_now;
  for (const auto& [id, s] : ships_) {
    if (s.sunk) continue;
    if (!s.contact.empty()) {
      engaged_now.insert(id);
      engaged_now.insert(s.contact);
    }
    if (!s.grappled.empty()) engaged_now.insert(id);
  }
  const Side active = active_side();
  const bool acting = !active_.empty() && points_ > 0;
  double approach = 0;  // how near `side`'s ships lie to the enemy
  int movers = 0;
  for (const auto& [id, s] : ships_) {
    if (s.sunk) continue;
    // Whether s may act before the enemy does: its squadron has the
    // initiative now (2.2).
    const bool now = acting && s.squadron == active_ && s.holder == active;
    const double weight = now ? 0.8 : 0.35;
    // Classis 3.1.4, 3.3.1, 3.2.4: a bow on an enemy rams (or follows up a
    // ram of an earlier turn) with the angle it lies at.
    if (!s.contact.empty()) {
      const Ship* t = find_ship(s.contact);
      const bool may_ram = !s.ram || s.ram_turn < turn_;
      if (t && !t->sunk && may_ram && !s.done.count("ram")) {
        const int lead = ram_factor(s) + crew_bonus(s, *t) + angle_bonus(angle_of(*t, s.hex)) -
                         ram_factor(*t) - crew_bonus(*t, s);
        hurt(*t, ram_fate(-lead), weight);
        hurt(s, ram_fate(lead), weight);
      }
    }
    // Classis 3.3.5: grappled ships may be boarded by either (counted once,
    // from the ship of the lower id).
    for (const std::string& g : s.grappled) {
      const Ship* t = find_ship(g);
      if (!t || t->sunk || t->holder == s.holder || g < id) continue;
      const int lead = boarding(s) - engine_points(*t) - boarding(*t) + engine_points(s);
      const double half = 0.3;
      count(*t, half * capture_chance(lead) * (t->holder == t->owner ? 1 : -1));
      count(s, half * capture_chance(-lead) * (s.holder == s.owner ? 1 : -1));
    }
    // Within an enemy's reach, not yet engaged: a ram may come at the angle
    // each shows the other (3.1.5, 3.3.1), the more likely the nearer.
    if (s.prize || engaged_now.count(id)) continue;
    int nearest = std::numeric_limits<int>::max();
    for (const auto& [eid, e] : ships_) {
      if (e.sunk || e.holder == s.holder) continue;
      const int d = hex::distance(s.hex, e.hex);
      nearest = std::min(nearest, d);
      if (e.prize || engaged_now.count(eid) || d > speed(s) + 1) continue;
      // s reaching e's side: s's ram at e's angle; e answers at none.
      const int lead = ram_factor(s) + crew_bonus(s, e) + angle_bonus(angle_of(e, s.hex)) -
                       ram_factor(e) - crew_bonus(e, s);
      const double reach = kReach / std::max(1, d - 1);
      hurt(e, ram_fate(-lead), reach);
      hurt(s, ram_fate(lead), reach);
    }
    if (s.holder == side && nearest != std::numeric_limits<int>::max()) {
      approach += nearest;
      ++movers;
    }
  }
  // Classis 3.2.10: a side that has lost more ships than the enemy when its
  // Morale Check chit comes out (in the cup from the turn after its first
  // loss, 2.1) concedes unless its admiral rolls more than the ships lost
  // (1d6, -1 below average, +1 above); a lost admiral fails at once. The
  // chance of failing counts as that part of a defeat (1 in the shares).
  const auto morale_risk = [&](Side x) {
    const int mine_lost = losses(x);
    if (mine_lost <= losses(enemy(x)) || first_loss_[static_cast<std::size_t>(index(x))] == 0)
      return 0.0;
    const Commander* admiral = nullptr;
    for (const auto& [cid, c] : commanders_)
      if (c.side == x && c.admiral) admiral = &c;
    double fail = 1;
    if (admiral && !admiral->lost) {
      const int mod = admiral->rating == 2 ? -1 : admiral->rating == 4 ? 1 : 0;
      // It fails on a die of the ships lost less the modifier, or less.
      fail = std::clamp(mine_lost - mod, 0, 6) / 6.0;
    }
    return kMorale * fail;
  };
  const auto i = static_cast<std::size_t>(index(side));
  const auto j = static_cast<std::size_t>(index(enemy(side)));
  const double mine = share(lost[i], start_ships_[i], start_ram_[i]) + morale_risk(side);
  const double theirs = share(lost[j], start_ships_[j], start_ram_[j]) + morale_risk(enemy(side));
  // Closing with the enemy, a little: a battle is won only by fighting it.
  const double closing = movers ? -0.002 * approach / movers : 0;
  return 100 * (theirs - mine) + closing;
}

}  // namespace naumachia::classis
