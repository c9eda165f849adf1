// Classis: the sequence of play (2.1-2.5): the cup of chits, activations
// with their 1d6 initiative points, the End of Turn and Morale Check chits
// (3.2.10), and victory (4.0).
#include <algorithm>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

Side Board::active_side() const {
  const auto q = squadrons_.find(active_);
  return q == squadrons_.end() ? Side::First : q->second.side;
}

std::string Board::label() const {
  if (over_) return "Game over";
  switch (phase_) {
    case Phase::Muster:
      return "Muster: commanders, crews and wind";
    case Phase::Setup:
      return "Setup: squadrons, commanders and deployment";
    case Phase::Activation: {
      const Commander* c = commander_of(active_);
      return "Turn " + std::to_string(turn_) + ": " + side_name(active_side()) + " squadron " +
             active_ + (c ? " (" + c->name + ")" : "") + ", " + std::to_string(points_) + " of " +
             std::to_string(rolled_) + " initiative points left";
    }
  }
  return "";
}

bool Board::orders_in_step(Side s) const {
  if (over_) return false;
  switch (phase_) {
    case Phase::Muster:
      return false;
    case Phase::Setup:
      return true;
    case Phase::Activation:
      return s == active_side();
  }
  return false;
}

void Board::resolve(const Orders& orders, Dice& dice, std::vector<Event>& events) {
  execute(dice, events, [&] {
    switch (phase_) {
      case Phase::Muster:
        muster();
        break;
      case Phase::Setup:
        play_setup(orders);
        draw_chits();
        break;
      case Phase::Activation: {
        const Side side = active_side();
        bool ended = true;
        const auto it = orders.find(PlayerId{index(side)});
        if (it != orders.end()) {
          ended = it->second.lines.empty();
          for (const std::string& line : it->second.lines) {
            auto a = parse_action(line);
            if (a && a->kind == Action::End) {
              ended = true;
              break;
            }
            Expected<bool> done = a ? act(side, *a) : Expected<bool>(unexpected(a.error()));
            if (!done) {
              say("'" + line + "' is not carried out: " + done.error().message +
                  "; the orders after it are dropped (stop at the first that fails)");
              break;
            }
            check_victory();
            if (over_) break;
            if (!*done) {
              say("'" + line +
                  "' failed: the orders after it are not carried out (stop at the first that "
                  "fails)");
              break;
            }
          }
        }
        if (over_) break;
        if (ended || points_ == 0 || may_act().empty()) {
          end_activation();
          draw_chits();
        }
        break;
      }
    }
  });
  ++step_;
}

// Classis 2.1, 1.7: each commander's chits as many as his rating, one End of
// Turn chit, and a Morale Check chit for each side from the turn after its
// first loss; a lost commander's chits stay out (1.5).
void Board::begin_turn() {
  ++turn_;
  std::vector<std::string> chits;
  for (const auto& [id, c] : commanders_) {
    if (c.lost) continue;
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
  phase_ = Phase::Activation;
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

// Classis 3.2.10: taken only by a side that has lost more ships than the
// enemy (equal losses: ignored, as lower ones are); the admiral rolls 1d6,
// -1 below average, +1 above, and must beat the ships lost; a lost admiral
// fails it.
void Board::morale_check(Side side) {
  const int mine = losses(side), theirs = losses(enemy(side));
  if (mine <= theirs) {
    say(side_name(side) + " has lost " + std::to_string(mine) + " ship(s) to the enemy's " +
        std::to_string(theirs) + ": the morale check is ignored (3.2.10)");
    return;
  }
  const Commander* admiral = nullptr;
  for (const auto& [id, c] : commanders_)
    if (c.side == side && c.admiral) admiral = &c;
  if (!admiral || admiral->lost) {
    end_game(enemy(side), side_name(side) +
                              "'s fleet admiral is lost and the fleet fails its "
                              "morale check: " +
                              side_name(side) + " concedes (3.2.10)");
    return;
  }
  const auto first = rolls_so_far();
  const int die = roll(6, side_name(side) + "'s morale check (3.2.10)");
  const int mod = admiral->rating == 2 ? -1 : admiral->rating == 4 ? 1 : 0;
  const int total = die + mod;
  const bool pass = total > mine;
  said_with_rolls(side_name(side) + " has lost " + std::to_string(mine) +
                      " ship(s) to the enemy's " + std::to_string(theirs) + ": " + admiral->name +
                      " rolls " + std::to_string(die) + (mod ? (mod > 0 ? " +1" : " -1") : "") +
                      " = " + std::to_string(total) +
                      (pass ? ", more than the ships lost: the fleet fights on"
                            : ", not more than the ships lost: the fleet fails") +
                      " (3.2.10)",
                  first);
  if (!pass)
    end_game(enemy(side), side_name(side) + " fails its morale check and concedes (3.2.10)");
}

// Classis 4.0: the first side to lose a third of its ships or of its
// original ramming factors (a third exactly counts) loses. Both at once: the
// side that lost the larger share loses; equal shares are a draw.
void Board::check_victory() {
  if (over_ || phase_ != Phase::Activation) return;
  std::array<bool, 2> beaten{};
  std::array<std::pair<int, int>, 2> share{};  // the larger of the two fractions
  for (Side s : {Side::First, Side::Second}) {
    const auto i = static_cast<std::size_t>(index(s));
    const int ships = losses(s), ram = ram_losses(s);
    beaten[i] = ships * 3 >= start_ships_[i] || ram * 3 >= start_ram_[i];
    // ships/start vs ram/start_ram: keep the larger as a fraction.
    share[i] = ships * start_ram_[i] >= ram * start_ships_[i] ? std::pair{ships, start_ships_[i]}
                                                              : std::pair{ram, start_ram_[i]};
  }
  const auto why = [&](Side s) {
    const auto i = static_cast<std::size_t>(index(s));
    return side_name(s) + " has lost " + std::to_string(losses(s)) + " of " +
           std::to_string(start_ships_[i]) + " ships and " + std::to_string(ram_losses(s)) +
           " of " + std::to_string(start_ram_[i]) + " ramming factors";
  };
  if (beaten[0] && beaten[1]) {
    const long a = static_cast<long>(share[0].first) * share[1].second;
    const long b = static_cast<long>(share[1].first) * share[0].second;
    if (a == b) {
      end_game(std::nullopt, why(Side::First) + "; " + why(Side::Second) +
                                 ": both reach a third at once, in equal shares: a draw (4.0)");
    } else {
      const Side loser = a > b ? Side::First : Side::Second;
      end_game(enemy(loser), why(Side::First) + "; " + why(Side::Second) +
                                 ": both reach a third at once; " + side_name(loser) +
                                 " has lost the larger share and loses (4.0)");
    }
    return;
  }
  for (Side s : {Side::First, Side::Second}) {
    if (beaten[static_cast<std::size_t>(index(s))]) {
      end_game(enemy(s), why(s) + ": a third, and " + side_name(s) + " loses the battle (4.0)");
      return;
    }
  }
}

void Board::end_game(std::optional<Side> winner, const std::string& why) {
  over_ = true;
  winner_ = winner;
  result_ = (winner ? side_name(*winner) + " wins: " : std::string("Drawn: ")) + why;
  say(result_);
}

}  // namespace naumachia::classis
