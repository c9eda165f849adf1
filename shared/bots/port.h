#pragma once
// What a computer player may know of its game: exactly what its seat's
// client may ask the server for (the seat's view, its step, its decisions and
// their choices, whether a set of orders is valid) and positions drawn to
// agree with that knowledge, for search. A player is handed a SeatPort, never
// the game's state: it cannot read what its seat may not (docs/computer.md).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace naumachia::bots {

class SeatPort {
 public:
  virtual ~SeatPort() = default;
  virtual PlayerId seat() const = 0;
  virtual StepInfo step() const = 0;
  virtual View view() const = 0;
  virtual std::vector<Decision> decisions() const = 0;
  virtual Expected<std::vector<Choice>> choices(std::string_view decision,
                                                const std::vector<std::string>& path) const = 0;
  virtual Expected<OrderSet, OrderErrors> validate(const std::vector<std::string>& lines) const = 0;
  // The seat's own candidate lines, one group per decision (State::candidate_orders).
  virtual std::vector<std::vector<std::string>> candidate_orders() const = 0;
  // A position agreeing with everything the seat knows, what it may not
  // know drawn with `rng` (State::sampled_for); null when the module cannot
  // draw one, and the player then judges without search.
  virtual std::unique_ptr<State> sample(Dice& rng) const = 0;
};

// A port that answers as `inner` does (held for its lifetime): a player
// or test that changes one answer overrides that one alone.
class ForwardingPort : public SeatPort {
 public:
  explicit ForwardingPort(const SeatPort& inner) : inner_(inner) {}
  PlayerId seat() const override { return inner_.seat(); }
  StepInfo step() const override { return inner_.step(); }
  View view() const override { return inner_.view(); }
  std::vector<Decision> decisions() const override { return inner_.decisions(); }
  Expected<std::vector<Choice>> choices(std::string_view decision,
                                        const std::vector<std::string>& path) const override {
    return inner_.choices(decision, path);
  }
  Expected<OrderSet, OrderErrors> validate(const std::vector<std::string>& lines) const override {
    return inner_.validate(lines);
  }
  std::vector<std::vector<std::string>> candidate_orders() const override {
    return inner_.candidate_orders();
  }
  std::unique_ptr<State> sample(Dice& rng) const override { return inner_.sample(rng); }

 protected:
  const SeatPort& inner() const { return inner_; }

 private:
  const SeatPort& inner_;
};

// The port of `seat` on a position the caller holds for the port's lifetime.
class StatePort final : public SeatPort {
 public:
  StatePort(const State& state, PlayerId seat) : state_(state), seat_(seat) {}
  PlayerId seat() const override { return seat_; }
  StepInfo step() const override { return state_.step(); }
  View view() const override { return state_.view(seat_); }
  std::vector<Decision> decisions() const override { return state_.decisions(seat_); }
  Expected<std::vector<Choice>> choices(std::string_view decision,
                                        const std::vector<std::string>& path) const override {
    return state_.choices(seat_, decision, path);
  }
  Expected<OrderSet, OrderErrors> validate(const std::vector<std::string>& lines) const override {
    return state_.validate(seat_, lines);
  }
  std::vector<std::vector<std::string>> candidate_orders() const override {
    return state_.candidate_orders(seat_);
  }
  std::unique_ptr<State> sample(Dice& rng) const override { return state_.sampled_for(seat_, rng); }

 private:
  const State& state_;
  PlayerId seat_;
};

}  // namespace naumachia::bots
