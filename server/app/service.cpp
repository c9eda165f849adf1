#include "app/service.h"

#include <boost/asio/post.hpp>

#include "base/background.h"
#include "base/log.h"
#include "convert.h"
#include "protocol/figures.h"
#include "records/replay.h"
#include "svg.h"

namespace naumachia::server {

namespace net = boost::asio;

Service::Service(net::io_context& ioc, const std::string& db_path, const Registry& registry,
                 Clock clock, ServiceLimits limits, ComputerPlayers players)
    : db_path_(db_path),
      registry_(registry),
      clock_(std::move(clock)),
      limits_(limits),
      strand_(net::make_strand(ioc)),
      reader_db_(db_path),
      reader_(reader_db_),
      writer_(db_path, strand_, limits.max_database_bytes, &figures_->commits),
      hashing_("password checks", limits.hashing),
      replays_("replays", limits.replays),
      computer_("the computer's orders", limits.computer),
      computer_players_(std::move(players)),
      send_budget_(limits.sends),
      expensive_(KeyedSlots::make(limits.expensive_per_user)),
      courier_(limits_.notify.deliver ? std::make_unique<Courier>(db_path, limits_.notify, clock_,
                                                                  &figures_->notices_waiting)
                                      : nullptr),
      coordinator_(
          reader_, writer_, registry, fanout_, send_budget_, clock_, limits.games, limits.notify,
          [this] { notices_queued(); },
          ComputerRunner{&computer_, &computer_players_, limits.computer_play,
                         [this](std::function<void()> f) { net::post(strand_, std::move(f)); }}),
      press_(
          reader_, writer_, fanout_, [this](std::int64_t id) { return coordinator_.facts(id); },
          send_budget_, clock_, limits.press, [this] { notices_queued(); }),
      notice_settings_(reader_, writer_, send_budget_, clock_, limits_.notify,
                       [this] { notices_queued(); }),
      auth_(reader_, writer_, fanout_, hashing_, strand_, clock_, limits.auth),
      ticker_(strand_) {
  figures_->notices_counted = courier_ != nullptr;
  if (reader_db_.engine() != Engine::postgresql) return;
  // Several servers may share a PostgreSQL database (docs/scaling.md): each
  // tells the others what it changed and hears what they did.
  cluster_.emplace();
  coordinator_.tell_other_servers(&*cluster_);
  press_.tell_other_servers(&*cluster_);
  send_budget_.share(&shared_buckets_, "send");
  auth_.share_throttles(&shared_buckets_);
  listener_ = std::make_unique<PostgresqlListener>(
      db_path_, kClusterChannel,
      [this](std::string payload) {
        net::post(strand_, [this, payload = std::move(payload)] { news(payload); });
      },
      [this] { net::post(strand_, [this] { coordinator_.forget_copies(); }); });
}

void Service::news(const std::string& payload) {
  const auto n = ClusterLink::parse(payload);
  if (!n || n->node == cluster_->node()) return;
  logging_failure("news from server " + n->node, [&] {
    switch (n->kind) {
      case ClusterNews::Kind::game_changed:
        return coordinator_.changed_elsewhere(*n);
      case ClusterNews::Kind::message_sent:
        return press_.sent_elsewhere(n->id);
      case ClusterNews::Kind::game_created:
        return coordinator_.created_elsewhere(n->id);
    }
  });
}

void Service::keep_clock(bool keep) {
  net::post(strand_, [this, keep] {
    if (keep == keeps_clock_ && clock_told_) return;
    clock_told_ = true;
    keeps_clock_ = keep;
    log_line(keep ? "this server keeps the games' clock (deadlines, reminders, the "
                    "administrator's requests)"
                  : "another server keeps the games' clock");
    if (keep) coordinator_.clock_taken();
  });
}

Service::~Service() {
  listener_.reset();
  // The computer thinks again for its seats when the server starts again.
  computer_.stop(WorkQueue::Waiting::drop);
  hashing_.stop();
  replays_.stop();
  writer_.flush();
}

void Service::handle(ConnectionState& conn, std::shared_ptr<Outbox> outbox,
                     proto::Envelope request) {
  auto handle_it = [this, &conn, outbox = std::move(outbox),
                    in = std::make_shared<const proto::Envelope>(std::move(request))] {
    auto reply = std::make_shared<Reply>(in->request_id(), outbox);
    // A change another server beat to the game is made again from the start
    // (Coordinator::commit), on the strand where the conflict is met.
    reply->handle_again_by([this, &conn, outbox, in](const ReplyPtr& again) {
      guarded(again, [&] { dispatch(conn, outbox, *in, again); });
    });
    reply->count_in(figures_.get(), request_kind(*in));
    guarded(reply, [&] { dispatch(conn, outbox, *in, reply); });
    // A request may read a game into memory, or (evicting) drop one.
    figures_->games_in_memory.set(static_cast<std::int64_t>(coordinator_.cached_games()));
  };
  // On a server of one thread the connection's work runs on this strand too,
  // and the request is handled at once, without a hop; else it is queued on
  // the strand (never run there from the connection's thread, which would
  // run whatever else waits on the strand there too).
  if (strand_.running_in_this_thread()) {
    handle_it();
  } else {
    net::post(strand_, std::move(handle_it));
  }
}

void Service::disconnect(ConnectionState& conn, std::shared_ptr<Outbox> outbox) {
  net::post(strand_, [this, &conn, outbox = std::move(outbox)] {
    auth_.forget(conn);
    fanout_.remove(outbox);
  });
}

void Service::check_deadlines() {
  net::post(strand_, [this] { deadlines_due(); });
}

void Service::deadlines_due() {
  // The administrator's requests first: a pause asked for a game whose
  // deadline passes this second holds it.
  // A database that does not answer (a PostgreSQL server restarting, or
  // refusing the server) fails this second's reading, not the server: the
  // next second tries again, and the health check says not ready meanwhile.
  try {
    if (keeps_clock_) {
      coordinator_.apply_admin_requests();
      coordinator_.check_deadlines();
    } else {
      // Another server keeps the clock: this one still says whether its
      // database answers (the health check).
      reader_db_.prepare("SELECT 1").run();
    }
    // Every server signs out its own connections whose sessions expired.
    const std::int64_t now = clock_();
    if (now - last_session_sweep_ >= limits_.session_sweep_seconds) {
      last_session_sweep_ = now;
      auth_.expire_sessions();
      if (cluster_ && keeps_clock_) shared_buckets_.sweep();
    }
    if (!database_answers_.exchange(true)) log_line("the database answers again");
  } catch (const DbError& e) {
    if (database_answers_.exchange(false))
      log_line(std::string("the database does not answer: ") + e.what());
  }
}

void Service::start() {
  net::post(strand_, [this] {
    if (ticking_) return;
    ticking_ = true;
    clock_running_ = true;
    tick();
  });
}

void Service::stop() {
  net::post(strand_, [this] {
    ticking_ = false;
    clock_running_ = false;
    ticker_.cancel();
  });
}

void Service::tick() {
  deadlines_due();
  // The clock's work, and a failed write's, change the games in memory too.
  figures_->games_in_memory.set(static_cast<std::int64_t>(coordinator_.cached_games()));
  ticker_.expires_after(std::chrono::seconds(1));
  ticker_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec && ticking_) tick();
  });
}

void Service::flush() {
  writer_.flush();
}

void Service::notices_queued() {
  if (courier_) courier_->poke();
}

void Service::list_scenarios(proto::Envelope& out) const {
  auto& list = *out.mutable_scenarios();
  for (const Game* game : registry_.games()) {
    for (const ScenarioInfo& s : game->scenarios()) {
      proto::Scenario& p = *list.add_scenarios();
      p.set_id(game->id() + "/" + s.id);
      p.set_title(s.title);
      p.set_description(s.description);
      for (const std::string& side : s.sides) p.add_sides(side);
      p.set_min_players(static_cast<std::uint32_t>(s.min_players));
      p.set_max_players(static_cast<std::uint32_t>(s.max_players));
      p.set_rules_version(static_cast<std::uint32_t>(game->rules_version().value));
      for (int n = s.min_players; n <= s.max_players; ++n) {
        proto::ScenarioSeating& seating = *p.add_seatings();
        seating.set_players(static_cast<std::uint32_t>(n));
        for (const std::string& seat : game->seating(s, n).seat_names) seating.add_seats(seat);
      }
    }
  }
}

// A replay re-plays the game from its start to the end of the page asked
// for: on a worker of the replays' queue (each user in turn), with a database
// connection of its own, and the answer comes back to the strand. The steps
// before the page are played but not sent; the page ends after its number of
// steps or once they pass its size, so that no answer grows with the game.
void Service::replay(const ConnectionState& conn, const proto::ReplayRequest& r,
                     const ReplyPtr& reply) {
  const ReplayPlan plan = coordinator_.plan_replay(conn, r);
  if (plan.unplayable) throw *plan.unplayable;
  // Built on a worker; answered once the user's place in the queue is given
  // back, so that the user's next replay, asked as this one is answered,
  // finds it free.
  auto result = std::make_shared<proto::ReplayResponse>();
  auto failure = std::make_shared<std::optional<std::string>>();
  const bool queued = replays_.post(
      "user " + std::to_string(require_user(conn)),
      [this, plan, result, failure] {
        try {
          Database db(db_path_);
          Tables store(db);
          proto::ReplayResponse& rr = *result;
          int page_steps = 0;
          std::size_t page_bytes = 0;
          std::int64_t last_sent = plan.after_step;
          const auto summary = replay_game(
              store, registry_, plan.game_id,
              [&](const State& initial) {
                if (!plan.boards || plan.after_step > 0) return;
                convert::to_proto(initial.view(plan.eyes), *rr.mutable_initial());
                if (plan.pictures)
                  rr.set_initial_picture(render::render_svg(
                      rr.initial(), plan.seat_names, plan.title + ": before the first step"));
              },
              [&](const ReplayedStep& s, const State& after) {
                if (s.stored.step <= plan.after_step) return;
                proto::ReplayStep& p = *rr.add_steps();
                p.set_step(static_cast<std::uint64_t>(s.stored.step));
                p.set_label(s.stored.label);
                to_proto(s.orders, s.played.orders_audience, *p.mutable_orders());
                cut_for(plan.viewer, *p.mutable_orders());
                convert::to_proto(s.played.resolution.events, *p.mutable_happenings());
                cut_for(plan.viewer, *p.mutable_happenings());
                // The page's size counts orders and happenings: its boards,
                // two at most, are bounded by the game's board.
                page_bytes += p.ByteSizeLong();
                if (plan.boards && s.stored.step == plan.view_step) {
                  View v = after.view(plan.eyes);
                  v.arrows = after.order_arrows(readable_lines(p.orders()));
                  convert::to_proto(v, *p.mutable_view());
                  if (plan.pictures)
                    p.set_picture(render::render_svg(p.view(), plan.seat_names,
                                                     plan.title + ": after " + s.stored.label));
                }
                p.set_state_hash(hex(s.played.state_hash));
                p.set_verified(s.state_ok && s.record_ok);
                ++page_steps;
                last_sent = s.stored.step;
              },
              [&] {
                return page_steps >= plan.page_steps ||
                       (page_steps > 0 && page_bytes >= plan.page_bytes);
              });
          rr.set_all_verified(summary.ok());
          if (summary.stopped) rr.set_next_after_step(static_cast<std::uint64_t>(last_sent));
          if (summary.divergence) rr.set_divergence(*summary.divergence);
        } catch (const std::exception& e) {
          *failure = e.what();
        }
      },
      [this, result, failure, reply] {
        net::post(strand_, [result, failure, reply] {
          if (*failure) return reply->fail_internal("replay: " + **failure);
          reply->out().mutable_replay_result()->Swap(result.get());
          reply->send();
        });
      });
  if (!queued) {
    refuse(proto::RATE_LIMITED, "the server has as many " + replays_.name() +
                                    " waiting as it takes (or you have as many as each user may);"
                                    " try again in a moment");
  }
}

void Service::take_expensive_slot(const ConnectionState& conn, const proto::Envelope& in,
                                  const ReplyPtr& reply) {
  using B = proto::Envelope;
  const bool expensive =
      in.body_case() == B::kReplay || (in.body_case() == B::kGetGame && in.get_game().picture()) ||
      (in.body_case() == B::kListGames &&
       in.list_games().limit() > static_cast<std::uint32_t>(limits_.games.list_page));
  if (!expensive) return;
  const std::string key = conn.user_id ? "user " + std::to_string(*conn.user_id) : conn.peer;
  auto slot = expensive_->take(key);
  if (!slot) {
    refuse(proto::RATE_LIMITED,
           "you have " + std::to_string(expensive_->per_key()) +
               " large requests (replays, pictures, long lists) whose answers are not yet read,"
               " the server's limit; read them before asking for more");
  }
  reply->hold(std::move(slot));
}

void Service::dispatch(ConnectionState& conn, const std::shared_ptr<Outbox>& outbox,
                       const proto::Envelope& in, const ReplyPtr& reply) {
  using B = proto::Envelope;
  auth_.check_session(conn);
  take_expensive_slot(conn, in, reply);
  switch (in.body_case()) {
    case B::kLogout:
      return auth_.logout(conn, in.logout(), reply);
    case B::kSignupChallenge:
      *reply->out().mutable_challenge() = auth_.signup_challenge();
      return reply->send();
    case B::kChangePassword:
      return auth_.change_password(conn, in.change_password(), reply);
    case B::kRegister:
      return auth_.register_user(conn, outbox, in.register_(), reply);
    case B::kLogin:
      return auth_.login(conn, outbox, in.login(), reply);
    case B::kResume:
      return auth_.resume(conn, outbox, in.resume(), reply);
    case B::kListScenarios:
      list_scenarios(reply->out());
      return reply->send();
    case B::kCreateGame:
      return coordinator_.create_game(conn, in.create_game(), reply);
    case B::kListGames:
      return coordinator_.list_games(conn, in.list_games(), reply);
    case B::kJoinGame:
      return coordinator_.join_game(conn, in.join_game(), reply);
    case B::kGetGame:
      return coordinator_.get_game(conn, in.get_game(), reply);
    case B::kSubmitOrders:
      return coordinator_.submit_orders(conn, in.submit_orders(), reply);
    case B::kChoices:
      return coordinator_.choices(conn, in.choices(), reply);
    case B::kResign:
      return coordinator_.resign(conn, in.resign(), reply);
    case B::kReplay:
      return replay(conn, in.replay(), reply);
    case B::kEvents:
      return coordinator_.events(conn, in.events(), reply);
    case B::kSendPress:
      return press_.send(conn, in.send_press(), reply);
    case B::kPress:
      return press_.page(conn, in.press(), reply);
    case B::kPropose:
      return coordinator_.propose(conn, in.propose(), reply);
    case B::kAnswerProposal:
      return coordinator_.answer_proposal(conn, in.answer_proposal(), reply);
    case B::kNotify:
      return notice_settings_.handle(conn, in.notify(), reply);
    case B::kUnsubscribe:
      return notice_settings_.unsubscribe(in.unsubscribe(), reply);
    case B::kTakeSeat:
      return coordinator_.take_seat(conn, in.take_seat(), reply);
    case B::BODY_NOT_SET:
      refuse(proto::BAD_FRAME, "the envelope has no body");
    default:
      refuse(proto::BAD_FRAME, "that message is not a request");
  }
}

}  // namespace naumachia::server
