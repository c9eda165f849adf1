#include "storage/rows.h"

#include <algorithm>

#include "storage/database.h"

namespace naumachia::server {

namespace {

constexpr StoredName<GameStatus> kStatuses[] = {
    {GameStatus::Open, "open"}, {GameStatus::Running, "running"}, {GameStatus::Over, "over"}};
constexpr StoredName<PressMode> kPressModes[] = {
    {PressMode::Full, "full"}, {PressMode::PublicOnly, "public"}, {PressMode::None, "none"}};
constexpr StoredName<Pause> kPauses[] = {
    {Pause::None, ""}, {Pause::Agreed, "agreed"}, {Pause::Admin, "admin"}};
constexpr StoredName<ProposalKind> kProposalKinds[] = {{ProposalKind::Draw, "draw"},
                                                       {ProposalKind::Concession, "concession"},
                                                       {ProposalKind::Pause, "pause"},
                                                       {ProposalKind::Resume, "resume"},
                                                       {ProposalKind::Extension, "extension"}};
constexpr StoredName<ProposalState> kProposalStates[] = {{ProposalState::Open, "open"},
                                                         {ProposalState::Carried, "carried"},
                                                         {ProposalState::Refused, "refused"},
                                                         {ProposalState::Withdrawn, "withdrawn"},
                                                         {ProposalState::Lapsed, "lapsed"}};
constexpr StoredName<AdminAction> kAdminActions[] = {{AdminAction::Pause, "pause"},
                                                     {AdminAction::Resume, "resume"},
                                                     {AdminAction::Extend, "extend"},
                                                     {AdminAction::Replace, "replace"}};

}  // namespace

void throw_unknown(const char* what, const std::string& text) {
  throw DbError(std::string("a stored ") + what + " is unknown: '" + text + "'");
}

std::string number_list(const std::vector<int>& numbers) {
  std::string out;
  for (int n : numbers) out += (out.empty() ? "" : " ") + std::to_string(n);
  return out;
}

std::vector<int> numbers_of(const std::string& text, const char* what) {
  std::vector<int> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t j = std::min(text.find(' ', i), text.size());
    if (j > i) {
      const std::string w = text.substr(i, j - i);
      if (w.size() > 6 || w.find_first_not_of("0123456789") != std::string::npos)
        throw DbError(std::string("stored ") + what + " are unreadable: '" + text + "'");
      out.push_back(std::stoi(w));
    }
    i = j + 1;
  }
  return out;
}

std::string status_text(GameStatus status) {
  return text_of(kStatuses, status);
}

GameStatus game_status(const std::string& text) {
  return value_of(kStatuses, text, "game status");
}

std::string press_text(PressMode mode) {
  return text_of(kPressModes, mode);
}

PressMode press_mode(const std::string& text) {
  return value_of(kPressModes, text, "press setting");
}

std::string pause_text(Pause pause) {
  return text_of(kPauses, pause);
}

Pause pause_of(const std::string& text) {
  return value_of(kPauses, text, "pause");
}

std::string kind_text(ProposalKind kind) {
  return text_of(kProposalKinds, kind);
}

ProposalKind proposal_kind(const std::string& text) {
  return value_of(kProposalKinds, text, "proposal kind");
}

std::string state_text(ProposalState state) {
  return text_of(kProposalStates, state);
}

ProposalState proposal_state(const std::string& text) {
  return value_of(kProposalStates, text, "proposal state");
}

std::string action_text(AdminAction action) {
  return text_of(kAdminActions, action);
}

AdminAction admin_action(const std::string& text) {
  return value_of(kAdminActions, text, "admin request's action");
}

}  // namespace naumachia::server
