// Constantinople: the sequence of play. A Game-Turn is the Naval Phase (4.0
// addition: the wind, then five impulses of initiative, first and second
// player movement and mutual combat) and then what the land game's Planning
// and Bombardment Phases do at sea. Victory for the naval game alone is the
// project's (docs/rules/constantinople.md).
#include <algorithm>

#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

OrderSet orders_of(const Orders& orders, Side side) {
  const auto it = orders.find(PlayerId{static_cast<int>(side)});
  return it == orders.end() ? OrderSet{} : it->second;
}

int bit(Side s) {
  return s == Side::Ottoman ? 1 : 2;
}

}  // namespace

std::string Board::label() const {
  const std::string turn = "Turn " + std::to_string(turn_);
  const std::string imp = turn + ", impulse " + std::to_string(impulse_) + ": ";
  switch (seg_) {
    case Segment::Setup:
      return turn + ": Byzantine deployment in the Golden Horn (19.1)";
    case Segment::FirstMove:
    case Segment::SecondMove:
      return imp + side_name(mover()) + " movement";
    case Segment::Combat:
      return imp + "mutual naval combat (15.2)";
    case Segment::Agreement:
      return imp + side_name(proposals_ == 1 ? Side::Byzantine : Side::Ottoman) +
             " answer: end the Naval Phase early? (4.0 E)";
    case Segment::StormHaven:
      return turn + ": Storm, Byzantine havens (14.29)";
    case Segment::Planning:
      return turn + ": Planning and Bombardment (16.0, 17.2, 15.7)";
  }
  return turn;
}

bool Board::orders_in_segment(Side s) const {
  if (over_) return false;
  switch (seg_) {
    case Segment::Setup:
    case Segment::StormHaven:
      return s == Side::Byzantine;
    case Segment::FirstMove:
    case Segment::SecondMove:
      return s == mover() && has_movers(s);
    case Segment::Combat:
      return has_melee(s);
    case Segment::Agreement:
      return (proposals_ & bit(s)) == 0;
    case Segment::Planning:
      return has_planning(s);
  }
  return false;
}

// 4.0 E: "propose end" in a movement or combat step proposes ending the Naval
// Phase after this impulse; the other player answers "accept" or "decline".
Expected<std::string> Board::check_line(Side side, const std::string& line, Claims& c) {
  const std::string low = text::lower(text::trim(line));
  const bool naval =
      seg_ == Segment::FirstMove || seg_ == Segment::SecondMove || seg_ == Segment::Combat;
  if (low == "propose end") {
    if (!naval) return fail("fewer impulses are proposed during the Naval Phase (4.0 E)");
    if (c.proposed) return fail("a second proposal");
    c.proposed = true;
    return std::string("propose end");
  }
  switch (seg_) {
    case Segment::Setup:
      return setup_line(line, c.used);
    case Segment::FirstMove:
    case Segment::SecondMove:
      return move_line(side, line, c.used);
    case Segment::Combat:
      return melee_line(side, line, c.allot);
    case Segment::Agreement:
      if (low == "accept" || low == "decline") {
        if (c.proposed) return fail("one answer");
        c.proposed = true;
        return low;
      }
      return fail("answer 'accept' (end the Naval Phase after this impulse) or 'decline' (4.0 E)");
    case Segment::StormHaven:
      return haven_line(line, c.used);
    case Segment::Planning:
      return planning_line(side, line, c.used);
  }
  return fail("no orders now");
}

std::optional<std::string> Board::finish_check(Side side, const Claims& c) const {
  if (seg_ == Segment::Combat) return allotment_problem(side, c.allot);
  return std::nullopt;
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  execute(dice, events, [&] {
    play(orders);
    advance();
  });
  ++step_;
}

void Board::play(const Orders& orders) {
  for (Side side : {Side::Ottoman, Side::Byzantine}) {
    for (const std::string& line : orders_of(orders, side).lines) {
      if (text::lower(line) == "propose end") {
        if ((proposals_ & bit(side)) == 0)
          say(std::string("the ") + side_name(side) +
              " player proposes to end the Naval Phase after this impulse (4.0 E)");
        proposals_ |= bit(side);
      }
    }
  }
  switch (seg_) {
    case Segment::Setup:
      return play_setup(orders);
    case Segment::FirstMove:
    case Segment::SecondMove:
      return play_moves(orders);
    case Segment::Combat:
      return play_melee(orders);
    case Segment::Agreement: {
      const Side answering = proposals_ == 1 ? Side::Byzantine : Side::Ottoman;
      const OrderSet o = orders_of(orders, answering);
      const bool yes = std::find(o.lines.begin(), o.lines.end(), "accept") != o.lines.end();
      say(std::string("the ") + side_name(answering) + " player " +
          (yes               ? "accepts: the Naval Phase ends after this impulse (4.0 E)"
           : o.lines.empty() ? "lets the proposal lapse (4.0 E)"
                             : "declines (4.0 E)"));
      proposals_ = yes ? 3 : 0;
      return;
    }
    case Segment::StormHaven:
      return play_havens(orders);
    case Segment::Planning:
      return play_planning(orders);
  }
}

// The mover's order lines, in order; then the sail ships he did not order
// (14.21: momentum), the Boom breakers (15.64) and Boom control (15.61).
void Board::play_moves(const Orders& orders) {
  const Side side = mover();
  std::set<std::string> ordered;
  std::vector<std::string> breakers;
  for (const std::string& line : orders_of(orders, side).lines) {
    if (text::lower(line) == "propose end") continue;
    const auto r = move_line(side, line, ordered);
    if (!r) {
      say("order '" + line + "' could not be carried out: " + r.error().message);
      continue;
    }
    if (r->find("break boom") != std::string::npos) breakers.push_back(split_line(*r)->first);
  }
  for (auto& [id, s] : ships_) {
    if (s.side != side || !afloat(s) || ordered.count(id)) continue;
    if (s.prop == Propulsion::Sail || s.to_sail) {
      if (auto why = move_ship(s, {})) say(id + ": " + *why);
    } else {
      s.hexes_last = 0;
    }
  }
  for (const std::string& id : breakers) {
    Ship& s = ships_.at(id);
    if (!afloat(s) || boom_broken_ || break_boom(s)) continue;
    boom_broken_ = true;
    say(id +
        " has spent its Movement Segment at the Boom unopposed: the Boom is broken and "
        "no longer exists (15.64)");
  }
  update_boom_control();
}

// Moves on to the next step in which someone orders.
void Board::advance() {
  for (;;) {
    if (over_) return;
    switch (seg_) {
      case Segment::Setup:
        begin_naval_phase();
        break;
      case Segment::FirstMove:
        seg_ = Segment::SecondMove;
        break;
      case Segment::SecondMove:
        drift();
        update_boom_control();
        seg_ = Segment::Combat;
        if (!orders_in_segment(Side::Ottoman) && !orders_in_segment(Side::Byzantine))
          boom_assaults_ = 0;  // 17.1: the assaults must be successive
        break;
      case Segment::Combat:
        check_victory(false);
        if (over_) return;
        if (proposals_ == 3) {
          end_naval_phase();
        } else if (proposals_ != 0 && impulse_ < kImpulses) {
          seg_ = Segment::Agreement;
        } else {
          end_impulse();  // after the fifth impulse the phase ends anyway
        }
        break;
      case Segment::Agreement:
        if (proposals_ == 3)
          end_naval_phase();
        else
          end_impulse();
        break;
      case Segment::StormHaven:
        end_naval_phase();
        break;
      case Segment::Planning:
        end_turn();
        break;
    }
    if (over_) return;
    if (orders_in_segment(Side::Ottoman) || orders_in_segment(Side::Byzantine)) return;
  }
}

void Board::begin_naval_phase() {
  roll_wind();
  proposals_ = 0;
  if (velocity_ == kStorm) {
    storm();
    seg_ = Segment::StormHaven;
    if (storm_survivors().empty()) end_naval_phase();
    return;
  }
  impulse_ = 1;
  begin_impulse();
}

// 4.0 B, 13.1: each player rolls a die; the high roll moves first (ties are rolled again).
void Board::begin_impulse() {
  ++impulses_played_;
  const std::size_t first = dice_->log().size();
  int o = 0, b = 0;
  do {
    o = roll(6, "initiative: Ottoman");
    b = roll(6, "initiative: Byzantine");
  } while (o == b);
  first_ = o > b ? Side::Ottoman : Side::Byzantine;
  said_with_rolls("Turn " + std::to_string(turn_) + ", impulse " + std::to_string(impulse_) +
                      ": initiative Ottoman " + std::to_string(o) + ", Byzantine " +
                      std::to_string(b) + ": the " + side_name(first_) +
                      " player moves first (4.0 B)",
                  first);
  seg_ = Segment::FirstMove;
}

void Board::end_impulse() {
  if (impulse_ < kImpulses) {
    ++impulse_;
    begin_impulse();
  } else {
    end_naval_phase();
  }
}

void Board::end_naval_phase() {
  if (proposals_ == 3)
    say("the Naval Phase ends by mutual agreement after impulse " + std::to_string(impulse_) +
        " (4.0 E)");
  proposals_ = 0;
  seg_ = Segment::Planning;
}

void Board::end_turn() {
  check_victory(turn_ >= sc_->tables.game_length);
  if (over_) return;
  ++turn_;
  begin_naval_phase();
}

// The naval game's victory (the project's, docs/rules/constantinople.md):
// the Ottoman player wins when five or more of his ships are in the Golden
// Horn with no Byzantine ship afloat there (the command of the Golden Horn
// that 11.41 and 13.0 make the key to the siege), or when the Byzantine fleet
// is gone; the Byzantine player wins if the Ottoman fleet is gone, or if the
// Golden Horn is still contested at the end of the last Game-Turn.
void Board::check_victory(bool last_turn) {
  int ott_horn = 0, byz_horn = 0, ott = 0, byz = 0;
  for (const auto& [id, s] : ships_) {
    if (s.sunk) continue;
    (s.side == Side::Ottoman ? ott : byz) += 1;
    if (afloat(s) && sc_->map.in_horn(s.hex)) (s.side == Side::Ottoman ? ott_horn : byz_horn) += 1;
  }
  if (byz == 0) return end_game(Side::Ottoman, "Ottoman victory: the Byzantine fleet is destroyed");
  if (ott == 0)
    return end_game(Side::Byzantine, "Byzantine victory: the Ottoman fleet is destroyed");
  if (ott_horn >= 5 && byz_horn == 0)
    return end_game(Side::Ottoman, "Ottoman victory: " + std::to_string(ott_horn) +
                                       " Ottoman ships command the Golden Horn (11.41, 13.0)");
  if (last_turn)
    end_game(Side::Byzantine,
             "Byzantine victory: the Golden Horn is not lost by the end of "
             "Game-Turn " +
                 std::to_string(turn_));
}

void Board::end_game(std::optional<Side> winner, const std::string& why) {
  over_ = true;
  winner_ = winner;
  result_ = why;
  say(why);
}

}  // namespace naumachia::constantinople
