#include "facts/proposals.h"

#include <algorithm>

#include "core/text.h"
#include "durations.h"

namespace naumachia::server {

std::vector<PlayerId> proposal_voters(ProposalKind kind, const Seating& who,
                                      const std::vector<bool>& resigned,
                                      const std::vector<SideId>& sides) {
  std::vector<PlayerId> out;
  for (int i = 0; i < who.seats(); ++i) {
    const auto seat = static_cast<std::size_t>(i);
    if (seat < resigned.size() && resigned[seat]) continue;
    if (kind == ProposalKind::Concession) {
      // The winner's seats have nothing to concede.
      const auto& mine = who.sides_of(PlayerId{i});
      if (std::any_of(mine.begin(), mine.end(), [&](SideId s) {
            return std::find(sides.begin(), sides.end(), s) != sides.end();
          }))
        continue;
    }
    out.push_back(PlayerId{i});
  }
  return out;
}

bool carried(const ProposalRow& p) {
  return std::all_of(p.voters.begin(), p.voters.end(), [&](PlayerId v) {
    return std::find(p.accepted.begin(), p.accepted.end(), v) != p.accepted.end();
  });
}

std::string side_name(const Seating& who, SideId side) {
  const auto n = static_cast<std::size_t>(side.value);
  return n < who.side_names.size() ? who.side_names[n] : "side " + std::to_string(n);
}

std::string side_list(const Seating& who, const std::vector<SideId>& sides) {
  std::vector<std::string> names;
  for (SideId s : sides) names.push_back(side_name(who, s));
  return text::listed(names, "and");
}

AgreedEnd agreed_end(const ProposalRow& p, const Seating& who) {
  switch (p.kind) {
    case ProposalKind::Draw:
      return {"draw between " + side_list(who, p.sides) + ", agreed by every player", {}};
    case ProposalKind::Concession:
      return {side_list(who, p.sides) + " wins: every other side conceded", p.sides};
    case ProposalKind::Pause:
    case ProposalKind::Resume:
    case ProposalKind::Extension:
      break;  // they do not end the game
  }
  return {};
}

proto::ProposalKind kind_proto(ProposalKind kind) {
  switch (kind) {
    case ProposalKind::Draw:
      return proto::DRAW;
    case ProposalKind::Concession:
      return proto::CONCESSION;
    case ProposalKind::Pause:
      return proto::PAUSE;
    case ProposalKind::Resume:
      return proto::RESUME;
    case ProposalKind::Extension:
      return proto::EXTENSION;
  }
  return proto::PROPOSAL_KIND_UNSPECIFIED;
}

std::optional<ProposalKind> kind_of(proto::ProposalKind kind) {
  for (ProposalKind k : {ProposalKind::Draw, ProposalKind::Concession, ProposalKind::Pause,
                         ProposalKind::Resume, ProposalKind::Extension}) {
    if (kind_proto(k) == kind) return k;
  }
  return std::nullopt;
}

proto::ProposalState state_proto(ProposalState state) {
  switch (state) {
    case ProposalState::Open:
      return proto::PROPOSAL_OPEN;
    case ProposalState::Carried:
      return proto::PROPOSAL_CARRIED;
    case ProposalState::Refused:
      return proto::PROPOSAL_REFUSED;
    case ProposalState::Withdrawn:
      return proto::PROPOSAL_WITHDRAWN;
    case ProposalState::Lapsed:
      return proto::PROPOSAL_LAPSED;
  }
  return proto::PROPOSAL_STATE_UNSPECIFIED;
}

void to_proto(const ProposalRow& p, const Seating& who, proto::Proposal& out) {
  out.set_id(static_cast<std::uint64_t>(p.id));
  out.set_kind(kind_proto(p.kind));
  out.set_proposer(static_cast<std::uint32_t>(p.proposer));
  for (SideId s : p.sides) out.add_sides(side_name(who, s));
  out.set_seconds(static_cast<std::uint64_t>(p.seconds));
  out.set_step(static_cast<std::uint64_t>(p.step));
  for (PlayerId v : p.voters) out.add_voters(static_cast<std::uint32_t>(v.value));
  for (PlayerId a : p.accepted) out.add_accepted(static_cast<std::uint32_t>(a.value));
  out.set_state(state_proto(p.state));
  out.set_made_unix(p.made_at);
}

std::string describe(const ProposalRow& p, const Seating& who) {
  switch (p.kind) {
    case ProposalKind::Draw:
      return "a draw between " + side_list(who, p.sides);
    case ProposalKind::Concession:
      return "a concession to " + side_list(who, p.sides);
    case ProposalKind::Pause:
      return "a pause";
    case ProposalKind::Resume:
      return "to resume the game";
    case ProposalKind::Extension:
      return "an extension of the deadline by " +
             render::duration_words(p.seconds, render::Precision::WholeUnit);
  }
  return "a proposal";
}

std::optional<ProposalRow> from_proto(const proto::Proposal& p, const Seating& who) {
  ProposalRow out;
  out.id = static_cast<std::int64_t>(p.id());
  const auto kind = kind_of(p.kind());
  const bool kind_known = kind.has_value();
  if (kind) out.kind = *kind;
  bool state_known = false;
  for (ProposalState s : {ProposalState::Open, ProposalState::Carried, ProposalState::Refused,
                          ProposalState::Withdrawn, ProposalState::Lapsed}) {
    if (state_proto(s) == p.state()) {
      out.state = s;
      state_known = true;
    }
  }
  if (!kind_known || !state_known) return std::nullopt;
  out.proposer = static_cast<int>(p.proposer());
  for (const std::string& name : p.sides()) {
    const auto at = std::find(who.side_names.begin(), who.side_names.end(), name);
    if (at == who.side_names.end()) return std::nullopt;
    out.sides.push_back(SideId{static_cast<int>(at - who.side_names.begin())});
  }
  out.seconds = static_cast<std::int64_t>(p.seconds());
  out.step = static_cast<std::int64_t>(p.step());
  for (std::uint32_t v : p.voters()) out.voters.push_back(PlayerId{static_cast<int>(v)});
  for (std::uint32_t a : p.accepted()) out.accepted.push_back(PlayerId{static_cast<int>(a)});
  out.made_at = p.made_unix();
  return out;
}

}  // namespace naumachia::server
