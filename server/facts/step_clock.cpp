#include "facts/step_clock.h"

#include <algorithm>

namespace naumachia::server {

std::optional<std::string> clock_problem(const StepClock& clock, ClockChange change,
                                         bool by_admin) {
  switch (change) {
    case ClockChange::Pause:
      // The administrator may hold a game the players paused, so that they
      // cannot resume it; nobody pauses a paused game otherwise.
      if (clock.paused == Pause::Admin || (clock.paused == Pause::Agreed && !by_admin))
        return "is paused already";
      return std::nullopt;
    case ClockChange::Resume:
      if (clock.paused == Pause::None) return "is not paused";
      if (clock.paused == Pause::Admin && !by_admin)
        return "was paused by the server's administrator, who alone resumes it";
      return std::nullopt;
    case ClockChange::Extend:
      if (!clock.deadline && !clock.remaining) return "has no deadline in its current step";
      return std::nullopt;
  }
  return std::nullopt;
}

StepClock changed(const StepClock& clock, ClockChange change, bool by_admin, std::int64_t seconds,
                  std::int64_t now) {
  StepClock out = clock;
  switch (change) {
    case ClockChange::Pause:
      // A deadline already past (its resolution not yet made) keeps nothing.
      if (clock.paused == Pause::None && clock.deadline)
        out.remaining = std::max<std::int64_t>(0, *clock.deadline - now);
      out.deadline.reset();
      out.paused = by_admin ? Pause::Admin : Pause::Agreed;
      break;
    case ClockChange::Resume:
      out.deadline.reset();
      if (clock.remaining) out.deadline = now + *clock.remaining;
      out.remaining.reset();
      out.paused = Pause::None;
      break;
    case ClockChange::Extend:
      if (clock.paused != Pause::None && clock.remaining) {
        out.remaining = *clock.remaining + seconds;
      } else if (clock.deadline) {
        out.deadline = *clock.deadline + seconds;
      }
      break;
  }
  return out;
}

proto::DeadlineChange change_proto(ClockChange change) {
  switch (change) {
    case ClockChange::Pause:
      return proto::PAUSED;
    case ClockChange::Resume:
      return proto::RESUMED;
    case ClockChange::Extend:
      return proto::EXTENDED;
  }
  return proto::DEADLINE_CHANGE_UNSPECIFIED;
}

proto::DeadlineChanged deadline_event(ClockChange change, std::int64_t step, std::int64_t proposal,
                                      std::int64_t seconds, const StepClock& after) {
  proto::DeadlineChanged d;
  d.set_change(change_proto(change));
  d.set_step(static_cast<std::uint64_t>(step));
  d.set_proposal(static_cast<std::uint64_t>(proposal));
  if (change == ClockChange::Extend) d.set_seconds(static_cast<std::uint64_t>(seconds));
  d.set_deadline_unix(after.deadline.value_or(0));
  if (after.paused != Pause::None && after.remaining) d.set_remaining_seconds(*after.remaining);
  return d;
}

}  // namespace naumachia::server
