#pragma once
// The requests the tests send, built one way whichever carries them: a real
// connection to the server (support/protocol_client.h) or the service without a
// network (support/service_harness.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "naumachia.pb.h"

namespace naumachia::testing {

// A Duel for two created at seat 0, with the given step deadline (0: none)
// and, when given, civil disorder after that many missed deadlines.
inline proto::Envelope create_duel_request(std::uint64_t deadline_seconds = 0,
                                           std::optional<std::uint32_t> disorder_after = {}) {
  proto::Envelope req;
  auto& c = *req.mutable_create_game();
  c.set_scenario("duel/standard");
  c.set_seat(0);
  c.set_players(2);
  c.set_deadline_seconds(deadline_seconds);
  if (disorder_after) c.set_disorder_after(*disorder_after);
  return req;
}

// Joins the game at `seat` (-1: any free seat).
inline proto::Envelope join_request(std::uint64_t game, std::int32_t seat) {
  proto::Envelope req;
  req.mutable_join_game()->set_game_id(game);
  req.mutable_join_game()->set_seat(seat);
  return req;
}

// Orders for the step, ready or a draft; for a seat of the sender's side
// when `for_seat` is given.
inline proto::Envelope orders_request(std::uint64_t game, std::uint64_t step,
                                      const std::vector<std::string>& lines, bool ready = true,
                                      std::optional<std::uint32_t> for_seat = std::nullopt) {
  proto::Envelope req;
  auto& s = *req.mutable_submit_orders();
  s.set_game_id(game);
  s.set_step(step);
  s.set_ready(ready);
  for (const auto& l : lines) s.add_lines(l);
  if (for_seat) s.set_for_seat(*for_seat);
  return req;
}

// The choices of the seat in the step: its decisions (no `decision`), or
// the ways on after `path` in one.
inline proto::Envelope choices_request(std::uint64_t game, std::uint64_t step,
                                       const std::string& decision = "",
                                       const std::vector<std::string>& path = {}) {
  proto::Envelope req;
  auto& r = *req.mutable_choices();
  r.set_game_id(game);
  r.set_step(step);
  r.set_decision(decision);
  for (const auto& p : path) r.add_path(p);
  return req;
}

// A message to the game's press: public, or private to the seats `to`.
inline proto::Envelope press_request(std::uint64_t game, const std::string& text,
                                     const std::vector<std::uint32_t>& to = {}) {
  proto::Envelope req;
  auto& r = *req.mutable_send_press();
  r.set_game_id(game);
  r.set_text(text);
  for (const std::uint32_t s : to) r.add_to_seats(s);
  return req;
}

// A proposal of a draw or a concession (to `side`).
inline proto::Envelope proposal_request(std::uint64_t game, proto::ProposalKind kind,
                                        const std::string& side = "") {
  proto::Envelope req;
  req.mutable_propose()->set_game_id(game);
  req.mutable_propose()->set_kind(kind);
  req.mutable_propose()->set_side(side);
  return req;
}

inline proto::Envelope answer_request(std::uint64_t game, std::uint64_t proposal,
                                      proto::ProposalAnswer answer) {
  proto::Envelope req;
  req.mutable_answer_proposal()->set_game_id(game);
  req.mutable_answer_proposal()->set_proposal(proposal);
  req.mutable_answer_proposal()->set_answer(answer);
  return req;
}

inline proto::Envelope notify_request(const proto::NotifyRequest& r) {
  proto::Envelope req;
  *req.mutable_notify() = r;
  return req;
}

}  // namespace naumachia::testing
