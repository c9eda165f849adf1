#pragma once
// Several servers on one PostgreSQL database (docs/scaling.md) tell each
// other what changed through the database itself: a NOTIFY on one channel,
// sent in the transaction that stores the change, so that it arrives once the
// change is durable, and never for a change that was undone. Each server
// LISTENs (storage/postgresql_listener.h) and acts on the others' news: it
// drops its copy of a game changed elsewhere, and pushes the change's events
// and messages to its own connected readers, cut as ever to what each may see.
// The news carries numbers only: every reader reads the rest from the
// database, so that nothing secret travels in a notification.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace naumachia::server {

inline constexpr const char* kClusterChannel = "naumachia";

struct ClusterNews {
  enum class Kind {
    game_changed,  // `id` is now at `version`; its events `first_seq`..`last_seq` are new
    message_sent,  // press message `id` was stored
    game_created,  // game `id` was made (for those who watch for new games)
  };
  std::string node;  // the server that sent it
  Kind kind = Kind::game_changed;
  std::int64_t id = 0;
  std::int64_t version = 0;
  std::int64_t first_seq = 0;  // 0: no event
  std::int64_t last_seq = 0;
};

// One server's side of the channel: its name among the servers, and the
// news it sends, as payloads for Database::notify.
class ClusterLink {
 public:
  // A name no other server has: random, made at start.
  ClusterLink();
  explicit ClusterLink(std::string node) : node_(std::move(node)) {}
  const std::string& node() const { return node_; }

  std::string game_changed(std::int64_t id, std::int64_t version, std::int64_t first_seq,
                           std::int64_t last_seq) const;
  std::string message_sent(std::int64_t message_id) const;
  std::string game_created(std::int64_t id) const;

  // The news a payload holds; none when it is not news of this kind (a
  // payload another program sent on the channel is ignored, not trusted).
  static std::optional<ClusterNews> parse(std::string_view payload);

 private:
  std::string node_;
};

}  // namespace naumachia::server
