#pragma once
// What the server tells players who are away (docs/correspondence.md): the
// notices a change to a game gives, each to one user and made only of what
// that user may see. Pure: the coordinator and press hand the notices to the
// storage writer with the change itself (the outbox, store.h), and the
// courier (courier.h) delivers them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "facts/game_facts.h"
#include "naumachia.pb.h"

namespace naumachia::server {

enum class NoticeKind {
  OrdersDue,
  DeadlineNear,
  StepResolved,
  MessageReceived,
  PlayerJoined,
  ProposalMade,
  GameEnded,
  Confirmation,  // an e-mail address's code: sent whatever the settings
  Test,          // asked for by the user: sent whatever the settings
};

std::string notice_kind_text(NoticeKind kind);  // "orders-due", "deadline", ...
std::optional<NoticeKind> notice_kind(const std::string& text);
proto::NoticeKind to_proto(NoticeKind kind);
std::optional<NoticeKind> from_proto(proto::NoticeKind kind);

// The kinds a user may choose, as bits of notify_settings.kinds.
using NoticeKinds = std::int64_t;
NoticeKinds notice_bit(NoticeKind kind);
// What a user hears about before choosing: everything but STEP_RESOLVED
// (ORDERS_DUE tells the players who order, and that is what most want).
NoticeKinds default_notice_kinds();
std::vector<NoticeKind> chosen_kinds(NoticeKinds kinds);  // in the enum's order
constexpr NoticeKind kChoosableKinds[] = {NoticeKind::OrdersDue,    NoticeKind::DeadlineNear,
                                          NoticeKind::StepResolved, NoticeKind::MessageReceived,
                                          NoticeKind::PlayerJoined, NoticeKind::ProposalMade,
                                          NoticeKind::GameEnded};

struct Notice {
  std::int64_t user_id = 0;
  NoticeKind kind = NoticeKind::Test;
  std::int64_t game_id = 0;  // 0: about no game
  std::string subject;       // one line
  std::string body;          // plain text; the courier adds how to unsubscribe
  bool connected = false;    // the user had a connection open when it was made
};

// How a notice names a time: "Tue 24 Nov 2026 18:00 UTC".
std::string utc_text(std::int64_t unix_seconds);
// "2 days 3 hours", "45 minutes": a span rounded down to its two largest units.
std::string span_text(std::int64_t seconds);

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
