// Empires in Harm naval combat: the sequence of play of one battle (1.1 to
// 1.1.2.11, 1.1.3, 1.1.4, 1.1.6), as steps. Each step resolves the orders of
// the seats that decide in it and runs everything that follows without a
// decision, up to the next step that needs one (docs/rules/eih-naval-play.md
// lists them with who orders and the defaults).
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

Board::Board(std::shared_ptr<const Data> data, const Battle* battle, RulesVersion rules,
             int players)
    : data_(std::move(data)), battle_(battle), rules_(rules), players_(players) {
  seats_ = battle_->seats.at(players);
  control_ = battle_->control;
  wars_ = battle_->wars;
  for (const FleetSpec& s : battle_->fleets) {
    Fleet f;
    f.id = s.id;
    f.name = s.name;
    f.nation = s.nation;
    f.stack = s.stack;
    f.leader = s.leader;
    f.nelson = s.nelson;
    f.start = f.ships = s.ships;
    fleets_.push_back(f);
  }
  for (const CorpsSpec& c : battle_->corps)
    corps_.push_back(Corps{c.nation, c.factors, c.fleet, 0});
  phase_ = battle_->custom ? Phase::Forces : Phase::Opening;
}

std::string Board::label() const {
  const std::string before = "Before round " + std::to_string(round_ + 1);
  switch (phase_) {
    case Phase::Opening:
      return "The stacks meet (1.1.1)";
    case Phase::Forces:
      return "Forces: " + seats_[static_cast<std::size_t>(forces_seat_)].name +
             " orders its fleets";
    case Phase::Defender:
      return after_evasion_ ? "After the evasion: attack another stack? (1.1.2)"
                            : "The attacker chooses the defender (1.1.1.1)";
    case Phase::War:
      return "Attack without a declaration of war, or declare it (1.1.1.2)";
    case Phase::Evasion:
      return "Evasion (1.1.2.1)";
    case Phase::Chits:
      return "Step One: tactical chits, in secret (1.1.2.2)";
    case Phase::Guns:
      return "Harbour defences (1.1.4.1)";
    case Phase::Surrender:
      return before + ": surrender or fight (1.1.6)";
    case Phase::Follow:
      return before + ": the other powers' surrender (1.1.6)";
    case Phase::Odd:
      return "Odd losses (1.1.7)";
    case Phase::Chase:
      return "Step Seven: general chase (1.1.2.8)";
    case Phase::Retreat:
      if (evading_) return "Retreat after the evasion (1.1.2.1, 1.1.2.9)";
      if (battle().where == Where::Port) return "Withdrawal from the port raid (1.1.4.1.3)";
      return "Step Eight: retreat and pursuit (1.1.2.9)";
    case Phase::Damaged:
      return "Step Nine: damaged ships' destinations (1.1.2.10)";
    case Phase::Over:
      return "The battle is over";
  }
  return "";
}

// ------------------------------------------------------------------ resolution

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  execute(dice, events, [&] {
    const auto seat_of_side = [&](int side) {
      return seat_of(commander_[static_cast<std::size_t>(side)]);
    };
    const auto answer = [&](int side, const std::string& keyword, const std::string& fallback) {
      const auto seat = seat_of_side(side);
      return seat ? order_value(orders, *seat, keyword, fallback) : fallback;
    };
    const int att = battle().attacker, def = 1 - att;
    switch (phase_) {
      case Phase::Opening:
        open();
        break;
      case Phase::Forces: {
        OrderErrors errors;
        auto fleets = custom_fleets(forces_seat_, order_lines(orders, forces_seat_), &errors);
        if (!fleets) {
          OrderErrors again;
          fleets = custom_fleets(forces_seat_, default_lines(forces_seat_), &again);
        }
        take_forces(forces_seat_, *fleets);
        if (++forces_seat_ >= static_cast<int>(seats_.size())) open();
        break;
      }
      case Phase::Defender: {
        const auto eligible = attackable();
        const std::string choice =
            answer(att, "defender",
                   after_evasion_ ? "none" : std::to_string(eligible.empty() ? 0 : eligible[0]));
        long long n = 0;
        if (choice == "none" || !text::parse_int(choice, n) ||
            std::find(eligible.begin(), eligible.end(), static_cast<int>(n)) == eligible.end()) {
          say(side_name(att) + " attacks no other stack (1.1.2)");
          outcome_ = Outcome::NoBattle;
          finish();
          break;
        }
        choose_defender(static_cast<int>(n));
        go_war();
        break;
      }
      case Phase::War:
        if (answer(att, "war", "no") == "yes")
          declare_war();
        else
          say(side_name(att) + " attacks without a declaration of war (1.1.1.2)");
        go_evasion();
        break;
      case Phase::Evasion:
        if (answer(def, "evade", "yes") == "yes") {
          attempt_evasion();
          if (evading_) {
            go_retreat();
            break;
          }
        } else {
          say(side_name(def) + " stands and fights (1.1.2)");
        }
        join();
        break;
      case Phase::Chits: {
        for (int s : {att, def}) {
          const auto i = static_cast<std::size_t>(s);
          chit_[i] = answer(s, "chit", "line-of-battle");
          if (!tables().has_chit(chit_[i]) || (chit_[i] == "melee" && !melee_allowed(s)))
            chit_[i] = "line-of-battle";
        }
        for (int s : {att, def}) {
          if (chit_[static_cast<std::size_t>(s)] != "melee" || !nelson_commands(s)) continue;
          // 1.1.2.2 NOTE: Britain's first melee under Nelson lifts the lock;
          // 1.1.2.5.1: his closing modifier needs a purely British force.
          if (!battle().melee_unlocked && !melee_by_nelson_) {
            melee_by_nelson_ = true;
            say("Britain uses melee under Nelson: from now on every power may choose it (1.1.2.2)");
          }
          if (!purely_british(s)) continue;
          long long m = 0;
          text::parse_int(answer(s, "nelson", "0"), m);
          nelson_ = static_cast<int>(std::clamp(m, 0LL, 2LL));
        }
        const ChartCell& c = tables().cell(chit_[static_cast<std::size_t>(att)],
                                           chit_[static_cast<std::size_t>(def)]);
        say("Step Two: " + side_name(att) + " chose " + chit_[static_cast<std::size_t>(att)] +
            ", " + side_name(def) + " chose " + chit_[static_cast<std::size_t>(def)] + ": " +
            side_name(att) + " fires on " + c.attacker + ", " + side_name(def) + " on " +
            c.defender +
            (c.close ? "; melee closes on a d6 of " + std::to_string(c.close) + " or less, then " +
                           c.closed_attacker + " and " + c.closed_defender
                     : std::string()) +
            (nelson_ ? "; Nelson subtracts " + std::to_string(nelson_) + " from the closing roll"
                     : std::string()) +
            " (1.1.2.3, 1.1.2.5)");
        reveal();
        proceed(Next::Surrender);
        break;
      }
      case Phase::Guns:
        if (answer(def, "guns", "yes") == "yes") {
          guns_ = true;
          fire_guns(false);
        } else {
          say("The harbour defences are not used (1.1.4.1)");
        }
        proceed(Next::Surrender);
        break;
      case Phase::Surrender: {
        std::array<bool, 2> gives{};
        for (int s : {att, def})
          gives[static_cast<std::size_t>(s)] = answer(s, "surrender", "no") == "yes";
        if (gives[0] && gives[1]) {
          // A reading (1.1.6): neither can take the other's surrender.
          say("Both commanders offer to surrender before the same round: neither surrender can be "
              "taken, and the battle ends without a victor (1.1.6)");
          outcome_ = Outcome::Inconclusive;
          end_of_combat();
          break;
        }
        for (int s : {att, def}) {
          if (!gives[static_cast<std::size_t>(s)]) continue;
          const std::string cmd = commander_[static_cast<std::size_t>(s)];
          surrender(cmd);
          for (const Fleet* f : engaged_fleets(s)) {
            const std::string p = power(f->nation);
            if (seat_of(p) && std::find(follow_.begin(), follow_.end(), p) == follow_.end())
              follow_.push_back(p);
          }
        }
        if (!follow_.empty()) {
          phase_ = Phase::Follow;
          break;
        }
        if (gives[0] || gives[1]) after_surrenders(gives);
        if (outcome_ != Outcome::Fighting) {
          end_of_combat();
          break;
        }
        fight_round();
        proceed(Next::AfterRound);
        break;
      }
      case Phase::Follow: {
        std::array<bool, 2> gave{};
        for (const std::string& p : std::vector<std::string>(follow_)) {
          const auto seat = seat_of(p);
          std::string choice = "no";
          for (const std::string& line :
               seat ? order_lines(orders, *seat) : std::vector<std::string>{}) {
            const auto w = text::split(line);
            if (w.size() == 2 && w[0] == "surrender") choice = std::string(w[1]);
            if (w.size() == 3 && w[0] == "surrender" && w[1] == p) {
              choice = std::string(w[2]);
              break;
            }
          }
          for (const Fleet& f : fleets_)
            if (engaged(f) && power(f.nation) == p)
              gave[static_cast<std::size_t>(side_of(f))] = true;
          if (choice == "yes")
            surrender(p);
          else
            say(nation_name(p) + " fights on (1.1.6)");
        }
        follow_.clear();
        after_surrenders(gave);
        if (outcome_ != Outcome::Fighting) {
          end_of_combat();
          break;
        }
        fight_round();
        proceed(Next::AfterRound);
        break;
      }
      case Phase::Odd:
        settle_odd(orders);
        proceed(resume_);
        break;
      case Phase::Chase:
        if (answer(victor_, "chase", "yes") == "yes") {
          chase();
        } else {
          say(side_name(victor_) + " does not chase (1.1.2.8)");
        }
        proceed(Next::Retreat);
        break;
      case Phase::Retreat:
        retreat(orders);
        after_retreat();
        break;
      case Phase::Damaged:
        return_damaged(orders);
        finish();
        break;
      case Phase::Over:
        break;
    }
  });
  ++step_;
}

// EiH 1.1.1: the stacks in the area; the attacker's command (1.1.2.2).
void Board::open() {
  if (battle().custom) {
    // Every power of one side at war with every power of the other.
    for (const SeatSpec& a : seats_)
      for (const SeatSpec& b : seats_)
        if (a.side != b.side)
          for (const std::string& p : a.powers)
            for (const std::string& q : b.powers) wars_.insert(War::between(p, q));
  }
  std::string where = battle().place;
  if (battle().where == Where::Blockade)
    where = "the blockade box of " + battle().place + ", " + side_name(battle().blockading) +
            " blockading";
  if (battle().where == Where::Port)
    where = "the port of " + battle().place + " (harbour defence " +
            std::to_string(battle().harbour_defence) + ")";
  std::vector<std::string> stacks;
  for (const StackSpec& s : battle().stacks) {
    std::vector<std::string> labels;
    for (const Fleet& f : fleets_)
      if (f.stack == s.id)
        labels.push_back(fleet_label(f) + (f.leader.empty() ? "" : " led by " + f.leader));
    stacks.push_back("stack " + std::to_string(s.id) + ", " + s.name + " (" + side_name(s.side) +
                     "): " + text::join(labels, ", "));
  }
  say("In " + where + ": " + text::join(stacks, "; ") +
      (battle().interception
           ? ". " + side_name(battle().attacker) + " attacks by interception: no evasion (1.1.2)"
           : ". " + side_name(battle().attacker) + " attacks") +
      " (1.1.1, 1.1.1.1)");
  decide_command(battle().attacker);
  go_defender();
}

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
  phase_ = Phase::Defender;
}

void Board::go_war() {
  if (enemy(defending_).attack == Attack::WithoutDeclaration) {
    say(side_name(battle().attacker) + " may attack " + battle().stack(defending_)->name +
        " without a declaration of war: " + enemy(defending_).why);
    if (seat_of(commander_[static_cast<std::size_t>(battle().attacker)])) {
      phase_ = Phase::War;
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
    phase_ = Phase::Evasion;
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
    phase_ = Phase::Chits;
    return;
  }
  say(battle().where == Where::Port
          ? "A port raid: no tactical chits; the Port Raid Combat Chart (1.1.4.1.1)"
          : "A blockade battle: no tactical chits; the Blockade Battle Combat Chart (1.1.3)");
  reveal();
  if (battle().where != Where::Port) {
    proceed(Next::Surrender);
    return;
  }
  switch (guns()) {
    case Guns::Used:
      guns_ = true;
      fire_guns(false);
      break;
    case Guns::Optional:
      if (seat_of(battle().port_controller)) {
        phase_ = Phase::Guns;
        return;
      }
      guns_ = true;
      fire_guns(false);
      break;
    case Guns::Unused:
      say("The harbour defences are not used: no enemy garrison, or access granted (1.1.4.1)");
      break;
  }
  proceed(Next::Surrender);
}

// EiH 1.1.2.4, 1.1.2.4.1, 1.1.2.4.2: both sides reveal their fleets'
// composition and find their final morale.
void Board::reveal() {
  revealed_ = true;
  for (int s : {0, 1})
    for (Fleet* f : engaged_fleets(s)) f->fought = true;
  set_morale();
  for (int s : {battle().attacker, 1 - battle().attacker}) {
    std::vector<std::string> shown;
    for (const Fleet* f : engaged_fleets(s)) shown.push_back(f->id + " " + fleet_token(*f));
    const MoraleLevel m = morale_level(s);
    say("Step Three: " + side_name(s) + "'s forces: " + text::join(shown, "; ") + "; " +
        std::to_string(m.ships) + " ships, final morale " + format(level_of(m)) +
        " (1.1.2.4.1, 1.1.2.4.2)");
  }
}

void Board::go_surrender() {
  phase_ = Phase::Surrender;
}

// Losses waiting for a choice between nations stop the flow at Phase::Odd
// (none needs a seat: the dice settle them at once).
void Board::proceed(Next next) {
  if (!pending_.empty()) {
    bool seated = false;
    for (const Allocation& a : pending_)
      for (const std::string& c : a.candidates) seated = seated || seat_of(power(c)).has_value();
    if (seated) {
      resume_ = next;
      phase_ = Phase::Odd;
      return;
    }
    settle_odd({});
  }
  switch (next) {
    case Next::Surrender:
      go_surrender();
      break;
    case Next::AfterRound:
      after_round();
      break;
    case Next::EndOfCombat:
      end_of_combat();
      break;
    case Next::Retreat:
      go_retreat();
      break;
  }
}

void Board::after_round() {
  if (outcome_ != Outcome::Fighting) {
    end_of_combat();
    return;
  }
  go_surrender();
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
    if (seat_of(commander_[static_cast<std::size_t>(victor_)])) {
      phase_ = Phase::Chase;
      return;
    }
    chase();
  }
  proceed(Next::Retreat);
}

void Board::go_retreat() {
  phase_ = Phase::Retreat;
  if (!to_order().empty()) return;
  retreat({});
  after_retreat();
}

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
  phase_ = Phase::Damaged;
  if (!to_order().empty()) return;
  return_damaged({});
  finish();
}

void Board::finish() {
  if (outcome_ == Outcome::Fighting) outcome_ = Outcome::NoBattle;
  consolidate();
  phase_ = Phase::Over;
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
    for (const auto& [p, v] : pp_)
      pts.push_back(nation_name(p) + " " + (v > 0 ? "+" : "") + std::to_string(v));
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
