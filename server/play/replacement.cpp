// Replacement players: seats in civil disorder or resigned from a side that
// plays on are offered to a new player, who takes one over (or the
// administrator replaces a seat's player). The rules of replacement.h, and
// the coordinator's part: counting missed deadlines, telling everyone of
// offers, and handing a seat over, checked, applied, stored and pushed like
// every change to a game.
#include <algorithm>

#include "base/log.h"
#include "facts/offers.h"
#include "play/coordinator.h"

namespace naumachia::server {

// ------------------------------------------------------------ the rules

std::vector<Offer> offered_seats(const Seating& who, const std::vector<SeatRow>& seats,
                                 int disorder_after) {
  std::vector<Offer> out;
  for (const SeatRow& s : seats) {
    if (s.resigned) {
      // The side plays on with a partner: a new player may take the seat back
      // into the game. A side nobody plays any more stays out of it.
      const bool side_plays_on = std::any_of(seats.begin(), seats.end(), [&](const SeatRow& o) {
        return !o.resigned && who.partners(PlayerId{s.seat}, PlayerId{o.seat});
      });
      if (side_plays_on) out.push_back(Offer{s.seat, OfferReason::Resigned, s.missed});
    } else if (disorder_after > 0 && s.missed >= disorder_after) {
      out.push_back(Offer{s.seat, OfferReason::Disorder, s.missed});
    }
  }
  return out;
}

std::optional<Offer> offer_for(const std::vector<Offer>& offers, int seat) {
  const auto it =
      std::find_if(offers.begin(), offers.end(), [seat](const Offer& o) { return o.seat == seat; });
  if (it == offers.end()) return std::nullopt;
  return *it;
}

proto::OfferReason reason_proto(OfferReason reason) {
  return reason == OfferReason::Disorder ? proto::CIVIL_DISORDER : proto::RESIGNED_SEAT;
}

proto::SeatOffer offer_event(const Offer& offer, bool offered, const std::string& player) {
  proto::SeatOffer e;
  e.set_seat(static_cast<std::uint32_t>(offer.seat));
  e.set_offered(offered);
  e.set_reason(reason_proto(offer.reason));
  e.set_missed_deadlines(static_cast<std::uint32_t>(std::max(0, offer.missed)));
  e.set_player(player);
  return e;
}

std::vector<Tenure> seat_history(const std::vector<SeatRow>& seats,
                                 const std::vector<ReplacementRow>& changes) {
  std::vector<Tenure> out;
  for (const SeatRow& s : seats) {
    std::vector<ReplacementRow> mine;
    for (const ReplacementRow& c : changes) {
      if (c.seat == s.seat) mine.push_back(c);
    }
    std::sort(mine.begin(), mine.end(),
              [](const ReplacementRow& a, const ReplacementRow& b) { return a.seq < b.seq; });
    Tenure t{s.seat, mine.empty() ? s.user_id : mine.front().old_user, {}, {}, {}, {}};
    for (const ReplacementRow& c : mine) {
      t.until_seq = c.seq;
      t.until_at = c.at;
      out.push_back(t);
      t = Tenure{s.seat, c.new_user, c.seq, c.at, {}, {}};
    }
    out.push_back(t);
  }
  return out;
}

// ------------------------------------------------------------ the coordinator's part

namespace {

std::string seat_label(const GameFacts& g, int seat) {
  const auto i = static_cast<std::size_t>(seat);
  return "seat " + std::to_string(seat) +
         (i < g.who.seat_names.size() ? " (" + g.who.seat_names[i] + ")" : "");
}

SeatRow& seat_row(LiveGame& g, int seat) {
  const auto it = std::find_if(g.seats.begin(), g.seats.end(),
                               [seat](const SeatRow& s) { return s.seat == seat; });
  if (it == g.seats.end())
    refuse(proto::INVALID_ARGUMENT, "nobody sits in " + seat_label(g, seat) + " yet");
  return *it;
}

// The seat a request names, which exists.
int existing_seat(const GameFacts& g, std::int64_t seat) {
  if (seat < 0 || seat >= g.row.players) {
    refuse(proto::INVALID_ARGUMENT, "seat " + std::to_string(seat) + " does not exist; " +
                                        game_label(g.row.id) + " has seats 0.." +
                                        std::to_string(g.row.players - 1));
  }
  return static_cast<int>(seat);
}

void require_running(const GameFacts& g) {
  if (g.row.status == "open") {
    refuse(proto::GAME_NOT_RUNNING, game_label(g.row.id) +
                                        " has not started: join it to take a free seat "
                                        "(JoinGameRequest)");
  }
  if (g.row.status != "running")
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

void Coordinator::count_missed(LiveGame& g, Writes& w, const std::vector<SeatOrders>& played,
                               bool by_deadline) {
  // Games that never offer a seat for missed deadlines keep no count.
  if (!by_deadline || g.row.disorder_after <= 0) return;
  const std::int64_t id = g.row.id;
  for (const SeatOrders& o : played) {
    if (!o.defaulted) continue;
    SeatRow& s = seat_row(g, o.seat);
    if (s.resigned) continue;  // a resigned seat's defaults are expected
    const int missed = ++s.missed;
    w.ops.push_back([id, seat = s.seat, missed](Tables& st) { st.set_missed(id, seat, missed); });
  }
}

void Coordinator::seat_ordered(LiveGame& g, Writes& w, PlayerId seat) {
  SeatRow& s = seat_row(g, seat.value);
  if (s.missed == 0) return;
  const std::vector<Offer> before = g.offers();
  s.missed = 0;
  w.ops.push_back([id = g.row.id, seat](Tables& st) { st.set_missed(id, seat.value, 0); });
  announce_offers(g, w, before);
}

void Coordinator::announce_offers(LiveGame& g, Writes& w, const std::vector<Offer>& before,
                                  std::optional<std::int64_t> at) {
  if (g.row.status != "running") return;  // a game over offers nothing
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
}

void Coordinator::hand_over(LiveGame& g, Writes& w, int seat, std::int64_t user,
                            const std::string& name, bool by_admin,
                            std::optional<OfferReason> reason) {
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
  const std::int64_t id = g.row.id, at = now();
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

void Coordinator::take_seat(const ConnectionState& conn, const proto::TakeSeatRequest& r,
                            const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GamePtr g = live(static_cast<std::int64_t>(r.game_id()));
  const std::string game = game_label(g->row.id);
  require_running(*g);
  const int seat = existing_seat(*g, r.seat());
  if (const auto mine = g->seat_of(user)) {
    refuse(proto::ALREADY_JOINED, "you sit in " + seat_label(*g, mine->seat) + " of " + game +
                                      (mine->seat == seat ? ": order for it to play it again"
                                                          : "; a player holds one seat of a game"));
  }
  const SeatRow& s = seat_row(*g, seat);
  const auto offer = offer_for(g->offers(), seat);
  if (!offer) {
    refuse(proto::SEAT_NOT_OFFERED,
           seat_label(*g, seat) + " of " + game +
               " is not offered to a new player: " + why_not_offered(*g, s));
  }
  Writes w;
  hand_over(*g, w, seat, user, conn.user_name, false, offer->reason);
  w.kept = "you took over " + seat_label(*g, seat) + " of " + game;
  commit(g, std::move(w), reply, [g, user, reply] {
    g->fill_summary(user, *reply->out().mutable_game());
    reply->send();
  });
}

void Coordinator::replace_for_admin(LiveGame& g, Writes& w, const AdminRequestRow& r) {
  require_running(g);
  const int seat = existing_seat(g, r.seat);
  seat_row(g, seat);
  const auto user = reader_.user_by_id(r.user_id);
  if (!user) refuse(proto::NOT_FOUND, "there is no user " + std::to_string(r.user_id));
  if (const auto theirs = g.seat_of(user->id)) {
    refuse(proto::ALREADY_JOINED, "'" + user->name + "' sits in " + seat_label(g, theirs->seat) +
                                      " of " + game_label(g.row.id) + " already");
  }
  // The administrator replaces a player whether the seat is offered or not.
  const auto offer = offer_for(g.offers(), seat);
  hand_over(g, w, seat, user->id, user->name, true,
            offer ? std::optional<OfferReason>(offer->reason) : std::nullopt);
}

}  // namespace naumachia::server
