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
#include "core/trails.h"

namespace naumachia {

enum class Mode { Check, Execute };

struct Adjudication {
  Mode mode_ = Mode::Check;
  Dice* dice_ = nullptr;                  // Mode::Execute only
  std::vector<Event>* events_ = nullptr;  // Mode::Execute only
  bool executing() const { return mode_ == Mode::Execute; }
  // Where the pieces went in the step last resolved (core/trails.h).
  Trails trails_;

  // `piece` steps from `from` into `to`: its trail, for drawing its order
  // (Mode::Execute only).
  void stepped(const std::string& piece, hex::HexId from, hex::HexId to) {
    if (executing()) trails_.step(piece, from, to);
  }
  // The order `line` failed or was not carried out (Mode::Execute only).
  void failed_order(const std::string& line) {
    if (executing()) trails_.fail(line);
  }

  // A public event without rolls; nothing in Mode::Check.
  void say(std::string text) {
    if (executing()) events_->push_back(Event{std::move(text), {}});
  }
  // An event without rolls for `audience` only; nothing in Mode::Check.
  void say_to(Audience audience, std::string text) {
    if (executing()) events_->push_back(Event{std::move(text), {}, std::move(audience)});
  }

  // A roll of one die with `sides` faces, recorded in the step's log with
  // what it was for (Mode::Execute only: checks assume every roll goes well).
  int roll(int sides, std::string purpose) { return dice_->roll(sides, std::move(purpose)); }
  // Where the next roll will stand in the step's log: said_with_rolls
  // attaches every roll from there to an event.
  std::size_t rolls_so_far() const { return executing() ? dice_->log().size() : 0; }
  // An event carrying every roll made since `first_roll`; nothing in Mode::Check.
  void said_with_rolls(std::string text, std::size_t first_roll,
                       Audience audience = Audience::everyone()) {
    if (!executing()) return;
    Event e{std::move(text), {}, std::move(audience)};
    e.rolls.assign(dice_->log().begin() + static_cast<long>(first_roll), dice_->log().end());
    events_->push_back(std::move(e));
  }
  // An event carrying the last roll made; nothing in Mode::Check.
  void said_with_last_roll(std::string text) {
    if (executing()) events_->push_back(Event{std::move(text), {dice_->log().back()}});
  }

  // Runs `resolve` in Mode::Execute with these dice and events, then returns
  // to Mode::Check.
  template <class Resolve>
  void execute(Dice& dice, std::vector<Event>& events, Resolve&& resolve) {
    mode_ = Mode::Execute;
    trails_.clear();
    dice_ = &dice;
    events_ = &events;
    resolve();
    mode_ = Mode::Check;
    dice_ = nullptr;
    events_ = nullptr;
  }
};

}  // namespace naumachia
