// Agreements between the players of a running game: proposals, their
// answers, and what a carried one decides. The coordinator's, like every
// change to a game: checked against the game in memory, applied, stored, and
// pushed once durable.
#include <algorithm>
#include <cctype>

#include "coordinator.h"
#include "log.h"
#include "press.h"
#include "proposals.h"

namespace naumachia::server {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string seat_label(const LiveGame& g, int seat) {
  return "seat " + std::to_string(seat) + " (" +
         g.who.seat_names.at(static_cast<std::size_t>(seat)) + ")";
}

bool has(const std::vector<PlayerId>& seats, PlayerId p) {
  return std::find(seats.begin(), seats.end(), p) != seats.end();
}

// The side a concession names, by its name (case aside), among those a seat
// of the game plays.
SideId conceded_to(const LiveGame& g, const std::string& name) {
  std::vector<SideId> in_play;
  for (int i = 0; i < g.who.seats(); ++i) {
    for (SideId s : g.who.sides_of(PlayerId{i})) {
      if (std::find(in_play.begin(), in_play.end(), s) == in_play.end()) in_play.push_back(s);
    }
  }
  std::sort(in_play.begin(), in_play.end());
  for (SideId s : in_play) {
    if (lower(g.who.side_names.at(static_cast<std::size_t>(s.value))) == lower(name)) return s;
  }
  refuse(proto::INVALID_ARGUMENT, "no side '" + name + "' in " + game_label(g.row.id) +
                                      "; its sides are " + side_list(g.who, in_play));
}

void require_running(const LiveGame& g) {
  if (g.row.status != "running") {
    refuse(proto::GAME_NOT_RUNNING,
           game_label(g.row.id) + (g.row.status == "open" ? " has not started" : " is over"));
  }
}

}  // namespace

proto::GameEvent Coordinator::record_proposal(LiveGame& g, Writes& w, const ProposalRow& p,
                                              proto::ProposalStep what, std::optional<int> seat,
                                              const std::string& why,
                                              std::optional<std::int64_t> at) {
  const std::int64_t id = g.row.id;
  if (what == proto::PROPOSED) {
    w.ops.push_back([id, p](Store& s) { s.insert_proposal(id, p); });
  } else {
    w.ops.push_back([id, p](Store& s) { s.update_proposal(id, p); });
  }
  const auto it = std::find_if(g.proposals.begin(), g.proposals.end(),
                               [&](const ProposalRow& o) { return o.id == p.id; });
  if (p.state == ProposalState::Open) {
    if (it == g.proposals.end()) {
      g.proposals.push_back(p);
    } else {
      *it = p;
    }
  } else if (it != g.proposals.end()) {
    g.proposals.erase(it);
  }
  proto::GameEvent e;
  auto& pe = *e.mutable_proposal();
  to_proto(p, g.who, *pe.mutable_proposal());
  pe.set_what(what);
  if (seat) pe.set_seat(static_cast<std::uint32_t>(*seat));
  pe.set_why(why);
  return record(g, w, std::move(e), at);
}

void Coordinator::lapse_proposals(LiveGame& g, Writes& w, const std::string& why,
                                  std::optional<std::int64_t> at) {
  const std::vector<ProposalRow> open = g.proposals;  // recording changes the list
  for (ProposalRow p : open) {
    p.state = ProposalState::Lapsed;
    p.closed_at = at.value_or(now());
    record_proposal(g, w, p, proto::LAPSED, std::nullopt, why, at);
  }
}

void Coordinator::carry_out(LiveGame& g, Writes& w, const ProposalRow& p) {
  switch (p.kind) {
    case ProposalKind::Draw:
    case ProposalKind::Concession: {
      const AgreedEnd end = agreed_end(p, g.who);
      lapse_proposals(g, w, "the game ended");
      g.row.status = "over";
      g.row.step_deadline.reset();
      g.row.result = end.result;
      g.row.winning_sides = side_numbers(end.winners);
      g.row.winners = seat_numbers(winning_seats(g.who, end.winners, g.resigned()));
      write_row(g, w);
      over_event(g, w);
      log_line(game_label(g.row.id) + ": ended by agreement (" + kind_text(p.kind) + ")");
      return;
    }
  }
}

void Coordinator::propose(const ConnectionState& conn, const proto::ProposeRequest& r,
                          const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GamePtr g = live(static_cast<std::int64_t>(r.game_id()));
  const PlayerId me = acting_seat(*g, conn, std::nullopt);
  require_running(*g);
  const std::string game = game_label(g->row.id);
  ProposalRow p;
  const Standing st = standing(g->who, g->resigned());
  switch (r.kind()) {
    case proto::DRAW:
      p.kind = ProposalKind::Draw;
      p.sides = st.remaining;
      break;
    case proto::CONCESSION: {
      p.kind = ProposalKind::Concession;
      const SideId side = conceded_to(*g, r.side());
      const std::string name = g->who.side_names.at(static_cast<std::size_t>(side.value));
      if (std::find(st.remaining.begin(), st.remaining.end(), side) == st.remaining.end())
        refuse(proto::INVALID_ARGUMENT, name + " has no player left in " + game);
      const auto& mine = g->who.sides_of(me);
      if (std::find(mine.begin(), mine.end(), side) != mine.end()) {
        refuse(proto::INVALID_ARGUMENT,
               "you play " + name + ": a concession is to a side you do not play");
      }
      p.sides = {side};
      break;
    }
    default:
      refuse(proto::INVALID_ARGUMENT,
             "propose a draw or a concession (kind " + std::to_string(r.kind()) + " is neither)");
  }
  for (const ProposalRow& o : g->proposals) {
    if (o.kind == p.kind) {
      refuse(proto::INVALID_ARGUMENT, "proposal " + std::to_string(o.id) + ", " +
                                          describe(o, g->who) + ", is open in " + game +
                                          ": accept, refuse or withdraw it first");
    }
  }
  take_send_budget(send_budget_, user, "messages and proposals");

  Writes w;
  p.id = g->next_proposal++;
  p.proposer = me.value;
  p.step = g->row.step;
  p.voters = proposal_voters(p.kind, g->who, g->resigned(), p.sides);
  p.accepted = {me};
  p.made_at = now();
  // The proposer may be the only seat it needs (a side conceding a duel).
  if (carried(p)) {
    p.state = ProposalState::Carried;
    p.closed_at = p.made_at;
  }
  w.answered = record_proposal(*g, w, p, proto::PROPOSED, me.value).seq();
  if (p.state == ProposalState::Carried) carry_out(*g, w, p);
  w.kept = "your proposal in " + game + " was recorded";
  commit(g, std::move(w), reply, [g, p, reply] {
    to_proto(p, g->who, *reply->out().mutable_proposal());
    reply->send();
  });
}

void Coordinator::answer_proposal(const ConnectionState& conn,
                                  const proto::AnswerProposalRequest& r, const ReplyPtr& reply) {
  require_user(conn);
  const GamePtr g = live(static_cast<std::int64_t>(r.game_id()));
  const PlayerId me = acting_seat(*g, conn, std::nullopt);
  require_running(*g);
  const std::string game = game_label(g->row.id);
  const auto it = std::find_if(g->proposals.begin(), g->proposals.end(), [&](const ProposalRow& o) {
    return o.id == static_cast<std::int64_t>(r.proposal());
  });
  if (it == g->proposals.end())
    refuse(proto::NOT_FOUND, game + " has no open proposal " + std::to_string(r.proposal()));
  ProposalRow p = *it;
  const std::string which = "proposal " + std::to_string(p.id) + " (" + describe(p, g->who) + ")";
  proto::ProposalStep what = proto::PROPOSAL_STEP_UNSPECIFIED;
  switch (r.answer()) {
    case proto::ACCEPT:
      if (!has(p.voters, me)) refuse(proto::FORBIDDEN, which + " does not need your agreement");
      if (has(p.accepted, me))
        refuse(proto::INVALID_ARGUMENT, "you have accepted " + which + " already");
      p.accepted.push_back(me);
      what = proto::ACCEPTED;
      if (carried(p)) p.state = ProposalState::Carried;
      break;
    case proto::REFUSE:
      if (p.proposer == me.value)
        refuse(proto::INVALID_ARGUMENT, "you made " + which + ": withdraw it instead");
      if (!has(p.voters, me)) refuse(proto::FORBIDDEN, which + " does not need your agreement");
      what = proto::REFUSED;
      p.state = ProposalState::Refused;
      break;
    case proto::WITHDRAW:
      if (p.proposer != me.value) {
        refuse(proto::FORBIDDEN,
               "only " + seat_label(*g, p.proposer) + ", who made " + which + ", may withdraw it");
      }
      what = proto::WITHDRAWN;
      p.state = ProposalState::Withdrawn;
      break;
    default:
      refuse(proto::INVALID_ARGUMENT, "answer a proposal with accept, refuse or withdraw");
  }
  if (p.state != ProposalState::Open) p.closed_at = now();

  Writes w;
  w.answered = record_proposal(*g, w, p, what, me.value).seq();
  if (p.state == ProposalState::Carried) carry_out(*g, w, p);
  w.kept = "your answer to " + which + " was recorded";
  commit(g, std::move(w), reply, [g, p, reply] {
    to_proto(p, g->who, *reply->out().mutable_proposal());
    reply->send();
  });
}

}  // namespace naumachia::server
