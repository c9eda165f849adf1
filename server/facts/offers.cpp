#include "facts/offers.h"

#include <algorithm>

namespace naumachia::server {

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

}  // namespace naumachia::server
