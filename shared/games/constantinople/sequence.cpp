// Constantinople: the sequence of play. One table of segments: a Game-Turn
// is the Naval Phase (4.0 addition: the wind, then five impulses of
// initiative, first and second player movement and mutual combat, which may
// end early by agreement) and then what the land game's Planning and
// Bombardment Phases do at sea. Then the beginnings and ends of the Naval
// Phase, of an impulse and of a Game-Turn.
#include <algorithm>
#include <array>

#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

// 4.0 E: the sides proposing fewer impulses, a bit each in Position::proposals_.
int bit(Side s) {
  return s == Side::Ottoman ? 1 : 2;
}
// The side that answers the other's proposal.
Side answering(const Board& b) {
  return b.proposals_ == 1 ? Side::Byzantine : Side::Ottoman;
}

// ------------------------------------------------------------ who orders

template <Side S>
bool only(const Board&, Side s) {
  return s == S;
}
bool moving(const Board& b, Side s) {
  return s == b.mover() && b.has_movers(s);
}
bool attacking(const Board& b, Side s) {
  return b.has_melee(s);
}
bool to_answer(const Board& b, Side s) {
  return (b.proposals_ & bit(s)) == 0;
}
bool planning(const Board& b, Side s) {
  return b.has_planning(s);
}

// ------------------------------------------------------------ checks

Expected<std::string> deploy(Board& b, Side, const std::string& line, Claims& c) {
  return b.setup_line(line, c.used);
}
Expected<std::string> move(Board& b, Side side, const std::string& line, Claims& c) {
  return b.move_line(side, line, c.used);
}
Expected<std::string> melee(Board& b, Side side, const std::string& line, Claims& c) {
  return b.melee_line(side, line, c.allot);
}
Expected<std::string> answer(Board&, Side, const std::string& line, Claims& c) {
  const std::string low = text::lower(line);
  if (low != "accept" && low != "decline")
    return fail("answer 'accept' (end the Naval Phase after this impulse) or 'decline' (4.0 E)");
  if (c.proposed) return fail("one answer to a proposal (4.0 E)");
  c.proposed = true;
  return low;
}
Expected<std::string> haven(Board& b, Side, const std::string& line, Claims& c) {
  return b.haven_line(line, c.used);
}
Expected<std::string> plan(Board& b, Side side, const std::string& line, Claims& c) {
  return b.planning_line(side, line, c.used);
}

// 4.0 E: "propose end" in a movement or combat step proposes ending the Naval
// Phase after this impulse; the other player answers "accept" or "decline".
bool proposal(const std::string& line) {
  return text::lower(text::trim(line)) == "propose end";
}
using Check = Expected<std::string> (*)(Board&, Side, const std::string&, Claims&);
// A step of an impulse: a proposal, or a line `Line` checks.
template <Check Line>
Expected<std::string> naval(Board& b, Side side, const std::string& line, Claims& c) {
  if (!proposal(line)) return Line(b, side, line, c);
  if (c.proposed) return fail("one proposal an impulse (4.0 E)");

  c.proposed = true;
  return std::string("propose end");
}
// Any other step: no proposal.
template <Check Line>
Expected<std::string> no_proposal(Board& b, Side side, const std::string& line, Claims& c) {
  if (proposal(line)) return fail("fewer impulses are proposed during the Naval Phase (4.0 E)");
  return Line(b, side, line, c);
}

// ------------------------------------------------------------ whole orders

// 15.24: at most four attackers on a ship, no split attack below -3.
std::optional<std::string> allotment(const Board& b, Side side, const Claims& c) {
  return b.allotment_problem(side, c.allot);
}

// ------------------------------------------------------------ candidates

using Groups = std::vector<std::vector<std::string>>;
Groups none(const Board&, Side) {
  return {};
}
// Now and then a proposal to end the Naval Phase (4.0 E).
Groups movement_candidates(const Board& b, Side s) {
  Groups out = b.move_candidates(s);
  out.push_back({"propose end", "", "", "", "", "", "", "", "", ""});
  return out;
}
Groups melee_candidates(const Board& b, Side s) {
  return b.melee_candidates(s);
}
Groups answer_candidates(const Board&, Side) {
  return {{"accept", "decline", "decline"}};
}
Groups planning_candidates(const Board& b, Side s) {
  return b.planning_candidates(s);
}

// ------------------------------------------------------------ choices

// Orders choice by choice (choices.cpp, course.cpp). In a movement or combat
// step a proposal to end the Naval Phase is a decision of its own (4.0 E).
using Path = std::vector<std::string>;
using Decisions = std::vector<Decision>;
using Ways = std::vector<Choice>;
Decision proposal_decision() {
  return {"propose",
          "propose to end the Naval Phase after this impulse (4.0 E)",
          "propose",
          {},
          "no proposal: the Naval Phase goes on (4.0 E)"};
}
Ways proposal_ways(const Path& path) {
  if (!path.empty()) return {};
  return {{" end", "propose: end the Naval Phase after this impulse (4.0 E)", {}, true, true}};
}
Decisions setup_decisions(const Board& b, Side) {
  return b.setup_decisions();
}
Ways setup_ways(const Board& b, Side, const Decision& d, const Path& p) {
  return b.setup_ways(d, p);
}
Decisions movement_decisions(const Board& b, Side s) {
  Decisions out = b.move_decisions(s);
  out.push_back(proposal_decision());
  return out;
}
Ways movement_ways(const Board& b, Side s, const Decision& d, const Path& p) {
  return d.id == "propose" ? proposal_ways(p) : b.move_ways(s, d, p);
}
Decisions melee_decisions(const Board& b, Side s) {
  Decisions out = b.melee_decisions(s);
  out.push_back(proposal_decision());
  return out;
}
Ways melee_ways(const Board& b, Side, const Decision& d, const Path& p) {
  return d.id == "propose" ? proposal_ways(p) : b.melee_ways(d, p);
}
// 4.0 E: the whole line is the answer.
Decisions answer_decisions(const Board& b, Side) {
  return {{"answer",
           std::string("the ") + side_name(enemy(answering(b))) +
               " player proposes to end the Naval Phase after this impulse (4.0 E)",
           "",
           {},
           "the proposal lapses: the Naval Phase goes on (4.0 E)"}};
}
Ways answer_ways(const Board&, Side, const Decision&, const Path& p) {
  if (!p.empty()) return {};
  return {{"accept", "accept: the Naval Phase ends after this impulse", {}, true, true},
          {"decline", "decline: the Naval Phase goes on", {}, true, true}};
}
Decisions haven_decisions(const Board& b, Side) {
  return b.haven_decisions();
}
Ways haven_ways(const Board& b, Side, const Decision& d, const Path& p) {
  return b.haven_ways(d, p);
}
Decisions planning_decisions(const Board& b, Side s) {
  return b.planning_decisions(s);
}
Ways planning_ways(const Board& b, Side s, const Decision& d, const Path& p) {
  return b.planning_ways(s, d, p);
}

// ------------------------------------------------------------ labels

std::string turn_title(const Board& b, const std::string& title) {
  return "Turn " + std::to_string(b.turn_) + ": " + title;
}
std::string impulse_title(const Board& b, const std::string& title) {
  return "Turn " + std::to_string(b.turn_) + ", impulse " + std::to_string(b.impulse_) + ": " +
         title;
}
template <Literal Title>
std::string turn(const Board& b) {
  return turn_title(b, Title.text);
}
template <Literal Title>
std::string impulse(const Board& b) {
  return impulse_title(b, Title.text);
}
std::string movement(const Board& b) {
  return impulse_title(b, std::string(side_name(b.mover())) + " movement");
}
std::string agreement(const Board& b) {
  return impulse_title(
      b, std::string(side_name(answering(b))) + " answer: end the Naval Phase early? (4.0 E)");
}

// ------------------------------------------------------------ plays

using Play = void (*)(Board&, const Orders&);
// A step of an impulse: the proposals first, then the other lines by `Lines`.
template <Play Lines>
void with_proposals(Board& b, const Orders& orders) {
  Orders rest = orders;
  for (auto& [player, set] : rest) {
    const Side side = static_cast<Side>(player.value);
    if (std::none_of(set.lines.begin(), set.lines.end(), proposal)) continue;
    if ((b.proposals_ & bit(side)) == 0)
      b.say(std::string("the ") + side_name(side) +
            " player proposes to end the Naval Phase after this impulse (4.0 E)");
    b.proposals_ |= bit(side);
    std::erase_if(set.lines, proposal);
  }
  Lines(b, rest);
}
void play_setup(Board& b, const Orders& orders) {
  b.play_setup(orders);
}
void play_moves(Board& b, const Orders& orders) {
  b.play_moves(orders);
}
void play_melee(Board& b, const Orders& orders) {
  b.play_melee(orders);
}
void play_answer(Board& b, const Orders& orders) {
  const Side side = answering(b);
  const OrderSet o = orders_of(orders, side);
  const bool yes = std::find(o.lines.begin(), o.lines.end(), "accept") != o.lines.end();
  b.say(std::string("the ") + side_name(side) + " player " +
        (yes               ? "accepts: the Naval Phase ends after this impulse (4.0 E)"
         : o.lines.empty() ? "lets the proposal lapse (4.0 E)"
                           : "declines (4.0 E)"));
  b.proposals_ = yes ? 3 : 0;
}
void play_havens(Board& b, const Orders& orders) {
  b.play_havens(orders);
}
void play_planning(Board& b, const Orders& orders) {
  b.play_planning(orders);
}

// ------------------------------------------------------------ what follows

template <Segment S>
void go(Board& b) {
  b.seg_ = S;
}
void after_setup(Board& b) {
  b.begin_naval_phase();
}
// 14.26: the drift at the end of both players' movement.
void after_movement(Board& b) {
  b.drift();
  b.update_boom_control();
  b.seg_ = Segment::Combat;
  if (!Board::sequence().anyone_orders(b)) b.boom_assaults_ = 0;  // 17.1: successive assaults
}
// 4.0 E: an agreed proposal ends the Naval Phase; an open one is answered
// (after the fifth impulse the phase ends anyway).
void after_combat(Board& b) {
  b.check_victory(false);
  if (b.over_) return;
  if (b.proposals_ == 3) {
    b.end_naval_phase();
  } else if (b.proposals_ != 0 && b.impulse_ < kImpulses) {
    b.seg_ = Segment::Agreement;
  } else {
    b.end_impulse();
  }
}
void after_answer(Board& b) {
  if (b.proposals_ == 3)
    b.end_naval_phase();
  else
    b.end_impulse();
}
void after_havens(Board& b) {
  b.end_naval_phase();
}
void after_planning(Board& b) {
  b.end_turn();
}

using Seg = Segment;
constexpr Side kByz = Side::Byzantine;

// The sequence of play (4.0, with the naval steps of the Planning and
// Bombardment Phases).
constexpr SequenceOfPlay kSequence{{{
    // clang-format off
    // segment, name, label,
    //   who orders, check, whole orders, candidates, play, next,
    //   lines together, decisions, ways
    {Seg::Setup, "setup", turn<"Byzantine deployment in the Golden Horn (19.1)">,
     only<kByz>, no_proposal<deploy>, nullptr, none, play_setup, after_setup,
     nullptr, setup_decisions, setup_ways},
    {Seg::FirstMove, "first-movement", movement,  // 4.0 C
     moving, naval<move>, nullptr, movement_candidates, with_proposals<play_moves>, go<Seg::SecondMove>,
     nullptr, movement_decisions, movement_ways},
    {Seg::SecondMove, "second-movement", movement,  // 4.0 D
     moving, naval<move>, nullptr, movement_candidates, with_proposals<play_moves>, after_movement,
     nullptr, movement_decisions, movement_ways},
    {Seg::Combat, "combat", impulse<"mutual naval combat (15.2)">,  // 4.0 E
     attacking, naval<melee>, allotment, melee_candidates, with_proposals<play_melee>, after_combat,
     nullptr, melee_decisions, melee_ways},
    {Seg::Agreement, "agreement", agreement,  // 4.0 E
     to_answer, no_proposal<answer>, nullptr, answer_candidates, play_answer, after_answer,
     nullptr, answer_decisions, answer_ways},
    {Seg::StormHaven, "storm-haven", turn<"Storm, Byzantine havens (14.29)">,
     only<kByz>, no_proposal<haven>, nullptr, none, play_havens, after_havens,
     nullptr, haven_decisions, haven_ways},
    {Seg::Planning, "planning", turn<"Planning and Bombardment (16.0, 17.2, 15.7)">,
     planning, no_proposal<plan>, nullptr, planning_candidates, play_planning, after_planning,
     nullptr, planning_decisions, planning_ways},
    // clang-format on
}}};
static_assert(kSequence.indexed_by_segment(), "the rows stand in the order of Segment");

}  // namespace

const SequenceOfPlay& Board::sequence() {
  return kSequence;
}

std::string Board::label() const {
  return kSequence.label(*this);
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  kSequence.resolve(*this, orders, dice, events);
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
  const std::size_t first = rolls_so_far();
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

}  // namespace naumachia::constantinople
