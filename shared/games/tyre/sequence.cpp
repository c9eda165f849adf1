// Tyre: the sequence of play (4.0). One table of segments, in the order of
// the rulebook's sequence-of-play chart: who orders, how an order is checked,
// how the segment is played and what follows it. Then the end of an impulse
// and of a Game-Turn, and the naval reinforcements (17.2).
#include <array>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

// ------------------------------------------------------------ who orders

template <Side S>
bool only(const Board&, Side side) {
  return side == S;
}
bool both(const Board&, Side) {
  return true;
}
bool ship_mover(const Board& b, Side s) {
  return s == b.mover() && b.has_ship_to_move(s);
}
bool ship_afloat(const Board& b, Side s) {
  return b.has_ship_afloat(s);
}
bool naval_attacker(const Board& b, Side s) {
  return b.has_melee(s);
}
bool bombarding(const Board& b, Side s) {
  return s == Side::Macedonian && b.has_bombarding_ship();
}
bool counter_bombarding(const Board& b, Side s) {
  return s == Side::Tyrian && b.has_counter_target();
}
template <Side S>
bool land_mover(const Board& b, Side s) {
  return s == S && b.has_land_mover(s);
}
bool firer(const Board& b, Side s) {
  return b.has_fire(s);
}
template <Side S>
bool land_attacker(const Board& b, Side s) {
  return s == S && b.has_assault(s);
}

// ------------------------------------------------------------ checks

Expected<std::string> place(Board& b, Side side, const std::string& line, Claims& c) {
  return b.place_line(side, line, c.ordered, c);
}
Expected<std::string> allocate(Board& b, Side side, const std::string& line, Claims& c) {
  return b.check_allocation(side, line, c.alloc);
}
Expected<std::string> strategic(Board& b, Side side, const std::string& line, Claims& c) {
  return b.strategic_line(side, line, c.ordered);
}
Expected<std::string> ship_move(Board& b, Side side, const std::string& line, Claims& c) {
  return b.ship_line(side, line, c.ordered);
}
Expected<std::string> naval_melee(Board& b, Side side, const std::string& line, Claims& c) {
  return b.melee_line(side, line, c.ordered, c);
}
Expected<std::string> bombard(Board& b, Side, const std::string& line, Claims& c) {
  return b.bombard_line(line, c.ordered);
}
Expected<std::string> counter(Board& b, Side, const std::string& line, Claims& c) {
  return b.counter_line(line, c.ordered);
}
Expected<std::string> land_move(Board& b, Side side, const std::string& line, Claims& c) {
  return b.land_move_line(side, line, c.ordered);
}
Expected<std::string> fire(Board& b, Side side, const std::string& line, Claims& c) {
  return b.fire_line(side, line, c.ordered);
}
Expected<std::string> land_melee(Board& b, Side side, const std::string& line, Claims& c) {
  return b.melee_attack_line(side, line, c.ordered, c.targets);
}

// ------------------------------------------------------------ whole orders

// 13.2: within the siege, stacking is checked at the end of each segment.
std::optional<std::string> stacking(const Board& b, Side side, const Claims&) {
  if (!b.siege_) return std::nullopt;
  if (auto why = b.stacking_problem(side)) return *why + " at the end of the segment";
  return std::nullopt;
}
// 17.1: the deployed fleet obeys the command rules (10.2).
std::optional<std::string> deployment(const Board& b, Side side, const Claims& c) {
  if (auto why = b.command_problem(side)) return why;
  return stacking(b, side, c);
}

// ------------------------------------------------------------ candidates

using Groups = std::vector<std::vector<std::string>>;
Groups none(const Board&, Side) {
  return {};
}
Groups allocation_candidates(const Board& b, Side s) {
  return b.allocation_candidates(s);
}
Groups ship_candidates(const Board& b, Side s) {
  return b.ship_move_candidates(s);
}
Groups naval_melee_candidates(const Board& b, Side s) {
  return b.naval_melee_candidates(s);
}
Groups bombard_candidates(const Board& b, Side s) {
  return b.bombard_candidates(s);
}
Groups counter_candidates(const Board& b, Side s) {
  return b.counter_candidates(s);
}
template <Side S>
Groups strategic_candidates(const Board& b, Side s) {
  return S == Side::Macedonian ? b.loading_candidates(s)
                               : b.land_candidates(s, Board::LandOrder::Move);
}
template <Board::LandOrder K>
Groups land_candidates(const Board& b, Side s) {
  return b.land_candidates(s, K);
}

// ------------------------------------------------------------ choices

// Orders choice by choice: a column names the Board's member for the
// segment (naval_choices.cpp, siege_choices.cpp).
template <std::vector<Decision> (Board::*F)(Side) const>
std::vector<Decision> decide(const Board& b, Side s) {
  return (b.*F)(s);
}
template <std::vector<Choice> (Board::*F)(Side, const Decision&, const Board::ChoicePath&) const>
std::vector<Choice> way(const Board& b, Side s, const Decision& d, const Board::ChoicePath& p) {
  return (b.*F)(s, d, p);
}
constexpr auto deploy_decisions = decide<&Board::deploy_decisions>;
constexpr auto deploy_ways = way<&Board::deploy_ways>;
constexpr auto allocation_decisions = decide<&Board::allocation_decisions>;
constexpr auto allocation_ways = way<&Board::allocation_ways>;
constexpr auto strategic_decisions = decide<&Board::strategic_decisions>;
constexpr auto strategic_ways = way<&Board::strategic_ways>;
constexpr auto ship_decisions = decide<&Board::ship_decisions>;
constexpr auto ship_ways = way<&Board::ship_ways>;
constexpr auto melee_decisions = decide<&Board::melee_decisions>;
constexpr auto melee_ways = way<&Board::melee_ways>;
constexpr auto bombard_decisions = decide<&Board::bombard_decisions>;
constexpr auto bombard_ways = way<&Board::bombard_ways>;
constexpr auto counter_decisions = decide<&Board::counter_decisions>;
constexpr auto counter_ways = way<&Board::counter_ways>;
constexpr auto placement_decisions = decide<&Board::placement_decisions>;
constexpr auto placement_ways = way<&Board::placement_ways>;
constexpr auto land_move_decisions = decide<&Board::land_move_decisions>;
constexpr auto land_move_ways = way<&Board::land_move_ways>;
constexpr auto fire_decisions = decide<&Board::fire_decisions>;
constexpr auto fire_ways = way<&Board::fire_ways>;
constexpr auto land_melee_decisions = decide<&Board::land_melee_decisions>;
constexpr auto land_melee_ways = way<&Board::land_melee_ways>;

// ------------------------------------------------------------ labels

template <Literal Title>
std::string turn(const Board& b) {
  return b.turn_title(Title.text);
}
template <Literal Title>
std::string impulse(const Board& b) {
  return b.impulse_title(Title.text);
}
std::string movement(const Board& b) {
  return b.impulse_title(std::string(side_name(b.mover())) + " movement");
}

// ------------------------------------------------------------ plays

// Each order line is carried out in turn, the Tyrian's first.
void play_orders(Board& b, const Orders& orders) {
  b.play_lines(orders);
  b.check_macedonian_victory();
}
void play_deploy(Board& b, const Orders& orders) {
  b.play_lines(orders, &Board::auto_place_tyrian);
  b.check_macedonian_victory();
}
void play_regroup(Board& b, const Orders& orders) {
  b.play_lines(orders, &Board::auto_place);
  b.clear_markers_after_regroup();
  b.check_macedonian_victory();
}
void play_planning(Board& b, const Orders& orders) {
  b.play_planning(orders);
}
void play_naval_melee(Board& b, const Orders& orders) {
  b.play_melee(orders);
}
void play_bombardment(Board& b, const Orders& orders) {
  b.play_bombardment(orders_of(orders, Side::Macedonian));
}
void play_counter(Board& b, const Orders& orders) {
  b.play_counter(orders_of(orders, Side::Tyrian));
}
void play_fire(Board& b, const Orders& orders) {
  b.play_fire(orders);
  b.check_macedonian_victory();
}

// ------------------------------------------------------------ what follows

template <Segment S>
void go(Board& b) {
  b.seg_ = S;
}
void after_deploy(Board& b) {
  if (b.siege_) return b.begin_planning();
  b.seg_ = Segment::FirstMove;
  b.roll_reinforcements();
}
void after_strategic(Board& b) {
  b.roll_reinforcements();  // 4.0 1E
  b.impulse_ = 1;
  b.seg_ = Segment::FirstMove;
}
void after_melee(Board& b) {
  b.end_of_impulse();
  if (b.siege_) {
    b.seg_ = b.plan_ == Plan::Assault ? Segment::AssaultBombard : Segment::MacBombard;
    return;
  }
  b.next_naval_impulse();
}
void next_impulse(Board& b) {
  b.next_naval_impulse();
}
void after_assault_impulse(Board& b) {
  b.end_of_assault_impulse();
}
void after_regroup(Board& b) {
  b.end_of_turn();
}

using Seg = Segment;
constexpr Side kTyr = Side::Tyrian;
constexpr Side kMac = Side::Macedonian;

// The sequence of play (4.0). The naval scenario uses Deploy, the movement
// and melee segments and Regroup; the siege uses them all.
constexpr SequenceOfPlay kSequence{
    {{
        // clang-format off
    // segment, name, label,
    //   who orders, check, whole orders, candidates, play, next,
    //   lines together, decisions, ways
    {Seg::MacDeploy, "mac-deploy", turn<"Macedonian deployment (17.1)">,
     only<kMac>, place, stacking, none, play_orders, go<Seg::Deploy>,
     nullptr, deploy_decisions, deploy_ways},
    {Seg::Deploy, "deploy", turn<"Tyrian deployment (17.1)">,
     only<kTyr>, place, deployment, none, play_deploy, after_deploy,
     nullptr, deploy_decisions, deploy_ways},
    {Seg::Allocation, "allocation", turn<"planning, secret allocation (4.0 1A)">,
     both, allocate, stacking, allocation_candidates, play_planning, go<Seg::MacStrategic>,
     nullptr, allocation_decisions, allocation_ways},
    {Seg::MacStrategic, "mac-strategic", turn<"Macedonian strategic movement (9.16)">,
     only<kMac>, strategic, stacking, strategic_candidates<kMac>, play_orders, go<Seg::TyrStrategic>,
     nullptr, strategic_decisions, strategic_ways},
    {Seg::TyrStrategic, "tyr-strategic", turn<"Tyrian strategic movement (9.16, 9.17)">,
     only<kTyr>, strategic, stacking, strategic_candidates<kTyr>, play_orders, after_strategic,
     nullptr, strategic_decisions, strategic_ways},
    {Seg::FirstMove, "first-movement", movement,  // 4.0 §2A / §3A
     ship_mover, ship_move, stacking, ship_candidates, play_orders, go<Seg::SecondMove>,
     nullptr, ship_decisions, ship_ways},
    {Seg::SecondMove, "second-movement", movement,  // §2B / §3B
     ship_mover, ship_move, stacking, ship_candidates, play_orders, go<Seg::Melee>,
     nullptr, ship_decisions, ship_ways},
    {Seg::Melee, "melee", impulse<"simultaneous naval melee">,  // §2C / §3C
     naval_attacker, naval_melee, stacking, naval_melee_candidates, play_naval_melee, after_melee,
     nullptr, melee_decisions, melee_ways},
    {Seg::MacBombard, "mac-bombard", impulse<"Macedonian bombardment (7.1)">,  // §2D
     bombarding, bombard, stacking, bombard_candidates, play_bombardment, go<Seg::TyrBombard>,
     nullptr, bombard_decisions, bombard_ways},
    {Seg::TyrBombard, "tyr-bombard", impulse<"Tyrian counter-bombardment (7.2)">,  // §2E
     counter_bombarding, counter, stacking, counter_candidates, play_counter, next_impulse,
     nullptr, counter_decisions, counter_ways},
    {Seg::Regroup, "regroup", turn<"naval regrouping (5.3)">,  // §2F
     ship_afloat, place, stacking, none, play_regroup, after_regroup,
     nullptr, placement_decisions, placement_ways},
    {Seg::AssaultBombard, "assault-bombard", impulse<"Tyrian bombardment of transports (4.0 3D)">,
     counter_bombarding, counter, stacking, counter_candidates, play_counter, go<Seg::MacLand>,
     nullptr, counter_decisions, counter_ways},
    {Seg::MacLand, "mac-land", impulse<"Macedonian land movement">,  // §3E
     land_mover<kMac>, land_move, stacking, land_candidates<Board::LandOrder::Move>, play_orders, go<Seg::TyrLand>,
     nullptr, land_move_decisions, land_move_ways},
    {Seg::TyrLand, "tyr-land", impulse<"Tyrian land movement">,  // §3F
     land_mover<kTyr>, land_move, stacking, land_candidates<Board::LandOrder::Move>, play_orders, go<Seg::Fire>,
     nullptr, land_move_decisions, land_move_ways},
    {Seg::Fire, "fire", impulse<"simultaneous fire combat (11.0)">,  // §3G
     firer, fire, stacking, land_candidates<Board::LandOrder::Fire>, play_fire, go<Seg::MacMelee>,
     nullptr, fire_decisions, fire_ways},
    {Seg::MacMelee, "mac-melee", impulse<"Macedonian land melee (12.0)">,  // §3H
     land_attacker<kMac>, land_melee, stacking, land_candidates<Board::LandOrder::Melee>, play_orders, go<Seg::TyrMelee>,
     nullptr, land_melee_decisions, land_melee_ways},
    {Seg::TyrMelee, "tyr-melee", impulse<"Tyrian land melee (12.0)">,  // §3I
     land_attacker<kTyr>, land_melee, stacking, land_candidates<Board::LandOrder::Melee>, play_orders, after_assault_impulse,
     nullptr, land_melee_decisions, land_melee_ways},
        // clang-format on
    }},
    IdleSeats::Checked};
static_assert(kSequence.indexed_by_segment(), "the rows stand in the order of Segment");

}  // namespace

const SequenceOfPlay& Board::sequence() {
  return kSequence;
}

Side Board::mover() const {
  const Side first = impulse_ % 2 == 1 ? Side::Tyrian : Side::Macedonian;  // 4.0 §2, 5.0
  if (seg_ == Segment::FirstMove) return first;
  return first == Side::Tyrian ? Side::Macedonian : Side::Tyrian;
}

std::string Board::label() const {
  return kSequence.label(*this);
}

std::string Board::turn_title(const char* title) const {
  return "Turn " + std::to_string(turn_) + ": " + title;
}

std::string Board::impulse_title(const std::string& title) const {
  return "Turn " + std::to_string(turn_) + ", " +
         (siege_ && plan_ == Plan::Assault ? "assault " : "") + "impulse " +
         std::to_string(impulse_) + ": " + title;
}

Expected<std::string> Board::check_line(Side side, const std::string& line, Claims& claims) {
  return kSequence[seg_].check(*this, side, line, claims);
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  kSequence.resolve(*this, orders, dice, events);
}

// Carries out each side's order lines, the Tyrian's first; `after_side`
// then completes that side's orders (placement of ships without orders).
void Board::play_lines(const Orders& orders, void (Board::*after_side)(Side, const Claims&)) {
  for (Side side : {Side::Tyrian, Side::Macedonian}) {
    Claims claims;
    const OrderSet mine = orders_of(orders, side);
    for (const std::string& line : mine.lines) {
      const auto result = check_line(side, line, claims);
      if (!result) say("order '" + line + "' could not be carried out: " + result.error().message);
    }
    if (after_side) (this->*after_side)(side, claims);
  }
}

void Board::next_naval_impulse() {
  if (impulse_ < kImpulses) {
    ++impulse_;
    seg_ = Segment::FirstMove;
  } else {
    seg_ = Segment::Regroup;
  }
}

// 4.0: Game-Turn indication; 14.43: the fireship burns out.
void Board::end_of_turn() {
  for (auto& [id, sh] : ships_) {
    if (sh.fireship && sh.on_map && !sh.sunk) {
      sh.sunk = true;
      say("the fireship burns out at the end of the Game-Turn (14.43)");
    }
  }
  if (turn_ >= kLastTurn) {
    if (naval_victory_by_losses()) return end_naval_scenario();
    end_game(Side::Tyrian,
             "Tyrian victory: no amphibious assault by the end of Game-Turn 12 (18.2)");
    return;
  }
  ++turn_;
  impulse_ = 1;
  if (siege_) return begin_planning();
  seg_ = Segment::FirstMove;
  roll_reinforcements();
}

void Board::begin_planning() {
  return_wounded_leaders();
  seg_ = Segment::Allocation;
  plan_ = Plan::None;
  mole_grew_ = relocated_melee_ = false;
  for (auto& [id, e] : engines_) e.turn_uses = 0;
}

// 17.21: one die per fleet still to come, on each Game-Turn the table lists.
void Board::roll_reinforcements() {
  if (rolled_turn_ >= turn_) return;
  rolled_turn_ = turn_;
  for (const Fleet& f : sc_->fleets) {
    const auto need = f.arrival.find(turn_);
    if (f.side != Side::Macedonian || arrived_.count(f.id) || need == f.arrival.end()) continue;
    const std::size_t first_roll = rolls_so_far();
    const int roll = dice_->roll(
        6, "naval reinforcement of the " + f.name + " fleet, Game-Turn " + std::to_string(turn_));
    std::string said;
    if (roll <= need->second) {
      arrived_.insert(f.id);
      said = "the " + f.name + " fleet arrives: its ships may enter along the north edge (17.22)";
    } else {
      // "needed 1" from rules version 3; earlier games keep "1-1", the
      // wording their replays must reproduce.
      said = "the " + f.name + " fleet does not arrive this Game-Turn (needed " +
             (from_rules(3) ? text::one_to(need->second) : "1-" + std::to_string(need->second)) +
             ")";
    }
    said_with_rolls(said, first_roll);
  }
}

void Board::end_of_impulse() {
  check_booms();
}

}  // namespace naumachia::tyre
