#include "play/replacement.h"

#include <algorithm>

#include "base/log.h"
#include "play/agreements.h"

namespace naumachia::server {

namespace {

// The taken seat `seat` of `g`; INVALID_ARGUMENT when nobody sits in it.
const SeatRow& seat_row(const GameFacts& g, int seat) {
  const auto it = std::find_if(g.seats.begin(), g.seats.end(),
                               [seat](const SeatRow& s) { return s.seat == seat; });
  if (it == g.seats.end())
    refuse(proto::INVALID_ARGUMENT, "nobody sits in " + seat_label(g, seat) + " yet");
  return *it;
}

SeatRow& seat_row(LiveGame& g, int seat) {
  return const_cast<SeatRow&>(seat_row(static_cast<const GameFacts&>(g), seat));
}

// Only a running game's seats change hands.
void require_seats_in_play(const GameFacts& g) {
  if (g.row.status == GameStatus::Open) {
    refuse(proto::GAME_NOT_RUNNING, game_label(g.row.id) +
                                        " has not started: join it to take a free seat "
                                        "(JoinGameRequest)");
  }
  if (g.row.status != GameStatus::Running)
    refuse(proto::GAME_NOT_RUNNING, game_label(g.row.id) + " is over: its seats are no more");
}

// Why a seat is not offered, for the error that says so.
std::string why_not_offered(const GameFacts& g, const SeatRow& s) {
  if (s.resigned) return "its player resigned, and no other seat of its side plays on";
  if (g.row.disorder_after <= 0) {
    return "its player is in the game, and " + game_label(g.row.id) +
           " offers no seat for missed deadlines";
  }
  return "its player is in the game (" + std::to_string(s.missed) +
         " missed deadline(s) in a row; " + std::to_string(g.row.disorder_after) +
         " put a seat in civil disorder)";
}

}  // namespace

void count_missed(LiveGame& g, Writes& w, const std::vector<SeatOrders>& played, bool by_deadline) {
  // Games that never offer a seat for missed deadlines keep no count.
  if (!by_deadline || g.row.disorder_after <= 0) return;
  const std::int64_t id = g.row.id;
  for (const SeatOrders& o : played) {
    if (!o.defaulted) continue;
    // A seat only the computer plays has no player to miss a deadline.
    const auto row = std::find_if(g.seats.begin(), g.seats.end(),
                                  [&](const SeatRow& s) { return s.seat == o.seat; });
    if (row == g.seats.end()) continue;
    SeatRow& s = *row;
    if (s.resigned) continue;  // a resigned seat's defaults are expected
    const int missed = ++s.missed;
    w.ops.push_back([id, seat = s.seat, missed](Tables& st) { st.set_missed(id, seat, missed); });
  }
}

void seat_ordered(LiveGame& g, Writes& w, PlayerId seat, std::int64_t at) {
  SeatRow& s = seat_row(g, seat.value);
  if (s.missed == 0) return;
  const std::vector<Offer> before = g.offers();
  s.missed = 0;
  w.ops.push_back([id = g.row.id, seat](Tables& st) { st.set_missed(id, seat.value, 0); });
  announce_offers(g, w, before, at);
}

void announce_offers(LiveGame& g, Writes& w, const std::vector<Offer>& before, std::int64_t at) {
  if (g.row.status != GameStatus::Running) return;  // a game over offers nothing
  const std::vector<Offer> now_offered = g.offers();
  const auto name_of = [&](int seat) { return seat_row(g, seat).name; };
  for (const Offer& o : now_offered) {
    const auto was = offer_for(before, o.seat);
    if (was && was->reason == o.reason) continue;
    proto::GameEvent e;
    *e.mutable_offer() = offer_event(o, true, name_of(o.seat));
    record(g, w, std::move(e), at);
    log_line(game_label(g.row.id) + ": " + seat_label(g, o.seat) + " is offered to a new player" +
             (o.reason == OfferReason::Disorder ? " (civil disorder)" : " (resigned)"));
  }
  for (const Offer& o : before) {
    if (offer_for(now_offered, o.seat)) continue;
    proto::GameEvent e;
    *e.mutable_offer() = offer_event(o, false, name_of(o.seat));
    record(g, w, std::move(e), at);
  }
  // The computer plays the seats offered, when the game's creator let it,
  // and stops when a seat it took over is no longer offered (a person took
  // it, or its player ordered again). The seats it plays from the start have
  // no player, and are never offered.
  for (const ComputerSeatRow c : g.computer) {
    if (c.playing() &&
        std::any_of(g.seats.begin(), g.seats.end(),
                    [&](const SeatRow& s) { return s.seat == c.seat; }) &&
        !offer_for(now_offered, c.seat))
      computer_stops(g, w, c.seat, at);
  }
  if (!g.row.computer_takes_over) return;
  for (const Offer& o : now_offered) {
    if (!g.computer_play(o.seat)) computer_starts(g, w, o.seat, at);
  }
}

void computer_starts(LiveGame& g, Writes& w, int seat, std::int64_t at) {
  proto::GameEvent e;
  auto& c = *e.mutable_computer();
  c.set_seat(static_cast<std::uint32_t>(seat));
  c.set_plays(true);
  c.set_step(static_cast<std::uint64_t>(g.row.step));
  for (const SeatRow& s : g.seats) {
    if (s.seat == seat) c.set_player(s.name);
  }
  const ComputerSeatRow played{static_cast<std::int64_t>(record(g, w, std::move(e), at).seq()),
                               seat, g.row.step, std::nullopt};
  g.computer.push_back(played);
  w.ops.push_back([id = g.row.id, played](Tables& st) { st.add_computer_seat(id, played); });
  log_line(game_label(g.row.id) + ": from step " + std::to_string(g.row.step) +
           " the computer plays " + seat_label(g, seat));
}

void computer_stops(LiveGame& g, Writes& w, int seat, std::int64_t at) {
  for (ComputerSeatRow& played : g.computer) {
    if (played.seat != seat || !played.playing()) continue;
    played.until_step = g.row.step;
    proto::GameEvent e;
    auto& c = *e.mutable_computer();
    c.set_seat(static_cast<std::uint32_t>(seat));
    c.set_plays(false);
    c.set_step(static_cast<std::uint64_t>(g.row.step));
    for (const SeatRow& s : g.seats) {
      if (s.seat == seat) c.set_player(s.name);
    }
    record(g, w, std::move(e), at);
    w.ops.push_back([id = g.row.id, seq = played.seq, step = g.row.step](Tables& st) {
      st.end_computer_seat(id, seq, step);
    });
    log_line(game_label(g.row.id) + ": in step " + std::to_string(g.row.step) +
             " the computer's play of " + seat_label(g, seat) + " ended");
  }
}

void hand_over(LiveGame& g, Writes& w, int seat, std::int64_t user, const std::string& name,
               bool by_admin, std::optional<OfferReason> reason, std::int64_t at) {
  std::vector<Offer> before = g.offers();
  // The seat's own offer ends with the event that hands it over.
  before.erase(std::remove_if(before.begin(), before.end(),
                              [seat](const Offer& o) { return o.seat == seat; }),
               before.end());
  SeatRow& s = seat_row(g, seat);
  const SeatRow old = s;
  s.user_id = user;
  s.name = name;
  s.resigned = false;
  s.missed = 0;
  const std::int64_t id = g.row.id;
  proto::GameEvent e;
  auto& r = *e.mutable_replaced();
  r.set_seat(static_cast<std::uint32_t>(seat));
  r.set_old_player(old.name);
  r.set_new_player(name);
  r.set_by_admin(by_admin);
  if (reason) r.set_reason(reason_proto(*reason));
  const ReplacementRow change{static_cast<std::int64_t>(record(g, w, std::move(e), at).seq()),
                              seat,
                              old.user_id,
                              user,
                              at,
                              by_admin};
  w.ops.push_back([id, change](Tables& st) { st.replace_seat(id, change); });
  // The previous player reads as an observer from now on; they are told so.
  w.also_told.push_back(Reader{old.user_id, g.viewer_of(old.user_id)});
  // The standing changed: what was proposed before no longer holds.
  lapse_proposals(g, w, seat_label(g, seat) + " changed hands", at);
  announce_offers(g, w, before, at);
  log_line(game_label(id) + ": " + seat_label(g, seat) + " passed from '" + old.name + "' to '" +
           name + "'" + (by_admin ? " by the administrator" : ""));
}

Offer offer_to_take(const LiveGame& g, std::int64_t user, std::int64_t seat_asked) {
  const std::string game = game_label(g.row.id);
  require_seats_in_play(g);
  const int seat = existing_seat(g, seat_asked);
  if (const auto mine = g.seat_of(user)) {
    refuse(proto::ALREADY_JOINED, "you sit in " + seat_label(g, mine->seat) + " of " + game +
                                      (mine->seat == seat ? ": order for it to play it again"
                                                          : "; a player holds one seat of a game"));
  }
  const SeatRow& s = seat_row(g, seat);
  const auto offer = offer_for(g.offers(), seat);
  if (!offer) {
    refuse(proto::SEAT_NOT_OFFERED,
           seat_label(g, seat) + " of " + game +
               " is not offered to a new player: " + why_not_offered(g, s));
  }
  return *offer;
}

std::optional<Offer> admin_replacement(const LiveGame& g, std::int64_t seat_asked,
                                       std::int64_t user_id, const std::optional<UserRow>& user) {
  require_seats_in_play(g);
  const int seat = existing_seat(g, seat_asked);
  seat_row(g, seat);
  if (!user) refuse(proto::NOT_FOUND, "there is no user " + std::to_string(user_id));
  if (const auto theirs = g.seat_of(user->id)) {
    refuse(proto::ALREADY_JOINED, "'" + user->name + "' sits in " + seat_label(g, theirs->seat) +
                                      " of " + game_label(g.row.id) + " already");
  }
  // The administrator replaces a player whether the seat is offered or not.
  return offer_for(g.offers(), seat);
}

}  // namespace naumachia::server
