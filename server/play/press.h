#pragma once
// Press: the messages players of a game send each other. A message is public
// (every seat and observers) or private to the sender and chosen seats: its
// channel, which is its audience. Messages are checked against the game's
// press setting and the sender's seat, stored durably before the answer, and
// pushed and paged cut to each reader by the one rule of records/visibility.h.
// Nothing of a message's text reaches the log. Runs on the service's strand.
#include <cstdint>
#include <functional>

#include "base/throttle.h"
#include "facts/game_facts.h"
#include "protocol/codec.h"
#include "protocol/connection.h"
#include "protocol/fanout.h"
#include "storage/cluster_news.h"
#include "storage/tables.h"
#include "storage/writer.h"

namespace naumachia::server {

struct PressLimits {
  std::size_t max_text = 4000;  // bytes of one message
  int page = 200;               // messages per PressResponse
  std::size_t max_cursors = 1000;
};

// A stored message as the protocol carries it.
void to_proto(const MessageRow& m, proto::PressMessage& out);

class Press {
 public:
  using Clock = std::function<std::int64_t()>;
  // A game's facts for reading (the coordinator's: from memory when the game
  // is live); NOT_FOUND when there is no such game.
  using FactsOf = std::function<GameFacts(std::int64_t game_id)>;

  // `notices_queued` runs when a message put notices in the outbox.
  Press(Tables& reader, StorageWriter& writer, Fanout& fanout, FactsOf facts,
        KeyedBuckets& send_budget, Clock clock, PressLimits limits = {},
        std::function<void()> notices_queued = nullptr);

  void send(const ConnectionState& conn, const proto::SendPressRequest& r, const ReplyPtr& reply);
  void page(const ConnectionState& conn, const proto::PressRequest& r, const ReplyPtr& reply);

  // Several servers on one database (docs/scaling.md): messages stored here
  // are told to the others through `link`.
  void tell_other_servers(const ClusterLink* link) { cluster_ = link; }
  // Another server stored message `id`: it goes to its readers connected here.
  void sent_elsewhere(std::int64_t id);

 private:
  // The channel of a message from `from` to `to` (empty: public), every
  // addressee checked against the game.
  Audience channel_of(const GameFacts& f, int from,
                      const google::protobuf::RepeatedField<std::uint32_t>& to) const;
  void check_text(const std::string& text) const;

  Tables& reader_;
  StorageWriter& writer_;
  Fanout& fanout_;
  FactsOf facts_;
  KeyedBuckets& send_budget_;
  Clock clock_;
  PressLimits limits_;
  std::function<void()> notices_queued_;
  const ClusterLink* cluster_ = nullptr;
};

}  // namespace naumachia::server
