#pragma once
// What the server tells players who are away (docs/correspondence.md): the
// notices a change to a game gives, each to one user and made only of what
// that user may see. Pure: the coordinator and press hand the notices to the
// storage writer with the change itself (outbox_write, notices/notice_tables.h),
// and the courier (notices/courier.h) delivers them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "facts/game_facts.h"
#include "naumachia.pb.h"
#include "notices/notice.h"

namespace naumachia::server {

// How a notice names a time: "Tue 24 Nov 2026 18:00 UTC".
std::string utc_text(std::int64_t unix_seconds);

// The notices that `events`, recorded by one change to the game, give its
// players; `after` is the game once the change is made (its step, deadline
// and seats to order). A step's happenings and orders are never told: a
// notice says that a step resolved and what comes next, which every player
// may see.
std::vector<Notice> game_notices(const GameFacts& after,
                                 const std::vector<proto::GameEvent>& events);

// The notices of a press message: one to every other user who may read it
// (`readers`, the game's press readers), with its text.
std::vector<Notice> message_notices(const GameFacts& f, const MessageRow& m,
                                    const std::vector<Reader>& readers);

// Reminders that the current step's deadline is near, to each user with a
// seat that orders in it and whose orders are not ready.
std::vector<Notice> reminder_notices(const GameFacts& f, std::int64_t now);

}  // namespace naumachia::server
