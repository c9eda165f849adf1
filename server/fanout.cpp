#include "fanout.h"

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

std::shared_ptr<const std::string> frame_of(const proto::GameEvent& e) {
  proto::Envelope env;
  env.set_version(proto::PROTOCOL_VERSION);
  *env.mutable_event() = e;
  return std::make_shared<const std::string>(env.SerializeAsString());
}

}  // namespace

void Fanout::add(std::int64_t user_id, const std::shared_ptr<Outbox>& outbox) {
  if (outbox) outboxes_.emplace(user_id, outbox);
}

void Fanout::remove(const std::shared_ptr<Outbox>& outbox) {
  for (auto it = outboxes_.begin(); it != outboxes_.end();) {
    auto locked = it->second.lock();
    if (!locked || locked == outbox) {
      it = outboxes_.erase(it);
    } else {
      ++it;
    }
  }
}

bool Fanout::connected(std::int64_t user_id) const {
  return outboxes_.count(user_id) > 0;
}

void Fanout::push(const std::vector<proto::GameEvent>& events, const std::vector<Reader>& readers,
                  const Outbox* requester, std::uint64_t answered) const {
  std::vector<std::shared_ptr<const std::string>> shared(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!has_restricted_part(events[i])) shared[i] = frame_of(events[i]);
  }
  for (const Reader& r : readers) {
    auto [lo, hi] = outboxes_.equal_range(r.user_id);
    if (lo == hi) continue;
    for (std::size_t i = 0; i < events.size(); ++i) {
      const auto frame = shared[i] ? shared[i] : frame_of(visible_part(events[i], r.viewer));
      for (auto it = lo; it != hi; ++it) {
        auto o = it->second.lock();
        if (!o || (answered && events[i].seq() == answered && o.get() == requester)) continue;
        o->send(*frame);
      }
    }
  }
}

}  // namespace naumachia::server
