#include "play/resolution.h"

#include <algorithm>

#include "base/log.h"
#include "facts/proposals.h"
#include "play/agreements.h"
#include "play/replacement.h"
#include "records/hasher.h"

namespace naumachia::server {

namespace {

// The orders each seat that must order plays: its own when ready (or, at
// the deadline, whatever it last sent), defaults for a seat that left the
// game or at the deadline; none while a seat is still to be waited for.
std::optional<std::vector<SeatOrders>> orders_for_resolution(const LiveGame& g, const State& state,
                                                             bool by_deadline) {
  const auto resigned = g.resigned();
  const bool to_partner = g.module && g.module->resigned_forces() == ResignedForces::ToPartner;
  // A resigned seat waits for a partner's orders when its forces pass to its
  // partners and one of them plays on; otherwise it gets defaults.
  const auto partner_plays_on = [&](PlayerId p) {
    if (!to_partner) return false;
    for (int i = 0; i < g.row.players; ++i) {
      if (!resigned[static_cast<std::size_t>(i)] && g.who.partners(p, PlayerId{i})) return true;
    }
    return false;
  };
  std::vector<SeatOrders> out;
  for (PlayerId p : state.step().to_order) {
    const auto o = std::find_if(g.orders.begin(), g.orders.end(),
                                [p](const OrdersRow& r) { return r.seat == p.value; });
    // A resigned seat the computer took over waits for the computer's orders.
    const bool left = resigned.at(static_cast<std::size_t>(p.value)) && !partner_plays_on(p) &&
                      !g.computer_play(p.value);
    if (o != g.orders.end() && (o->ready || by_deadline)) {
      out.push_back(SeatOrders{p.value, o->lines, o->nonce, false});
    } else if (left || by_deadline) {
      out.push_back(SeatOrders{p.value, state.default_orders(p).lines, random_bytes(16), true});
    } else {
      return std::nullopt;
    }
  }
  return out;
}

bool resolve_once(LiveGame& g, Writes& w, bool by_deadline, std::int64_t at) {
  // A paused game takes orders but resolves nothing, ready or not.
  if (g.row.status != GameStatus::Running || g.row.paused != Pause::None) return false;
  if (by_deadline && (!g.row.step_deadline || *g.row.step_deadline > at)) return false;
  const State& state = g.require_state();
  const auto orders = orders_for_resolution(g, state, by_deadline);
  if (!orders) return false;
  const Expected<Seed> seed = to_seed(g.row.seed);
  if (!seed) refuse(proto::INTERNAL, game_label(g.row.id) + ": " + seed.error().message);
  // Everything that can fail happens before the game changes.
  const std::int64_t id = g.row.id;
  const std::vector<Offer> offered_before = g.offers();
  PlayedStep played = play_step(state, *orders, *seed, hasher_of(g.row), g.row.chain_hash,
                                StepTiming{at, by_deadline});
  proto::GameEvent e = step_resolved_event(g.row, played, *orders, played.resolution.next->step());

  const StepRow row{g.row.step,
                    played.before.label,
                    rolls_text(played.rolls),
                    events_text(played.resolution.events),
                    played.state_hash,
                    g.row.chain_hash,
                    played.record_hash,
                    by_deadline,
                    at};
  for (const SeatOrders& o : *orders) {
    const OrdersRow stored{o.seat, o.lines,    o.nonce, commitment(o.nonce, o.lines),
                           true,   o.defaulted};
    w.ops.push_back(
        [id, step = row.step, stored, at](Tables& s) { s.put_orders(id, step, stored, at); });
  }
  w.ops.push_back([id, row](Tables& s) { s.insert_step(id, row); });
  count_missed(g, w, *orders, by_deadline);
  g.row.chain_hash = played.record_hash;
  set_position(g, std::move(played.resolution.next), at);
  // The orders drawn on the new position (with_arrows).
  g.last_resolved = e.resolved();
  g.last_resolved_known = true;
  write_row(g, w);
  record(g, w, std::move(e), at);
  lapse_proposals(g, w, "step " + std::to_string(row.step) + " (" + row.label + ") resolved", at);
  if (g.row.status == GameStatus::Over) over_event(g, w, at);
  log_line(game_label(id) + ": " + row.label + " resolved" +
           (by_deadline ? " at its deadline" : ""));
  announce_offers(g, w, offered_before, at);
  return true;
}

}  // namespace

bool resolve_ready(LiveGame& g, Writes& w, bool by_deadline, std::int64_t at) {
  bool any = false;
  logging_failure(game_label(g.row.id) + ": resolution failed", [&] {
    while (resolve_once(g, w, by_deadline && !any, at)) any = true;
  });
  return any;
}

void end_if_decided(LiveGame& g, Writes& w, std::int64_t at) {
  const Standing st = standing(g.who, g.resigned());
  if (!st.decided) return;
  end_game(g,
           st.remaining.empty()
               ? "every player resigned: nobody wins"
               : side_list(g.who, st.remaining) + (st.remaining.size() == 1 ? " wins" : " win") +
                     ": every other side resigned",
           st.remaining);
  write_row(g, w);
  over_event(g, w, at);
}

}  // namespace naumachia::server
