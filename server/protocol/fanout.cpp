#include "protocol/fanout.h"

#include <google/protobuf/io/coded_stream.h>

#include <array>

namespace naumachia::server {

namespace {

bool has_restricted_part(const proto::GameEvent& e) {
  if (!e.has_resolved()) return false;
  for (const auto& h : e.resolved().happenings()) {
    if (h.restricted()) return true;
  }
  for (const auto& o : e.resolved().orders()) {
    if (o.restricted()) return true;
  }
  return false;
}

// A push's frame: `fill` puts what it carries in the envelope.
template <class Fill>
SharedFrame push_frame(Fill&& fill) {
  proto::Envelope env;
  env.set_version(proto::PROTOCOL_VERSION);
  fill(env);
  return std::make_shared<const std::string>(env.SerializeAsString());
}

SharedFrame frame_of(const proto::PressMessage& m) {
  return push_frame([&](proto::Envelope& env) { *env.mutable_press_message() = m; });
}

}  // namespace

// The envelope's version, then its field `event` (tag, length, the bytes), as
// the envelope encodes them.
SharedFrame event_frame(const std::string& event) {
  using google::protobuf::io::CodedOutputStream;
  proto::Envelope head;
  head.set_version(proto::PROTOCOL_VERSION);
  std::array<std::uint8_t, 10> field{};
  std::uint8_t* end = CodedOutputStream::WriteVarint32ToArray(
      (static_cast<std::uint32_t>(proto::Envelope::kEventFieldNumber) << 3) | 2u, field.data());
  end = CodedOutputStream::WriteVarint32ToArray(static_cast<std::uint32_t>(event.size()), end);
  std::string frame;
  frame.reserve(head.ByteSizeLong() + static_cast<std::size_t>(end - field.data()) + event.size());
  head.AppendToString(&frame);
  frame.append(reinterpret_cast<const char*>(field.data()),
               static_cast<std::size_t>(end - field.data()));
  frame.append(event);
  return std::make_shared<const std::string>(std::move(frame));
}

void Fanout::add(std::int64_t user_id, const std::shared_ptr<Outbox>& outbox) {
  if (!outbox) return;
  outboxes_.emplace(user_id, outbox);
  // A connection signing in anew watches nothing until it asks.
  watching_new_games_.erase(outbox.get());
}

void Fanout::remove(const std::shared_ptr<Outbox>& outbox) {
  for (auto it = outboxes_.begin(); it != outboxes_.end();) {
    auto locked = it->second.lock();
    if (!locked || locked == outbox) {
      watching_new_games_.erase(locked ? locked.get() : outbox.get());
      it = outboxes_.erase(it);
    } else {
      ++it;
    }
  }
}

void Fanout::watch_new_games(const Outbox* outbox) {
  for (const auto& entry : outboxes_) {
    if (auto o = entry.second.lock(); o && o.get() == outbox) {
      watching_new_games_.insert(outbox);
      return;
    }
  }
}

void Fanout::push_new_game(const SummaryFor& summary_for, const Outbox* requester) const {
  if (watching_new_games_.empty()) return;
  // One frame per user, for all their watching connections.
  std::map<std::int64_t, SharedFrame> frames;
  for (const auto& entry : outboxes_) {
    auto o = entry.second.lock();
    if (!o || o.get() == requester || !watching_new_games_.count(o.get())) continue;
    const std::int64_t user = entry.first;
    auto& frame = frames[user];
    if (!frame) {
      frame =
          push_frame([&](proto::Envelope& env) { summary_for(user, *env.mutable_game_made()); });
    }
    o->send_shared(frame);
  }
}

bool Fanout::connected(std::int64_t user_id) const {
  return outboxes_.count(user_id) > 0;
}

void Fanout::deliver(const std::vector<Reader>& readers, const FrameFor& frame_for,
                     const Outbox* skip) const {
  for (const Reader& r : readers) {
    auto [lo, hi] = outboxes_.equal_range(r.user_id);
    if (lo == hi) continue;
    const auto frame = frame_for(r.viewer);
    if (!frame) continue;
    for (auto it = lo; it != hi; ++it) {
      auto o = it->second.lock();
      if (o && o.get() != skip) o->send_shared(frame);
    }
  }
}

void Fanout::push(const std::vector<proto::GameEvent>& events, const std::vector<Reader>& readers,
                  const Outbox* requester, std::uint64_t answered,
                  const std::vector<std::string>* encoded) const {
  for (std::size_t i = 0; i < events.size(); ++i) {
    const proto::GameEvent& e = events[i];
    // An event with no restricted part is encoded once for everybody, once
    // somebody connected reads it.
    const bool whole = !has_restricted_part(e);
    SharedFrame shared;
    deliver(
        readers,
        [&](const Viewer& viewer) {
          if (!whole) return event_frame(visible_part(e, viewer).SerializeAsString());
          if (!shared && encoded && i < encoded->size()) shared = event_frame((*encoded)[i]);
          if (!shared) shared = event_frame(e.SerializeAsString());
          return shared;
        },
        answered && e.seq() == answered ? requester : nullptr);
  }
}

void Fanout::push(const proto::PressMessage& message, const std::vector<Reader>& readers,
                  const Outbox* requester) const {
  const auto frame = frame_of(message);
  deliver(
      readers,
      [&](const Viewer& viewer) { return may_read_press(viewer, message) ? frame : SharedFrame(); },
      requester);
}

}  // namespace naumachia::server
