// Empires in Harm naval combat: how a seat's side stands, for a computer
// player's judgement (State::standing). The rules' own measure of a battle
// is its victor (1.1.2.7), the ships each side lost (damaged, taken, sunk,
// surrendered: 1.1.2.10, 1.1.2.8, 1.1.6) and the political points it gives
// (1.1.2.7.3). While the battle is fought, who will break first is reckoned
// from the tables each side fires on (1.1.2.3, 1.1.2.5), the round's
// modifiers (1.1.2.6), the morale levels and losses so far (1.1.2.4.2,
// 1.1.2.7) and the rounds left (1.1.2.7.2). Reads only the position it is
// asked about (a search asks it about positions drawn for the seat).
#include <algorithm>
#include <cmath>
#include <set>

#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

// EiH 1.1.2.6: the mean result of one side's fire on `table`, a d6 with
// its modifier: the percentage of its strength damaged and the morale loss.
struct Fire {
  double percent = 0;
  double morale = 0;  // in whole points of morale
};

Fire expected_fire(const Tables& t, const std::string& table, int modifier) {
  Fire f;
  for (int die = 1; die <= 6; ++die) {
    const CrtResult& r = t.result(table, die + modifier);
    f.percent += r.percent / 6.0;
    f.morale += r.morale.value / 600.0;
  }
  return f;
}

Fire blend(const Fire& a, const Fire& b, double b_share) {
  return Fire{a.percent * (1 - b_share) + b.percent * b_share,
              a.morale * (1 - b_share) + b.morale * b_share};
}

double logistic(double x) {
  return 1 / (1 + std::exp(-x));
}

// The share of a side's ships lost: taken, sunk and surrendered whole
// (1.1.2.8, 1.1.2.10.1, 1.1.6), damaged ships half (they may yet reach a
// port, 1.1.2.10.1; once there they are out of the campaign for repairs).
double lost_share(const Board& b, int side) {
  double start = 0, lost = 0;
  for (const Fleet& f : b.fleets_) {
    if (b.side_of(f) != side) continue;
    start += f.start.total();
    lost += 0.5 * (f.damaged.total() + f.saved.total()) + f.taken.total() + f.sunk.total() +
            f.prizes.total() + f.yielded.total();
  }
  lost += 0.5 * b.pending_losses(side);  // 1.1.7: shared out, not yet taken
  return start > 0 ? lost / start : 0;
}

}  // namespace

// EiH 1.1.2.3, 1.1.2.5.1: the tables of a round in the open sea before the
// chits are chosen are those of two lines of battle; a melee side's closing
// brings in the second set with the chance of its rolls.
double Board::battle_prospect(int side) const {
  const int att = battle().attacker;
  std::array<Force, 2> f{force(0), force(1)};
  std::array<int, 2> strength{};
  for (int s : {0, 1})
    strength[static_cast<std::size_t>(s)] =
        std::max(0, f[static_cast<std::size_t>(s)].ships.total() - pending_losses(s));
  const int rounds_left = std::max(0, kRounds - round_);
  std::array<Fire, 2> fire{};  // the fire of each side, per round to come
  const bool chits_open = battle().where != Where::Port && chit_[0].empty() &&
                          (battle().where == Where::Sea || battle().blockade_chits);
  for (int s : {0, 1}) {
    const auto i = static_cast<std::size_t>(s);
    const bool attacker = s == att;
    const int modifier =
        f[i].ships.empty() ? 0 : round_modifiers(tables(), f[i], f[1 - i]).total;  // 1.1.2.6
    if (chits_open) {
      const ChartCell& c = tables().cell("line-of-battle", "line-of-battle");
      fire[i] = expected_fire(tables(), attacker ? c.attacker : c.defender, modifier);
      continue;
    }
    if (battle().where == Where::Port || chit_[0].empty() || closed_) {
      fire[i] = expected_fire(tables(), table_for(s), modifier);
      continue;
    }
    const ChartCell& c = tables().cell(chit_[static_cast<std::size_t>(att)],
                                       chit_[static_cast<std::size_t>(1 - att)]);
    fire[i] = expected_fire(tables(), attacker ? c.attacker : c.defender, modifier);
    if (c.close == 0) continue;
    // 1.1.2.5.1: each melee side rolls to close after a round; from then on
    // the second tables apply. Their share over the rounds left.
    int rollers = 0;
    for (int k : {0, 1}) rollers += chit_[static_cast<std::size_t>(k)] == "melee";
    const double stays_open = std::pow(1 - std::min(6, c.close) / 6.0, rollers);
    double closed_share = 0, open_after = 1;
    for (int r = 1; r < rounds_left; ++r) {
      open_after *= stays_open;
      closed_share += 1 - open_after;
    }
    closed_share = rounds_left > 0 ? closed_share / rounds_left : 0;
    const Fire closed_fire =
        expected_fire(tables(), attacker ? c.closed_attacker : c.closed_defender, modifier);
    fire[i] = blend(fire[i], closed_fire, closed_share);
  }
  // 1.1.2.7: a side is defeated when its cumulative morale loss reaches its
  // level or every ship is damaged: the rounds each needs to be defeated.
  std::array<double, 2> rounds_to_defeat{};
  for (int s : {0, 1}) {
    const auto i = static_cast<std::size_t>(s);
    const Fire& in = fire[1 - i];
    const MoraleLevel m = revealed_ ? morale_level(s) : present_morale(s);
    const double level = level_of(m).value / 100.0;
    const double left = level - loss_[i].value / 100.0;
    double by_morale = in.morale > 0 ? left / in.morale : 99;
    const double hits = in.percent * strength[1 - i] / 100.0;
    double by_damage = hits > 0 ? strength[i] / hits : 99;
    if (strength[i] == 0) by_damage = 0;
    if (battle().where == Where::Port && s == 1 - att && no_reply_) by_morale = 0;
    rounds_to_defeat[i] = std::max(0.0, std::min(by_morale, by_damage));
  }
  const auto me = static_cast<std::size_t>(side), them = 1 - me;
  // The enemy defeated within the rounds left, before this side is: a
  // victory; the other way round a defeat (1.1.2.7, 1.1.2.7.2).
  const double horizon = rounds_left + 0.5;
  const double win = logistic(2.5 * (rounds_to_defeat[me] - rounds_to_defeat[them])) *
                     logistic(2.5 * (horizon - rounds_to_defeat[them]));
  const double lose = logistic(2.5 * (rounds_to_defeat[them] - rounds_to_defeat[me])) *
                      logistic(2.5 * (horizon - rounds_to_defeat[me]));
  // The damage still to come, over the rounds left, as ships lost.
  double to_come = 0;
  for (int s : {0, 1}) {
    const auto i = static_cast<std::size_t>(s);
    double start = 0;
    for (const Fleet& fl : fleets_)
      if (side_of(fl) == s) start += fl.start.total();
    const double hits =
        std::min<double>(strength[i], fire[1 - i].percent * strength[1 - i] / 100.0 *
                                          std::min<double>(rounds_left, rounds_to_defeat[i] + 1));
    to_come += (s == side ? -1 : 1) * (start > 0 ? 0.5 * hits / start : 0);
  }
  return 1000 * (win - lose) + 100 * to_come;
}

double Board::standing(int seat) const {
  const int side = side_of_seat(seat);
  // The ships lost, each side's share (1.1.2.10, 1.1.6).
  double value = 100 * (lost_share(*this, 1 - side) - lost_share(*this, side));
  // EiH 1.1.2.7.3, 1.1.1.2: political points, once scored.
  std::set<std::string> mine;
  for (const Fleet& f : fleets_)
    if (side_of(f) == side) mine.insert(power(f.nation));
  for (const auto& [p, v] : pp_) value += 20 * (mine.count(p) ? v : -v);
  // EiH 1.1.2.7: the battle won or lost; a draw, an inconclusive battle or
  // none fought is neither.
  if (outcome_ == Outcome::Victory) return value + (victor_ == side ? 1000 : -1000);
  if (outcome_ != Outcome::Fighting || seg_ == Phase::Over) return value;
  // The defender retreating after its evasion (1.1.2.1): no battle in sight.
  if (evading_ != 0) return value;
  // Not yet joined (a custom battle's forces, the stack to attack still
  // unchosen, 1.1.1.1): the more ships against the enemy's, the better
  // (1.1.2.6: the odds).
  if (defending_ == 0) {
    std::array<int, 2> ships{};
    for (const Fleet& f : fleets_) ships[static_cast<std::size_t>(side_of(f))] += f.ships.total();
    const int all = ships[0] + ships[1];
    const auto me = static_cast<std::size_t>(side);
    return all ? value + 50.0 * (ships[me] - ships[1 - me]) / all : value;
  }
  return value + battle_prospect(side);
}

}  // namespace naumachia::eih_naval
