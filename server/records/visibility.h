#pragma once
// What a reader of a game may see, in one place. Every event a module makes,
// every seat's revealed orders and every message of the game's press carry an
// audience; the server stores them whole and cuts each frame to its reader
// here: pushes, event and press pages and replays alike. Once the game is over
// everything is declassified (press too, unless the game keeps it private).
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "naumachia.pb.h"
#include "records/step.h"

namespace naumachia::server {

struct Viewer {
  bool everything = false;      // the game is over (or the reader is the admin)
  std::vector<PlayerId> seats;  // the seats whose information the reader holds; none: an observer

  static Viewer all() { return Viewer{true, {}}; }
  bool may_read(const Audience& audience) const;
  bool may_read(bool restricted,
                const google::protobuf::RepeatedField<std::uint32_t>& audience) const;
};

// A reader of a game's events: a user and what they may see.
struct Reader {
  std::int64_t user_id = 0;
  Viewer viewer;
};

// The played orders as stored: whole, with audiences (the module's events:
// convert/convert.h).
void to_proto(const std::vector<SeatOrders>& orders, const std::vector<Audience>& audiences,
              google::protobuf::RepeatedPtrField<proto::RevealedOrders>& out);

// The part of a stored event `viewer` may see: happenings outside its reach
// are dropped, orders outside it withheld (lines and nonce removed).
proto::GameEvent visible_part(const proto::GameEvent& stored, const Viewer& viewer);
void cut_for(const Viewer& viewer,
             google::protobuf::RepeatedPtrField<proto::Happening>& happenings);
void cut_for(const Viewer& viewer,
             google::protobuf::RepeatedPtrField<proto::RevealedOrders>& orders);
// The lines of orders already cut for a reader, by seat (withheld ones left out).
RevealedLines readable_lines(const google::protobuf::RepeatedPtrField<proto::RevealedOrders>& cut);

// A message of the game's press is read whole or not at all: whether `viewer`
// may read one of `channel`.
bool may_read_press(const Viewer& viewer, const Audience& channel);
bool may_read_press(const Viewer& viewer, const proto::PressMessage& message);

}  // namespace naumachia::server
