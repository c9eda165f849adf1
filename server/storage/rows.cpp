#include "storage/rows.h"

#include "storage/database.h"

namespace naumachia::server {

std::string kind_text(ProposalKind kind) {
  switch (kind) {
    case ProposalKind::Draw:
      return "draw";
    case ProposalKind::Concession:
      return "concession";
    case ProposalKind::Pause:
      return "pause";
    case ProposalKind::Resume:
      return "resume";
    case ProposalKind::Extension:
      return "extension";
  }
  return "draw";
}

ProposalKind proposal_kind(const std::string& text) {
  for (ProposalKind k : {ProposalKind::Draw, ProposalKind::Concession, ProposalKind::Pause,
                         ProposalKind::Resume, ProposalKind::Extension}) {
    if (kind_text(k) == text) return k;
  }
  throw DbError("a stored proposal kind is unknown: '" + text + "'");
}

std::string pause_text(Pause pause) {
  switch (pause) {
    case Pause::None:
      return "";
    case Pause::Agreed:
      return "agreed";
    case Pause::Admin:
      return "admin";
  }
  return "";
}

Pause pause_of(const std::string& text) {
  for (Pause p : {Pause::None, Pause::Agreed, Pause::Admin}) {
    if (pause_text(p) == text) return p;
  }
  throw DbError("a stored pause is unknown: '" + text + "'");
}

std::string action_text(AdminAction action) {
  switch (action) {
    case AdminAction::Pause:
      return "pause";
    case AdminAction::Resume:
      return "resume";
    case AdminAction::Extend:
      return "extend";
    case AdminAction::Replace:
      return "replace";
  }
  return "pause";
}

AdminAction admin_action(const std::string& text) {
  for (AdminAction a :
       {AdminAction::Pause, AdminAction::Resume, AdminAction::Extend, AdminAction::Replace}) {
    if (action_text(a) == text) return a;
  }
  throw DbError("a stored admin request's action is unknown: '" + text + "'");
}

std::string state_text(ProposalState state) {
  switch (state) {
    case ProposalState::Open:
      return "open";
    case ProposalState::Carried:
      return "carried";
    case ProposalState::Refused:
      return "refused";
    case ProposalState::Withdrawn:
      return "withdrawn";
    case ProposalState::Lapsed:
      return "lapsed";
  }
  return "open";
}

ProposalState proposal_state(const std::string& text) {
  for (ProposalState s : {ProposalState::Open, ProposalState::Carried, ProposalState::Refused,
                          ProposalState::Withdrawn, ProposalState::Lapsed}) {
    if (state_text(s) == text) return s;
  }
  throw DbError("a stored proposal state is unknown: '" + text + "'");
}

std::string press_text(PressMode mode) {
  switch (mode) {
    case PressMode::Full:
      return "full";
    case PressMode::PublicOnly:
      return "public";
    case PressMode::None:
      return "none";
  }
  return "full";
}

PressMode press_mode(const std::string& text) {
  if (text == "full") return PressMode::Full;
  if (text == "public") return PressMode::PublicOnly;
  if (text == "none") return PressMode::None;
  throw DbError("a stored press setting is unknown: '" + text + "'");
}

}  // namespace naumachia::server
