#pragma once
// Agreements between the players of a running game, as the coordinator
// applies them (facts/proposals.h has the rules): a proposal made, answered,
// and what a carried one decides; proposals lapsing when the standing
// changes; and the changes of the step's deadline clock that a carried
// proposal or the administrator makes (facts/step_clock.h). Each a change to
// a live game, as play/live_game.h makes them.
#include <cstdint>
#include <optional>
#include <string>

#include "facts/step_clock.h"
#include "naumachia.pb.h"
#include "play/live_game.h"
#include "storage/rows.h"

namespace naumachia::server {

// What `me` proposes in `g` as `r` asks (its kind, sides and seconds),
// checked against the game as it stands: refused when it cannot be proposed
// now, or a proposal of its kind is open already. An extension is
// `min_extension` to `max_extension` seconds.
ProposalRow proposal_asked(const LiveGame& g, const proto::ProposeRequest& r, PlayerId me,
                           std::int64_t min_extension, std::int64_t max_extension);
// Makes `p` (as proposal_asked made it) the game's next proposal, by `me`,
// at `at`; carried at once when `me` is the only seat it needs (a side
// conceding a duel). The answer carries its event. Returns it as made.
ProposalRow make_proposal(LiveGame& g, Writes& w, ProposalRow p, PlayerId me, std::int64_t at);
// `me`'s answer to an open proposal of `g` (accept, refuse or withdraw), at
// `at`: checked, recorded, and carried out when it carries the proposal.
// The answer carries its event. Returns the proposal as answered.
ProposalRow apply_answer(LiveGame& g, Writes& w, const proto::AnswerProposalRequest& r, PlayerId me,
                         std::int64_t at);

// Every open proposal (of `kind` only, when given) lapses, `why`.
void lapse_proposals(LiveGame& g, Writes& w, const std::string& why, std::int64_t at,
                     std::optional<ProposalKind> kind = std::nullopt);

// Refuses an extension of other than `min` to `max` seconds.
void check_extension(std::int64_t seconds, std::int64_t min, std::int64_t max);
// Changes the current step's deadline clock at `at`, as a carried proposal
// (`proposal`) or the administrator (0) asked: checked before
// (clock_problem). Records the event; proposals the change makes moot
// lapse; a resumed step whose seats are all ready resolves.
void change_clock(LiveGame& g, Writes& w, ClockChange change, std::int64_t seconds,
                  std::int64_t proposal, std::int64_t at);

}  // namespace naumachia::server
