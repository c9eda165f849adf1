#pragma once
// What the engine says, in the protocol's words: the one place engine structs
// become protocol messages, for the server (what it sends and stores) and for
// the tools that draw a position without a server. Plain copies, field for
// field: what a reader may see is decided before this (the module's view for
// a seat) and after it (the server cuts stored events for each reader,
// server/visibility.h), never here.
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "naumachia.pb.h"

namespace naumachia::convert {

// A view: cells with their counters and edges, notes, arrows.
void to_proto(const View& v, proto::View& out);

// The module's events as stored: whole, each with its die rolls and audience.
void to_proto(const std::vector<Event>& events,
              google::protobuf::RepeatedPtrField<proto::Happening>& out);

// Orders choice by choice: a decision a seat may make, a way on from a
// partial order.
void to_proto(const Decision& d, proto::OrderDecision& out);
void to_proto(const Choice& c, proto::OrderChoice& out);

// An audience as the protocol's messages carry it: `restricted` unless it is
// public, and the seats it holds.
void set_audience(const Audience& a, bool& restricted_out,
                  google::protobuf::RepeatedField<std::uint32_t>& seats_out);

}  // namespace naumachia::convert
