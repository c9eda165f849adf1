#include "notices/notice.h"

namespace naumachia::server {

namespace {

struct KindName {
  NoticeKind kind;
  const char* text;
  proto::NoticeKind proto;
};
constexpr KindName kKindNames[] = {
    {NoticeKind::OrdersDue, "orders-due", proto::ORDERS_DUE},
    {NoticeKind::DeadlineNear, "deadline", proto::DEADLINE_NEAR},
    {NoticeKind::StepResolved, "resolved", proto::STEP_RESOLVED},
    {NoticeKind::MessageReceived, "message", proto::MESSAGE_RECEIVED},
    {NoticeKind::PlayerJoined, "joined", proto::PLAYER_JOINED},
    {NoticeKind::ProposalMade, "proposal", proto::PROPOSAL_MADE},
    {NoticeKind::GameEnded, "over", proto::GAME_ENDED},
    {NoticeKind::Confirmation, "confirmation", proto::NOTICE_KIND_UNSPECIFIED},
    {NoticeKind::Test, "test", proto::NOTICE_KIND_UNSPECIFIED},
};

}  // namespace

std::string notice_kind_text(NoticeKind kind) {
  for (const KindName& k : kKindNames) {
    if (k.kind == kind) return k.text;
  }
  return "notice";
}

std::optional<NoticeKind> notice_kind(const std::string& text) {
  for (const KindName& k : kKindNames) {
    if (text == k.text) return k.kind;
  }
  return std::nullopt;
}

proto::NoticeKind to_proto(NoticeKind kind) {
  for (const KindName& k : kKindNames) {
    if (k.kind == kind) return k.proto;
  }
  return proto::NOTICE_KIND_UNSPECIFIED;
}

std::optional<NoticeKind> from_proto(proto::NoticeKind kind) {
  for (const NoticeKind k : kChoosableKinds) {
    if (to_proto(k) == kind) return k;
  }
  return std::nullopt;
}

NoticeKinds notice_bit(NoticeKind kind) {
  return NoticeKinds{1} << static_cast<int>(kind);
}

NoticeKinds default_notice_kinds() {
  NoticeKinds out = 0;
  for (const NoticeKind k : kChoosableKinds) {
    if (k != NoticeKind::StepResolved) out |= notice_bit(k);
  }
  return out;
}

std::vector<NoticeKind> chosen_kinds(NoticeKinds kinds) {
  std::vector<NoticeKind> out;
  for (const NoticeKind k : kChoosableKinds) {
    if (kinds & notice_bit(k)) out.push_back(k);
  }
  return out;
}

}  // namespace naumachia::server
