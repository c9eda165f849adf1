// Empires in Harm naval combat: the sequence of play of one battle (1.1 to
// 1.1.2.11, 1.1.3, 1.1.4, 1.1.6). One table of phases: who orders (the order
// keywords of each seat, orders.cpp), how a line is checked and what a
// seat's lines must satisfy as a whole, the candidates, the label and the
// order help, how the phase is played and what follows it. Every decision
// has a default, so a phase the battle comes to in which no seat decides is
// played all the same (IdleSegments::Played); then the flow between phases:
// the combat's steps, the rounds, the end of the combat and the battle
// (docs/rules/eih-naval-play.md lists the phases with who orders and the
// defaults).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

// ------------------------------------------------------------ who orders

Duties nobody(const Board&, int) {
  return {};
}
Duties forces_seat(const Board& b, int seat) {
  if (seat == b.forces_seat_) return {Duty::Fleet};
  return {};
}
template <Duty D>
Duties attacking_commander(const Board& b, int seat) {
  if (b.commands(b.battle().attacker, seat)) return {D};
  return {};
}
Duties defending_commander(const Board& b, int seat) {
  if (b.commands(1 - b.battle().attacker, seat)) return {Duty::Evade};
  return {};
}
// 1.1.2.2: both commanding powers; Nelson's closing modifier (1.1.2.5.1)
// with a purely British force under him.
Duties commanders_chits(const Board& b, int seat) {
  Duties out;
  for (int s : {0, 1}) {
    if (!b.commands(s, seat)) continue;
    out.push_back(Duty::Chit);
    if (b.nelson_commands(s) && b.purely_british(s)) out.push_back(Duty::Nelson);
  }
  return out;
}
Duties port_controller(const Board& b, int seat) {
  if (b.holds(b.battle().port_controller, seat)) return {Duty::Guns};
  return {};
}
Duties either_commander(const Board& b, int seat) {
  if (b.commands(0, seat) || b.commands(1, seat)) return {Duty::Surrender};
  return {};
}
Duties following_powers(const Board& b, int seat) {
  if (std::any_of(b.follow_.begin(), b.follow_.end(),
                  [&](const std::string& p) { return b.holds(p, seat); }))
    return {Duty::Surrender};
  return {};
}
Duties odd_loss_takers(const Board& b, int seat) {
  for (const Allocation& a : b.pending_)
    for (const std::string& c : a.candidates)
      if (b.holds(b.power(c), seat)) return {Duty::Odd};
  return {};
}
Duties victor(const Board& b, int seat) {
  if (b.victor_ >= 0 && b.commands(b.victor_, seat)) return {Duty::Chase};
  return {};
}
Duties after_combat(const Board& b, int seat) {
  return b.retreat_duties(seat);
}
Duties damaged_ship_holders(const Board& b, int seat) {
  return b.damaged_duties(seat);
}

// The column of the core table: whether the seat has a keyword to give.
bool any_duty(const Board& b, int seat) {
  return !b.duties(seat).empty();
}

// ------------------------------------------------------------ checks

Expected<std::string> keyword(Board& b, int seat, const std::string& line, Claims& c) {
  return b.keyword_line(seat, line, c);
}
Expected<std::string> fleet(Board& b, int seat, const std::string& line, Claims& c) {
  return b.fleet_line(seat, line, c);
}

// ------------------------------------------------------------ whole orders

std::optional<std::string> forces(const Board& b, int, const Claims& c) {
  return b.forces_complete(c);
}
// 1.1.2.5.1: Nelson's closing modifier only with the melee chit.
std::optional<std::string> nelson_with_melee(const Board&, int, const Claims& c) {
  if (c.nelson && c.chit != "melee")
    return "Nelson's closing modifier goes with the melee chit (1.1.2.5.1)";
  return std::nullopt;
}

// ------------------------------------------------------------ candidates

Groups none(const Board&, int) {
  return {};
}
Groups duty_candidates(const Board& b, int seat) {
  return b.candidates(seat);
}

// ------------------------------------------------------------ choice by choice (choices.cpp)

std::vector<Decision> duty_decisions(const Board& b, int seat) {
  return b.decisions(seat);
}
std::vector<Choice> duty_ways(const Board& b, int seat, const Decision& d,
                              const std::vector<std::string>& path) {
  return b.ways(seat, d, path);
}

// ------------------------------------------------------------ labels

template <Literal Title>
std::string title(const Board&) {
  return Title.text;
}
std::string forces_label(const Board& b) {
  return "Forces: " + b.seats_[static_cast<std::size_t>(b.forces_seat_)].name +
         " orders its fleets";
}
std::string defender_label(const Board& b) {
  return b.after_evasion_ ? "After the evasion: attack another stack? (1.1.2)"
                          : "The attacker chooses the defender (1.1.1.1)";
}
template <Literal What>
std::string before_round(const Board& b) {
  return "Before round " + std::to_string(b.round_ + 1) + What.text;
}
std::string retreat_label(const Board& b) {
  if (b.evading_) return "Retreat after the evasion (1.1.2.1, 1.1.2.9)";
  if (b.battle().where == Where::Port) return "Withdrawal from the port raid (1.1.4.1.3)";
  return "Step Eight: retreat and pursuit (1.1.2.9)";
}

// ------------------------------------------------------------ plays

void nothing(Board&, const Orders&) {}
void open(Board& b, const Orders&) {
  b.open();
}
void muster(Board& b, const Orders& orders) {
  b.muster(orders);
}
void attack(Board& b, const Orders& orders) {
  b.attack_chosen(orders);
}
// 1.1.1.2: declare war on the stack's powers, or attack without.
void declare_or_not(Board& b, const Orders& orders) {
  const int att = b.battle().attacker;
  if (b.answer(orders, att, Duty::War, "no") == "yes")
    b.declare_war();
  else
    b.say(b.side_name(att) + " attacks without a declaration of war (1.1.1.2)");
}
// 1.1.2.1: try to evade, or stand and fight.
void evade_or_not(Board& b, const Orders& orders) {
  const int def = 1 - b.battle().attacker;
  if (b.answer(orders, def, Duty::Evade, "yes") == "yes")
    b.attempt_evasion();
  else
    b.say(b.side_name(def) + " stands and fights (1.1.2)");
}
void chits(Board& b, const Orders& orders) {
  b.choose_chits(orders);
}
// 1.1.4.1: the harbour defences at the option of the port's controller.
void guns_or_not(Board& b, const Orders& orders) {
  if (b.answer(orders, 1 - b.battle().attacker, Duty::Guns, "yes") == "yes") {
    b.guns_ = true;
    b.fire_guns(false);
  } else {
    b.say("The harbour defences are not used (1.1.4.1)");
  }
}
void surrenders(Board& b, const Orders& orders) {
  b.offer_surrenders(orders);
}
void following(Board& b, const Orders& orders) {
  b.follow_surrenders(orders);
}
void odd_losses(Board& b, const Orders& orders) {
  b.settle_odd(orders);
}
// 1.1.2.8: the victor's general chase, or none.
void chase_or_not(Board& b, const Orders& orders) {
  if (b.answer(orders, b.victor_, Duty::Chase, "yes") == "yes")
    b.chase();
  else
    b.say(b.side_name(b.victor_) + " does not chase (1.1.2.8)");
}
void retreat(Board& b, const Orders& orders) {
  b.retreat(orders);
}
void damaged_ships(Board& b, const Orders& orders) {
  b.return_damaged(orders);
}

// ------------------------------------------------------------ what follows

template <Phase P>
void go(Board& b) {
  b.seg_ = P;
}
// The next custom seat's forces; after the last, the stacks meet.
void next_forces(Board& b) {
  if (++b.forces_seat_ >= static_cast<int>(b.seats_.size())) b.seg_ = Phase::Opening;
}
void defender(Board& b) {
  b.go_defender();
}
void war(Board& b) {
  b.go_war();
}
void evasion(Board& b) {
  b.go_evasion();
}
void retreat_or_join(Board& b) {
  if (b.evading_)
    b.seg_ = Phase::Retreat;
  else
    b.join();
}
// 1.1.2.4: Step Three, then the first round.
void reveal(Board& b) {
  b.reveal();
  b.proceed(Next::Surrender);
}
void round(Board& b) {
  b.proceed(Next::Surrender);
}
void follow_or_fight(Board& b) {
  if (!b.follow_.empty())
    b.seg_ = Phase::Follow;
  else
    b.fight_or_end();
}
void fight(Board& b) {
  b.fight_or_end();
}
void resume(Board& b) {
  b.proceed(b.resume_);
}
void retreats(Board& b) {
  b.proceed(Next::Retreat);
}
void after_retreat(Board& b) {
  b.after_retreat();
}
void finish(Board& b) {
  b.finish();
}

using P = Phase;

// The sequence of play: the rows in the order of Phase.
constexpr SequenceOfPlay kSequence{
    {{
        // clang-format off
    // {{phase, name, label,
    //   who orders, check, whole orders, candidates, play, next,
    //   lines together, decisions, ways}, keywords, help}
    {{P::Opening, "opening", title<"The stacks meet (1.1.1)">,
      any_duty, keyword, nullptr, none, open, defender}, nobody, no_orders_help},
    {{P::Forces, "forces", forces_label,  // a custom battle, seat by seat
      any_duty, fleet, forces, duty_candidates, muster, next_forces, nullptr, duty_decisions, duty_ways}, forces_seat, forces_help},
    {{P::Defender, "defender", defender_label,  // 1.1.1.1, 1.1.2
      any_duty, keyword, nullptr, duty_candidates, attack, war, nullptr, duty_decisions, duty_ways}, attacking_commander<Duty::Defender>, defender_help},
    {{P::War, "war", title<"Attack without a declaration of war, or declare it (1.1.1.2)">,
      any_duty, keyword, nullptr, duty_candidates, declare_or_not, evasion, nullptr, duty_decisions, duty_ways}, attacking_commander<Duty::War>, war_help},
    {{P::Evasion, "evasion", title<"Evasion (1.1.2.1)">,
      any_duty, keyword, nullptr, duty_candidates, evade_or_not, retreat_or_join, nullptr, duty_decisions, duty_ways}, defending_commander, evasion_help},
    {{P::Chits, "chits", title<"Step One: tactical chits, in secret (1.1.2.2)">,
      any_duty, keyword, nelson_with_melee, duty_candidates, chits, reveal, nullptr, duty_decisions, duty_ways}, commanders_chits, chits_help},
    {{P::Guns, "guns", title<"Harbour defences (1.1.4.1)">,
      any_duty, keyword, nullptr, duty_candidates, guns_or_not, round, nullptr, duty_decisions, duty_ways}, port_controller, guns_help},
    {{P::Surrender, "surrender", before_round<": surrender or fight (1.1.6)">,  // then the round
      any_duty, keyword, nullptr, duty_candidates, surrenders, follow_or_fight, nullptr, duty_decisions, duty_ways}, either_commander, surrender_help},
    {{P::Follow, "follow", before_round<": the other powers' surrender (1.1.6)">,
      any_duty, keyword, nullptr, duty_candidates, following, fight, nullptr, duty_decisions, duty_ways}, following_powers, follow_help},
    {{P::Odd, "odd", title<"Odd losses (1.1.7)">,
      any_duty, keyword, nullptr, duty_candidates, odd_losses, resume, nullptr, duty_decisions, duty_ways}, odd_loss_takers, odd_help},
    {{P::Chase, "chase", title<"Step Seven: general chase (1.1.2.8)">,
      any_duty, keyword, nullptr, duty_candidates, chase_or_not, retreats, nullptr, duty_decisions, duty_ways}, victor, chase_help},
    {{P::Retreat, "retreat", retreat_label,  // 1.1.2.9, 1.1.4.1.3, and after an evasion (1.1.2.1)
      any_duty, keyword, nullptr, duty_candidates, retreat, after_retreat, nullptr, duty_decisions, duty_ways}, after_combat, retreat_help},
    {{P::Damaged, "damaged", title<"Step Nine: damaged ships' destinations (1.1.2.10)">,
      any_duty, keyword, nullptr, duty_candidates, damaged_ships, finish, nullptr, duty_decisions, duty_ways}, damaged_ship_holders, damaged_help},
    {{P::Over, "over", title<"The battle is over">,
      any_duty, keyword, nullptr, none, nothing, go<P::Over>}, nobody, no_orders_help},
        // clang-format on
    }},
    IdleSeats::Refused,
    IdleSegments::Played};
static_assert(kSequence.indexed_by_segment(), "the rows stand in the order of Phase");

}  // namespace

const SequenceOfPlay& Board::sequence() {
  return kSequence;
}

std::vector<int> Board::seats() const {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i) out.push_back(i);
  return out;
}

std::string Board::seat_name(int seat) const {
  return seats_.at(static_cast<std::size_t>(seat)).name;
}

std::vector<SideId> Board::winners() const {
  if (outcome_ == Outcome::Victory) return {SideId{victor_}};
  return {};
}

std::string Board::label() const {
  return kSequence.label(*this);
}

std::string Board::order_help() const {
  return kSequence[seg_].help(*this);
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  kSequence.resolve(*this, orders, dice, events);
}

// ------------------------------------------------------------------ the flow between phases

// EiH 1.1.1.1: with one stack to attack it is the defender; with several,
// the attacker chooses; after an evasion, the attacker may attack another
// (1.1.2) or none.
void Board::go_defender() {
  const auto eligible = attackable();
  if (eligible.empty()) {
    say(after_evasion_ ? "No other enemy stack remains to be attacked (1.1.2)"
                       : "No enemy stack may be attacked (1.1.1.2)");
    outcome_ = Outcome::NoBattle;
    finish();
    return;
  }
  if (eligible.size() == 1 && !after_evasion_) {
    choose_defender(eligible.front());
    go_war();
    return;
  }
  seg_ = Phase::Defender;
}

// EiH 1.1.1.2: the attacker decides on war only when it may attack without
// a declaration and has a seat to decide.
void Board::go_war() {
  if (enemy(defending_).attack == Attack::WithoutDeclaration) {
    say(side_name(battle().attacker) + " may attack " + battle().stack(defending_)->name +
        " without a declaration of war: " + enemy(defending_).why);
    if (seat_of(commander_[static_cast<std::size_t>(battle().attacker)])) {
      seg_ = Phase::War;
      return;
    }
  }
  go_evasion();
}

// EiH 1.1.2: no evasion from an interception, in a port or in a blockade box.
void Board::go_evasion() {
  const int def = 1 - battle().attacker;
  if (!battle().interception && battle().where == Where::Sea &&
      seat_of(commander_[static_cast<std::size_t>(def)])) {
    seg_ = Phase::Evasion;
    return;
  }
  join();
}

// The battle is joined: chits in the open sea (and in a blockade box
// attacked from the sea), else the forces are revealed at once; a port raid
// begins with the harbour guns (1.1.3, 1.1.4).
void Board::join() {
  const bool chits = battle().where == Where::Sea ||
                     (battle().where == Where::Blockade && battle().blockade_chits);
  if (chits) {
    seg_ = Phase::Chits;
    return;
  }
  say(battle().where == Where::Port
          ? "A port raid: no tactical chits; the Port Raid Combat Chart (1.1.4.1.1)"
          : "A blockade battle: no tactical chits; the Blockade Battle Combat Chart (1.1.3)");
  reveal();
  if (battle().where == Where::Port) {
    switch (guns()) {
      case Guns::Used:
        guns_ = true;
        fire_guns(false);
        break;
      case Guns::Optional:  // the controller's choice (Phase::Guns)
        seg_ = Phase::Guns;
        return;
      case Guns::Unused:
        say("The harbour defences are not used: no enemy garrison, or access granted (1.1.4.1)");
        break;
    }
  }
  proceed(Next::Surrender);
}

// Losses waiting for a choice between nations stop the flow at Phase::Odd
// (played at once when no seat has the choice: the dice settle them).
void Board::proceed(Next next) {
  if (!pending_.empty()) {
    resume_ = next;
    seg_ = Phase::Odd;
    return;
  }
  switch (next) {
    case Next::Surrender:
      seg_ = Phase::Surrender;
      break;
    case Next::AfterRound:
      after_round();
      break;
    case Next::EndOfCombat:
      end_of_combat();
      break;
    case Next::Retreat:
      seg_ = Phase::Retreat;
      break;
  }
}

// EiH 1.1.6: after the surrenders, the round, unless they ended the battle.
void Board::fight_or_end() {
  if (outcome_ != Outcome::Fighting) {
    end_of_combat();
    return;
  }
  fight_round();
  proceed(Next::AfterRound);
}

void Board::after_round() {
  if (outcome_ != Outcome::Fighting) {
    end_of_combat();
    return;
  }
  seg_ = Phase::Surrender;
}

// EiH 1.1.2.7.3, 1.1.5: the battle is over: political points and leaders;
// then the chase (1.1.2.8) or the retreats.
void Board::end_of_combat() {
  if (!pending_.empty()) {
    proceed(Next::EndOfCombat);
    return;
  }
  score();
  leader_casualties();
  if (chase_possible()) {
    seg_ = Phase::Chase;
    return;
  }
  proceed(Next::Retreat);
}

// EiH 1.1.2.1: after an evasion's retreat, the attacker may attack another
// stack; after a combat's, the damaged ships.
void Board::after_retreat() {
  if (evading_) {
    evading_ = 0;
    after_evasion_ = true;
    go_defender();
    return;
  }
  go_damaged();
}

// EiH 1.1.2.10: after an open sea or blockade box combat the victor gains
// control of all the beaten side's damaged ships.
void Board::go_damaged() {
  if (outcome_ == Outcome::Victory && battle().where != Where::Port) {
    Ships taken;
    for (Fleet& f : fleets_) {
      if (side_of(f) == victor_ || f.damaged.empty()) continue;
      f.taken += f.damaged;
      taken += f.damaged;
      f.damaged = Ships{};
      f.taken_by = commander_[static_cast<std::size_t>(victor_)];
    }
    if (!taken.empty())
      say(side_name(victor_) + " takes the beaten side's " + ships_text(taken) +
          " damaged ship(s) (1.1.2.10)");
  }
  seg_ = Phase::Damaged;
}

void Board::finish() {
  if (outcome_ == Outcome::Fighting) outcome_ = Outcome::NoBattle;
  consolidate();
  seg_ = Phase::Over;
  result_ = result_text();
  say(result_);
}

std::string Board::result_text() const {
  std::string out;
  switch (outcome_) {
    case Outcome::Victory:
      out = side_name(victor_) + " wins";
      break;
    case Outcome::Draw:
      out = "A draw";
      break;
    case Outcome::Inconclusive:
      out = "Inconclusive";
      break;
    case Outcome::NoBattle:
    case Outcome::Fighting:
      out = "No battle was fought";
      break;
  }
  std::vector<std::string> losses;
  for (int s : {0, 1}) {
    Ships sunk, taken, yielded, saved;
    for (const Fleet& f : fleets_) {
      if (side_of(f) != s) continue;
      sunk += f.sunk;
      taken += f.prizes + f.taken;
      yielded += f.yielded;
      saved += f.saved;
    }
    std::string l = side_name(s) + ": " + std::to_string(sunk.total()) + " sunk, " +
                    std::to_string(taken.total()) + " taken, " + std::to_string(yielded.total()) +
                    " surrendered, " + std::to_string(saved.total()) + " damaged in port";
    losses.push_back(l);
  }
  out += " (" + text::join(losses, "; ") + ")";
  if (!pp_.empty()) {
    std::vector<std::string> pts;
    for (const auto& [p, v] : pp_) pts.push_back(nation_name(p) + " " + signed_number(v));
    out += "; political points: " + text::join(pts, ", ");
  }
  std::vector<std::string> fates;
  for (const Fleet& f : fleets_)
    if (!f.leader_fate.empty()) fates.push_back(f.leader + " " + f.leader_fate);
  if (!fates.empty()) out += "; " + text::join(fates, ", ");
  if (melee_by_nelson_) out += "; melee is unlocked for every power";
  return out;
}

}  // namespace naumachia::eih_naval
