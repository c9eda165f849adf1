#pragma once
// Replacement players: which seats of a running game are offered to a new
// player, and who held a seat when. A seat is offered when its player is
// absent (civil disorder: its orders were defaulted at the game's
// `disorder_after` deadlines in a row) or gone (resigned, while another seat
// of its side plays on). One set of rules for the coordinator, which offers
// and hands over seats, and the audit, which checks every stored change
// against them.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/seating.h"
#include "naumachia.pb.h"
#include "storage/rows.h"

namespace naumachia::server {

// Missed deadlines in a row that put a seat in civil disorder, unless the
// game's creator chooses (0: never): two, so that one missed deadline (a
// weekend away) is forgiven and a player gone for good is replaced soon.
constexpr int kDefaultDisorderAfter = 2;
constexpr int kMaxDisorderAfter = 20;

enum class OfferReason { Disorder, Resigned };

struct Offer {
  int seat = 0;
  OfferReason reason = OfferReason::Disorder;
  int missed = 0;  // the seat's missed deadlines when it was looked at
  bool operator==(const Offer&) const = default;
};

// The seats offered to a new player, by seat, given each taken seat as it
// stands (resigned, missed deadlines) and the game's `disorder_after` (0:
// never for missed deadlines). Only while the game runs: the caller asks then.
std::vector<Offer> offered_seats(const Seating& who, const std::vector<SeatRow>& seats,
                                 int disorder_after);
std::optional<Offer> offer_for(const std::vector<Offer>& offers, int seat);

proto::OfferReason reason_proto(OfferReason reason);

// The event telling everyone that `offer` began (offered) or ended.
proto::SeatOffer offer_event(const Offer& offer, bool offered, const std::string& player);

// One player's time in a seat: from the replacement that seated them (none:
// from the start) to the one that unseated them (none: still there).
struct Tenure {
  int seat = 0;
  std::int64_t user_id = 0;
  std::optional<std::int64_t> from_seq, from_at;
  std::optional<std::int64_t> until_seq, until_at;
};

// Every tenure of every taken seat, each seat's in order: the seats' history
// from the changes, oldest first, and the seats rows for a seat that never
// changed hands. (Whether the changes lead to the seats rows is the audit's
// to check.)
std::vector<Tenure> seat_history(const std::vector<SeatRow>& seats,
                                 const std::vector<ReplacementRow>& changes);

}  // namespace naumachia::server
