#pragma once
// A notice to one user about their games, and the kinds of notice a user may
// choose to hear about (docs/correspondence.md).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

}  // namespace naumachia::server
