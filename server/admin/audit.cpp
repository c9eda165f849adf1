#include "admin/audit.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "facts/game_facts.h"
#include "facts/offers.h"
#include "facts/proposals.h"
#include "facts/step_clock.h"
#include "records/hasher.h"

namespace naumachia::server {

namespace {

using google::protobuf::Message;
using google::protobuf::util::MessageDifferencer;

// The paths of the fields in which two messages differ ("orders[1].nonce"),
// without their values: those may be a running game's secrets.
class FieldPaths : public MessageDifferencer::Reporter {
 public:
  std::vector<std::string> paths;

  void ReportAdded(const Message&, const Message&,
                   const std::vector<MessageDifferencer::SpecificField>& path) override {
    add(path);
  }
  void ReportDeleted(const Message&, const Message&,
                     const std::vector<MessageDifferencer::SpecificField>& path) override {
    add(path);
  }
  void ReportModified(const Message&, const Message&,
                      const std::vector<MessageDifferencer::SpecificField>& path) override {
    add(path);
  }

 private:
  void add(const std::vector<MessageDifferencer::SpecificField>& path) {
    std::string out;
    for (const MessageDifferencer::SpecificField& f : path) {
      if (!out.empty()) out += '.';
      out += f.field ? f.field->name() : "?";
      if (f.index >= 0) out += "[" + std::to_string(f.index) + "]";
    }
    paths.push_back(out);
  }
};

// "" when equal, else the differing fields, comma-separated.
std::string differing_fields(const Message& stored, const Message& expected) {
  FieldPaths paths;
  {
    MessageDifferencer d;
    d.ReportDifferencesTo(&paths);
    d.Compare(stored, expected);
  }
  // A changed field inside a message is reported for the message too: name
  // the innermost only.
  const auto has_inner = [&](const std::string& outer) {
    return std::any_of(paths.paths.begin(), paths.paths.end(), [&](const std::string& p) {
      return p.size() > outer.size() && p.compare(0, outer.size(), outer) == 0 &&
             p[outer.size()] == '.';
    });
  };
  std::string out;
  for (const std::string& p : paths.paths) {
    if (!has_inner(p)) out += (out.empty() ? "" : ", ") + p;
  }
  return out;
}

std::string quoted(const std::string& s) {
  return "'" + s + "'";
}

class Audit {
 public:
  Audit(Tables& store, const Registry& registry, std::int64_t game_id, const StepCallback& on_step)
      : store_(store), registry_(registry), on_step_(on_step) {
    report_.game_id = game_id;
  }

  AuditReport run() {
    std::optional<GameRow> row;
    try {
      row = store_.game(report_.game_id);
    } catch (const DbError& e) {
      problem(std::string("table games: ") + e.what());
      return std::move(report_);
    }
    if (!row) {
      problem("table games: there is no such game");
      return std::move(report_);
    }
    facts_.row = *row;
    facts_.seats = store_.seats(row->id);
    facts_.computer = store_.computer_seats(row->id);
    facts_.attach(registry_);
    resigned_now_.assign(static_cast<std::size_t>(row->players), false);
    missed_.assign(static_cast<std::size_t>(row->players), 0);
    changes_ = store_.replacements(row->id);
    tenures_ = seat_history(facts_.seats, changes_);
    // Each seat's first player; the SeatReplaced events hand it on.
    for (const Tenure& t : tenures_) {
      if (!t.from_seq) holder_[t.seat] = t.user_id;
    }
    admin_applied_ = store_.applied_admin_requests(row->id);
    report_.status = row->status;
    if (row->status == GameStatus::Open) {
      // Nothing was played: the seed's commitment and the joins are all there is.
      if (sha256(row->seed) != row->seed_hash)
        problem("table games, field seed: it does not match the seed hash shown to the players");
      replay_complete_ = true;
    } else {
      replay();
    }
    check_events();
    // The row's position and outcome, once the events said whether the
    // players ended the game by agreement.
    if (last_state_) check_games_row(*last_state_);
    check_proposals();
    check_messages();
    return std::move(report_);
  }

 private:
  struct Commit {
    std::int64_t seq = 0;
    proto::OrdersCommitted event;
  };

  const GameRow& game() const { return facts_.row; }
  void problem(const std::string& what) {
    report_.problems.push_back(game_label(report_.game_id) + ", " + what);
  }
  void games_field(const std::string& field, const std::string& what) {
    problem("table games, field " + field + ": " + what);
  }

  void check_orders_row(std::int64_t step, const OrdersRow& o, bool played) {
    const std::string where = "step " + std::to_string(step) + ", table orders (seat " +
                              std::to_string(o.seat) + "), field ";
    const Bytes made = commitment(o.nonce, o.lines);
    if (o.commitment != made) {
      problem(where + "commitment: stored " + hex(o.commitment) + ", SHA-256(nonce || lines) is " +
              hex(made));
    }
    if (played && !o.ready) problem(where + "ready: an order that was played is not marked ready");
  }

  // A step resolved by its deadline had one; after the first step, whose
  // deadline ran from the game's start, not before it.
  void check_timing(const StepRow& s) {
    if (s.by_deadline && game().deadline_seconds <= 0) {
      problem("step " + std::to_string(s.step) +
              ", table steps, field by_deadline: set, but the game has no deadlines");
    } else if (s.by_deadline && last_resolved_at_ &&
               s.resolved_at < *last_resolved_at_ + game().deadline_seconds) {
      problem("step " + std::to_string(s.step) +
              ", table steps, field by_deadline: set, but the step resolved before its deadline");
    }
    last_resolved_at_ = s.resolved_at;
  }

  void replay() {
    try {
      ReplaySummary s = replay_game(
          store_, registry_, game().id, nullptr, [&](const ReplayedStep& r, const State& after) {
            for (const OrdersRow& o : r.stored_orders) check_orders_row(r.stored.step, o, true);
            check_timing(r.stored);
            // Only steps that verified say what their events must be.
            if (r.state_ok && r.record_ok)
              expected_.push_back(step_resolved_event(game(), r.played, r.orders, after.step()));
            if (on_step_) on_step_(r, after);
          });
      report_.steps = s.steps;
      if (!s.ok()) {
        problem(s.divergence.value_or("the replay did not verify"));
        return;
      }
      replay_complete_ = true;
      last_state_ = std::move(s.last_state);
    } catch (const std::exception& e) {
      problem(e.what());
    }
  }

  // The row must be the replayed game's last position and what follows from it.
  void check_games_row(const State& last) {
    const GameRow& g = game();
    const StepInfo info = last.step();
    const std::vector<bool> resigned = facts_.resigned();
    const Standing by_resignation = standing(facts_.who, resigned);
    const bool over = info.game_over || by_resignation.decided || agreed_.has_value();
    const GameStatus replayed = over ? GameStatus::Over : GameStatus::Running;
    if (g.status != replayed) {
      games_field("status", "stored " + quoted(status_text(g.status)) +
                                ", but the replayed game is " + status_text(replayed));
    }
    if (g.state != last.serialize())
      games_field("state", "differs from the position the replay reaches");
    const Bytes state_hash = hasher_of(g).state_hash(last);
    if (g.state_hash != state_hash)
      games_field("state_hash", "stored " + hex(g.state_hash) + ", replayed " + hex(state_hash));
    if (g.step != info.number.value) {
      games_field("step", "stored " + std::to_string(g.step) + ", the replay is at step " +
                              std::to_string(info.number.value));
    }
    if (g.step_label != info.label)
      games_field("step_label",
                  "stored " + quoted(g.step_label) + ", replayed " + quoted(info.label));
    if (g.to_order && *g.to_order != info.to_order) {
      games_field("to_order", "stored " + quoted(id_list(*g.to_order)) + ", replayed " +
                                  quoted(id_list(info.to_order)));
    }
    std::vector<SideId> winners;
    if (info.game_over) {
      winners = info.winners;
      if (g.result != info.result)
        games_field("result", "stored " + quoted(g.result) + ", replayed " + quoted(info.result));
    } else if (agreed_) {
      winners = agreed_->winners;
      if (g.result != agreed_->result) {
        games_field("result", "stored " + quoted(g.result) + ", but the players agreed on " +
                                  quoted(agreed_->result));
      }
    } else if (by_resignation.decided) {
      winners = by_resignation.remaining;
    } else if (!g.result.empty()) {
      games_field("result", "a game still running has a result");
    }
    // Games older than the keyed records may predate the column (migration 003).
    const bool sides_unrecorded =
        g.winning_sides.empty() && g.hash_scheme < GameHasher::kKeyedRecords;
    if (g.winning_sides != winners && !sides_unrecorded) {
      games_field("winning_sides", "stored " + quoted(id_list(g.winning_sides)) + ", replayed " +
                                       quoted(id_list(winners)));
    }
    const std::vector<PlayerId> winning_seats_now = winning_seats(facts_.who, winners, resigned);
    if (g.winners != winning_seats_now) {
      games_field("winners", "stored " + quoted(id_list(g.winners)) + ", replayed " +
                                 quoted(id_list(winning_seats_now)));
    }
    if (over) {
      if (g.step_deadline) games_field("step_deadline", "set, but no step awaits a deadline");
      if (g.paused != Pause::None || g.paused_remaining)
        games_field("paused", "set, but the game is over");
    } else if (clock_known_) {
      // The deadline the events made: the step's, with its pauses and extensions.
      const auto text = [](const std::optional<std::int64_t>& t) {
        return t ? std::to_string(*t) : std::string("none");
      };
      if (g.step_deadline != clock_.deadline) {
        games_field("step_deadline", "stored " + text(g.step_deadline) + ", but the events make " +
                                         text(clock_.deadline));
      }
      if (g.paused != clock_.paused) {
        games_field("paused", "stored " + quoted(pause_text(g.paused)) + ", but the events make " +
                                  quoted(pause_text(clock_.paused)));
      }
      if (g.paused_remaining != clock_.remaining) {
        games_field("paused_remaining", "stored " + text(g.paused_remaining) +
                                            ", but the events make " + text(clock_.remaining));
      }
    }
  }

  // The step that commitments may be pushed for at this point of the events:
  // the next one to resolve; unknown (nullopt) past where the replay verified.
  std::optional<std::int64_t> open_step() const {
    if (next_resolved_ < expected_.size())
      return static_cast<std::int64_t>(expected_[next_resolved_].resolved().step());
    if (!replay_complete_) return std::nullopt;
    // A game the players or resignations ended stopped in a step that took
    // orders; one the rules ended has none. 0: no step takes orders.
    const bool played_out = last_state_ && last_state_->step().game_over;
    return game().status != GameStatus::Open && !played_out ? game().step : 0;
  }

  std::optional<SeatRow> seat_row(std::uint32_t seat) const {
    for (const SeatRow& s : facts_.seats) {
      if (s.seat == static_cast<int>(seat)) return s;
    }
    return std::nullopt;
  }

  // A user's name, as table users has it ("" for none).
  std::string name_of(std::int64_t user) {
    auto it = names_.find(user);
    if (it == names_.end()) {
      const auto u = store_.user_by_id(user);
      it = names_.emplace(user, u ? u->name : std::string()).first;
    }
    return it->second;
  }

  // The name of who sits in `seat` at this point of the events ("" for nobody).
  std::string holder_name(std::uint32_t seat) {
    const auto it = holder_.find(static_cast<int>(seat));
    return it == holder_.end() ? std::string() : name_of(it->second);
  }

  // The seats as the events have left them, for the rules of facts/offers.h.
  std::vector<Offer> offers_now() const {
    std::vector<SeatRow> seats;
    for (const auto& [seat, user] : holder_) {
      if (seat < 0 || seat >= game().players) continue;
      const auto i = static_cast<std::size_t>(seat);
      seats.push_back(SeatRow{seat, user, "", resigned_now_[i], missed_[i]});
    }
    return offered_seats(facts_.who, seats, game().disorder_after);
  }

  // A seat offered to a new player, or no longer: as the rules make it of the
  // seats at this point.
  void check_offer(const proto::SeatOffer& o, const std::string& at) {
    const std::string what = at + " SeatOffer (seat " + std::to_string(o.seat()) + "), field ";
    const auto offer = offer_for(offers_now(), static_cast<int>(o.seat()));
    if (o.offered() != offer.has_value()) {
      problem(what + "offered: " + (o.offered() ? "set" : "not set") + ", but the seat is " +
              (offer ? "" : "not ") + "offered by the rules at this point");
    } else if (offer && (reason_proto(offer->reason) != o.reason() ||
                         static_cast<int>(o.missed_deadlines()) != offer->missed)) {
      problem(what +
              "reason or missed_deadlines: not what the seat's resignation and missed "
              "deadlines make");
    }
    if (o.player() != holder_name(o.seat()))
      problem(what + "player: " + quoted(o.player()) + " does not sit in the seat then");
  }

  // A seat changed hands: told as table replacements has it, from the player
  // sitting there, to a user sitting nowhere else in the game, on an offer
  // or by an applied request of the administrator.
  void check_replaced(const proto::GameEvent& e, std::int64_t seq, const std::string& at) {
    const proto::SeatReplaced& r = e.replaced();
    const std::string what = at + " SeatReplaced (seat " + std::to_string(r.seat()) + "), field ";
    const auto row = std::find_if(changes_.begin(), changes_.end(),
                                  [seq](const ReplacementRow& c) { return c.seq == seq; });
    if (row == changes_.end()) {
      problem(at + " SeatReplaced: table replacements has no row for it");
      return;
    }
    ++changes_seen_;
    const int seat = static_cast<int>(r.seat());
    if (row->seat != seat)
      problem(what + "seat: table replacements has seat " + std::to_string(row->seat));
    if (row->at != e.at_unix()) problem(what + "at_unix: differs from table replacements");
    if (row->by_admin != r.by_admin()) problem(what + "by_admin: differs from table replacements");
    const auto held = holder_.find(seat);
    if (held == holder_.end() || held->second != row->old_user)
      problem(what +
              "old_player: table replacements names another player than the one sitting "
              "there");
    if (r.old_player() != holder_name(r.seat()))
      problem(what + "old_player: " + quoted(r.old_player()) + " does not sit in the seat then");
    if (r.new_player() != name_of(row->new_user))
      problem(what + "new_player: " + quoted(r.new_player()) + ", but table replacements has " +
              quoted(name_of(row->new_user)));
    for (const auto& [other, user] : holder_) {
      if (user == row->new_user)
        problem(what + "new_player: sits in seat " + std::to_string(other) + " already");
    }
    const auto offer = offer_for(offers_now(), seat);
    const proto::OfferReason offered =
        offer ? reason_proto(offer->reason) : proto::OFFER_REASON_UNSPECIFIED;
    if (r.reason() != offered)
      problem(what + "reason: not the offer the seat had then (none: unspecified)");
    if (r.by_admin()) {
      if (admin_seen_ >= admin_applied_.size() ||
          admin_applied_[admin_seen_].action != AdminAction::Replace ||
          admin_applied_[admin_seen_].seat != seat ||
          admin_applied_[admin_seen_].user_id != row->new_user) {
        problem(what +
                "by_admin: set, but no request applied next in table admin_requests asked for it");
      }
      ++admin_seen_;
    } else if (!offer) {
      problem(what + "seat: taken over by a player, but it was not offered");
    }
    holder_[seat] = row->new_user;
    if (static_cast<std::size_t>(seat) < resigned_now_.size()) {
      resigned_now_[static_cast<std::size_t>(seat)] = false;
      missed_[static_cast<std::size_t>(seat)] = 0;
    }
    lapse_all("seat " + std::to_string(seat) + " changed hands");
  }

  // The computer began or ended its play of a seat: as table computer_seats
  // has it; a seat offered is taken over only in a game that lets it.
  void check_computer(const proto::ComputerSeat& c, std::int64_t seq, const std::string& at) {
    const std::string what = at + " ComputerSeat (seat " + std::to_string(c.seat()) + "), field ";
    const int seat = static_cast<int>(c.seat());
    const auto playing = computer_now_.find(seat);
    if (c.plays()) {
      const auto row = std::find_if(facts_.computer.begin(), facts_.computer.end(),
                                    [seq](const ComputerSeatRow& r) { return r.seq == seq; });
      if (row == facts_.computer.end()) {
        problem(at + " ComputerSeat: table computer_seats has no row for it");
      } else if (row->seat != seat || row->from_step != static_cast<std::int64_t>(c.step())) {
        problem(what + "seat or step: not those of table computer_seats");
      }
      if (playing != computer_now_.end()) problem(what + "plays: the computer plays it already");
      // A seat somebody sits in is the computer's only when offered, in a
      // game whose creator let the computer take such seats over.
      if (holder_.count(seat) && (!game().computer_takes_over || !offer_for(offers_now(), seat)))
        problem(what + "plays: the seat was not the computer's to take over");
      if (c.player() != holder_name(c.seat()))
        problem(what + "player: " + quoted(c.player()) + " does not sit in the seat then");
      computer_now_[seat] = seq;
      ++computer_told_;
      return;
    }
    if (playing == computer_now_.end()) {
      problem(what + "plays: not set, but the computer did not play the seat");
      return;
    }
    const auto row =
        std::find_if(facts_.computer.begin(), facts_.computer.end(),
                     [&](const ComputerSeatRow& r) { return r.seq == playing->second; });
    if (row != facts_.computer.end() &&
        row->until_step != std::optional<std::int64_t>(static_cast<std::int64_t>(c.step())))
      problem(what + "step: not the step table computer_seats says the computer's play ended in");
    computer_now_.erase(playing);
  }

  // A seat's missed deadlines as the steps make them: those of the game's
  // disorder count, at which its orders were defaulted, not resigned.
  void count_missed(const proto::StepResolved& r) {
    if (!r.by_deadline() || game().disorder_after <= 0) return;
    for (const proto::RevealedOrders& o : r.orders()) {
      if (o.defaulted() && o.seat() < missed_.size() && !resigned_now_[o.seat()])
        ++missed_[o.seat()];
    }
  }

  // Where the events leave the seats, table seats must be.
  void check_seats() {
    for (const SeatRow& s : facts_.seats) {
      const std::string where = "table seats (seat " + std::to_string(s.seat) + "), field ";
      const auto held = holder_.find(s.seat);
      if (held == holder_.end() || held->second != s.user_id)
        problem(where + "user_id: not the player the events seat there last");
      if (s.seat < 0 || s.seat >= game().players) continue;
      const auto i = static_cast<std::size_t>(s.seat);
      if (s.resigned != resigned_now_[i]) {
        problem(where + "resigned: " + (s.resigned ? "set" : "not set") + ", but the events say " +
                (resigned_now_[i] ? "it resigned" : "it plays"));
      }
      if (replay_complete_ && s.missed != missed_[i]) {
        problem(where + "missed_deadlines: " + std::to_string(s.missed) + ", but the steps make " +
                std::to_string(missed_[i]));
      }
    }
    for (std::size_t i = changes_seen_; i < changes_.size(); ++i) {
      problem("table replacements (seq " + std::to_string(changes_[i].seq) +
              "): no SeatReplaced event tells of it");
    }
    if (computer_told_ != facts_.computer.size())
      problem("table computer_seats: " + std::to_string(facts_.computer.size()) +
              " rows, but ComputerSeat events tell of " + std::to_string(computer_told_));
    for (const ComputerSeatRow& r : facts_.computer) {
      if (r.playing() != (computer_now_.count(r.seat) && computer_now_.at(r.seat) == r.seq))
        problem("table computer_seats (seq " + std::to_string(r.seq) +
                "), field until_step: not what the ComputerSeat events say");
    }
  }

  void check_event(const proto::GameEvent& e, std::int64_t seq) {
    const std::string at = "table events (seq " + std::to_string(seq) + ")";
    if (static_cast<std::int64_t>(e.seq()) != seq)
      problem(at + ", field seq: the payload says " + std::to_string(e.seq()));
    if (static_cast<std::int64_t>(e.game_id()) != game().id)
      problem(at + ", field game_id: the payload says " + std::to_string(e.game_id()));
    if (over_seen_) problem(at + ": an event after the game's GameOver event");
    const bool lapse = e.has_proposal() && e.proposal().what() == proto::LAPSED;
    if (!lapse && !must_lapse_.empty()) {
      for (std::uint64_t id : must_lapse_) {
        problem(at + ": proposal " + std::to_string(id) + " was still open after " +
                lapse_because_);
      }
      must_lapse_.clear();
    }
    switch (e.what_case()) {
      case proto::GameEvent::kJoined: {
        if (e.joined().game_started()) {
          // The first step's deadline runs from the game's start.
          clock_ = StepClock{};
          if (game().deadline_seconds > 0) clock_.deadline = e.at_unix() + game().deadline_seconds;
          clock_known_ = true;
        }
        // The seat's first player (tables seats and replacements).
        const auto s = seat_row(e.joined().seat());
        if (!s) {
          problem(at + " PlayerJoined, field seat: nobody sits in seat " +
                  std::to_string(e.joined().seat()) + " (table seats)");
        } else if (holder_name(e.joined().seat()) != e.joined().player()) {
          problem(at + " PlayerJoined, field player: " + quoted(e.joined().player()) +
                  ", but tables seats and replacements have " +
                  quoted(holder_name(e.joined().seat())));
        }
        break;
      }
      case proto::GameEvent::kResigned: {
        // Whether the seat is resigned at the end is checked against table
        // seats then: a new player may have taken it over since.
        const auto s = seat_row(e.resigned().seat());
        if (!s || holder_name(e.resigned().seat()) != e.resigned().player() ||
            (e.resigned().seat() < resigned_now_.size() && resigned_now_[e.resigned().seat()])) {
          problem(at + " PlayerResigned, field seat: " + quoted(e.resigned().player()) +
                  " does not sit in seat " + std::to_string(e.resigned().seat()) +
                  " then, or it has resigned already");
        }
        if (e.resigned().seat() < resigned_now_.size()) resigned_now_[e.resigned().seat()] = true;
        lapse_all("seat " + std::to_string(e.resigned().seat()) + " resigned");
        break;
      }
      case proto::GameEvent::kProposal:
        check_proposal(e.proposal(), at);
        break;
      case proto::GameEvent::kCommitted: {
        const proto::OrdersCommitted& c = e.committed();
        const auto open = open_step();
        if (open && static_cast<std::int64_t>(c.step()) != *open) {
          problem(at + " OrdersCommitted, field step: orders for step " + std::to_string(c.step()) +
                  ", but the step taking orders then was " + std::to_string(*open));
        }
        commits_[{static_cast<std::int64_t>(c.step()), static_cast<int>(c.seat())}] = {seq, c};
        if (c.computer()) {
          // The computer's orders leave a seat in disorder offered.
          if (!computer_now_.count(static_cast<int>(c.seat())))
            problem(at + " OrdersCommitted, field computer: set, but the computer did not play " +
                    "seat " + std::to_string(c.seat()) + " then");
        } else if (c.seat() < missed_.size()) {
          missed_[c.seat()] = 0;  // the seat ordered
        }
        break;
      }
      case proto::GameEvent::kResolved: {
        const proto::StepResolved& r = e.resolved();
        if (clock_.paused != Pause::None)
          problem(at + " StepResolved (step " + std::to_string(r.step()) +
                  "): it resolved while the game was paused");
        if (clock_known_ && r.by_deadline() && (!clock_.deadline || e.at_unix() < *clock_.deadline))
          problem(at + " StepResolved (step " + std::to_string(r.step()) +
                  "), field by_deadline: set, but the step's deadline (with its extensions) had "
                  "not passed");
        clock_ = StepClock{};
        if (r.next_deadline_unix() != 0) clock_.deadline = r.next_deadline_unix();
        check_resolved(e, at);
        count_missed(r);
        break;
      }
      case proto::GameEvent::kDeadline:
        check_deadline(e, at);
        break;
      case proto::GameEvent::kOffer:
        check_offer(e.offer(), at);
        break;
      case proto::GameEvent::kReplaced:
        check_replaced(e, seq, at);
        break;
      case proto::GameEvent::kComputer:
        check_computer(e.computer(), seq, at);
        break;
      case proto::GameEvent::kOver: {
        over_seen_ = true;
        for (const auto& [id, p] : proposals_) {
          if (p.state == ProposalState::Open)
            problem(at + " GameOver: proposal " + std::to_string(id) + " was still open");
        }
        if (game().status != GameStatus::Over) {
          problem(at + " GameOver: the games row says the game is " + status_text(game().status));
          break;
        }
        try {
          const std::string diff = differing_fields(e.over(), facts_.game_over());
          if (!diff.empty())
            problem(at + " GameOver, field " + diff + ": differs from the games row");
        } catch (const std::exception& ex) {
          problem(at + " GameOver: the games row's result cannot be read: " + ex.what());
        }
        break;
      }
      case proto::GameEvent::WHAT_NOT_SET:
        problem(at + ": an event of no known kind");
        break;
    }
  }

  // Every open proposal must lapse before anything else happens.
  void lapse_all(const std::string& because) {
    must_lapse_.clear();
    for (const auto& [id, p] : proposals_) {
      if (p.state == ProposalState::Open) must_lapse_.insert(static_cast<std::uint64_t>(id));
    }
    lapse_because_ = because;
  }

  // A proposal event: made as the standing then required, changed only as
  // its rules allow, carried only when every seat it needs accepted.
  void check_proposal(const proto::ProposalEvent& pe, const std::string& at) {
    const std::string what =
        at + " ProposalEvent (proposal " + std::to_string(pe.proposal().id()) + "), field ";
    const auto read = from_proto(pe.proposal(), facts_.who);
    if (!read) {
      problem(what + "proposal: its kind, state or a side is unknown");
      return;
    }
    const ProposalRow& p = *read;
    const PlayerId seat{static_cast<int>(pe.seat())};
    const auto has = [](const std::vector<PlayerId>& list, PlayerId s) {
      return std::find(list.begin(), list.end(), s) != list.end();
    };
    const bool all_accepted = carried(p);
    if ((p.state == ProposalState::Carried) !=
        (all_accepted && (pe.what() == proto::PROPOSED || pe.what() == proto::ACCEPTED))) {
      problem(what + "proposal.state: " + state_text(p.state) + ", but " +
              (all_accepted ? "every seat it needs has accepted"
                            : "not every seat it needs has accepted"));
    }
    if (pe.what() == proto::PROPOSED) {
      if (p.id != ++proposals_made_) {
        problem(what + "proposal.id: proposals are numbered 1, 2, 3 ...; this should be " +
                std::to_string(proposals_made_));
      }
      const Standing st = standing(facts_.who, resigned_now_);
      if (p.kind == ProposalKind::Draw && p.sides != st.remaining)
        problem(what + "proposal.sides: a draw is between every side still in the game");
      if (p.voters != proposal_voters(p.kind, facts_.who, resigned_now_, p.sides))
        problem(what + "proposal.voters: not every seat still in the game that it concerns");
      if (p.accepted != std::vector<PlayerId>{PlayerId{p.proposer}} ||
          static_cast<int>(pe.seat()) != p.proposer)
        problem(what + "proposal.accepted: a new proposal is accepted by its proposer alone");
      if (const auto open = open_step(); open && p.step != *open)
        problem(what + "proposal.step: made in step " + std::to_string(p.step) +
                ", but the step taking orders then was " + std::to_string(*open));
    } else {
      const auto prev = proposals_.find(p.id);
      if (prev == proposals_.end()) {
        problem(what + "proposal.id: no such proposal was made");
        return;
      }
      const ProposalRow& was = prev->second;
      if (was.state != ProposalState::Open) problem(what + "proposal.state: it was closed already");
      if (p.kind != was.kind || p.proposer != was.proposer || p.sides != was.sides ||
          p.step != was.step || p.voters != was.voters || p.made_at != was.made_at)
        problem(what + "proposal: it differs from the proposal as it was made");
      std::vector<PlayerId> accepted = was.accepted;
      ProposalState state = ProposalState::Open;
      switch (pe.what()) {
        case proto::ACCEPTED:
          if (!has(was.voters, seat) || has(was.accepted, seat))
            problem(what + "seat: seat " + std::to_string(seat.value) + " may not accept it");
          accepted.push_back(seat);
          state = p.state;  // open or carried, checked above
          break;
        case proto::REFUSED:
          if (!has(was.voters, seat) || seat.value == was.proposer)
            problem(what + "seat: seat " + std::to_string(seat.value) + " may not refuse it");
          state = ProposalState::Refused;
          break;
        case proto::WITHDRAWN:
          if (seat.value != was.proposer)
            problem(what + "seat: only its proposer withdraws a proposal");
          state = ProposalState::Withdrawn;
          break;
        case proto::LAPSED:
          must_lapse_.erase(static_cast<std::uint64_t>(p.id));
          state = ProposalState::Lapsed;
          break;
        default:
          problem(what + "what: no such change of a proposal");
      }
      if (p.accepted != accepted) problem(what + "proposal.accepted: not what was accepted");
      if (p.state != state) problem(what + "proposal.state: " + state_text(p.state));
    }
    proposals_[p.id] = p;
    if (p.state == ProposalState::Carried &&
        (p.kind == ProposalKind::Draw || p.kind == ProposalKind::Concession)) {
      agreed_ = agreed_end(p, facts_.who);
      lapse_all("proposal " + std::to_string(p.id) + " was carried");
    }
  }

  // A change of the step's deadline: made by a carried proposal of its kind
  // or by an applied request of the administrator, allowed then, and to the
  // clock the rules of facts/step_clock.h make of it.
  void check_deadline(const proto::GameEvent& e, const std::string& at) {
    const proto::DeadlineChanged& d = e.deadline();
    const std::string what = at + " DeadlineChanged, field ";
    std::optional<ClockChange> change;
    for (ClockChange c : {ClockChange::Pause, ClockChange::Resume, ClockChange::Extend}) {
      if (change_proto(c) == d.change()) change = c;
    }
    if (!change) {
      problem(what + "change: unknown");
      return;
    }
    const bool by_admin = d.proposal() == 0;
    const auto seconds = static_cast<std::int64_t>(d.seconds());
    if (by_admin) {
      const AdminAction action = *change == ClockChange::Pause    ? AdminAction::Pause
                                 : *change == ClockChange::Resume ? AdminAction::Resume
                                                                  : AdminAction::Extend;
      if (admin_seen_ >= admin_applied_.size() || admin_applied_[admin_seen_].action != action ||
          (action == AdminAction::Extend && admin_applied_[admin_seen_].seconds != seconds)) {
        problem(what +
                "proposal: 0 (the administrator), but no request applied next in table "
                "admin_requests asked for it");
      }
      ++admin_seen_;
    } else {
      const auto p = proposals_.find(static_cast<std::int64_t>(d.proposal()));
      const ProposalKind kind = *change == ClockChange::Pause    ? ProposalKind::Pause
                                : *change == ClockChange::Resume ? ProposalKind::Resume
                                                                 : ProposalKind::Extension;
      if (p == proposals_.end() || p->second.state != ProposalState::Carried ||
          p->second.kind != kind ||
          (kind == ProposalKind::Extension && p->second.seconds != seconds) ||
          !clock_proposals_used_.insert(p->first).second) {
        problem(what + "proposal: " + std::to_string(d.proposal()) +
                " is no carried proposal of this change that has not taken effect yet");
      }
    }
    if (const auto why = clock_problem(clock_, *change, by_admin))
      problem(what + "change: the game " + *why);
    if (const auto open = open_step(); open && static_cast<std::int64_t>(d.step()) != *open)
      problem(what + "step: " + std::to_string(d.step()) + ", but the step taking orders was " +
              std::to_string(*open));
    clock_ = changed(clock_, *change, by_admin, seconds, e.at_unix());
    const proto::DeadlineChanged want =
        deadline_event(*change, static_cast<std::int64_t>(d.step()),
                       static_cast<std::int64_t>(d.proposal()), seconds, clock_);
    const std::string diff = differing_fields(d, want);
    if (!diff.empty()) problem(what + diff + ": not what the change makes of the deadline");
    // The proposals it makes moot lapse next.
    must_lapse_.clear();
    for (const auto& [id, p] : proposals_) {
      const bool moot =
          (*change == ClockChange::Pause &&
           (p.kind == ProposalKind::Pause || (by_admin && p.kind == ProposalKind::Resume))) ||
          (*change == ClockChange::Resume && p.kind == ProposalKind::Resume);
      if (p.state == ProposalState::Open && moot)
        must_lapse_.insert(static_cast<std::uint64_t>(id));
    }
    lapse_because_ = "the deadline change";
  }

  // The proposals table: each row where the events left its proposal.
  void check_proposals() {
    std::map<std::int64_t, ProposalRow> seen = proposals_;
    for (const ProposalRow& row : store_.proposals(game().id, false)) {
      const std::string where = "table proposals (proposal " + std::to_string(row.id) + "), field ";
      const auto it = seen.find(row.id);
      if (it == seen.end()) {
        problem(where + "id: no event made it");
        continue;
      }
      const ProposalRow& e = it->second;
      if (row.state != e.state) problem(where + "state: the events say " + state_text(e.state));
      if (row.accepted != e.accepted) problem(where + "accepted: differs from the events");
      if (row.kind != e.kind || row.proposer != e.proposer || row.sides != e.sides ||
          row.step != e.step || row.voters != e.voters || row.made_at != e.made_at)
        problem(where + "kind, proposer, sides, step, voters or made_at: differs from the events");
      if ((row.state == ProposalState::Open) == row.closed_at.has_value())
        problem(where + "closed_at: set while open, or missing once closed");
      seen.erase(it);
    }
    for (const auto& [id, p] : seen)
      problem("table proposals: no row for proposal " + std::to_string(id) + " the events made");
  }

  void check_resolved(const proto::GameEvent& e, const std::string& at) {
    lapse_all("step " + std::to_string(e.resolved().step()) + " resolved");
    const std::string what =
        at + " StepResolved (step " + std::to_string(e.resolved().step()) + ")";
    if (next_resolved_ >= expected_.size()) {
      ++next_resolved_;
      if (replay_complete_) problem(what + ": table steps has no such step");
      return;
    }
    const proto::GameEvent& want = expected_[next_resolved_++];
    const std::string diff = differing_fields(e.resolved(), want.resolved());
    if (!diff.empty()) problem(what + ", field " + diff + ": differs from the replayed step");
    if (e.at_unix() != want.at_unix()) {
      problem(what + ", field at_unix: " + std::to_string(e.at_unix()) +
              ", but the step resolved at " + std::to_string(want.at_unix()));
    }
    // What was played must be what each seat committed to, in front of everyone.
    const std::int64_t step = static_cast<std::int64_t>(want.resolved().step());
    for (const proto::RevealedOrders& o : want.resolved().orders()) {
      if (o.defaulted()) continue;
      const std::string seat = "seat " + std::to_string(o.seat());
      const auto c = commits_.find({step, static_cast<int>(o.seat())});
      if (c == commits_.end()) {
        problem(what + ": no OrdersCommitted event was pushed for the orders of " + seat);
      } else if (c->second.event.commitment() != o.commitment()) {
        problem("table events (seq " + std::to_string(c->second.seq) +
                ") OrdersCommitted, field commitment: the last commitment pushed for " + seat +
                " in step " + std::to_string(step) + " is not that of the orders played");
      } else if (!want.resolved().by_deadline() && !c->second.event.ready()) {
        problem("table events (seq " + std::to_string(c->second.seq) +
                ") OrdersCommitted, field ready: " + seat + "'s orders for step " +
                std::to_string(step) + " were played without being ready");
      }
    }
  }

  void check_events() {
    std::int64_t seq = 0;  // as numbered when pushed: 1, 2, 3 ...
    for (std::int64_t after = 0;;) {
      const auto page = store_.numbered_events_after(game().id, after);
      if (page.empty()) break;
      for (const auto& [stored_seq, payload] : page) {
        ++seq;
        after = stored_seq;
        if (stored_seq != seq) {
          problem("table events (seq " + std::to_string(stored_seq) + "), field seq: event " +
                  std::to_string(seq) + " of the game is numbered " + std::to_string(stored_seq));
        }
        proto::GameEvent e;
        if (!e.ParseFromString(payload)) {
          problem("table events (seq " + std::to_string(stored_seq) +
                  "), field payload: not a GameEvent");
          continue;
        }
        check_event(e, stored_seq);
      }
    }
    report_.events = static_cast<std::size_t>(seq);
    for (std::size_t i = admin_seen_; i < admin_applied_.size(); ++i) {
      problem("table admin_requests (request " + std::to_string(admin_applied_[i].id) +
              "): applied, but no event tells the players of it");
    }
    if (replay_complete_) {
      for (std::size_t i = next_resolved_; i < expected_.size(); ++i) {
        problem("table events: no StepResolved event for step " +
                std::to_string(expected_[i].resolved().step()));
      }
    }
    check_seats();
    if (game().status == GameStatus::Over && !over_seen_)
      problem("table events: no GameOver event");
    if (game().status == GameStatus::Running && replay_complete_) check_open_orders();
  }

  // The current step's orders: each as committed in front of everyone.
  void check_open_orders() {
    const std::int64_t step = game().step;
    for (const OrdersRow& o : store_.orders(game().id, step)) {
      check_orders_row(step, o, false);
      const std::string where = "step " + std::to_string(step) + ", table orders (seat " +
                                std::to_string(o.seat) + "), field ";
      const auto c = commits_.find({step, o.seat});
      if (c == commits_.end()) {
        problem(where + "commitment: no OrdersCommitted event was pushed for it");
      } else if (c->second.event.commitment() != hex(o.commitment)) {
        problem(where + "commitment: differs from the last one pushed (table events, seq " +
                std::to_string(c->second.seq) + ")");
      } else if (c->second.event.ready() != o.ready) {
        problem(where + "ready: differs from the last commitment pushed (table events, seq " +
                std::to_string(c->second.seq) + ")");
      }
    }
  }

  // Whether `user` sat in `seat` at `at` (the seats' history counts in
  // seconds: a message sent in the second a seat changed hands may be
  // either player's).
  bool held_then(int seat, std::int64_t user, std::int64_t at) const {
    return std::any_of(tenures_.begin(), tenures_.end(), [&](const Tenure& t) {
      return t.seat == seat && t.user_id == user && (!t.from_at || *t.from_at <= at) &&
             (!t.until_at || at <= *t.until_at);
    });
  }

  // The press: each channel numbered 1, 2, 3 ... without a gap, each message
  // sent from a seat of its channel by the user sitting in it, and what the
  // game's press setting allows.
  void check_messages() {
    const GameRow& g = game();
    for (const Audience& channel : store_.message_channels(g.id)) {
      const std::string where = "table messages (channel " + channel.text();
      if (g.press == PressMode::None)
        problem(where + "): the game was created without press");
      else if (!channel.is_public() && g.press != PressMode::Full)
        problem(where + "): a private channel in a game with public press only");
      for (PlayerId p : channel.members()) {
        if (p.value >= g.players)
          problem(where + "): seat " + std::to_string(p.value) + " does not exist");
      }
      std::int64_t expected = 1;
      for (std::int64_t after = 0;;) {
        const auto page = store_.channel_messages(g.id, channel, after, 500);
        for (const MessageRow& m : page) {
          const std::string at = where + ", number " + std::to_string(m.number) + "), field ";
          if (m.number != expected)
            problem(at + "number: message " + std::to_string(expected) +
                    " of the channel is numbered " + std::to_string(m.number));
          expected = m.number + 1;
          after = m.number;
          if (!channel.is_public() && !channel.includes(PlayerId{m.from_seat}))
            problem(at + "from_seat: seat " + std::to_string(m.from_seat) +
                    " is not in the channel");
          if (!held_then(m.from_seat, m.from_user, m.sent_at))
            problem(at + "from_user: not the user sitting in seat " + std::to_string(m.from_seat) +
                    " when it was sent (tables seats and replacements)");
          if (m.step > g.step) {
            problem(at + "step: " + std::to_string(m.step) + ", but the game is at step " +
                    std::to_string(g.step));
          }
        }
        if (page.size() < 500) break;
      }
    }
  }

  Tables& store_;
  const Registry& registry_;
  const StepCallback& on_step_;
  AuditReport report_;
  GameFacts facts_;
  std::vector<proto::GameEvent> expected_;  // the StepResolved of each verified step
  bool replay_complete_ = false;            // every step replayed and verified
  std::optional<std::int64_t> last_resolved_at_;
  std::size_t next_resolved_ = 0;  // StepResolved events seen so far
  bool over_seen_ = false;
  std::map<std::pair<std::int64_t, int>, Commit> commits_;  // the last per (step, seat)
  std::unique_ptr<State> last_state_;              // after the last step, once the replay verified
  std::vector<bool> resigned_now_;                 // seats resigned so far in the events
  std::vector<int> missed_;                        // each seat's missed deadlines so far
  std::map<int, std::int64_t> holder_;             // who sits in each seat so far
  std::vector<ReplacementRow> changes_;            // table replacements
  std::size_t changes_seen_ = 0;                   // of them, told of by events so far
  std::map<int, std::int64_t> computer_now_;       // the seats the computer plays so far: its play
  std::size_t computer_told_ = 0;                  // ComputerSeat events that began a play
  std::vector<Tenure> tenures_;                    // the seats' history
  std::map<std::int64_t, std::string> names_;      // users' names, as read
  std::map<std::int64_t, ProposalRow> proposals_;  // as the events left each
  std::int64_t proposals_made_ = 0;
  std::set<std::uint64_t> must_lapse_;  // open proposals that must lapse next
  std::string lapse_because_;
  std::optional<AgreedEnd> agreed_;  // the players ended the game by agreement
  StepClock clock_;                  // the current step's deadline, as the events make it
  bool clock_known_ = false;         // the game's start was seen
  std::vector<AdminRequestRow> admin_applied_;  // the administrator's, for this game
  std::size_t admin_seen_ = 0;                  // of them, told of by events so far
  std::set<std::int64_t> clock_proposals_used_;
};

}  // namespace

AuditReport audit_game(Tables& store, const Registry& registry, std::int64_t game_id,
                       const StepCallback& on_step) {
  return Audit(store, registry, game_id, on_step).run();
}

}  // namespace naumachia::server
