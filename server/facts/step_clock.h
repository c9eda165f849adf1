#pragma once
// The current step's deadline clock: a pause stops it and keeps the time the
// deadline had left, a resume restarts it with that time from then, an
// extension moves the deadline (or, while paused, the time left) later. One
// set of rules for the coordinator, which changes games, and the audit,
// which checks every stored change against them.
#include <cstdint>
#include <optional>
#include <string>

#include "naumachia.pb.h"
#include "storage/rows.h"

namespace naumachia::server {

enum class ClockChange { Pause, Resume, Extend };

struct StepClock {
  std::optional<std::int64_t> deadline;   // games.step_deadline
  Pause paused = Pause::None;             // games.paused
  std::optional<std::int64_t> remaining;  // games.paused_remaining, while paused

  static StepClock of(const GameRow& g) { return {g.step_deadline, g.paused, g.paused_remaining}; }
  bool operator==(const StepClock&) const = default;
};

// Why `change` cannot be made to a clock now, or nullopt. `by_admin`: the
// server's administrator asks (who may take over a pause the players agreed
// on, and resume any pause); otherwise the players agreed on it.
std::optional<std::string> clock_problem(const StepClock& clock, ClockChange change, bool by_admin);

// The clock after `change` made at `now` (`seconds`: an extension's).
StepClock changed(const StepClock& clock, ClockChange change, bool by_admin, std::int64_t seconds,
                  std::int64_t now);

// The event telling the players: `proposal` the carried proposal that made
// the change, 0 for the administrator.
proto::DeadlineChanged deadline_event(ClockChange change, std::int64_t step, std::int64_t proposal,
                                      std::int64_t seconds, const StepClock& after);

proto::DeadlineChange change_proto(ClockChange change);

}  // namespace naumachia::server
