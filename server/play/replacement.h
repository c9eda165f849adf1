#pragma once
// Replacement players as the coordinator applies them (facts/offers.h has
// the rules): a seat whose orders were defaulted at a deadline counts it
// missed, everyone is told of the seats offered to a new player and of those
// no longer offered, and a seat is handed over, to a player who takes up its
// offer or to one the administrator names. Each a change to a live game, as
// play/live_game.h makes them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "facts/offers.h"
#include "play/live_game.h"
#include "records/step.h"
#include "storage/rows.h"

namespace naumachia::server {

// Counts the seats whose orders were defaulted at a deadline (`played`) as
// having missed it.
void count_missed(LiveGame& g, Writes& w, const std::vector<SeatOrders>& played, bool by_deadline);
// `seat` ordered: its missed deadlines are over, and so is its disorder.
void seat_ordered(LiveGame& g, Writes& w, PlayerId seat, std::int64_t at);
// Tells everyone of the seats offered now that were not `before`, and of
// those no longer offered; nothing once the game is over. The computer
// takes the seats offered over when the game lets it, and its play of a
// seat it took over ends when the seat is no longer offered.
void announce_offers(LiveGame& g, Writes& w, const std::vector<Offer>& before, std::int64_t at);
// The computer plays `seat` from the game's current step (docs/computer.md),
// or its play of `seat` ends in it: the row, the event, the log.
void computer_starts(LiveGame& g, Writes& w, int seat, std::int64_t at);
void computer_stops(LiveGame& g, Writes& w, int seat, std::int64_t at);
// `user` (`name`) plays `seat` from now on: the seat's history, the event,
// the previous player told, open proposals lapsed. Checked before
// (offer_to_take, admin_replacement).
void hand_over(LiveGame& g, Writes& w, int seat, std::int64_t user, const std::string& name,
               bool by_admin, std::optional<OfferReason> reason, std::int64_t at);

// The offer of seat `seat` of `g` that `user` takes up: the game runs, the
// seat exists, is taken and offered, and `user` sits in no seat of the game.
// Refused otherwise, saying why.
Offer offer_to_take(const LiveGame& g, std::int64_t user, std::int64_t seat);
// The administrator's replacement of the player of `seat` by `user` (none:
// there is no user `user_id`): the game runs, the seat exists and is taken,
// and the user sits in no seat of the game, whether or not the seat is
// offered. Refused otherwise. The seat's offer, if it has one.
std::optional<Offer> admin_replacement(const LiveGame& g, std::int64_t seat, std::int64_t user_id,
                                       const std::optional<UserRow>& user);

}  // namespace naumachia::server
