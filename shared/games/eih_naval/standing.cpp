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

// One side's part in the rounds to come: the fire it gives per round (the
// expected result of its table, 1.1.2.6), its undamaged ships, the morale it
// has left before it breaks (1.1.2.7) and the ships it started with.
struct Outlook {
  Fire fire;
  int strength = 0;
  double morale_left = 0;
  double start = 0;
  bool beaten = false;  // 1.1.4.1.1: a raid's broken defenders no longer reply
};

// EiH 1.1.2.5.1: the share of the rounds left fought on the closed tables
// when `rollers` melee sides roll after each round, each closing on
// `close` or less of a d6 less its modifier (Nelson's, 1.1.2.5.1).
double closed_share(int close, const std::array<int, 2>& modifiers, int rollers, int rounds_left) {
  double stays_open = 1;
  for (int k = 0; k < rollers; ++k)
    stays_open *= 1 - std::min(6, close + modifiers[static_cast<std::size_t>(k)]) / 6.0;
  double share = 0, open_after = 1;
  for (int r = 1; r < rounds_left; ++r) {
    open_after *= stays_open;
    share += 1 - open_after;
  }
  return rounds_left > 0 ? share / rounds_left : 0;
}

// EiH 1.1.2.7, 1.1.2.7.2: a side is defeated when its cumulative morale loss
// reaches its level or every ship is damaged; the enemy defeated within the
// rounds left before this side is, a victory; the other way round a
// defeat; and the damage still to come as a share of each side's ships.
double reckon(const std::array<Outlook, 2>& o, int rounds_left, int side) {
  std::array<double, 2> rounds_to_defeat{};
  for (std::size_t i : {0u, 1u}) {
    const Fire& in = o[1 - i].fire;
    double by_morale = in.morale > 0 ? o[i].morale_left / in.morale : 99;
    const double hits = in.percent * o[1 - i].strength / 100.0;
    double by_damage = hits > 0 ? o[i].strength / hits : 99;
    if (o[i].strength == 0) by_damage = 0;
    if (o[i].beaten) by_morale = 0;
    rounds_to_defeat[i] = std::max(0.0, std::min(by_morale, by_damage));
  }
  const auto me = static_cast<std::size_t>(side), them = 1 - me;
  const double horizon = rounds_left + 0.5;
  const double win = logistic(2.5 * (rounds_to_defeat[me] - rounds_to_defeat[them])) *
                     logistic(2.5 * (horizon - rounds_to_defeat[them]));
  const double lose = logistic(2.5 * (rounds_to_defeat[them] - rounds_to_defeat[me])) *
                      logistic(2.5 * (horizon - rounds_to_defeat[me]));
  double to_come = 0;
  for (std::size_t i : {0u, 1u}) {
    const double hits =
        std::min<double>(o[i].strength, o[1 - i].fire.percent * o[1 - i].strength / 100.0 *
                                            std::min<double>(rounds_left, rounds_to_defeat[i] + 1));
    to_come += (i == me ? -1 : 1) * (o[i].start > 0 ? 0.5 * hits / o[i].start : 0);
  }
  return 1000 * (win - lose) + 100 * to_come;
}

// The ships a side's fleets started with.
double started(const Board& b, int side) {
  double start = 0;
  for (const Fleet& f : b.fleets_)
    if (b.side_of(f) == side) start += f.start.total();
  return start;
}

// The fire of the two sides with chits `a` (the attacker's) and `d`, the
// melee sides' closing in the share of the rounds left it gives
// (1.1.2.3, 1.1.2.5.1).
std::array<Fire, 2> fires(const Tables& t, const std::string& a, const std::string& d, int att,
                          const std::array<int, 2>& modifiers, const std::array<int, 2>& closing,
                          bool closed, int rounds_left) {
  const ChartCell& c = t.cell(a, d);
  std::array<Fire, 2> out{};
  for (int s : {0, 1}) {
    const auto i = static_cast<std::size_t>(s);
    const bool attacker = s == att;
    const Fire open = expected_fire(t, attacker ? c.attacker : c.defender, modifiers[i]);
    const Fire shut =
        c.close ? expected_fire(t, attacker ? c.closed_attacker : c.closed_defender, modifiers[i])
                : open;
    if (closed) {
      out[i] = shut;
      continue;
    }
    out[i] = open;
    if (c.close == 0) continue;
    std::array<int, 2> rolling{};
    int rollers = 0;
    for (int k : {att, 1 - att})
      if ((k == att ? a : d) == "melee")
        rolling[static_cast<std::size_t>(rollers++)] = closing[static_cast<std::size_t>(k)];
    out[i] = blend(open, shut, closed_share(c.close, rolling, rollers, rounds_left));
  }
  return out;
}

}  // namespace

// EiH 1.1.2.3, 1.1.2.5.1: the tables of a round in the open sea before the
// chits are chosen are those of two lines of battle; a melee side's closing
// brings in the second set with the chance of its rolls, Nelson's modifier
// added to a purely British force's (1.1.2.5.1).
double Board::battle_prospect(int side) const {
  const int att = battle().attacker;
  std::array<Force, 2> f{force(0), force(1)};
  const int rounds_left = std::max(0, kRounds - round_);
  std::array<Outlook, 2> o{};
  std::array<int, 2> modifiers{}, closing{};
  for (int s : {0, 1}) {
    const auto i = static_cast<std::size_t>(s);
    o[i].strength = std::max(0, f[i].ships.total() - pending_losses(s));
    modifiers[i] = f[i].ships.empty() ? 0 : round_modifiers(tables(), f[i], f[1 - i]).total;
    closing[i] = nelson_commands(s) && purely_british(s) ? nelson_ : 0;
    // Reading 5 (1.1.6): after its commander's surrender a side's morale is
    // found again over what is left; until the rest have decided, reckon it so.
    const bool gave_up = surrendered_.count(commander_[i]) > 0;
    const MoraleLevel m = revealed_ && !gave_up ? morale_level(s) : present_morale(s);
    o[i].morale_left = (level_of(m).value - loss_[i].value) / 100.0;
    o[i].start = started(*this, s);
  }
  const bool chits_open = battle().where != Where::Port && chit_[0].empty() &&
                          (battle().where == Where::Sea || battle().blockade_chits);
  std::array<Fire, 2> fire{};
  if (chits_open) {
    fire = fires(tables(), "line-of-battle", "line-of-battle", att, modifiers, closing, false,
                 rounds_left);
  } else if (battle().where == Where::Port || chit_[0].empty()) {
    for (int s : {0, 1})
      fire[static_cast<std::size_t>(s)] =
          expected_fire(tables(), table_for(s), modifiers[static_cast<std::size_t>(s)]);
  } else {
    fire = fires(tables(), chit_[static_cast<std::size_t>(att)],
                 chit_[static_cast<std::size_t>(1 - att)], att, modifiers, closing, closed_,
                 rounds_left);
  }
  for (int s : {0, 1}) o[static_cast<std::size_t>(s)].fire = fire[static_cast<std::size_t>(s)];
  if (battle().where == Where::Port && no_reply_)
    o[static_cast<std::size_t>(1 - att)].beaten = true;
  return reckon(o, rounds_left, side);
}

// Before the battle is joined (a custom battle's forces, the stack to
// attack still unchosen): each side's fleets as they would fight, judged
// beyond their number: the modifiers their nations and ships give
// (1.1.2.6: odds, heavy superiority, several Major Powers or minors, light
// ships only), their morale (1.1.2.4.2) and Nelson's melee (1.1.2.2 NOTE,
// 1.1.2.5.1: a purely British force under him closes on two more). A side
// that has not yet ordered its fleets is reckoned as bringing one typical
// fleet (those a custom battle offers) of each nation it is likeliest to.
double Board::forces_prospect(int side) const {
  std::array<Force, 2> f{};
  std::array<MoraleLevel, 2> m{};
  std::array<bool, 2> nelson{}, british{true, true};
  for (const Fleet& fl : fleets_) {
    const auto i = static_cast<std::size_t>(side_of(fl));
    if (fl.ships.empty()) continue;
    f[i].ships += fl.ships;
    (major(fl.nation) ? f[i].majors : f[i].minors).insert(fl.nation);
    m[i].sum +=
        static_cast<long long>(ship_morale(tables(), battle(), fl.nation).value) * fl.ships.total();
    m[i].ships += fl.ships.total();
    nelson[i] = nelson[i] || fl.nelson;
    british[i] = british[i] && fl.nation == "britain";
  }
  for (std::size_t i : {0u, 1u}) {
    if (!f[i].ships.empty() || !battle().custom) continue;
    Ships typical;
    for (const std::string& t : typical_fleets()) typical += composition_of(t);
    const auto offered = likeliest_nations(*this);
    for (const Nation* n : offered) {
      Ships one;
      for (ShipType t : kShipTypes)
        one[t] = (typical[t] + static_cast<int>(typical_fleets().size()) / 2) /
                 static_cast<int>(typical_fleets().size());
      f[i].ships += one;
      (n->major ? f[i].majors : f[i].minors).insert(n->id);
      m[i].sum +=
          static_cast<long long>(ship_morale(tables(), battle(), n->id).value) * one.total();
      m[i].ships += one.total();
      british[i] = false;
    }
  }
  if (f[0].ships.empty() || f[1].ships.empty()) {
    // Nobody to fight: the more ships, the better (1.1.2.6, the odds).
    const int all = f[0].ships.total() + f[1].ships.total();
    const auto me = static_cast<std::size_t>(side);
    return all ? 50.0 * (f[me].ships.total() - f[1 - me].ships.total()) / all : 0;
  }
  const int att = battle().attacker;
  std::array<Outlook, 2> o{};
  std::array<int, 2> modifiers{};
  for (std::size_t i : {0u, 1u}) {
    o[i].strength = f[i].ships.total();
    o[i].start = o[i].strength;
    o[i].morale_left = level_of(m[i]).value / 100.0;
    modifiers[i] = round_modifiers(tables(), f[i], f[1 - i]).total;
  }
  const auto judged = [&](const std::string& a, const std::string& d) {
    std::array<int, 2> closing{};
    for (std::size_t i : {0u, 1u}) closing[i] = nelson[i] && british[i] ? 2 : 0;
    auto with = o;
    const auto fire = fires(tables(), a, d, att, modifiers, closing, false, kRounds);
    for (std::size_t i : {0u, 1u}) with[i].fire = fire[i];
    return reckon(with, kRounds, side);
  };
  // Lines of battle, or a Nelson force's melee where it does better for it.
  double value = judged("line-of-battle", "line-of-battle");
  for (int s : {0, 1}) {
    if (!nelson[static_cast<std::size_t>(s)] || !british[static_cast<std::size_t>(s)]) continue;
    const double melee =
        s == att ? judged("melee", "line-of-battle") : judged("line-of-battle", "melee");
    if ((s == side) == (melee > value)) value = melee;
  }
  return value;
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
  // EiH 1.1.6: fleets that surrendered are losers for political points and
  // those they surrendered to winners, whatever the battle still fought
  // gives: counted once a power has surrendered, before they are scored.
  if (outcome_ == Outcome::Fighting && !surrendered_.empty())
    for (const auto& [p, v] : political_points(tables(), political_case()))
      value += 20 * (mine.count(p) ? v : -v);
  // EiH 1.1.2.7: the battle won or lost; a draw, an inconclusive battle or
  // none fought is neither.
  if (outcome_ == Outcome::Victory) return value + (victor_ == side ? 1000 : -1000);
  if (outcome_ != Outcome::Fighting || seg_ == Phase::Over) return value;
  // The defender retreating after its evasion (1.1.2.1): no battle in sight.
  if (evading_ != 0) return value;
  // Not yet joined (a custom battle's forces, the stack to attack still
  // unchosen, 1.1.1.1): the more ships against the enemy's, the better
  // (1.1.2.6: the odds).
  if (defending_ == 0) return value + forces_prospect(side);
  return value + battle_prospect(side);
}

bool came_out_ahead(int victor, const std::array<Account, 2>& sides, int side) {
  if (victor >= 0) return victor == side;  // 1.1.2.7
  const Account& me = sides[static_cast<std::size_t>(side)];
  const Account& them = sides[static_cast<std::size_t>(1 - side)];
  if (me.political != them.political) return me.political > them.political;  // 1.1.2.7.3
  // Fewer ships lost, in number and as a share (cross-multiplied: a side
  // that fought with no ship has no share to compare and is not ahead).
  if (me.ships == 0 || them.ships == 0) return false;
  return me.lost < them.lost && static_cast<long long>(me.lost) * them.ships <
                                    static_cast<long long>(them.lost) * me.ships;
}

Account Board::account(int side) const {
  Account a;
  std::set<std::string> powers;
  int all = 0;
  for (const Fleet& f : fleets_) {
    if (side_of(f) != side) continue;
    powers.insert(power(f.nation));
    const int lost = f.start.total() - f.ships.total();
    // 1.1.2.10.1: sunk is "permanently eliminated", a damaged vessel in
    // port is repaired; taken and surrendered ships are the enemy's.
    a.lost += 2 * lost - (f.damaged + f.saved).total();
    all += f.start.total();
    // The ships it fought with: the fleets in the combat (1.1.2.7.3), not
    // a stack of the side that was never attacked.
    if (f.fought || lost > 0) a.ships += f.start.total();
  }
  if (a.ships == 0) a.ships = all;
  for (const auto& [p, v] : pp_)
    if (powers.count(p)) a.political += v;
  return a;
}

}  // namespace naumachia::eih_naval
