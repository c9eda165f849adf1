#pragma once
// The context a module's rules functions run in. Validation and resolution
// run the same code: in Mode::Check the rules work on a copy of the position,
// assume every roll goes well, roll no dice and record no events; in
// Mode::Execute (inside execute()) they roll and record. A module's board
// derives from Adjudication and reads `executing()`, `dice_` and `events_`.
#include <string>
#include <utility>
#include <vector>

#include "core/dice.h"
#include "core/game.h"

namespace naumachia {

enum class Mode { Check, Execute };

struct Adjudication {
  Mode mode_ = Mode::Check;
  Dice* dice_ = nullptr;                  // Mode::Execute only
  std::vector<Event>* events_ = nullptr;  // Mode::Execute only
  bool executing() const { return mode_ == Mode::Execute; }

  // A public event without rolls; nothing in Mode::Check.
  void say(std::string text) {
    if (executing()) events_->push_back(Event{std::move(text), {}});
  }

  // Runs `resolve` in Mode::Execute with these dice and events, then returns
  // to Mode::Check.
  template <class Resolve>
  void execute(Dice& dice, std::vector<Event>& events, Resolve&& resolve) {
    mode_ = Mode::Execute;
    dice_ = &dice;
    events_ = &events;
    resolve();
    mode_ = Mode::Check;
    dice_ = nullptr;
    events_ = nullptr;
  }
};

}  // namespace naumachia
