#include "notices/game_notices.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/time.h"
#include "core/text.h"
#include "durations.h"

namespace naumachia::server {

namespace {

std::string seat_name(const GameFacts& f, int seat) {
  const auto i = static_cast<std::size_t>(seat);
  return i < f.who.seat_names.size() ? f.who.seat_names[i] : "seat " + std::to_string(seat);
}

std::string seats_text(const GameFacts& f, const std::vector<PlayerId>& seats) {
  std::vector<std::string> names;
  for (PlayerId p : seats) names.push_back(seat_name(f, p.value));
  return text::listed(names, "and");
}

// "game 3 (Diplomacy: the standard game)"; the scenario's title when known.
std::string game_title(const GameFacts& f) {
  const std::string title = f.scenario.title.empty() ? f.row.full_scenario() : f.scenario.title;
  return game_label(f.row.id) + " (" + title + ")";
}

// What the step's deadline is, for a notice: when, or why there is none.
std::string deadline_text(const GameFacts& f, std::int64_t now) {
  if (f.row.paused != Pause::None) return "The game is paused.";
  if (!f.row.step_deadline) return "The step has no deadline.";
  const std::int64_t left = std::max<std::int64_t>(0, *f.row.step_deadline - now);
  return "The deadline is " + utc_text(*f.row.step_deadline) + " (in " +
         render::duration_words(left, render::Precision::TwoUnits) + ").";
}

std::vector<PlayerId> mine_to_order(const GameFacts& f, std::int64_t user) {
  const std::vector<PlayerId> must = f.to_order();
  std::vector<PlayerId> out;
  for (PlayerId p : f.controlled_seats(user)) {
    if (std::find(must.begin(), must.end(), p) != must.end()) out.push_back(p);
  }
  return out;
}

bool ready(const GameFacts& f, PlayerId seat) {
  return std::any_of(f.orders.begin(), f.orders.end(),
                     [&](const OrdersRow& o) { return o.seat == seat.value && o.ready; });
}

// The users seated in the game, each once, with whether they resigned.
std::map<std::int64_t, bool> seated_users(const GameFacts& f) {
  std::map<std::int64_t, bool> out;
  for (const SeatRow& s : f.seats) {
    auto [it, fresh] = out.emplace(s.user_id, s.resigned);
    if (!fresh) it->second = it->second && s.resigned;
  }
  return out;
}

std::string proposal_text(const proto::Proposal& p) {
  switch (p.kind()) {
    case proto::DRAW:
      return "a draw between " + text::listed({p.sides().begin(), p.sides().end()}, "and");
    case proto::CONCESSION:
      return "a concession: " + (p.sides_size() > 0 ? p.sides(0) : std::string("a side")) + " wins";
    case proto::PAUSE:
      return "to pause the game";
    case proto::RESUME:
      return "to resume the game";
    case proto::EXTENSION:
      return "to extend the deadline by " +
             render::duration_words(static_cast<std::int64_t>(p.seconds()),
                                    render::Precision::TwoUnits);
    default:
      return "a proposal";
  }
}

}  // namespace

std::string utc_text(std::int64_t unix_seconds) {
  return utc_format(unix_seconds, "%a %d %b %Y %H:%M UTC");
}

std::vector<Notice> game_notices(const GameFacts& after,
                                 const std::vector<proto::GameEvent>& events) {
  std::vector<Notice> out;
  if (events.empty()) return out;
  const std::string title = game_title(after);
  const std::int64_t now = events.back().at_unix();
  const auto users = seated_users(after);
  const auto add = [&](std::int64_t user, NoticeKind kind, std::string subject, std::string body) {
    out.push_back(Notice{user, kind, after.row.id, std::move(subject), std::move(body), false});
  };

  bool began = false;    // a step began: the game started, or a step resolved
  std::string resolved;  // the labels of the steps that resolved
  for (const proto::GameEvent& e : events) {
    if (e.has_joined()) {
      const auto& j = e.joined();
      const std::string who = j.player() + " joined " + game_label(after.row.id) + " as " +
                              seat_name(after, static_cast<int>(j.seat()));
      for (const auto& [user, resigned] : users) {
        const auto seat = after.seat_of(user);
        if (resigned || (seat && seat->seat == static_cast<int>(j.seat()))) continue;
        add(user, NoticeKind::PlayerJoined, who,
            who + " in " + title + "." +
                (j.game_started() ? " Every seat is taken: the game has begun." : ""));
      }
      began = began || j.game_started();
    } else if (e.has_resolved()) {
      began = true;
      resolved += (resolved.empty() ? "" : ", ") + e.resolved().step_label();
    } else if (e.has_proposal() && e.proposal().what() == proto::PROPOSED) {
      const proto::Proposal& p = e.proposal().proposal();
      const std::string what = proposal_text(p);
      const std::string by = seat_name(after, static_cast<int>(p.proposer()));
      for (const std::uint32_t voter : p.voters()) {
        if (voter == p.proposer()) continue;
        for (const SeatRow& s : after.seats) {
          if (s.seat != static_cast<int>(voter) || s.resigned) continue;
          add(s.user_id, NoticeKind::ProposalMade,
              game_label(after.row.id) + ": " + by + " proposes " + what,
              by + " proposes " + what + " in " + title + ", as " + seat_name(after, s.seat) +
                  " your answer is awaited: naumachia accept " + std::to_string(after.row.id) +
                  " " + std::to_string(p.id()) + ", or naumachia refuse " +
                  std::to_string(after.row.id) + " " + std::to_string(p.id()) +
                  ". It lapses when the step resolves.");
        }
      }
    } else if (e.has_deadline()) {
      const auto& d = e.deadline();
      const std::string by = d.proposal() == 0 ? "the server's administrator" : "agreement";
      std::string what;
      switch (d.change()) {
        case proto::PAUSED:
          what = "is paused by " + by;
          break;
        case proto::RESUMED:
          what = "runs again (resumed by " + by + ")";
          break;
        default:
          what = "has a later deadline (extended by " + by + ")";
          break;
      }
      for (const auto& [user, resigned] : users) {
        if (resigned || after.row.status != GameStatus::Running) continue;
        add(user, NoticeKind::DeadlineNear, game_label(after.row.id) + " " + what,
            title + " " + what + ". " + deadline_text(after, now));
      }
    }
  }

  const bool over = after.row.status == GameStatus::Over &&
                    std::any_of(events.begin(), events.end(),
                                [](const proto::GameEvent& e) { return e.has_over(); });
  if (over) {
    for (const auto& [user, resigned] : users) {
      (void)resigned;
      add(user, NoticeKind::GameEnded, game_label(after.row.id) + " is over",
          title + " is over: " + after.row.result + ".");
    }
    return out;
  }
  if (!began || after.row.status != GameStatus::Running) return out;
  for (const auto& [user, resigned] : users) {
    if (resigned) continue;
    const std::vector<PlayerId> mine = mine_to_order(after, user);
    const std::string step = after.row.step_label;
    const std::string done = resolved.empty() ? "" : resolved + " resolved. ";
    if (!mine.empty()) {
      add(user, NoticeKind::OrdersDue, game_label(after.row.id) + ": orders due for " + step,
          title + ": " + done + "Your orders for " + seats_text(after, mine) + " in " + step +
              " are due. " + deadline_text(after, now) + " See the position with naumachia show " +
              std::to_string(after.row.id) + ".");
    } else if (!resolved.empty()) {
      add(user, NoticeKind::StepResolved, game_label(after.row.id) + ": " + resolved + " resolved",
          title + ": " + done + "Now " + step + "; none of your seats orders in it.");
    }
  }
  return out;
}

std::vector<Notice> message_notices(const GameFacts& f, const MessageRow& m,
                                    const std::vector<Reader>& readers) {
  std::vector<Notice> out;
  std::set<std::int64_t> told;
  const std::string from = m.from_name + " (" + seat_name(f, m.from_seat) + ")";
  const std::string to = m.channel.is_public() ? "to everyone" : "to you";
  for (const Reader& r : readers) {
    if (r.user_id == m.from_user || !told.insert(r.user_id).second) continue;
    if (!may_read_press(r.viewer, m.channel)) continue;
    std::string body = "From " + from + " " + to + " in " + game_title(f);
    if (!m.channel.is_public()) {
      std::vector<PlayerId> others;
      for (PlayerId p : m.channel.members()) {
        if (p.value != m.from_seat) others.push_back(p);
      }
      body += " (addressed to " + seats_text(f, others) + ")";
    }
    body += ":\n\n" + m.body + "\n\nReply with naumachia say " + std::to_string(f.row.id) + ".";
    out.push_back(Notice{r.user_id, NoticeKind::MessageReceived, f.row.id,
                         game_label(f.row.id) + ": a message from " + from, std::move(body),
                         false});
  }
  return out;
}

std::vector<Notice> reminder_notices(const GameFacts& f, std::int64_t now) {
  std::vector<Notice> out;
  if (f.row.status != GameStatus::Running || !f.row.step_deadline || f.row.paused != Pause::None)
    return out;
  for (const auto& [user, resigned] : seated_users(f)) {
    if (resigned) continue;
    std::vector<PlayerId> waiting;
    for (PlayerId p : mine_to_order(f, user)) {
      if (!ready(f, p)) waiting.push_back(p);
    }
    if (waiting.empty()) continue;
    const std::int64_t left = std::max<std::int64_t>(0, *f.row.step_deadline - now);
    out.push_back(Notice{
        user, NoticeKind::DeadlineNear, f.row.id,
        game_label(f.row.id) + ": " + render::duration_words(left, render::Precision::TwoUnits) +
            " left to order for " + f.row.step_label,
        game_title(f) + ": the orders of " + seats_text(f, waiting) + " for " + f.row.step_label +
            " are not ready. " + deadline_text(f, now) +
            " At the deadline the orders last sent are played, ready or not; a seat that sent"
            " none gets its default orders.",
        false});
  }
  return out;
}

}  // namespace naumachia::server
