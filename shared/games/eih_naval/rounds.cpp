// Empires in Harm naval combat: the rounds. The table each side fires on
// (1.1.2.5, 1.1.2.5.1, 1.1.3, 1.1.4.1.1), the fire of both sides at once
// with the round's modifiers (1.1.2.6), damaged ships out of the fight,
// the closing rolls of melee with Nelson's modifier (1.1.2.5.1), victory,
// defeat, draw and the end after three rounds (1.1.2.7 to 1.1.2.7.2), and
// the leaders' casualty rolls (1.1.5, footnote [2]).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// EiH 1.1.2.6 with the CRT's "percentage of the firing side's strength":
// the product rounded half up (1.1.7: ".5 and above up").
int damage_of(int percent, int strength) {
  return (percent * strength + 50) / 100;
}

// EiH 1.1.2.5.1, 1.1.5, footnote [2]: Nelson's closing modifier m widens the
// first casualty roll at both ends: serious on (serious + m) or less, light
// on (light - m) or more; the second roll is not modified.
CasualtyBands casualty_bands(const Tables& t, int nelson_modifier) {
  return CasualtyBands{t.serious_max + nelson_modifier, t.light_min - nelson_modifier};
}

std::string Board::table_for(int side) const {
  const bool attacker = side == battle().attacker;
  // EiH 1.1.4.1.1: the Port Raid Combat Chart, by round.
  if (battle().where == Where::Port) {
    const auto r = static_cast<std::size_t>(std::clamp(round_, 1, kRounds) - 1);
    return attacker ? tables().raid_attacker[r] : tables().raid_defender[r];
  }
  // EiH 1.1.3: the Blockade Battle Combat Chart, unless chits were chosen.
  if (chit_[0].empty())
    return side == battle().blockading ? tables().blockading : tables().blockaded;
  // EiH 1.1.2.3, 1.1.2.5.1: the Naval Combat Chart; the second set of tables
  // once the melee force has closed.
  const ChartCell& c = tables().cell(chit_[static_cast<std::size_t>(battle().attacker)],
                                     chit_[static_cast<std::size_t>(1 - battle().attacker)]);
  if (closed_) return attacker ? c.closed_attacker : c.closed_defender;
  return attacker ? c.attacker : c.defender;
}

// EiH 1.1.2.6: "Procedure is identical to that in land combat": each side
// rolls a d6 with its modifiers on its table; the casualties are enemy
// ships damaged, which take no further part; both sides fire at once.
void Board::fight_round() {
  ++round_;
  const int att = battle().attacker, def = 1 - att;
  const std::array<Force, 2> f{force(0), force(1)};
  std::array<int, 2> damage{};  // ships each side loses
  std::array<Hundredths, 2> morale{};
  say("Round " + std::to_string(round_) + " (1.1.2.6)");
  for (int s : {att, def}) {
    const auto i = static_cast<std::size_t>(s);
    if (f[i].ships.empty()) continue;
    if (battle().where == Where::Port && s == def && no_reply_) {
      say(side_name(s) + ", broken, can no longer reply (1.1.4.1.1)");
      continue;
    }
    const std::string table = table_for(s);
    const Modifiers m = round_modifiers(tables(), f[i], f[1 - i]);
    const auto first = rolls_so_far();
    const int die =
        roll(6, side_name(s) + "'s fire in round " + std::to_string(round_) + " (1.1.2.6)");
    const int total = die + m.total;
    const CrtResult& c = tables().result(table, total);
    const int strength = f[i].ships.total();
    const int hits = std::min(damage_of(c.percent, strength), f[1 - i].ships.total());
    damage[1 - i] = hits;
    morale[1 - i] = c.morale;
    said_with_rolls(
        side_name(s) + "'s fire on table " + table + ": d6 " + std::to_string(die) + " (" +
            m.text() + ") = " + std::to_string(total) + ": " + std::to_string(c.percent) + "% of " +
            std::to_string(strength) + " ships = " + std::to_string(hits) +
            " enemy ship(s) damaged, enemy morale -" + format(c.morale) + " (1.1.2.5, 1.1.2.6)",
        first);
  }
  for (int s : {att, def}) {
    const auto i = static_cast<std::size_t>(s);
    loss_[i] += morale[i];
    lost_[i] += damage[i];
    hit_[1 - i] += damage[i];
  }
  for (int s : {att, def})
    allocate(s, damage[static_cast<std::size_t>(s)], false, "round " + std::to_string(round_));
  std::string status;
  for (int s : {att, def}) {
    const auto i = static_cast<std::size_t>(s);
    status += (status.empty() ? "" : "; ") + side_name(s) + " morale loss " + format(loss_[i]) +
              " of " + format(level_of(morale_level(s))) + ", " + std::to_string(undamaged(s)) +
              " ship(s) undamaged";
  }
  say("After round " + std::to_string(round_) + ": " + status + " (1.1.2.7)");
  judge_round();
}

// EiH 1.1.2.5.1: after each round that does not end the battle, every side
// that chose melee rolls a d6 (a purely British force under Nelson
// subtracting his 1 or 2); N or less closes, for both sides, from the next
// round on.
void Board::closing_rolls() {
  if (chit_[0].empty() || closed_) return;
  const int att = battle().attacker;
  const ChartCell& c =
      tables().cell(chit_[static_cast<std::size_t>(att)], chit_[static_cast<std::size_t>(1 - att)]);
  if (c.close == 0) return;
  for (int s : {att, 1 - att}) {
    if (chit_[static_cast<std::size_t>(s)] != "melee") continue;
    const int m = nelson_commands(s) && purely_british(s) ? nelson_ : 0;
    const auto first = rolls_so_far();
    const int die = roll(
        6, side_name(s) + "'s closing roll after round " + std::to_string(round_) + " (1.1.2.5.1)");
    const bool closes = die - m <= c.close;
    said_with_rolls(side_name(s) + " rolls " + std::to_string(die) +
                        (m ? " - " + std::to_string(m) + " (Nelson)" : std::string()) +
                        " to close, needing " + std::to_string(c.close) + " or less: " +
                        (closes ? "the fleets close; the second set of tables applies from the "
                                  "next round"
                                : "not yet") +
                        " (1.1.2.5.1)",
                    first);
    if (closes) closed_ = true;
  }
}

// EiH 1.1.2.7: a side is defeated when all its ships are damaged or it
// breaks; the other is the victor; one eliminated and the other broken is a
// draw (as is, by the same reasoning, both defeated at once); after three
// rounds with neither defeated the battle is inconclusive (1.1.2.7.2).
// A port raid has its own ending (1.1.4.1.1, 1.1.4.1.2).
void Board::judge_round() {
  const int att = battle().attacker, def = 1 - att;
  if (battle().where == Where::Port) {
    if (defeated(def) && !no_reply_ && undamaged(def) > 0) {
      no_reply_ = true;
      say(side_name(def) + " breaks" +
          (round_ < kRounds ? ": the raiders attack on for the rest of the three rounds, "
                              "without reply (1.1.4.1.1)"
                            : " (1.1.4.1.1)"));
    }
    if (defeated(att) || undamaged(def) == 0 || round_ >= kRounds) end_raid();
    return;
  }
  const bool a = defeated(att), d = defeated(def);
  if (a && d) {
    outcome_ = Outcome::Draw;
    say("Both sides are defeated at once: a draw (1.1.2.7)");
  } else if (a || d) {
    outcome_ = Outcome::Victory;
    victor_ = a ? def : att;
    const int loser = 1 - victor_;
    victory_counts_ =
        lost_[static_cast<std::size_t>(victor_)] <= lost_[static_cast<std::size_t>(loser)];
    say(side_name(loser) + (undamaged(loser) == 0 ? " has every ship damaged" : " breaks") + ": " +
        side_name(victor_) + " is the victor (1.1.2.7)");
  } else if (round_ >= kRounds) {
    outcome_ = Outcome::Inconclusive;
    say("Three rounds and neither side defeated: the battle is inconclusive (1.1.2.7.2)");
  } else {
    closing_rolls();
  }
}

// EiH 1.1.5, footnote [2] (and 7.3.8.5, which the tables stand for): after a
// battle he commanded (reading 9: Nelson is the only leader the naval rules
// name; the other admirals are named for the record), Nelson rolls 2d6: a
// serious wound low and a light one high, his closing modifier widening
// both; for a serious wound a second, unmodified roll: killed or wounded.
void Board::leader_casualties() {
  if (round_ == 0) return;
  for (Fleet& f : fleets_) {
    if (!f.nelson || !f.fought || f.surrendered || f.evaded || !f.leader_fate.empty() ||
        !nelson_commands(side_of(f)))
      continue;
    const int m = f.nelson && chit_[static_cast<std::size_t>(side_of(f))] == "melee" ? nelson_ : 0;
    const CasualtyBands bands = casualty_bands(tables(), m);
    const auto first = rolls_so_far();
    const std::string who = f.leader + " (" + f.id + ")";
    const int a = roll(6, who + "'s casualty roll, first die (1.1.5)");
    const int b = roll(6, who + "'s casualty roll, second die (1.1.5)");
    const int sum = a + b;
    std::string text = who + " rolls " + std::to_string(sum) + " for casualties (serious on " +
                       std::to_string(bands.serious_max) + " or less, light on " +
                       std::to_string(bands.light_min) + " or more" +
                       (m ? ", Nelson's " + std::to_string(m) + " applied" : std::string()) + "): ";
    if (sum <= bands.serious_max) {
      int second = 0;
      for (int i = 0; i < tables().second_dice; ++i)
        second += roll(tables().second_sides, who + "'s second casualty roll (1.1.5)");
      const bool killed = tables().killed.contains(second);
      f.leader_fate = killed ? "killed" : "seriously wounded";
      text += "a serious wound; the second roll " + std::to_string(second) + ": " + f.leader +
              " is " + f.leader_fate + " (1.1.5)";
    } else if (sum >= bands.light_min) {
      f.leader_fate = "lightly wounded";
      text += f.leader + " is lightly wounded (1.1.5)";
    } else {
      text += "unhurt (1.1.5)";
    }
    said_with_rolls(text, first);
  }
}

}  // namespace naumachia::eih_naval
