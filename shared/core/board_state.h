#pragma once
// The engine's State over a module's board, for the games written as a Board
// (the position and the rules over it: Tyre, Constantinople, Classis). The
// board gives resolve(orders, dice, events), serialize(), parse(bytes) (an
// error message or nullopt), view(), order_help() and candidate_orders(side);
// a module derives its State from BoardState<Self, Board, Side> and writes
// only what differs between games: step() and validate(). These games are
// played in the open (every seat sees the same view) and a missed deadline
// means no orders; a module that differs overrides those.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/sequence.h"

namespace naumachia {

template <class Self, class Board, class Side>
class BoardState : public State {
 public:
  template <class... Args>
  explicit BoardState(Args&&... args) : board_(std::forward<Args>(args)...) {}

  OrderSet default_orders(PlayerId) const override { return {}; }
  std::vector<std::vector<std::string>> candidate_orders(PlayerId player) const override {
    if constexpr (requires { board_.candidate_orders(Side{}); }) {
      return board_.candidate_orders(static_cast<Side>(player.value));
    } else {
      return {};  // a SequencedState's table gives them
    }
  }
  // The same view for every seat, unless the board hides information and
  // gives each seat its own (view(seat)).
  View view(std::optional<PlayerId> player) const override {
    if constexpr (requires { board_.view(player); })
      return board_.view(player);
    else
      return board_.view();
  }
  // The orders of the step that led here, if the board draws them
  // (board_.order_arrows(lines)).
  std::vector<Arrow> order_arrows(const RevealedLines& last_orders) const override {
    if constexpr (requires { board_.order_arrows(last_orders); })
      return board_.order_arrows(last_orders);
    else
      return {};
  }
  std::string serialize() const override { return board_.serialize(); }
  std::unique_ptr<State> clone() const override { return std::make_unique<Self>(self()); }
  std::string order_help() const override { return board_.order_help(); }

  // A copy of this state holding the position `bytes` describe.
  Expected<std::unique_ptr<State>> parse_into(std::string_view bytes) const {
    auto out = std::make_unique<Self>(self());
    // Not this position's step: the trails of the moves that led here are gone.
    if constexpr (requires { board_.trails_; })
      static_cast<BoardState&>(*out).board_.trails_.clear();
    if (auto why = static_cast<BoardState&>(*out).board_.parse(bytes)) return fail(*why);
    return std::unique_ptr<State>(std::move(out));
  }

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const override {
    auto next = std::make_unique<Self>(self());
    Resolution r;
    static_cast<BoardState&>(*next).board_.resolve(orders, dice, r.events);
    r.next = std::move(next);
    return r;
  }

  Board board_;

 private:
  const Self& self() const { return static_cast<const Self&>(*this); }
};

// A BoardState whose board runs its sequence of play from a table of
// segments (core/sequence.h): the step, validation and the candidate orders
// come from the table. The board offers `sequence()` (its table), `label()`,
// `result_` and `winners()` besides what Sequence asks of it; its seats may be
// a side enum or the seats' numbers (`Side` int).
template <class Self, class Board, class Side>
class SequencedState : public BoardState<Self, Board, Side> {
 public:
  using BoardState<Self, Board, Side>::BoardState;

  StepInfo step() const override {
    const Board& b = this->board_;
    StepInfo info;
    info.number = StepNo{b.step_};
    info.label = b.label();
    if (Board::sequence().over(b)) {
      info.game_over = true;
      info.result = b.result_;
      info.winners = b.winners();
      return info;
    }
    info.to_order = Board::sequence().to_order(b);
    return info;
  }

  // A dry run of the segment's orders on a copy of the position (Mode::Check).
  Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                           const std::vector<std::string>& lines) const override {
    if (!seat_of(player)) return unexpected(OrderErrors{{0, "no such seat"}});
    return Board::sequence().validate(this->board_, *seat_of(player), lines);
  }

  std::vector<std::vector<std::string>> candidate_orders(PlayerId player) const override {
    if (!seat_of(player)) return {};
    return Board::sequence().candidates(this->board_, *seat_of(player));
  }

  std::vector<Decision> decisions(PlayerId player) const override {
    if (!seat_of(player)) return {};
    return Board::sequence().decisions(this->board_, *seat_of(player));
  }

  Expected<std::vector<Choice>> choices(PlayerId player, std::string_view decision,
                                        const std::vector<std::string>& path) const override {
    if (!seat_of(player)) return fail("no such seat");
    return Board::sequence().choices(this->board_, *seat_of(player), decision, path);
  }

 private:
  std::optional<Side> seat_of(PlayerId player) const {
    for (const auto seat : this->board_.seats()) {
      if (player_of(seat) == player) return seat;
    }
    return std::nullopt;
  }
};

}  // namespace naumachia
