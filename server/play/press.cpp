#include "play/press.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>

#include "base/text.h"
#include "facts/game_facts.h"
#include "notices/game_notices.h"
#include "notices/notice_tables.h"

namespace naumachia::server {

void to_proto(const MessageRow& m, proto::PressMessage& out) {
  out.set_game_id(static_cast<std::uint64_t>(m.game_id));
  out.set_restricted(!m.channel.is_public());
  for (PlayerId p : m.channel.members()) out.add_audience(static_cast<std::uint32_t>(p.value));
  out.set_number(static_cast<std::uint64_t>(m.number));
  out.set_from_seat(static_cast<std::uint32_t>(m.from_seat));
  out.set_from_player(m.from_name);
  out.set_text(m.body);
  out.set_at_unix(m.sent_at);
  out.set_step(static_cast<std::uint64_t>(m.step));
}

Press::Press(Tables& reader, StorageWriter& writer, Fanout& fanout, FactsOf facts,
             KeyedBuckets& send_budget, Clock clock, PressLimits limits,
             std::function<void()> notices_queued)
    : reader_(reader),
      writer_(writer),
      fanout_(fanout),
      facts_(std::move(facts)),
      send_budget_(send_budget),
      clock_(std::move(clock)),
      limits_(limits),
      notices_queued_(std::move(notices_queued)) {}

Audience Press::channel_of(const GameFacts& f, int from,
                           const google::protobuf::RepeatedField<std::uint32_t>& to) const {
  if (to.empty()) return Audience::everyone();
  if (f.row.press != PressMode::Full) {
    refuse(proto::PRESS_NOT_ALLOWED,
           game_label(f.row.id) + " allows public messages only: send it without addressees");
  }
  std::vector<PlayerId> seats{PlayerId{from}};
  for (std::uint32_t s : to) {
    const int seat = existing_seat(f, s);
    if (seat == from) {
      refuse(proto::INVALID_ARGUMENT,
             "you sit in " + seat_label(f, seat) + ": address the message to other seats");
    }
    const auto taken = std::find_if(f.seats.begin(), f.seats.end(),
                                    [seat](const SeatRow& r) { return r.seat == seat; });
    if (taken == f.seats.end())
      refuse(proto::INVALID_ARGUMENT, "nobody sits in " + seat_label(f, seat) + " yet");
    if (taken->resigned) {
      refuse(proto::INVALID_ARGUMENT,
             seat_label(f, seat) + " has resigned; press goes to players still in the game");
    }
    seats.push_back(PlayerId{seat});
  }
  return Audience::seats(std::move(seats));
}

void Press::check_text(const std::string& text) const {
  if (text.size() > limits_.max_text) {
    refuse(proto::TOO_LARGE, "the message has " + std::to_string(text.size()) +
                                 " bytes; a message has at most " +
                                 std::to_string(limits_.max_text));
  }
  if (const auto where = control_character(text, true)) {
    refuse(proto::INVALID_ARGUMENT, "the message holds a control character (" + *where +
                                        "); only newlines and tabs are allowed");
  }
  if (text.find_first_not_of(" \t\n") == std::string::npos)
    refuse(proto::INVALID_ARGUMENT, "the message is empty");
}

void Press::send(const ConnectionState& conn, const proto::SendPressRequest& r,
                 const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GameFacts f = facts_(static_cast<std::int64_t>(r.game_id()));
  const std::string game = game_label(f.row.id);
  const auto mine = f.seat_of(user);
  if (!mine) refuse(proto::FORBIDDEN, "you do not sit in " + game + "; its press is its players'");
  if (mine->resigned) refuse(proto::FORBIDDEN, "you resigned from " + game);
  if (f.row.status == GameStatus::Over)
    refuse(proto::GAME_NOT_RUNNING, game + " is over; its press is closed");
  if (f.row.press == PressMode::None)
    refuse(proto::PRESS_NOT_ALLOWED, game + " was created without press (gunboat)");
  MessageRow m;
  m.game_id = f.row.id;
  m.channel = channel_of(f, mine->seat, r.to_seats());
  check_text(r.text());
  take_send_budget(send_budget_, user, "messages and proposals");
  m.from_seat = mine->seat;
  m.from_user = user;
  m.from_name = conn.user_name;
  m.step = f.row.status == GameStatus::Running ? f.row.step : 0;
  m.sent_at = clock_();
  m.body = r.text();

  // Its readers who are away hear of it, in the same transaction.
  auto notices = outbox_write(message_notices(f, m, f.press_readers()), fanout_, m.sent_at);
  const bool noticed = notices != nullptr;
  // The message's number comes from its channel in the database, so it is
  // written first; the answer and the pushes follow once it is durable.
  auto stored = std::make_shared<MessageRow>(std::move(m));
  writer_.submit(
      [stored, notices = std::move(notices), cluster = cluster_](Tables& s) {
        *stored = s.insert_message(*stored);
        if (notices) notices(s);
        if (cluster) s.database().notify(kClusterChannel, cluster->message_sent(stored->id));
      },
      [this, stored, noticed, readers = f.press_readers(), reply](std::exception_ptr failure) {
        if (failure) return guarded(reply, [&] { std::rethrow_exception(failure); });
        if (noticed && notices_queued_) notices_queued_();
        const std::string kept = "your message to " + game_label(stored->game_id) + " was stored";
        guarded_after_commit(reply, kept, [&] {
          proto::PressMessage& out = *reply->out().mutable_press_sent();
          to_proto(*stored, out);
          try {
            fanout_.push(out, readers, reply->outbox());
          } catch (const std::exception&) {
            // Readers who missed it read it with a PressRequest.
          }
          reply->send();
        });
      });
}

void Press::sent_elsewhere(std::int64_t id) {
  const auto m = reader_.message(id);
  if (!m) return;  // gone with its game's history: nobody is told
  proto::PressMessage out;
  to_proto(*m, out);
  fanout_.push(out, facts_(m->game_id).press_readers());
}

void Press::page(const ConnectionState& conn, const proto::PressRequest& r, const ReplyPtr& reply) {
  const std::int64_t user = require_user(conn);
  const GameFacts f = facts_(static_cast<std::int64_t>(r.game_id()));
  if (static_cast<std::size_t>(r.after_size()) > limits_.max_cursors) {
    refuse(proto::INVALID_ARGUMENT, std::to_string(r.after_size()) +
                                        " cursors; a request names at most " +
                                        std::to_string(limits_.max_cursors) + " channels");
  }
  const Viewer viewer = f.press_viewer_of(user);
  std::map<std::string, std::int64_t> after;
  for (const proto::PressCursor& c : r.after()) {
    std::vector<PlayerId> seats;
    for (std::uint32_t s : c.audience()) seats.push_back(PlayerId{static_cast<int>(s)});
    const Audience channel =
        c.restricted() ? Audience::seats(std::move(seats)) : Audience::everyone();
    after[channel.text()] = static_cast<std::int64_t>(std::min<std::uint64_t>(
        c.after(), static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())));
  }
  std::vector<MessageRow> found;
  for (const Audience& channel : reader_.message_channels(f.row.id)) {
    if (!may_read_press(viewer, channel)) continue;
    const auto from = after.find(channel.text());
    const auto rows = reader_.channel_messages(
        f.row.id, channel, from == after.end() ? 0 : from->second, limits_.page + 1);
    found.insert(found.end(), rows.begin(), rows.end());
  }
  // The oldest first across channels; within one, a prefix of what remains.
  std::sort(found.begin(), found.end(),
            [](const MessageRow& a, const MessageRow& b) { return a.id < b.id; });
  auto& out = *reply->out().mutable_press_result();
  const auto page = static_cast<std::size_t>(limits_.page);
  out.set_more(found.size() > page);
  if (found.size() > page) found.resize(page);
  for (const MessageRow& m : found) to_proto(m, *out.add_messages());
  reply->send();
}

}  // namespace naumachia::server
