#pragma once
// The rules of agreements between the players of a game: who must accept a
// proposal, what a carried one decides, and how a proposal reads on the wire.
// One place for the coordinator, which applies them, and the audit, which
// checks stored games against them.
#include <optional>
#include <string>
#include <vector>

#include "core/seating.h"
#include "naumachia.pb.h"
#include "storage/rows.h"

namespace naumachia::server {

// The seats whose acceptance a proposal needs, given who has resigned: every
// seat still in the game; for a concession, every such seat that does not
// play the side conceded to (`sides`).
std::vector<PlayerId> proposal_voters(ProposalKind kind, const Seating& who,
                                      const std::vector<bool>& resigned,
                                      const std::vector<SideId>& sides);

// Whether every voter has accepted.
bool carried(const ProposalRow& p);

// How a carried draw or concession ends the game (the other kinds do not).
struct AgreedEnd {
  std::string result;           // games.result
  std::vector<SideId> winners;  // none for a draw
};
AgreedEnd agreed_end(const ProposalRow& p, const Seating& who);

// "France"; "side 3" for a side the seating does not name.
std::string side_name(const Seating& who, SideId side);
// "England, France and Italy".
std::string side_list(const Seating& who, const std::vector<SideId>& sides);

// A proposal as players read it; side names from `who`.
void to_proto(const ProposalRow& p, const Seating& who, proto::Proposal& out);
proto::ProposalKind kind_proto(ProposalKind kind);
std::optional<ProposalKind> kind_of(proto::ProposalKind kind);
proto::ProposalState state_proto(ProposalState state);

// A proposal as an event carried it, read back (sides by name); nullopt when
// its kind, state or a side's name is unknown.
std::optional<ProposalRow> from_proto(const proto::Proposal& p, const Seating& who);

// "a draw", "a concession to France": what the proposal is, for messages.
std::string describe(const ProposalRow& p, const Seating& who);

}  // namespace naumachia::server
