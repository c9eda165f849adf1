// Classis: the sequence of play (2.1-2.5). One table of segments: the muster
// and the setup before the first turn, then activations of the squadrons whose
// chits are drawn from the cup, each with its 1d6 initiative points; then the
// cup of chits itself, with the End of Turn and Morale Check chits (3.2.10).
#include <array>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

// ------------------------------------------------------------ who orders

bool nobody(const Board&, Side) {
  return false;
}
bool both(const Board&, Side) {
  return true;
}
// 2.2: the side whose squadron is activated.
bool active(const Board& b, Side s) {
  return s == b.active_side();
}

// ------------------------------------------------------------ checks

Expected<std::string> setup(Board& b, Side side, const std::string& line, Claims&) {
  return b.setup_line(side, line);
}
Expected<std::string> action(Board& b, Side side, const std::string& line, Claims& c) {
  return b.action_line(side, line, c);
}

// ------------------------------------------------------------ whole orders

// 1.5, 1.6: squadrons of two ships at least, each with its flagship.
std::optional<std::string> squadrons(const Board& b, Side side, const Claims&) {
  return b.setup_problem(side);
}

// ------------------------------------------------------------ candidates

using Groups = std::vector<std::vector<std::string>>;
Groups setup_candidates(const Board& b, Side s) {
  return b.setup_candidates(s);
}
Groups activation_candidates(const Board& b, Side s) {
  return b.activation_candidates(s);
}

// ------------------------------------------------------------ choices

using Path = std::vector<std::string>;
std::vector<Decision> setup_decisions(const Board& b, Side s) {
  return b.setup_decisions(s);
}
std::vector<Choice> setup_ways(const Board& b, Side s, const Decision& d, const Path& p) {
  return b.setup_ways(s, d, p);
}
std::vector<Decision> activation_decisions(const Board& b, Side s) {
  return b.activation_decisions(s);
}
std::vector<Choice> activation_ways(const Board& b, Side s, const Decision& d, const Path& p) {
  return b.activation_ways(s, d, p);
}

// ------------------------------------------------------------ labels

template <Literal Title>
std::string title(const Board&) {
  return Title.text;
}
std::string activation(const Board& b) {
  const Commander* c = b.commander_of(b.active_);
  return "Turn " + std::to_string(b.turn_) + ": " + b.side_name(b.active_side()) + " squadron " +
         b.active_ + (c ? " (" + c->name + ")" : "") + ", " + std::to_string(b.points_) + " of " +
         std::to_string(b.rolled_) + " initiative points left";
}

// ------------------------------------------------------------ plays

void play_muster(Board& b, const Orders&) {
  b.muster();
}
void play_setup(Board& b, const Orders& orders) {
  b.play_setup(orders);
}
void play_activation(Board& b, const Orders& orders) {
  b.play_actions(b.active_side(), orders_of(orders, b.active_side()));
}

// ------------------------------------------------------------ what follows

void after_muster(Board& b) {
  b.seg_ = Segment::Setup;
}
// 2.1: the first turn's cup, and the first draw.
void first_turn(Board& b) {
  b.begin_turn();
  b.draw_chits();
}
// 2.2-2.5: when the activation has ended, chits are drawn for the next one;
// until then the squadron acts on with the points it has left.
void after_activation(Board& b) {
  if (b.active_.empty()) b.draw_chits();
}

using Seg = Segment;

// The sequence of play: the muster (nobody orders: the server rolls), the
// secret setup of both sides, then activation after activation.
constexpr SequenceOfPlay kSequence{{{
    // clang-format off
    // segment, name, label,
    //   who orders, check, whole orders, candidates, play, next,
    //   lines together, decisions, ways
    {Seg::Muster, "muster", title<"Muster: commanders, crews and wind">,  // 1.2-1.5, 1.9
     nobody, nullptr, nullptr, nullptr, play_muster, after_muster},
    {Seg::Setup, "setup", title<"Setup: squadrons, commanders and deployment">,  // 1.5, 1.6, 1.10
     both, setup, squadrons, setup_candidates, play_setup, first_turn,
     nullptr, setup_decisions, setup_ways},
    {Seg::Activation, "activation", activation,  // 2.2-2.4, 3.2
     active, action, nullptr, activation_candidates, play_activation, after_activation,
     nullptr, activation_decisions, activation_ways},
    // clang-format on
}}};
static_assert(kSequence.indexed_by_segment(), "the rows stand in the order of Segment");

}  // namespace

const SequenceOfPlay& Board::sequence() {
  return kSequence;
}

Side Board::active_side() const {
  const auto q = squadrons_.find(active_);
  return q == squadrons_.end() ? Side::First : q->second.side;
}

std::string Board::label() const {
  if (over_) return "Game over";
  return kSequence.label(*this);
}

// Says who orders now: the side whose squadron has the initiative (2.1).
std::string Board::idle_refusal(Side) const {
  if (over_ || seg_ != Segment::Activation || active_.empty())
    return "this seat has no orders in '" + label() + "'";
  return "this seat has no orders in '" + label() + "'; " + side_name(active_side()) +
         " orders, its squadron " + active_ + " having the initiative (2.1)";
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  kSequence.resolve(*this, orders, dice, events);
}

// Classis 2.1, 1.7: each commander's chits as many as his rating, one End of
// Turn chit, and a Morale Check chit for each side from the turn after its
// first loss. A lost commander's chits stay out under rules version 1; from
// version 2 they go in while his squadron has a ship to act (1.5, 2.5).
void Board::begin_turn() {
  ++turn_;
  std::vector<std::string> chits;
  for (const auto& [id, c] : commanders_) {
    if (chits_outlive_commander() ? !has_ships(c.squadron) : c.lost) continue;
    for (int i = 0; i < c.rating; ++i) chits.push_back(c.squadron);
  }
  chits.push_back(kEndOfTurn);
  for (Side s : {Side::First, Side::Second}) {
    const int first = first_loss_[static_cast<std::size_t>(index(s))];
    if (first != 0 && first < turn_) chits.push_back(morale_chit(s));
  }
  cup_ = Cup(chits);
  say("Turn " + std::to_string(turn_) + " begins: the cup holds " + std::to_string(cup_.size()) +
      " chits: " + text::join(cup_.contents(), " ") + " (2.1, 1.7)");
  seg_ = Segment::Activation;
}

void Board::end_activation() {
  active_.clear();
  points_ = rolled_ = 0;
  for (auto& [id, s] : ships_) s.done.clear();
}

// Classis 2.1-2.5: chits are drawn until one activates a squadron; End of
// Turn, or an empty cup, begins the next turn; a Morale Check chit is taken
// at once (3.2.10).
void Board::draw_chits() {
  for (int guard = 0; guard < 1000 && !over_; ++guard) {
    if (cup_.empty()) {
      say("The cup is empty: the turn ends (2.5)");
      begin_turn();
      continue;
    }
    const auto first = rolls_so_far();
    auto d = cup_.draw(*dice_, "the server", Audience::everyone());
    const std::string chit = d->chit;
    if (chit == kEndOfTurn) {
      said_with_rolls("Turn " + std::to_string(turn_) + ": End of Turn is drawn (2.5, 3.1.8)",
                      first);
      begin_turn();
      bool any = false;
      for (const std::string& c : cup_.contents()) any = any || squadrons_.count(c);
      if (!any) {
        end_game(std::nullopt, "no commander is left to activate a squadron");
        return;
      }
      continue;
    }
    if (chit == morale_chit(Side::First) || chit == morale_chit(Side::Second)) {
      const Side s = chit == morale_chit(Side::First) ? Side::First : Side::Second;
      said_with_rolls("Turn " + std::to_string(turn_) + ": " + side_name(s) +
                          "'s Morale Check chit is drawn (3.2.10)",
                      first);
      morale_check(s);
      continue;
    }
    if (chits_outlive_commander() && !has_ships(chit)) {
      // 2.4: the chit is put aside; a squadron with no ship left has no
      // actions to take (its chits were in the cup when the turn began).
      said_with_rolls("Turn " + std::to_string(turn_) + ": squadron " + chit +
                          " is drawn but has no ship left: its chit is put aside (2.4)",
                      first);
      continue;
    }
    active_ = chit;
    rolled_ = points_ = roll(6, "initiative of squadron " + chit + " (2.2)");
    const Commander* c = commander_of(chit);
    said_with_rolls("Turn " + std::to_string(turn_) + ": squadron " + chit + " of " +
                        side_name(active_side()) + (c ? " (" + c->name + ")" : "") +
                        " is activated with " + std::to_string(points_) +
                        " initiative points (2.1, 2.2)",
                    first);
    return;
  }
}

}  // namespace naumachia::classis
