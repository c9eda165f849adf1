#pragma once
// Pushes to connected players: the outboxes of every signed-in connection by
// user, and each game event and press message cut to what its reader may see
// (records/visibility.h).
// The readers are fixed when the events are recorded; the events go out once
// they are durable, to whoever of their readers is connected then.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "naumachia.pb.h"
#include "protocol/outbox.h"
#include "records/visibility.h"

namespace naumachia::server {

// The push of an event from its encoding (GameEvent's bytes as stored), the
// same bytes as an envelope holding the event encodes to, made without a copy
// of the event or encoding it anew.
SharedFrame event_frame(const std::string& encoded_event);

class Fanout {
 public:
  void add(std::int64_t user_id, const std::shared_ptr<Outbox>& outbox);
  void remove(const std::shared_ptr<Outbox>& outbox);
  bool connected(std::int64_t user_id) const;

  // Sends `events` to every connected reader, each cut to the reader's view.
  // An event with no restricted part is encoded once for everybody, when a
  // connected reader first needs it; given `encoded` (each event's bytes as
  // stored), its frame is made of those bytes. The event numbered `answered`
  // is not pushed to `requester`: the answer to its request carries it.
  void push(const std::vector<proto::GameEvent>& events, const std::vector<Reader>& readers,
            const Outbox* requester = nullptr, std::uint64_t answered = 0,
            const std::vector<std::string>* encoded = nullptr) const;
  // Sends `message` to every connected reader who may read it, except to
  // `requester` (the answer to its request carries the message).
  void push(const proto::PressMessage& message, const std::vector<Reader>& readers,
            const Outbox* requester = nullptr) const;

  // The signed-in connection `outbox` (added) gets every game made from now
  // on (ListGamesRequest.watch), until it is removed.
  void watch_new_games(const Outbox* outbox);
  // Sends a new game to every connection watching for them but `requester`
  // (the answer to its request carries it), as its user is shown the game:
  // `summary_for` fills that.
  using SummaryFor = std::function<void(std::int64_t user_id, proto::GameSummary& out)>;
  void push_new_game(const SummaryFor& summary_for, const Outbox* requester) const;

 private:
  // A push's frame as one reader may have it; null: nothing for that reader.
  using FrameFor = std::function<SharedFrame(const Viewer&)>;
  // Sends each reader's frame to every connection of theirs but `skip`.
  void deliver(const std::vector<Reader>& readers, const FrameFor& frame_for,
               const Outbox* skip) const;

  std::multimap<std::int64_t, std::weak_ptr<Outbox>> outboxes_;  // by user id
  std::set<const Outbox*> watching_new_games_;                   // a subset of outboxes_'
};

}  // namespace naumachia::server
