#include "play/agreements.h"

#include <algorithm>
#include <cstdint>

#include "base/log.h"
#include "core/text.h"
#include "durations.h"
#include "facts/proposals.h"
#include "play/resolution.h"

namespace naumachia::server {

namespace {

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
    if (text::lower(g.who.side_names.at(static_cast<std::size_t>(s.value))) == text::lower(name))
      return s;
  }
  refuse(proto::INVALID_ARGUMENT, "no side '" + name + "' in " + game_label(g.row.id) +
                                      "; its sides are " + side_list(g.who, in_play));
}

// The change of the step's clock a proposal makes, if it makes one.
std::optional<ClockChange> clock_change_of(ProposalKind kind) {
  switch (kind) {
    case ProposalKind::Pause:
      return ClockChange::Pause;
    case ProposalKind::Resume:
      return ClockChange::Resume;
    case ProposalKind::Extension:
      return ClockChange::Extend;
    case ProposalKind::Draw:
    case ProposalKind::Concession:
      break;
  }
  return std::nullopt;
}

// A proposal about to be carried can take effect. (Pauses and resumes by
// the administrator lapse the proposals they make moot, so this holds; it
// is checked before anything changes all the same.)
void check_carriable(const LiveGame& g, const ProposalRow& p) {
  const auto change = clock_change_of(p.kind);
  if (!change) return;
  if (const auto why = clock_problem(StepClock::of(g.row), *change, false)) {
    refuse(proto::INVALID_ARGUMENT, "proposal " + std::to_string(p.id) + " cannot take effect: " +
                                        game_label(g.row.id) + " " + *why);
  }
}

// Records the proposal `p` as it now stands: in memory, in the proposals
// table, and as an event, which it returns.
proto::GameEvent record_proposal(LiveGame& g, Writes& w, const ProposalRow& p,
                                 proto::ProposalStep what, std::optional<int> seat,
                                 const std::string& why, std::int64_t at) {
  const std::int64_t id = g.row.id;
  if (what == proto::PROPOSED) {
    w.ops.push_back([id, p](Tables& s) { s.insert_proposal(id, p); });
  } else {
    w.ops.push_back([id, p](Tables& s) { s.update_proposal(id, p); });
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

// What a carried proposal decides takes effect.
void carry_out(LiveGame& g, Writes& w, const ProposalRow& p, std::int64_t at) {
  switch (p.kind) {
    case ProposalKind::Pause:
      return change_clock(g, w, ClockChange::Pause, 0, p.id, at);
    case ProposalKind::Resume:
      return change_clock(g, w, ClockChange::Resume, 0, p.id, at);
    case ProposalKind::Extension:
      return change_clock(g, w, ClockChange::Extend, p.seconds, p.id, at);
    case ProposalKind::Draw:
    case ProposalKind::Concession: {
      const AgreedEnd end = agreed_end(p, g.who);
      lapse_proposals(g, w, "the game ended", at);
      end_game(g, end.result, end.winners);
      write_row(g, w);
      over_event(g, w, at);
      log_line(game_label(g.row.id) + ": ended by agreement (" + kind_text(p.kind) + ")");
      return;
    }
  }
}

}  // namespace

ProposalRow proposal_asked(const LiveGame& g, const proto::ProposeRequest& r, PlayerId me,
                           std::int64_t min_extension, std::int64_t max_extension) {
  const std::string game = game_label(g.row.id);
  ProposalRow p;
  const Standing st = standing(g.who, g.resigned());
  switch (r.kind()) {
    case proto::DRAW:
      p.kind = ProposalKind::Draw;
      p.sides = st.remaining;
      break;
    case proto::CONCESSION: {
      p.kind = ProposalKind::Concession;
      const SideId side = conceded_to(g, r.side());
      const std::string name = g.who.side_names.at(static_cast<std::size_t>(side.value));
      if (std::find(st.remaining.begin(), st.remaining.end(), side) == st.remaining.end())
        refuse(proto::INVALID_ARGUMENT, name + " has no player left in " + game);
      const auto& mine = g.who.sides_of(me);
      if (std::find(mine.begin(), mine.end(), side) != mine.end()) {
        refuse(proto::INVALID_ARGUMENT,
               "you play " + name + ": a concession is to a side you do not play");
      }
      p.sides = {side};
      break;
    }
    case proto::PAUSE:
    case proto::RESUME:
    case proto::EXTENSION: {
      p.kind = *kind_of(r.kind());
      const ClockChange change = *clock_change_of(p.kind);
      if (change == ClockChange::Extend) {
        p.seconds = static_cast<std::int64_t>(std::min<std::uint64_t>(r.seconds(), INT32_MAX));
        check_extension(p.seconds, min_extension, max_extension);
      }
      if (const auto why = clock_problem(StepClock::of(g.row), change, false)) {
        refuse(change == ClockChange::Resume && g.row.paused == Pause::Admin
                   ? proto::FORBIDDEN
                   : proto::INVALID_ARGUMENT,
               game + " " + *why);
      }
      break;
    }
    default:
      refuse(proto::INVALID_ARGUMENT,
             "propose a draw, a concession, a pause, to resume or an extension (kind " +
                 std::to_string(r.kind()) + " is none of them)");
  }
  for (const ProposalRow& o : g.proposals) {
    if (o.kind == p.kind) {
      refuse(proto::INVALID_ARGUMENT, "proposal " + std::to_string(o.id) + ", " +
                                          describe(o, g.who) + ", is open in " + game +
                                          ": accept, refuse or withdraw it first");
    }
  }
  return p;
}

ProposalRow make_proposal(LiveGame& g, Writes& w, ProposalRow p, PlayerId me, std::int64_t at) {
  p.id = g.next_proposal++;
  p.proposer = me.value;
  p.step = g.row.step;
  p.voters = proposal_voters(p.kind, g.who, g.resigned(), p.sides);
  p.accepted = {me};
  p.made_at = at;
  // The proposer may be the only seat it needs (a side conceding a duel).
  if (carried(p)) {
    p.state = ProposalState::Carried;
    p.closed_at = p.made_at;
  }
  w.answered = record_proposal(g, w, p, proto::PROPOSED, me.value, "", at).seq();
  if (p.state == ProposalState::Carried) carry_out(g, w, p, at);
  return p;
}

ProposalRow apply_answer(LiveGame& g, Writes& w, const proto::AnswerProposalRequest& r, PlayerId me,
                         std::int64_t at) {
  const std::string game = game_label(g.row.id);
  const auto it = std::find_if(g.proposals.begin(), g.proposals.end(), [&](const ProposalRow& o) {
    return o.id == static_cast<std::int64_t>(r.proposal());
  });
  if (it == g.proposals.end())
    refuse(proto::NOT_FOUND, game + " has no open proposal " + std::to_string(r.proposal()));
  ProposalRow p = *it;
  const std::string which = "proposal " + std::to_string(p.id) + " (" + describe(p, g.who) + ")";
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
               "only " + seat_label(g, p.proposer) + ", who made " + which + ", may withdraw it");
      }
      what = proto::WITHDRAWN;
      p.state = ProposalState::Withdrawn;
      break;
    default:
      refuse(proto::INVALID_ARGUMENT, "answer a proposal with accept, refuse or withdraw");
  }
  if (p.state != ProposalState::Open) p.closed_at = at;
  if (p.state == ProposalState::Carried) check_carriable(g, p);

  w.answered = record_proposal(g, w, p, what, me.value, "", at).seq();
  if (p.state == ProposalState::Carried) carry_out(g, w, p, at);
  return p;
}

void lapse_proposals(LiveGame& g, Writes& w, const std::string& why, std::int64_t at,
                     std::optional<ProposalKind> kind) {
  const std::vector<ProposalRow> open = g.proposals;  // recording changes the list
  for (ProposalRow p : open) {
    if (kind && p.kind != *kind) continue;
    p.state = ProposalState::Lapsed;
    p.closed_at = at;
    record_proposal(g, w, p, proto::LAPSED, std::nullopt, why, at);
  }
}

void change_clock(LiveGame& g, Writes& w, ClockChange change, std::int64_t seconds,
                  std::int64_t proposal, std::int64_t at) {
  const bool by_admin = proposal == 0;
  const StepClock before = StepClock::of(g.row);
  const StepClock after = changed(before, change, by_admin, seconds, at);
  g.row.step_deadline = after.deadline;
  g.row.paused = after.paused;
  g.row.paused_remaining = after.remaining;
  g.row.deadline_set_at = at;
  write_row(g, w);
  proto::GameEvent e;
  *e.mutable_deadline() = deadline_event(change, g.row.step, proposal, seconds, after);
  record(g, w, std::move(e), at);
  const std::string who = by_admin ? "the administrator" : "agreement";
  switch (change) {
    case ClockChange::Pause:
      lapse_proposals(g, w, "the game was paused", at, ProposalKind::Pause);
      // Once the administrator holds the game, the players cannot resume it.
      if (by_admin)
        lapse_proposals(g, w, "the administrator paused the game", at, ProposalKind::Resume);
      log_line(game_label(g.row.id) + ": paused by " + who);
      break;
    case ClockChange::Resume:
      lapse_proposals(g, w, "the game was resumed", at, ProposalKind::Resume);
      log_line(game_label(g.row.id) + ": resumed by " + who);
      resolve_ready(g, w, false, at);
      break;
    case ClockChange::Extend:
      log_line(game_label(g.row.id) + ": the deadline extended by " + who);
      break;
  }
}

void check_extension(std::int64_t seconds, std::int64_t min, std::int64_t max) {
  if (seconds < min || seconds > max) {
    refuse(proto::INVALID_ARGUMENT,
           "an extension is " + render::duration_words(min, render::Precision::WholeUnit) + " to " +
               render::duration_words(max, render::Precision::WholeUnit) + ", not " +
               std::to_string(seconds) + " seconds");
  }
}

}  // namespace naumachia::server
