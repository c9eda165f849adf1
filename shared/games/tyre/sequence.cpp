// Tyre: the sequence of play (4.0). One table of segments, in the order of
// the rulebook's sequence-of-play chart: who orders, how an order is checked,
// how the segment is played and what follows it. Then the end of an impulse
// and of a Game-Turn, and the naval reinforcements (17.2).
#include <array>

#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

namespace {

OrderSet orders_of(const Orders& orders, Side side) {
  const auto it = orders.find(PlayerId{static_cast<int>(side)});
  return it == orders.end() ? OrderSet{} : it->second;
}

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
    b.seg_ = b.plan_ == "assault" ? Segment::AssaultBombard : Segment::MacBombard;
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
constexpr std::array<SegmentRule, 17> kSegments{{
    // clang-format off
    // segment, name, in_impulse, title,
    //   who orders, check, play, next
    {Seg::MacDeploy, "mac-deploy", false, "Macedonian deployment (17.1)",
     only<kMac>, place, play_orders, go<Seg::Deploy>},
    {Seg::Deploy, "deploy", false, "Tyrian deployment (17.1)",
     only<kTyr>, place, play_deploy, after_deploy},
    {Seg::Allocation, "allocation", false, "planning, secret allocation (4.0 1A)",
     both, allocate, play_planning, go<Seg::MacStrategic>},
    {Seg::MacStrategic, "mac-strategic", false, "Macedonian strategic movement (9.16)",
     only<kMac>, strategic, play_orders, go<Seg::TyrStrategic>},
    {Seg::TyrStrategic, "tyr-strategic", false, "Tyrian strategic movement (9.16, 9.17)",
     only<kTyr>, strategic, play_orders, after_strategic},
    {Seg::FirstMove, "first-movement", true, nullptr,  // 4.0 §2A / §3A
     ship_mover, ship_move, play_orders, go<Seg::SecondMove>},
    {Seg::SecondMove, "second-movement", true, nullptr,  // §2B / §3B
     ship_mover, ship_move, play_orders, go<Seg::Melee>},
    {Seg::Melee, "melee", true, "simultaneous naval melee",  // §2C / §3C
     naval_attacker, naval_melee, play_naval_melee, after_melee},
    {Seg::MacBombard, "mac-bombard", true, "Macedonian bombardment (7.1)",  // §2D
     bombarding, bombard, play_bombardment, go<Seg::TyrBombard>},
    {Seg::TyrBombard, "tyr-bombard", true, "Tyrian counter-bombardment (7.2)",  // §2E
     counter_bombarding, counter, play_counter, next_impulse},
    {Seg::Regroup, "regroup", false, "naval regrouping (5.3)",  // §2F
     ship_afloat, place, play_regroup, after_regroup},
    {Seg::AssaultBombard, "assault-bombard", true, "Tyrian bombardment of transports (4.0 3D)",
     counter_bombarding, counter, play_counter, go<Seg::MacLand>},
    {Seg::MacLand, "mac-land", true, "Macedonian land movement",  // §3E
     land_mover<kMac>, land_move, play_orders, go<Seg::TyrLand>},
    {Seg::TyrLand, "tyr-land", true, "Tyrian land movement",  // §3F
     land_mover<kTyr>, land_move, play_orders, go<Seg::Fire>},
    {Seg::Fire, "fire", true, "simultaneous fire combat (11.0)",  // §3G
     firer, fire, play_fire, go<Seg::MacMelee>},
    {Seg::MacMelee, "mac-melee", true, "Macedonian land melee (12.0)",  // §3H
     land_attacker<kMac>, land_melee, play_orders, go<Seg::TyrMelee>},
    {Seg::TyrMelee, "tyr-melee", true, "Tyrian land melee (12.0)",  // §3I
     land_attacker<kTyr>, land_melee, play_orders, after_assault_impulse},
    // clang-format on
}};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kSegments.size(); ++i) {
    if (static_cast<std::size_t>(kSegments[i].segment) != i) return false;
  }
  return true;
}
static_assert(in_enum_order(), "kSegments is indexed by Segment");

}  // namespace

const SegmentRule& rule_of(Segment s) {
  return kSegments[static_cast<std::size_t>(s)];
}

Side Board::mover() const {
  const Side first = impulse_ % 2 == 1 ? Side::Tyrian : Side::Macedonian;  // 4.0 §2, 5.0
  if (seg_ == Segment::FirstMove) return first;
  return first == Side::Tyrian ? Side::Macedonian : Side::Tyrian;
}

std::string Board::label() const {
  const SegmentRule& r = segment();
  const std::string turn = "Turn " + std::to_string(turn_);
  if (!r.in_impulse) return turn + ": " + r.title;
  const std::string imp = turn + ", " + (siege_ && plan_ == "assault" ? "assault " : "") +
                          "impulse " + std::to_string(impulse_) + ": ";
  if (!r.title) return imp + side_name(mover()) + " movement";
  return imp + r.title;
}

bool Board::orders_in_segment(Side s) const {
  return segment().orders(*this, s);
}

Expected<std::string> Board::check_line(Side side, const std::string& line, Claims& claims) {
  return segment().check(*this, side, line, claims);
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  execute(dice, events, [&] {
    play(orders);
    advance();
  });
  ++step_;
}

void Board::play(const Orders& orders) {
  segment().play(*this, orders);
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

// Moves on segment by segment (with what happens between segments, 4.0)
// to the next one in which someone gives orders.
void Board::advance() {
  for (;;) {
    if (over_) return;
    segment().next(*this);
    if (over_) return;
    if (orders_in_segment(Side::Tyrian) || orders_in_segment(Side::Macedonian)) return;
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
  plan_.clear();
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
    const int roll = dice_->roll(
        6, "naval reinforcement of the " + f.name + " fleet, Game-Turn " + std::to_string(turn_));
    Event e;
    e.rolls = {dice_->log().back()};
    if (roll <= need->second) {
      arrived_.insert(f.id);
      e.text = "the " + f.name + " fleet arrives: its ships may enter along the north edge (17.22)";
    } else {
      e.text = "the " + f.name + " fleet does not arrive this Game-Turn (needed 1-" +
               std::to_string(need->second) + ")";
    }
    events_->push_back(std::move(e));
  }
}

void Board::end_of_impulse() {
  check_booms();
}

}  // namespace naumachia::tyre
